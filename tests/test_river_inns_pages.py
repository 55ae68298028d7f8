"""The River and Inns & Cathedrals pages: every edition covered, the old address kept, a
scored board for each scoring rule, no tile drawn that no source describes, and every
language complete (issue 25)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.project import load_checked

from .conftest import ROOT

# The two expansions these pages are about; everything else is read from the data.
EXPANSIONS = ("the-river", "inns-and-cathedrals")
# The scoring rules the Inns & Cathedrals pages describe, by the section that states each.
SCORING_SECTIONS = ("large-follower", "roads-with-inns", "cities-with-cathedrals")


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def pages_of(project, expansion: str) -> dict:
    return {pid: page for pid, page in project.pages.items() if page.expansion == expansion}


def sections(items):
    for section in items:
        yield section
        yield from sections(section.sections)


def blocks_of(page, section_id: str) -> list:
    return [b for s in sections(page.sections) if s.id == section_id for b in s.blocks]


@pytest.mark.parametrize("expansion", EXPANSIONS)
def test_every_edition_of_the_expansion_has_exactly_one_page(project, expansion):
    pages = pages_of(project, expansion)
    covered = [edition for page in pages.values() for edition in page.editions]
    assert sorted(covered) == sorted(e.id for e in project.site.editions), covered


def test_the_inns_page_keeps_its_address_for_the_newest_tiles(project):
    # The scoring-only page became the whole page for C2/C3 under the same id, so every
    # link to inns-and-cathedrals/ still lands on Inns & Cathedrals.
    newest = project.site.editions[-1].id
    page = project.pages["inns-and-cathedrals"]
    assert page.expansion == "inns-and-cathedrals" and newest in page.editions
    ids = set(project.units["inns-and-cathedrals"])
    assert {"contents.sixth-player", "contents.points-tiles", "contents.large-followers"} <= ids


@pytest.mark.parametrize("page_id", sorted(p for p, page in load_checked(ROOT).pages.items()
                                            if page.expansion == "inns-and-cathedrals"))
def test_each_scoring_rule_of_an_inns_page_has_a_board_during_play_and_at_the_end(project, page_id):
    page = project.pages[page_id]
    for section_id in SCORING_SECTIONS:
        assert any(getattr(b, "example", None) for b in blocks_of(page, section_id)), section_id
    scorings = {ex.example.scenario.get("scoring") for ex in project.examples.values() if ex.example.page == page_id}
    # Unfinished inns and cathedrals earn nothing at the end: that rule needs a final scoring.
    assert scorings >= {"during-game", "final"}, scorings


@pytest.mark.parametrize("page_id", sorted(p for p, page in load_checked(ROOT).pages.items()
                                            if page.expansion == "the-river"))
def test_a_river_page_draws_no_tile_whose_layout_no_source_gives(project, page_id):
    page = project.pages[page_id]
    tables = [b for s in sections(page.sections) for b in s.blocks if getattr(b, "tiles", None)]
    listed = {t.id for table in tables for group in table.tiles.groups for t in group.tiles}
    assert all(project.tiles.specs[t].layout == "known" for t in listed if t in project.tiles)
    if not tables:
        # Then the page says so instead of drawing anything.
        assert "tiles.not-known" in set(project.units[page_id])


def test_every_language_has_these_pages_complete():
    result = subprocess.run([sys.executable, "-m", "generator", "status", "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT)
    rows = json.loads(result.stdout)
    project = load_checked(ROOT)
    ours = {pid for pid, page in project.pages.items() if page.expansion in EXPANSIONS}
    seen = {(row["language"], row["document"]): row for row in rows if row["document"] in ours}
    languages = [lang.code for lang in project.site.languages if not lang.source]
    assert set(seen) == {(lang, doc) for lang in languages for doc in ours}
    assert all(row["missing"] == 0 and row["outdated"] == 0 for row in seen.values()), seen
