"""The scored features of a board picture: one outline and one number each.

A feature's outline surrounds the union of its tile segments (a mask: the segments grown
by the band's width, less the segments themselves), so it has no seams at tile borders and
two features never share a line. A road ends short of the centre of a junction tile, which
belongs to none of the roads meeting there, so two roads through one crossroads stay two
outlines. The number of each outline is the number of its line in the arithmetic below
the picture; numbers are the same in every language, so the picture stays language-free.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from generator.render.shapes import (SIZE, Point, centre, city_shape, points, road_middle, road_path,
                                     turn_point)
from generator.scorer import board as boards

# One colour per outline, in arithmetic order; the number, not the colour, tells them apart.
PALETTE = ("#d81b60", "#00838f", "#3949ab", "#827717", "#4e342e", "#37474f")
BAND = 3.5
ROAD_BODY = 12  # as wide as the drawn road with its edges
# How far short of the tile's centre a road segment with one end stops: at a junction far
# enough that two outlines meeting there keep a visible gap, elsewhere clear of the centre's mark.
JUNCTION_STOP, END_STOP = 20, 14
BADGE = 10
CLEAR = 40  # how far from a figure, a mark or another number a number stands when it can


def stop(tile: boards.TileType, segment: boards.TileFeature) -> float:
    """How far short of the centre a road segment's outline ends (0: it goes from side to side)."""
    if len([e for e in segment.edges if e in boards.SIDES]) != 1:
        return 0
    return JUNCTION_STOP if sum(1 for f in tile.features if f.type == "road") >= 2 else END_STOP


def _place(placement: boards.Placement) -> str:
    return f' transform="translate({placement.x * SIZE},{placement.y * SIZE}) rotate({placement.turn * 90} 50 50)"'


def _shape(board: boards.Board, index: int, f: int, colour: str, grow: float) -> str:
    """One segment of a feature in board coordinates, grown by ``grow`` on every side."""
    placement = board.placements[index]
    tile = board.tiles[placement.tile]
    segment = tile.features[f]
    at = _place(placement)
    if segment.type == "road":
        # Butt ends at the tile's sides, where the next segment goes on (or the road leaves the
        # board, open as it is); an end short of the centre is closed by reaching ``grow`` further.
        end = stop(tile, segment)
        return (f'<path d="{road_path(segment.edges, end - grow if end else 0)}" fill="none" stroke="{colour}" '
                f'stroke-width="{ROAD_BODY + 2 * grow:g}" stroke-linecap="butt"{at}/>')
    if segment.type == "city":
        ring = points(city_shape(segment.edges))
    else:  # a cloister: the square around its building
        ring = points([(30, 30), (70, 30), (70, 70), (30, 70)])
    # The interior is grown a little too, so no anti-aliased seam shows where two segments meet.
    return (f'<polygon points="{ring}" fill="{colour}" stroke="{colour}" stroke-width="{2 * grow + 0.6:g}" '
            f'stroke-linejoin="round"{at}/>')


def _bounds(feature: boards.BoardFeature, board: boards.Board) -> tuple[int, int, int, int]:
    xs = [board.placements[i].x for i, _ in feature.segments]
    ys = [board.placements[i].y for i, _ in feature.segments]
    width, height = (max(xs) - min(xs) + 1) * SIZE, (max(ys) - min(ys) + 1) * SIZE
    return min(xs) * SIZE - 20, min(ys) * SIZE - 20, width + 40, height + 40


def _field(feature: boards.BoardFeature, colour: str) -> str:
    # A field has no single shape in these pictures: each of its tiles is outlined.
    return "".join(f'<rect x="{x * SIZE + 5}" y="{y * SIZE + 5}" width="90" height="90" fill="none" stroke="{colour}" '
                   'stroke-width="3" stroke-dasharray="4 4"/>' for x, y in feature.cells)


def shade(shade_key: int) -> str:
    return PALETTE[(shade_key - 1) % len(PALETTE)]


def feature_outline(board: boards.Board, feature: boards.BoardFeature, key: int, number: int | None,
                    shade_key: int) -> str:
    """The outline of one feature (a road's with a light tint of its colour inside); ``key``
    tells its mask from the others, ``shade_key`` picks its colour."""
    colour = shade(shade_key)
    named = f' data-feature="{number}"' if number is not None else ""
    head = f'<g class="rs-feature rs-feature--{feature.type}"{named}>'
    if feature.type == "field":
        return f"{head}{_field(feature, colour)}</g>"
    grown = "".join(_shape(board, i, f, "#ffffff", BAND) for i, f in feature.segments)
    inside = "".join(_shape(board, i, f, "#000000", 0) for i, f in feature.segments)
    # A road is tinted too, since its outline lies close on both sides; a city's tint would
    # dull its pennants and cathedral.
    tint = "".join(_shape(board, i, f, colour, 0) for i, f in feature.segments) if feature.type == "road" else ""
    tint = f'<g opacity="0.25">{tint}</g>' if tint else ""
    x, y, w, h = _bounds(feature, board)
    return (f'{head}<mask id="rs-outline-{key}" maskUnits="userSpaceOnUse" x="{x}" y="{y}" width="{w}" height="{h}">'
            f'{grown}{inside}</mask>{tint}'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{colour}" mask="url(#rs-outline-{key})"/></g>')


def _candidates(board: boards.Board, feature: boards.BoardFeature) -> list[Point]:
    """Where the number may stand, in board coordinates: on each of the feature's segments."""
    found = []
    for index, f in feature.segments:
        placement = board.placements[index]
        tile = board.tiles[placement.tile]
        segment = tile.features[f]
        if segment.type == "road":
            spots = [road_middle(segment.edges, stop(tile, segment))]
        elif segment.type == "city":
            ring = city_shape(segment.edges)
            middle = centre(ring)
            spots = [middle] + [((middle[0] + x) / 2, (middle[1] + y) / 2) for x, y in ring]
        elif segment.type == "cloister":
            spots = [(30, 30), (70, 30), (30, 70), (70, 70)]
        else:
            spots = [(20, 20)]
        found += [(placement.x * SIZE + sx, placement.y * SIZE + sy)
                  for sx, sy in (turn_point(x, y, placement.turn) for x, y in spots)]
    if feature.type == "field":
        found = [(x * SIZE + 20, y * SIZE + 20) for x, y in feature.cells]
    return found


def marks(board: boards.Board) -> list[Point]:
    """Where pennants, cathedrals and cloisters are drawn, so a number stands clear of them."""
    found = []
    for placement in board.placements:
        for segment in board.tiles[placement.tile].features:
            if segment.type == "city" and (segment.pennants or segment.cathedral):
                x, y = turn_point(*centre(city_shape(segment.edges)), placement.turn)
            elif segment.type == "cloister":
                x, y = 50, 50
            else:
                continue
            found.append((placement.x * SIZE + x, placement.y * SIZE + y))
    return found


def badge_spots(board: boards.Board, features: Sequence[boards.BoardFeature], avoid: Iterable[Point]) -> list[Point]:
    """One spot per feature for its number: the candidate farthest from figures, marks and other numbers."""
    taken = list(avoid)
    chosen = []
    for feature in features:
        spots = _candidates(board, feature)
        # The middle segment wins a tie, so a long road has its number near its middle.
        spots = spots[len(spots) // 2:] + spots[:len(spots) // 2]
        # Any spot this clear of everything will do; the first of them in that order is taken.
        best = max(spots, key=lambda p: min([CLEAR, *(math.dist(p, q) for q in taken)]))
        chosen.append(best)
        taken.append(best)
    return chosen


def badge(x: float, y: float, number: int) -> str:
    """A number in a disc of its outline's colour; digits only, the same in every language."""
    colour = shade(number)
    size = 13 if number < 10 else 10
    return (f'<g class="rs-number" data-feature="{number}"><circle cx="{x:g}" cy="{y:g}" r="{BADGE}" fill="{colour}" '
            f'stroke="#ffffff" stroke-width="2"/><text x="{x:g}" y="{y:g}" text-anchor="middle" '
            f'dominant-baseline="central" font-family="sans-serif" font-weight="700" font-size="{size}" '
            f'fill="#ffffff">{number}</text></g>')
