"""Reading the wiki's pages: view-source copies, rendered copies and XML exports.

Three kinds of input, told apart by their first bytes:

- an **export** (``Special:Export``, ``dumpBackup.php``): XML whose root is ``<mediawiki>``,
  read in two streamed passes by :mod:`generator.wiki.export` (expat for the titles, places
  and the screen, mwxml for the texts). Only its article pages (namespace 0) are read. The
  lint (:mod:`generator.wiki.batch`) takes the texts a group of pages at a time, so a dump of
  any size costs it the memory of a few pages; :func:`read_inputs` gives every page at once.
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

import hashlib
import os
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import mwparserfromhell
from mwparserfromhell import definitions
from mwparserfromhell.nodes import Argument, Comment, ExternalLink, Heading, Tag, Template, Wikilink

from generator.core.problem import Problem
from generator.core.vocabulary import LANGUAGE_CODE
from generator.read.source import admit, shown
from generator.wiki import export, titles
from generator.wiki.detect import detector_among
from generator.wiki.page import WikiPage, line_col  # noqa: F401 (read from here by the checks and commands)
from generator.wiki.export import MAX_PAGE_CHARS

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DUMP_BYTES = 512 * 1024 * 1024
RENDERED_MIN_CHARS = 200
MAX_UNCLOSED = 400
"""Unclosed templates, links and tags a page may have. mwparserfromhell backtracks over each
one to the end of the text, so its time grows with their square (4,000 unclosed ``{{`` take
twenty seconds): a page with more is refused before it is parsed, a real page has a handful."""
VIEW_SOURCE = "View source for "
_WIKITEXT_NODES = (Template, Tag, Wikilink, ExternalLink, Heading, Comment)
# C0 controls other than tab, line feed, form feed and carriage return, and DEL: bytes no
# page of text holds; a file with them is binary, whatever its decoding says.
_BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
# A language code of a subpage title ("nl"): the project's one definition of a language code.
_LANGUAGE_CODE = re.compile(LANGUAGE_CODE)
# Only a cost guard before the parse (:func:`unclosed`), never a reading of the markup.
_TAG_OPENING = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)(?:[^<>]*?(/)>)?")


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
class Request:
    """What the caller said about the inputs, with paths compared in one normal form."""

    source: str | None
    languages: dict[str, str]
    title: str | None
    known: tuple[str, ...]
    detect: Callable[[str], str | None] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, source: Path | None = None, languages: dict[Path, str] | None = None, title: str | None = None,
           known_languages: Iterable[str] = ()) -> Request:
        request = cls(_key(source) if source is not None else None,
                      {_key(path): code for path, code in (languages or {}).items()}, title, tuple(known_languages))
        if request.known:
            request.detect = detector_among(request.known)
        return request

    def named_source(self, path: Path) -> bool:
        return self.source is not None and _key(path) == self.source

    def language_of(self, path: Path) -> str | None:
        """``--lang FILE=CODE`` of ``path``."""
        return self.languages.get(_key(path))


def _key(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


def read_inputs(paths: list[Path], *, source: Path | None = None, languages: dict[Path, str] | None = None,
                title: str | None = None, known_languages: Iterable[str] = (),
                parse: bool = True) -> tuple[list[WikiPage], list[Problem]]:
    """Every page of ``paths`` (page files and exports) and the problems that kept any from being read.

    ``source`` names the file holding the English source; ``languages`` gives a file's
    language (``--lang FILE=CODE``); ``title`` the title of files that do not name one;
    ``known_languages`` the site's languages (suffixes, detection of rendered copies). With
    ``parse`` False the pages are not parsed, so not known to be rendered copies either: the
    import parses them in its workers (:mod:`generator.wiki.drafts`) and refuses such copies there."""
    request = Request.of(source, languages, title, known_languages)
    pages: list[WikiPage] = []
    problems: list[Problem] = []
    for path in paths:
        for entry in entries(Path(path), request):
            page = entry if isinstance(entry, Problem) else page_of(entry, request) if parse else unparsed(entry, request)
            (problems if isinstance(page, Problem) else pages).append(page)
    return pages, problems


@dataclass
class Entry:
    """A page as read from its file, not yet parsed: what decides whether it must be linted again."""

    name: str
    """Display path of the file."""
    path: Path
    full_title: str
    """The title with its language suffix (``The Tower/nl``)."""
    title_from: str
    text: str
    first_line: int
    first_column: int = 1
    revision: str | None = None
    record: export.Record | None = None
    """An export's page whose text is not read yet (:func:`export_texts` reads it)."""
    refused: Problem | None = None
    """Why the text could not be read after all (an export changed under the lint)."""

    @property
    def digest(self) -> str:
        """SHA-256 of the page's text (an export's page: as its first pass saw it)."""
        if self.record is not None:
            return self.record.digest
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()


def entries(path: Path, request: Request, *, texts: bool = True) -> Iterator[Entry | Problem]:
    """The pages of one file, or the problems of it. An export's pages are streamed; with
    ``texts`` False they come without their texts (``record`` set), for :func:`export_texts`."""
    name = shown(str(path))
    real, problem = admit(path, name)
    if real is None:
        yield from [problem] if problem else []
        return
    try:
        with open(real, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(512)
            if _is_export(head):
                if size > MAX_DUMP_BYTES:
                    yield _too_large(name, size, MAX_DUMP_BYTES)
                    return
                handle.seek(0)
                records, problems = export.index(handle, name)
                yield from problems
                found = _export_entries(name, path, records, texts)
                if not found and not problems:
                    yield Problem(name, 1, 1, "wiki-empty", "the export holds no article page")
                yield from found
                return
            if size > MAX_FILE_BYTES:
                yield _too_large(name, size, MAX_FILE_BYTES)
                return
            raw = head + handle.read(MAX_FILE_BYTES + 1 - len(head))
    except OSError as exc:
        yield Problem(name, 1, 1, "unreadable", exc.strerror or type(exc).__name__)
        return
    if len(raw) > MAX_FILE_BYTES:  # the file grew while it was read
        yield _too_large(name, len(raw), MAX_FILE_BYTES)
        return
    yield _page_file(raw, name, path, request)


def _too_long(entry: Entry) -> Problem | None:
    return _page_too_long(entry.name, entry.first_line, len(entry.text)) if len(entry.text) > MAX_PAGE_CHARS else None


def unparsed(entry: Entry, request: Request) -> WikiPage | Problem:
    """The page of ``entry`` with its language from its title or the options, not parsed yet."""
    return _too_long(entry) or _page(entry, False, request)


def page_of(entry: Entry, request: Request) -> WikiPage | Problem:
    """The page of ``entry``, parsed, with its language decided; or the problem that refuses it."""
    too_long = _too_long(entry)
    if too_long is not None:
        return too_long
    tree, problem = parse(entry.text, entry.name, entry.first_line, entry.first_column)
    if tree is None:
        assert problem is not None
        return problem
    page = _page(entry, looks_rendered(tree, entry.text), request)
    page.tree = tree
    return page


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


def _page_file(raw: bytes, name: str, path: Path, request: Request) -> Entry | Problem:
    text, problem = _decode(raw, name)
    if text is None:
        assert problem is not None
        return problem
    if not text.strip():
        return Problem(name, 1, 1, "wiki-empty", "the file holds no text")
    first, _, rest = text.partition("\n")
    full_title: str | None = None
    first_line = 1
    origin = titles.FROM_VIEW_SOURCE
    if first.startswith(VIEW_SOURCE):
        full_title, text, first_line = first[len(VIEW_SOURCE):], rest, 2
        if not text.strip():
            return Problem(name, 1, 1, "wiki-empty", "nothing follows the 'View source for' line")
    if full_title is None:
        # No view-source line: the first line is the page's own markup, never its title.
        full_title, origin = titles.file_name_title(path), titles.FROM_FILE_NAME
    if request.title:
        # --title names the page; the language suffix of the view-source line or file name still counts.
        full_title, origin = titles.with_language(request.title, full_title), titles.FROM_OPTION
    return Entry(name, path, full_title, origin, text, first_line)


def _export_entries(name: str, path: Path, records: list[export.Record], texts: bool) -> list[Entry | Problem]:
    """The article pages of an export from its first pass's records (their texts read in a
    second pass when ``texts``); a page that is too long or empty is a problem at its place."""
    found: list[Entry | Problem] = []
    for record in records:
        if not record.article:
            continue
        line, column = record.place
        if record.too_long:
            found.append(_page_too_long(name, line, record.length))
        elif not record.length:
            found.append(Problem(name, line, column, "wiki-empty", f"the page {record.title!r} has no text in the export"))
        else:
            found.append(Entry(name, path, record.title, titles.FROM_EXPORT, "", line, column, record.revision, record))
    if not texts:
        return found
    wanted = [item.record for item in found if isinstance(item, Entry) and item.record is not None]
    read = dict(export_texts(path, name, wanted))
    # Each page keeps its place in the export; one whose text could not be read is its problem.
    given: list[Entry | Problem] = []
    for item in found:
        if isinstance(item, Problem) or item.record is None:
            given.append(item)
            continue
        text = read.get(item.record, Problem(name, item.first_line, item.first_column, "bad-export",
                                             "the page was not found when the export was read again"))
        given.append(text if isinstance(text, Problem) else replace(item, text=text, record=None))
    return given


def export_texts(path: Path, name: str, records: list[export.Record]) -> Iterator[tuple[export.Record, str | Problem]]:
    """The texts of an export's pages (records of its first pass), cleaned as a page file's
    are, in the export's order; a text that is binary or blank is a problem at its place."""
    try:
        with open(path, "rb") as handle:
            for record, found in export.texts(handle, name, records):
                if isinstance(found, Problem):
                    yield record, found
                    continue
                line, column = record.place
                text, problem = _clean_text(found, name, line, column)
                if text is None or not text.strip():
                    yield record, problem or Problem(name, line, column, "wiki-empty",
                                                     f"the page {record.title!r} has no text in the export")
                else:
                    yield record, text
    except OSError as exc:
        if records:
            yield records[0], Problem(name, 1, 1, "unreadable", exc.strerror or type(exc).__name__)


def _page_too_long(name: str, line: int, length: int) -> Problem:
    return Problem(name, line, 1, "too-long",
                   f"the page has {length:,} characters; the wiki itself accepts at most {MAX_PAGE_CHARS:,}")


def _page(entry: Entry, rendered: bool, request: Request) -> WikiPage:
    """A page with its language decided: the named source, else the title's suffix, else --lang,
    else (a rendered copy only) detection."""
    title, language = split_title(entry.full_title, request.known)
    named = request.named_source(entry.path)
    if named:
        language = None
    elif language is None:
        language = request.language_of(entry.path)
        if language is None and rendered and request.detect is not None:
            detected = request.detect(entry.text)
            language = None if detected in (None, "en") else detected
    return WikiPage(entry.name, title, language, entry.revision, entry.text, entry.first_line, rendered,
                    entry.first_column, title_from=entry.title_from, named_source=named)
