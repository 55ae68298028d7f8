"""Incremental builds: a rebuild after an edit reuses unchanged pages from build/page-cache/
and writes exactly the site a cold build writes. (How much faster it is, the benchmark
measures: `python -m benchmarks.scale`.)"""

from __future__ import annotations

import json
import shutil

import pytest

from generator.build import build
from generator.problem import StageFailed
from generator.project import load_checked

from .test_build import digest, small_project  # noqa: F401 (a fixture)

pytestmark = pytest.mark.build


def cache_stats(project, lang):
    return json.loads((project / "build" / "page-cache" / f"mkdocs.{lang}" / "stats.json").read_text())


def test_a_rebuild_after_an_edit_is_the_cold_build_byte_for_byte(small_project, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the sitemap's dates
    codes = load_checked(small_project).languages
    first = digest(build(small_project, site_dir=tmp_path / "first").site)

    page = next((small_project / "rules_data" / "pages").glob("*.yaml"))
    text = page.read_text(encoding="utf-8")
    edited = text.replace("text: Only in one printing.", "text: Found in one printing only.", 1)
    assert edited != text
    page.write_text(edited, encoding="utf-8")
    again = digest(build(small_project, site_dir=tmp_path / "again").site)
    for code in codes:
        stats = cache_stats(small_project, code)
        assert stats["hits"]["markdown"] > 0 and stats["hits"]["template"] > 0  # pages were reused
        assert stats["misses"]["markdown"] > 0  # and the edited page was built again

    shutil.rmtree(small_project / "build")
    cold = digest(build(small_project, site_dir=tmp_path / "cold").site)
    assert again == cold
    assert again != first  # the edit reached the site
    for code in codes:  # the pictures, written per language, are part of what is compared
        assert any(name.startswith(f"{code}/") and name.endswith(".svg") for name in cold), code


def test_a_build_that_warned_keeps_nothing(small_project, tmp_path):  # noqa: F811
    # A broken link in an English hand-written page fails the strict English build: its
    # pages are not cached, so the next build warns again instead of reusing them.
    reading = small_project / "content" / "en" / "reading.md"
    reading.write_text(reading.read_text(encoding="utf-8") + "\n[broken](no-such-page.md)\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(StageFailed):
            build(small_project, site_dir=tmp_path / "site")
    assert not (small_project / "build" / "page-cache" / "mkdocs.en" / "stats.json").exists()
