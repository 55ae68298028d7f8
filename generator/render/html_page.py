"""Rules pages written as HTML: the last touches, and what MkDocs needs to know of them.

A rules page was Markdown that MkDocs converted with Python-Markdown, and that conversion
was most of MkDocs' work on a large site: at 150 pages, 44 % of a language's MkDocs build
went on converting the rules pages. The generator knows
every part of a rules page, so it writes the page's HTML itself (``page.html.j2``), as
Python-Markdown wrote it from the same Markdown: the same elements, attributes and
whitespace. The file MkDocs reads is still ``<page>.md`` with its front matter (title,
description) and ``rulesite_body: html``; the plugin then hands the HTML to MkDocs as the
page's content instead of converting it, with the table of contents and the anchors
worked out here. Links are addresses already (``Lang.resolver(html=True)``): they point
only at pages and anchors the generator writes, and ``rulesite check`` has checked every
reference they come from.

The hand-written pages and the other generated pages stay Markdown.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable

from markdown.extensions.toc import nest_toc_tokens, slugify, strip_tags, unique

from generator.render import footnotes

FLAG = "rulesite_body"
"""The front-matter key marking a page written as HTML (its value is ``html``)."""
TITLE_ID = "\x02title-id\x03"
"""Where the template wants the id of the page's first heading, which depends on every other id."""

_ID = re.compile(r' id="([^"]*)"')
_HEADING = re.compile(r'<h([1-6]) id="([^"]*)">(.*?)<a class="headerlink" href="#[^"]*" title="[^"]*">&para;</a></h\1>',
                      re.S)
_REFERENCE = re.compile(r'<sup id="fnref[^"]*"><a class="footnote-ref" href="[^"]*">\d+</a></sup>')


def finish(text: str, notes: list[tuple[str, str]], backlink_title: Callable[[int], str]) -> str:
    """The rendered page with its footnotes numbered and listed and its title's id given.

    The title's id is the one Python-Markdown's table of contents would give it: the title
    made a slug, made unique among every other id of the page."""
    text = footnotes.place(text, notes, backlink_title)
    start = text.find(TITLE_ID)
    if start < 0:
        return text
    inner = start + len(f'{TITLE_ID}">')  # the template writes <h1 id="TITLE_ID">title<a class="headerlink"
    title = html.unescape(_name(text[inner:text.find('<a class="headerlink"', inner)]))
    used = set(_ID.findall(text))
    return text.replace(TITLE_ID, unique(slugify(title, "-"), used))


def _name(inner: str) -> str:
    """A heading's text as the table of contents shows it: without footnote references or tags."""
    return strip_tags(_REFERENCE.sub("", inner))


def headings(content: str) -> list[dict[str, Any]]:
    """The table of contents of a page's HTML, nested, as Python-Markdown's ``toc_tokens``."""
    tokens = [{"level": int(level), "id": id, "name": _name(inner), "html": inner.strip(), "data-toc-label": ""}
              for level, id, inner in _HEADING.findall(content)]
    return nest_toc_tokens(tokens)


def anchors(content: str) -> set[str]:
    """Every id in a page's HTML: what links from other pages may point at."""
    return set(_ID.findall(content))
