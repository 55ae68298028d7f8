"""Gettext PO round-trip: export a language for translators, import their work back.

One PO file per document. ``msgctxt`` is the unit id, ``msgid`` the English text and
``msgstr`` the translation; outdated translations are exported ``fuzzy`` with the English
they were made from as ``#| msgid``. Import writes into ``rules_data/translations`` by
replacing only the values that changed, so comments, order and formatting of the YAML
files survive, and an export followed by an import without edits changes no byte.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import polib

from generator.core import atomic
from generator.check import terms
from generator.check.interface import placeholders
from generator.check.known import Known
from generator.check.texts import check_text
from generator.core.problem import Problem
from generator.project import Project
from generator.read.source import parse
from generator.i18n.status import unit_status
from generator.i18n.store import Edit, planned_text
from generator.model.units import UnitInfo, fingerprint

HEADER_DOC = "X-Rulesite-Document"


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
        path = folder / f"{doc}.po"
        po.save(str(path))
        written.append(path)
    return written


@dataclass
class ImportResult:
    problems: list[Problem] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    changed: int = 0


def _read_edits(project: Project, path: Path, result: ImportResult) -> tuple[str, str, list[Edit]] | None:
    name = str(path)
    if not path.is_file():  # polib would read the path itself as PO text and report a syntax error
        result.problems.append(Problem(name, 1, 1, "missing-file", "no such PO file"))
        return None
    try:
        po = polib.pofile(str(path), wrapwidth=78)
    except (OSError, ValueError) as exc:
        result.problems.append(Problem(name, 1, 1, "bad-po", f"cannot read PO file: {exc}"))
        return None
    language, doc = po.metadata.get("Language", ""), po.metadata.get(HEADER_DOC, path.stem)
    if "Language" not in po.metadata:
        # polib reads almost any text without complaint; a file without the header we write
        # is not a PO file of ours, whatever else it holds.
        result.problems.append(Problem(name, 1, 1, "bad-po", "not a PO file exported by rulesite: it has no Language header"))
        return None
    if language not in project.target_languages:
        result.problems.append(Problem(name, 1, 1, "unknown-language", f"Language {language!r} is not a translated language of the site"))
        return None
    if doc not in project.units:
        result.problems.append(Problem(name, 1, 1, "unknown-page", f"no document {doc!r} to translate"))
        return None
    known = project.known
    footnotes = {f.id for f in project.pages[doc].footnotes} if doc in project.pages else set()
    translations = project.translations.get(language, {}).get(doc)
    edits = []
    for entry in po:
        if entry.obsolete:
            continue
        unit = project.units[doc].get(entry.msgctxt or "")
        if unit is None:
            result.problems.append(Problem(name, entry.linenum, 1, "unknown-unit",
                                           f"msgctxt {entry.msgctxt!r} names no unit of {doc}"))
            continue
        if not entry.msgstr:
            continue
        existing = translations.model.units.get(unit.id) if translations else None
        if "fuzzy" in entry.flags:
            # Still outdated: keep the English it was made from.
            if existing is not None:
                source, source_text = existing.source, existing.source_text
            elif entry.previous_msgid:
                source, source_text = fingerprint(entry.previous_msgid), entry.previous_msgid
            else:
                continue  # a fuzzy guess with no known origin is not a translation yet
        else:
            source, source_text = fingerprint(unit.text), unit.text
        edit = Edit(unit, entry.msgstr, source, source_text)
        for problem in _check_entry(project, edit, known, footnotes):
            result.problems.append(Problem(name, entry.linenum, 1, problem.code, problem.message, problem.level))
        if existing is None or (existing.text, existing.source, existing.source_text) != (edit.text, edit.source, edit.source_text):
            edits.append(edit)
    return language, doc, edits


# Characters a YAML file may not hold (YAML 1.1's printable set, inverted).
_UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _check_entry(project: Project, edit: Edit, known: Known, footnotes: set[str]) -> list[Problem]:
    bad = _UNPRINTABLE.search(edit.text)
    if bad:
        return [Problem("po", 1, 1, "bad-value",
                        f"the msgstr holds the control character U+{ord(bad.group()):04X}, which no translation needs")]
    # Check the translation as the loader would, on a throwaway one-value source.
    source, _ = parse(json.dumps(edit.text, ensure_ascii=False), "po")
    return [p for p in check_text(source, (), edit.text, edit.unit.syntax, footnotes, known, english=edit.unit.text)
            if p.level == "error"]


def import_files(project: Project, files: list[Path]) -> ImportResult:
    """Apply every PO file, or none of them if any has an error."""
    result = ImportResult()
    planned: list[tuple[str, str, list[Edit]]] = []
    for path in files:
        read = _read_edits(project, path, result)
        if read is not None:
            planned.append(read)
    if result.problems:
        return result
    # Every new file text is worked out and read back before the first one is replaced.
    texts: list[tuple[Path, str, int]] = []
    for language, doc, edits in planned:
        if not edits:
            continue
        target = project.root / "rules_data" / "translations" / language / f"{doc}.yaml"
        try:
            texts.append((target, planned_text(target, doc, language, edits, project), len(edits)))
        except (ValueError, OSError) as exc:
            result.problems.append(Problem(str(target), 1, 1, "bad-po", f"import refused: {exc}"))
    if result.problems:
        return result
    for target, text, changed in texts:
        atomic.write_text(target, text)
        result.written.append(target)
        result.changed += changed
    return result


