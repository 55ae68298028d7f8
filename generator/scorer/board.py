"""Boards: placed tiles joined into the features the scorer already knows how to score.

A board is a set of tile types (each a list of features by the edges they touch), the
tiles placed on a grid with quarter turns, and the figures standing on them. This module
joins the tiles' features across shared sides by half-edges, decides what is complete,
and hands the scorer ordinary :class:`~generator.scorer.features.Feature` objects, so a
board is scored by exactly the same rules as a feature-level scenario.

Pure, like the rest of the scorer: standard library only. Mistakes on a board come back
as :class:`BoardProblem` values with a path into the scenario (``("board", 3)``,
``("figures", 0, "location")``) so the reader can point at the line and column.

Geometry: x grows eastward, y grows southward, so (0, -1) is north of (0, 0). Half-edges
run clockwise from the north-west corner: NL NR (north edge, west then east half),
EL ER (east, north then south), SL SR (south, east then west), WL WR (west, south then
north). A clockwise quarter turn moves every side one place and every half-edge two.
How each feature type lies on a tile (on whole sides, on half-edges, or on its own
square) is read from the scorer's one table, :data:`~generator.scorer.features.FEATURE_KINDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from generator.scorer.features import FEATURE_KINDS, FEATURE_TYPES, Feature, Scenario, carriers, too_many_code
from generator.scorer.features import FIGURES as MAGIC

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
HALVES: tuple[str, ...] = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
# Every type of the scorer's table can be printed on a tile.
TILE_FEATURES: tuple[str, ...] = FEATURE_TYPES
STRENGTH = {"follower": 1, "large-follower": 2}
# Traders & Builders: a player's pig stands in a field beside their farmer and adds no strength.
PIG = "pig"
# The figures that belong to a player: the followers and the pig.
OWNED: tuple[str, ...] = (*STRENGTH, PIG)
FIGURES: tuple[str, ...] = (*STRENGTH, *MAGIC, PIG)
# The River: the side kind a river gives, and the symbols of the tiles where it rises and ends.
RIVER, SPRING, LAKE = "river", "spring", "lake"
# The Princess and the Dragon's tile symbols (its other tiles have a princess in a city), and the Tower's foundation.
VOLCANO, DRAGON, PORTAL = "volcano", "dragon", "portal"
PD_SYMBOLS = (VOLCANO, DRAGON, PORTAL)
TOWER_FOUNDATION = "tower-foundation"
# What a feature may touch, by how the table says it lies on a tile.
_EDGES = {"sides": SIDES, "halves": HALVES, "none": ()}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
NEIGHBOURS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))

Path = tuple


@dataclass(frozen=True)
class BoardProblem:
    """A mistake on a board: a stable code, a message, and where in the scenario it is."""

    code: str
    message: str
    path: Path = ()
    at_key: bool = False
    level: str = "error"
    """``warning`` for what a check could not decide (the legality check's bound)."""


@dataclass(frozen=True)
class TileFeature:
    """One feature printed on a tile, by the edges (cities, roads) or half-edges (fields) it touches."""

    type: str
    edges: tuple[str, ...] = ()
    pennants: int = 0
    inn: bool = False
    cathedral: bool = False
    cities: tuple[str, ...] = ()
    """Field only: the edges of this tile's cities that the field borders."""
    princess: bool = False
    """City only: the princess is printed in it (The Princess and the Dragon)."""


@dataclass(frozen=True)
class TileType:
    id: str
    features: tuple[TileFeature, ...]
    known: bool = True
    """False when no source gives the tile's layout; such a tile cannot be placed on a board."""
    symbols: tuple[str, ...] = ()
    """Symbols printed on it that rules refer to (``mage``: placing it moves the mage or the witch)."""
    river: tuple[str, ...] = ()
    """The sides a river reaches (The River). The river is no feature: nobody stands on it and
    it scores nothing, but it is a kind of side that only meets another river, and it parts
    the fields on either bank."""

    @property
    def spring(self) -> bool:
        return SPRING in self.symbols

    @property
    def lake(self) -> bool:
        return LAKE in self.symbols


@dataclass(frozen=True)
class Placement:
    tile: str
    x: int
    y: int
    turn: int = 0


@dataclass(frozen=True)
class Figure:
    figure: str
    x: int
    y: int
    location: str
    player: str = ""


@dataclass(frozen=True)
class Board:
    tiles: Mapping[str, TileType]
    placements: tuple[Placement, ...]
    figures: tuple[Figure, ...] = ()


@dataclass(frozen=True)
class BoardFeature:
    """A feature found on the board: every tile segment joined into it, and what stands on it."""

    number: int
    type: str
    cells: tuple[tuple[int, int], ...]
    """The squares it covers (a cloister: itself and the neighbours present)."""
    complete: bool
    pennants: int = 0
    inn: bool = False
    cathedral: bool = False
    mage: bool = False
    witch: bool = False
    followers: Mapping[str, int] = field(default_factory=dict)
    pigs: tuple[str, ...] = ()
    """Field only: the players whose pig stands in it."""
    figures: tuple[int, ...] = ()
    """Indexes into the board's figures."""
    cities: tuple[str, ...] = ()
    """Field only: names of the completed cities it borders (``city 2``)."""
    segments: tuple[tuple[int, int], ...] = ()
    """(placement, tile feature) pairs joined into this feature."""

    @property
    def name(self) -> str:
        return f"{self.type} {self.number}"

    @property
    def has_figure(self) -> bool:
        return bool(self.figures)

    @property
    def completed_cities(self) -> int:
        return len(self.cities)

    def to_feature(self) -> Feature:
        """The scorer's feature: what the table says this type is measured in and may carry."""
        kind = FEATURE_KINDS[self.type]
        values: dict = {name: getattr(self, name) for name in kind.extras}
        if kind.has_tiles:
            values["tiles"] = len(self.cells)
        if kind.completable:
            values["complete"] = self.complete
        return Feature(self.type, {p: s for p, s in self.followers.items() if s > 0}, **values)


def lies_on(kind: str) -> str:
    """How a feature type lies on a tile: ``sides``, ``halves`` or ``none`` (the table's ``touches``)."""
    return FEATURE_KINDS[kind].touches


def turned(edge: str, turn: int) -> str:
    """Where ``edge`` of a tile lies after ``turn`` clockwise quarter turns."""
    if edge in SIDES:
        return SIDES[(SIDES.index(edge) + turn) % 4]
    return HALVES[(HALVES.index(edge) + 2 * turn) % 8]


def facing(half: str) -> str:
    """The neighbour's half-edge that ``half`` meets across their shared side."""
    index = HALVES.index(half)
    side, part = index // 2, index % 2
    return HALVES[((side + 2) % 4) * 2 + (1 - part)]


def opposite(side: str) -> str:
    return SIDES[(SIDES.index(side) + 2) % 4]


def tile_problems(tile: TileType) -> list[BoardProblem]:
    """What makes a tile type impossible to draw or join: each side one kind, every half-edge one field."""
    found: list[BoardProblem] = []

    def bad(index: int, message: str) -> None:
        found.append(BoardProblem("bad-tile", f"tile {tile.id}: {message}", ("features", index)))

    side_of: dict[str, str] = {}
    half_of: dict[str, int] = {}
    found += _river_problems(tile, side_of)
    for index, feature in enumerate(tile.features):
        if feature.type not in TILE_FEATURES:
            bad(index, f"unknown feature type {feature.type!r}")
            continue
        wanted = _EDGES[lies_on(feature.type)]
        for edge in feature.edges:
            if edge not in wanted:
                bad(index, f"a {feature.type} cannot touch {edge!r}")
            elif lies_on(feature.type) == "halves":
                if edge in half_of:
                    bad(index, f"half-edge {edge} belongs to two fields")
                half_of[edge] = index
            elif edge in side_of:
                bad(index, f"side {edge} holds two cities, roads or rivers")
            else:
                side_of[edge] = feature.type
        if lies_on(feature.type) == "sides" and not feature.edges:
            bad(index, f"a {feature.type} touches at least one side")
    for index, feature in enumerate(tile.features):
        if lies_on(feature.type) != "halves":
            continue
        for side in feature.cities:
            if side_of.get(side) != "city":
                bad(index, f"the field borders a city on side {side}, but the tile has none there")
    if not found:
        for side in SIDES:
            halves = [h for h in HALVES if h[0] == side]
            covered = [h in half_of for h in halves]
            if side_of.get(side) == "city" and any(covered):
                bad(0, f"side {side} is a city, so no field touches its halves")
            elif side_of.get(side) != "city" and not all(covered):
                bad(0, f"side {side} is not a city, so both its halves belong to fields")
    return found


def _river_problems(tile: TileType, side_of: dict[str, str]) -> list[BoardProblem]:
    """A river reaches one side (at the spring or the lake) or two, each once; fills ``side_of``."""
    found = []

    def bad(message: str) -> None:
        found.append(BoardProblem("bad-tile", f"tile {tile.id}: {message}", ("river",)))

    for side in tile.river:
        if side not in SIDES or side in side_of:
            bad(f"the river cannot reach {side!r} twice or off the four sides")
        side_of[side] = RIVER
    ends = [s for s in (SPRING, LAKE) if s in tile.symbols]
    if len(tile.river) > 2:
        bad("a river runs from one side to one other side; it does not fork")
    elif len(ends) > 1:
        bad("a tile is either the spring or the lake, not both")
    elif ends and len(tile.river) != 1:
        bad(f"the {ends[0]} gives the river one side, not {len(tile.river)}")
    elif len(tile.river) == 1 and not ends:
        bad("a river that reaches one side rises or ends on this tile: mark it spring or lake")
    return found


def side_kind(tile: TileType, turn: int, side: str) -> str:
    """What lies on ``side`` of a placed tile: city, road, river or field."""
    if any(turned(e, turn) == side for e in tile.river):
        return RIVER
    for feature in tile.features:
        if lies_on(feature.type) == "sides" and any(turned(e, turn) == side for e in feature.edges):
            return feature.type
    return "field"


class _Joiner:
    """Union-find over (placement, feature index) segments."""

    def __init__(self) -> None:
        self.parent: dict[tuple[int, int], tuple[int, int]] = {}

    def add(self, node: tuple[int, int]) -> None:
        self.parent.setdefault(node, node)

    def root(self, node: tuple[int, int]) -> tuple[int, int]:
        while self.parent[node] != node:
            self.parent[node] = self.parent[self.parent[node]]
            node = self.parent[node]
        return node

    def join(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


@dataclass
class _Layout:
    board: Board
    grid: dict[tuple[int, int], int]
    kinds: list[TileType]
    problems: list[BoardProblem]


def _layout(board: Board) -> _Layout:
    """The grid of placements, with unknown tiles, overlaps and split boards reported."""
    grid: dict[tuple[int, int], int] = {}
    kinds: list[TileType] = []
    problems: list[BoardProblem] = []
    for index, placement in enumerate(board.placements):
        tile = board.tiles.get(placement.tile)
        if tile is None:
            problems.append(BoardProblem("unknown-tile", f"no tile type {placement.tile!r} in the catalogue "
                                         "or in this file's tile_types", ("board", index, "tile")))
            tile = TileType(placement.tile, (), known=False)
        elif not tile.known:
            problems.append(BoardProblem("unknown-tile", f"the layout of tile {placement.tile!r} is not known, "
                                         "so it cannot be placed on a board", ("board", index, "tile")))
        kinds.append(tile)
        square = (placement.x, placement.y)
        if square in grid:
            problems.append(BoardProblem("board-overlap", f"square {list(square)} already holds the tile of "
                                         f"board entry {grid[square] + 1}", ("board", index, "at")))
        else:
            grid[square] = index
    problems += _split(grid)
    return _Layout(board, grid, kinds, problems)


def _split(grid: Mapping[tuple[int, int], int]) -> list[BoardProblem]:
    if not grid:
        return []
    start = min(grid.values())
    first = next(sq for sq, i in grid.items() if i == start)
    seen, todo = {first}, [first]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEP.values():
            square = (x + dx, y + dy)
            if square in grid and square not in seen:
                seen.add(square)
                todo.append(square)
    apart = sorted(i for sq, i in grid.items() if sq not in seen)
    return [BoardProblem("board-split", f"this tile touches no tile of the part that holds board entry {start + 1}; "
                         "a board is one connected landscape", ("board", i, "at")) for i in apart[:1]]


def _join(layout: _Layout, joiner: _Joiner) -> None:
    """Join segments across every shared side; report sides whose two halves do not match."""
    placements = layout.board.placements
    for square, index in layout.grid.items():
        for node in range(len(layout.kinds[index].features)):
            joiner.add((index, node))
    for (x, y), index in layout.grid.items():
        for side in ("E", "S"):
            dx, dy = STEP[side]
            other = layout.grid.get((x + dx, y + dy))
            if other is None:
                continue
            here, there = layout.kinds[index], layout.kinds[other]
            turn, turn2 = placements[index].turn, placements[other].turn
            mine, theirs = side_kind(here, turn, side), side_kind(there, turn2, opposite(side))
            if not here.known or not there.known:
                continue
            if mine != theirs:
                layout.problems.append(BoardProblem(
                    "edge-mismatch", f"the {side} side of this tile is {mine}, but the tile at "
                    f"{[x + dx, y + dy]} shows {theirs} on the side it meets", ("board", index, "at")))
                continue
            for f, feature in enumerate(here.features):
                for edge in feature.edges:
                    at = turned(edge, turn)
                    target = None
                    if lies_on(feature.type) == "sides" and at == side:
                        target = opposite(side)
                    elif lies_on(feature.type) == "halves" and at[0] == side:
                        target = facing(at)
                    if target is None:
                        continue
                    for g, theirs_feature in enumerate(there.features):
                        if any(turned(e, turn2) == target for e in theirs_feature.edges):
                            joiner.join((index, f), (other, g))


def _locate(layout: _Layout, figure: Figure) -> tuple[int, int] | None:
    index = layout.grid.get((figure.x, figure.y))
    if index is None:
        return None
    turn = layout.board.placements[index].turn
    for f, feature in enumerate(layout.kinds[index].features):
        if figure.location == "cloister" and lies_on(feature.type) == "none":
            return index, f
        if any(turned(e, turn) == figure.location for e in feature.edges):
            return index, f
    return None


def _place_figures(layout: _Layout, joiner: _Joiner) -> dict[tuple[int, int], list[int]]:
    """Which figures stand on which joined feature; figures off the board are reported."""
    on: dict[tuple[int, int], list[int]] = {}
    for number, figure in enumerate(layout.board.figures):
        where = ("figures", number)
        index = layout.grid.get((figure.x, figure.y))
        if index is None:
            layout.problems.append(BoardProblem("figure-no-tile", f"no tile lies on square {[figure.x, figure.y]}",
                                                where + ("at",)))
            continue
        node = _locate(layout, figure)
        kind = layout.kinds[index].features[node[1]].type if node else None
        if node is None:
            layout.problems.append(BoardProblem("figure-location", f"the tile on {[figure.x, figure.y]} has nothing "
                                                f"at {figure.location!r} (as it lies, turned)", where + ("location",)))
            continue
        allowed = carriers(figure.figure) if figure.figure in MAGIC else None
        if figure.figure == PIG:
            allowed = carriers("pigs")
        if allowed is not None and kind not in allowed:
            layout.problems.append(BoardProblem("figure-location", f"the {figure.figure} stands on a "
                                                f"{' or a '.join(allowed)}, not on a {kind}", where + ("location",)))
            continue
        on.setdefault(joiner.root(node), []).append(number)
    return on


def _check_magic(layout: _Layout, on: Mapping[tuple[int, int], list[int]]) -> None:
    figures = layout.board.figures
    for kind in MAGIC:
        placed = [i for i, f in enumerate(figures) if f.figure == kind]
        for extra in placed[1:]:
            layout.problems.append(BoardProblem(too_many_code(kind), f"the game has one {kind}, already placed as figure "
                                                f"{placed[0] + 1}", ("figures", extra, "figure")))
    for numbers in on.values():
        kinds = {figures[n].figure: n for n in numbers}
        if all(figure in kinds for figure in MAGIC):
            layout.problems.append(BoardProblem("mage-and-witch", "the mage and the witch are never on the same "
                                                "feature, but these two are joined into one",
                                                ("figures", kinds[MAGIC[-1]], "location")))
    _check_pigs(layout, on)


def _check_pigs(layout: _Layout, on: Mapping[tuple[int, int], list[int]]) -> None:
    """One pig per player, each in a field where its player has a farmer."""
    figures = layout.board.figures
    first: dict[str, int] = {}
    for number, figure in enumerate(figures):
        if figure.figure != PIG:
            continue
        if figure.player in first:
            layout.problems.append(BoardProblem("too-many-pigs", f"{figure.player} has one pig, already placed as "
                                                f"figure {first[figure.player] + 1}", ("figures", number, "figure")))
        first.setdefault(figure.player, number)
    for numbers in on.values():
        farmers = {figures[n].player for n in numbers if figures[n].figure in STRENGTH}
        for n in numbers:
            if figures[n].figure == PIG and figures[n].player not in farmers:
                layout.problems.append(BoardProblem("pig-without-farmer", f"the pig of {figures[n].player} stands in "
                                                    f"a field where {figures[n].player} has no farmer",
                                                    ("figures", n, "location")))


def _cells(layout: _Layout, segments: Iterable[tuple[int, int]], kind: str) -> tuple[tuple[int, int], ...]:
    squares = {(layout.board.placements[p].x, layout.board.placements[p].y) for p, _ in segments}
    if lies_on(kind) == "none":
        (x, y), = squares  # a cloister never joins another tile's feature
        squares |= {(x + dx, y + dy) for dx, dy in NEIGHBOURS if (x + dx, y + dy) in layout.grid}
    return tuple(sorted(squares, key=lambda s: (s[1], s[0])))


def _is_open(layout: _Layout, segment: tuple[int, int]) -> bool:
    index, f = segment
    placement = layout.board.placements[index]
    feature = layout.kinds[index].features[f]
    if lies_on(feature.type) == "none":
        return any((placement.x + dx, placement.y + dy) not in layout.grid for dx, dy in NEIGHBOURS)
    if not FEATURE_KINDS[feature.type].has_tiles:
        return True  # a field is never complete
    for edge in feature.edges:
        dx, dy = STEP[turned(edge, placement.turn)]
        if (placement.x + dx, placement.y + dy) not in layout.grid:
            return True
    return False


def _groups(layout: _Layout, joiner: _Joiner) -> list[list[tuple[int, int]]]:
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for index in sorted(layout.grid.values()):
        for f in range(len(layout.kinds[index].features)):
            groups.setdefault(joiner.root((index, f)), []).append((index, f))
    return list(groups.values())


def _field_cities(layout: _Layout, joiner: _Joiner, segments: list[tuple[int, int]]) -> set[tuple[int, int]]:
    roots = set()
    for index, f in segments:
        tile = layout.kinds[index]
        for side in tile.features[f].cities:
            for g, other in enumerate(tile.features):
                if other.type == "city" and side in other.edges:
                    roots.add(joiner.root((index, g)))
    return roots


def _build(layout: _Layout, joiner: _Joiner, on: Mapping[tuple[int, int], list[int]]) -> list[BoardFeature]:
    figures = layout.board.figures
    groups = _groups(layout, joiner)
    info: dict[tuple[int, int], dict] = {}
    counters: dict[str, int] = {}
    for segments in groups:
        root = joiner.root(segments[0])
        kind = layout.kinds[root[0]].features[root[1]].type
        counters[kind] = counters.get(kind, 0) + 1
        info[root] = {"number": counters[kind], "type": kind,
                      "complete": FEATURE_KINDS[kind].has_tiles and not any(_is_open(layout, s) for s in segments)}
    found = []
    for segments in groups:
        root = joiner.root(segments[0])
        kind, tiles = info[root]["type"], [layout.kinds[p].features[f] for p, f in segments]
        standing = sorted(on.get(root, []))
        followers: dict[str, int] = {}
        for n in standing:
            if figures[n].figure in STRENGTH:
                followers[figures[n].player] = followers.get(figures[n].player, 0) + STRENGTH[figures[n].figure]
        cities = ()
        if lies_on(kind) == "halves":
            near = [info[r] for r in _field_cities(layout, joiner, segments) if info[r]["complete"]]
            cities = tuple(sorted((f"city {c['number']}" for c in near), key=lambda n: int(n.split()[1])))
        found.append(BoardFeature(
            number=info[root]["number"], type=kind, cells=_cells(layout, segments, kind),
            complete=info[root]["complete"], pennants=sum(t.pennants for t in tiles),
            inn=any(t.inn for t in tiles), cathedral=any(t.cathedral for t in tiles),
            mage=any(figures[n].figure == "mage" for n in standing),
            witch=any(figures[n].figure == "witch" for n in standing),
            followers=dict(sorted(followers.items())), figures=tuple(standing), cities=cities,
            pigs=tuple(sorted({figures[n].player for n in standing if figures[n].figure == PIG})),
            segments=tuple(segments)))
    return found


def read_board(board: Board) -> tuple[list[BoardFeature], list[BoardProblem]]:
    """Every feature on the board, in the order their first tile was placed, or the board's problems."""
    layout = _layout(board)
    joiner = _Joiner()
    _join(layout, joiner)
    on = _place_figures(layout, joiner)
    _check_magic(layout, on)
    if layout.problems:
        return [], layout.problems
    return _build(layout, joiner, on), []


def scored(features: Iterable[BoardFeature], scoring: str) -> list[BoardFeature]:
    """The features a scoring moment scores.

    During the game: every completed city, road and cloister with a figure on it. At the
    end: every feature with a figure on it, fields included, by end-of-game rules.
    """
    if scoring == "during-game":
        return [f for f in features if f.has_figure and f.complete and FEATURE_KINDS[f.type].scored_during_game]
    return [f for f in features if f.has_figure]


def board_scenario(features: list[BoardFeature], scoring: str, edition: str,
                   goods: Mapping[str, Mapping[str, int]] | None = None) -> Scenario:
    """The scenario a board gives; ``goods`` are the tokens each player holds, which a board cannot show."""
    chosen = scored(features, scoring)
    return Scenario(tuple(f.to_feature() for f in chosen), scoring, edition,  # type: ignore[arg-type]
                    goods=goods or {})


def players(board: Board) -> tuple[str, ...]:
    """Every player with a follower on the board, sorted."""
    return tuple(sorted({f.player for f in board.figures if f.figure in STRENGTH and f.player}))


