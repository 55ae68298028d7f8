"""Every worked example is a test item named by its id (as OpenFisca runs its YAML tests).

Each one is scored against its published totals, and each one must fail `rulesite check`,
naming the example and showing the arithmetic, as soon as one published total is wrong.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.read.source import read

from .conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def expect_of(path: Path) -> dict[str, int]:
    source, problems = read(path)
    assert problems == []
    return source.data["scenario"]["expect"]


def run(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_there_are_worked_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_published_totals_are_confirmed_by_the_scorer(path):
    result = run(ROOT, "score", str(path))
    assert result.returncode == 0, result.stderr
    totals = json.loads(result.stdout)
    expected = expect_of(path)
    assert {player: totals[player] for player in expected} == expected
    assert all(points == 0 for player, points in totals.items() if player not in expected)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_wrong_published_total_fails_check_with_the_breakdown(path, tmp_path):
    root = tmp_path / "copy"
    root.mkdir()
    for name in ("rules_data", "examples"):
        shutil.copytree(ROOT / name, root / name)
    target = root / "examples" / path.name
    expected = expect_of(path)
    player, points = next(iter(expected.items()))
    text = target.read_text()
    pattern = re.compile(rf"(\b{player}:\s*){points}\b")
    assert pattern.search(text), f"cannot find {player}: {points} in {path.name}"
    target.write_text(pattern.sub(rf"\g<1>{points + 1}", text, count=1))
    result = run(root, "check")
    assert result.returncode == 1
    assert f"worked example {path.stem!r}" in result.stderr
    assert f"{player}: expected {points + 1}, computed {points}" in result.stderr
    assert "scorer breakdown" in result.stderr and f"{player}: total {points}" in result.stderr
    assert "Traceback" not in result.stderr
