"""`rulesite serve` after edits: every page it serves is the page a cold build of that language
writes (less what the live-reload server adds), edits reach the pages that show what was
edited, and a data error is reported while the last good pages stay served.

The preview rebuilds incrementally (generator/cache/load_memo.py, the render memo, the page cache
and MkDocs' dirty mode, see generator/site/adapter.py); these tests hold it to the cold
build. How fast it is, the benchmark measures: `python -m benchmarks.scale --preview 300`.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from generator.build import build

from .conftest import ROOT
from .test_build import small_project  # noqa: F401 (a fixture)
from .test_serve import fetch, free_port, stop, wait_for

pytestmark = pytest.mark.build

LANG = "nl"  # a translated language: its pages show both the English and the Dutch files
# What MkDocs' live-reload server adds to a page: its script before </body>, and (as it gives
# the site an address) a canonical link.
LIVERELOAD = re.compile(r"<script>\s*var livereload = .*?</script>(?=</body>)", re.S)
CANONICAL = re.compile(r'\n[ ]*\n[ ]*<link rel="canonical" href="http://127\.0\.0\.1:\d+/[^"]*">')


@contextmanager
def serving(root: Path, log: Path) -> Iterator[str]:
    port = free_port()
    with log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(root), "serve", "--lang", LANG,
                                   "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            assert wait_for(lambda: fetch(f"{base}/") is not None, 120), "the preview did not start:\n" + log.read_text()
            yield base
        finally:
            stop(server)


def served(base: str, path: str) -> str | None:
    page = fetch(f"{base}/{path}")
    return None if page is None else CANONICAL.sub("", LIVERELOAD.sub("", page, count=1), count=1)


def cold_build(project: Path, tmp: Path) -> Path:
    """The language's folder of a cold build of a copy of ``project`` (no cache of any kind)."""
    copy = tmp / "cold-project"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("build"))
    site = tmp / "cold-site"
    shutil.rmtree(site, ignore_errors=True)
    build(copy, site_dir=site)
    return site / LANG


def assert_same_as_cold_build(base: str, project: Path, tmp: Path) -> None:
    built = cold_build(project, tmp)
    pages = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 5
    for path in pages:
        assert served(base, path) == (built / path).read_text(encoding="utf-8"), f"{path} differs from the cold build"
    index = json.loads(fetch(f"{base}/search/search_index.json") or "{}")
    assert index == json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_preview_after_edits_is_the_cold_build(small_project, tmp_path):  # noqa: F811
    data = small_project / "rules_data"
    with serving(small_project, tmp_path / "serve.log") as base:
        # A unit of one page, in English and in the translation.
        edit(data / "pages" / "alpha.yaml", "text: Only in one printing.", "text: Found in one printing only.")
        edit(data / "translations" / LANG / "alpha.yaml", "text: Alfa\n", "text: Alfa Nova\n")
        assert wait_for(lambda: "Found in one printing only." in (served(base, "alpha/") or "")
                        and "Alfa Nova" in (served(base, "alpha/") or ""), 120), "the edits did not reach the page"
        # The page's title shows on other pages: the home page lists it, every page's navigation names it.
        assert "Alfa Nova" in served(base, "") and "Alfa Nova" in served(base, "reading/")
        assert_same_as_cold_build(base, small_project, tmp_path)

        # An interface string shows on every page, hand-written ones included.
        edit(data / "ui.yaml", "Icons and marks", "Icons and signs")
        assert wait_for(lambda: "Icons and signs" in (served(base, "reading/") or ""), 120), "the string did not reach"
        assert "Icons and marks" not in served(base, "alpha/")
        assert_same_as_cold_build(base, small_project, tmp_path)


def test_a_data_error_is_reported_and_the_last_pages_stay(small_project, tmp_path):  # noqa: F811
    page = small_project / "rules_data" / "pages" / "alpha.yaml"
    log = tmp_path / "serve.log"
    with serving(small_project, log) as base:
        edit(page, "text: Only in one printing.", "text: Found in one printing only.")
        assert wait_for(lambda: "Found in one printing only." in (served(base, "alpha/") or ""), 120)
        before = served(base, "alpha/")

        # Two errors in one edit: a footnote that does not exist and an unknown edition.
        edit(page, "{fn:ruling}", "{fn:nowhere}")
        edit(page, "editions: [C1]", "editions: [C9]")
        assert wait_for(lambda: "rules data has problems" in log.read_text(), 120), log.read_text()
        report = log.read_text()
        assert re.search(r"rules_data/pages/alpha\.yaml:\d+:\d+: error \[\S+\] .*nowhere", report), report
        assert re.search(r"rules_data/pages/alpha\.yaml:\d+:\d+: error \[\S+\] .*C9", report), report
        # The server still answers, with the last good pages.
        assert served(base, "alpha/") == before
        assert served(base, "") is not None

        edit(page, "{fn:nowhere}", "{fn:ruling}")
        edit(page, "editions: [C9]", "editions: [C1]")
        edit(page, "text: Found in one printing only.", "text: Seen in one printing only.")
        assert wait_for(lambda: "Seen in one printing only." in (served(base, "alpha/") or ""), 120)
        assert_same_as_cold_build(base, small_project, tmp_path)



def test_the_watcher_sees_changes_and_not_reads(tmp_path):
    # A rebuild reads the watched files; were reads changes, the preview would rebuild forever.
    import time

    from watchdog.events import FileSystemEventHandler

    from generator.site.adapter import _observer

    watched = tmp_path / "rules_data"
    watched.mkdir()
    data = watched / "site.yaml"
    data.write_text("a: 1\n", encoding="utf-8")
    seen: list = []
    handler = FileSystemEventHandler()
    handler.on_any_event = seen.append
    observer = _observer()
    observer.schedule(handler, str(watched), recursive=True)
    observer.start()
    try:
        time.sleep(0.5)
        for _ in range(3):
            data.read_text(encoding="utf-8")
        time.sleep(1)
        assert seen == []
        data.write_text("a: 2\n", encoding="utf-8")
        assert wait_for(lambda: any(event.src_path == str(data) for event in seen), 10)
    finally:
        observer.stop()
        observer.join()
