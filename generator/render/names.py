"""Names of languages and countries in the reader's language, from Babel's copy of CLDR.

The data stores codes (``de``, ``CZ``); a page shows "Deutsch", "Niemcy" or "Německo"
instead. A code CLDR does not know is shown as it is, rather than failing the build.
"""

from __future__ import annotations


from babel import Locale, UnknownLocaleError

from generator.cache import memo


@memo.pure(None)
def _locale(code: str) -> Locale | None:
    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return None


def language_name(code: str, reader: str) -> str:
    """The name of language ``code`` in language ``reader``: ``language_name("de", "pl")`` is "niemiecki"."""
    locale = _locale(reader)
    return (locale.languages.get(code) if locale else None) or code


def country_name(code: str, reader: str) -> str:
    """The name of country ``code`` (ISO 3166) in language ``reader``."""
    locale = _locale(reader)
    return (locale.territories.get(code.upper()) if locale else None) or code
