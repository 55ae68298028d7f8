"""The tile catalogue (``rules_data/tiles/*.yaml``): its format, loading and checks.

Each file lists tile types by the edges their features touch (the board format of the
scenario-format page), their symbols, their counts per tile edition and the source of
the layout. A tile whose layout no source gives says ``layout: not-known``: it is
listed, counted and shown as a placeholder, but never drawn and never placed on a board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Iterable, Literal

from pydantic import Field

from .model import EditionId, Id, Strict, Text
from .problem import Problem
from .scorer import board as boards
from .source import Source, read
from .units import walk_sections
from .validate import validate

TILE_ID = r"^[A-Za-z0-9][A-Za-z0-9-]*$"
TileId = Annotated[str, Field(pattern=TILE_ID, max_length=40)]
Edge = Literal["N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]
Side = Literal["N", "E", "S", "W"]
Symbol = Literal["mage", "crop-circle-pitchfork", "crop-circle-club", "crop-circle-shield", "garden"]


class TileFeatureSpec(Strict):
    """One feature printed on a tile."""

    type: Literal["city", "road", "field", "cloister"]
    """What it is."""
    edges: list[Edge] = []
    """Cities and roads: the sides N, E, S, W they reach. Fields: the half-edges NL NR EL ER SL SR WL WR."""
    pennants: Annotated[int, Field(ge=0)] = 0
    """City only: pennants (coats of arms) on this segment."""
    inn: bool = False
    """Road only: an inn lies beside this road (Inns & Cathedrals)."""
    cathedral: bool = False
    """City only: a cathedral stands in it (Inns & Cathedrals)."""
    cities: list[Side] = []
    """Field only: the edges of this tile's cities that the field borders."""


class TileSpec(Strict):
    """One tile type of the catalogue."""

    id: TileId
    """The id used in tile tables and on boards (``D``, ``MW-C1-01``)."""
    counts: dict[EditionId, Annotated[int, Field(ge=1)]] = Field(min_length=1)
    """How many copies each tile edition has."""
    layout: Literal["known", "not-known"] = "known"
    """not-known: no source gives this tile's layout; it is shown as a placeholder."""
    features: list[TileFeatureSpec] = []
    """The features, by the edges they touch (required when the layout is known)."""
    symbols: list[Symbol] = []
    """Symbols printed on the tile that rules refer to."""
    start: bool = False
    """One copy of this tile is the start tile."""
    source: Text | None = None
    """Where the layout comes from, when not the file's own source."""


class Statement(Strict):
    """A page text that states a number of tiles, and the tiles it counts."""

    page: Id
    """The page."""
    unit: Text
    """Id of the text unit that states the count ("8 land tiles")."""
    tiles: list[TileId] = Field(min_length=1)
    """The tiles it counts; the first number of the text must equal the sum of their counts."""


class TileFile(Strict):
    """``rules_data/tiles/<set>.yaml``: the tile types of one game or expansion."""

    title: Text
    """Name of the set, for editors."""
    expansion: Id | None = None
    """The expansion (an id from site.yaml) the tiles belong to; none for the base game."""
    source: Text
    """Where the layouts come from (rule book, public tile reference), unless a tile names its own."""
    statements: list[Statement] = []
    """Page texts that state how many tiles the set has; checked against the counts."""
    tiles: list[TileSpec] = Field(min_length=1)
    """The tile types."""


@dataclass
class Catalogue:
    """Every tile type by id, the scorer's view of each, and where each was defined."""

    specs: dict[str, TileSpec] = field(default_factory=dict)
    types: dict[str, boards.TileType] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    """Tile id to the source of its layout."""
    files: dict[str, tuple[Source, int]] = field(default_factory=dict)
    """Tile id to its file and its index there."""
    statements: list[tuple[Source, int, Statement]] = field(default_factory=list)
    sets: list[tuple[Source, TileFile]] = field(default_factory=list)
    """Every file read, in order, for the tile catalogue page."""

    def __contains__(self, tile: str) -> bool:
        return tile in self.specs


def tile_type(tile_id: str, features: Iterable[Any], known: bool = True) -> boards.TileType:
    """The scorer's view of a tile spec's features."""
    return boards.TileType(tile_id, tuple(
        boards.TileFeature(f.type, tuple(f.edges), f.pennants, f.inn, f.cathedral, tuple(f.cities)) for f in features),
        known)


def type_problems(source: Source, base: tuple, tile_id: str, features: list[Any]) -> list[Problem]:
    """Located problems of one tile type (a side holding two kinds, an uncovered half-edge...)."""
    found = [source.problem(base + p.path, p.code, p.message) for p in boards.tile_problems(tile_type(tile_id, features))]
    for index, feature in enumerate(features):
        where = base + ("features", index)
        if feature.pennants and feature.type != "city":
            found.append(source.problem(where + ("pennants",), "city-only", "only a city has pennants"))
        if feature.cathedral and feature.type != "city":
            found.append(source.problem(where + ("cathedral",), "city-only", "a cathedral stands in a city"))
        if feature.inn and feature.type != "road":
            found.append(source.problem(where + ("inn",), "road-only", "an inn lies beside a road"))
        if feature.cities and feature.type != "field":
            found.append(source.problem(where + ("cities",), "field-only", "only a field borders cities"))
    return found


def _add(catalogue: Catalogue, source: Source, model: TileFile) -> list[Problem]:
    found: list[Problem] = []
    for index, spec in enumerate(model.tiles):
        where = ("tiles", index)
        clash = next((t for t in catalogue.specs if t.lower() == spec.id.lower()), None)
        if clash is not None:
            found.append(source.problem(where + ("id",), "duplicate-id", f"tile {spec.id!r} is already defined ({clash})"))
            continue
        known = spec.layout == "known"
        if known and not spec.features:
            found.append(source.problem(where, "missing-key", "a tile with a known layout lists its features; "
                                        "otherwise say layout: not-known"))
        if not known and spec.features:
            found.append(source.problem(where + ("features",), "bad-value", "a tile whose layout is not known lists no features"))
        if known:
            found += type_problems(source, where, spec.id, spec.features)
        catalogue.specs[spec.id] = spec
        catalogue.types[spec.id] = tile_type(spec.id, spec.features, known)
        catalogue.sources[spec.id] = spec.source or model.source
        catalogue.files[spec.id] = (source, index)
    catalogue.statements += [(source, i, s) for i, s in enumerate(model.statements)]
    catalogue.sets.append((source, model))
    return found


def load_tiles(root: Path) -> tuple[Catalogue, list[Problem]]:
    """Every tile file under ``root/rules_data/tiles``; a missing folder is an empty catalogue."""
    catalogue, problems = Catalogue(), []
    folder = root / "rules_data" / "tiles"
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            name = path.relative_to(root).as_posix()
        except ValueError:
            name = str(path)
        source, found = read(path, name)
        problems += found
        if source.data is None or found:
            continue
        model, found = validate(source, TileFile)
        problems += found
        if model is not None:
            problems += _add(catalogue, source, model)
    return catalogue, problems


_FIRST_NUMBER = re.compile(r"\d+")


def statement_problems(catalogue: Catalogue, texts: dict[tuple[str, str], str]) -> list[Problem]:
    """Each stated count ("8 land tiles") against the catalogue; ``texts`` maps (page, unit) to English text."""
    found = []
    for source, index, statement in catalogue.statements:
        where = ("statements", index)
        text = texts.get((statement.page, statement.unit))
        if text is None:
            found.append(source.problem(where + ("unit",), "unknown-unit",
                                        f"page {statement.page!r} has no text {statement.unit!r}"))
            continue
        missing = [t for t in statement.tiles if t not in catalogue]
        for tile in missing:
            found.append(source.problem(where + ("tiles", statement.tiles.index(tile)), "unknown-tile",
                                        f"no tile {tile!r} in the catalogue"))
        number = _FIRST_NUMBER.search(text)
        if missing or number is None:
            continue
        counted = sum(max(catalogue.specs[t].counts.values()) for t in statement.tiles)
        if counted != int(number.group()):
            found.append(source.problem(where + ("tiles",), "tile-count",
                                        f"{statement.page} says {number.group()} tiles in {statement.unit!r}, "
                                        f"but the catalogue counts {counted}"))
    return found


def check_tile_ids(catalogue: Catalogue, pages: Iterable[tuple[Any, Source]],
                   expansions: set[str] | None = None) -> list[Problem]:
    """Every tile a page's tile table names must be in the catalogue; every set's expansion must exist."""
    found = []
    for source, model in catalogue.sets:
        if expansions is not None and model.expansion is not None and model.expansion not in expansions:
            found.append(source.problem(("expansion",), "unknown-expansion",
                                        f"no expansion {model.expansion!r} in site.yaml"))
    for page, source in pages:
        for section, path in walk_sections(page.sections):
            for b, block in enumerate(section.blocks):
                if not hasattr(block, "tiles"):
                    continue
                for g, group in enumerate(block.tiles.groups):
                    for t, tile in enumerate(group.tiles):
                        if tile.id not in catalogue:
                            found.append(source.problem(path + ("blocks", b, "tiles", "groups", g, "tiles", t, "id"),
                                                        "unknown-tile", f"no tile {tile.id!r} in rules_data/tiles/"))
    return found
