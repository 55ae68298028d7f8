"""What the importer makes of one wiki page before any id is given: a draft of the page.

:mod:`generator.wiki.convert` fills it from the wikitext; :mod:`generator.wiki.importer` pairs
a translation's draft with the source's, gives ids and writes the files. Texts are already in
the project's inline markup, except that a footnote reference is held as :func:`marker` (its
index in :attr:`DPage.footnotes`) until the footnotes have ids.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable

from generator.cache import memo
from generator.model.data import Printing, Reference, Series
from generator.wiki.source import WikiPage

# A footnote reference inside a draft text. NUL never reaches here from a page: the reader
# refuses every control character.
MARK = "\x00"
_MARKER = re.compile("\x00([0-9]+)\x00")


def marker(index: int) -> str:
    return f"{MARK}{index}{MARK}"


def markers(text: str) -> list[int]:
    """The footnote indexes a draft text refers to, in order."""
    return [int(found) for found in _MARKER.findall(text)]


def replace_markers(text: str, ids: dict[int, str]) -> str:
    """Draft markers as ``{fn:id}``; a marker without an id (a footnote never defined) is dropped."""
    return _MARKER.sub(lambda m: f"{{fn:{ids[int(m.group(1))]}}}" if int(m.group(1)) in ids else "", text)


def drop_markers(text: str) -> str:
    return _MARKER.sub("", text)


@dataclass
class DUnit:
    """One text: a paragraph, list item, caption or heading."""

    text: str
    offset: int
    marker: int | None = None
    """The wiki's translation unit number (``<!--T:n-->``), where the page has one."""
    fuzzy: bool = False
    """Inside the Translate extension's outdated-translation frame."""


@dataclass
class DItem:
    unit: DUnit
    parts: list[str] = field(default_factory=list)
    children: list[DItem] = field(default_factory=list)


@dataclass
class DTileRow:
    picture: str
    count: int | None
    symbols: tuple[str, ...]
    offset: int


@dataclass
class DTiles:
    summary: DUnit | None
    total: int | None
    rows: list[DTileRow] = field(default_factory=list)
    offset: int = 0


@dataclass
class DBlock:
    kind: str
    """paragraph, special_case, list, numbered, example or tiles."""
    units: list[DUnit] = field(default_factory=list)
    """The paragraph's or special case's text; an example's caption."""
    items: list[DItem] = field(default_factory=list)
    picture: str = ""
    """A worked example's picture, as the wiki names it."""
    tiles: DTiles | None = None
    offset: int = 0


@dataclass
class DSection:
    title: str
    level: int
    offset: int
    marker: int | None = None
    strip: bool = False
    """A strip heading (GreyStrip): a subsection of the heading it stands under."""
    blocks: list[DBlock] = field(default_factory=list)
    sections: list[DSection] = field(default_factory=list)
    moved: list[int] = field(default_factory=list)
    """Footnotes referenced from the heading, which a title cannot hold."""
    fuzzy: bool = False


@dataclass
class Mention:
    """A publisher or printing a footnote links to: where a printing note's claim points."""

    kind: str
    """publisher or printing"""
    target: str
    """The publisher's id, or the name the link gives the printing."""
    label: str
    offset: int


@dataclass
class DFootnote:
    name: str | None
    kind: str
    offset: int
    text: str = ""
    history: list[tuple[str, str]] = field(default_factory=list)
    claim: str | None = None
    """only_in, missing_from or since, from the words of a printing note."""
    part: str = "sentence"
    mentions: list[Mention] = field(default_factory=list)
    defined: bool = True
    fuzzy: bool = False


@dataclass
class DPage:
    page: WikiPage
    language: str
    root: DSection
    head_title: str | None = None
    flavour: DUnit | None = None
    footnotes: list[DFootnote] = field(default_factory=list)
    categories: list[tuple[str, int]] = field(default_factory=list)
    editions: list[tuple[str, int]] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)
    """Expansions the edition chooser links to (the page's own, in its other editions)."""
    publisher: tuple[str, int] | None = None
    year: tuple[int, int] | None = None


def walk(sections: list[DSection]) -> Iterable[DSection]:
    """Every section at any depth, in reading order."""
    for section in sections:
        yield section
        yield from walk(section.sections)


# --------------------------------------------------------------------------- the site's names


@memo.pure(maxsize=65536)
def key(name: str) -> str:
    """A name as names are compared: no accents, case, spacing or punctuation; "&" is "and"."""
    folded = unicodedata.normalize("NFKD", name.replace("&", " and ").replace("_", " ")).casefold()
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


@dataclass
class PageInfo:
    id: str
    expansion: str
    editions: tuple[str, ...]
    title: str


@dataclass
class SiteIndex:
    """What the importer looks up in the project: site.yaml's ids and names, and the pages."""

    source_language: str
    languages: tuple[str, ...]
    editions: tuple[str, ...]
    publishers: dict[str, str]
    """Name key to publisher id (by name and by id)."""
    publisher_names: dict[str, str]
    printings: list[Printing]
    colours: frozenset[str]
    figures: frozenset[str]
    categories: dict[str, str]
    expansions: dict[str, str]
    expansion_names: dict[str, str]
    series: list[Series]
    sources: list[Reference]
    pages: list[PageInfo]
    symbols_tiles: dict[str, list[tuple[str, dict[str, int], frozenset[str]]]] = field(default_factory=dict)
    """Expansion id to its catalogue tiles: (tile id, counts per edition, symbols), in catalogue order."""
    releases: dict[str, frozenset[str]] = field(default_factory=dict)
    """Expansion id to the printings its pages list as releases (``info.releases``)."""
    _titled: dict[str, str] | None = field(default=None, repr=False, compare=False)

    def publisher(self, name: str) -> str | None:
        return self.publishers.get(key(name))

    def printings_named(self, name: str) -> list[Printing]:
        wanted = key(name)
        return [p for p in self.printings if wanted in (key(p.name), key(p.id), key(p.short))]

    def page_titled(self, title: str) -> str | None:
        # An index by title key, made on first use: a run links hundreds of pages to each
        # other, and a scan of every page per link made the import quadratic in pages.
        if self._titled is None:
            self._titled = {}
            for page in self.pages:
                self._titled.setdefault(key(page.title), page.id)
        return self._titled.get(key(title))

    def expansion_page(self, expansion: str, edition: str | None) -> list[str]:
        return [p.id for p in self.pages if p.expansion == expansion and (edition is None or edition in p.editions)]
