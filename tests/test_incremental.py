"""Incremental builds: a rebuild after an edit reuses unchanged pages from build/page-cache/
and writes exactly the site a cold build writes. (How much faster it is, the benchmark
measures: `python -m benchmarks.scale`.)"""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from generator.cache import state
from generator.cache.version import code_version
from generator.build import build
from generator.core.problem import StageFailed
from generator.project import load, load_checked
from generator.render.generate import printing_index, render_language
from generator.render import combinations
from generator.render.memo import RenderMemo

from .conftest import ROOT
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


def _inodes(site):
    return {p.relative_to(site).as_posix(): p.stat().st_ino for p in site.rglob("*") if p.is_file()}


def test_a_rebuild_in_place_links_the_unchanged_files_and_writes_the_cold_build(small_project, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    site = tmp_path / "site"
    build(small_project, site_dir=site)
    before = _inodes(site)
    page = next((small_project / "rules_data" / "pages").glob("*.yaml"))
    page.write_text(page.read_text(encoding="utf-8").replace(
        "text: Only in one printing.", "text: Found in one printing only.", 1), encoding="utf-8")
    again = digest(build(small_project, site_dir=site).site)
    after = _inodes(site)
    kept = {name for name in after if before.get(name) == after[name]}
    changed = {name for name in again if name not in kept}
    assert len(kept) > len(after) / 2  # most files are the last site's, not written again
    assert any(name.endswith(".svg") for name in kept) and any(name.endswith(".js") for name in kept)
    assert any(name.endswith("index.html") and "/translate/" not in name for name in changed)  # the edit's page
    assert all(os.stat(site / name).st_nlink == 1 for name in kept)  # the old site is gone

    shutil.rmtree(small_project / "build")
    assert again == digest(build(small_project, site_dir=tmp_path / "cold").site)


def test_a_failed_rebuild_leaves_the_last_site_whole_though_it_shared_its_files(small_project, tmp_path):  # noqa: F811
    site = tmp_path / "site"
    build(small_project, site_dir=site)
    before, inodes = digest(site), _inodes(site)
    reading = small_project / "content" / "en" / "reading.md"
    reading.write_text(reading.read_text(encoding="utf-8") + "\n[broken](no-such-page.md)\n", encoding="utf-8")
    with pytest.raises(StageFailed):  # MkDocs fails at the end of the English build, every page written
        build(small_project, site_dir=site)
    assert digest(site) == before and _inodes(site) == inodes
    assert all(p.stat().st_nlink == 1 for p in site.rglob("*") if p.is_file())  # no staging folder holds them
    assert not list(tmp_path.glob(".site.*"))


def test_a_build_that_warned_keeps_nothing(small_project, tmp_path):  # noqa: F811
    # A broken link in an English hand-written page fails the strict English build: its
    # pages are not cached, so the next build warns again instead of reusing them.
    reading = small_project / "content" / "en" / "reading.md"
    reading.write_text(reading.read_text(encoding="utf-8") + "\n[broken](no-such-page.md)\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(StageFailed):
            build(small_project, site_dir=tmp_path / "site")
    assert not (small_project / "build" / "page-cache" / "mkdocs.en" / "stats.json").exists()


# --------------------------------------------------------------------------- kept renders and parses

PAGE, OTHER = "mage-and-witch-c1", "mage-and-witch-c2-c3"  # OTHER links to PAGE and shares its chooser


def _line_edit(pattern: str, change):
    """An edit of the first line matching ``pattern``: (match) -> new line."""
    def edit(text: str) -> str:
        found = re.search(pattern, text, re.M)
        assert found, pattern
        return text[:found.start()] + change(found) + text[found.end():]
    return edit


# One edit of each kind of input a rendered page reads (see generator/render/memo.py).
EDITS = {
    "english text": (f"rules_data/pages/{PAGE}.yaml", _line_edit(r"^\s+text: [A-Z][^:#\"'{]*\.$", lambda m: m[0] + " Also edited.")),
    "english title": (f"rules_data/pages/{PAGE}.yaml", _line_edit(r"^title: .+$", lambda m: m[0] + " edited")),
    "dutch title": (f"rules_data/translations/nl/{PAGE}.yaml",
                    _line_edit(r"^  title:\n    text: \"[^\"]+", lambda m: m[0] + " bewerkt")),
    "interface string": ("rules_data/ui.yaml", _line_edit(r"^\s+box\.label: \"", lambda m: m[0] + "Edited. ")),
    "printing name": ("rules_data/site.yaml", _line_edit(r"^printings:\n(?:.*\n)*?\s+name: .+$", lambda m: m[0] + " edited")),
    "termbase term": ("rules_data/terms/game.yaml", _line_edit(r"^\s+english: .+$", lambda m: m[0] + " figure")),
    # A printing the page did not cite before: that publisher's page now lists the page's text.
    "printing footnote": (f"rules_data/pages/{PAGE}.yaml", _line_edit(r"^\s+missing_from: \[[^\]]+", lambda m: m[0] + ", mindok-big-box-6")),
}


@pytest.fixture(scope="module")
def primed(tmp_path_factory):
    """The real project, built once: its build/ folder holds every cache."""
    project = tmp_path_factory.mktemp("primed") / "project"
    for name in ("rules_data", "examples", "content", "theme"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", "1700000000")
        build(project, site_dir=project / "site")
    return project


@pytest.mark.parametrize("kind", list(EDITS))
def test_a_rebuild_after_each_kind_of_edit_is_the_cold_build(primed, tmp_path, monkeypatch, kind):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    warm, cold = tmp_path / "warm", tmp_path / "cold"
    shutil.copytree(primed, warm, ignore=shutil.ignore_patterns("site"))
    name, edit = EDITS[kind]
    text = (warm / name).read_text(encoding="utf-8")
    (warm / name).write_text(edit(text), encoding="utf-8")
    assert (warm / name).read_text(encoding="utf-8") != text
    shutil.copytree(warm, cold, ignore=shutil.ignore_patterns("build"))
    again = digest(build(warm, site_dir=warm / "site").site)
    assert again == digest(build(cold, site_dir=cold / "site").site)
    assert again != digest(primed / "site")  # the edit reached the site


def test_render_memo_renders_again_only_the_edited_page(primed, tmp_path):
    project = tmp_path / "project"
    shutil.copytree(primed, project, ignore=shutil.ignore_patterns("site", "build"))
    loaded = load_checked(project)
    memo = RenderMemo(loaded, "nl")
    render_language(loaded, "nl", memo=memo)
    assert memo.hits == 0
    name, edit = EDITS["english text"]
    (project / name).write_text(edit((project / name).read_text(encoding="utf-8")), encoding="utf-8")
    edited = load_checked(project)
    again = RenderMemo(edited, "nl", memo.used)
    site = render_language(edited, "nl", memo=again)
    # Every page and comparison page is kept but the edited page's two, and so is every
    # publisher's page but those of the publishers whose printings the edited page cites.
    cited = printing_index(edited).cited
    citing = {printing.publisher for printing in edited.site.printings
              if any(page.id == PAGE for page in cited.get(printing.id, []))}
    kept_publishers = len(edited.site.publishers) - len(citing)
    assert citing and kept_publishers > 0  # else this data shows neither kind
    # Pages showing a combination the edited page writes read its file, and are rendered again.
    readers = [page for page in edited.pages.values() if PAGE in combinations.owners(edited, page)]
    assert again.hits == 2 * len(edited.pages) - 2 - len(readers) + kept_publishers
    assert site.files == render_language(edited, "nl").files
    # An edited title shows on other pages: those are rendered again too.
    name, edit = EDITS["english title"]
    (project / name).write_text(edit((project / name).read_text(encoding="utf-8")), encoding="utf-8")
    retitled = load_checked(project)
    third = RenderMemo(retitled, "nl", again.used)
    render_language(retitled, "nl", memo=third)
    assert third.hits == 0


def test_a_rebuild_reuses_the_kept_parses_only_for_unchanged_text(primed, tmp_path, monkeypatch):
    from generator.read import cache as read_cache
    from generator.read import source

    project = tmp_path / "project"
    shutil.copytree(primed, project, ignore=shutil.ignore_patterns("site"))
    monkeypatch.setattr(state, "_CURRENT", state.State())  # a fresh process: nothing parsed yet
    calls = []
    monkeypatch.setattr(source, "parse", lambda text, file, parse=source.parse: calls.append(file) or parse(text, file))
    name, edit = EDITS["english text"]
    (project / name).write_text(edit((project / name).read_text(encoding="utf-8")), encoding="utf-8")
    read_cache.take(project / "build")
    assert load_checked(project).pages[PAGE]
    assert calls == [name]


def test_a_translation_check_found_clean_is_skipped_and_a_changed_text_is_checked_again(monkeypatch):
    from generator.check import structure as check
    from generator.cache import clean_memo
    from generator.read.source import Source

    monkeypatch.setattr(state, "_CURRENT", state.State())
    source = Source(file="t.yaml", text="units:\n  a:\n    text: x\n", data={})
    calls = []
    original = check._structure_warnings
    monkeypatch.setattr(check, "_structure_warnings", lambda *a: calls.append(a) or original(*a))
    english = "Score 3 points for each {fn:note} tile."
    assert check.structure_warnings(source, ("units", "a"), english, "Tel 3 punten per tegel.{fn:note}", "markup") == []
    assert check.structure_warnings(source, ("units", "a"), english, "Tel 3 punten per tegel.{fn:note}", "markup") == []
    assert len(calls) == 1  # clean once, skipped the second time
    # A changed translation is checked afresh and keeps its warning.
    warned = check.structure_warnings(source, ("units", "a"), english, "Tel 4 punten per tegel.{fn:note}", "markup")
    assert [p.code for p in warned] == ["number-mismatch"] and len(calls) == 2
    assert [p.code for p in check.structure_warnings(source, ("units", "a"), english, "Tel 4 punten per tegel.{fn:note}",
                                                     "markup")] == ["number-mismatch"]
    assert clean_memo.kept() == {clean_memo.key("structure", english, "Tel 3 punten per tegel.{fn:note}", "markup")}


def test_kept_clean_checks_travel_to_the_next_build_and_warnings_still_show(primed, tmp_path, monkeypatch):
    from generator.read import cache as read_cache

    project = tmp_path / "project"
    shutil.copytree(primed, project, ignore=shutil.ignore_patterns("site"))
    monkeypatch.setattr(state, "_CURRENT", state.State())
    read_cache.take(project / "build")
    assert state.current().clean_known  # the primed build kept its clean checks
    # A Dutch text given other numbers than its English is warned about, kept checks or not.
    name = f"rules_data/translations/nl/{PAGE}.yaml"
    text = (project / name).read_text(encoding="utf-8")
    edited = re.sub(r'(text: "[^"\d]*)(\d+)', lambda m: m[1] + str(int(m[2]) + 1), text, count=1)
    assert edited != text
    (project / name).write_text(edited, encoding="utf-8")
    warnings = [p for p in load(project)[1] if p.code == "number-mismatch"]
    assert [p.file for p in warnings] == [name]


def test_the_read_cache_is_written_again_only_when_a_parse_or_check_changed(primed, tmp_path, monkeypatch):
    from generator.cache import journal
    from generator.read import cache as read_cache

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = tmp_path / "project"
    shutil.copytree(primed, project, ignore=shutil.ignore_patterns("site"))
    cache = project / "build" / read_cache.FILE
    log = cache.with_name(cache.name + ".journal")

    def build_as_a_fresh_process() -> tuple[int, int | None]:
        monkeypatch.setattr(state, "_CURRENT", state.State())
        build(project, site_dir=project / "site")
        return cache.stat().st_mtime_ns, log.stat().st_mtime_ns if log.exists() else None

    kept = build_as_a_fresh_process()
    assert build_as_a_fresh_process() == kept  # nothing edited: the cache stays as it is
    name, edit = EDITS["english text"]
    (project / name).write_text(edit((project / name).read_text(encoding="utf-8")), encoding="utf-8")
    edited = build_as_a_fresh_process()
    assert edited[0] == kept[0] and edited[1] is not None  # one parse changed: only the journal is written
    changed, removed = journal.changes(cache, code_version())
    assert list(changed) == [name] and removed == []
    assert journal.load(cache, code_version()).entries[name][0] == (project / name).read_text(encoding="utf-8")