"""Translations stage: each language's translation files, checked against the English units
and, by :func:`check_terms`, against the termbase.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.check import terms
from generator.check.known import Known
from generator.check.references import References
from generator.check.structure import structure_warnings
from generator.check.texts import check_text
from generator.check.interface import check_plural_forms
from generator.cache.load_memo import NONE, LoadMemo
from generator.model.data import Translation
from generator.core.problem import Problem
from generator.read.source import CONTENT, Source
from generator.model.units import RULESET_UNITS, UnitInfo
from generator.model.validate import Data


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
    memo: LoadMemo = field(default=NONE, repr=False)
    inputs: dict[tuple[str, str], tuple] = field(default_factory=dict, repr=False)
    """(language, document) to what its checks read: see :mod:`generator.cache.load_memo`."""


def load_translations(data: Data, refs: References) -> Translations:
    """Translations stage: keep the translation files of the site's languages, check every unit."""
    known, found = refs.known, Translations(memo=data.memo)
    if data.site is None:
        return found  # no languages to hold them to: site.yaml's own problem says why
    footnotes = {valid.model.id: {f.id for f in valid.model.footnotes} for valid in data.pages.values()}
    for lang, doc, valid in data.translations:
        source, model = valid.source, valid.model
        if doc in known.broken:
            continue  # its English did not validate: that file's problem is reported, not one per translation
        if lang not in known.languages or lang == known.source_language:
            what = "the source language" if lang == known.source_language else "not a language of the site"
            found.problems.append(source.problem((), "unknown-language", f"translations/{lang}/: {lang!r} is {what}"))
            continue
        if doc not in refs.units:
            found.problems.append(source.problem(
                (), "unknown-page", f"no document {doc!r} to translate (no page, site or ui of that name)"))
            continue
        # What the checks read: this file, the English document and the shared files.
        inputs = found.inputs[lang, doc] = (source, data.page_sources.get(doc), data.shared_version)
        found.problems += data.memo.get(("translation", source.file), inputs, lambda: _check_translation(
            source, model, refs.units[doc], footnotes.get(doc, set()), known, doc, lang))
        found.docs.setdefault(lang, {})[doc] = TranslationDoc(lang, doc, source.file, source, model)
    return found


def _check_translation(source: Source, model: Translation, english_units: dict[str, UnitInfo], footnotes: set[str],
                       known: Known, doc: str, language: str) -> list[Problem]:
    problems: list[Problem] = []
    for unit_id, translated in model.units.items():
        english = english_units.get(unit_id)
        if english is None:
            # The rulesets' texts are site units: with rulesets.yaml broken, its problem says why they are missing.
            if not (doc == "site" and unit_id.startswith(RULESET_UNITS) and "rulesets" in known.broken):
                problems.append(source.problem(("units", unit_id), "unknown-unit",
                                               f"{doc} has no unit {unit_id!r} to translate", at_key=True))
            continue
        where = ("units", unit_id, "text")
        problems += check_text(source, where, translated.text, english.syntax, footnotes, known, english=english.text)
        problems += structure_warnings(source, where, english.text, translated.text, english.syntax)
        if doc == "ui":
            problems += check_plural_forms(source, where, unit_id, translated.text, language)
    return problems


def check_terms(refs: References, translations: Translations, markdown: dict[str, str] | None = None
                ) -> list[terms.Finding]:
    """Translations stage: every translated unit, and every hand-written page of ``markdown``
    (display name to text), against the termbase (``term`` warnings)."""
    findings: list[terms.Finding] = []
    concepts = terms.concepts(refs.termbases)
    if not concepts:
        return findings
    for name, text in (markdown or {}).items():
        parts = name.split("/")  # content/<language>/…/page.md
        language = parts[1] if parts[0] == CONTENT and len(parts) > 2 else None
        if language in translations.docs:  # a translated language: the source language has no termbase words
            findings += [terms.Finding(language, name, "", problem)
                         for problem in terms.check_markdown(concepts, language, text, name)]
    for language, docs in translations.docs.items():
        for doc, translation in docs.items():
            inputs = translations.inputs.get((language, doc), (translation.source, object()))
            findings += translations.memo.get(("terms", translation.file), inputs, lambda: _term_findings(
                concepts, language, doc, translation, refs.units.get(doc, {})))
    return findings


def _term_findings(concepts: terms.Concepts, language: str, doc: str, translation: TranslationDoc,
                   english_units: dict[str, UnitInfo]) -> list[terms.Finding]:
    findings: list[terms.Finding] = []
    for unit_id, translated in translation.model.units.items():
        english = english_units.get(unit_id)
        if english is None or not translated.text.strip():
            continue
        for problem in terms.check_unit(concepts, language, english.text, translated.text,
                                        translation.source, ("units", unit_id, "text")):
            findings.append(terms.Finding(language, doc, unit_id, problem))
    return findings
