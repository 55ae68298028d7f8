"""``rulesite score`` end to end, as a user runs it: a subprocess, its output and exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
VALID = REPO / "tests" / "fixtures" / "scenarios" / "valid"


def rulesite(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder holding only the project's rulesets file."""
    (tmp_path / "rules_data").mkdir()
    (tmp_path / "rules_data" / "rulesets.yaml").write_bytes((REPO / "rules_data" / "rulesets.yaml").read_bytes())
    return tmp_path


def test_prints_totals_as_json_and_confirms_expect(project: Path) -> None:
    run = rulesite("score", VALID / "city-mage-tie.yaml", cwd=project)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == '{"blue": 28, "red": 28}\n'


def test_example_file_and_root_option(tmp_path: Path) -> None:
    run = rulesite("--root", REPO, "score", VALID / "example-small-city.yaml", cwd=tmp_path)
    assert run.returncode == 0 and json.loads(run.stdout) == {"green": 6}


@pytest.mark.parametrize(("ruleset", "totals"), [
    (None, {"blue": 11, "red": 15, "yellow": 7}),
    ("c1-2000", {"blue": 13, "red": 16, "yellow": 7}),
    ("c1-2001", {"blue": 11, "red": 15, "yellow": 7}),
    ("before-big-box-4", {"blue": 6, "red": 15, "yellow": 7}),
])
def test_ruleset_option(project: Path, ruleset: str | None, totals: dict[str, int]) -> None:
    options = ["--ruleset", ruleset] if ruleset else []
    run = rulesite("score", *options, VALID / "end-of-game.yaml", cwd=project)
    assert run.returncode == 0 and json.loads(run.stdout) == totals


def test_explain_goes_to_stderr_and_keeps_stdout_json(project: Path) -> None:
    run = rulesite("score", "--explain", VALID / "roads-mage-witch.yaml", cwd=project)
    assert run.returncode == 0
    assert json.loads(run.stdout) == {"blue": 3, "red": 6}
    assert run.stderr.splitlines() == [
        "1. road: 5 tiles × 1 = 5",
        "   witch: 5 ÷ 2, rounded up = 3",
        "   blue has the most strength (1) and scores 3",
        "2. road: 3 tiles × 1 = 3",
        "   mage: 3 + 3 tiles × 1 = 6",
        "   red has the most strength (1) and scores 6",
        "blue: total 3",
        "red: total 6",
    ]


MISMATCH = """scoring: during-game
features:
  - {type: city, tiles: 8, pennants: 2, complete: true, mage: true, followers: {red: 1, blue: 1}}
expect: {red: 28, blue: 26}
"""


def test_expect_mismatch_shows_expected_computed_and_breakdown(project: Path) -> None:
    (project / "s.yaml").write_text(MISMATCH, encoding="utf-8")
    run = rulesite("score", "s.yaml", cwd=project)
    assert run.returncode == 1
    assert json.loads(run.stdout) == {"blue": 28, "red": 28}
    lines = run.stderr.splitlines()
    assert lines[0] == "s.yaml:4:25: error [expect-mismatch] blue: expected 26, computed 28"
    assert "   mage: 20 + 8 tiles × 1 = 28" in lines
    assert lines[-2:] == ["blue: total 28", "red: total 28"]
    assert "Traceback" not in run.stderr


def test_expect_mismatch_as_github_annotation(project: Path) -> None:
    (project / "s.yaml").write_text(MISMATCH, encoding="utf-8")
    run = rulesite("score", "--format", "github", "s.yaml", cwd=project)
    assert run.returncode == 1
    assert run.stderr.startswith("::error file=s.yaml,line=4,col=25::[expect-mismatch] blue: expected 26, computed 28\n")


def test_every_problem_sorted_and_no_traceback(project: Path) -> None:
    (project / "bad.yaml").write_text(
        "scoring: during-game\nfeatures:\n  - {type: road, tiles: 0, inn: true, pennants: 1, complete: true}\n"
        "  - {type: field, completed_cities: 2}\n", encoding="utf-8")
    run = rulesite("score", "bad.yaml", cwd=project)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines() == [
        "bad.yaml:3:25: error [too-few-tiles] a road has at least 1 tile, not 0",
        "bad.yaml:3:39: error [city-only] pennants belongs on a city, not on a road",
        "bad.yaml:4:12: error [field-during-game] a field is only scored at the end of the game; use scoring: final",
    ]


def test_problems_as_github_annotations(project: Path) -> None:
    (project / "bad.yaml").write_text("scoring: final\nfeatures:\n  - {type: cloister, tiles: 11}\n", encoding="utf-8")
    run = rulesite("score", "--format", "github", "bad.yaml", cwd=project)
    assert run.returncode == 1
    assert run.stderr.startswith("::error file=bad.yaml,line=3,col=29::[cloister-too-big] ")


def test_without_rulesets_file_only_standard_exists(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text("ruleset: c1-2000\nscoring: final\nfeatures:\n  - {type: field, completed_cities: 1}\n",
                                     encoding="utf-8")
    run = rulesite("score", "s.yaml", cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.startswith("s.yaml:1:10: error [unknown-ruleset] no ruleset 'c1-2000'; known: standard")
    run = rulesite("score", VALID / "city-mage-tie.yaml", cwd=tmp_path)
    assert run.returncode == 0 and json.loads(run.stdout) == {"blue": 28, "red": 28}


def test_unknown_ruleset_option_is_a_usage_error(project: Path) -> None:
    run = rulesite("score", "--ruleset", "c1-1999", VALID / "city-mage-tie.yaml", cwd=project)
    assert run.returncode == 2 and run.stdout == ""
    assert "unknown ruleset 'c1-1999'" in run.stderr and "c1-2000" in run.stderr


def test_broken_rulesets_file_is_reported(project: Path) -> None:
    (project / "rules_data" / "rulesets.yaml").write_text("rulesets:\n  - {id: standard}\n", encoding="utf-8")
    run = rulesite("score", VALID / "city-mage-tie.yaml", cwd=project)
    assert run.returncode == 1 and "[missing-key]" in run.stderr and "Traceback" not in run.stderr


def test_missing_file(project: Path) -> None:
    run = rulesite("score", "nowhere.yaml", cwd=project)
    assert run.returncode == 1
    assert run.stderr.startswith("nowhere.yaml:1:1: error [unreadable] ")
