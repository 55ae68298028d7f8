"""``caption-expansion``: a picture whose file names one expansion and whose caption another.

The wiki's pages copy logo and box pictures from page to page, and the caption is sometimes
left as the page it came from had it: ``[[File:Tower_logo.png|The logo of Abbey & Mayor]]``
on a third expansion's page. The file name is the truth about what the picture shows, so a
caption that names another expansion (and not the file's) misleads the reader. Names come
from the mapping's ``expansion_names``; a caption must spell the name as a name (capitals as
listed), so a tower or a river in running text is not taken for the expansion.
"""

from __future__ import annotations

import re
from typing import Iterator, Mapping

from generator.cache import memo
from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted

ID = "caption-expansion"
LEVEL: Level = "warning"
DESCRIPTION = "a picture whose file name says one expansion and whose caption names another"


@memo.pure(8)
def _pattern(names: tuple[tuple[str, tuple[str, ...]], ...], ignore_case: bool) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """One pattern for every name, longest first, so that "The River II" is matched before
    "The River" and never also as it; group ``i`` is the i-th name's. Built once per set of
    names: a page has dozens of captions, the corpus thousands."""
    every = sorted(((name, key) for key, listed in names for name in listed), key=lambda n: -len(n[0]))
    alternatives = ("(" + r"[\s_]+".join(map(re.escape, name.split())) + ")" for name, _ in every)
    pattern = re.compile(r"(?<![\w])(?:" + "|".join(alternatives) + r")(?![\w])", re.IGNORECASE if ignore_case else 0)
    return pattern, tuple(key for _, key in every)


def _named(text: str, names: Mapping[str, tuple[str, ...]], ignore_case: bool) -> set[str]:
    """The expansions ``text`` names."""
    pattern, keys = _pattern(tuple(names.items()), ignore_case)
    return {keys[match.lastindex - 1] for match in pattern.finditer(text) if match.lastindex}


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    names = context.settings.expansions
    if not names:
        return
    for spot, text, where in linted.captions():
        if not where:
            continue
        file = str(spot.node.title).partition(":")[2]
        shown = _named(file.replace("_", " "), names, ignore_case=True)
        told = _named(text, names, ignore_case=False)
        if len(shown) == 1 and told and not shown & told:
            (mine,) = shown
            other = names[sorted(told)[0]][0]
            lead = len(text) - len(text.lstrip())
            yield where[lead], (f"the caption names {other}, but the file {file.strip()!r} is a picture of "
                                  f"{names[mine][0]}: a caption copied from another page?")
