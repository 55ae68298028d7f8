"""Reading a ``Special:Export`` (or ``dumpBackup.php``) file in two streamed passes.

An export holds every page of a wiki, and neither pass keeps more than one page's text:

1. :func:`index` reads the file with expat and keeps, for each page, its title, namespace,
   latest revision, the line and column where its text starts, its length and a digest of
   its text, but never the text. That is everything the lint needs to pair pages, find
   kept results and place findings; it is also the screen that keeps bad exports out.
   A DOCTYPE that declares entities is refused at the declaration, before anything can be
   expanded (a "billion laughs" export never grows); expat never fetches an external
   entity, and an undefined one is a syntax error; the root must be ``<mediawiki>``; a
   page longer than the wiki accepts is marked and its text never gathered.
2. :func:`texts` reads it again with mwxml, the maintained reader of MediaWiki's XML, and
   gives the text of the pages asked for, one at a time, checked against the digest of the
   first pass (a file changed between the passes is refused, not half read).

Only article pages (namespace 0) are pages for the lint: templates rightly hold
``{{{parameters}}}`` and the ``Translations:`` pages repeat the language subpages unit by
unit. mwxml reports no positions, which is why the first pass takes them: columns count
the decoded characters (``&lt;`` counts as one).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Callable, Iterable, Iterator
from xml.parsers import expat

from generator.core.problem import Problem

MAX_PAGE_CHARS = 2 * 1024 * 1024
"""MediaWiki's own ``$wgMaxArticleSize`` is 2 MiB: a longer page cannot have come from the wiki."""
_CHUNK = 1 << 20


@dataclass(eq=False)  # told apart by identity: a dict of them is keyed by the page itself
class Record:
    """One page of an export as the first pass saw it: all but its text."""

    number: int
    """Its place among the export's ``<page>`` elements, from 0."""
    title: str = ""
    namespace: str = "0"
    revision: str | None = None
    start: tuple[int, int] | None = None
    """Line and column where its latest revision's text starts."""
    end: tuple[int, int] = (1, 1)
    """Where the page's element ends (the place of a page without text)."""
    length: int = 0
    too_long: bool = False
    digest: str = ""
    """SHA-256 of its latest revision's text: the key of its kept results."""

    @property
    def article(self) -> bool:
        return self.namespace == "0"

    @property
    def place(self) -> tuple[int, int]:
        return self.start or self.end


class _Refused(Exception):
    """Raised from inside expat's handlers to stop a parse at once."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


@dataclass
class _Indexer:
    """The state of the first pass: the element path, the page being read and its text's digest."""

    name: str
    parser: Any
    path: list[str] = field(default_factory=list)
    page: Record | None = None
    records: list[Record] = field(default_factory=list)
    value: list[str] | None = None
    hasher: Any = None

    def here(self) -> tuple[int, int]:
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def start(self, tag: str, _attributes: dict[str, str]) -> None:
        if not self.path and tag != "mediawiki":
            line, column = self.here()
            raise _Refused(Problem(self.name, line, column, "bad-export",
                                   f"the root element is <{tag}>, not a MediaWiki export's <mediawiki>"))
        self.path.append(tag)
        where = self.path[-2:]
        if where == ["mediawiki", "page"]:
            self.page = Record(len(self.records))
        elif self.page is None:
            return
        elif where == ["revision", "text"]:
            # Each revision replaces the one before: a dump lists them oldest first.
            self.page.start, self.page.length, self.page.too_long = None, 0, False
            self.hasher, self.value = hashlib.sha256(), None
        elif where in (["page", "title"], ["page", "ns"], ["revision", "id"]):
            self.value = []

    def data(self, chunk: str) -> None:
        page = self.page
        if page is None:
            return
        if self.hasher is not None:
            if page.start is None:
                page.start = self.here()
                # Where the text starts is known: from here expat may hand it over in large
                # pieces (a page's text otherwise comes a line at a time, a million calls an export).
                self.parser.buffer_text = True
            page.length += len(chunk)
            page.too_long = page.length > MAX_PAGE_CHARS
            self.hasher.update(chunk.encode("utf-8", "surrogatepass"))
        elif self.value is not None:
            self.value.append(chunk)

    def end(self, _tag: str) -> None:
        page, where = self.page, self.path[-2:]
        if page is not None and where == ["revision", "text"] and self.hasher is not None:
            page.digest, self.hasher = self.hasher.hexdigest(), None
            self.parser.buffer_text = False  # the next text's first piece must come at its own place
        elif page is not None and self.value is not None:
            value = "".join(self.value)
            if where == ["page", "title"]:
                page.title = value
            elif where == ["page", "ns"]:
                page.namespace = value.strip()
            elif where == ["revision", "id"]:
                page.revision = value.strip()
        self.value = None
        if where == ["mediawiki", "page"] and page is not None:
            page.end = self.here()
            self.records.append(page)
            self.page = None
        self.path.pop()


def _refuse_entities(indexer: _Indexer) -> Callable[..., None]:
    def refuse(entity_name: str, *_: Any) -> None:
        line, column = indexer.here()
        raise _Refused(Problem(indexer.name, line, column, "xml-entity",
                               f"the export's DOCTYPE declares the entity {entity_name!r}; entities are refused "
                               "(they can expand without bound)"))
    return refuse


def index(handle: BinaryIO, name: str) -> tuple[list[Record], list[Problem]]:
    """The first pass: every page of the export at ``handle`` without its text, and the
    problems that stopped the pass (the pages before them stand)."""
    parser = expat.ParserCreate()
    parser.buffer_size = 1 << 16
    indexer = _Indexer(name, parser)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = indexer.start
    parser.EndElementHandler = indexer.end
    parser.CharacterDataHandler = indexer.data
    parser.EntityDeclHandler = _refuse_entities(indexer)
    problems: list[Problem] = []
    try:
        while chunk := handle.read(_CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Refused as refused:
        problems.append(refused.problem)
    except expat.ExpatError as exc:
        problems.append(Problem(name, exc.lineno, exc.offset + 1, "bad-export",
                                f"not well-formed XML: {expat.ErrorString(exc.code)}"))
    except OSError as exc:
        problems.append(Problem(name, 1, 1, "unreadable", exc.strerror or type(exc).__name__))
    return indexer.records, problems


def texts(handle: BinaryIO, name: str, wanted: Iterable[Record]) -> Iterator[tuple[Record, str | Problem]]:
    """The second pass: the latest text of each page of ``wanted`` (records of :func:`index`
    of the same file), in the export's order, or the problem that keeps it from being read."""
    # mwxml's own parts, not its Dump: a Dump requires the <siteinfo> that Special:Export
    # writes, and a page list cut out of an export by hand has none. Imported here: reading
    # loose page files needs no XML reader.
    from mwxml.element_iterator import ElementIterator
    from mwxml.iteration.page import Page

    asked = {record.number: record for record in wanted}
    if not asked:
        return
    last = max(asked)
    try:
        elements = (element for element in ElementIterator.from_file(handle) if element.tag == "page")
        for number, element in enumerate(elements):
            record = asked.get(number)
            page = Page.from_element(element, None)
            text = None
            for revision in page:  # every revision is read (mwxml streams them); the last one counts
                text = revision.text if record is not None else None
            if record is not None:
                yield record, _checked(record, page.title, text, name)
            if number >= last:
                return
    except Exception as exc:  # mwxml raises its own, etree's and expat's errors: any is a changed file
        line, column = getattr(exc, "position", (1, 0))
        yield next(iter(asked.values())), Problem(name, line, column + 1, "bad-export",
                                                  f"the export could not be read a second time ({type(exc).__name__}): "
                                                  "was it changed while it was read?")


def _checked(record: Record, title: str, text: str | None, name: str) -> str | Problem:
    """``text`` when it is the text the first pass saw, else the problem of a changed file."""
    text = text or ""
    if title != record.title or hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() != record.digest:
        line, column = record.place
        return Problem(name, line, column, "bad-export",
                       f"the page {record.title!r} changed between the two readings of the export: it is not linted")
    return text
