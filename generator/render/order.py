"""How an example board can have arisen: its tiles numbered by turn, and one picture per turn.

The legality check (:mod:`generator.scorer.legality`) finds an order of play for every
board, or verifies the one an example states. This module draws that order: one SVG per
turn, each showing the tiles and figures placed so far with every tile's turn number in a
square badge, on the whole board's frame so the picture never jumps. The last of them is
the numbered picture shown without JavaScript; the page's step-through swaps in the
others. Like the board pictures, they hold digits only, so one set serves every language.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from markupsafe import Markup

from generator.render import svg
from generator.render.escape import attr
from generator.scorer import board as boards
from generator.scorer import legality


def turn_file(example_id: str, turn: int, base: str = "img/") -> str:
    """The picture of ``example_id`` after ``turn`` turns (example ids are safe file names)."""
    return f"{base}boards/{example_id}/turn-{turn}.svg"


def _badge(x: float, y: float, turn: int) -> str:
    """A turn number in a white square with a dark edge: unlike the round feature numbers."""
    size = 12 if turn < 10 else 10 if turn < 100 else 8
    return (f'<g class="rs-turn" data-turn="{turn}"><rect x="{x - 10:g}" y="{y - 10:g}" width="20" height="20" '
            f'rx="3" fill="#ffffff" stroke="#202020" stroke-width="1.5"/><text x="{x:g}" y="{y:g}" '
            f'text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="700" '
            f'font-size="{size}" fill="#202020">{turn}</text></g>')


def frame(board: boards.Board) -> str:
    """The opening tag (viewBox, size) of the whole board's picture, shared by every turn's."""
    whole = svg.board_svg(boards.Board(board.tiles, board.placements, ()), ())
    return whole[:whole.index(">") + 1]


def turn_svg(board: boards.Board, order: Sequence[legality.Turn], upto: int,
             colours: Mapping[str, str], symbols: Mapping[str, Iterable[str]], head: str) -> str:
    """The board after the first ``upto`` turns of ``order``, every placed tile numbered, in ``head``'s frame."""
    shown = order[:upto]
    placed = {turn.tile for turn in shown}
    moved = {turn.magic for turn in shown if turn.magic is not None}
    figures = tuple(f for n, f in enumerate(board.figures)
                    if (n in moved) or (f.figure not in boards.MAGIC and _tile_of(board, f) in placed))
    part = boards.Board(board.tiles, tuple(board.placements[t.tile] for t in shown), figures)
    drawn = svg.board_svg(part, (), colours, symbols)
    badges = "".join(_badge(board.placements[t.tile].x * svg.SIZE + 13, board.placements[t.tile].y * svg.SIZE + 13,
                            number) for number, t in enumerate(shown, 1))
    # Same frame as the whole board, so the picture never jumps: its opening tag, this body.
    body = drawn[drawn.index(">") + 1:]
    return head + body.replace("</svg>", badges + "</svg>", 1)


def _tile_of(board: boards.Board, figure: boards.Figure) -> int:
    return next(i for i, p in enumerate(board.placements) if (p.x, p.y) == (figure.x, figure.y))


def turn_svgs(example_id: str, view: Any, colours: Mapping[str, str],
              symbols: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Every turn's picture of one example, by output path."""
    head = frame(view.board)
    return {turn_file(example_id, k): turn_svg(view.board, view.order, k, colours, symbols, head)
            for k in range(1, len(view.order) + 1)}


def turn_texts(lang: Any, view: Any, player: Any) -> list[Markup]:
    """Each turn in words, in the page's language: the square of the tile and the figure it brought."""
    board, texts = view.board, []
    for number, turn in enumerate(view.order, 1):
        placement = board.placements[turn.tile]
        said = [lang.ui("order.tile", turn=number, tile=placement.tile, x=placement.x, y=placement.y)]
        for index in (turn.figure, turn.magic):
            if index is None:
                continue
            figure = board.figures[index]
            if figure.figure in boards.MAGIC:
                said.append(lang.ui(f"order.{figure.figure}"))
            else:
                said.append(lang.ui(f"order.{figure.figure}", player=player(figure.player)))
        texts.append(Markup("; ").join(said))
    return texts


def order_view(lang: Any, scored: Any, base: str, player: Any) -> dict[str, Any]:
    """What the example template shows under the board: the numbered picture, the turns, the step-through."""
    view = scored.scenario.board
    if view is None or not view.order:
        return {}
    example_id, total = scored.example.id, len(view.order)
    texts = turn_texts(lang, view, player)
    steps = " ".join(attr(turn_file(example_id, k, base)) for k in range(1, total + 1))
    alt = lang.ui_text("order.picture", turns=total)
    picture = Markup(f'<img alt="{attr(alt)}" class="rs-order__picture" '
                     f'src="{attr(turn_file(example_id, total, base))}" data-rs-steps="{steps}" />')
    buttons = "\n".join(f'<button type="button" class="md-button" data-rs-step="{step}">{lang.ui(f"order.{step}")}</button>'
                        for step in ("previous", "next", "all"))
    first, rest = buttons.split("\n", 1)
    status = attr(lang.ui_text("order.status", turn="{turn}", total=total))
    turns = "\n".join(f"<li>{text}</li>" for text in texts)
    # One block of HTML that both the HTML pages and the Markdown ones (benchmarks) pass through
    # unchanged; every value in it is escaped Markup or an escaped attribute.
    return {"order": Markup(
        f'<details class="rs-order" id="order-{attr(example_id)}">\n<summary>{lang.ui("order.summary")}</summary>\n'
        f'<p>{lang.ui("order.stated" if view.stated else "order.found")}</p>\n<p>{picture}</p>\n'
        f'<div class="rs-order__steps" hidden="hidden">\n{first}\n'
        f'<span class="rs-order__status" aria-live="polite" data-rs-status="{status}"></span>\n{rest}\n</div>\n'
        f'<ol class="rs-order__turns">\n{turns}\n</ol>\n</details>')}
