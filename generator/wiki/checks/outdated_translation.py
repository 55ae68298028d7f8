"""``outdated-translation``: a translation the wiki itself marks as behind its source.

Translate wraps a unit whose English changed since it was translated in a
``mw-translate-fuzzy`` div; the page still shows the old translation, so readers get old
rules. A warning: the wiki knows, but the translators should hear it.
"""

from __future__ import annotations

from typing import Iterator

from mwparserfromhell.nodes import Tag

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted
from generator.wiki.scan import is_tag

ID = "outdated-translation"
LEVEL: Level = "warning"
DESCRIPTION = "a translation the wiki marks as older than its source (a mw-translate-fuzzy block)"


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    for spot in linted.scanned.of(Tag):
        node = spot.node
        if is_tag(node, "div") and node.has("class") and "mw-translate-fuzzy" in str(node.get("class").value).split():
            yield spot.offset, "an outdated translation: its source text changed since it was translated"
