"""Flat SVG pictures of tile types and boards, drawn from the same data the scorer reads.

No words ever go into a picture, so one file serves every language; the page gives each
picture its text alternative. The only characters drawn are the digits that number the
scored features of a board, which read the same in every language. Every value that
reaches the SVG is a number, a colour checked against ``#rrggbb``, or a fixed class name,
and is escaped all the same. A tile is drawn on a 100 × 100 square in its printed
orientation, then turned. A picture has no background of its own: the page's stylesheet
gives it one that suits its colour scheme (light or dark).
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Iterable, Mapping, Sequence

from generator.render import outline
from generator.render.shapes import MIDPOINT, SIZE, Point, centre, city_shape, points, road_path, turn_point
from generator.scorer import board as boards

FIELD, CITY, ROAD, EDGE = "#8db860", "#c9a46a", "#f4efe3", "#3b3024"
PENNANT, CLOISTER, INN, INN_ROOF, LAKE, CATHEDRAL = "#1d4f91", "#a0522d", "#ffc83d", "#b3261e", "#3d8fd1", "#4a5a6a"
MAGE_SYMBOL = "#6a1b9a"
VOLCANO, EMBER, DRAGON, PORTAL, FOUNDATION, CROWN = "#6d3b1f", "#ff7a1a", "#1b5e20", "#4527a0", "#5f5f5f", "#f2c230"
_CORNER_MARKS = (*boards.PD_SYMBOLS, boards.TOWER_FOUNDATION)
# The symbols a tile's picture shows (the garden is drawn once the Abbot's gardens are).
_DRAWN = ("mage", "crop-circle-pitchfork", "crop-circle-club", "crop-circle-shield", *_CORNER_MARKS)
# The River: water in the inn's pond blue, with a darker bank so it reads on the green field
# and never looks like a road.
RIVER, RIVER_BANK = LAKE, "#1f5f94"
MAGE, WITCH = "#7e3ff2", "#ef6c00"
SCORED = outline.PALETTE[0]
# Tile borders on a board: a light line, like the gap between two tiles on a table, that
# reads on fields, cities and roads alike and never looks like the edge of a city.
BORDER = "#fffdf5"
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
# Shapes drawn on a follower's body so players differ by more than colour.
MARKS = ("circle", "square", "triangle", "diamond", "bar", "cross")
# Where a figure stands on a square, by the location as seen on the board.
SPOT = {"N": (50, 20), "E": (80, 50), "S": (50, 80), "W": (20, 50), "NL": (25, 10), "NR": (75, 10),
        "EL": (90, 25), "ER": (90, 75), "SL": (75, 90), "SR": (25, 90), "WL": (10, 75), "WR": (10, 25),
        "cloister": (50, 50)}


def _colour(value: str, fallback: str = "#777777") -> str:
    return escape(value if _HEX.match(value or "") else fallback)


def _road(edges: tuple[str, ...], width: float, colour: str) -> str:
    return (f'<path d="{road_path(edges)}" fill="none" stroke="{colour}" stroke-width="{width:g}" '
            'stroke-linecap="butt"/>')


def _shield(x: float, y: float) -> str:
    return (f'<path d="M{x - 7:g},{y - 7:g} h14 v6 q0,8 -7,11 q-7,-3 -7,-11 z" fill="{PENNANT}" '
            f'stroke="#ffffff" stroke-width="1.5"/>')


def _expansion_symbol(symbol: str, x: float, y: float) -> str:
    """The Princess and the Dragon's and the Tower's marks, in a corner: each a shape of its own, so
    that none is told from the others by colour alone."""
    if symbol == boards.VOLCANO:  # a cone with a glowing top
        return (f'<path d="M{x - 10:g},{y + 8:g} L{x - 3:g},{y - 7:g} H{x + 3:g} L{x + 10:g},{y + 8:g} z" '
                f'fill="{VOLCANO}" stroke="#ffffff" stroke-width="1"/>'
                f'<path d="M{x - 3:g},{y - 7:g} H{x + 3:g} L{x + 1:g},{y - 3:g} H{x - 1:g} z" fill="{EMBER}"/>')
    if symbol == boards.DRAGON:  # a head with an open jaw, seen from the side
        return (f'<path d="M{x - 10:g},{y + 2:g} L{x:g},{y - 8:g} L{x + 10:g},{y - 2:g} L{x + 2:g},{y:g} '
                f'L{x + 10:g},{y + 6:g} L{x - 2:g},{y + 8:g} z" fill="{DRAGON}" stroke="#ffffff" stroke-width="1"/>')
    if symbol == boards.PORTAL:  # an arch
        return (f'<path d="M{x - 8:g},{y + 9:g} V{y - 1:g} A8,8 0 0 1 {x + 8:g},{y - 1:g} V{y + 9:g} H{x + 4:g} '
                f'V{y - 1:g} A4,4 0 0 0 {x - 4:g},{y - 1:g} V{y + 9:g} z" fill="{PORTAL}" stroke="#ffffff" '
                'stroke-width="1"/>')
    # The tower's foundation: a square ring of stones.
    return (f'<rect x="{x - 8:g}" y="{y - 8:g}" width="16" height="16" fill="none" stroke="{FOUNDATION}" '
            f'stroke-width="4"/><rect x="{x - 8:g}" y="{y - 8:g}" width="16" height="16" fill="none" '
            'stroke="#ffffff" stroke-width="1" stroke-dasharray="4 2"/>')


def _crown(x: float, y: float) -> str:
    """The princess in a city: a crown."""
    return (f'<path d="M{x - 8:g},{y + 5:g} V{y - 5:g} L{x - 4:g},{y:g} L{x:g},{y - 7:g} L{x + 4:g},{y:g} '
            f'L{x + 8:g},{y - 5:g} V{y + 5:g} z" fill="{CROWN}" stroke="{EDGE}" stroke-width="1"/>')


def _symbols(symbols: Iterable[str]) -> str:
    parts = []
    # Each drawn symbol has a corner spot of its own, from the bottom right leftwards.
    drawn = [symbol for symbol in symbols if symbol in _DRAWN]
    for k, symbol in enumerate(drawn):
        x = 86 - 24 * k
        if symbol in _CORNER_MARKS:
            parts.append(_expansion_symbol(symbol, x, 86))
        elif symbol == "mage":
            parts.append(f'<polygon points="{points(_star(x, 86, 9, 4))}" fill="{MAGE_SYMBOL}" stroke="#ffffff" '
                         'stroke-width="1"/>')
        elif symbol.startswith("crop-circle"):
            parts.append('<circle cx="82" cy="82" r="11" fill="#e8d26a" stroke="#5d4a00" stroke-width="2"/>')
            kind = symbol.rsplit("-", 1)[1]
            if kind == "pitchfork":
                parts.append('<path d="M82,90 V76 M77,76 V72 M82,76 V71 M87,76 V72 M77,76 H87" stroke="#5d4a00" '
                             'stroke-width="2" fill="none"/>')
            elif kind == "club":
                parts.append('<path d="M80,90 L83,78" stroke="#5d4a00" stroke-width="3"/>'
                             '<circle cx="84" cy="76" r="4" fill="#5d4a00"/>')
            else:
                parts.append('<path d="M77,75 h10 v4 q0,6 -5,8 q-5,-2 -5,-8 z" fill="#5d4a00"/>')
    return "".join(parts)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    return [(cx + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
             cy - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5)) for k in range(10)]


def _river(tile: boards.TileType) -> str:
    """The river from side to side, or from its one side to the spring or the lake in the middle.
    Drawn under the roads, which cross it by bridges."""
    if not tile.river:
        return ""
    parts = [f'<g class="rs-river">{_road(tile.river, 16, RIVER_BANK)}{_road(tile.river, 12, RIVER)}']
    if tile.spring or tile.lake:
        rx, ry = (9, 9) if tile.spring else (24, 16)
        parts.append(f'<ellipse cx="50" cy="50" rx="{rx}" ry="{ry}" fill="{RIVER}" stroke="{RIVER_BANK}" '
                     'stroke-width="2"/>')
    return "".join(parts) + "</g>"


def _shapes(tile: boards.TileType) -> str:
    """Field, river, roads and cities: the part of a tile that turns with it."""
    parts = [f'<rect width="100" height="100" fill="{FIELD}"/>', _river(tile)]
    roads = [f for f in tile.features if f.type == "road"]
    for road in roads:
        parts += [_road(road.edges, 12, EDGE), _road(road.edges, 8, ROAD)]
    if len(roads) >= 3:
        parts.append(f'<rect x="43" y="43" width="14" height="14" fill="{EDGE}"/>')
    for feature in tile.features:
        if feature.type == "city":
            parts.append(f'<polygon points="{points(city_shape(feature.edges))}" fill="{CITY}" stroke="{EDGE}" '
                         'stroke-width="2"/>')
    return "".join(parts)


def _cathedral(x: float, y: float) -> str:
    """Two towers and a nave in dark stone, outlined in white: large enough to read on a thumbnail."""
    body = (f"M{x - 18:g},{y + 14:g} v-26 l4,-8 l4,8 v6 l10,-10 l10,10 v-6 l4,-8 l4,8 v26 z")
    door = f"M{x - 4:g},{y + 14:g} v-7 a4,4 0 0 1 8,0 v7 z"
    return (f'<g class="rs-mark rs-mark--cathedral"><path d="{body}" fill="{CATHEDRAL}" stroke="#ffffff" '
            f'stroke-width="2" stroke-linejoin="round"/><path d="{door}" fill="#ffffff"/>'
            f'<path d="M{x:g},{y - 12:g} v-10 M{x - 4:g},{y - 18:g} h8" stroke="#ffffff" stroke-width="2"/></g>')


def _cloister(dx: float = 0, dy: float = 0) -> str:
    shift = f' transform="translate({dx:g},{dy:g})"' if dx or dy else ""
    return (f'<g class="rs-mark rs-mark--cloister"{shift}><path d="M38,64 v-18 l12,-10 l12,10 v18 z" '
            f'fill="{CLOISTER}" stroke="{EDGE}" stroke-width="2"/><rect x="46" y="54" width="8" height="10" '
            f'fill="{EDGE}"/></g>')


def _cloister_spot(tile: boards.TileType, turn: int) -> Point:
    """Where a cloister stands off the middle: on a river tile, on the bank away from its road, so
    the river in the middle stays visible. Elsewhere it stands in the middle."""
    road = next((f.edges[0] for f in tile.features if f.type == "road" and len(f.edges) == 1), None)
    if not tile.river or road is None:
        return 0, 0
    x, y = MIDPOINT[road]
    away = turn_point(50 - 0.28 * (x - 50), 50 - 0.28 * (y - 50), turn)
    return away[0] - 50, away[1] - 50


def _inn(x: float, y: float) -> str:
    """A low house with a red roof by a blue pond: wider than it is tall, unlike the cloister."""
    return (f'<g class="rs-mark rs-mark--inn"><ellipse cx="{x:g}" cy="{y + 9:g}" rx="17" ry="5.5" fill="{LAKE}" '
            f'stroke="#ffffff" stroke-width="1"/><rect x="{x - 11:g}" y="{y - 3:g}" width="22" height="11" '
            f'fill="{INN}" stroke="{EDGE}" stroke-width="1.5"/><path d="M{x - 15:g},{y - 2:g} L{x:g},{y - 14:g} '
            f'L{x + 15:g},{y - 2:g} z" fill="{INN_ROOF}" stroke="{EDGE}" stroke-width="1.5" stroke-linejoin="round"/>'
            f'<rect x="{x - 2:g}" y="{y + 2:g}" width="4" height="6" fill="{EDGE}"/></g>')


def _inn_spot(edges: tuple[str, ...]) -> Point:
    """Where an inn stands beside its road on the unturned tile, in the field next to it."""
    sides = [e for e in edges if e in MIDPOINT]
    if len(sides) == 2 and (boards.SIDES.index(sides[1]) - boards.SIDES.index(sides[0])) % 2:
        # A curve: in the corner it bends round.
        x = 0 if "W" in sides else 100
        y = 0 if "N" in sides else 100
        return x + 0.44 * (50 - x), y + 0.44 * (50 - y)
    x, y = MIDPOINT[sides[0]]
    if len(sides) == 2:  # straight through: beside its middle
        return (50, 77) if y == 50 else (77, 50)
    return ((x + 50) / 2 + (22 if x == 50 else 0), (y + 50) / 2 + (22 if y == 50 else 0))


def _marks(tile: boards.TileType, turn: int, symbols: Iterable[str]) -> str:
    """Pennants, cathedrals, cloisters, inns and symbols: placed where the turned tile has them, drawn upright."""
    parts = []
    for feature in tile.features:
        if feature.type == "city":
            x, y = turn_point(*centre(city_shape(feature.edges)), turn)
            if feature.cathedral:
                parts.append(_cathedral(x, y - 6))
            if feature.princess:
                parts.append(_crown(x, y - (20 if feature.pennants else 0)))
            for k in range(feature.pennants):
                parts.append(_shield(x + 12 * k - 6 * (feature.pennants - 1), y + (0 if not feature.cathedral else 20)))
        elif feature.type == "cloister":
            parts.append(_cloister(*_cloister_spot(tile, turn)))
        elif feature.type == "road" and feature.inn:
            parts.append(_inn(*turn_point(*_inn_spot(feature.edges), turn)))
    parts.append(_symbols(symbols))
    return "".join(parts)


def tile_body(tile: boards.TileType, symbols: Iterable[str] = (), turn: int = 0) -> str:
    """The inside of one tile's picture on a 100 × 100 square, turned; marks stay upright."""
    rotate = f' transform="rotate({turn * 90} 50 50)"' if turn % 4 else ""
    return f"<g{rotate}>{_shapes(tile)}</g>{_marks(tile, turn, symbols)}"


def _svg(width: float, height: float, body: str, min_x: float = 0, min_y: float = 0, margin: float = 2) -> str:
    box = f"{min_x - margin:g} {min_y - margin:g} {width + 2 * margin:g} {height + 2 * margin:g}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" width="{(width + 2 * margin) * 1.2:g}" '
            f'height="{(height + 2 * margin) * 1.2:g}" role="img" aria-hidden="true">{body}</svg>\n')


def tile_svg(tile: boards.TileType, symbols: Iterable[str] = ()) -> str:
    """One tile type, or an honest placeholder when its layout is not known."""
    if not tile.known:
        return placeholder_svg()
    return _svg(SIZE, SIZE, f'<g>{tile_body(tile, symbols)}</g><rect width="100" height="100" fill="none" '
                f'stroke="{EDGE}" stroke-width="1.5"/>')


def placeholder_svg() -> str:
    """A hatched empty square: the layout is not known, and nothing is invented in its place."""
    hatch = "".join(f'<path d="M{k},0 L0,{k}" stroke="#9e9e9e" stroke-width="2"/>' for k in range(20, 200, 20))
    return _svg(SIZE, SIZE, f'<rect width="100" height="100" fill="#eeeeee"/>'
                f'<clipPath id="c"><rect width="100" height="100"/></clipPath><g clip-path="url(#c)">{hatch}</g>'
                f'<rect x="1" y="1" width="98" height="98" fill="none" stroke="#616161" stroke-width="2" '
                'stroke-dasharray="6 4"/>')


def _follower(x: float, y: float, colour: str, mark: str, scale: float) -> str:
    s = scale * 1.5  # large enough to read on a phone
    body = (f'<path d="M{x:g},{y - 11 * s:g} a{4 * s:g},{4 * s:g} 0 1 1 0.01,0 z M{x - 9 * s:g},{y + 9 * s:g} '
            f'l{3 * s:g},{-9 * s:g} l{-4 * s:g},{-2 * s:g} l{4 * s:g},{-4 * s:g} h{12 * s:g} l{4 * s:g},{4 * s:g} '
            f'l{-4 * s:g},{2 * s:g} l{3 * s:g},{9 * s:g} z" fill="{colour}" stroke="#111111" stroke-width="1.5"/>')
    r = 2.6 * s
    marks = {
        "circle": f'<circle cx="{x:g}" cy="{y + 3 * s:g}" r="{r:g}" fill="#ffffff"/>',
        "square": f'<rect x="{x - r:g}" y="{y + 3 * s - r:g}" width="{2 * r:g}" height="{2 * r:g}" fill="#ffffff"/>',
        "triangle": f'<polygon points="{points([(x, y + 3 * s - r), (x + r, y + 3 * s + r), (x - r, y + 3 * s + r)])}" '
                    'fill="#ffffff"/>',
        "diamond": f'<polygon points="{points([(x, y + 3 * s - r), (x + r, y + 3 * s), (x, y + 3 * s + r), (x - r, y + 3 * s)])}" '
                   'fill="#ffffff"/>',
        "bar": f'<rect x="{x - 2 * r:g}" y="{y + 2 * s:g}" width="{4 * r:g}" height="{r:g}" fill="#ffffff"/>',
        "cross": f'<path d="M{x - r:g},{y + 3 * s:g} h{2 * r:g} M{x:g},{y + 3 * s - r:g} v{2 * r:g}" stroke="#ffffff" '
                 f'stroke-width="{1.6 * s:g}"/>',
    }
    return body + marks.get(mark, "")


def _pig(x: float, y: float, colour: str, mark: str) -> str:
    """Traders & Builders' pig: a rounded body with snout and ears, apart from the follower's
    outline, carrying its player's mark so that colour is never the only clue."""
    body = (f'<ellipse cx="{x:g}" cy="{y:g}" rx="13" ry="9" fill="{colour}" stroke="#111111" stroke-width="1.5"/>'
            f'<circle cx="{x + 13:g}" cy="{y - 2:g}" r="4" fill="{colour}" stroke="#111111" stroke-width="1.5"/>'
            f'<polygon points="{points([(x + 5, y - 8), (x + 9, y - 14), (x + 10, y - 7)])}" fill="{colour}" '
            'stroke="#111111" stroke-width="1.5"/>')
    return body + _follower(x - 2, y + 2, "none", mark, 0.8).split("/>", 1)[1]


def _magic(x: float, y: float, kind: str) -> str:
    if kind == "mage":
        return f'<polygon points="{points(_star(x, y, 16, 7))}" fill="{MAGE}" stroke="#111111" stroke-width="1.5"/>'
    return (f'<polygon points="{points([(x, y + 15), (x - 14, y - 10), (x + 14, y - 10)])}" fill="{WITCH}" '
            f'stroke="#111111" stroke-width="1.5"/><circle cx="{x:g}" cy="{y - 2:g}" r="4" fill="#111111"/>')


def _figures(board: boards.Board, colours: Mapping[str, str]) -> tuple[str, list[Point]]:
    """Every figure on the board, and where each stands (numbers keep clear of them)."""
    parts, spots = [], []
    players = sorted({f.player for f in board.figures if f.player})
    for figure in board.figures:
        sx, sy = SPOT.get(figure.location, (50, 50))
        x, y = figure.x * SIZE + sx, figure.y * SIZE + sy
        spots.append((x, y))
        if figure.figure in ("mage", "witch"):
            drawn = _magic(x, y, figure.figure)
        elif figure.figure == boards.PIG:
            mark = MARKS[players.index(figure.player) % len(MARKS)] if figure.player in players else ""
            drawn = _pig(x, y, _colour(colours.get(figure.player, "")), mark)
        else:
            mark = MARKS[players.index(figure.player) % len(MARKS)] if figure.player in players else ""
            scale = 1.5 if figure.figure == "large-follower" else 1.0
            drawn = _follower(x, y, _colour(colours.get(figure.player, "")), mark, scale)
        parts.append(f'<g class="rs-figure">{drawn}</g>')
    return "".join(parts), spots


def _numbers(board: boards.Board, scored: Sequence[boards.BoardFeature], numbers: Sequence[int | None],
             avoid: list[Point]) -> str:
    """Each numbered feature's number, where it stands clear of figures and marks."""
    keyed = [(feature, int(number)) for feature, number in zip(scored, numbers) if number is not None]
    spots = outline.badge_spots(board, [feature for feature, _ in keyed], avoid + outline.marks(board))
    return "".join(outline.badge(x, y, number) for (_, number), (x, y) in zip(keyed, spots))


def board_svg(board: boards.Board, scored: Iterable[boards.BoardFeature] = (),
              colours: Mapping[str, str] | None = None, symbols: Mapping[str, Iterable[str]] | None = None,
              numbers: Sequence[int | None] | None = None) -> str:
    """A whole board: tiles turned in place, each scored feature outlined with its number
    (``numbers``, one per feature, by default 1, 2, … in order; None for no number), the
    border of every tile, then the figures.

    Layers from the bottom: tiles, outlines, tile borders (so the tiles of a feature can be
    counted through its outline), figures, numbers."""
    colours, symbols, scored = colours or {}, symbols or {}, list(scored)
    given = list(numbers) if numbers is not None else list(range(1, len(scored) + 1))
    numbers = (given + [None] * len(scored))[:len(scored)]
    xs = [p.x for p in board.placements] or [0]
    ys = [p.y for p in board.placements] or [0]
    parts = [f'<g transform="translate({p.x * SIZE},{p.y * SIZE})">'
             f'{tile_body(board.tiles[p.tile], symbols.get(p.tile, ()), p.turn)}</g>' for p in board.placements]
    # A numbered outline takes its number's colour; one without a number, a colour after them.
    last = max([n for n in numbers if n is not None], default=0)
    shades = [n if n is not None else last + k for k, n in enumerate(numbers, 1)]
    parts += [outline.feature_outline(board, feature, key, number, shade)
              for key, (feature, number, shade) in enumerate(zip(scored, numbers, shades), 1)]
    parts += [f'<rect class="rs-border" x="{p.x * SIZE}" y="{p.y * SIZE}" width="100" height="100" fill="none" '
              f'stroke="{BORDER}" stroke-width="2"/>' for p in board.placements]
    figures, spots = _figures(board, colours)
    parts += [figures, _numbers(board, scored, numbers, spots)]
    width, height = (max(xs) - min(xs) + 1) * SIZE, (max(ys) - min(ys) + 1) * SIZE
    return _svg(width, height, "".join(parts), min(xs) * SIZE, min(ys) * SIZE, margin=6)
