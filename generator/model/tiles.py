"""The tile catalogue (``rules_data/tiles/*.yaml``): its format, and the catalogue it becomes.

Each file lists tile types by the edges their features touch (the board format of the
scenario-format page), their symbols, their counts per tile edition and the source of
the layout. A tile whose layout no source gives says ``layout: not-known``: it is
listed, counted and shown as a placeholder, but never drawn and never placed on a board.
Which feature types exist, and which edges each may touch, is the scorer's feature table.
The files are read by :func:`generator.read.source.read_all`, validated against
:class:`TileFile` by :func:`generator.model.validate.validate_all`, and joined into the
:class:`Catalogue` (with its checks) by :mod:`generator.check.catalogue`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Iterable, Literal

from pydantic import Field

from generator import scorer
from generator.model.data import EditionId, Id, Strict, Text
from generator.scorer import board as boards
from generator.read.source import Source
from generator.core.vocabulary import TILE_ID

TileId = Annotated[str, Field(pattern=TILE_ID, max_length=40)]
Edge = Literal[boards.SIDES + boards.HALVES]  # type: ignore[valid-type]
Side = Literal[boards.SIDES]  # type: ignore[valid-type]
# A tile has at most a feature per side, one per half-edge and a cloister; the bounds keep
# a hostile file from making the scorer or the drawing do unbounded work.
MAX_TILE_FEATURES = len(boards.SIDES) + len(boards.HALVES) + 1
Symbol = Literal["mage", "crop-circle-pitchfork", "crop-circle-club", "crop-circle-shield", "garden",
                 boards.SPRING, boards.LAKE, *boards.PD_SYMBOLS, boards.TOWER_FOUNDATION]


class TileFeatureSpec(Strict):
    """One feature printed on a tile."""

    type: Literal[scorer.FEATURE_TYPES]  # type: ignore[valid-type]
    """What it is."""
    edges: Annotated[list[Edge], Field(max_length=len(boards.SIDES + boards.HALVES))] = []
    """Cities and roads: the sides N, E, S, W they reach. Fields: the half-edges NL NR EL ER SL SR WL WR."""
    pennants: Annotated[int, Field(ge=0, le=100)] = 0
    """City only: pennants (coats of arms) on this segment."""
    inn: bool = False
    """Road only: an inn lies beside this road (Inns & Cathedrals)."""
    cathedral: bool = False
    """City only: a cathedral stands in it (Inns & Cathedrals)."""
    cities: Annotated[list[Side], Field(max_length=len(boards.SIDES))] = []
    """Field only: the edges of this tile's cities that the field borders."""
    princess: bool = False
    """City only: the princess is printed in it (The Princess and the Dragon)."""


class TileSpec(Strict):
    """One tile type of the catalogue."""

    id: TileId
    """The id used in tile tables and on boards (``D``, ``MW-C1-01``)."""
    counts: dict[EditionId, Annotated[int, Field(ge=1, le=1000)]] = Field(min_length=1)
    """How many copies each tile edition has."""
    layout: Literal["known", "not-known"] = "known"
    """not-known: no source gives this tile's layout; it is shown as a placeholder."""
    features: list[TileFeatureSpec] = Field([], max_length=MAX_TILE_FEATURES)
    """The features, by the edges they touch (required when the layout is known)."""
    symbols: list[Symbol] = []
    """Symbols printed on the tile that rules refer to (``spring`` and ``lake``: where the river rises and ends)."""
    river: Annotated[list[Side], Field(max_length=len(boards.SIDES))] = []
    """The River: the sides N, E, S, W its river reaches (one at the spring or the lake, else two).
    A river side meets only a river side; the fields on its banks are listed as usual."""
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


def tile_type(tile_id: str, features: Iterable[Any], known: bool = True,
              symbols: Iterable[str] = (), river: Iterable[str] = ()) -> boards.TileType:
    """The scorer's view of a tile spec's features, symbols and river."""
    return boards.TileType(tile_id, tuple(
        boards.TileFeature(f.type, tuple(f.edges), f.pennants, f.inn, f.cathedral, tuple(f.cities), f.princess)
        for f in features),
        known, tuple(symbols), tuple(river))
