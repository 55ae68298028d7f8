"""Footnotes of the pages written as HTML: numbered, linked both ways, listed in place.

A reference's number depends on where it ends up on the finished page, which the parts of
a page do not know while they are rendered (the flavour text is rendered after the sections
but shown before them). So a reference is first written as a mark (:func:`mark`), and
:func:`place` numbers the marks of the finished page in reading order and writes the list
where the page template put :data:`LIST`.

The HTML is the HTML of Python-Markdown's footnotes extension, which the hand-written pages
still use and which Material's footnote tooltips read: ``<sup id="fnref:x">`` references,
``fnref2:x`` and on for further references to the same note, each with its own back link,
and a ``<div class="footnote">`` list. Unlike the extension, which numbers references in the
order its inline pass happens to meet them (list items after the paragraphs around them),
the numbers here follow the order a reader meets the references: the first is 1.
"""

from __future__ import annotations

import re
from typing import Callable

from markupsafe import Markup

# Control characters: no text from the data carries one this far (escape.md_text replaces them).
_MARK = re.compile("\x02fn:([^\x03]*)\x03")
LIST = "\x02footnotes\x03"
"""Where the template wants the list of footnotes."""


def mark(note: str) -> Markup:
    """A reference to footnote ``note`` of the page, numbered later by :func:`place`."""
    return Markup(f"\x02fn:{note}\x03")


def place(body: str, notes: list[tuple[str, str]], backlink_title: Callable[[int], str]) -> str:
    """``body`` with every reference numbered and the list of ``notes`` (id, HTML text, in
    the order the page defines them) where the body holds :data:`LIST`.

    ``backlink_title(n)`` is the title of the link from note ``n`` back to the text."""
    numbers: dict[str, int] = {}
    uses: dict[str, int] = {}
    known = {note for note, _ in notes}

    def reference(match: re.Match[str]) -> str:
        note = match.group(1)
        if note not in known:  # the check refuses these; shown as written, never as a dead link
            return f"[^{note}]"
        number = numbers.setdefault(note, len(numbers) + 1)
        uses[note] = uses.get(note, 0) + 1
        return (f'<sup id="{_ref_id(note, uses[note])}"><a class="footnote-ref" href="#fn:{note}">'
                f"{number}</a></sup>")

    head, found, tail = body.partition(LIST)
    head = _MARK.sub(reference, head)
    # References inside notes count after those of the text, in the order the notes are defined.
    texts = {note: _MARK.sub(reference, text) for note, text in notes}
    if not found:
        return head
    ordered = sorted((note for note, _ in notes), key=lambda note: numbers.get(note, len(numbers) + 1))
    items = [_item(note, texts[note], max(uses.get(note, 0), 1), backlink_title(index))
             for index, note in enumerate(ordered, 1)]
    return head + '<div class="footnote">\n<hr />\n<ol>\n' + "".join(items) + "</ol>\n</div>" + tail


def _ref_id(note: str, use: int) -> str:
    return f"fnref:{note}" if use == 1 else f"fnref{use}:{note}"


def _item(note: str, text: str, uses: int, title: str) -> str:
    backlinks = "".join(f'<a class="footnote-backref" href="#{_ref_id(note, use)}" title="{title}">&#8617;</a>'
                        for use in range(1, uses + 1))
    return f'<li id="fn:{note}">\n<p>{text}&#160;{backlinks}</p>\n</li>\n'
