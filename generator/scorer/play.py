"""The turns of a game: what one turn may do to a board, and the search for an order of turns.

A player places one tile a turn, touching the tiles already down, and then at most one figure, on that tile,
onto a feature nobody occupies *as it stands then*; a tile with the mage symbol also moves
the mage or the witch onto an unfinished city or road; a feature that a tile completes is
scored at once and its figures go home. Whether a turn is allowed depends only on the set
of tiles placed so far (plus which of the mage and the witch stand where they end), so the
search remembers dead sets and never searches one twice. :mod:`.legality` uses it to
decide whether a board can arise. Pure, like the rest of the scorer: standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from generator.scorer import board as boards
from generator.scorer.features import FEATURE_KINDS
from generator.scorer.features import FIGURES as MAGIC

# The figures whose rules the check knows; any other figure on a board is reported as not
# modelled (a warning), so a board is never passed on rules the check does not apply.
MODELLED: tuple[str, ...] = (*boards.OWNED, *MAGIC)
# The symbol that makes a tile move the mage or the witch (Mage & Witch).
MAGIC_SYMBOL = "mage"
# Far above what any real board needs (the corpus needs under a hundred states): the search
# stops at this many states, or at WORK_LIMIT segments copied into parts (a huge board's
# states cost more each), and says the board is undecided rather than run on.
STATE_LIMIT = 200_000
WORK_LIMIT = 5_000_000

Segment = tuple[int, int]


@dataclass(frozen=True)
class Turn:
    """One turn of the order found: the board entry placed and the figures it brought."""

    tile: int
    figure: int | None = None
    """Index of the follower or pig placed on it, if any."""
    magic: int | None = None
    """Index of the mage or witch moved to where it stands now, if this turn did."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of the check: an order (legal) or the problems (impossible)."""

    order: tuple[Turn, ...] = ()
    problems: tuple[boards.BoardProblem, ...] = ()
    warnings: tuple[boards.BoardProblem, ...] = ()
    states: int = 0
    """How many states the search visited (the benchmark reports it)."""

    @property
    def legal(self) -> bool:
        return not self.problems


@dataclass
class Game:
    """The board's fixed facts, worked out once: segments, joins, figures and their segments."""

    board: boards.Board
    layout: boards._Layout
    joins: list[tuple[Segment, Segment]]
    seg_of: dict[int, Segment]
    owned_on: dict[int, int]
    """Tile index -> the owned figure standing on it."""
    magic: tuple[int, ...]
    final: bool
    magic_tiles: frozenset[int]
    all_tiles: int
    near: tuple[int, ...]
    """Per board entry, a bit mask of the entries on the squares beside it."""
    near_all: tuple[int, ...]
    """Per board entry, itself and the entries on the eight squares around it (a cloister's tiles)."""
    joins_of: dict[int, list[tuple[Segment, Segment]]]
    """Per board entry, the joins it takes part in."""
    river: int = 0
    """The River: a bit mask of the board entries with a river; all of them come before any land tile."""
    river_near: tuple[int, ...] = ()
    """Per board entry, the river entries its own river meets across a side."""
    ends: tuple[int, int] = (0, 0)
    """Bit masks of the spring (the first river tile) and the lake (the last)."""


class Recorder(boards._Joiner):
    """A joiner that also keeps every join, so features can be worked out for part of the board."""

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[tuple[Segment, Segment]] = []

    def join(self, a: Segment, b: Segment) -> None:
        self.pairs.append((a, b))
        super().join(a, b)


def game_of(board: boards.Board, scoring: str, unseen_magic: bool = False) -> Game:
    layout = boards._layout(board)
    recorder = Recorder()
    boards._join(layout, recorder)
    seg_of = {n: s for n, f in enumerate(board.figures) if (s := boards._locate(layout, f)) is not None}
    owned_on: dict[int, int] = {}
    for number, figure in enumerate(board.figures):
        if figure.figure in boards.OWNED and number in seg_of:
            owned_on.setdefault(seg_of[number][0], number)
    magic = tuple(n for n, f in enumerate(board.figures) if f.figure in MAGIC and n in seg_of)
    magic_tiles = frozenset(i for i, t in enumerate(layout.kinds) if unseen_magic or MAGIC_SYMBOL in t.symbols)
    near = tuple(sum(1 << layout.grid[(p.x + dx, p.y + dy)] for dx, dy in boards.STEP.values()
                     if (p.x + dx, p.y + dy) in layout.grid) for p in board.placements)
    return Game(board, layout, recorder.pairs, seg_of, owned_on, magic, scoring == "final", magic_tiles,
                 (1 << len(board.placements)) - 1, near,
                 tuple(1 << i | sum(1 << layout.grid[(p.x + dx, p.y + dy)] for dx, dy in boards.NEIGHBOURS
                                    if (p.x + dx, p.y + dy) in layout.grid) for i, p in enumerate(board.placements)),
                 joins_of_pairs(recorder.pairs), *_river_of(layout))


def _river_of(layout: boards._Layout) -> tuple[int, tuple[int, ...], tuple[int, int]]:
    """The River's tiles on the board, whose river each meets, and where the spring and the lake are."""
    kinds, placements = layout.kinds, layout.board.placements
    river = sum(1 << i for i, kind in enumerate(kinds) if kind.river)
    meets = []
    for i, p in enumerate(placements):
        squares = [(p.x + boards.STEP[boards.turned(s, p.turn)][0], p.y + boards.STEP[boards.turned(s, p.turn)][1])
                   for s in kinds[i].river]
        meets.append(sum(1 << layout.grid[q] for q in squares if q in layout.grid and kinds[layout.grid[q]].river))
    spring = sum(1 << i for i, kind in enumerate(kinds) if kind.spring)
    lake = sum(1 << i for i, kind in enumerate(kinds) if kind.lake)
    return river, tuple(meets), (spring, lake)


def river_end(game: Game, tile: int) -> bool:
    """Whether ``tile``'s river meets at most one other river tile on the board: an end of its stretch."""
    return bin(game.river_near[tile]).count("1") <= 1


def river_allows(game: Game, mask: int, tile: int) -> bool:
    """The River's order (its rules: the spring starts the river, each river tile extends it,
    the lake closes it, and only then are land tiles drawn): may ``tile`` follow the tiles of ``mask``?"""
    if not game.river:
        return True
    spring, lake = game.ends
    if not game.river >> tile & 1:
        return not game.river & ~mask  # land only once every river tile of the board is down
    if spring and not mask:
        return bool(spring >> tile & 1)
    if mask & lake:
        return False  # the lake closed the river
    if lake >> tile & 1 and game.river & ~mask & ~(1 << tile):
        return False  # the lake is the last river tile
    if not mask & game.river:
        # The river grows at one open end; the first river tile seen here is an end of it.
        return river_end(game, tile)
    return bool(game.river_near[tile] & mask)


def joins_of_pairs(pairs: list[tuple[Segment, Segment]]) -> dict[int, list[tuple[Segment, Segment]]]:
    found: dict[int, list[tuple[Segment, Segment]]] = {}
    for a, b in pairs:
        found.setdefault(a[0], []).append((a, b))
        if b[0] != a[0]:
            found.setdefault(b[0], []).append((a, b))
    return found


def where(game: Game, number: int) -> str:
    figure = game.board.figures[number]
    kind = game.layout.kinds[game.seg_of[number][0]].features[game.seg_of[number][1]].type
    name = FEATURE_KINDS[kind].role if figure.figure == "follower" else figure.figure.replace("-", " ")
    owner = f"{figure.player}'s " if figure.player else "the "
    return f"{owner}{name} at ({figure.x},{figure.y})"


class Part:
    """The features of the tiles placed so far (a bit mask of board entries)."""

    def __init__(self, game: Game, mask: int) -> None:
        self.game, self.mask = game, mask
        self.parent: dict[Segment, Segment] = {}
        for a, b in game.joins:
            if mask >> a[0] & 1 and mask >> b[0] & 1:
                self._union(a, b)

    def plus(self, tile: int) -> Part:
        """The features once ``tile`` is placed too: this part's joins and the new tile's."""
        part = Part.__new__(Part)
        part.game, part.mask, part.parent = self.game, self.mask | 1 << tile, dict(self.parent)
        for a, b in self.game.joins_of.get(tile, ()):
            if part.mask >> a[0] & 1 and part.mask >> b[0] & 1:
                part._union(a, b)
        return part

    def root(self, node: Segment) -> Segment:
        path = []
        while node in self.parent and self.parent[node] != node:
            path.append(node)
            node = self.parent[node]
        for step in path:
            self.parent[step] = node
        return node

    def _union(self, a: Segment, b: Segment) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def members(self, root: Segment) -> list[Segment]:
        placed = [i for i in range(len(self.game.layout.kinds)) if self.mask >> i & 1]
        return [(i, f) for i in placed for f in range(len(self.game.layout.kinds[i].features))
                if self.root((i, f)) == root]

    def complete(self, root: Segment) -> bool:
        """Whether the feature of ``root`` is closed with only the placed tiles."""
        layout, grid = self.game.layout, self.game.layout.grid
        for index, f in self.members(root):
            feature, placement = layout.kinds[index].features[f], layout.board.placements[index]
            kind = boards.lies_on(feature.type)
            if kind == "halves":
                return False
            if kind == "none":
                around = [(placement.x + dx, placement.y + dy) for dx, dy in boards.NEIGHBOURS]
            else:
                around = [(placement.x + boards.STEP[boards.turned(e, placement.turn)][0],
                           placement.y + boards.STEP[boards.turned(e, placement.turn)][1]) for e in feature.edges]
            if any(square not in grid or not self.mask >> grid[square] & 1 for square in around):
                return False
        return True


Why = tuple[boards.Path, str]
"""Where a turn fails (a path into the scenario) and why, in words."""


def present(game: Game, mask: int, magic_done: int) -> list[int]:
    """The figures standing on the part placed so far: owned ones with their tiles, magic ones once moved."""
    owned = [n for tile, n in game.owned_on.items() if mask >> tile & 1]
    return owned + [m for i, m in enumerate(game.magic) if magic_done >> i & 1]


def _occupied(game: Game, part: Part, mask: int, number: int) -> Why | None:
    """Why the figure on the tile just placed could not be put there, or None."""
    root = part.root(game.seg_of[number])
    others = [n for n in present(game, mask, 0) if part.root(game.seg_of[n]) == root]
    figure = game.board.figures[number]
    spot = ("figures", number, "location")
    if figure.figure == boards.PIG:
        if not any(game.board.figures[n].player == figure.player and game.board.figures[n].figure in boards.STRENGTH
                   for n in others):
            return spot, f"{where(game, number)} would enter a field without a farmer of {figure.player}'s"
        return None
    if others:
        kind = game.layout.kinds[game.seg_of[number][0]].features[game.seg_of[number][1]].type
        return spot, f"{where(game, number)} would join the {kind} of {where(game, others[0])}"
    return None


def _touched(game: Game, part: Part, tile: int) -> set[Segment]:
    """The features the tile just placed may have completed: its own and the cloisters around it."""
    roots = {part.root((tile, f)) for f in range(len(game.layout.kinds[tile].features))}
    placement = game.board.placements[tile]
    for dx, dy in boards.NEIGHBOURS:
        other = game.layout.grid.get((placement.x + dx, placement.y + dy))
        if other is not None and part.mask >> other & 1:
            roots |= {(other, f) for f, feature in enumerate(game.layout.kinds[other].features)
                      if boards.lies_on(feature.type) == "none"}
    return roots


def _closing(game: Game, part: Part, tile: int, magic_done: int) -> Why | None:
    """Why completing what the tile completes is impossible: figures on it that should have gone home."""
    last = part.mask == game.all_tiles
    standing = present(game, part.mask, magic_done)
    for root in _touched(game, part, tile):
        on = [n for n in standing if part.root(game.seg_of[n]) == root]
        if not on or not part.complete(root):
            continue
        if game.final or not last:
            kind = game.layout.kinds[root[0]].features[root[1]].type
            when = "before the end of the game" if game.final else "before the last tile"
            return ("figures", on[0], "location"), (
                f"the tile at ({game.board.placements[tile].x},{game.board.placements[tile].y}) completes the {kind} "
                f"of {where(game, on[0])} {when}, so it was scored and its figures went home")
    return None


def _magic_moves(game: Game, part: Part, tile: int, magic_done: int) -> list[int]:
    """The mage or witch the tile's symbol may move to where it ends: onto its unfinished feature."""
    if tile not in game.magic_tiles:
        return []
    moves = []
    for i, number in enumerate(game.magic):
        segment = game.seg_of[number]
        if magic_done >> i & 1 or not part.mask >> segment[0] & 1 or part.complete(part.root(segment)):
            continue
        if any(magic_done >> j & 1 and part.root(game.seg_of[m]) == part.root(segment) for j, m in enumerate(game.magic)):
            continue  # the mage and the witch never share a feature
        moves.append(i)
    return moves


Option = tuple[Turn, int, "Part"]
"""A turn, which magic figures stand where they end after it, and the features it leaves."""


def _step(game: Game, base: Part, magic_done: int, tile: int) -> tuple[list[Option], Why | None]:
    """The ways placing ``tile`` after the tiles of ``base`` can go, or why it cannot."""
    mask, part = base.mask, base.plus(tile)
    figure = game.owned_on.get(tile)
    if figure is not None and (why := _occupied(game, part, mask, figure)) is not None:
        return [], why
    if (why := _closing(game, part, tile, magic_done)) is not None:
        return [], why
    done = [m for i, m in enumerate(game.magic) if magic_done >> i & 1]
    if len(done) == 2 and part.root(game.seg_of[done[0]]) == part.root(game.seg_of[done[1]]):
        return [], (("figures", done[1], "location"), "the tile would join the mage's and the witch's features")
    options = [(Turn(tile, figure, game.magic[i]), magic_done | 1 << i, part)
               for i in _magic_moves(game, part, tile, magic_done)]
    return options + [(Turn(tile, figure), magic_done, part)], None


class Undecided(Exception):
    """The search passed its bound of states without an answer."""


@dataclass
class Search:
    game: Game
    stated: tuple[int, ...] | None
    limit: int
    states: int = 0
    work: int = 0
    deepest: tuple[int, Why | None] = (-1, None)

    def candidates(self, mask: int, depth: int) -> list[int]:
        if self.stated is not None:
            return [self.stated[depth]]
        tiles = range(len(self.game.board.placements))
        if mask:
            tiles = [t for t in tiles if not mask >> t & 1 and self.game.near[t] & mask]
        tiles = [t for t in tiles if river_allows(self.game, mask, t)]
        # Tiles without a figure first: they constrain nothing, so a dead end shows sooner.
        return sorted(tiles, key=lambda t: (t in self.game.owned_on, t))

    def run(self) -> tuple[Turn, ...] | None:
        """An order that reaches the whole board, or None; raises Undecided past the bound."""
        game, dead = self.game, set()
        every_magic = (1 << len(game.magic)) - 1
        path: list[Turn] = []
        stack = [(0, 0, self._options(Part(game, 0), 0, 0))]
        while stack:
            mask, magic_done, options = stack[-1]
            if mask == game.all_tiles and magic_done == every_magic:
                return tuple(path)
            step = next(options, None)
            if step is None:
                dead.add((mask, magic_done))
                stack.pop()
                if path:
                    path.pop()
                continue
            turn, after, part = step
            state = (mask | 1 << turn.tile, after)
            if state in dead:
                continue
            self.states += 1
            if self.states > self.limit:
                raise Undecided
            path.append(turn)
            stack.append((*state, self._options(part, after, len(path))))
        return None

    def _options(self, base: Part, magic_done: int, depth: int) -> Iterator[Option]:
        """The turns that may follow, worked out one candidate tile at a time: a search that
        goes straight through never pays for the candidates it does not need."""
        mask = base.mask
        if mask == self.game.all_tiles:
            missing = [m for i, m in enumerate(self.game.magic) if not magic_done >> i & 1]
            if missing and depth >= self.deepest[0]:
                self.deepest = (depth, (("figures", missing[0], "location"), f"no turn with the mage symbol found "
                                        f"the feature of {where(self.game, missing[0])} unfinished and free of the "
                                        "other magic figure"))
            return
        for tile in self.candidates(mask, depth):
            self.work += len(base.parent) + 1
            if self.work > WORK_LIMIT:
                raise Undecided
            options, why = _step(self.game, base, magic_done, tile)
            if why is not None and depth >= self.deepest[0]:
                self.deepest = (depth, why)
            yield from options
