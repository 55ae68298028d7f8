"""A page made ready for the checks, and what a check is given and gives back.

Parsing and walking a page are most of the lint's cost, so both are done once per page
(:meth:`Linted.of`) and every check reads the result. A check is given the page and a
:class:`Context` (the project's settings, the page's source page when it is a translation)
and yields :data:`Finding` pairs: an offset in the page's text and a message. The runner,
:func:`generator.wiki.lint.lint`, turns them into problems with the check's code and level,
so a check cannot report under another's code.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from mwparserfromhell.nodes import Heading, Wikilink

from generator.wiki.caption import caption, is_picture
from generator.wiki.scan import Scanned, Spot, scan
from generator.wiki.settings import Settings
from generator.wiki.source import WikiPage, line_col
from generator.wiki.units import Shape, Unit, shapes, units

Finding = tuple[int, str]
"""What a check reports: the offset in the page's text where it stands, and the message."""


@dataclass
class Linted:
    """One page with what the checks share: its nodes, units and their shapes."""

    page: WikiPage
    scanned: Scanned
    units: list[Unit]
    shapes: list[Shape]
    _captions: list[tuple[Spot, str, list[int]]] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, page: WikiPage) -> Linted:
        scanned = Scanned(page, list(scan(page.parsed())))
        found = units(scanned)
        return cls(page, scanned, found, shapes(scanned, found))

    def captions(self) -> list[tuple[Spot, str, list[int]]]:
        """Every picture with a caption: its link's spot, the caption as a reader sees it and the
        offset of each character. Worked out once: three checks read captions, and building one
        walks the link's nodes."""
        if self._captions is None:
            self._captions = []
            for spot in self.scanned.of(Wikilink):
                if is_picture(spot.node):
                    read = caption(spot.node, spot.offset + 3 + len(str(spot.node.title)))
                    if read is not None:
                        self._captions.append((spot, *read))
        return self._captions

    def field(self, unit: Unit) -> tuple[str, int] | None:
        """A heading unit's title or a picture unit's caption, stripped, and the offset where it
        starts; None when the unit has neither. Read from the nodes already walked, so comparing
        a translation's headings with its source's parses nothing again."""
        if unit.kind.startswith("h"):
            for spot in self.scanned.of(Heading):
                if unit.start <= spot.offset < unit.end:
                    title = str(spot.node.title)
                    return spot.node.title.strip_code().strip(), spot.offset + spot.node.level + len(title) - len(title.lstrip())
            return None
        for spot, text, where in self.captions():
            if unit.start <= spot.offset < unit.end and where:
                lead = len(text) - len(text.lstrip())
                return text.strip(), where[lead]
        return None

    def label(self, index: int) -> str:
        """Unit ``index`` named for a message about a translation of it: its marker and line."""
        unit = self.units[index]
        return unit.name + f" (line {line_col(self.page, unit.start)[0]} of the source)"


def pairs(source: Linted | None, translated: Linted) -> tuple[tuple[int, int], ...]:
    """Source and translated units that stand for each other (index in the source, index in
    the translation), paired by their kinds in order; none when there is no source or either
    page is a rendered copy, whose units are not the wikitext's."""
    if source is None or translated.page.rendered or source.page.rendered:
        return ()
    matcher = difflib.SequenceMatcher(None, [u.kind for u in source.units], [u.kind for u in translated.units],
                                      autojunk=False)
    return tuple(pair for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                 if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1)
                 for pair in zip(range(i1, i2), range(j1, j2)))


@dataclass(frozen=True)
class Context:
    """What a check knows besides the page itself."""

    settings: Settings
    source: Linted | None = None
    """The English page of a translation's title, when it was read; None for a source page."""
    pairs: tuple[tuple[int, int], ...] = ()
    """The translation's units paired with the source's (:func:`pairs`), worked out once for
    every check that compares them."""
