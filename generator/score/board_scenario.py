"""The board branch of the scenario reader: a scenario given as placed tiles and figures.

A board scenario names tiles from the catalogue (``rules_data/tiles/``) or from its own
``tile_types``, places them with quarter turns, and stands figures on them. The pure
scorer (:mod:`generator.scorer.board`) joins the tiles into features; this module only
validates the YAML, turns it into the scorer's objects and gives every problem the
scorer finds a file position. Feature types, figures and editions come from the scorer's
tables, as in the feature-level reader (:mod:`generator.score.scenario`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field

from generator import scorer
from generator.check.catalogue import type_problems
from generator.model.data import Strict
from generator.core.problem import Problem
from generator.check.rulesets import RulesetTable
from generator.scorer import board as boards
from generator.scorer import legality
from generator.scorer.ruleset import supply
from generator.read.source import PathKey, Source
from generator.model.tiles import MAX_TILE_FEATURES, Catalogue, TileFeatureSpec, TileId, tile_type
from generator.model.validate import validate
from generator.core.vocabulary import EDITIONS

PlayerName = Annotated[str, Field(min_length=1)]
# Bounds far above any real board (a game has under 200 tiles) keep the scorer, the
# drawing and every printed total small and exact whatever a file says.
MAX_PIECES = 1000
Coordinate = Annotated[int, Field(ge=-MAX_PIECES, le=MAX_PIECES)]
Square = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
# A published total: bounded so that ``rulesite score`` always prints it exactly.
Total = Annotated[int, Field(ge=-1_000_000_000, le=1_000_000_000)]
GoodsKind = Literal[scorer.GOODS]  # type: ignore[valid-type]
Tokens = Annotated[int, Field(ge=0, le=1000)]
# Traders & Builders: player to the goods tokens they hold at the end of the game. A board
# cannot show who completed each city with goods symbols, so a scenario states the tokens.
Goods = Annotated[dict[PlayerName, dict[GoodsKind, Tokens]], Field(max_length=100)]
GOODS_DOC = ("Traders & Builders, final scoring only: the goods tokens each player holds (player to wine, grain "
             "and cloth counts). The player who completed a city with goods symbols took its tokens, whoever had "
             "followers in it.")


def goods_during_game(source: Source, base: PathKey, data: dict[str, Any]) -> list[Problem]:
    """Goods tokens score only at the end of the game (the feature-level reader checks the same)."""
    if data.get("goods") and data.get("scoring") == "during-game":
        return [source.problem(base + ("goods",), "goods-during-game",
                               "goods tokens score only at the end of the game; use scoring: final", at_key=True)]
    return []


# A side for what lies on sides, a half-edge for a field, or the name of a type that lies on its own square.
Location = Literal[boards.SIDES + boards.HALVES + scorer.touching("none")]  # type: ignore[valid-type]


class TileTypeSpec(Strict):
    """A tile type defined in the scenario itself (a fan tile, a hypothetical tile)."""

    features: list[TileFeatureSpec] = Field(min_length=1, max_length=MAX_TILE_FEATURES)
    """The features, by the edges they touch, as in the tile catalogue."""


class PlacedTileSpec(Strict):
    """One tile on the board."""

    tile: TileId
    """A catalogue id or an id from ``tile_types``."""
    at: Square
    """[x, y]: x grows eastward, y southward, so [0, -1] is north of [0, 0]."""
    turn: Annotated[int, Field(ge=0, le=3)] = 0
    """Clockwise quarter turns, 0 to 3."""
    order: Annotated[int, Field(ge=1, le=MAX_PIECES)] | None = None
    """The turn of play that placed it, from 1: given on every tile, the legality check verifies this
    order instead of searching for one."""


class FigureSpec(Strict):
    """A figure standing on the board."""

    figure: Literal[boards.FIGURES]  # type: ignore[valid-type]
    """What stands there; a large follower counts 2."""
    player: PlayerName | None = None
    """Whose follower it is (followers only; the mage and the witch belong to nobody)."""
    at: Square
    """The square of its tile."""
    location: Location
    """Where on that tile, as the tile lies: a side for a city or road, a half-edge for a field, or cloister."""


class BoardScenarioSpec(Strict):
    """A scoring scenario given as a board."""

    edition: Literal[EDITIONS] = EDITIONS[-1]  # type: ignore[valid-type]
    """Tile edition; chooses the default ruleset."""
    ruleset: Annotated[str, Field(min_length=1)] | None = None
    """Id of a ruleset in rules_data/rulesets.yaml; default: the edition's default ruleset."""
    scoring: Literal[scorer.SCORINGS]  # type: ignore[valid-type]
    """during-game: every completed city, road and cloister holding a figure; final: every feature holding a figure."""
    tile_types: Annotated[dict[TileId, TileTypeSpec], Field(max_length=MAX_PIECES)] = {}
    """Tile types defined in this file."""
    board: list[PlacedTileSpec] = Field(min_length=1, max_length=MAX_PIECES)
    """The placed tiles."""
    figures: list[FigureSpec] = Field([], max_length=MAX_PIECES)
    """The figures on the board."""
    goods: Goods | None = Field(None, description=GOODS_DOC)
    magic_tile_not_drawn: bool = False
    """Mage & Witch: the tiles with the mage symbol that moved the mage and the witch are not drawn,
    because no source gives the layout of this edition's such tiles. Refused where the catalogue
    has one to draw."""
    expect: dict[PlayerName, Total] | None = None
    """Published totals per player, confirmed by ``rulesite score``."""


@dataclass(frozen=True)
class BoardView:
    """What a board scenario holds besides its scenario: the board, every feature on it, those scored."""

    board: boards.Board
    features: tuple[boards.BoardFeature, ...]
    scored: tuple[boards.BoardFeature, ...]
    players: tuple[str, ...]
    order: tuple[legality.Turn, ...] = ()
    """One order of play that gives this board (the stated one, or the one the check found)."""
    stated: bool = False
    """Whether the example states its order itself."""


def _figure_problems(source: Source, base: PathKey, spec: BoardScenarioSpec) -> list[Problem]:
    found = []
    for index, figure in enumerate(spec.figures):
        where = base + ("figures", index)
        if figure.figure in boards.OWNED and figure.player is None:
            found.append(source.problem(where, "missing-key", f"a {figure.figure} belongs to a player; give player"))
        if figure.figure in boards.MAGIC and figure.player is not None:
            found.append(source.problem(where + ("player",), "bad-value",
                                        f"the {figure.figure} belongs to no player"))
    players = {f.player for f in spec.figures if f.figure in boards.STRENGTH and f.player} | set(spec.goods or {})
    for player in spec.expect or {}:
        if player not in players:
            found.append(source.problem(base + ("expect", player), "unknown-player",
                                        f"{player!r} has no follower on this board", at_key=True))
    return found


def _board(spec: BoardScenarioSpec, catalogue: Catalogue) -> boards.Board:
    types = dict(catalogue.types)
    types.update({tid: tile_type(tid, t.features) for tid, t in spec.tile_types.items()})
    return boards.Board(
        types,
        tuple(boards.Placement(p.tile, p.at[0], p.at[1], p.turn) for p in spec.board),
        tuple(boards.Figure(f.figure, f.at[0], f.at[1], f.location, f.player or "") for f in spec.figures))


def source_at(source: Source, base: PathKey) -> Any:
    """The raw mapping at ``base`` of a parsed file, or None."""
    data: Any = source.data
    for key in base:
        data = data.get(key) if isinstance(data, dict) else None
    return data if isinstance(data, dict) else {}


@dataclass(frozen=True)
class BoardRead:
    """A read board scenario; :func:`generator.score.scenario.read_scenario` makes it a ScenarioDoc."""

    scenario: scorer.Scenario
    ruleset: str
    """Id of the ruleset to apply: the one named, or the edition's default."""
    expect: dict[str, int] | None
    view: BoardView
    warnings: tuple[Problem, ...] = ()
    """What the legality check could not decide or model (level warning)."""


def read_board_scenario(source: Source, base: PathKey, table: RulesetTable,
                        catalogue: Catalogue) -> tuple[BoardRead | None, list[Problem]]:
    """The board, its features and the scenario the scorer scores, or every problem found."""
    spec, problems = validate(source, BoardScenarioSpec, base)
    if spec is None:
        return None, problems
    for tile_id, tile in spec.tile_types.items():
        problems += type_problems(source, base + ("tile_types", tile_id), tile_id, tile.features)
    problems += _figure_problems(source, base, spec)
    problems += goods_during_game(source, base, source_at(source, base))
    if spec.ruleset is not None and spec.ruleset not in table:
        problems.append(source.problem(base + ("ruleset",), "unknown-ruleset",
                                       f"no ruleset {spec.ruleset!r}; known: {', '.join(sorted(table))}"))
    if problems:
        return None, sorted(set(problems))
    board = _board(spec, catalogue)
    features, found = boards.read_board(board)
    if found:
        return None, sorted({source.problem(base + p.path, p.code, p.message, at_key=p.at_key) for p in found})
    try:
        scenario = boards.board_scenario(features, spec.scoring, spec.edition, spec.goods)
    except scorer.ScoringError as exc:
        return None, [source.problem(base + ("board",), "impossible", str(exc))]
    name = spec.ruleset or table.for_edition(spec.edition)
    stated, problems = _stated_order(source, base, spec)
    if problems:
        return None, problems
    problems = _unseen_magic(source, base, spec, catalogue)
    if problems:
        return None, problems
    verdict = legality.check(board, spec.scoring, supply(table.rules(name)), stated,
                             unseen_magic=spec.magic_tile_not_drawn)

    def at(found: tuple[boards.BoardProblem, ...]) -> list[Problem]:
        return sorted({source.problem(base + p.path, p.code, p.message, p.level) for p in found})

    if not verdict.legal:
        return None, at(verdict.problems)
    players = tuple(sorted(set(boards.players(board)) | set(spec.goods or {})))
    view = BoardView(board, tuple(features), tuple(boards.scored(features, spec.scoring)), players,
                     verdict.order, stated is not None)
    return BoardRead(scenario, name, dict(spec.expect) if spec.expect is not None else None, view,
                     tuple(at(verdict.warnings))), []


def _unseen_magic(source: Source, base: PathKey, spec: BoardScenarioSpec, catalogue: Catalogue) -> list[Problem]:
    """``magic_tile_not_drawn`` only where no tile with the mage symbol of the edition can be drawn."""
    if not spec.magic_tile_not_drawn:
        return []
    drawable = sorted(tid for tid, t in catalogue.types.items() if t.known and legality.MAGIC_SYMBOL in t.symbols
                      and spec.edition in catalogue.specs[tid].counts)
    if drawable:
        return [source.problem(base + ("magic_tile_not_drawn",), "bad-value", f"the catalogue has {spec.edition} "
                               f"tiles with the mage symbol ({', '.join(drawable)}): draw the one that moved the figure")]
    return []


def _stated_order(source: Source, base: PathKey, spec: BoardScenarioSpec) -> tuple[list[int] | None, list[Problem]]:
    """The order the example states (board entries, first turn first), or None; a partial or broken one is refused."""
    turns = [p.order for p in spec.board]
    if all(t is None for t in turns):
        return None, []
    found, seen = [], {}
    for index, turn in enumerate(turns):
        where = base + ("board", index)
        if turn is None:
            found.append(source.problem(where, "missing-key", "once one tile states its order, every tile does"))
        elif turn > len(turns) or turn in seen:
            found.append(source.problem(where + ("order",), "bad-value", f"order {turn} is not one of 1 to "
                                        f"{len(turns)} used once (board entry {seen.get(turn, index) + 1} has it)"))
        else:
            seen[turn] = index
    return (None, found) if found else ([seen[t] for t in sorted(seen)], [])


def board_totals(view: BoardView | None, totals: dict[str, int]) -> dict[str, int]:
    """Totals with every player who has a follower on the board, 0 included."""
    if view is None:
        return totals
    return dict(sorted({**{p: 0 for p in view.players}, **totals}.items()))


def describe_feature(feature: boards.BoardFeature) -> str:
    """One feature found on the board, in words, for ``rulesite score --explain``."""
    squares = " ".join(f"[{x}, {y}]" for x, y in feature.cells)
    kind = scorer.FEATURE_KINDS[feature.type]
    state = ("completed " if feature.complete else "unfinished ") if kind.has_tiles else ""
    parts = [f"{feature.name}: {state}{feature.type}", f"{len(feature.cells)} tile(s) {squares}"]
    if "pennants" in kind.extras:
        parts.append(f"{feature.pennants} pennant(s)")
    if "cities" in kind.extras:
        parts.append("borders " + (", ".join(feature.cities) or "no completed city"))
    for flag in ("inn", "cathedral", *scorer.FIGURES):
        if getattr(feature, flag):
            parts.append(f"the {flag}" if flag in scorer.FIGURES else f"with {'an' if flag == 'inn' else 'a'} {flag}")
    if feature.followers:
        parts.append("followers: " + ", ".join(f"{p} {s}" for p, s in feature.followers.items()))
    if feature.pigs:
        parts.append("pigs: " + ", ".join(feature.pigs))
    return "; ".join(parts)


def describe_order(view: BoardView) -> list[str]:
    """How the board can have arisen, turn by turn, for ``rulesite score --explain``."""
    board = view.board
    lines = [f"An order of play that gives this board ({'as the example states it' if view.stated else 'found by the check'}):"]
    for number, turn in enumerate(view.order, 1):
        placement = board.placements[turn.tile]
        words = [f"turn {number}: tile {placement.tile} at [{placement.x}, {placement.y}] (board entry {turn.tile + 1})"]
        for index in (turn.figure, turn.magic):
            if index is not None:
                figure = board.figures[index]
                owner = f"{figure.player}'s " if figure.player else "the "
                verb = "moved onto" if figure.figure in boards.MAGIC else "placed on"
                words.append(f"{owner}{figure.figure} {verb} {figure.location}")
        lines.append("  " + "; ".join(words))
    return lines
