"""The termbase: which game terms a text uses, and whether its translation agrees.

The termbase (``rules_data/terms/*.yaml``, :class:`~generator.model.data.TermBase`) lists each
game concept with its English term and, per language, the preferred term, the word each
printing uses, stems and words to avoid. Where an English unit uses a concept's term, its
translation must use one of that language's forms; otherwise the loader reports a
``term`` warning at the translation. Matching is on plain words (markup stripped), case
folded; where a longer English term and a shorter one overlap ("mage symbol", "mage"),
only the longer one counts there.

A translated text that still says a concept's English term or name ("King and Scout") where
its language has a term of its own gets an ``english-left`` warning at that word. English that
is also a form of the language's term ("Meeple") and English inside markup ids
(``{figure:follower|…}``) never count, and a longer English name the language has no term for
shields the shorter terms inside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from generator.cache import memo
from generator.cache import clean_memo
from generator.core.fingerprint import digest
from generator.model.data import Concept, LanguageTerm, TermBase
from generator.core.problem import Problem
from generator.read.source import PathKey, Source

# {figure:mage|the mage} reads "the mage"; {fn:x} and {page:id} read as nothing here.
_LABELLED = re.compile(r"\{[a-z]+:[^}|]*\|([^}]*)\}")
_BARE = re.compile(r"\{[a-z]+:[^}]*\}")
# An interface string's {placeholder} is filled in later: its name is no word of the text.
_PLACEHOLDER = re.compile(r"(?<!\\)\{[A-Za-z_][A-Za-z0-9_]*\}")
_EMPHASIS = re.compile(r"\*+")


def plain(text: str) -> str:
    """The words of a unit, without inline markup, lower-cased."""
    return _EMPHASIS.sub("", _PLACEHOLDER.sub(" ", _BARE.sub(" ", _LABELLED.sub(r"\1", text)))).lower()


@memo.pure(4096)
def pattern(form: str, inside_words: bool) -> re.Pattern[str]:
    # A form is a stem: it matches at the start of a word (or anywhere, for compounds).
    start = "" if inside_words else r"(?<!\w)"
    return re.compile(start + re.escape(form.lower()))


@memo.pure(1024)
def english_pattern(form: str) -> re.Pattern[str]:
    # English forms are listed in full (tile, tiles), so they match whole words only.
    return re.compile(r"(?<!\w)" + re.escape(form.lower()) + r"(?!\w)")


@dataclass(frozen=True)
class Entry:
    """One concept in one language, ready for matching."""

    concept: Concept
    term: LanguageTerm

    @property
    def forms(self) -> list[str]:
        return [self.term.preferred] + [f for f in self.term.forms if f != self.term.preferred]

    def found_in(self, text: str) -> bool:
        return any(pattern(form, self.term.inside_words).search(text) for form in self.forms)

    def avoided_in(self, text: str) -> Iterator[tuple[str, int]]:
        for word in self.term.avoid:
            match = pattern(word, False).search(text)
            if match:
                yield word, match.start()


class Concepts(tuple):
    """The termbase's concepts, with one matcher for all their English forms.

    At each place in a text the longest English form wins ("mage symbol" over "mage"), and
    the concepts an English text uses are worked out once however many languages ask.
    """

    def __new__(cls, items: Iterable[Concept]) -> Concepts:
        self = super().__new__(cls, items)
        self.forms: dict[str, Concept] = {}
        for concept in self:
            for form in [concept.english] + concept.english_forms:
                self.forms.setdefault(form.lower(), concept)
        # Everything a term check reads of the termbase, for the checks' clean memo.
        self.fingerprint = digest(*(concept.model_dump_json() for concept in self))
        alternatives = sorted(self.forms, key=len, reverse=True)
        self.regex = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, alternatives)) + r")(?!\w)") if alternatives else None
        self.used: dict[str, list[Concept]] = {}
        self.left: dict[str, dict[str, Entry]] = {}
        """Per language: each English form (lower-cased) that is English left there, to its entry."""
        # Every English form, longest first, with any run of blanks between its words.
        self.english_regex = re.compile(r"(?<!\w)(?:" + "|".join(
            r"\s+".join(map(re.escape, form.split())) for form in alternatives) + r")(?!\w)",
            re.IGNORECASE) if alternatives else None
        return self

    def left_in(self, language: str) -> dict[str, Entry]:
        """The English forms a text of ``language`` must not keep: the concept has a term there,
        and the English form is not one of that term's forms."""
        found = self.left.get(language)
        if found is None:
            found = self.left[language] = {}
            for form, concept in self.forms.items():
                own = entry(concept, language)
                if own is not None and not own.found_in(form):
                    found[form] = own
        return found


def concepts(bases: Iterable[TermBase]) -> Concepts:
    return Concepts(c for base in bases for c in base.concepts)


def english_concepts(all_concepts: Iterable[Concept], english: str) -> list[Concept]:
    """The concepts an English text uses, in the order it uses them."""
    index = all_concepts if isinstance(all_concepts, Concepts) else Concepts(all_concepts)
    found = index.used.get(english)
    if found is None:
        seen: dict[str, Concept] = {}
        for match in index.regex.finditer(plain(english)) if index.regex else ():
            concept = index.forms[match.group()]
            seen.setdefault(concept.id, concept)
        found = index.used[english] = list(seen.values())
    return found


def entry(concept: Concept, language: str) -> Entry | None:
    term = next((t for t in concept.terms if t.language == language), None)
    return Entry(concept, term) if term else None


@dataclass(frozen=True)
class Finding:
    """One term problem in one translated unit."""

    language: str
    doc: str
    unit: str
    problem: Problem


def check_unit(all_concepts: Iterable[Concept], language: str, english: str, translated: str,
               source: Source, path: PathKey) -> Iterator[Problem]:
    """Term warnings for one translation of one English text."""
    index = all_concepts if isinstance(all_concepts, Concepts) else Concepts(all_concepts)
    fingerprint = clean_memo.key("term", index.fingerprint, language, english, translated)
    if clean_memo.is_clean(fingerprint):
        return
    found = list(_term_problems(index, language, english, translated, source, path))
    if not found:
        clean_memo.found_clean(fingerprint)
    yield from found


def _term_problems(all_concepts: Concepts, language: str, english: str, translated: str,
                   source: Source, path: PathKey) -> Iterator[Problem]:
    yield from english_left(all_concepts, language, translated, source, path)
    text = plain(translated)
    for concept in english_concepts(all_concepts, english):
        found = entry(concept, language)
        if found is None:
            continue
        if not found.found_in(text):
            forms = ", ".join(repr(f) for f in found.forms)
            yield source.problem(path, "term", f"the English uses {concept.english!r}: write the {language} term "
                                               f"{found.term.preferred!r} (any of {forms})", "warning")
        for word, _ in found.avoided_in(text):
            yield source.problem(path, "term", f"{word!r} is a term to avoid for {concept.english!r}: write "
                                               f"{found.term.preferred!r}", "warning")


# A reference's tag and id (its label is the translator's text), a placeholder, emphasis, escapes.
_MARKUP = re.compile(r"\{[a-z]+:[^{}|]*(?:\|([^{}]*))?\}")
_NOT_WORDS = re.compile(r"(?<!\\)\{[A-Za-z_][A-Za-z0-9_]*\}|[*\\]")


def masked(text: str) -> str:
    """``text`` with every character that is markup rather than words blanked: offsets stay as they were."""
    chars = list(text)
    for match in _MARKUP.finditer(text):
        label = match.start(1) if match.group(1) is not None else match.end() - 1
        chars[match.start():label] = " " * (label - match.start())
        chars[match.end() - 1] = " "
    for match in _NOT_WORDS.finditer(text):
        chars[match.start():match.end()] = " " * (match.end() - match.start())
    return "".join(chars)


def english_left(all_concepts: Iterable[Concept], language: str, translated: str, source: Source,
                 path: PathKey) -> Iterator[Problem]:
    """``english-left`` warnings: an English term or name the translation kept, at its line and column."""
    index = all_concepts if isinstance(all_concepts, Concepts) else Concepts(all_concepts)
    left = index.left_in(language)
    if not left or index.english_regex is None:
        return
    for match in index.english_regex.finditer(masked(translated)):
        own = left.get(" ".join(match.group().split()).lower())
        if own is None:  # no English here, or a longer name the language has no term for
            continue
        line, column = source.where_in_text(path, match.start())
        yield Problem(source.file, line, column, "english-left",
                      f"{' '.join(match.group().split())!r} is left in English: the {language} term for "
                      f"{own.concept.english!r} is {own.term.preferred!r}", "warning")


def check_markdown(all_concepts: Iterable[Concept], language: str, text: str, file: str) -> Iterator[Problem]:
    """``term`` warnings for a hand-written page of ``language``: the words its termbase avoids.

    A hand-written page has no English text beside it, so only avoided words can be found."""
    lowered = text.lower()
    for concept in all_concepts:
        found = entry(concept, language)
        for word in found.term.avoid if found else ():
            for match in pattern(word, False).finditer(lowered):
                line = lowered.count("\n", 0, match.start()) + 1
                column = match.start() - (lowered.rfind("\n", 0, match.start()) + 1) + 1
                yield Problem(file, line, column, "term", f"{word!r} is a term to avoid for {concept.english!r}: "
                                                          f"write {found.term.preferred!r}", "warning")


def check_termbase(base: TermBase, source: Source, printings: dict[str, str], sources: set[str],
                   languages: set[str]) -> Iterator[Problem]:
    """References of one termbase file: languages, printings (in that language) and sources.

    ``printings`` maps each printing id to the language of its rule booklet.
    """
    for c, concept in enumerate(base.concepts):
        for code in concept.meanings:  # a note in a language no glossary shows would be lost
            if code not in languages:
                yield source.problem(("concepts", c, "meanings", code), "unknown-language",
                                     f"{code!r} is not a translated language of the site")
        seen: set[str] = set()
        for t, term in enumerate(concept.terms):
            path: PathKey = ("concepts", c, "terms", t)
            if term.language not in languages:
                yield source.problem(path + ("language",), "unknown-language",
                                     f"{term.language!r} is not a translated language of the site")
            if term.language in seen:
                yield source.problem(path + ("language",), "duplicate-id",
                                     f"concept {concept.id!r} has two entries for {term.language!r}")
            seen.add(term.language)
            for k, ref in enumerate(term.sources):
                if ref not in sources:
                    yield source.problem(path + ("sources", k), "unknown-source", f"unknown source {ref!r}")
            for p, printing in enumerate(term.printings):
                where = path + ("printings", p)
                if printing.printing not in printings:
                    yield source.problem(where + ("printing",), "unknown-printing", f"unknown printing {printing.printing!r}")
                elif printings[printing.printing] != term.language:
                    yield source.problem(where + ("printing",), "bad-value",
                                         f"printing {printing.printing!r} is in {printings[printing.printing]!r}, "
                                         f"not {term.language!r}")
                if printing.source not in sources:
                    yield source.problem(where + ("source",), "unknown-source", f"unknown source {printing.source!r}")


def hints(all_concepts: Iterable[Concept], language: str, english: str,
          printing_names: dict[str, str] | None = None) -> list[str]:
    """One line per glossary term an English text uses: what a translation into ``language`` should say."""
    lines = []
    for concept in english_concepts(all_concepts, english):
        found = entry(concept, language)
        if found is None:
            continue
        line = f"term: {concept.english} = {found.term.preferred}"
        printed = [f"{(printing_names or {}).get(p.printing, p.printing)}: {p.term}" for p in found.term.printings]
        if printed:
            line += f" (printed: {'; '.join(printed)})"
        if found.term.avoid:
            line += f"; avoid: {', '.join(found.term.avoid)}"
        lines.append(line)
    return lines
