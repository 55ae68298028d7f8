"""A translation subpage's draft paired with its source page's, part by part.

Subpages carry no ``<!--T:n-->`` markers, so parts are paired by the page's structure:
sections by their place in the tree, blocks by their kinds in order, list items by their
place, footnotes by the places they are referred from in paired texts. Where the structure
differs, the longest runs that agree are paired (``difflib``) and the rest is reported
(``translation-structure``): an unpaired part stays untranslated and falls back openly.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from generator.wiki.draft import DBlock, DItem, DPage, DSection, DUnit, markers, walk
from generator.wiki.source import WikiPage

Report = Callable[[WikiPage, int, str, str], None]
# Beyond this many comparisons a structural match would take seconds: pages that big and that
# different are paired by their common beginning only.
_MATCH_LIMIT = 4_000_000


@dataclass
class Pairing:
    units: list[tuple[DUnit, DUnit]] = field(default_factory=list)
    """(source unit, translated unit): paragraphs, items, captions, tile summaries, the flavour."""
    sections: list[tuple[DSection, DSection]] = field(default_factory=list)
    blocks: list[tuple[DBlock, DBlock]] = field(default_factory=list)
    footnotes: dict[int, int] = field(default_factory=dict)
    """Translation footnote index to source footnote index."""


def _pairs(source: Sequence[Any], other: Sequence[Any], signature: Callable[[Any], Any],
           finer: Callable[[Any], Any] | None = None) -> tuple[list[tuple[Any, Any]], bool]:
    """Pairs of ``source`` and ``other`` items, and whether every item found its pair.

    Alike in length and ``signature``, they pair in order; otherwise the longest runs alike in
    ``finer`` (a closer likeness, such as the number of footnotes) are paired."""
    if len(source) == len(other) and all(signature(a) == signature(b) for a, b in zip(source, other)):
        return list(zip(source, other)), True
    alike = finer or signature
    if len(source) * len(other) > _MATCH_LIMIT:  # difflib is quadratic here: pair the alike prefix
        found = []
        for a, b in zip(source, other):
            if alike(a) != alike(b):
                break
            found.append((a, b))
        return found, False
    matcher = difflib.SequenceMatcher(None, [alike(a) for a in source], [alike(b) for b in other], autojunk=False)
    found = [(source[m.a + i], other[m.b + i]) for m in matcher.get_matching_blocks() for i in range(m.size)]
    return found, False


def pair_pages(source: DPage, other: DPage, report: Report) -> Pairing:
    pairing = Pairing()
    if source.flavour is not None and other.flavour is not None:
        pairing.units.append((source.flavour, other.flavour))
    if _numbered(other):
        _pair_by_numbers(source, other, pairing)
    else:
        _pair_blocks(source.root, other.root, pairing, other, report)
        _pair_sections(source.root, other.root, pairing, other, report)
    _pair_footnotes(source, other, pairing, report)
    return pairing


def _blocks_and_units(draft: DPage) -> list[tuple[DBlock, DUnit]]:
    """Every block of the page with each of its texts (paragraph, items, caption, tile summary)."""
    found = []
    for section in [draft.root, *walk(draft.root.sections)]:
        for block in section.blocks:
            texts = block.units + [item.unit for _, item in _flat(block.items)]
            if block.tiles is not None and block.tiles.summary is not None:
                texts.append(block.tiles.summary)
            found += [(block, unit) for unit in texts]
    return found


def _numbered(draft: DPage) -> bool:
    return any(unit.marker for _, unit in _blocks_and_units(draft))


def _pair_by_numbers(source: DPage, other: DPage, pairing: Pairing) -> None:
    """A translation that kept the source's ``<!--T:n-->`` numbers: each part pairs with its number's."""
    units = {unit.marker: (block, unit) for block, unit in _blocks_and_units(source) if unit.marker}
    for block, unit in _blocks_and_units(other):
        if unit.marker in units:
            theirs, mine = units[unit.marker]
            pairing.units.append((mine, unit))
            if (theirs, block) not in pairing.blocks:
                pairing.blocks.append((theirs, block))
    sections = {section.marker: section for section in walk(source.root.sections) if section.marker}
    pairing.sections += [(sections[s.marker], s) for s in walk(other.root.sections) if s.marker in sections]


def _pair_sections(source: DSection, other: DSection, pairing: Pairing, page: DPage, report: Report) -> None:
    pairs, whole = _pairs(source.sections, other.sections, lambda s: (s.strip, len(s.sections) > 0))
    if not whole:
        report(page.page, other.offset, "translation-structure",
               f"{len(other.sections)} section(s) here where the source has {len(source.sections)}"
               f"{' under ' + repr(other.title) if other.title else ''}: only the sections that line up are paired")
    for a, b in pairs:
        pairing.sections.append((a, b))
        _pair_blocks(a, b, pairing, page, report)
        _pair_sections(a, b, pairing, page, report)


def _pair_blocks(source: DSection, other: DSection, pairing: Pairing, page: DPage, report: Report) -> None:
    pairs, whole = _pairs(source.blocks, other.blocks, lambda b: b.kind, _block_likeness)
    if not whole:
        report(page.page, other.offset, "translation-structure",
               f"the section {other.title!r} has {len(other.blocks)} block(s) where the source's has "
               f"{len(source.blocks)}: the ones that line up are paired, the others stay untranslated")
    for a, b in pairs:
        pairing.blocks.append((a, b))
        if a.kind in ("list", "numbered"):
            _pair_items(a, b, pairing, page, report)
        elif a.tiles is not None and b.tiles is not None:
            if a.tiles.summary is not None and b.tiles.summary is not None:
                pairing.units.append((a.tiles.summary, b.tiles.summary))
        else:
            pairing.units += list(zip(a.units, b.units))


def _block_likeness(block: DBlock) -> tuple[str, int]:
    units = block.units + [item.unit for _, item in _flat(block.items)]
    return block.kind, sum(len(markers(unit.text)) for unit in units)


def _flat(items: list[DItem], depth: int = 0) -> list[tuple[int, DItem]]:
    found = []
    for item in items:
        found.append((depth, item))
        found += _flat(item.children, depth + 1)
    return found


def _pair_items(source: DBlock, other: DBlock, pairing: Pairing, page: DPage, report: Report) -> None:
    pairs, whole = _pairs(_flat(source.items), _flat(other.items), lambda entry: entry[0],
                          lambda entry: (entry[0], len(markers(entry[1].unit.text))))
    if not whole:
        report(page.page, other.offset, "translation-structure",
               f"a list of {len(_flat(other.items))} item(s) where the source's has {len(_flat(source.items))}: "
               "the items that line up are paired")
    pairing.units += [(a.unit, b.unit) for (_, a), (_, b) in pairs]


def _pair_footnotes(source: DPage, other: DPage, pairing: Pairing, report: Report) -> None:
    """Footnotes by the references of paired texts: the n-th reference of a text to the n-th of its pair."""
    votes: Counter[tuple[int, int]] = Counter()
    for a, b in pairing.units:
        votes.update(zip(markers(b.text), markers(a.text)))
    for a_section, b_section in pairing.sections:
        votes.update(zip(b_section.moved, a_section.moved))
    for (mine, theirs), _ in votes.most_common():
        if mine in pairing.footnotes or theirs in pairing.footnotes.values():
            continue
        if other.footnotes[mine].kind == source.footnotes[theirs].kind:
            pairing.footnotes[mine] = theirs
    for index, footnote in enumerate(other.footnotes):
        if index not in pairing.footnotes and footnote.defined:
            report(other.page, footnote.offset, "translation-structure",
                   "a footnote the source page has not in this place: it is left out of the translation")
