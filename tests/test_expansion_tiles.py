"""The tiles of The Princess and the Dragon and The Tower: in the catalogue with their marks,
drawn with a shape for each mark, and described in words in every language.

Ids, counts and marks come from ``rules_data/tiles/the-princess-and-the-dragon.yaml`` and
``the-tower.yaml``; the layouts are JCloisterZone's definitions read as facts (each file names
its source). The totals below are the ones the rule sources give for both tile editions:
30 tiles (6 volcano, 12 dragon, 6 magic portal, 6 princess) and 18 tower tiles, each with a
foundation.
"""

from __future__ import annotations

import pytest
import yaml

from generator.project import load_checked
from generator.render import pictures, svg
from generator.render.language import Lang
from generator.model.ui_strings import PRINCESS, SYMBOLS
from generator.scorer import board as boards

from .conftest import ROOT

PROJECT = load_checked(ROOT)
CATALOGUE = PROJECT.tiles
SETS = {name: [spec["id"] for spec in yaml.safe_load((ROOT / "rules_data" / "tiles" / f"{name}.yaml")
                                                     .read_text(encoding="utf-8"))["tiles"]]
        for name in ("the-princess-and-the-dragon", "the-tower")}
TILES = [tile for ids in SETS.values() for tile in ids]


def _count(ids: list[str], edition: str, has=lambda tile: True) -> int:
    return sum(CATALOGUE.specs[t].counts.get(edition, 0) for t in ids if has(CATALOGUE.types[t]))


def _princess(tile: boards.TileType) -> bool:
    return any(feature.princess for feature in tile.features)


@pytest.mark.parametrize("tile_id", TILES)
def test_every_tile_is_known_and_passes_the_tile_rules(tile_id: str) -> None:
    tile = CATALOGUE.types[tile_id]
    assert tile.known and boards.tile_problems(tile) == []


@pytest.mark.parametrize("edition", ["C1", "C2"])
def test_the_sets_hold_the_counts_the_rule_sources_give(edition: str) -> None:
    dragon_box, tower_box = SETS["the-princess-and-the-dragon"], SETS["the-tower"]
    assert _count(dragon_box, edition) == 30
    for symbol, wanted in ((boards.VOLCANO, 6), (boards.DRAGON, 12), (boards.PORTAL, 6)):
        assert _count(dragon_box, edition, lambda tile: symbol in tile.symbols) == wanted, symbol
    assert _count(dragon_box, edition, _princess) == 6
    # Every tile of the box has exactly one of its four marks.
    for tile_id in dragon_box:
        tile = CATALOGUE.types[tile_id]
        assert len(set(tile.symbols) & set(boards.PD_SYMBOLS)) + _princess(tile) == 1, tile_id
    assert _count(tower_box, edition) == _count(tower_box, edition,
                                                lambda tile: boards.TOWER_FOUNDATION in tile.symbols) == 18


def test_each_mark_has_a_picture_of_its_own_and_only_its_tiles_show_it() -> None:
    legend = pictures.legend_files({colour.id: colour.css for colour in PROJECT.site.colours})
    drawn = [legend[pictures.legend_file(name)] for name in (PRINCESS, *SYMBOLS)]
    assert len(set(drawn)) == len(drawn)
    for tile_id in TILES:
        tile = CATALOGUE.types[tile_id]
        picture = svg.tile_svg(tile, tile.symbols)
        assert (svg.CROWN in picture) == _princess(tile), tile_id
        for symbol, colour in ((boards.VOLCANO, svg.VOLCANO), (boards.DRAGON, svg.DRAGON), (boards.PORTAL, svg.PORTAL),
                               (boards.TOWER_FOUNDATION, svg.FOUNDATION)):
            assert (colour in picture) == (symbol in tile.symbols), (tile_id, symbol)


@pytest.mark.parametrize("lang", PROJECT.languages)
def test_a_tile_says_its_marks_in_words_in_every_language(lang: str) -> None:
    language = Lang(PROJECT, lang)
    for tile_id in TILES:
        tile = CATALOGUE.types[tile_id]
        said = pictures.tile_alt(language, tile)
        marks = [PRINCESS] if _princess(tile) else []
        marks += [name for name in SYMBOLS if name.removesuffix("-symbol") in tile.symbols]
        assert marks, tile_id
        for name in marks:
            assert language.ui_text(f"legend.picture.{name}") in said, (tile_id, name)
    # A tile without marks says none: the base game's plain city tile.
    plain = next(t for t in CATALOGUE.types.values() if t.known and not t.symbols and not t.river
                 and not any(f.princess for f in t.features))
    assert language.ui_text("picture.marks", marks="").rstrip(" .") not in pictures.tile_alt(language, plain)
