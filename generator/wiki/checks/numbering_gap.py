"""``numbering-gap``: numbered items ``1) … 3)`` that skip, or that differ from the source's.

Steps of a rule are often numbered inline, in one sentence or one footnote. A jump of one
to :data:`MAX_GAP` numbers means items were lost (the Dutch seed page goes from 1) to 3));
a larger jump is another numbering. A translated unit numbered otherwise than its source
unit is reported too, unless the unit already skips on its own: one finding says it.
"""

from __future__ import annotations

from typing import Iterator

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted
from generator.wiki.units import Shape

ID = "numbering-gap"
LEVEL: Level = "error"
DESCRIPTION = "numbered items 1) 2) … that skip a number, or are numbered otherwise than in the source unit"

MAX_GAP = 5
"""A jump of more numbers than this is no lost item but another numbering."""


def _gaps(shape: Shape) -> Iterator[Finding]:
    last: dict[int, int] = {}  # the footnote holding the items (-1: none) -> the last number in it
    for number, offset, ref in shape.items:
        before = last.get(ref)
        last[ref] = number
        if before is not None and before + 1 < number <= before + 1 + MAX_GAP:
            missing = f"{before + 1}) is" if number == before + 2 else f"{before + 1}) to {number - 1}) are"
            yield offset, f"item {number}) follows {before}): {missing} missing"


def _shown(numbers: list[int]) -> str:
    return " ".join(f"{n})" for n in numbers) or "none"


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    gapped: set[int] = set()
    for index, shape in enumerate(linted.shapes):
        for finding in _gaps(shape):
            gapped.add(index)
            yield finding
    source = context.source
    for i, j in context.pairs if source is not None else ():
        shape, english = linted.shapes[j], source.shapes[i]
        items, english_items = [n for n, _, _ in shape.items], [n for n, _, _ in english.items]
        if items != english_items and j not in gapped:
            at = shape.items[0][1] if shape.items else linted.units[j].start
            yield at, f"{source.label(i)}: numbered items {_shown(items)} where the source has {_shown(english_items)}"
