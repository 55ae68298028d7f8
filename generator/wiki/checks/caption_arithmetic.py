"""``caption-arithmetic``: a picture caption whose reckoning does not compute.

Worked examples on the wiki are pictures whose captions show the sum (``3 + 2 + 1 = 6``) or
explain a total in brackets (``3 points [5/2 rounded up]``). The reckoning is recomputed in
exact fractions (:func:`generator.wiki.arithmetic.claims`) from the words a reader sees
(:func:`generator.wiki.caption.caption`), and reported at the number it contradicts.
"""

from __future__ import annotations

from typing import Iterator

from generator.core.problem import Level
from generator.wiki.arithmetic import claims
from generator.wiki.linted import Context, Finding, Linted

ID = "caption-arithmetic"
LEVEL: Level = "error"
DESCRIPTION = "a picture caption whose sum, product or halving does not come out as it says"


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    for spot, text, where in linted.captions():
        for at, claimed, reckoning, value in claims(text):
            shown = f"{value}" if value.denominator == 1 else f"{value} ({float(value):g})"
            yield (where[at] if at < len(where) else spot.offset,
                   f"the caption says {claimed}, but {' '.join(reckoning.split())} makes {shown}")
