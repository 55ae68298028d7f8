"""Translation status: for each unit and language, translated, outdated or missing.

A translation stores the fingerprint of the English wording it was made from. When the
English wording changes, the fingerprints differ and the translation is *outdated*; a
translation of a unit that does not exist at all is an error reported by the loader.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal

import yaml

from generator.cache.state import current
from generator.model.data import TranslatedUnit
from generator.project import Project
from generator.model.units import UnitInfo

State = Literal["source", "translated", "outdated", "missing"]


@dataclass(frozen=True)
class UnitStatus:
    unit: UnitInfo
    language: str
    state: State
    translation: TranslatedUnit | None = None

    @property
    def text(self) -> str:
        """The text to show in this language (English where there is no translation)."""
        return self.translation.text if self.translation else self.unit.text


@dataclass(frozen=True)
class Summary:
    language: str
    doc: str
    total: int
    translated: int
    outdated: int
    missing: int

    @property
    def percent(self) -> int:
        """Share of units with a translation, outdated ones included (as MediaWiki counts)."""
        if self.total == 0:
            return 100
        return (self.translated + self.outdated) * 100 // self.total


def unit_status(project: Project, language: str, unit: UnitInfo) -> UnitStatus:
    memo = project.derived.statuses  # a loaded project never changes: its statuses live as long as it
    key = (language, unit.doc, unit.id)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _unit_status(project, language, unit)
    return found


def _unit_status(project: Project, language: str, unit: UnitInfo) -> UnitStatus:
    if language == project.source_language:
        return UnitStatus(unit, language, "source")
    doc = project.translations.get(language, {}).get(unit.doc)
    translated = doc.model.units.get(unit.id) if doc else None
    if translated is None or not translated.text.strip():
        return UnitStatus(unit, language, "missing")
    state: State = "translated" if translated.source == unit.fingerprint else "outdated"
    return UnitStatus(unit, language, state, translated)


def doc_statuses(project: Project, language: str, doc: str) -> list[UnitStatus]:
    return [unit_status(project, language, unit) for unit in project.units.get(doc, {}).values()]


def summarize(project: Project, language: str, doc: str) -> Summary:
    units = project.units.get(doc, {})
    translation = project.translations.get(language, {}).get(doc)
    model, source = translation.model if translation else None, language == project.source_language
    # The last summary of each (language, document) with what it was counted from: the preview
    # loads the project again after every edit but keeps the units and translations of the files
    # that did not change (generator/cache/load_memo.py), so only the edited document is counted again.
    summaries = current().summaries
    kept = summaries.get((language, doc))
    if kept is not None and kept[0] is units and kept[1] is model and kept[2] == source:
        return kept[3]
    states = [s.state for s in doc_statuses(project, language, doc)]
    summary = Summary(language, doc, len(states), states.count("translated") + states.count("source"),
                      states.count("outdated"), states.count("missing"))
    summaries[language, doc] = (units, model, source, summary)
    return summary


# --------------------------------------------------------------------------- hand-written pages
#
# A translated hand-written page (content/nl/reading.md) names in its front matter the English
# page it was made from, as units do: ``source:`` holds the fingerprint of content/en/reading.md
# as it was then. When the English page changes, the fingerprints differ and the page is
# outdated; a page a language lacks is missing (the site shows the English one, marked).

CONTENT = "content"
_FRONT = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.DOTALL)


@dataclass(frozen=True)
class PageStatus:
    language: str
    page: str
    """Its path under the language's folder (``reading.md``)."""
    state: State
    english: str
    """The English page's file (``content/en/reading.md``)."""
    fingerprint: str
    """The fingerprint of the English page as it is now: what ``source:`` says once brought up to date."""
    file: str | None = None
    """The translated page's file, if there is one."""
    source: str | None = None
    """What its front matter's ``source:`` says (None: nothing)."""

    def summary(self) -> Summary:
        """This page as the status of a document of one text."""
        states = [self.state]
        return Summary(self.language, self.page, 1, states.count("translated"), states.count("outdated"),
                       states.count("missing"))


def page_fingerprint(text: str) -> str:
    """12 hex digits identifying an English hand-written page's text; re-wrapping changes nothing."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


def front_matter_source(text: str) -> str | None:
    """The ``source:`` of a page's front matter, if it has one that is a string."""
    found = _FRONT.match(text)
    try:
        meta = yaml.safe_load(found.group(1) or "") if found else None
    except yaml.YAMLError:  # `rulesite check` and MkDocs report the page itself
        return None
    value = meta.get("source") if isinstance(meta, dict) else None
    return value if isinstance(value, str) else None


def page_statuses(project: Project, language: str) -> list[PageStatus]:
    """Each English hand-written page, for ``language``: translated (current), outdated or missing."""
    english = f"{CONTENT}/{project.source_language}/"
    statuses = []
    for name in sorted(n for n in project.markdown if n.startswith(english) and n.endswith(".md")):
        page = name[len(english):]
        now = page_fingerprint(project.markdown[name])
        file = f"{CONTENT}/{language}/{page}"
        text = project.markdown.get(file)
        if text is None:
            statuses.append(PageStatus(language, page, "missing", name, now))
            continue
        source = front_matter_source(text)
        state: State = "translated" if source == now else "outdated"
        statuses.append(PageStatus(language, page, state, name, now, file, source))
    return statuses


# --------------------------------------------------------------------------- termbase warnings
#
# The termbase check reports two codes: ``term`` (a translation lacks the language's word or uses
# one it avoids) and ``english-left`` (it still says a term or name in English). Status counts
# each per language and document, and lists where every english-left warning stands.

TERM_CODES = ("term", "english-left")


def termbase_warnings(project: Project, code: str) -> dict[tuple[str, str], list[str]]:
    """(language, document) to the ``FILE:LINE:COL message`` of each of its warnings of ``code``."""
    found: dict[tuple[str, str], list[str]] = {}
    for finding in project.term_findings:
        if finding.problem.code == code:
            problem = finding.problem
            found.setdefault((finding.language, finding.doc), []).append(
                f"{problem.file}:{problem.line}:{problem.column}: {problem.message}")
    return found
