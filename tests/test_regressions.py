"""Every crash or hang the fuzzing suite (``python -m tests.fuzz``) found, kept as a fixture.

Each fixture in ``tests/fixtures/regressions/`` states where it came from, the file it
stands in for (``# file:``) and the located problem it must now produce (``# expect:``);
those under ``scenarios/`` are scored by ``rulesite score`` instead.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from generator import cli

from .conftest import FIXTURES, ROOT
from .test_check import located

HERE = FIXTURES / "regressions"
CHECKED = sorted(HERE.glob("*.yaml"))
SCORED = sorted((HERE / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("fixture", CHECKED, ids=lambda p: p.stem)
def test_check_reports_the_located_problem(minimal, fixture):
    expected, found, _ = located(minimal, fixture)
    assert expected and all(item in found for item in expected), sorted(found)


@pytest.mark.parametrize("fixture", SCORED, ids=lambda p: p.stem)
def test_score_reports_the_located_problem(fixture):
    raw = fixture.read_text(encoding="utf-8")
    expected = [line.split()[2:] for line in raw.splitlines() if line.startswith("# expect: ")]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["--root", str(ROOT), "score", str(fixture)]) == 1
    for place, code in expected:
        assert f"{fixture}:{place}: error [{code}]" in err.getvalue(), err.getvalue()


def test_the_regression_fixtures_exist():
    assert len(CHECKED) >= 6 and SCORED
