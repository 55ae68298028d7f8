"""Board pictures as SVG, read without a browser: each scored feature has its own outline and
the number of its line in the arithmetic, every tile has a border above the outlines, the
text alternative names the same numbers, and no picture brings a background of its own.
What a reader sees of the same pictures in Chromium is in test_browser_boards.py."""

from __future__ import annotations

import subprocess
import sys
from xml.etree import ElementTree

import pytest

from generator import scorer
from generator.project import load_checked
from generator.render import pictures, svg
from generator.render.language import Lang
from generator.scorer import board as boards

from .conftest import ROOT

NS = "{http://www.w3.org/2000/svg}"


PROJECT = load_checked(ROOT)
BOARDS = sorted(i for i, s in PROJECT.examples.items() if s.scenario.board is not None)


@pytest.fixture(scope="module")
def project():
    return PROJECT


def _drawn(project, example_id: str) -> ElementTree.Element:
    return ElementTree.fromstring(pictures.picture_files(project)[pictures.board_file(example_id)])


def _classes(element: ElementTree.Element) -> list[str]:
    return (element.get("class") or "").split()


def _page_numbers(result: scorer.Result) -> dict[int, str]:
    """The number the page gives each line of the arithmetic, and the kind of feature it is
    about (a city the per-city farm rules score is a city on the board)."""
    return {number: "city" if found.kind == "farm-city" else found.kind
            for number, found in enumerate(result.features, 1)}


def test_the_two_roads_through_the_crossroads_are_two_numbered_outlines(project):
    roads = "mage-and-witch-c1-roads"
    root = _drawn(project, roads)
    outlines = [g for g in root.iter(f"{NS}g") if "rs-feature" in _classes(g)]
    numbers = [g for g in root.iter(f"{NS}g") if "rs-number" in _classes(g)]
    assert [(g.get("data-feature"), _classes(g)[1]) for g in outlines] == [("1", "rs-feature--road"),
                                                                          ("2", "rs-feature--road")]
    assert ["".join(g.itertext()) for g in numbers] == ["1", "2"]
    # Each outline is its own mask, so no line is shared between the two roads.
    masks = [m.get("id") for g in outlines for m in g.iter(f"{NS}mask")]
    assert len(set(masks)) == 2
    result = project.examples[roads].result
    assert _page_numbers(result) == {1: "road", 2: "road"}
    tiles = {len(f.cells) for f in project.examples[roads].scenario.board.scored}
    assert tiles == {3, 5}  # the mage's road and the witch's, as the caption says


@pytest.mark.parametrize("example_id", BOARDS)
def test_every_number_on_a_board_is_a_line_of_its_arithmetic(project, example_id):
    scored = project.examples[example_id]
    root = _drawn(project, example_id)
    drawn = {int("".join(g.itertext())): g for g in root.iter(f"{NS}g") if "rs-number" in _classes(g)}
    lines = _page_numbers(scored.result)
    assert drawn and set(drawn) <= set(lines)
    for g in root.iter(f"{NS}g"):
        if "rs-feature" in _classes(g) and g.get("data-feature"):
            kind = _classes(g)[1].removeprefix("rs-feature--")
            assert lines[int(g.get("data-feature"))] == kind
            assert int(g.get("data-feature")) in drawn


@pytest.mark.parametrize("example_id", BOARDS)
def test_every_tile_has_its_border_above_the_outlines(project, example_id):
    root = _drawn(project, example_id)
    order = list(root.iter())
    borders = [order.index(e) for e in order if "rs-border" in _classes(e)]
    outlines = [order.index(e) for e in order if "rs-feature" in _classes(e)]
    assert len(borders) == len(project.examples[example_id].scenario.board.board.placements)
    assert outlines and min(borders) > max(outlines)


def test_a_picture_has_no_background_of_its_own(project):
    # The page's stylesheet gives pictures a background that suits light and dark mode.
    for name, document in pictures.picture_files(project).items():
        root = ElementTree.fromstring(document)
        box = root.get("viewBox").split()
        first = root[0]
        corners = [first.get("x"), first.get("y"), first.get("width"), first.get("height")]
        covers = first.tag == f"{NS}rect" and corners == box
        assert not covers, name


def test_the_text_alternative_names_each_number(project):
    roads = project.examples["mage-and-witch-c1-roads"]
    for lang in project.languages:
        language = Lang(project, lang)
        names = {c.id: language.site_text(f"colour.{c.id}") for c in project.site.colours}
        alt = pictures.board_alt(language, roads, names)
        labels = [language.ui_text("example.feature", number=n, feature="") for n in (1, 2)]
        assert all(label in alt for label in labels), alt
        assert alt.index(labels[0]) < alt.index(labels[1])


def test_a_city_the_per_city_farm_rules_score_is_outlined_with_its_number():
    tile = boards.TileType("t", (boards.TileFeature("city", ("N",)),
                                 boards.TileFeature("field", boards.HALVES[2:], cities=("N",))))
    cap = boards.TileType("c", (boards.TileFeature("city", ("S",)),
                                boards.TileFeature("field", boards.HALVES[:4] + boards.HALVES[6:], cities=("S",))))
    board = boards.Board({"t": tile, "c": cap}, (boards.Placement("t", 0, 1), boards.Placement("c", 0, 0)),
                         (boards.Figure("follower", 0, 1, "SL", "red"),))
    features, problems = boards.read_board(board)
    assert not problems
    field = next(f for f in features if f.type == "field" and f.followers)
    city = next(f for f in features if f.type == "city")
    view = type("View", (), {"scored": (field,), "features": tuple(features)})()
    farm = scorer.FeatureResult(None, "farm-city", 4, ("red",), {"red": 4}, (), name=city.name)
    result = scorer.Result({"red": 4}, (farm,), ())
    drawn, numbers = pictures.numbered(view, result)
    assert list(zip(drawn, numbers)) == [(field, None), (city, 1)]
    root = ElementTree.fromstring(svg.board_svg(board, drawn, numbers=numbers))
    assert ["".join(g.itertext()) for g in root.iter(f"{NS}g") if "rs-number" in _classes(g)] == ["1"]


def test_draw_writes_the_picture_the_site_shows(project, tmp_path):
    # The per-city farm example numbers a city the scored features do not hold: the hardest case.
    example_id = next((i for i in BOARDS if any(r.kind == "farm-city" for r in project.examples[i].result.features)),
                      BOARDS[0])
    target = tmp_path / "board.svg"
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "draw",
                          str(ROOT / project.examples[example_id].file), "-o", str(target)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert target.read_text(encoding="utf-8") == pictures.picture_files(project)[pictures.board_file(example_id)]
