"""``unknown-template``: a template the import mapping does not list.

The importer turns each template into the project's markup by its entry in
``generator/wiki/mapping.yaml``; one it does not know stays as escaped text. Reported once
per page, at its first use, with how often the page uses it: the fix is one mapping entry.
"""

from __future__ import annotations

from typing import Iterator

from mwparserfromhell.nodes import Template

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted
from generator.wiki.scan import template_name
from generator.wiki.settings import Settings

ID = "unknown-template"
LEVEL: Level = "warning"
DESCRIPTION = "a template the import mapping does not list, so the importer cannot translate it"


def _known(name: str, settings: Settings) -> bool:
    if settings.templates is None or name in settings.templates:
        return True
    base, _, suffix = name.rpartition(" ")
    # Year_nl is the Dutch Year: a per-language copy of a template the mapping knows.
    return bool(base) and suffix in settings.languages and base in settings.templates


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    uses: dict[str, list[int]] = {}
    for spot in linted.scanned.of(Template):
        name = template_name(spot.node)
        # Parser functions (#lst:), magic words (FULLPAGENAME) and namespaced calls (filepath:)
        # are the wiki software's, not templates of the wiki.
        if not name or name.startswith("#") or ":" in name or "{" in name or name.isupper():
            continue
        if not _known(name, context.settings):
            uses.setdefault(name, []).append(spot.offset)
    for name, offsets in uses.items():
        yield offsets[0], (f"the template {{{{{name}}}}} (used {len(offsets)} time{'s' * (len(offsets) > 1)}) is not "
                           "in the mapping: the importer cannot translate it")
