"""The wiki lint's registry of checks (generator/wiki/checks/) and the ``wiki-lint`` command line.

The registry is the one list of checks: the problem codes, the ``--help`` text and the
guide's table must name the same ones, with the same levels and words. The command line
takes options and files in any order, and runs outside a project folder, without the
project's languages and terms, saying so once.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import build_parser
from generator.core.codes import CODES

from .conftest import FIXTURES, ROOT

WIKI = FIXTURES / "wiki"
GUIDE = ROOT / "content" / "en" / "moving-a-wiki.md"
NOTE = "no project found"


def _rulesite(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd)


def _checks() -> list[tuple[str, str, str]]:
    from generator.wiki.checks import CHECKS

    return [(check.id, check.level, check.description) for check in CHECKS.values()]


# ---------------------------------------------------------------- one registry, read everywhere

def test_every_check_is_a_registered_problem_code_at_its_level():
    checks = _checks()
    assert len(checks) >= 10 and len({id_ for id_, _, _ in checks}) == len(checks)
    # A check makes its code at its one level, and the registry of codes says the same.
    assert {id_: (level,) for id_, level, _ in checks} == {id_: tuple(CODES[id_].levels) if id_ in CODES else None
                                                          for id_, _, _ in checks}


def test_each_check_module_is_named_after_its_code():
    from generator.wiki.checks import CHECKS

    assert [check.run.__module__.rpartition(".")[2] for check in CHECKS.values()] == \
        [id_.replace("-", "_") for id_ in CHECKS]


def test_every_check_has_its_fixture():
    assert [id_ for id_, _, _ in _checks() if not (WIKI / f"{id_}.wiki").is_file()] == []


def _help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["wiki-lint", "--help"])
    return capsys.readouterr().out


def test_the_help_lists_every_check_with_its_level_and_description(capsys):
    text = _help(capsys)
    listed = re.findall(r"^  ([a-z]+(?:-[a-z]+)+) \((error|warning)\)$", text, re.MULTILINE)
    assert listed == [(id_, level) for id_, level, _ in _checks()]
    flat = " ".join(text.split())
    assert [description for _, _, description in _checks() if description not in flat] == []


def _guide_rows() -> list[tuple[str, str, str]]:
    """The rows of the guide's table of checks (the one whose header starts ``| Check | Level |``)."""
    lines = GUIDE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.replace(" ", "").startswith("|Check|Level|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        rows.append((cells[0].strip("`"), cells[1], cells[2]))
    return rows


def test_the_guide_lists_every_check_with_its_level_and_description():
    expected = _checks()
    missing = "\n".join(f"| `{i}` | {level} | {text} |" for i, level, text in expected if (i, level, text) not in
                        _guide_rows())
    assert _guide_rows() == expected, f"the table in {GUIDE.name} should read, in this order:\n{missing}"


# ---------------------------------------------------------------- options and files in any order

@pytest.mark.parametrize("argv, files", [
    pytest.param(["wiki-lint", "a.wiki", "--format", "json", "b.wiki", "--strict", "c.wiki"], ["a.wiki", "b.wiki", "c.wiki"],
                 id="wiki-lint"),
    pytest.param(["import", "wiki", "a.txt", "--force", "b.txt", "--title", "T", "c.txt"], ["a.txt", "b.txt", "c.txt"],
                 id="import-wiki"),
])
def test_files_may_stand_before_between_and_after_options(argv, files):
    args = build_parser().parse_args(argv)
    assert [str(path) for path in args.files] == files
    if argv[0] == "wiki-lint":
        assert (args.format, args.strict) == ("json", True)
    else:
        assert (args.force, args.title) == (True, "T")


def test_the_command_reads_every_file_wherever_its_options_stand():
    gap, clean, dutch = (str(WIKI / name) for name in ("numbering-gap.wiki", "clean.wiki", "clean.nl.wiki"))
    run = _rulesite("--root", str(ROOT), "wiki-lint", "--lang", f"{dutch}=nl", gap, "--format", "json", clean, dutch,
                    cwd=ROOT)
    assert "unrecognized arguments" not in run.stderr and run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    assert [(Path(p["file"]).name, p["code"]) for p in report["problems"]] == [("numbering-gap.wiki", "numbering-gap")]


# ---------------------------------------------------------------- outside a project

def _outside(tmp_path: Path) -> Path:
    assert not any((folder / "rules_data" / "site.yaml").is_file() for folder in (tmp_path, *tmp_path.parents)), \
        "the temporary folder lies inside a project: this test needs one outside any"
    return tmp_path


def test_outside_a_project_the_lint_runs_and_says_once_what_it_leaves_out(tmp_path):
    where = _outside(tmp_path)
    run = _rulesite("wiki-lint", str(WIKI / "numbering-gap.wiki"), str(WIKI / "avoided-term.wiki"), cwd=where)
    assert "Traceback" not in run.stderr and "unreadable" not in run.stdout + run.stderr, run.stdout + run.stderr
    assert run.stderr.count(NOTE) == 1, run.stderr
    # The exit status is the findings': the gap is an error; the avoided word needs the termbase.
    assert run.returncode == 1
    assert [line.split()[2] for line in run.stdout.splitlines() if ": error [" in line or ": warning [" in line] \
        == ["[numbering-gap]"]


def test_outside_a_project_a_clean_page_exits_0(tmp_path):
    run = _rulesite("wiki-lint", "--format", "json", str(WIKI / "clean.wiki"), cwd=_outside(tmp_path))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["problems"] == [] and run.stderr.count(NOTE) == 1


@pytest.mark.parametrize("where", ["subfolder", "root-option"])
def test_a_project_above_the_folder_or_given_by_root_is_used(tmp_path, where):
    args = ["wiki-lint", str(WIKI / "avoided-term.wiki")]
    run = (_rulesite(*args, cwd=WIKI) if where == "subfolder"
           else _rulesite("--root", str(ROOT), *args, cwd=_outside(tmp_path)))
    assert NOTE not in run.stderr, run.stderr
    assert "[avoided-term]" in run.stdout and run.returncode == 0, run.stdout + run.stderr


def test_the_issues_own_command_line_reads_a_bare_language_code_for_every_file():
    # ``--lang nl`` before the file, ``--format`` after it: the form a new user types first.
    dutch, english = str(WIKI / "clean.nl.wiki"), str(WIKI / "clean.wiki")
    run = _rulesite("--root", str(ROOT), "wiki-lint", "--lang", "nl", dutch, "--format", "json", cwd=ROOT)
    assert run.returncode == 0 and json.loads(run.stdout)["problems"] == [], run.stdout + run.stderr
    # The code really is applied: an English page marked Dutch is caught as written in English.
    marked = _rulesite("--root", str(ROOT), "wiki-lint", "--lang", "nl", english, "--format", "json", cwd=ROOT)
    assert "wrong-language" in {p["code"] for p in json.loads(marked.stdout)["problems"]}, marked.stdout
