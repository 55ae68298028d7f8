"""Where things lie on a tile's 100 × 100 square: sides, city polygons, road lines.

The tile pictures (:mod:`generator.render.svg`) and the outlines of scored features
(:mod:`generator.render.outline`) draw from the same geometry, so an outline always
follows the shape it surrounds. Every value returned is a number.
"""

from __future__ import annotations

from typing import Iterable

from generator.scorer import board as boards

SIZE = 100
Point = tuple[float, float]
MIDPOINT: dict[str, Point] = {"N": (50, 0), "E": (100, 50), "S": (50, 100), "W": (0, 50)}
CORNERS: dict[str, tuple[Point, Point]] = {"N": ((0, 0), (100, 0)), "E": ((100, 0), (100, 100)),
                                           "S": ((100, 100), (0, 100)), "W": ((0, 100), (0, 0))}


def points(ring: Iterable[Point]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in ring)


def dent(p: Point, q: Point, share: float = 0.6) -> Point:
    """The middle of the side from ``p`` to ``q``, pulled ``share`` of the way to the centre."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return mx + share * (50 - mx), my + share * (50 - my)


def centre(ring: list[Point]) -> Point:
    return sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring)


def city_shape(edges: tuple[str, ...]) -> list[Point]:
    """A flat polygon for a city segment touching ``edges``."""
    sides = [s for s in boards.SIDES if s in edges]
    if len(sides) == 4:
        return [(0, 0), (100, 0), (100, 100), (0, 100)]
    if len(sides) == 1:
        a, b = CORNERS[sides[0]]
        return [a, b, dent(a, b, 0.64)]
    if len(sides) == 3:
        # Every corner, with a dent where the side without city is.
        i = boards.SIDES.index(next(s for s in boards.SIDES if s not in sides))
        ring = [CORNERS[s][0] for s in boards.SIDES]
        return [ring[(i + 1) % 4], ring[(i + 2) % 4], ring[(i + 3) % 4], ring[i], dent(*CORNERS[boards.SIDES[i]])]
    a, b = sides
    if (boards.SIDES.index(b) - boards.SIDES.index(a)) % 2 == 0:  # opposite sides: a band
        (a1, a2), (b1, b2) = CORNERS[a], CORNERS[b]
        return [a1, a2, dent(a2, b1), b1, b2, dent(b2, a1)]
    (shared,) = set(CORNERS[a]) & set(CORNERS[b])
    others = [p for p in (*CORNERS[a], *CORNERS[b]) if p != shared]
    return [others[0], shared, others[1]]


def _towards_centre(point: Point, stop: float) -> Point:
    """The point ``stop`` short of the centre on the line from ``point`` to it."""
    x, y = point
    return 50 + (x - 50) * stop / 50, 50 + (y - 50) * stop / 50


def road_path(edges: tuple[str, ...], stop: float = 0) -> str:
    """Path data of a road segment: a curve through the centre between two sides, or a line
    from each side towards the centre that ends ``stop`` short of it."""
    ends = [MIDPOINT[e] for e in edges if e in MIDPOINT]
    if len(ends) == 2:
        (x1, y1), (x2, y2) = ends
        return f"M{x1:g},{y1:g} Q50,50 {x2:g},{y2:g}"
    return " ".join(f"M{x:g},{y:g} L{_towards_centre((x, y), stop)[0]:g},{_towards_centre((x, y), stop)[1]:g}"
                    for x, y in ends)


def road_middle(edges: tuple[str, ...], stop: float = 0) -> Point:
    """The middle of a road segment as :func:`road_path` draws it."""
    ends = [MIDPOINT[e] for e in edges if e in MIDPOINT]
    if len(ends) == 2:  # the quadratic curve at its half: a quarter of each end, half the control point
        (x1, y1), (x2, y2) = ends
        return (x1 + x2) / 4 + 25, (y1 + y2) / 4 + 25
    (x, y), (ex, ey) = ends[0], _towards_centre(ends[0], stop)
    return (x + ex) / 2, (y + ey) / 2


def turn_point(x: float, y: float, turn: int) -> Point:
    """A point of the unturned tile after ``turn`` clockwise quarter turns about its centre."""
    for _ in range(turn % 4):
        x, y = 100 - y, x
    return x, y
