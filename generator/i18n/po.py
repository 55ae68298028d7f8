"""Gettext PO round-trip: export a language for translators, import their work back.

One PO file per document. ``msgctxt`` is the unit id, ``msgid`` the English text and
``msgstr`` the translation; outdated translations are exported ``fuzzy`` with the English
they were made from as ``#| msgid``. Import writes into ``rules_data/translations`` by
replacing only the values that changed, so comments, order and formatting of the YAML
files survive, and an export followed by an import without edits changes no byte.

An import loses nothing or writes nothing:

* polib reads almost anything (a file cut inside a string included), so every file is first
  read by a strict tokenizer of its own (:func:`_lex`): every line a comment, a keyword with
  its quoted text, or a quoted text; every string closed and its escapes ones polib decodes
  as gettext does; every entry complete. polib's reading must then agree with it entry for
  entry (:func:`_disagreement`), so a file polib reads only in part is refused too.
* A file cut at the end of a line is still valid PO, so the syntax alone cannot tell that
  it was cut. Every export therefore ends with an obsolete entry, the *end marker*, which PO
  editors keep and never show for translation, and its header counts the entries. A file
  without the marker (an older export, or an editor that dropped it) is refused when it has
  fewer entries than its header announces, or when its last entry, the only one such a cut
  can shorten unseen, would write a msgstr of several lines (:func:`_check_whole`).
* Several files of one document are merged unit by unit; two that change one unit
  differently are refused, naming both (:func:`_merge`). An entry that repeats what is
  stored changes nothing, so it never conflicts.
* A fuzzy entry is stored as the translation of the English it was made from, so it stays
  outdated; one whose origin the import cannot tell is refused (:func:`_origin`). Plural
  entries are refused: no text of the site has plural forms.
* Every msgstr that would be written is held to the checks ``rulesite check`` makes,
  structure included, and every problem is reported at its PO line and column.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

import polib

from generator.core import atomic
from generator.check import terms
from generator.check.interface import check_plural_forms, placeholders
from generator.check.known import Known
from generator.check.structure import structure_warnings
from generator.check.texts import check_text
from generator.core.problem import Problem
from generator.model.data import TranslatedUnit
from generator.project import Project
from generator.read.source import parse
from generator.i18n.status import unit_status
from generator.i18n.store import Edit, planned_text
from generator.model.units import UnitInfo, fingerprint

HEADER_DOC = "X-Rulesite-Document"
HEADER_ENTRIES = "X-Rulesite-Entries"
"""How many entries the export wrote: a file without its end marker must have them all."""
END_CONTEXT, END_ID = "rulesite", "end of the export"
"""The obsolete entry every export ends with (see the module docstring)."""
END_COMMENT = "the rulesite export ends here; keep this entry: the import checks it"


def _comment(unit: UnitInfo) -> str:
    parts = [unit.kind.replace("-", " ")]
    if unit.detail:
        parts.append(unit.detail)
    if unit.editions:
        parts.append("editions " + ", ".join(unit.editions))
    if unit.syntax == "markup":
        parts.append("keep {fn:…} references and {page:…}, {figure:…}, {player:…} markup")
    elif unit.syntax == "placeholders":
        parts.append("keep every {placeholder}")
    return "; ".join(parts)


def export(project: Project, language: str, out: Path) -> list[Path]:
    """Write ``out/<language>/<document>.po`` for every document; return the paths."""
    folder = out / language
    folder.mkdir(parents=True, exist_ok=True)
    names = {lang.code: lang.english_name for lang in project.site.languages}
    written = []
    printing_names = {p.id: p.short for p in project.site.printings}
    for doc in project.documents:
        po = polib.POFile(wrapwidth=78)
        po.metadata = {
            "Project-Id-Version": f"rulesite {doc}",
            "Report-Msgid-Bugs-To": "",
            "POT-Creation-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M+0000"),
            "PO-Revision-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M+0000"),
            "Last-Translator": "rulesite export",
            "Language-Team": f"{names[language]} <{language}@rulesite.invalid>",
            "Language": language,
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
            HEADER_DOC: doc,
            HEADER_ENTRIES: str(len(project.units.get(doc, {}))),
        }
        for unit in project.units.get(doc, {}).values():
            status = unit_status(project, language, unit)
            line = project.sources[unit.file].where(unit.path)[0]
            entry = polib.POEntry(msgctxt=unit.id, msgid=unit.text,
                                  msgstr=status.translation.text if status.translation else "",
                                  occurrences=[(unit.file, str(line))],
                                  comment="\n".join([_comment(unit)] + terms.hints(project.concepts, language, unit.text, printing_names)))
            if unit.syntax == "placeholders" and placeholders(unit.text):
                entry.flags.append("python-brace-format")
            if status.state == "outdated" and status.translation is not None:
                entry.flags.append("fuzzy")
                entry.previous_msgid = status.translation.source_text
            po.append(entry)
        po.append(polib.POEntry(obsolete=True, msgctxt=END_CONTEXT, msgid=END_ID, msgstr="", tcomment=END_COMMENT))
        path = folder / f"{doc}.po"
        # Replaced in one step: a full disk or a kill leaves the last export's file, never half of one.
        atomic.write_bytes(path, po.__unicode__().encode(po.encoding))
        written.append(path)
    return written


# ---------------------------------------------------------------- the file's own syntax

_BLANK = " \t"
_ESCAPES = frozenset('\\ntrvbf"')
"""The escapes polib's unescape() decodes as gettext does; gettext's others (\\a, octal, hex)
polib would leave as written, so the import refuses them rather than store them wrong."""
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr\[[0-9]+\]|msgstr)[ \t]")


@dataclass(frozen=True)
class _Token:
    """One meaningful line: a comment, a keyword with its text, or a text continuing one."""

    kind: str
    """comment, flags, previous (``#| msgid "…"``), previous-string, keyword or string."""
    column: int
    keyword: str = ""
    obsolete: bool = False
    fuzzy: bool = False
    empty: bool = False
    """The line's text is ``""``."""


@dataclass(frozen=True)
class _Bad:
    column: int
    message: str


@dataclass
class _Entry:
    """One entry as the file's syntax has it: where its parts stand, for messages, and what
    polib's reading of it must agree with."""

    start: int
    """Its first line, comments included: polib's ``linenum``."""
    end: int = 0
    obsolete: bool | None = None
    at: dict[str, tuple[int, int]] = field(default_factory=dict)
    """msgctxt, msgid, plural, msgstr and fuzzy (the flags line) to their line and column."""
    msgstr_lines: int = 0
    empty_msgid: bool = False


def _closing(body: str, start: int) -> tuple[int, int | None, str]:
    """Scan the string whose quote is ``body[start]``: (index after its closing quote, None, "")
    or (-1, index of the fault or None for the whole string, what is wrong)."""
    i = start + 1
    while i < len(body):
        if body[i] == '"':
            return i + 1, None, ""
        if body[i] == "\\":
            escape = body[i + 1:i + 2]
            if not escape:
                return -1, i, "the text ends in a lone backslash (a backslash is written \\\\)"
            if escape not in _ESCAPES:
                return -1, i, (f"\\{escape} is an escape this import does not read; write the character "
                               "itself (only \\n, \\t, \\\", \\\\, \\r, \\v, \\b and \\f are read)")
            i += 2
            continue
        i += 1
    return -1, None, "the text is not closed by a quote (a PO text ends on the line it begins)"


def _quoted(body: str, column: int) -> _Token | _Bad:
    """``keyword "text"`` or ``"text"``, with nothing after the closing quote."""
    keyword, start = "", 0
    if not body.startswith('"'):
        match = _KEYWORD.match(body)
        if match is None:
            return _Bad(column, "not a line of a PO file: expected a comment, a keyword (msgctxt, msgid, msgstr) "
                                "with its quoted text, or a quoted text")
        keyword = match.group(1)
        start = len(body) - len(body[match.end():].lstrip(_BLANK))
        if body[start:start + 1] != '"':
            return _Bad(column + start, f"{keyword} is not followed by a quoted text")
    end, fault, message = _closing(body, start)
    if end < 0:
        return _Bad(column if fault is None else column + fault, message)
    if end < len(body):
        junk = len(body) - len(body[end:].lstrip(_BLANK))
        return _Bad(column + junk, 'text after the closing quote (a quote inside a text is written \\")')
    return _Token("keyword" if keyword else "string", column, keyword, empty=body[start:end] == '""')


def _token(line: str) -> _Token | _Bad | None:
    """What one line is; None for a line polib skips (blank, ``#~|``, an empty ``#.``), which
    therefore begins no entry."""
    body = line.strip(_BLANK)
    if not body or body.startswith("#~|"):
        return None
    column = len(line) - len(line.lstrip(_BLANK)) + 1
    head, *more = re.split("[ \t]+", body, maxsplit=1)
    rest = more[0] if more else ""
    if head in ("#~", "#|"):
        found = _quoted(rest, column + len(body) - len(rest))
        if isinstance(found, _Bad) or head == "#~":
            return replace(found, obsolete=True) if isinstance(found, _Token) else found
        if found.keyword not in ("", "msgctxt", "msgid", "msgid_plural"):
            return _Bad(column, f"#| {found.keyword}: a previous text is a msgctxt, msgid or msgid_plural")
        return replace(found, kind="previous" if found.keyword else "previous-string")
    if head == "#,":
        flags = {flag.strip() for flag in rest.split(",")}
        return _Token("flags", column, fuzzy="fuzzy" in flags) if rest.strip() else None
    if head in ("#.", "#:"):
        return _Token("comment", column) if rest.strip() else None
    if head == "#" or head.startswith("##"):
        return _Token("comment", column)
    if head.startswith("#"):
        return _Bad(column, f"{head[:2]} must be followed by a space (as in '#, fuzzy' or '#. note'); polib reads no other comment")
    return _quoted(body, column)


# Which keyword may follow what, within one entry ("" is between entries).
_AFTER = {"msgctxt": ("", "comments", "msgstr", "msgstr[]"), "msgid": ("", "comments", "msgstr", "msgstr[]", "msgctxt"),
          "msgid_plural": ("msgid",), "msgstr": ("msgid", "msgid_plural"), "msgstr[]": ("msgid_plural", "msgstr[]")}


class _Grammar:
    """Entries from tokens, in the order the PO format has them; the first fault ends it,
    since what follows a fault would only echo it."""

    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.entry = _Entry(0)
        self.state = ""
        self.previous_open = False
        self.fault: tuple[int, int, str] | None = None

    def _begin(self, number: int) -> None:
        """A comment or keyword after a complete entry (or before any) begins the next one."""
        if self.state.startswith("msgstr"):
            self.entries.append(self.entry)
        if not self.state or self.state.startswith("msgstr"):
            self.entry = _Entry(number)

    def feed(self, number: int, token: _Token) -> None:
        if self.fault is not None:
            return
        if token.kind == "previous-string":
            if not self.previous_open:
                self.fault = (number, token.column, "a #| text that continues no #| line")
            return
        self.previous_open = token.kind == "previous"
        if token.kind in ("comment", "flags", "previous"):
            if self.state in ("msgctxt", "msgid", "msgid_plural"):
                line = self.entry.at[self.state][0]
                self.fault = (number, token.column, f"a comment inside an entry, between its {self.state} "
                                                    f"(line {line}) and its msgstr")
                return
            self._begin(number)
            self.state = "comments"
            if token.fuzzy:
                self.entry.at["fuzzy"] = (number, token.column)
        elif token.kind == "string":
            self._continue(number, token)
        else:
            self._keyword(number, token)
        self.entry.end = number

    def _continue(self, number: int, token: _Token) -> None:
        if self.state in ("", "comments"):
            self.fault = (number, token.column, "a quoted text that continues no msgctxt, msgid or msgstr")
        elif token.obsolete != self.entry.obsolete:
            self.fault = (number, token.column, "an entry with both obsolete (#~) and active lines")
        elif self.state == "msgstr":
            self.entry.msgstr_lines += 1
        elif self.state == "msgid":
            self.entry.empty_msgid = False

    def _keyword(self, number: int, token: _Token) -> None:
        kind = "msgstr[]" if token.keyword.startswith("msgstr[") else token.keyword
        if self.state not in _AFTER[kind]:
            after = f"after a {self.state}" if self.state not in ("", "comments") else "without a msgid before it"
            self.fault = (number, token.column, f"{token.keyword} {after}")
            return
        if kind in ("msgctxt", "msgid"):
            self._begin(number)
        entry = self.entry
        if entry.obsolete is None:
            entry.obsolete = token.obsolete
        elif entry.obsolete != token.obsolete:
            self.fault = (number, token.column, "an entry with both obsolete (#~) and active lines")
            return
        place = (number, token.column)
        entry.at.setdefault("msgstr" if kind == "msgstr[]" else kind, place)
        if kind in ("msgid_plural", "msgstr[]"):
            entry.at.setdefault("plural", place)
        entry.empty_msgid = token.empty if kind == "msgid" else entry.empty_msgid
        entry.msgstr_lines = 1 if kind == "msgstr" else entry.msgstr_lines
        self.state = kind

    def finish(self) -> str | None:
        """What is wrong with the file's end, if anything."""
        if self.state.startswith("msgstr"):
            self.entries.append(self.entry)
            return None
        if self.state == "comments":
            return "the file ends with comment lines that belong to no entry"
        if self.state:
            return f"the file ends inside an entry: its {self.state} (line {self.entry.at[self.state][0]}) has no msgstr"
        return None


def _lex(name: str, text: str) -> tuple[list[_Entry], list[Problem]]:
    """Every entry of a PO text, or every line that is not PO and the first fault of order."""
    lines = text.split("\n")
    # A file cut inside a line does not end with a line break: its last line is the cut.
    cut = not text.endswith("\n")
    last = max((number for number, line in enumerate(lines, 1) if line.strip(_BLANK)), default=1)
    grammar, problems = _Grammar(), []
    for number, line in enumerate(lines, 1):
        token = _token(line)
        if isinstance(token, _Bad):
            ends_here = number == last and cut
            code = "po-truncated" if ends_here else "bad-po"
            message = f"{token.message}; the file ends here, inside this line: it was cut short" if ends_here else token.message
            problems.append(Problem(name, number, token.column, code, message))
            grammar.fault = grammar.fault or (number, token.column, "")  # the order after a bad line is not checked
        elif token is not None:
            grammar.feed(number, token)
    if grammar.fault is not None and grammar.fault[2]:
        problems.append(Problem(name, grammar.fault[0], grammar.fault[1], "bad-po", grammar.fault[2]))
    if not problems:
        ending = grammar.finish()
        if ending:
            problems.append(Problem(name, last, len(lines[last - 1]) + 1, "po-truncated", f"{ending}: it was cut short"))
    return grammar.entries, problems


# ---------------------------------------------------------------- reading one file


@dataclass
class _Read:
    """One PO file, read by polib and held to its own syntax."""

    name: str
    po: polib.POFile
    header: _Entry
    entries: list[tuple[polib.POEntry, _Entry]]
    """Every entry but the header (obsolete ones too), in file order."""
    lines: list[str]


def _disagreement(po: polib.POFile, lexed: list[_Entry]) -> tuple[int, str] | None:
    """Where polib's reading differs from the file's syntax: the trust in polib ends there."""
    read = list(po)
    for entry, seen in zip(read, lexed):
        plural = bool(entry.msgid_plural or entry.msgstr_plural)
        if (entry.linenum, bool(entry.obsolete), entry.msgctxt is not None, plural) != (
                seen.start, seen.obsolete, "msgctxt" in seen.at, "plural" in seen.at):
            return seen.start, "polib reads the entry that begins here otherwise than the file's syntax has it"
    if len(read) != len(lexed):
        where = lexed[len(read)].start if len(lexed) > len(read) else lexed[-1].start if lexed else 1
        return where, f"polib reads {len(read)} of the file's {len(lexed)} entries"
    return None


def _read_po(path: Path, result: ImportResult) -> _Read | None:
    name = str(path)
    if not path.is_file():  # polib would read the path itself as PO text and report a syntax error
        result.problems.append(Problem(name, 1, 1, "missing-file", "no such PO file"))
        return None
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = raw.count(b"\n", 0, exc.start) + 1, exc.start - raw.rfind(b"\n", 0, exc.start)
        result.problems.append(Problem(name, line, column, "bad-po", "not UTF-8 text, which every export is"))
        return None
    except OSError as exc:
        result.problems.append(Problem(name, 1, 1, "bad-po", f"cannot read PO file: {exc}"))
        return None
    # As polib reads a file: a byte order mark dropped, universal newlines.
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lexed, problems = _lex(name, text)
    if not problems and not (lexed and lexed[0].empty_msgid and "msgctxt" not in lexed[0].at):
        problems.append(Problem(name, lexed[0].start if lexed else 1, 1, "bad-po",
                                'not a PO file exported by rulesite: it does not begin with a header (msgid "")'))
    if problems:
        result.problems += problems
        return None
    try:
        po = polib.pofile(name, encoding="utf-8", wrapwidth=78)
    except (OSError, ValueError) as exc:
        where = re.search(r"\(line (\d+)\)", str(exc))
        result.problems.append(Problem(name, int(where.group(1)) if where else 1, 1, "bad-po", f"cannot read PO file: {exc}"))
        return None
    mismatch = _disagreement(po, lexed[1:])
    if mismatch is not None:
        result.problems.append(Problem(name, mismatch[0], 1, "bad-po", mismatch[1]))
        return None
    return _Read(name, po, lexed[0], list(zip(po, lexed[1:])), text.split("\n"))


def _header_place(read: _Read, key: str) -> tuple[int, int]:
    """The line and column of a header field, for messages; the header's msgstr if not found."""
    first = read.header.at["msgstr"][0]
    for number in range(first, read.header.end + 1):
        column = read.lines[number - 1].find(f'"{key}:')
        if column >= 0:
            return number, column + 1
    return read.header.at["msgstr"]


def _document(project: Project, read: _Read, result: ImportResult) -> tuple[str, str] | None:
    """The language and document a file holds, from its header."""
    metadata = read.po.metadata
    language, doc = metadata.get("Language", ""), metadata.get(HEADER_DOC, Path(read.name).stem)
    if "Language" not in metadata:
        # polib reads almost any text without complaint; a file without the header we write
        # is not a PO file of ours, whatever else it holds.
        line, column = read.header.at["msgstr"]
        result.problems.append(Problem(read.name, line, column, "bad-po",
                                       "not a PO file exported by rulesite: it has no Language header"))
        return None
    if language not in project.target_languages:
        line, column = _header_place(read, "Language")
        result.problems.append(Problem(read.name, line, column, "unknown-language",
                                       f"Language {language!r} is not a translated language of the site"))
        return None
    if doc not in project.units:
        line, column = _header_place(read, HEADER_DOC)
        result.problems.append(Problem(read.name, line, column, "unknown-page", f"no document {doc!r} to translate"))
        return None
    return language, doc


# ---------------------------------------------------------------- entries to edits


@dataclass(frozen=True)
class _Planned:
    """An edit and the PO entry it comes from."""

    edit: Edit
    file: str
    line: int
    column: int


def _origin(unit: UnitInfo, entry: polib.POEntry, existing: TranslatedUnit | None) -> tuple[str, str] | str:
    """The fingerprint and English a msgstr was made from, or why the import cannot tell.

    A translation records the English it was made from (its fingerprint says whether it is
    current): for a plain entry that is its msgid, so a file exported before an English edit
    gives an outdated translation, never one that claims to match the new English; for a
    fuzzy entry it is its ``#| msgid``, and a fuzzy entry is never stored as current.
    """
    fuzzy = "fuzzy" in entry.flags
    if not fuzzy:
        made_from = entry.msgid
    elif entry.previous_msgid is not None:
        made_from = entry.previous_msgid
    elif existing is not None and existing.source != unit.fingerprint:
        made_from = existing.source_text  # an outdated translation whose #| msgid an editor dropped
    else:
        return ("a fuzzy entry that does not say which English it was made from (no #| msgid line): it cannot "
                "be stored as current, since it is fuzzy, nor as outdated; clear the fuzzy flag if it matches "
                "the English, or empty its msgstr to keep the stored translation")
    if existing is not None and made_from == existing.source_text:
        origin = existing.source, existing.source_text  # that English as the translation file records it
    elif fingerprint(made_from) == unit.fingerprint:
        origin = unit.fingerprint, unit.text
    else:
        origin = fingerprint(made_from), made_from
    if fuzzy and origin[0] == unit.fingerprint:
        return ("a fuzzy entry made from the current English (its #| msgid is the msgid): clear the fuzzy flag "
                "to import it as current, or empty its msgstr to keep the stored translation")
    return origin


def _entry_edit(project: Project, read: _Read, entry: polib.POEntry, lexed: _Entry, unit: UnitInfo,
                existing: TranslatedUnit | None, footnotes: set[str], result: ImportResult,
                language: str) -> _Planned | None:
    if not entry.msgstr:
        return None  # untranslated in the file: the stored translation, if any, stays
    line, column = lexed.at["msgstr"]
    origin = _origin(unit, entry, existing)
    if isinstance(origin, str):
        line, column = lexed.at.get("fuzzy", (line, column))
        result.problems.append(Problem(read.name, line, column, "po-fuzzy", origin))
        return None
    edit = Edit(unit, entry.msgstr, *origin)
    if existing is not None and (existing.text, existing.source, existing.source_text) == (edit.text, edit.source, edit.source_text):
        return None  # what is stored already, and checked when it was loaded: not an edit
    for problem in _check_entry(edit, project.known, footnotes, language):
        result.problems.append(Problem(read.name, line, column, problem.code, problem.message))
    return _Planned(edit, read.name, line, column)


def _file_edits(project: Project, read: _Read, language: str, doc: str, result: ImportResult) -> list[_Planned]:
    """The edits of one file, every entry's problems reported at its PO line."""
    units = project.units[doc]
    stored = project.translations.get(language, {}).get(doc)
    footnotes = {f.id for f in project.pages[doc].footnotes} if doc in project.pages else set()
    seen: dict[str, int] = {}
    planned = []
    for entry, lexed in read.entries:
        if entry.obsolete:
            continue
        line, column = lexed.at.get("msgctxt") or lexed.at["msgid"]
        if "plural" in lexed.at:
            plural_line, plural_column = lexed.at["plural"]
            result.problems.append(Problem(read.name, plural_line, plural_column, "po-plural",
                                           "a plural entry (msgid_plural, msgstr[n]): no text of the site has "
                                           "plural forms, so the import would drop it; write one msgstr"))
            continue
        unit = units.get(entry.msgctxt) if entry.msgctxt is not None else None
        if unit is None:
            result.problems.append(Problem(read.name, line, column, "unknown-unit",
                                           f"msgctxt {entry.msgctxt!r} names no unit of {doc}"))
            continue
        if unit.id in seen:
            result.problems.append(Problem(read.name, line, column, "duplicate-id",
                                           f"msgctxt {unit.id!r} again: line {seen[unit.id]} has it already"))
            continue
        seen[unit.id] = line
        existing = stored.model.units.get(unit.id) if stored else None
        item = _entry_edit(project, read, entry, lexed, unit, existing, footnotes, result, language)
        if item is not None:
            planned.append(item)
    return planned


def _check_whole(read: _Read, planned: list[_Planned], result: ImportResult) -> None:
    """Refuse a file that may be cut short where its syntax cannot show it (a cut at the end of a line)."""
    active = [lexed for entry, lexed in read.entries if not entry.obsolete]
    last_start = active[-1].start if active else 0
    if any(entry.obsolete and entry.msgctxt == END_CONTEXT and entry.msgid == END_ID and lexed.start > last_start
           for entry, lexed in read.entries):
        return  # the end marker follows every entry: the file was not cut
    line = max([read.header.end] + [lexed.end for _, lexed in read.entries])
    column = len(read.lines[line - 1]) + 1
    expected = read.po.metadata.get(HEADER_ENTRIES)
    marker = f'the end marker every export closes with (#~ msgctxt "{END_CONTEXT}")'
    if expected is not None and not (expected.isdigit() and len(active) >= int(expected)):
        result.problems.append(Problem(read.name, line, column, "po-truncated",
                                       f"the file ends after {len(active)} of the {expected} entries its header "
                                       f"announces, without {marker}: it was cut short"))
    elif expected is not None:
        # Even a cut right after the last entry's `msgstr ""` line leaves every entry there.
        result.problems.append(Problem(read.name, line, column, "po-truncated",
                                       f"the file ends without {marker}, so it may have been cut short inside its "
                                       f"last entry (line {active[-1].start}); if it is whole (a PO editor may drop "
                                       "the marker), copy the marker's lines from a fresh export to its end"))
    elif active and active[-1].msgstr_lines > 1 and any(p.line == active[-1].at["msgstr"][0] for p in planned):
        # An export older than the marker: only a cut at a line end of the last msgstr can hide.
        result.problems.append(Problem(read.name, line, column, "po-truncated",
                                       f"the file ends without {marker}, so nothing shows that the msgstr of its "
                                       f"last entry (line {active[-1].at['msgstr'][0]}) is whole: it may have been "
                                       "cut short; if it is whole, copy the marker's lines from a fresh export to its end"))


# Characters a YAML file may not hold (YAML 1.1's printable set, inverted).
_UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _check_entry(edit: Edit, known: Known, footnotes: set[str], language: str) -> list[Problem]:
    """The checks ``rulesite check`` makes of a translation; what it only warns about (a footnote
    reference dropped, a number changed) the import refuses, as it writes nothing unchecked."""
    bad = _UNPRINTABLE.search(edit.text)
    if bad:
        return [Problem("po", 1, 1, "bad-value",
                        f"the msgstr holds the control character U+{ord(bad.group()):04X}, which no translation needs")]
    # Check the translation as the loader would, on a throwaway one-value source.
    source, _ = parse(json.dumps(edit.text, ensure_ascii=False), "po")
    found = [p for p in check_text(source, (), edit.text, edit.unit.syntax, footnotes, known, english=edit.unit.text)
             if p.level == "error"]
    # A count string needs one form per plural category of the language, as check requires.
    found += check_plural_forms(source, (), edit.unit.id, edit.text, language) if edit.unit.doc == "ui" else []
    for warning in structure_warnings(source, (), edit.unit.text, edit.text, edit.unit.syntax):
        found.append(Problem("po", 1, 1, "po-mismatch",
                             f"{warning.message} ({warning.code}: `rulesite check` would warn about it, so the import does not write it)"))
    return found


# ---------------------------------------------------------------- the import


@dataclass(frozen=True)
class Change:
    """One translation an import wrote."""

    language: str
    doc: str
    unit: str
    state: str
    """current, or outdated (a fuzzy entry, or one made from English that has changed since)."""
    file: str
    line: int

    def line_text(self) -> str:
        return f"{self.language} {self.doc} {self.unit}: {self.state} (from {self.file}:{self.line})"


@dataclass
class ImportResult:
    problems: list[Problem] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    changed: int = 0
    changes: list[Change] = field(default_factory=list)

    def report(self) -> str:
        """Every translation written, one line each (language, document, unit), for the command to print."""
        return "\n".join(change.line_text() for change in self.changes)


def _merge(files: list[tuple[str, str, list[_Planned]]], result: ImportResult) -> dict[tuple[str, str], dict[str, _Planned]]:
    """The edits of every file, by (language, document) and unit; two files that change one
    unit differently are refused, naming both."""
    merged: dict[tuple[str, str], dict[str, _Planned]] = {}
    for language, doc, planned in files:
        units = merged.setdefault((language, doc), {})
        for item in planned:
            unit_id = item.edit.unit.id
            first = units.setdefault(unit_id, item)
            if (first.edit.text, first.edit.source) != (item.edit.text, item.edit.source):
                result.problems.append(Problem(item.file, item.line, item.column, "po-conflict",
                                               f"{doc} {unit_id!r} ({language}) is translated otherwise in "
                                               f"{first.file}:{first.line}; import one of the two, or make them agree"))
    return merged


def import_files(project: Project, files: list[Path]) -> ImportResult:
    """Apply every PO file, or none of them if any has an error."""
    result = ImportResult()
    read_files: list[tuple[str, str, list[_Planned]]] = []
    for path in files:
        read = _read_po(path, result)
        target = _document(project, read, result) if read is not None else None
        if read is None or target is None:
            continue
        planned = _file_edits(project, read, *target, result)
        _check_whole(read, planned, result)
        read_files.append((*target, planned))
    merged = _merge(read_files, result)
    if result.problems:
        return result
    # Every new file text is worked out and read back before the first one is replaced.
    texts: list[tuple[Path, str, list[Change]]] = []
    for (language, doc), units in merged.items():
        if not units:
            continue
        order = list(project.units[doc])
        items = sorted(units.values(), key=lambda item: order.index(item.edit.unit.id))
        target = project.root / "rules_data" / "translations" / language / f"{doc}.yaml"
        changes = [Change(language, doc, item.edit.unit.id,
                          "current" if item.edit.source == item.edit.unit.fingerprint else "outdated",
                          item.file, item.line) for item in items]
        try:
            texts.append((target, planned_text(target, doc, language, [item.edit for item in items], project), changes))
        except (ValueError, OSError) as exc:
            result.problems.append(Problem(str(target), 1, 1, "bad-po", f"import refused: {exc}"))
    if result.problems:
        return result
    for target, text, changes in texts:
        atomic.write_text(target, text)
        result.written.append(target)
        result.changes += changes
    result.changed = len(result.changes)
    return result
