"""``untranslated-field``: a field of a translation left as the source's.

The sorting title (``{{UX|sortingtitle=…}}``) decides where a page stands in the wiki's lists;
a translation that keeps the English one sorts under an English word. It is compared with the
source page's, or, when no source page was read, with the English title. When the source page
was read (by its title, or named with ``--source``), each heading and each picture caption of
the translation is also compared with the source's unit it stands for: one left word for word
as in the source was never translated. Text without a word of letters (a number, a lone
symbol) is not judged, since it reads the same in every language.
"""

from __future__ import annotations

from typing import Iterator

import re

from mwparserfromhell.nodes import Template

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted
from generator.wiki.scan import template_name

_WORD = re.compile(r"[^\W\d_]{3,}")
"""A word of letters: what makes a heading or caption a text to translate."""

ID = "untranslated-field"
LEVEL: Level = "warning"
DESCRIPTION = "a translation whose sortingtitle, a heading or a caption is still the source's"


def _sorting_title(linted: Linted) -> tuple[str, int] | None:
    """The page's sorting title and the offset of its value."""
    for spot in linted.scanned.of(Template):
        template: Template = spot.node
        if template_name(template) == "UX" and template.has("sortingtitle"):
            param = template.get("sortingtitle")
            at = str(template).find(str(param))
            value = str(param.value)
            lead = len(value) - len(value.lstrip())
            return value.strip(), spot.offset + at + len(str(param.name)) + 1 + lead
    return None


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    page = linted.page
    if page.is_source or page.language == "en" or page.rendered:
        return
    found = _sorting_title(linted)
    english = _sorting_title(context.source) if context.source is not None else None
    reference = english[0] if english else page.title
    if found is not None and found[0] and found[0] == reference:
        yield found[1], (f"sortingtitle={found[0]!r} is the English one: the {page.language} page sorts under an "
                         "English title")
    if context.source is not None:
        yield from _left_fields(linted, context)


def _left_fields(linted: Linted, context: Context) -> Iterator[Finding]:
    """Headings and captions identical to the source's units they are paired with."""
    assert context.source is not None
    for i, j in context.pairs:
        unit, source = linted.units[j], context.source.units[i]
        if unit.kind != source.kind or not (unit.kind.startswith("h") or unit.kind == "file"):
            continue
        found, original = linted.field(unit), context.source.field(source)
        if found is None or original is None or not _WORD.search(found[0]) or found[0] != original[0]:
            continue
        what = "heading" if unit.kind.startswith("h") else "caption"
        yield found[1], (f"the {what} {found[0]!r} is the source's word for word: the "
                                      f"{linted.page.language} page shows it untranslated")
