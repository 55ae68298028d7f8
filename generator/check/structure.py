"""Check stage for the structure of a translation against its English: footnote and
markup references, numbered items and numbers that differ, text left untranslated or
empty. Every finding is a warning, and a pair found clean is not checked again
(:mod:`generator.cache.clean_memo`).
"""

from __future__ import annotations

import re

from generator.cache import memo
from generator.cache import clean_memo
from generator.core.problem import Problem
from generator.model import markup
from generator.read.source import PathKey, Source

_NUMBERS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
_ENUMERATION = re.compile(r"(?<![\w)])(\d+)\)")
_WORD = re.compile(r"[^\W\d_]+")


@memo.pure(8192)
def numbers_in(text: str) -> tuple[str, ...]:
    plain = markup.plain(markup.parse(text)[0])
    return tuple(sorted(n.replace(",", ".") for n in _NUMBERS.findall(_ENUMERATION.sub(" ", plain))))


@memo.pure(8192)
def _ref_targets(text: str) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for ref in markup.refs(markup.parse(text)[0]):
        found.setdefault(ref.tag, []).append(ref.target)
    return {tag: tuple(sorted(targets)) for tag, targets in found.items()}


def structure_warnings(source: Source, path: PathKey, english: str, translated: str, syntax: str) -> list[Problem]:
    """What no anchor-based tool catches: a translation whose structure differs from its source.

    All are warnings: the text still renders, but a translator should look at it.
    """
    fingerprint = clean_memo.key("structure", english, translated, syntax)
    if clean_memo.is_clean(fingerprint):
        return []
    problems = _structure_warnings(source, path, english, translated, syntax)
    if not problems:
        clean_memo.found_clean(fingerprint)
    return problems


def _structure_warnings(source: Source, path: PathKey, english: str, translated: str, syntax: str) -> list[Problem]:
    def warn(code: str, message: str) -> Problem:
        return source.problem(path, code, message, "warning")

    if not translated.strip():
        return [warn("empty-translation", "the translation is empty; the English text will be shown")]
    problems: list[Problem] = []
    if markup.wording(translated) == markup.wording(english) and len(_WORD.findall(english)) >= 4:
        problems.append(warn("untranslated", "the translation is identical to the English text"))
    if syntax != "markup":
        return problems
    source_refs, translated_refs = _ref_targets(english), _ref_targets(translated)

    def refs(found: dict[str, tuple[str, ...]], tag: str) -> list[str]:
        return list(found.get(tag, ()))

    if refs(source_refs, "fn") != refs(translated_refs, "fn"):
        problems.append(warn("footnote-mismatch",
                             f"footnote references {refs(translated_refs, 'fn')} differ from the English {refs(source_refs, 'fn')}"))
    for tag in ("page", "figure", "player", "publisher", "printing"):
        if sorted(set(refs(source_refs, tag))) != sorted(set(refs(translated_refs, tag))):
            problems.append(warn("markup-mismatch",
                                 f"{{{tag}:…}} references {sorted(set(refs(translated_refs, tag)))} differ from the English "
                                 f"{sorted(set(refs(source_refs, tag)))}"))
    english_items, translated_items = _ENUMERATION.findall(english), _ENUMERATION.findall(translated)
    if english_items != translated_items:
        shown = lambda items: " ".join(f"{i})" for i in items) or "none"
        problems.append(warn("list-mismatch",
                             f"numbered items {shown(translated_items)} differ from the English {shown(english_items)}"))
    if numbers_in(english) != numbers_in(translated):
        problems.append(warn("number-mismatch",
                             f"numbers {list(numbers_in(translated))} differ from the English {list(numbers_in(english))}"))
    return problems
