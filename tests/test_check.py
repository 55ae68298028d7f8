"""Each invalid fixture yields its problem code at the line and column its header states."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.project import load

from .conftest import FIXTURES, ROOT
from .fixture_header import place, read_header

INVALID = sorted((FIXTURES / "invalid").glob("*.yaml")) + sorted((FIXTURES / "warnings").glob("*.yaml"))


def expectations(path: Path) -> tuple[str, list[tuple[int, int, str]]]:
    header = read_header(path)
    return header.file, header.expected


def drop(project: Path, fixture: Path) -> Path:
    return place(project, fixture)


def test_minimal_project_is_clean(minimal):
    project, problems = load(minimal)
    assert project is not None
    assert list(problems) == []


def test_every_invalid_fixture_names_its_own_code():
    # One fixture per code: the file name is the code it demonstrates.
    for fixture in INVALID:
        _, expected = expectations(fixture)
        assert expected, f"{fixture.name} has no '# expect:' header"
        assert {code for _, _, code in expected} == {fixture.stem}, fixture.name


def located(minimal, fixture):
    """The fixture's expected (line, column, code) items, what loading it found in its file, and every problem."""
    target, expected = expectations(fixture)
    drop(minimal, fixture)
    _, problems = load(minimal)
    return expected, {(p.line, p.column, p.code) for p in problems if p.file == target}, problems


@pytest.mark.parametrize("fixture", INVALID, ids=lambda p: p.stem)
def test_invalid_fixture_reports_code_at_line_and_column(minimal, fixture):
    expected, found, problems = located(minimal, fixture)
    for item in expected:
        assert item in found, f"expected {item} in {sorted(found)}"
    assert {p.level for p in problems} == {read_header(fixture).level}
    # The fixture demonstrates one kind of mistake: nothing else may be reported.
    assert {p.code for p in problems} == {fixture.stem}, [p.format_text() for p in problems]


def test_all_problems_are_reported_at_once(minimal):
    page = minimal / "rules_data" / "pages" / "alpha.yaml"
    text = page.read_text()
    text = text.replace("{fn:ruling}", "{fn:nowhere}").replace("categories: [checked]", "categories: [lost]")
    page.write_text(text)
    _, problems = load(minimal)
    codes = sorted(p.code for p in problems)
    assert codes == ["unknown-category", "unknown-footnote", "unused-footnote"]


def test_cli_check_output_format_and_exit_codes(minimal):
    ok = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check"],
                        capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    drop(minimal, FIXTURES / "invalid" / "unknown-footnote.yaml")
    bad = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1
    assert "rules_data/pages/beta.yaml:12:41: error [unknown-footnote] unknown footnote 'nowhere'" in bad.stderr
    assert "Traceback" not in bad.stderr
    github = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check", "--format", "github"],
                            capture_output=True, text=True, cwd=ROOT)
    assert "::error file=rules_data/pages/beta.yaml,line=12,col=41::[unknown-footnote]" in github.stderr


def test_problems_are_sorted_by_file_line_and_column(minimal):
    drop(minimal, FIXTURES / "invalid" / "duplicate-id.yaml")
    drop(minimal, FIXTURES / "invalid" / "unknown-unit.yaml")
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check"],
                            capture_output=True, text=True, cwd=ROOT)
    lines = [line for line in result.stderr.splitlines() if ": error [" in line]
    keys = [(line.split(":")[0], int(line.split(":")[1]), int(line.split(":")[2])) for line in lines]
    assert keys == sorted(keys) and len(keys) == 2


def _yaml(name: str) -> dict:
    return yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))


def _cascades() -> list[tuple[str, str, str, str]]:
    """One mistake in each file others depend on, found in the data rather than named: a
    target language's name, the first section id of the page a worked example names, that
    example's page, the last scoring variant's id, the first tile id of a catalogue file."""
    language = next(lang for lang in _yaml("rules_data/site.yaml")["languages"] if not lang.get("source"))
    example_file = sorted((ROOT / "examples").glob("*.yaml"))[0]
    example = _yaml(f"examples/{example_file.name}")
    page = f"rules_data/pages/{example['page']}.yaml"
    tiles = sorted((ROOT / "rules_data" / "tiles").glob("*.yaml"))[0].name
    return [
        ("rules_data/site.yaml", f"english_name: {language['english_name']}", "english_name: no", "bad-type"),
        (page, f"- id: {_yaml(page)['sections'][0]['id']}", "- id: ../../etc/passwd", "bad-id"),
        (f"examples/{example_file.name}", f"page: {example['page']}", "page: yes", "bad-type"),
        ("rules_data/rulesets.yaml", f"- id: {_yaml('rules_data/rulesets.yaml')['rulesets'][-1]['id']}", "- id: off",
         "bad-type"),
        (f"rules_data/tiles/{tiles}", f"- id: {_yaml(f'rules_data/tiles/{tiles}')['tiles'][0]['id']}", "- id: yes",
         "bad-type"),
        ("rules_data/ui.yaml", 'list.separator: ", "', "list.separator: on", "bad-type"),
    ]


# One mistake in a file others depend on: (file, text of a line, what it becomes, code). The
# file's own problem, at that line and the new value, is the only one: nothing that names or
# reads the file adds more.
CASCADES = _cascades()


@pytest.mark.parametrize("name, old, new, code", CASCADES, ids=[c[0].rsplit("/", 1)[1] for c in CASCADES])
def test_a_broken_file_gives_its_own_problem_and_no_false_ones_elsewhere(tmp_path, name, old, new, code):
    project = tmp_path / "project"
    for folder in ("rules_data", "examples", "content"):
        shutil.copytree(ROOT / folder, project / folder)
    path = project / name
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip() == old or line.strip().startswith(old + " "))
    lines[number] = lines[number].replace(old, new, 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    _, problems = load(project)
    errors = [p for p in problems if p.level == "error"]
    assert [(p.file, p.code) for p in errors] == [(name, code)], errors
    value = new.split(": ", 1)[1]
    assert (errors[0].line, errors[0].column) == (number + 1, lines[number].index(value) + 1)


def test_a_publisher_id_that_is_the_list_of_publishers_is_refused(minimal):
    site = minimal / "rules_data" / "site.yaml"
    text = site.read_text(encoding="utf-8")
    anchor = "  - {id: hig, name: Hans im Glück, country: DE}\n"
    assert anchor in text
    site.write_text(text.replace(anchor, anchor + "  - {id: index, name: Nobody, country: DE}\n"), encoding="utf-8")
    line = text[:text.index(anchor)].count("\n") + 2  # the line after the anchor
    _, problems = load(minimal)
    found = [(p.line, p.column) for p in problems if p.code == "reserved-id"]
    assert found == [(line, 10)]
