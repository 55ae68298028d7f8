"""Translations stage: each language's translation files, checked against the English units
and, by :func:`check_terms`, against the termbase.

Stage: translations (after check, which establishes the units a translation may name and the
termbase they are held to).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import check, terms
from .check import References
from .model import Translation
from .problem import Problem
from .source import Source
from .validate import Data


@dataclass
class TranslationDoc:
    """One translation file: a language's texts for one document."""

    language: str
    doc: str
    file: str
    source: Source
    model: Translation


@dataclass
class Translations:
    docs: dict[str, dict[str, TranslationDoc]] = field(default_factory=dict)
    """Language to document to its translation file."""
    problems: list[Problem] = field(default_factory=list)


def load_translations(data: Data, refs: References) -> Translations:
    """Translations stage: keep the translation files of the site's languages, check every unit."""
    known, found = refs.known, Translations()
    footnotes = {valid.model.id: {f.id for f in valid.model.footnotes} for valid in data.pages.values()}
    for lang, doc, valid in data.translations:
        source, model = valid.source, valid.model
        if lang not in known.languages or lang == known.source_language:
            what = "the source language" if lang == known.source_language else "not a language of the site"
            found.problems.append(source.problem((), "unknown-language", f"translations/{lang}/: {lang!r} is {what}"))
            continue
        if doc not in refs.units:
            found.problems.append(source.problem(
                (), "unknown-page", f"no document {doc!r} to translate (no page, site or ui of that name)"))
            continue
        for unit_id, translated in model.units.items():
            english = refs.units[doc].get(unit_id)
            if english is None:
                found.problems.append(source.problem(("units", unit_id), "unknown-unit",
                                                     f"{doc} has no unit {unit_id!r} to translate", at_key=True))
                continue
            where = ("units", unit_id, "text")
            found.problems += check.check_text(source, where, translated.text, english.syntax,
                                               footnotes.get(doc, set()), known, english=english.text)
            found.problems += check.structure_warnings(source, where, english.text, translated.text, english.syntax)
        found.docs.setdefault(lang, {})[doc] = TranslationDoc(lang, doc, source.file, source, model)
    return found


def check_terms(refs: References, translations: Translations) -> list[terms.Finding]:
    """Translations stage: every translated unit against the termbase (``term`` warnings)."""
    findings: list[terms.Finding] = []
    concepts = terms.concepts(refs.termbases)
    if not concepts:
        return findings
    for language, docs in translations.docs.items():
        for doc, translation in docs.items():
            for unit_id, translated in translation.model.units.items():
                english = refs.units.get(doc, {}).get(unit_id)
                if english is None or not translated.text.strip():
                    continue
                for problem in terms.check_unit(concepts, language, english.text, translated.text,
                                                translation.source, ("units", unit_id, "text")):
                    findings.append(terms.Finding(language, doc, unit_id, problem))
    return findings
