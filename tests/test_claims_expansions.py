"""Issue 31, section 3, on the Traders & Builders (first edition), Crop Circles and Mage and
Witch pages: each claim that was doubtful is settled by a named source, or said on the page to
be not known, in every language.

The project is the real one, loaded as every build loads it. A claim is tied to its sources
through the section that holds its text (a section names the sources of its facts, and its
subsections inherit them), so each test below reads the sources from the data, not from this
file's memory of them.
"""

from __future__ import annotations

import pytest

from generator.model import markup
from generator.model.data import Page, Section
from generator.project import load_checked

from .conftest import ROOT

# (page, unit, sources that settle the unit's claim). Each source must be named by the section
# holding the unit, or by a section around it, and be a site.yaml source with an address.
SETTLED = [
    # Which farm rule the pig was written for: 4 points instead of 3 (the expansion's rules as the
    # online game gives them) fits the second rule and the current one, and a summary revised in
    # September 2003 already describes both, so the page says which one held is not known.
    ("traders-and-builders-c1", "farm-rules.2001", {"brettspielwelt-traders-builders-de", "gracefulboot-farmer-scoring"}),
    ("traders-and-builders-c1", "farm-rules.2003", {"gracefulboot-farmer-scoring"}),
    ("traders-and-builders-c1", "farm-rules.city-once", {"gracefulboot-farmer-scoring"}),
    # The other boxes: Rio Grande's and Z-Man's English boxes, the licence passing in 2012, and the
    # Czech printings (Albi, Mindok, Big Box 4 and 5).
    ("traders-and-builders-c1", "general.other-boxes",
     {"wiki-traders-builders-c1-en", "geeknative-rgg-zman-2012", "wiki-traders-builders-c1-cs-history"}),
    # The shield crop circle concerns knights, in cities.
    ("crop-circles-c1", "play.symbol.shield",
     {"wiki-crop-circles-c1-nl", "wiki-crop-circles-c1-en", "brettspielfreak-crop-circles-de",
      "carcassonne-spiel-crop-circles-de"}),
    ("mage-and-witch-c1", "tiles.crop-circle-note",
     {"wiki-mage-witch-c1-nl", "wiki-mage-witch-c1-en", "wiki-crop-circles-c1-nl", "carcassonne-spiel-crop-circles-de"}),
    # Green deploys a knight on the pitchfork tile that completes the city, scores 6, takes it back.
    ("crop-circles-c1", "example.green-places", {"wiki-crop-circles-c1-nl", "brettspielfreak-crop-circles-de"}),
    ("crop-circles-c1", "example.city.caption", {"wiki-crop-circles-c1-nl", "brettspielfreak-crop-circles-de"}),
]


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def _sources_around(page: Page, path: tuple) -> set[str]:
    """The sources named by every section on the way to ``path`` (a unit's place in the page file)."""
    found: set[str] = set()
    sections: list[Section] = page.sections
    rest = list(path)
    while len(rest) >= 2 and rest[0] == "sections":
        section = sections[rest[1]]
        found.update(section.sources)
        sections, rest = section.sections, rest[2:]
    return found


@pytest.mark.parametrize(("page_id", "unit_id", "sources"), SETTLED, ids=[f"{p}:{u}" for p, u, _ in SETTLED])
def test_each_settled_claim_stands_in_a_section_that_names_its_sources(project, page_id, unit_id, sources):
    unit = project.unit(page_id, unit_id)
    assert unit is not None, f"{page_id} has no unit {unit_id}"
    assert unit.path[0] == "sections", f"{unit_id} is not in a section"
    named = _sources_around(project.pages[page_id], unit.path)
    assert sorted(sources - named) == [], f"{page_id}:{unit_id} does not name these sources"
    known = {source.id: source for source in project.site.sources}
    assert sorted(sources - set(known)) == [], "sources missing from site.yaml"
    assert [s for s in sorted(sources) if not known[s].where] == [], "sources without an address"


@pytest.mark.parametrize(("page_id", "unit_id"), [(p, u) for p, u, _ in SETTLED], ids=[f"{p}:{u}" for p, u, _ in SETTLED])
def test_each_settled_claim_is_translated_from_its_current_english_in_every_language(project, page_id, unit_id):
    unit = project.unit(page_id, unit_id)
    english_refs = unit.footnote_refs
    for lang in project.target_languages:
        doc = project.translations[lang][page_id]
        translated = doc.model.units.get(unit_id)
        assert translated is not None and translated.text.strip(), f"{lang}: {unit_id} is not translated"
        assert translated.source == unit.fingerprint, f"{lang}: {unit_id} was translated from older English"
        assert translated.text != unit.text, f"{lang}: {unit_id} is the English unchanged"
        refs = tuple(ref.target for ref in markup.refs(markup.parse(translated.text)[0], "fn"))
        assert refs == english_refs, f"{lang}: {unit_id} refers to other footnotes"


def test_which_farm_rule_held_in_2003_is_said_to_be_not_known_in_every_language(project):
    unit = project.unit("traders-and-builders-c1", "farm-rules.2003")
    assert "**not known**" in unit.text and "2003" in unit.text
    for lang in project.target_languages:
        text = project.translations[lang]["traders-and-builders-c1"].model.units["farm-rules.2003"].text
        # The "not known" is bold in every language, as on every other page that says it.
        assert text.count("**") == 2 and "2003" in text, lang
    # The two readings the page leaves open are both named, and neither is given as the one in force.
    readings = project.unit("traders-and-builders-c1", "farm-rules.2001").text
    assert "second" in readings and "current" in readings
    assert "in force when" not in readings


def test_the_shield_crop_circle_concerns_knights_on_both_pages(project):
    shield = project.unit("crop-circles-c1", "play.symbol.shield").text
    assert "{figure:knight|" in shield and "cities" in shield
    note = project.unit("mage-and-witch-c1", "tiles.crop-circle-note").text
    assert "shield" in note and "{figure:knight|" in note
    # The mini's tile is a shield tile in the catalogue too.
    tile = project.tiles.specs["MW-C1-09"]
    assert "crop-circle-shield" in tile.symbols


def test_the_crop_circles_example_has_green_deploy_a_knight_and_score_the_published_6(project):
    text = project.unit("crop-circles-c1", "example.green-places").text
    assert "{player:green|" in text and "pitchfork" in text and "{figure:knight|" in text
    caption = project.unit("crop-circles-c1", "example.city.caption").text
    assert "6 points" in caption
    scored = project.examples["crop-circles-c1-city"]
    assert scored.example.scenario["expect"] == {"green": 6}
    figures = scored.example.scenario["figures"]
    assert [f["player"] for f in figures] == ["green"], "the board shows Green's follower and no other"


def test_green_follower_stands_on_the_pitchfork_tile_that_completed_the_city(project):
    scored = project.examples["crop-circles-c1-city"]
    board = scored.example.scenario["board"]
    pitchfork = [entry["at"] for entry in board
                 if "crop-circle-pitchfork" in project.tiles.specs[entry["tile"]].symbols]
    assert len(pitchfork) == 1
    green = [f["at"] for f in scored.example.scenario["figures"] if f["player"] == "green"]
    assert green == pitchfork
