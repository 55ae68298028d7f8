"""Reading the wiki's pages: view-source copies, rendered copies and XML exports.

Three kinds of input, told apart by their first bytes:

- an **export** (``Special:Export``, ``dumpBackup.php``): XML whose root is ``<mediawiki>``.
  It is parsed by expat as a stream, one chunk at a time, so a dump of any size costs the
  memory of its pages only. A DOCTYPE that declares entities is refused at the declaration,
  before anything can be expanded (a "billion laughs" export never grows); expat never
  fetches an external entity, and an undefined one is a syntax error. Only article pages
  (namespace 0) are kept: templates rightly hold ``{{{parameters}}}`` and the
  ``Translations:`` pages repeat the language subpages unit by unit.
- a **view-source copy**: the first line is ``View source for TITLE`` and the wikitext
  follows.
- a **rendered copy** (text selected in a browser): anything else.

A page file's title is ``--title``, else its "View source for" line, else its file name
(:mod:`generator.wiki.titles`): never its first line, which in a copy without the view-source
line is the page's markup (``{{UX``, ``<translate>``). An export's pages are named by their
``<title>``. Each page records which of these gave its title (:attr:`WikiPage.title_from`).

Whether a text is rendered is decided by mwparserfromhell, not by the file's shape: a text
of at least :data:`RENDERED_MIN_CHARS` characters in which the parser finds no template,
tag (bold and italics and list bullets are tags to it), wikilink, external link, heading
or comment is a rendered copy. Unresolved ``{{{parameters}}}`` do not count as wikitext
(unless they carry a default): they are exactly what leaks into a rendered page. A short
text without markup is taken as wikitext (a one-line stub is not evidence of a browser).

Before it is parsed, a page is screened for unclosed templates, links and tags
(:func:`unclosed`, :data:`MAX_UNCLOSED`): mwparserfromhell's time grows with their square,
so a tangle of them is refused as ``wiki-too-complex`` rather than parsed for minutes.

Languages: the title's suffix (``/nl``), else ``--lang FILE=CODE``, else, for a rendered
copy (which has no suffix to go by), the language lingua detects among the site's
languages. ``None`` marks the English source: a title without a suffix, or any page of the
file named by ``source`` (the English text under the Polish address is such a source).

Every bad input is a located :class:`Problem` in bounded time and memory: a file that is
not a regular file, cannot be read, is empty, larger than :data:`MAX_FILE_BYTES` (a dump:
:data:`MAX_DUMP_BYTES`), not UTF-8, holds control bytes, or a page longer than the wiki
itself accepts (:data:`MAX_PAGE_CHARS`).
"""

from __future__ import annotations

import bisect
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable
from xml.parsers import expat

import mwparserfromhell
from mwparserfromhell import definitions
from mwparserfromhell.nodes import Argument, Comment, ExternalLink, Heading, Tag, Template, Wikilink

from generator.core.problem import Problem
from generator.core.vocabulary import LANGUAGE_CODE
from generator.read.source import admit, shown
from generator.wiki import titles

# MediaWiki's own $wgMaxArticleSize is 2 MiB: a longer page cannot have come from the wiki.
MAX_PAGE_CHARS = 2 * 1024 * 1024
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DUMP_BYTES = 512 * 1024 * 1024
RENDERED_MIN_CHARS = 200
MAX_UNCLOSED = 400
"""Unclosed templates, links and tags a page may have. mwparserfromhell backtracks over each
one to the end of the text, so its time grows with their square (4,000 unclosed ``{{`` take
twenty seconds): a page with more is refused before it is parsed, a real page has a handful."""
_CHUNK = 1 << 20
VIEW_SOURCE = "View source for "
_WIKITEXT_NODES = (Template, Tag, Wikilink, ExternalLink, Heading, Comment)
# C0 controls other than tab, line feed, form feed and carriage return, and DEL: bytes no
# page of text holds; a file with them is binary, whatever its decoding says.
_BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
# A language code of a subpage title ("nl"): the project's one definition of a language code.
_LANGUAGE_CODE = re.compile(LANGUAGE_CODE)
# Only a cost guard before the parse (:func:`unclosed`), never a reading of the markup.
_TAG_OPENING = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)(?:[^<>]*?(/)>)?")


@dataclass
class WikiPage:
    """One page of the wiki as read from a file (a dump holds many)."""

    file: str
    """Display path of the file (a dump: the dump's path)."""
    title: str
    """The page title without a language suffix."""
    language: str | None
    """From the title's suffix (/nl), ``--lang FILE=CODE`` or detection; None = the English source."""
    revision: str | None
    """The revision id, from an export."""
    text: str
    """The wikitext (or the rendered text), line breaks as ``\\n``."""
    first_line: int
    """The line in ``file`` where ``text`` starts."""
    rendered: bool
    """Text copied from a browser, not wikitext."""
    first_column: int = 1
    """The column in ``file`` where ``text`` starts (a dump's ``<text>`` content follows its tag)."""
    tree: Any = field(default=None, repr=False, compare=False)
    """The mwparserfromhell parse of ``text``, kept so that the lint does not parse twice."""
    title_from: str = ""
    """Where the title came from, in the report's words (:mod:`generator.wiki.titles`)."""
    named_source: bool = False
    """Named by ``--source``: the source of every translation read with it, whatever their titles."""
    line_starts: list[int] | None = field(default=None, repr=False, compare=False)
    """The offset where each line of ``text`` starts, worked out on the first :func:`line_col`."""

    @property
    def is_source(self) -> bool:
        return self.language is None

    @property
    def named_from_outside(self) -> bool:
        """The title came from the file name or ``--title``, not from the file's text: worth saying."""
        return self.title_from in (titles.FROM_FILE_NAME, titles.FROM_OPTION)

    def described(self) -> str:
        """Which page this is and where its title came from, for the report."""
        return titles.described(self.title, self.language, self.title_from)

    def parsed(self) -> Any:
        """The parse of ``text`` (a page made by hand and never screened: parsed as it is)."""
        if self.tree is None:
            self.tree = mwparserfromhell.parse(self.text)
        return self.tree


def line_col(page: WikiPage, offset: int) -> tuple[int, int]:
    """The 1-based line and column in ``page.file`` of the character at ``offset`` in ``page.text``.

    In a dump, columns count the decoded characters (``&lt;`` counts as one)."""
    if page.line_starts is None:
        page.line_starts = [0] + [match.end() for match in re.finditer("\n", page.text)]
    offset = max(0, min(offset, len(page.text)))
    index = bisect.bisect_right(page.line_starts, offset) - 1
    column = offset - page.line_starts[index] + 1
    return page.first_line + index, column + (page.first_column - 1 if index == 0 else 0)


def unclosed(text: str) -> int:
    """How many templates, links and tags of ``text`` open without closing, counted roughly
    (openings less closings): what makes mwparserfromhell slow, not what it will find."""
    # Single brackets: templates, parameters and tables open with "{", links and external links with "[".
    count = max(0, text.count("{") - text.count("}")) + max(0, text.count("[") - text.count("]"))
    opened: Counter[str] = Counter()
    for match in _TAG_OPENING.finditer(text):
        name = match.group(2).lower()
        if definitions.is_single_only(name):
            continue  # <br>, <hr>: never wait for a closing
        opened[name] += -1 if match.group(1) or match.group(3) else 1
    return count + sum(max(0, n) for n in opened.values())


def parse(text: str, name: str, line: int, column: int = 1) -> tuple[Any, Problem | None]:
    """``text`` parsed by mwparserfromhell, or the problem that refuses a page too tangled to parse in time."""
    found = unclosed(text)
    if found > MAX_UNCLOSED:
        return None, Problem(name, line, column, "wiki-too-complex",
                             f"{found:,} templates, links or tags open without closing (at most {MAX_UNCLOSED:,}): "
                             "the page is not parsed")
    return mwparserfromhell.parse(text), None


def split_title(full: str, known_languages: Iterable[str] = ()) -> tuple[str, str | None]:
    """``("Mage and Witch (1st edition)", "nl")`` from ``"Mage and Witch (1st edition)/nl"``.

    A suffix counts as a language when it is one of ``known_languages`` or is shaped like a
    MediaWiki language code; ``Title/Part 2`` keeps its slash."""
    base, slash, suffix = full.strip().rpartition("/")
    if slash and base and (suffix in set(known_languages) or _LANGUAGE_CODE.match(suffix)):
        return base.strip(), suffix
    return full.strip(), None


def looks_rendered(tree: Any, text: str) -> bool:
    """True when ``text`` (parsed as ``tree``) is long and mwparserfromhell finds no wikitext in it."""
    if len(text.strip()) < RENDERED_MIN_CHARS:
        return False
    # Wikitext nests only inside wikitext nodes and parameters' defaults: the page's own nodes
    # tell, without a walk of the whole tree.
    return not any(isinstance(node, _WIKITEXT_NODES) or (isinstance(node, Argument) and node.default is not None)
                   for node in tree.nodes)


@dataclass
class _Request:
    """What the caller said about the inputs, with paths compared in one normal form."""

    source: str | None
    languages: dict[str, str]
    title: str | None
    known: tuple[str, ...]
    detect: Callable[[str], str | None] | None = None

    def named_source(self, path: Path) -> bool:
        return self.source is not None and _key(path) == self.source


def _key(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


def read_inputs(paths: list[Path], *, source: Path | None = None, languages: dict[Path, str] | None = None,
                title: str | None = None, known_languages: Iterable[str] = ()) -> tuple[list[WikiPage], list[Problem]]:
    """Every page of ``paths`` (page files and exports) and the problems that kept any from being read.

    ``source`` names the file holding the English source; ``languages`` gives a file's
    language (``--lang FILE=CODE``); ``title`` the title of files that do not name one;
    ``known_languages`` the site's languages (suffixes, detection of rendered copies)."""
    request = _Request(_key(source) if source is not None else None,
                       {_key(path): code for path, code in (languages or {}).items()}, title, tuple(known_languages))
    if request.known:
        request.detect = _detector(request.known)
    pages: list[WikiPage] = []
    problems: list[Problem] = []
    for path in paths:
        found, trouble = _read_path(Path(path), request)
        pages.extend(found)
        problems.extend(trouble)
    return pages, problems


def _detector(known: tuple[str, ...]) -> Callable[[str], str | None]:
    """A language guesser for rendered copies, built on first use (loading lingua's models takes a while)."""
    built: list[Any] = []

    def detect(text: str) -> str | None:
        if not built:
            built.append(language_detector(known))
        return detect_language(built[0], text)
    return detect


def language_detector(codes: Iterable[str]) -> Any:
    """A lingua detector restricted to ``codes`` (ISO 639-1); None when fewer than two are known to lingua."""
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    languages = []
    for code in codes:
        try:
            languages.append(Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())))
        except (AttributeError, ValueError):
            continue  # a code lingua does not know (a regional variant): nothing to compare with
    if len(languages) < 2:
        return None
    # Low accuracy mode reads trigrams only: four times faster, and as sure on a paragraph or
    # more (the only texts judged); the distance keeps a near tie from being called.
    return (LanguageDetectorBuilder.from_languages(*languages).with_minimum_relative_distance(0.1)
            .with_low_accuracy_mode().build())


def any_language_detector() -> Any:
    """A lingua detector of every language lingua knows (75): a page marked Dutch but written in
    Romanian is named as Romanian, not as the nearest of the site's languages. Its models load on
    first use, only for the texts judged; low accuracy mode as in :func:`language_detector`."""
    from lingua import LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_all_languages().with_minimum_relative_distance(0.1).with_low_accuracy_mode().build()


def detect_language(detector: Any, text: str) -> str | None:
    """The ISO 639-1 code of ``text``'s language, or None when the detector cannot tell."""
    if detector is None:
        return None
    found = detector.detect_language_of(text)
    return found.iso_code_639_1.name.lower() if found is not None else None


def _read_path(path: Path, request: _Request) -> tuple[list[WikiPage], list[Problem]]:
    name = shown(str(path))
    real, problem = admit(path, name)
    if real is None:
        return [], [problem] if problem else []
    try:
        with open(real, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(512)
            if _is_export(head):
                if size > MAX_DUMP_BYTES:
                    return [], [_too_large(name, size, MAX_DUMP_BYTES)]
                handle.seek(0)
                return _read_export(handle, name, path, request)
            if size > MAX_FILE_BYTES:
                return [], [_too_large(name, size, MAX_FILE_BYTES)]
            raw = head + handle.read(MAX_FILE_BYTES + 1 - len(head))
    except OSError as exc:
        return [], [Problem(name, 1, 1, "unreadable", exc.strerror or type(exc).__name__)]
    if len(raw) > MAX_FILE_BYTES:  # the file grew while it was read
        return [], [_too_large(name, len(raw), MAX_FILE_BYTES)]
    return _read_page_file(raw, name, path, request)


def _too_large(name: str, size: int, limit: int) -> Problem:
    return Problem(name, 1, 1, "too-large", f"the file has {size:,} bytes; at most {limit:,} are read")


def _is_export(head: bytes) -> bool:
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return start.startswith(b"<?xml") or start.startswith(b"<mediawiki")


def _decode(raw: bytes, name: str) -> tuple[str | None, Problem | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        return None, Problem(name, line, column, "wiki-encoding", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")
    return _clean_text(text.removeprefix("\ufeff"), name, 1, 1)


def _clean_text(text: str, name: str, first_line: int, first_column: int) -> tuple[str | None, Problem | None]:
    """``text`` with Windows line breaks made plain, or the problem of a binary text."""
    text = text.replace("\r\n", "\n")
    binary = _BINARY.search(text)
    if binary:
        offset = binary.start()
        line_start = text.rfind("\n", 0, offset) + 1
        line = first_line + text.count("\n", 0, offset)
        column = offset - line_start + 1 + (first_column - 1 if line_start == 0 else 0)
        return None, Problem(name, line, column, "wiki-encoding",
                             f"a control character (U+{ord(binary.group()):04X}): binary data, not a page of text")
    return text, None


def _read_page_file(raw: bytes, name: str, path: Path, request: _Request) -> tuple[list[WikiPage], list[Problem]]:
    text, problem = _decode(raw, name)
    if text is None:
        return [], [problem] if problem else []
    if not text.strip():
        return [], [Problem(name, 1, 1, "wiki-empty", "the file holds no text")]
    first, newline, rest = text.partition("\n")
    full_title: str | None = None
    first_line = 1
    origin = titles.FROM_VIEW_SOURCE
    if first.startswith(VIEW_SOURCE):
        full_title, text, first_line = first[len(VIEW_SOURCE):], rest, 2
        if not text.strip():
            return [], [Problem(name, 1, 1, "wiki-empty", "nothing follows the 'View source for' line")]
    if len(text) > MAX_PAGE_CHARS:
        return [], [_page_too_long(name, first_line, len(text))]
    tree, problem = parse(text, name, first_line)
    if tree is None:
        return [], [problem] if problem else []
    rendered = looks_rendered(tree, text)
    if full_title is None:
        # No view-source line: the first line is the page's own markup, never its title.
        full_title, origin = titles.file_name_title(path), titles.FROM_FILE_NAME
    if request.title:
        # --title names the page; the language suffix of the view-source line or file name still counts.
        full_title, origin = titles.with_language(request.title, full_title), titles.FROM_OPTION
    page = _page(name, path, full_title, None, text, first_line, 1, rendered, request)
    page.tree = tree
    page.title_from = origin
    return [page], []


def _page_too_long(name: str, line: int, length: int) -> Problem:
    return Problem(name, line, 1, "too-long",
                   f"the page has {length:,} characters; the wiki itself accepts at most {MAX_PAGE_CHARS:,}")


def _page(name: str, path: Path, full_title: str, revision: str | None, text: str, first_line: int,
          first_column: int, rendered: bool, request: _Request) -> WikiPage:
    """A page with its language decided: the named source, else the title's suffix, else --lang,
    else (a rendered copy only) detection."""
    title, language = split_title(full_title, request.known)
    named = request.named_source(path)
    if named:
        language = None
    elif language is None:
        language = request.languages.get(_key(path))
        if language is None and rendered and request.detect is not None:
            detected = request.detect(text)
            language = None if detected in (None, "en") else detected
    return WikiPage(name, title, language, revision, text, first_line, rendered, first_column, named_source=named)


# --------------------------------------------------------------------------- exports

class _Refused(Exception):
    """Raised from inside expat's handlers to stop a parse at once."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


@dataclass
class _ExportPage:
    title: str = ""
    namespace: str = "0"
    revision: str | None = None
    text: list[str] = field(default_factory=list)
    length: int = 0
    start: tuple[int, int] | None = None
    too_long: bool = False


@dataclass
class _Export:
    """The state of one export's parse: the element path and the page being collected."""

    name: str
    parser: Any
    path: list[str] = field(default_factory=list)
    page: _ExportPage | None = None
    done: list[tuple[_ExportPage, tuple[int, int]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    text: list[str] | None = None

    def here(self) -> tuple[int, int]:
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if not self.path and tag != "mediawiki":
            line, column = self.here()
            raise _Refused(Problem(self.name, line, column, "bad-export",
                                   f"the root element is <{tag}>, not a MediaWiki export's <mediawiki>"))
        self.path.append(tag)
        if self.path[-2:] == ["mediawiki", "page"]:
            self.page = _ExportPage()
        elif self.page is not None and tag in ("title", "ns", "id") or self.path[-2:] == ["revision", "text"]:
            self.text = []
            if self.path[-2:] == ["revision", "text"] and self.page is not None:
                # Each revision replaces the one before: a dump lists them oldest first.
                self.page.text, self.page.length, self.page.start, self.page.too_long = [], 0, None, False
                self.text = self.page.text

    def data(self, chunk: str) -> None:
        if self.text is None or self.page is None:
            return
        if self.text is self.page.text:
            if self.page.start is None:
                self.page.start = self.here()
            self.page.length += len(chunk)
            if self.page.length > MAX_PAGE_CHARS:
                self.page.too_long = True
                self.page.text.clear()  # keep the memory bounded; the page is refused at its end
                return
        self.text.append(chunk)

    def end(self, tag: str) -> None:
        page, where = self.page, self.path[-2:]
        if page is not None and self.text is not None and where != ["revision", "text"]:
            value = "".join(self.text)
            if where == ["page", "title"]:
                page.title = value
            elif where == ["page", "ns"]:
                page.namespace = value.strip()
            elif where == ["revision", "id"]:
                page.revision = value.strip()
        self.text = None
        if where == ["mediawiki", "page"] and page is not None:
            self.done.append((page, self.here()))
            self.page = None
        self.path.pop()


def _refuse_entities(export: _Export) -> Callable[..., None]:
    def refuse(entity_name: str, *_: Any) -> None:
        line, column = export.here()
        raise _Refused(Problem(export.name, line, column, "xml-entity",
                               f"the export's DOCTYPE declares the entity {entity_name!r}; entities are refused "
                               "(they can expand without bound)"))
    return refuse


def _parse_export(handle: Any, name: str) -> _Export:
    parser = expat.ParserCreate()
    export = _Export(name, parser)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = export.start
    parser.EndElementHandler = export.end
    parser.CharacterDataHandler = export.data
    parser.EntityDeclHandler = _refuse_entities(export)
    try:
        while chunk := handle.read(_CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Refused as refused:
        export.problems.append(refused.problem)
    except expat.ExpatError as exc:
        export.problems.append(Problem(name, exc.lineno, exc.offset + 1, "bad-export",
                                       f"not well-formed XML: {expat.ErrorString(exc.code)}"))
    except OSError as exc:
        export.problems.append(Problem(name, 1, 1, "unreadable", exc.strerror or type(exc).__name__))
    return export


def _read_export(handle: Any, name: str, path: Path, request: _Request) -> tuple[list[WikiPage], list[Problem]]:
    export = _parse_export(handle, name)
    pages: list[WikiPage] = []
    problems = list(export.problems)
    for found, end in export.done:
        if found.namespace != "0":
            continue
        line, column = found.start or end
        if found.too_long:
            problems.append(_page_too_long(name, line, found.length))
            continue
        text, problem = _clean_text("".join(found.text), name, line, column)
        if text is None or not text.strip():
            problems.append(problem or Problem(name, line, column, "wiki-empty",
                                               f"the page {found.title!r} has no text in the export"))
            continue
        tree, problem = parse(text, name, line, column)
        if tree is None:
            problems += [problem] if problem else []
            continue
        page = _page(name, path, found.title, found.revision, text, line, column, looks_rendered(tree, text), request)
        page.tree = tree
        page.title_from = titles.FROM_EXPORT
        pages.append(page)
    if not pages and not problems:
        problems.append(Problem(name, 1, 1, "wiki-empty", "the export holds no article page"))
    return pages, problems
