"""Check stage for the interface strings of ``ui.yaml``: the keys the site needs, and
``{name}`` placeholders, in English and in every translation.
"""

from __future__ import annotations

import re

from generator.core.problem import Problem
from generator.core.vocabulary import TEMPLATE_OPENING
from generator.model import markup, plurals
from generator.model.data import Ui
from generator.model.ui_strings import required_keys
from generator.read.source import PathKey, Source

# In an interface string a placeholder is a bare name: no format spec ("{page:>9999}" grows a
# page without bound), no conversion, no attribute or index ("{page.__class__}"), never
# empty ("{}" has no value to take). "{{" and "}}" are literal braces.
_BRACE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def placeholders(text: str) -> list[str]:
    """Names of ``{name}`` placeholders in an interface string, in order."""
    # Read with the same pattern as placeholder_problems, so a malformed text never raises.
    return [m.group(1) for m in _BRACE.finditer(text) if m.group(1) and _NAME.fullmatch(m.group(1))]


def placeholder_problems(text: str) -> list[tuple[int, str]]:
    """(offset, message) of every placeholder that is not a plain ``{name}``."""
    found = []
    for match in _BRACE.finditer(text):
        whole, name = match.group(), match.group(1)
        if whole in ("{{", "}}"):
            continue
        if name is None:
            found.append((match.start(), f"lone {whole!r}; write {whole * 2!r} for a literal brace"))
        elif not _NAME.fullmatch(name):
            found.append((match.start(), f"placeholder {whole[:40]!r} is not a plain {{name}}: "
                                         "no format, conversion or empty name is allowed"))
    return found


def check_placeholder_text(source: Source, path: PathKey, text: str, english: str | None = None) -> list[Problem]:
    """An interface string: plain text whose placeholders are plain ``{name}`` ones and,
    for a translation (``english`` given), the same names as the English."""
    problems: list[Problem] = []
    found = (match for match in (markup.HTML.search(text), TEMPLATE_OPENING.search(text)) if match)
    bad = min(found, key=lambda match: match.start(), default=None)
    if bad:
        problems.append(source.problem(path, "raw-html" if bad.group().startswith("<") else "template-syntax",
                                       "interface strings are plain text with {name} placeholders"))
    malformed = placeholder_problems(text)
    for offset, message in malformed:
        line, column = source.where_in_text(path, offset)
        problems.append(Problem(source.file, line, column, "bad-markup", message))
    if malformed:
        return problems
    names = placeholders(text)
    if english is not None and plurals.forms(english) is not None:
        # A count string repeats {count} once per form, and languages have different numbers of forms.
        names, english_names = sorted(set(names)), sorted(set(placeholders(english)))
    else:
        english_names = sorted(placeholders(english)) if english is not None else []
    if english is not None and sorted(names) != english_names:
        problems.append(source.problem(path, "placeholder-mismatch",
                                       f"placeholders {sorted(set(names))} differ from the English {sorted(set(placeholders(english)))}"))
    return problems


def check_plural_forms(source: Source, path: PathKey, key: str, text: str, language: str) -> list[Problem]:
    """A count string (``count.*``) has one form for each plural category CLDR gives ``language``."""
    if not plurals.is_plural(key):
        return []
    why = plurals.mismatch(text, language)
    return [source.problem(path, "plural-forms", f"{key}: {why}")] if why else []


def check_ui_keys(ui: Ui, source: Source) -> list[Problem]:
    """The strings the site needs are there (an error), and none that it does not use (a warning)."""
    problems: list[Problem] = []
    required = required_keys()
    missing = sorted(required - set(ui.strings))
    if missing:
        problems.append(source.problem(("strings",), "missing-ui-string",
                                       f"the interface needs these strings: {', '.join(missing)}", at_key=True))
    for key in sorted(set(ui.strings) - required):
        problems.append(source.problem(("strings", key), "unused-ui-string",
                                       f"no part of the site uses the string {key!r}", "warning", at_key=True))
    return problems
