"""``avoided-term``: a word the termbase says this page's language should not use.

The translators' termbase (``rules_data/terms/*.yaml``) names, per language, the preferred
term of each concept and the words to avoid. They are matched as
:mod:`generator.check.terms` matches them in the project's own translations, all of one
language's in one expression. Without a project there is no termbase, and nothing to report.
"""

from __future__ import annotations

from typing import Iterator

from generator.check.terms import pattern
from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted

ID = "avoided-term"
LEVEL: Level = "warning"
DESCRIPTION = "a word the termbase says the page's language should avoid, with the term it prefers"


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    page, settings = linted.page, context.settings
    matcher = settings.avoided_matcher(page.language) if not page.is_source else None
    if matcher is None:
        return
    for spot in linted.scanned.prose_texts():
        # Lower-casing keeps offsets for the site's languages' letters (a dotted İ aside).
        for match in matcher.finditer(spot.node.value.lower()):
            word = match.group()
            preferred = next((p for w, p in settings.avoided[page.language or ""] if pattern(w, False).match(word)), "")
            yield spot.offset + match.start(), (f"{word!r} is a word to avoid in {page.language}: the termbase "
                                                f"prefers {preferred!r}")
