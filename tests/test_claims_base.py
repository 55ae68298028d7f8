"""The claims of issue 31 on the base game, River and farmers pages, held to the data:

- the years of the dark-cities printings are one fact: the printing in site.yaml carries them,
  the pages that speak of it link it, and no page states a year outside them;
- the River's tiles are in the catalogue, 12 per tile edition that has them, each design named
  in words and none drawn (the catalogue has no river feature), and every page text that states
  their number is tied to them;
- every rule, contents line and printing difference this issue added names its sources, and
  those sources are in site.yaml with an address.

Everything is read from the loaded project, so the test follows the data when it changes.
"""

from __future__ import annotations

import re

import pytest

from generator.check.catalogue import statement_problems
from generator.model.units import walk_sections
from generator.project import load_checked

from .conftest import ROOT

DARK = "hig-c2-dark-cities"
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# What the issue added, by page: the units that must sit in a sourced section.
NEW_UNITS = {
    "base-game-c1": ["placing.no-fit", "preparation.first-player"],
    "base-game-c2-c3": ["placing.no-fit", "contents.followers", "contents.river", "contents.abbots",
                        "general.dark-cities"],
    "the-river-c1": ["tiles.not-known"],
    "the-river-c2-c3": ["tiles.not-known"],
}


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def _sources_of(page, unit_id: str) -> set[str]:
    """The sources of the section (and the sections around it) that hold a unit."""
    def walk(sections, inherited):
        for section in sections:
            sources = inherited | set(section.sources)
            for block in section.blocks:
                for units in _block_units(block):
                    if unit_id in units:
                        return sources
            found = walk(section.sections, sources)
            if found is not None:
                return found
        return None
    return walk(page.sections, set()) or set()


def _block_units(block) -> list[list[str]]:
    def ids(items):
        out = []
        for item in items or []:
            out.append(item.id)
            out += ids(getattr(item, "items", None))
        return out
    found = []
    for name in ("paragraph", "list", "numbered", "special_case"):
        value = getattr(block, name, None)
        if value is not None:
            found.append(ids(value))
    return found


def _years(printing) -> list[int]:
    return sorted(([printing.year] if printing.year else []) + list(printing.reprints))


def test_the_dark_cities_printing_carries_consecutive_years(project):
    printing = {p.id: p for p in project.site.printings}[DARK]
    years = _years(printing)
    assert years and years == list(range(years[0], years[-1] + 1))
    assert printing.edition in project.pages["base-game-c2-c3"].editions


def test_every_page_states_the_dark_cities_years_as_one_fact(project):
    years = set(_years({p.id: p for p in project.site.printings}[DARK]))
    texts = {page_id: units["general.dark-cities"].text for page_id, units in project.units.items()
             if "general.dark-cities" in units}
    assert len(texts) >= 3, texts
    for page_id, text in texts.items():
        stated = {int(y) for y in YEAR.findall(text)}
        assert stated and stated <= years, (page_id, stated, years)
    # The base game's tiles were printed so from the start to the end of the run.
    base = {int(y) for y in YEAR.findall(texts["base-game-c2-c3"])}
    assert base == {min(years), max(years)}
    # The pages of this issue link the printing rather than carry the fact on their own.
    for page_id in ("base-game-c2-c3", "inns-and-cathedrals"):
        assert "{printing:" + DARK + "}" in texts[page_id], page_id


def test_the_differing_last_year_is_shown_with_both_readings(project):
    note = {f.id: f for f in project.pages["base-game-c2-c3"].footnotes}["dark-cities"]
    years = _years({p.id: p for p in project.site.printings}[DARK])
    stated = {int(y) for y in YEAR.findall(note.text)}
    assert max(years) in stated and any(y > max(years) for y in stated), stated
    assert "{fn:dark-cities}" in project.units["base-game-c2-c3"]["general.dark-cities"].text


def _river_specs(project):
    files = [model for _, model in project.tiles.sets if model.expansion == "the-river"]
    assert len(files) == 1
    return files[0].tiles


def test_the_river_tiles_add_up_to_12_in_each_edition_that_has_them(project):
    specs = _river_specs(project)
    editions = {e for spec in specs for e in spec.counts}
    assert editions >= {"C1", "C2"}, editions
    for edition in editions:
        assert sum(spec.counts.get(edition, 0) for spec in specs) == 12, edition


def test_every_river_tile_is_drawn_from_a_named_source(project):
    for spec in _river_specs(project):
        assert spec.layout == "known" and spec.features and spec.river, spec.id
        assert "river" in project.tiles.sources[spec.id].lower(), spec.id


def test_every_page_text_stating_the_river_tiles_is_tied_to_them_and_agrees(project):
    river = {spec.id for spec in _river_specs(project)}
    tied = {(s.page, s.unit) for _, _, s in project.tiles.statements if set(s.tiles) <= river}
    assert {("the-river-c1", "contents.tiles"), ("the-river-c2-c3", "contents.tiles"),
            ("base-game-c2-c3", "contents.river")} <= tied
    texts = {(page, unit_id): unit.text for page, units in project.units.items() for unit_id, unit in units.items()}
    assert statement_problems(project.tiles, texts) == []


@pytest.mark.parametrize("page_id, unit_id", [(p, u) for p, units in NEW_UNITS.items() for u in units])
def test_each_new_unit_sits_in_a_section_with_known_sources(project, page_id, unit_id):
    assert unit_id in project.units[page_id]
    sources = _sources_of(project.pages[page_id], unit_id)
    known = {source.id: source for source in project.site.sources}
    assert sources, (page_id, unit_id)
    assert sources <= set(known) and all(known[s].where for s in sources), sources


@pytest.mark.parametrize("page_id", ["base-game-c1", "base-game-c2-c3", "farmers"])
def test_every_printing_difference_names_known_sources(project, page_id):
    known = {source.id for source in project.site.sources}
    for note in project.pages[page_id].footnotes:
        if note.kind == "printing":
            assert note.sources and set(note.sources) <= known, note.id


def test_who_begins_is_a_printing_difference(project):
    page = project.pages["base-game-c1"]
    note = {f.id: f for f in page.footnotes}["first-player"]
    assert "{fn:first-player}" in project.units["base-game-c1"]["preparation.first-player"].text
    assert note.kind == "printing" and "hig-base-game-c1" in note.missing_from and note.only_in


def test_the_first_farm_rule_is_not_attributed_to_one_publisher_alone(project):
    note = {f.id: f for f in project.pages["farmers"].footnotes}["first-rule"]
    publishers = {p.id: p.publisher for p in project.site.printings}
    assert {publishers[p] for p in note.only_in} >= {"hig", "rgg"}


def test_the_tile_that_fits_nowhere_has_a_rule_on_both_base_pages(project):
    for page_id in ("base-game-c1", "base-game-c2-c3"):
        text = project.units[page_id]["placing.no-fit"].text
        assert "{fn:no-fit}" in text
        section = next(s for s, _ in walk_sections(project.pages[page_id].sections) if s.id == "placing-a-tile")
        assert any("placing.no-fit" in ids for block in section.blocks for ids in _block_units(block))
