"""The River's tiles: in the catalogue with their rivers, drawn, described in words, and laid in
the River's order by the legality check.

Counts and tile ids come from ``rules_data/tiles/the-river.yaml``; the layouts are JCloisterZone's
``river.xml`` read as facts (the file names it as its source).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.check.catalogue import load_catalogue
from generator.render import pictures, svg
from generator.scorer import board as boards
from generator.scorer import legality
from generator.scorer.ruleset import STANDARD, supply

from .conftest import ROOT

CATALOGUE, _ = load_catalogue(ROOT)
DATA = yaml.safe_load((ROOT / "rules_data" / "tiles" / "the-river.yaml").read_text(encoding="utf-8"))
RIVER = [spec["id"] for spec in DATA["tiles"]]


def test_every_river_tile_is_known_has_a_river_and_passes_the_tile_rules() -> None:
    assert RIVER
    for tile_id in RIVER:
        tile = CATALOGUE.types[tile_id]
        assert tile.known and tile.river, tile_id
        assert boards.tile_problems(tile) == [], tile_id


def test_the_set_has_one_spring_and_one_lake_and_the_counts_the_source_gives() -> None:
    for edition in ("C1", "C2"):
        assert sum(CATALOGUE.specs[t].counts.get(edition, 0) for t in RIVER) == 12
    assert [t for t in RIVER if CATALOGUE.types[t].spring] == ["RV-01"]
    assert [t for t in RIVER if CATALOGUE.types[t].lake] == ["RV-02"]


@pytest.mark.parametrize("tile_id", RIVER)
def test_a_river_tile_is_drawn_with_its_water_not_as_a_placeholder(tile_id: str) -> None:
    tile = CATALOGUE.types[tile_id]
    drawn = svg.tile_svg(tile, CATALOGUE.specs[tile_id].symbols)
    assert 'class="rs-river"' in drawn and drawn != svg.placeholder_svg()
    assert pictures.tile_file(tile) != pictures.tile_file(boards.TileType("x", (), known=False))
    assert ("<ellipse" in drawn.split('class="rs-river"')[1].split("</g>")[0]) == (tile.spring or tile.lake)


class _Lang:
    def ui_text(self, key: str, **values: object) -> str:
        return key


@pytest.mark.parametrize("tile_id", RIVER)
def test_a_river_tile_says_its_water_in_words(tile_id: str) -> None:
    tile = CATALOGUE.types[tile_id]
    said = pictures.tile_alt(_Lang(), tile)
    wanted = "picture.spring" if tile.spring else "picture.lake" if tile.lake else "picture.river"
    assert said.endswith(wanted)
    land = pictures.tile_alt(_Lang(), CATALOGUE.types["D"])
    assert "river" not in land and "spring" not in land and "lake" not in land


FIELD = boards.TileFeature("field", boards.HALVES)


@pytest.mark.parametrize(("river", "symbols", "says"), [
    (("N", "E", "S"), (), "does not fork"),
    (("N", "S"), ("spring",), "one side, not 2"),
    (("N",), (), "mark it spring or lake"),
    (("N",), ("spring", "lake"), "not both"),
])
def test_an_impossible_river_is_a_bad_tile(river: tuple[str, ...], symbols: tuple[str, ...], says: str) -> None:
    found = boards.tile_problems(boards.TileType("x", (FIELD,), True, symbols, river))
    assert [p.code for p in found] == ["bad-tile"] and says in found[0].message


def test_a_city_on_a_river_side_is_a_bad_tile() -> None:
    tile = boards.TileType("x", (boards.TileFeature("city", ("N",)),
                                 boards.TileFeature("field", boards.HALVES[2:], cities=("N",))), True, (), ("N", "S"))
    assert "two cities, roads or rivers" in boards.tile_problems(tile)[0].message


def test_a_river_side_meets_only_a_river_side() -> None:
    board = boards.Board(CATALOGUE.types, (boards.Placement("RV-07", 0, 0), boards.Placement("B", 1, 0)))
    _, problems = boards.read_board(board)
    assert [p.code for p in problems] == ["edge-mismatch"] and "river" in problems[0].message
    turned = boards.Board(CATALOGUE.types, (boards.Placement("RV-07", 0, 0, 1), boards.Placement("B", 1, 0)))
    assert boards.read_board(turned)[1] == []


def _order(*placements: boards.Placement) -> legality.Verdict:
    board = boards.Board(CATALOGUE.types, placements)
    assert boards.read_board(board)[1] == []
    return legality.check(board, "final", supply(STANDARD))


def test_the_spring_comes_first_and_the_lake_closes_the_river_before_any_land_tile() -> None:
    verdict = _order(boards.Placement("B", 1, 1), boards.Placement("RV-02", 2, 0), boards.Placement("RV-07", 1, 0),
                     boards.Placement("RV-01", 0, 0))
    assert verdict.legal
    assert [t.tile for t in verdict.order] == [3, 2, 1, 0]


def test_a_river_that_begins_in_its_middle_cannot_grow_both_ways() -> None:
    # Three straight stretches with no spring or lake on the board: the river came in from off
    # the board at one end, so the middle one cannot have been laid first.
    verdict = _order(boards.Placement("RV-07", 0, 0), boards.Placement("RV-07", 1, 0), boards.Placement("RV-07", 2, 0))
    assert verdict.legal and verdict.order[0].tile in (0, 2)
    assert [t.tile for t in verdict.order] in ([0, 1, 2], [2, 1, 0])
