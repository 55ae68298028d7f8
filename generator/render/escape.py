"""Escaping data text for Markdown that Python-Markdown and its extensions will read.

Text from YAML must come out as the same characters, never as markup: HTML is escaped,
and every character that Markdown or an enabled extension could read as syntax (emphasis,
links, footnotes, attribute lists, emoji shortcodes, tables) becomes a numeric entity,
which the browser shows unchanged and the search index decodes back to the character.
"""

from __future__ import annotations

import html
import re
from typing import Any

from markupsafe import Markup

from generator.cache import memo

_ENTITIES = {
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
    "\\": "&#92;", "`": "&#96;", "*": "&#42;", "_": "&#95;", "[": "&#91;", "]": "&#93;",
    "{": "&#123;", "}": "&#125;", "|": "&#124;", "~": "&#126;", "^": "&#94;",
}
_SPECIAL = re.compile("[" + re.escape("".join(_ENTITIES)) + "]")
# A colon directly followed by a word character could open an emoji shortcode (:smile:).
_COLON = re.compile(r":(?=[\w+-])")
# What would start a block if it stood at the beginning of a line.
_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+[.)])")
_SPACE = re.compile(r"\s+")
# Control characters show nothing, and the pages written as HTML use two of them as marks
# (see :mod:`.footnotes`): a text from the data (YAML allows "\x02") never carries one through.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@memo.pure(16384)
def md_text(text: str, line_start: bool = True) -> Markup:
    """Plain text made safe for any inline position in Markdown (one line, no markup).

    ``line_start=False`` is for a piece that continues a line already begun, where a
    leading "-" or "1." cannot start a list.
    """
    text = _CONTROL.sub("\ufffd", _SPACE.sub(" ", text))
    text = _SPECIAL.sub(lambda m: _ENTITIES[m.group()], text)
    text = _COLON.sub("&#58;", text)
    if line_start:
        text = _LINE_START.sub(lambda m: m.group(1) + "".join(f"&#{ord(c)};" for c in m.group(2)), text)
    return Markup(text)


def attr(text: str) -> Markup:
    """A value for an HTML attribute in double quotes."""
    # str first: Markup.replace would escape the "&" of the entity it puts in.
    return Markup(str(md_text(text)).replace("'", "&#39;"))


# --------------------------------------------------------------------------- plain text as HTML

# MkDocs and Material treat titles and the site name as HTML and print most of them
# unescaped (aria-label="{{ config.site_name }}", {{ nav_item.title }}); ours are plain
# text from the data, so each is escaped once and marked safe, which Jinja's "| e" then
# leaves as it is.


def html_text(text: str) -> Markup:
    """Plain text as HTML, once: text that is already :class:`Markup` is left alone."""
    return text if isinstance(text, Markup) else Markup(html.escape(str(text)))


def escape_fields(mapping: Any, keys: tuple[str, ...]) -> None:
    """Escape the string values of ``keys`` in a MkDocs config or page meta, in place."""
    for key in keys:
        if isinstance(mapping.get(key), str):
            mapping[key] = html_text(mapping[key])


def escape_titles(items: list[Any]) -> None:
    """Escape the title of every navigation item, sections' children included."""
    for item in items:
        # A page without a title from the navigation takes it from its Markdown later.
        if item.title is not None:
            item.title = html_text(item.title)
        if getattr(item, "children", None):
            escape_titles(item.children)
