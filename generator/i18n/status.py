"""Translation status: for each unit and language, translated, outdated or missing.

A translation stores the fingerprint of the English wording it was made from. When the
English wording changes, the fingerprints differ and the translation is *outdated*; a
translation of a unit that does not exist at all is an error reported by the loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
