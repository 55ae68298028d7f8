"""Numbers with their nouns: interface strings with one form per CLDR plural category.

An interface string whose key starts with ``count.`` holds one form per plural category of
its language, each form after the category's name, the forms separated by ``|``::

    count.tiles: "one: {count} tile | other: {count} tiles"

Polish and Czech need four (``one``, ``few``, ``many``, ``other``); which category a
number takes is CLDR's rule, read from Babel, never worked out here. Other interface
strings use such a phrase through a ``{<value>_counted}`` placeholder: ``{tiles_counted}``
is the value ``tiles`` with ``count.tiles`` applied (:data:`COUNTED` says which count
string each value takes).
"""

from __future__ import annotations

import re

from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule

from generator.cache import memo

PREFIX = "count."
SUFFIX = "_counted"
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

# Value name (as the scorer and the pictures name their numbers) -> the count string it takes.
COUNTED = {"tiles": "tiles", "max_tiles": "tiles", "pennants": "pennants", "cities": "cities",
           "repeated": "cities", "points": "points"}
COUNT_KEYS = frozenset(PREFIX + unit for unit in COUNTED.values())

HINT = ("one form per plural category that CLDR gives your language, each written \"category: form\" "
        "and separated by \"|\" (such as \"one: … | few: … | many: … | other: …\")")

_FORM = re.compile(r"^\s*([a-z]+)\s*:\s?(.*?)\s*$", re.S)


def is_plural(key: str) -> bool:
    return key.startswith(PREFIX)


def forms(text: str) -> dict[str, str] | None:
    """Category -> form of a count string; None when it is not written as such."""
    found: dict[str, str] = {}
    for part in text.split("|"):
        match = _FORM.match(part)
        if not match or match.group(1) not in CATEGORIES or match.group(1) in found:
            return None
        found[match.group(1)] = match.group(2)
    return found


@memo.pure(None)
def _rule(language: str) -> PluralRule:
    try:
        return Locale.parse(language).plural_form
    except (UnknownLocaleError, ValueError):  # a code CLDR does not know: English's rule
        return Locale.parse("en").plural_form


def categories(language: str) -> tuple[str, ...]:
    """The plural categories CLDR gives ``language``, in CLDR's order, ``other`` last."""
    rule = _rule(language)
    return tuple(c for c in CATEGORIES if c in rule.tags or c == "other")


def category(language: str, number: int | float) -> str:
    """The plural category of ``number`` in ``language`` (``pl``: 1 one, 3 few, 5 many)."""
    return str(_rule(language)(number))


def mismatch(text: str, language: str) -> str | None:
    """Why a count string does not suit ``language``, or None when it does."""
    found = forms(text)
    wanted = categories(language)
    if found is None:
        return f'write one form per plural category, as "{" | ".join(f"{c}: …" for c in wanted)}"'
    if tuple(c for c in CATEGORIES if c in found) != wanted:
        return f"{language} needs the plural forms {', '.join(wanted)} (CLDR); this text has {', '.join(found)}"
    return None


def choose(text: str, language: str, number: int | float) -> str:
    """The form of a count string for ``number``: its category's, else ``other``'s."""
    found = forms(text) or {"other": text}
    return found.get(category(language, number)) or found.get("other", text)
