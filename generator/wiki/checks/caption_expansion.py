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

from mwparserfromhell.nodes import Wikilink

from generator.core.problem import Level
from generator.wiki.caption import caption, is_picture
from generator.wiki.linted import Context, Finding, Linted

ID = "caption-expansion"
LEVEL: Level = "warning"
DESCRIPTION = "a picture whose file name says one expansion and whose caption names another"


def _named(text: str, names: Mapping[str, tuple[str, ...]], ignore_case: bool) -> set[str]:
    """The expansions ``text`` names, longest names first so "The River II" is not also "The River"."""
    flags = re.IGNORECASE if ignore_case else 0
    found, spans = set(), []
    every = sorted(((name, key) for key, listed in names.items() for name in listed), key=lambda n: -len(n[0]))
    for name, key in every:
        pattern = r"(?<![\w])" + r"[\s_]+".join(map(re.escape, name.split())) + r"(?![\w])"
        for match in re.finditer(pattern, text, flags):
            if not any(start < match.end() and match.start() < end for start, end in spans):
                spans.append(match.span())
                found.add(key)
    return found


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    names = context.settings.expansions
    if not names:
        return
    for spot in linted.scanned.of(Wikilink):
        link: Wikilink = spot.node
        if not is_picture(link):
            continue
        said = caption(link, spot.offset + 2 + len(str(link.title)) + 1)
        if said is None or not said[1]:
            continue
        file = str(link.title).partition(":")[2]
        shown = _named(file.replace("_", " "), names, ignore_case=True)
        told = _named(said[0], names, ignore_case=False)
        if len(shown) == 1 and told and not shown & told:
            (mine,) = shown
            other = names[sorted(told)[0]][0]
            lead = len(said[0]) - len(said[0].lstrip())
            yield said[1][lead], (f"the caption names {other}, but the file {file.strip()!r} is a picture of "
                                  f"{names[mine][0]}: a caption copied from another page?")
