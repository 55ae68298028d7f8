"""Hostile input gets a located error, never a traceback or a hang; outputs stay where they belong."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.read import screen
from generator.check.interface import placeholder_problems
from generator.project import load
from generator.score.scenario import load_scenario
from generator.output.sitedir import MARKER, SiteDirError, recover, refuse_unsafe
from generator.read.source import parse

from .conftest import FIXTURES, ROOT

BOMB = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{','.join('*' + chr(97 + i) for _ in range(9))}]\n" for i in range(9))


@pytest.mark.parametrize("text, code, line, column", [
    (BOMB, "yaml-alias", 1, 4),
    ("a: &a [*a]\n", "yaml-alias", 1, 4),
    ("b: 1\na: " + "[" * 999 + "]" * 999 + "\n", "too-deep", 2, screen.MAX_DEPTH + 3),
    ("".join("  " * i + f"k{i}:\n" for i in range(999)) + "  " * 999 + "x: 1\n", "too-deep", screen.MAX_DEPTH + 1, 2 * screen.MAX_DEPTH + 1),
    ("title: ok\ntext: " + "x" * 1_000_000 + "\n", "too-long", 2, 7),
    ("count: " + "9" * 5000 + "\n", "bad-value", 1, 8),
    ("when: 2020-13-45\n", "bad-value", 1, 7),
    ("n: !!int many\n", "bad-value", 1, 4),
    ("n: !!float ''\n", "bad-value", 1, 4),
    ("n: !!omap [1]\n", "bad-value", 1, 4),
], ids=["alias-bomb", "self-alias", "deep-flow", "deep-block", "long-string", "huge-number", "bad-date", "bad-int-tag",
        "empty-float-tag", "bad-omap"])
def test_hostile_yaml_is_refused_with_a_located_error(text, code, line, column):
    source, problems = parse(text, "f.yaml")
    assert (line, column, code) in {(p.line, p.column, p.code) for p in problems}, problems
    assert source.data is None or code == "bad-value"


def test_a_file_over_the_size_limit_is_not_read():
    _, problems = parse("a: b\n" * (screen.MAX_CHARS // 5 + 1), "big.yaml")
    assert [(p.line, p.column, p.code) for p in problems] == [(1, 1, "too-large")]


def test_real_data_is_well_inside_the_limits():
    for path in sorted((ROOT / "rules_data").rglob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml")):
        _, problems = parse(path.read_text(encoding="utf-8"), str(path))
        assert problems == [], problems


@pytest.mark.parametrize("feature, code, line", [
    ("{type: field, cities: [{a: 1}], followers: {red: 1}}", "bad-type", 4),
    ("{type: city, tiles: {}, complete: true, followers: {red: 1}}", "bad-type", 4),
    ("{type: city, tiles: 3, complete: true, followers: {red: [1]}}", "bad-type", 4),
    ("{type: city, tiles: 99999999999, complete: true, followers: {red: 1}}", "bad-value", 4),
    ("{type: city, tiles: 3, complete: true, followers: {red: 1000000}}", "bad-value", 4),
])
def test_wrong_shapes_and_huge_numbers_in_a_scenario(tmp_path, feature, code, line, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(f"scoring: final\nfeatures:\n  # one feature\n  - {feature}\n", encoding="utf-8")
    doc, problems = load_scenario(path, display="s.yaml")
    assert doc is None and (line, code) in {(p.line, p.code) for p in problems}, problems
    assert cli.main(["--root", str(ROOT), "score", str(path)]) == 1
    assert capsys.readouterr().out == ""


def test_score_prints_every_total_it_computes(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("scoring: final\nfeatures:\n  - {type: city, tiles: 1000, pennants: 1000, cathedral: true, complete: true,"
                    " followers: {red: 100}}\n", encoding="utf-8")
    assert cli.main(["--root", str(ROOT), "score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["red"] > 0


@pytest.mark.parametrize("text", ["Start {}", "x{: onclick=y }", "{page:>10000000}", "{page!r}", "{page.x}", "a } b"])
def test_interface_strings_with_anything_but_plain_placeholders_are_refused(text):
    assert placeholder_problems(text)


def test_plain_placeholders_and_literal_braces_pass():
    assert placeholder_problems("Page {page} of {{many}}") == []


def _project_with(minimal: Path, edit) -> list:
    edit(minimal)
    _, problems = load(minimal)
    return [p for p in problems if p.level == "error"]


def test_a_publisher_name_with_html_is_refused(minimal):
    site = minimal / "rules_data" / "site.yaml"
    text = site.read_text(encoding="utf-8")
    import yaml

    name = yaml.safe_load(text)["publishers"][0]["name"]
    problems = _project_with(minimal, lambda _: site.write_text(
        text.replace(name, "<img src=x onerror=alert(2)>", 1), encoding="utf-8"))
    assert any(p.code == "raw-html" and p.file.endswith("site.yaml") for p in problems), problems


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and ".venv" not in p.parts}


def test_build_into_the_project_folder_is_refused_and_the_project_survives(tmp_path):
    project = tmp_path / "project"
    for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, project / name)
    before = _tree(project)
    for site_dir in (".", "..", "rules_data/out"):
        result = subprocess.run([sys.executable, "-m", "generator", "build", "--site-dir", site_dir],
                                cwd=project, capture_output=True, text=True, timeout=600)
        assert result.returncode != 0 and "refusing --site-dir" in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert _tree(project) == before


def test_an_existing_folder_not_made_by_rulesite_is_refused(tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.txt").write_text("years of work", encoding="utf-8")
    with pytest.raises(SiteDirError):
        refuse_unsafe(ROOT, precious)
    (tmp_path / "empty").mkdir()
    refuse_unsafe(ROOT, tmp_path / "empty")
    (precious / MARKER).write_text("built", encoding="utf-8")
    refuse_unsafe(ROOT, precious)  # marked by an earlier build: may be replaced


def test_a_kill_inside_the_swap_is_repaired_by_the_next_run(tmp_path):
    site = tmp_path / "site"
    old = tmp_path / ".site.old.1234abcd"
    old.mkdir()
    (old / MARKER).write_text("built", encoding="utf-8")
    (old / "index.html").write_text("previous", encoding="utf-8")
    staging = tmp_path / ".site.new.5678abcd"
    staging.mkdir()
    (staging / "half.html").write_text("half", encoding="utf-8")
    recover(site)
    assert (site / "index.html").read_text(encoding="utf-8") == "previous"
    assert not old.exists() and not staging.exists()


def test_serve_refuses_an_unknown_language_cleanly(capsys):
    # Like every data problem: a located error, exit status 1, no traceback.
    assert cli.main(["--root", str(ROOT), "serve", "--lang", "zz"]) == 1
    err = capsys.readouterr().err
    assert "error [unknown-language]" in err and "'zz'" in err and "Traceback" not in err


def test_serve_listens_on_the_loopback_address_by_default():
    args = cli.build_parser().parse_args(["serve"])
    assert args.dev_addr.startswith("127.0.0.1:")


def test_a_po_import_with_a_control_character_writes_nothing(tmp_path):
    project_root = tmp_path / "project"
    for name in ("rules_data", "examples", "content"):
        shutil.copytree(ROOT / name, project_root / name)
    from generator.i18n.po import export, import_files

    project, _ = load(project_root)
    language = project.target_languages[0]
    path = export(project, language, tmp_path / "po")[0]
    text = path.read_text(encoding="utf-8")
    first = text.index('msgstr "', text.index("msgctxt"))
    path.write_text(text[:first] + 'msgstr "bad \x7f text"' + text[text.index("\n", first):], encoding="utf-8")
    before = _tree(project_root / "rules_data")
    result = import_files(project, [path])
    assert any(p.code == "bad-value" for p in result.problems), result.problems
    assert _tree(project_root / "rules_data") == before
    assert not [p for p in (project_root / "rules_data").rglob(".*.tmp")]


def test_fuzzing_round_finds_nothing():
    from .fuzz import READERS, run

    tallies = run(n=int(os.environ.get("RULESITE_FUZZ_N", "40")), seed=1, readers=list(READERS), timeout=30)
    for tally in tallies:
        assert tally.inputs > 0
        assert (tally.tracebacks, tally.hangs, tally.bad_output) == (0, 0, 0), tally.findings


# --------------------------------------------------------------------------- boards and tiles

_BOARD = ("scoring: final\nboard:\n  - {tile: A, at: [0, 0]}\n"
          "figures:\n  - {figure: follower, player: red, at: [0, 0], location: S}\n")


def _score(tmp_path: Path, text: str, capsys) -> tuple[int, str]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["--root", str(ROOT), "score", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("text, code, line, column", [
    (_BOARD.replace("at: [0, 0]}", "at: [5000000, 0]}", 1), "bad-value", 3, 20),
    (_BOARD.replace("at: [0, 0]}", "at: {x: 0, y: 0}}", 1), "bad-type", 3, 19),
    (_BOARD.replace("at: [0, 0]}", "at: [0]}", 1), "bad-value", 3, 19),
    (_BOARD + "expect: {red: " + "9" * 20 + "}\n", "bad-value", 6, 15),
    ("scoring: final\nboard:\n" + "".join(f"  - {{tile: U, at: [{i}, 0], turn: 1}}\n" for i in range(1001)),
     "bad-value", 3, 3),
    (_BOARD.replace("board:\n", "tile_types:\n  X: {features: [{type: city, edges: [N], pennants: 101}]}\nboard:\n"),
     "bad-value", 3, 53),
], ids=["far-square", "square-as-mapping", "short-square", "huge-total", "too-many-tiles", "too-many-pennants"])
def test_board_scenarios_are_bounded_and_located(tmp_path, capsys, text, code, line, column):
    status, err = _score(tmp_path, text, capsys)
    assert status == 1 and "Traceback" not in err
    assert f"board.yaml:{line}:{column}: error [{code}]" in err, err


@pytest.mark.parametrize("folder", ["tiles", "terms"])
def test_tile_and_termbase_files_go_through_the_screen(tmp_path, folder):
    # The tile catalogue and the termbase are read like every other data file.
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "minimal", project)
    tiles = sorted((project / "rules_data" / folder).glob("*.yaml"))[0]
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text("x: &a [1]\n" + text, encoding="utf-8")
    _, problems = load(project)
    assert any(p.code == "yaml-alias" and p.file.endswith(tiles.name) and (p.line, p.column) == (1, 4)
               for p in problems), problems


def test_board_pictures_carry_no_text_from_the_data(tmp_path, capsys):
    # Player names and colours come from data: only checked #rrggbb colours reach the SVG.
    hostile = '"><script>alert(1)</script>'
    board = _BOARD.replace("player: red", f"player: '{hostile}'")
    path, picture = tmp_path / "board.yaml", tmp_path / "board.svg"
    path.write_text(board, encoding="utf-8")
    assert cli.main(["--root", str(ROOT), "draw", str(path), "-o", str(picture)]) == 0
    text = picture.read_text(encoding="utf-8")
    assert "script" not in text and "alert" not in text
    import xml.etree.ElementTree as ET
    ET.fromstring(text)  # well-formed: nothing broke out of an attribute
    assert not list(tmp_path.glob(".*.tmp"))  # written through a temporary file, none left behind
