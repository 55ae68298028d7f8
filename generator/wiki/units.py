"""A page's units (its paragraphs, headings, lists and tables) and the shape of each.

Translate, the wiki's translation extension, translates a page piece by piece; a unit here
is such a piece, divided by blank lines and ``<!--T:n-->`` markers. A translation must keep
each unit's footnotes, numbers, emphasis and numbered items: that is its :class:`Shape`,
which the checks compare with the source unit's. Units are paired with the source page's
by their kinds (:attr:`Unit.kind`), so that one lost paragraph does not shift every later
pair.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

from mwparserfromhell.nodes import Comment, Heading, Tag, Template, Text, Wikilink

from generator.wiki.scan import EMPHASIS, Scanned, Spot, is_tag, tag_name, template_name

_MARKER = re.compile(r"T:(\d+)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_LIST_MARKUP = frozenset("*#:;")
# "1) … 2)" of a sentence's steps; not "3/2020)" (a date) nor "(2)" (a number in brackets).
_ITEM = re.compile(r"(?<![\w)/.,(-])(\d{1,2})\)")
# A number, an ordinal's suffix aside ("7th", "1ste", "7e"; "7<sup>e</sup>" leaves a bare 7); not the
# year of a date "5/2014", whose month the number before the slash already counts.
_NUMBER = re.compile(r"(?<![\w.,/])(\d+)(?:st|nd|rd|th|ste|de|e)?(?![\w])")


@dataclass
class Unit:
    """A paragraph, heading, list or table of a page: what Translate translates as one piece."""

    start: int
    end: int
    kind: str
    """Its shape, for pairing with the source: ``h2``, ``list``, ``para``, ``t:Name``, ``file`` …"""
    marker: str | None = None
    """The number of its ``<!--T:n-->`` marker, where the page has one."""

    @property
    def name(self) -> str:
        return f"unit T:{self.marker}" if self.marker else "unit"


def _kind(node: Any) -> str:
    if isinstance(node, Heading):
        return f"h{node.level}"
    if isinstance(node, Tag) and node.wiki_markup:
        return "list" if node.wiki_markup[0] in _LIST_MARKUP else "table" if node.wiki_markup == "{|" else "para"
    if isinstance(node, Tag):
        return "tag:" + tag_name(node)
    if isinstance(node, Template):
        return "t:" + template_name(node)
    if isinstance(node, Wikilink) and ":" in str(node.title):
        return "file"
    return "para"


@dataclass
class _Units:
    """Builds a page's units from its top-level nodes, one node at a time."""

    text: str
    found: list[Unit] = field(default_factory=list)
    current: Unit | None = None
    marker: str | None = None

    def close(self) -> None:
        if self.current is not None:
            self.found.append(self.current)
        self.current = None

    def extend(self, node: Any, start: int, end: int) -> None:
        if self.current is None:
            self.current = Unit(start, end, _kind(node), self.marker)
            self.marker = None
        self.current.end = end

    def comment(self, node: Comment, offset: int) -> None:
        match = _MARKER.fullmatch(str(node.contents).strip())
        if match is None:
            return
        unit = self.current
        if unit is not None and unit.kind[0] == "h" and unit.marker is None and "\n" not in self.text[unit.end:offset]:
            unit.marker = match.group(1)  # glued to its heading: "== Contents == <!--T:5-->"
            return
        self.close()
        self.marker = match.group(1)

    def text_node(self, node: Text, offset: int) -> None:
        value, cursor = str(node), 0
        if self.current is not None and self.current.kind[0] == "h" and "\n" in value:
            cursor = value.index("\n")  # a heading ends with its line
            self.close()
        for gap in _BLANK_LINE.finditer(value, cursor):
            self._piece(node, offset, value, cursor, gap.start())
            self.close()
            cursor = gap.end()
        self._piece(node, offset, value, cursor, len(value))

    def _piece(self, node: Text, offset: int, value: str, start: int, end: int) -> None:
        piece = value[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            self.extend(node, offset + start + lead, offset + start + len(piece.rstrip()))


def units(scanned: Scanned) -> list[Unit]:
    """The units of a page in order, from its top-level nodes (a source page's ``<translate>`` opened)."""
    builder = _Units(scanned.page.text)
    for spot in scanned.spots:
        node = spot.node
        if not spot.top or is_tag(node, "translate"):
            continue
        if isinstance(node, Comment):
            builder.comment(node, spot.offset)
        elif isinstance(node, Text):
            builder.text_node(node, spot.offset)
        else:
            if isinstance(node, Heading):
                builder.close()
            builder.extend(node, spot.offset, spot.end)
    builder.close()
    return builder.found


@dataclass
class Shape:
    """What a unit's translation must keep: its footnotes, numbers, emphasis and numbered items."""

    refs: list[str] = field(default_factory=list)
    """Each footnote as its kind (the icon template it opens with) or its name, in order."""
    numbers: dict[str, int] = field(default_factory=dict)
    """Each number to how often it stands (a plain dict: a Counter costs more to make than a unit's checks)."""
    bold: int = 0
    italic: int = 0
    items: list[tuple[int, int, int]] = field(default_factory=list)
    """Numbered items ``n)``: (number, offset, the footnote that holds it or -1)."""


def _ref_label(tag: Tag) -> str:
    name = tag.get("name").value.strip() if tag.has("name") else ""
    first = next((template_name(t) for t in tag.contents.filter_templates(recursive=False)), "") if tag.contents else ""
    return f"{first or 'ref'}{' ' + repr(name) if name else ''}"


def shapes(scanned: Scanned, found: list[Unit]) -> list[Shape]:
    """The shape of each unit, from one pass over the page's nodes."""
    result = [Shape() for _ in found]
    starts = [unit.start for unit in found]
    for spot in scanned.spots:
        node = spot.node
        if isinstance(node, Text) and spot.prose:
            _count_numbers(spot, starts, found, result)
            continue
        index = _unit_at(starts, found, spot.offset)
        if index is None:
            continue
        shape = result[index]
        if isinstance(node, Tag) and node.wiki_markup in EMPHASIS:
            shape.bold += node.wiki_markup == "'''"
            shape.italic += node.wiki_markup == "''"
        elif is_tag(node, "ref") and spot.ref < 0:
            shape.refs.append(_ref_label(node))
    return result


def _count_numbers(spot: Spot, starts: list[int], found: list[Unit], result: list[Shape]) -> None:
    """A text's numbered items and other numbers, each counted in the unit it stands in (one
    text node may run across several units)."""
    value = str(spot.node)
    items = {match.start(): int(match.group(1)) for match in _ITEM.finditer(value)}
    for at, number in items.items():
        index = _unit_at(starts, found, spot.offset + at)
        if index is not None:
            result[index].items.append((number, spot.offset + at, spot.ref))
    for match in _NUMBER.finditer(value):
        index = None if match.start() in items else _unit_at(starts, found, spot.offset + match.start())
        if index is not None:
            numbers = result[index].numbers
            numbers[match.group(1)] = numbers.get(match.group(1), 0) + 1


def _unit_at(starts: list[int], found: list[Unit], offset: int) -> int | None:
    index = bisect.bisect_right(starts, offset) - 1
    return index if index >= 0 and offset < found[index].end else None
