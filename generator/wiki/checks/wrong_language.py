"""``wrong-language``: a page whose prose is not in the language its title gives.

lingua reads the page's prose (``strip_code``: templates and markup gone) and names its
language among every language it knows, so a Romanian text under a Dutch address is called
Romanian, and the finding says when the site has no edition in that language. Short texts
(stubs, lists of names) are not judged, since a detector guesses on them.
"""

from __future__ import annotations

from typing import Iterator

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted

ID = "wrong-language"
LEVEL: Level = "error"
DESCRIPTION = "a page whose prose is in another language than the one its title gives"

MIN_WORDS = 40
"""Fewer prose words than this and the language is not judged: a stub or a list of names."""
LANGUAGE_SAMPLE = 400
"""Characters of prose lingua reads (at least :data:`MIN_WORDS` words). Its cost grows with
the length, and with every language it knows a page's judgement is the lint's largest single
cost: 400 characters take 1.5 ms against 3.1 ms for 1,000, and gave the same verdict on all
309 texts of the seeds, the fixtures and a 60-page benchmark corpus (docs/performance.md)."""


def _language_name(code: str) -> str:
    from babel import Locale, UnknownLocaleError

    try:
        return f"{Locale(code).english_name} ({code})"
    except (ValueError, UnknownLocaleError):
        return code


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    page = linted.page
    expected = page.language or "en"
    words = page.parsed().strip_code().split()
    if len(words) < MIN_WORDS:
        return
    found = context.settings.detect(" ".join(words)[:LANGUAGE_SAMPLE])
    if found is None or found == expected:
        return
    # At the first sentence of prose: where the untranslated text shows.
    first = next((spot.offset + len(str(spot.node)) - len(str(spot.node).lstrip()) for spot in linted.scanned.prose_texts()
                  if len(str(spot.node).split()) >= 5), 0)
    where = "the source page" if page.is_source else f"the page for {_language_name(expected)}"
    said = f"{where} is written in {_language_name(found)}; the page is marked {_language_name(expected)}"
    site = context.settings.languages
    if site and found not in site:
        said += f", and the site has no {_language_name(found)} pages ({', '.join(site)})"
    elif found == "en" or page.is_source:
        said += ": its text was never translated"
    yield first, said
