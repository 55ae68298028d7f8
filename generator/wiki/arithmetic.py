"""The reckonings of a picture caption, recomputed: ``3 + 2 + 1 = 7`` does not compute.

Captions of worked examples spell out their arithmetic in words and signs, in five
languages: a sum with its result (``3 + 2 + 1 = 6``), or a bracketed reckoning after the
number it explains (``20 points ([8 tiles + 2 pennants] x 2 points each)``). A small
tokeniser and a recursive-descent reading of ``+ - x /`` over exact fractions find the
claims; anything the reading cannot make sense of is left alone, since a lint that guesses
would report sentences that are right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator

Claim = tuple[int, int, str, Fraction]
"""A reckoning that does not compute: (its offset, the number claimed, the reckoning, its value)."""

_TOKEN = re.compile(r"(?P<number>\d+)|(?P<op>[+×*/÷−-])|(?P<open>[\[(])|(?P<close>[\])])|(?P<eq>=)"
                    r"|(?P<word>[^\W\d_]+)|(?P<stop>[.;:!?])")
_OPERATORS = {"+": "+", "-": "-", "−": "-", "×": "*", "*": "*", "x": "*", "/": "/", "÷": "/"}
# Words that say which way a halving rounds, in the site's languages (lower case, a word's start).
_ROUND_UP = ("up", "boven", "nahoru", "aufgerundet", "aufrunden", "górę", "gore")
_ROUND_DOWN = ("down", "beneden", "dolů", "abgerundet", "abrunden", "dół", "dol")


@dataclass(frozen=True)
class Token:
    kind: str
    value: str
    at: int


def _tokens(text: str) -> list[Token]:
    found = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or ""
        value = match.group()
        if kind == "word" and value.lower() == "x":
            kind = "op"  # "[8 + 2] x 2": the letter x as a multiplication sign
        found.append(Token(kind, value, match.start()))
    return found


class _Expression:
    """A recursive-descent reading of ``+ - x /`` over numbers and brackets, in exact fractions.

    Words inside brackets are dropped ("[8 tiles + 2 pennants]"); a division rounds as the
    words around it say, or must come out whole."""

    def __init__(self, tokens: list[Token]):
        words = [t.value.lower() for t in tokens if t.kind == "word"]
        self.rounding = ("up" if any(w.startswith(_ROUND_UP) for w in words)
                         else "down" if any(w.startswith(_ROUND_DOWN) for w in words) else None)
        self.tokens = [t for t in tokens if t.kind in ("number", "op", "open", "close")]
        self.position = 0

    def value(self) -> Fraction | None:
        try:
            result = self._sum()
        except (ValueError, ZeroDivisionError, IndexError):
            return None
        return result if self.position == len(self.tokens) else None

    def _peek(self) -> Token | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def _take(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def _sum(self) -> Fraction:
        total = self._product()
        while (token := self._peek()) is not None and _OPERATORS.get(token.value.lower()) in ("+", "-"):
            sign = _OPERATORS[self._take().value.lower()]
            total = total + self._product() if sign == "+" else total - self._product()
        return total

    def _product(self) -> Fraction:
        total = self._factor()
        while (token := self._peek()) is not None and _OPERATORS.get(token.value.lower()) in ("*", "/"):
            operator = _OPERATORS[self._take().value.lower()]
            right = self._factor()
            if operator == "/" and right >= 1000:
                raise ValueError("a date such as 5/2014, not a division")
            total = total * right if operator == "*" else self._rounded(total / right)
        return total

    def _rounded(self, quotient: Fraction) -> Fraction:
        if quotient.denominator == 1 or self.rounding is None:
            return quotient
        return Fraction(-(-quotient.numerator // quotient.denominator) if self.rounding == "up" else quotient.numerator // quotient.denominator)

    def _factor(self) -> Fraction:
        token = self._take()
        if token.kind == "number":
            return Fraction(int(token.value))
        if token.kind != "open":
            raise ValueError(token.value)
        inner = self._sum()
        if self._take().kind != "close":
            raise ValueError("unbalanced")
        return inner


def _group_end(tokens: list[Token], start: int) -> int | None:
    """The index of the bracket closing the one at ``start``."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += {"open": 1, "close": -1}.get(tokens[index].kind, 0)
        if depth == 0:
            return index
    return None


def _matches(claimed: int, value: Fraction | None) -> bool:
    if value is None:
        return True  # nothing to judge
    if value.denominator == 1:
        return value == claimed
    # An unrounded half: the caption does not say which way; either whole neighbour stands.
    return claimed in (value.numerator // value.denominator, -(-value.numerator // value.denominator))


def claims(text: str) -> Iterator[Claim]:
    """Every reckoning of ``text`` that does not compute: (offset, claimed, the reckoning, its value).

    Two forms: ``3 + 2 + 1 = 7`` (a reckoning, then ``=`` and a number) and
    ``20 points ([8 tiles + 2 pennants] x 2 points each)`` (a bracketed reckoning after the
    number it explains, in the same sentence)."""
    tokens = _tokens(text)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != "open":
            index += 1
            continue
        end = _group_end(tokens, index)
        if end is None:
            return
        group = tokens[index:end + 1]
        if any(t.kind == "op" for t in group):
            yield from _judge_group(text, tokens, index, end, group)
        index = end + 1
    yield from _equations(text, tokens)


def _judge_group(text: str, tokens: list[Token], index: int, end: int, group: list[Token]) -> Iterator[Claim]:
    after = tokens[end + 1] if end + 1 < len(tokens) else None
    if (after is not None and after.kind in ("eq", "op")) or (index > 0 and tokens[index - 1].kind == "op"):
        return  # part of a longer reckoning, "(6 + 1) × 3 = 21": judged as an equation, or not at all
    before = None
    for earlier in reversed(tokens[:index]):
        if earlier.kind in ("stop", "eq", "close", "op"):
            break
        if earlier.kind == "number":
            before = earlier
            break
    value = _Expression(group).value()
    if before is not None and not _matches(int(before.value), value):
        yield before.at, int(before.value), text[group[0].at:group[-1].at + 1], value  # type: ignore[misc]


def _equations(text: str, tokens: list[Token]) -> Iterator[Claim]:
    for index, token in enumerate(tokens):
        if token.kind != "eq" or index + 1 >= len(tokens) or tokens[index + 1].kind != "number":
            continue
        start = index
        while start > 0 and tokens[start - 1].kind in ("number", "op", "open", "close", "word"):
            if tokens[start - 1].kind == "word" and not _inside_brackets(tokens, start - 1, index):
                break
            if tokens[start - 1].kind == "number" and tokens[start].kind == "number":
                break  # "Example 1 3 + 2": the reckoning starts after the label
            start -= 1
        expression = tokens[start:index]
        if not any(t.kind == "op" for t in expression):
            continue
        value = _Expression(expression).value()
        claimed = int(tokens[index + 1].value)
        if not _matches(claimed, value):
            yield expression[0].at, claimed, text[expression[0].at:expression[-1].at + len(expression[-1].value)], value  # type: ignore[misc]


def _inside_brackets(tokens: list[Token], position: int, limit: int) -> bool:
    depth = sum({"open": 1, "close": -1}.get(t.kind, 0) for t in tokens[position:limit])
    return depth < 0  # more closings than openings after it: the word sits inside a bracket

