"""Whether a board can arise in a game played by the rules, and one order of play that gives it.

A board shows where the game stands; the rules say how it got there (:mod:`.play` has the
turns and the search). Two followers may share a feature only when a later tile joined
theirs, and a completed feature still holding figures was completed by the last tile (or
not at all, when the position is the end of the game). What the final board alone rules
out is found here before any search; a failed search is explained in words. Pure, like
the rest of the scorer: standard library only.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from generator.scorer import board as boards
from generator.scorer.play import (MAGIC_SYMBOL, MODELLED, STATE_LIMIT, Game, Part, Search, Turn, Undecided,
                                   Verdict, Why, game_of, present, river_allows, river_end, where)

__all__ = ["MAGIC_SYMBOL", "STATE_LIMIT", "Turn", "Verdict", "check", "numbered"]


def _problem(why: Why) -> boards.BoardProblem:
    return boards.BoardProblem("impossible-board", why[1], why[0])


def _one_a_turn(game: Game) -> list[Why]:
    """A player places one figure a turn, on the tile just placed: two owned figures on one tile cannot be."""
    found, first = [], {}
    for number, figure in enumerate(game.board.figures):
        if figure.figure not in boards.OWNED or number not in game.seg_of:
            continue
        tile = game.seg_of[number][0]
        if tile in first:
            found.append((("figures", number, "at"), f"{where(game, number)} stands on the tile of "
                          f"{where(game, first[tile])}, but a player places one figure a turn, on the tile just placed"))
        first.setdefault(tile, number)
    return found


def _supply(game: Game, supply: Mapping[str, int]) -> list[Why]:
    """No player has more figures of a kind on the board than the ruleset gives them."""
    found, count = [], {}
    for number, figure in enumerate(game.board.figures):
        if figure.figure not in supply:
            continue
        key = (figure.player, figure.figure)
        count[key] = count.get(key, 0) + 1
        if count[key] == supply[figure.figure] + 1:
            name = figure.figure.replace("-", " ")
            found.append((("figures", number, "figure"), f"{figure.player} has {supply[figure.figure]} {name}(s) "
                          f"under this ruleset, and this is one more"))
    return found


def _end_state(game: Game) -> list[Why]:
    """What the final board alone rules out: occupied completed features the last tile cannot explain."""
    whole = Part(game, game.all_tiles)
    standing = present(game, game.all_tiles, (1 << len(game.magic)) - 1)
    closed = {}
    for number in standing:
        root = whole.root(game.seg_of[number])
        if whole.complete(root):
            closed.setdefault(root, number)
    found: list[Why] = []
    if game.final:
        for root, number in closed.items():
            kind = game.layout.kinds[root[0]].features[root[1]].type
            found.append((("figures", number, "location"), f"the {kind} of {where(game, number)} is complete, so it "
                          "was scored during the game and its figures went home; at the end no figure stands on it"))
        return found
    last = None
    for root, number in closed.items():
        tiles = {index for index, _ in whole.members(root)}
        if boards.lies_on(game.layout.kinds[root[0]].features[root[1]].type) == "none":
            tiles |= {i for i in range(len(game.board.placements)) if game.near_all[root[0]] >> i & 1}
        last = tiles if last is None else last & tiles
        if not last:
            found.append((("figures", number, "location"), f"{where(game, number)} stands on a completed feature "
                          "that the tile completing the others' does not touch: only the last tile's completions "
                          "still hold their figures"))
            break
    return found


def _magic_tiles(game: Game) -> list[Why]:
    found = []
    if game.magic and not game.magic_tiles:
        for number in game.magic:
            found.append((("figures", number, "figure"), f"the {game.board.figures[number].figure} moves only when a "
                          "tile with the mage symbol is placed, and no tile on this board shows one"))
    if len(game.magic) > len(game.magic_tiles):
        found.append((("figures", game.magic[-1], "figure"), "each tile with the mage symbol moves the mage or the "
                      "witch, so the board needs one such tile for each of them"))
    return found[:len(game.magic)]


def _stated(game: Game, stated: Sequence[int]) -> list[Why]:
    found, mask = [], 0
    for depth, tile in enumerate(stated):
        if depth and not game.near[tile] & mask:
            found.append((("board", tile, "order"), f"turn {depth + 1} places a tile that touches no tile placed before it"))
        elif not river_allows(game, mask, tile):
            found.append((("board", tile, "order"), f"turn {depth + 1} breaks the River's order: the spring first, "
                          "then each river tile extending the river, the lake last, and land tiles only after them"))
        mask |= 1 << tile
    return found


def _river(game: Game) -> list[Why]:
    """The River's tiles are laid first, each extending the river: on the board they form one river."""
    if not game.river:
        return []
    spring = game.ends[0]
    ends = [t for t in range(len(game.board.placements)) if game.river >> t & 1 and river_end(game, t)]
    start = spring.bit_length() - 1 if spring else (ends[0] if ends else None)
    seen, todo = set(), [start] if start is not None else []
    while todo:
        tile = todo.pop()
        seen.add(tile)
        todo += [t for t in range(len(game.board.placements)) if game.river_near[tile] >> t & 1 and t not in seen]
    apart = [t for t in range(len(game.board.placements)) if game.river >> t & 1 and t not in seen]
    if apart:
        return [(("board", apart[0], "tile"), "this tile's river does not continue the river of the other River "
                 "tiles: they are laid before any land tile, each extending the river, so they form one river")]
    return []


# The diagnosis of a failed search tries this many pairs of followers, each searched this far:
# a reason in words is worth a bounded effort, not another full search per pair.
PAIRS_TRIED = 20
PAIR_LIMIT = 2_000


def _pairs(game: Game) -> list[Why]:
    """Two followers of one feature that no order lets both be placed: the usual reason, named.

    Segments joined directly across the side their two tiles share meet whichever tile comes
    second, so such a pair needs no search; other pairs get a small bounded one each."""
    whole = Part(game, game.all_tiles)
    followers = sorted(n for n in game.owned_on.values() if game.board.figures[n].figure in boards.STRENGTH)
    pairs = [(e, l) for l in followers for e in followers
             if e < l and whole.root(game.seg_of[e]) == whole.root(game.seg_of[l])]
    direct = {frozenset(pair) for pair in game.joins}
    pairs.sort(key=lambda p: frozenset((game.seg_of[p[0]], game.seg_of[p[1]])) not in direct)
    for earlier, later in pairs[:PAIRS_TRIED]:
        if frozenset((game.seg_of[earlier], game.seg_of[later])) not in direct:
            both = {game.seg_of[n][0]: n for n in (earlier, later)}
            try:
                if Search(Game(**{**game.__dict__, "owned_on": both, "magic": ()}), None, PAIR_LIMIT).run():
                    continue
            except Undecided:
                continue
        kind = game.layout.kinds[game.seg_of[later][0]].features[game.seg_of[later][1]].type
        return [(("figures", later, "location"), f"{where(game, later)} would join the {kind} of "
                 f"{where(game, earlier)} in every order that places both")]
    return []


def check(board: boards.Board, scoring: str, supply: Mapping[str, int], stated: Sequence[int] | None = None,
          limit: int = STATE_LIMIT, unseen_magic: bool = False) -> Verdict:
    """Whether ``board`` can arise in a game, with one order of play that gives it.

    ``board`` must already read without problems (:func:`~generator.scorer.board.read_board`);
    ``supply`` is each player's number of figures of each owned kind under the ruleset;
    ``stated`` is an order the example gives itself (board entry indexes, first turn first),
    which is then verified instead of searched. ``unseen_magic``: the example says the tiles with
    the mage symbol that moved the mage and the witch are not drawn (no source gives their
    layout), so a move may come in any turn; everything else about the move is still checked.
    """
    game = game_of(board, scoring, unseen_magic)
    warnings = tuple(boards.BoardProblem("figure-not-modelled", f"the check does not know the rules of the "
                                         f"{f.figure}, so it cannot tell how the {f.figure} got there",
                                         ("figures", n, "figure"), level="warning")
                     for n, f in enumerate(board.figures) if f.figure not in MODELLED)
    found = _one_a_turn(game) + _supply(game, supply) + _end_state(game) + _magic_tiles(game) + _river(game)
    if stated is not None:
        found += _stated(game, stated)
    if found:
        return Verdict(problems=tuple(_problem(w) for w in found), warnings=warnings)
    search = Search(game, tuple(stated) if stated is not None else None, limit)
    try:
        order = search.run()
    except Undecided:
        return Verdict(warnings=warnings + (boards.BoardProblem(
            "board-undecided", f"the search for an order of play passed {limit} states without an answer, so "
            "whether this board can arise is not known", ("board",), level="warning"),), states=search.states)
    if order is not None:
        return Verdict(order=order, warnings=warnings, states=search.states)
    reasons = [] if stated is not None else _pairs(game)
    if not reasons:
        why = search.deepest[1] or (("board",), "no order of placing these tiles lets every figure stand where it does")
        reasons = [why if stated is not None else (why[0], f"in every order of play something fails; the furthest "
                                                             f"order gets stuck because {why[1]}")]
    return Verdict(problems=tuple(_problem(w) for w in reasons), warnings=warnings, states=search.states)


def numbered(order: Sequence[Turn]) -> dict[int, int]:
    """Board entry -> the turn (from 1) that placed it."""
    return {turn.tile: number for number, turn in enumerate(order, 1)}
