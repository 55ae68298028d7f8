"""The generated rules page in two languages matches the reviewed golden files."""

from __future__ import annotations

import difflib

import pytest

from .golden import CASES, GOLDEN, render_cases


@pytest.fixture(scope="module")
def rendered():
    return render_cases()


@pytest.mark.parametrize("lang,page", CASES, ids=[f"{lang}-{page}" for lang, page in CASES])
def test_generated_page_matches_golden(rendered, lang, page):
    path = GOLDEN / lang / f"{page}.md"
    assert path.exists(), "golden file missing: run `make golden`"
    expected = path.read_text(encoding="utf-8")
    actual = rendered[path]
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "golden", "generated", n=2))
        pytest.fail(f"{path.name} ({lang}) differs from its golden file; if intended, run `make golden`\n{diff[:4000]}")
