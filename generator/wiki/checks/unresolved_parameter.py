"""``unresolved-parameter``: a ``{{{name}}}`` on a page, outside a template's definition.

A parameter without a default shows on the page as its own markup when no template fills it
in: a whole section is missing there (the Czech seed page shows two). Inside
``<includeonly>`` or ``<onlyinclude>`` the page is a template, and its parameters are meant.
"""

from __future__ import annotations

from typing import Iterator

from mwparserfromhell.nodes import Argument

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted

ID = "unresolved-parameter"
LEVEL: Level = "error"
# No braces here: the guide repeats this line, and no page of the site may show template syntax.
DESCRIPTION = "a template parameter (a name in triple braces) that nothing filled in, outside a template definition"


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    for spot in linted.scanned.of(Argument):
        if not spot.defining and spot.node.default is None:
            yield spot.offset, (f"the template parameter {{{{{{{str(spot.node.name).strip()}}}}}}} was never filled "
                                "in: a section of the page is missing")
