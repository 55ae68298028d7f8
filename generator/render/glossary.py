"""The translators' glossary: one page per language, and term marks in the comparison view.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from markupsafe import Markup

from generator.check import terms
from generator.render.escape import attr, md_text

# The tag and id of inline markup ({figure:mage|…}, {page:mage-and-witch-c1}) are not words.
_MARKUP_ID = re.compile(r"\{[a-z]+:[^}|]*")
_WORD_END = re.compile(r"\w*")

if TYPE_CHECKING:
    from generator.render.templates import Renderer
    from generator.render.language import Lang


def glossary(renderer: Renderer, lang: Lang) -> str:
    """``glossary.md``: every concept with its terms; the source language lists every language."""
    project = renderer.project
    path = "glossary.md"
    languages = project.target_languages if lang.is_source else [lang.code]
    rows = []
    for concept in project.concepts:
        for code in languages:
            found = terms.entry(concept, code)
            if found is None:
                # No source gives a term in this language: the concept is listed, and says so.
                rows.append({"id": concept.id, "language": code, "english": md_text(concept.english),
                             "unknown": md_text(lang.ui_text("glossary.not-known")), "forms": "", "printings": [],
                             "avoid": "", "notes": _notes(lang, concept.note, concept.meanings.get(lang.code)),
                             "notes_lang": lang.code})
                continue
            printed = [(md_text(lang.printing_label_text(p.printing)), md_text(p.term)) for p in found.term.printings]
            notes = _notes(lang, concept.note, concept.meanings.get(lang.code)) + _notes(lang, found.term.note, found.term.remark)
            rows.append({"id": concept.id, "language": code, "english": md_text(concept.english), "unknown": "",
                         "preferred": md_text(found.term.preferred),
                         "forms": md_text(", ".join(f for f in found.forms if f != found.term.preferred)),
                         "printings": printed, "avoid": md_text(", ".join(found.term.avoid)), "notes": notes,
                         "notes_lang": lang.code})
    return renderer.render("glossary.md.j2", path, title=lang.ui("glossary.title"),
                           title_plain=lang.ui_text("glossary.title"), rows=rows, show_language=len(languages) > 1,
                           dashboard=lang.resolver(path).link("translate/index.md"))


def _notes(lang: Lang, english: str | None, translated: str | None) -> list[Markup]:
    """A remark in the page's language: the source language's page shows the English note,
    any other page its translation, or the English marked as such where the data has none."""
    if english is None:
        return []
    if lang.is_source:
        return [md_text(english)]
    if translated:
        return [md_text(translated)]
    return [Markup(f'<span lang="en">{md_text(english)}</span>')]


def marked(text: str, concepts: list, language: str | None) -> Markup:
    """``text`` escaped for Markdown, with the glossary terms it uses in ``<mark>``.

    ``language`` None marks the English terms; otherwise that language's forms of the
    concepts its English uses. The title of each mark names the concept.
    """
    lowered = text.lower()
    spans: list[tuple[int, int, str]] = []
    for concept in concepts:
        if language is None:
            forms = [concept.english] + concept.english_forms
            spans += [(m.start(), m.end(), concept.english) for form in forms
                      for m in terms.english_pattern(form).finditer(lowered)]
            continue
        found = terms.entry(concept, language)
        if found is None:
            continue
        forms, inside = found.forms, found.term.inside_words
        for form in forms:
            # A stem matches the start of a word; the mark covers the whole word.
            spans += [(m.start(), _WORD_END.match(lowered, m.end()).end(), concept.english)
                      for m in terms.pattern(form, inside).finditer(lowered)]
    ids = [(m.start(), m.end()) for m in _MARKUP_ID.finditer(text)]
    spans = [s for s in spans if not any(s[0] < end and start < s[1] for start, end in ids)]
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    out: list[str] = []
    at = 0
    for start, end, title in spans:
        if start < at:
            continue  # overlaps a longer term already marked
        out.append(md_text(text[at:start], line_start=not out))
        out.append(f'<mark class="rs-term" title="{attr(title)}">{md_text(text[start:end])}</mark>')
        at = end
    out.append(md_text(text[at:], line_start=not out))
    return Markup("".join(out))
