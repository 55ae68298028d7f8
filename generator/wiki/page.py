"""One page of the wiki as read from a file, and where a place in its text stands in that file."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

import mwparserfromhell

from generator.wiki import titles


@dataclass
class WikiPage:
    """One page of the wiki as read from a file (a dump holds many)."""

    file: str
    """Display path of the file (a dump: the dump's path)."""
    title: str
    """The page title without a language suffix."""
    language: str | None
    """From the title's suffix (/nl), ``--lang FILE=CODE`` or detection; None = the English source."""
    revision: str | None
    """The revision id, from an export."""
    text: str
    """The wikitext (or the rendered text), line breaks as ``\\n``."""
    first_line: int
    """The line in ``file`` where ``text`` starts."""
    rendered: bool
    """Text copied from a browser, not wikitext."""
    first_column: int = 1
    """The column in ``file`` where ``text`` starts (a dump's ``<text>`` content follows its tag)."""
    tree: Any = field(default=None, repr=False, compare=False)
    """The mwparserfromhell parse of ``text``, kept so that the lint does not parse twice."""
    title_from: str = ""
    """Where the title came from, in the report's words (:mod:`generator.wiki.titles`)."""
    named_source: bool = False
    """Named by ``--source``: the source of every translation read with it, whatever their titles."""
    line_starts: list[int] | None = field(default=None, repr=False, compare=False)
    """The offset where each line of ``text`` starts, worked out on the first :func:`line_col`."""

    @property
    def is_source(self) -> bool:
        return self.language is None

    @property
    def named_from_outside(self) -> bool:
        """The title came from the file name or ``--title``, not from the file's text: worth saying."""
        return self.title_from in (titles.FROM_FILE_NAME, titles.FROM_OPTION)

    def described(self) -> str:
        """Which page this is and where its title came from, for the report."""
        return titles.described(self.title, self.language, self.title_from)

    def parsed(self) -> Any:
        """The parse of ``text`` (a page made by hand and never screened: parsed as it is)."""
        if self.tree is None:
            self.tree = mwparserfromhell.parse(self.text)
        return self.tree


def line_col(page: WikiPage, offset: int) -> tuple[int, int]:
    """The 1-based line and column in ``page.file`` of the character at ``offset`` in ``page.text``.

    In a dump, columns count the decoded characters (``&lt;`` counts as one)."""
    if page.line_starts is None:
        page.line_starts = [0] + [match.end() for match in re.finditer("\n", page.text)]
    offset = max(0, min(offset, len(page.text)))
    index = bisect.bisect_right(page.line_starts, offset) - 1
    column = offset - page.line_starts[index] + 1
    return page.first_line + index, column + (page.first_column - 1 if index == 0 else 0)
