"""Flat SVG pictures of tile types and boards, drawn from the same data the scorer reads.

No text ever goes into a picture, so one file serves every language; the page gives
each picture its text alternative. Every value that reaches the SVG is a number, a
colour checked against ``#rrggbb``, or a fixed class name, and is escaped all the same.
A tile is drawn on a 100 × 100 square in its printed orientation, then turned.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Iterable, Mapping

from generator.scorer import board as boards

SIZE = 100
FIELD, CITY, ROAD, EDGE = "#8db860", "#c9a46a", "#f4efe3", "#3b3024"
PENNANT, CLOISTER, INN, MAGE_SYMBOL = "#1d4f91", "#a0522d", "#7b3f00", "#6a1b9a"
MAGE, WITCH, SCORED = "#7e3ff2", "#ef6c00", "#d81b60"
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
# Shapes drawn on a follower's body so players differ by more than colour.
MARKS = ("circle", "square", "triangle", "diamond", "bar", "cross")
MIDPOINT = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
CORNERS = {"N": ((0, 0), (100, 0)), "E": ((100, 0), (100, 100)), "S": ((100, 100), (0, 100)), "W": ((0, 100), (0, 0))}
# Where a figure stands on a square, by the location as seen on the board.
SPOT = {"N": (50, 20), "E": (80, 50), "S": (50, 80), "W": (20, 50), "NL": (25, 10), "NR": (75, 10),
        "EL": (90, 25), "ER": (90, 75), "SL": (75, 90), "SR": (25, 90), "WL": (10, 75), "WR": (10, 25),
        "cloister": (50, 50)}


def _colour(value: str, fallback: str = "#777777") -> str:
    return escape(value if _HEX.match(value or "") else fallback)


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _city_shape(edges: tuple[str, ...]) -> list[tuple[float, float]]:
    """A flat polygon for a city segment touching ``edges``."""
    sides = [s for s in boards.SIDES if s in edges]
    if len(sides) == 4:
        return [(0, 0), (100, 0), (100, 100), (0, 100)]
    if len(sides) == 1:
        a, b = CORNERS[sides[0]]
        return [a, b, _dent(a, b, 0.64)]
    if len(sides) == 3:
        # Every corner, with a dent where the side without city is.
        i = boards.SIDES.index(next(s for s in boards.SIDES if s not in sides))
        ring = [CORNERS[s][0] for s in boards.SIDES]
        dent = _dent(*CORNERS[boards.SIDES[i]])
        return [ring[(i + 1) % 4], ring[(i + 2) % 4], ring[(i + 3) % 4], ring[i], dent]
    a, b = sides
    if (boards.SIDES.index(b) - boards.SIDES.index(a)) % 2 == 0:  # opposite sides: a band
        (a1, a2), (b1, b2) = CORNERS[a], CORNERS[b]
        return [a1, a2, _dent(a2, b1), b1, b2, _dent(b2, a1)]
    corner = set(CORNERS[a]) & set(CORNERS[b])
    (shared,) = corner
    others = [p for p in (*CORNERS[a], *CORNERS[b]) if p != shared]
    return [others[0], shared, others[1]]


def _dent(p: tuple[float, float], q: tuple[float, float], share: float = 0.6) -> tuple[float, float]:
    """The middle of the side from ``p`` to ``q``, pulled ``share`` of the way to the centre."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return mx + share * (50 - mx), my + share * (50 - my)


def _centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _road(edges: tuple[str, ...], width: float, colour: str, extra: str = "") -> str:
    ends = [MIDPOINT[e] for e in edges if e in MIDPOINT]
    if len(ends) == 2:
        (x1, y1), (x2, y2) = ends
        d = f"M{x1:g},{y1:g} Q50,50 {x2:g},{y2:g}"
    else:
        d = " ".join(f"M{x:g},{y:g} L50,50" for x, y in ends)
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:g}" '
            f'stroke-linecap="butt"{extra}/>')


def _shield(x: float, y: float) -> str:
    return (f'<path d="M{x - 7:g},{y - 7:g} h14 v6 q0,8 -7,11 q-7,-3 -7,-11 z" fill="{PENNANT}" '
            f'stroke="#ffffff" stroke-width="1.5"/>')


def _symbols(symbols: Iterable[str]) -> str:
    parts = []
    for symbol in symbols:
        if symbol == "mage":
            parts.append(f'<polygon points="{_points(_star(86, 86, 9, 4))}" fill="{MAGE_SYMBOL}" stroke="#ffffff" '
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


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    return [(cx + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
             cy - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5)) for k in range(10)]


def _turn_point(x: float, y: float, turn: int) -> tuple[float, float]:
    """A point of the unturned tile after ``turn`` clockwise quarter turns about its centre."""
    for _ in range(turn % 4):
        x, y = 100 - y, x
    return x, y


def _shapes(tile: boards.TileType) -> str:
    """Field, roads and cities: the part of a tile that turns with it."""
    parts = [f'<rect width="100" height="100" fill="{FIELD}"/>']
    roads = [f for f in tile.features if f.type == "road"]
    for road in roads:
        parts += [_road(road.edges, 12, EDGE), _road(road.edges, 8, ROAD)]
    if len(roads) >= 3:
        parts.append(f'<rect x="43" y="43" width="14" height="14" fill="{EDGE}"/>')
    for feature in tile.features:
        if feature.type == "city":
            parts.append(f'<polygon points="{_points(_city_shape(feature.edges))}" fill="{CITY}" stroke="{EDGE}" '
                         'stroke-width="2"/>')
    return "".join(parts)


def _marks(tile: boards.TileType, turn: int, symbols: Iterable[str]) -> str:
    """Pennants, cathedrals, cloisters, inns and symbols: placed where the turned tile has them, drawn upright."""
    parts = []
    for feature in tile.features:
        if feature.type == "city":
            x, y = _turn_point(*_centre(_city_shape(feature.edges)), turn)
            if feature.cathedral:
                parts.append(f'<path d="M{x - 8:g},{y + 8:g} v-10 l8,-8 l8,8 v10 z" fill="#eeeeee" stroke="{EDGE}" '
                             f'stroke-width="1.5"/><path d="M{x:g},{y - 14:g} v-6 M{x - 3:g},{y - 17:g} h6" '
                             f'stroke="{EDGE}" stroke-width="1.5"/>')
            for k in range(feature.pennants):
                parts.append(_shield(x + 12 * k - 6 * (feature.pennants - 1), y + (0 if not feature.cathedral else 12)))
        elif feature.type == "cloister":
            parts.append(f'<path d="M38,64 v-18 l12,-10 l12,10 v18 z" fill="{CLOISTER}" stroke="{EDGE}" stroke-width="2"/>'
                         f'<rect x="46" y="54" width="8" height="10" fill="{EDGE}"/>')
        elif feature.type == "road" and feature.inn:
            x, y = MIDPOINT[feature.edges[0]]
            px, py = _turn_point((x + 50) / 2 + (8 if x == 50 else 0), (y + 50) / 2 + (8 if y == 50 else 0), turn)
            parts.append(f'<path d="M{px - 6:g},{py + 5:g} v-7 l6,-5 l6,5 v7 z" fill="{INN}" stroke="#ffffff" '
                         'stroke-width="1"/>')
    parts.append(_symbols(symbols))
    return "".join(parts)


def tile_body(tile: boards.TileType, symbols: Iterable[str] = (), turn: int = 0) -> str:
    """The inside of one tile's picture on a 100 × 100 square, turned; marks stay upright."""
    rotate = f' transform="rotate({turn * 90} 50 50)"' if turn % 4 else ""
    return f"<g{rotate}>{_shapes(tile)}</g>{_marks(tile, turn, symbols)}"


def _svg(width: float, height: float, body: str, min_x: float = 0, min_y: float = 0) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{min_x - 2:g} {min_y - 2:g} {width + 4:g} {height + 4:g}" '
            f'width="{(width + 4) * 1.2:g}" height="{(height + 4) * 1.2:g}" role="img" aria-hidden="true">'
            f'<rect x="{min_x - 2:g}" y="{min_y - 2:g}" width="{width + 4:g}" height="{height + 4:g}" fill="#fdfcf7"/>'
            f"{body}</svg>\n")


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
        "triangle": f'<polygon points="{_points([(x, y + 3 * s - r), (x + r, y + 3 * s + r), (x - r, y + 3 * s + r)])}" '
                    'fill="#ffffff"/>',
        "diamond": f'<polygon points="{_points([(x, y + 3 * s - r), (x + r, y + 3 * s), (x, y + 3 * s + r), (x - r, y + 3 * s)])}" '
                   'fill="#ffffff"/>',
        "bar": f'<rect x="{x - 2 * r:g}" y="{y + 2 * s:g}" width="{4 * r:g}" height="{r:g}" fill="#ffffff"/>',
        "cross": f'<path d="M{x - r:g},{y + 3 * s:g} h{2 * r:g} M{x:g},{y + 3 * s - r:g} v{2 * r:g}" stroke="#ffffff" '
                 f'stroke-width="{1.6 * s:g}"/>',
    }
    return body + marks.get(mark, "")


def _magic(x: float, y: float, kind: str) -> str:
    if kind == "mage":
        return f'<polygon points="{_points(_star(x, y, 16, 7))}" fill="{MAGE}" stroke="#111111" stroke-width="1.5"/>'
    return (f'<polygon points="{_points([(x, y + 15), (x - 14, y - 10), (x + 14, y - 10)])}" fill="{WITCH}" '
            f'stroke="#111111" stroke-width="1.5"/><circle cx="{x:g}" cy="{y - 2:g}" r="4" fill="#111111"/>')


def _scored_outline(board: boards.Board, feature: boards.BoardFeature) -> str:
    parts = []
    for index, f in feature.segments:
        placement = board.placements[index]
        segment = board.tiles[placement.tile].features[f]
        turn = f' transform="translate({placement.x * SIZE},{placement.y * SIZE}) rotate({placement.turn * 90} 50 50)"'
        if segment.type == "city":
            parts.append(f'<polygon points="{_points(_city_shape(segment.edges))}" fill="none" stroke="{SCORED}" '
                         f'stroke-width="4" stroke-dasharray="8 3"{turn}/>')
        elif segment.type == "road":
            parts.append(_road(segment.edges, 4, SCORED, turn))
        elif segment.type == "cloister":
            x0, y0 = placement.x * SIZE, placement.y * SIZE
            parts.append(f'<rect x="{x0 + 30}" y="{y0 + 30}" width="40" height="40" fill="none" stroke="{SCORED}" '
                         'stroke-width="4"/>')
        else:  # a field has no single shape here: its tiles are outlined
            x0, y0 = placement.x * SIZE, placement.y * SIZE
            parts.append(f'<rect x="{x0 + 4}" y="{y0 + 4}" width="92" height="92" fill="none" stroke="{SCORED}" '
                         'stroke-width="3" stroke-dasharray="4 4"/>')
    return "".join(parts)


def board_svg(board: boards.Board, scored: Iterable[boards.BoardFeature] = (),
              colours: Mapping[str, str] | None = None, symbols: Mapping[str, Iterable[str]] | None = None) -> str:
    """A whole board: tiles turned in place, the scored features outlined, figures on top."""
    colours, symbols = colours or {}, symbols or {}
    xs = [p.x for p in board.placements] or [0]
    ys = [p.y for p in board.placements] or [0]
    parts = []
    for placement in board.placements:
        tile = board.tiles[placement.tile]
        parts.append(f'<g transform="translate({placement.x * SIZE},{placement.y * SIZE})">'
                     f'{tile_body(tile, symbols.get(placement.tile, ()), placement.turn)}</g>'
                     f'<rect x="{placement.x * SIZE}" y="{placement.y * SIZE}" width="100" height="100" fill="none" '
                     f'stroke="{EDGE}" stroke-width="1.5"/>')
    parts += [_scored_outline(board, feature) for feature in scored]
    players = sorted({f.player for f in board.figures if f.player})
    for figure in board.figures:
        sx, sy = SPOT.get(figure.location, (50, 50))
        x, y = figure.x * SIZE + sx, figure.y * SIZE + sy
        if figure.figure in ("mage", "witch"):
            parts.append(_magic(x, y, figure.figure))
        else:
            mark = MARKS[players.index(figure.player) % len(MARKS)]
            scale = 1.5 if figure.figure == "large-follower" else 1.0
            parts.append(_follower(x, y, _colour(colours.get(figure.player, "")), mark, scale))
    width, height = (max(xs) - min(xs) + 1) * SIZE, (max(ys) - min(ys) + 1) * SIZE
    return _svg(width, height, "".join(parts), min(xs) * SIZE, min(ys) * SIZE)
