"""Escaping data text for Markdown that Python-Markdown and its extensions will read.

Text from YAML must come out as the same characters, never as markup: HTML is escaped,
and every character that Markdown or an enabled extension could read as syntax (emphasis,
links, footnotes, attribute lists, emoji shortcodes, tables) becomes a numeric entity,
which the browser shows unchanged and the search index decodes back to the character.

Stage: render.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup

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


@lru_cache(maxsize=16384)
def md_text(text: str, line_start: bool = True) -> Markup:
    """Plain text made safe for any inline position in Markdown (one line, no markup).

    ``line_start=False`` is for a piece that continues a line already begun, where a
    leading "-" or "1." cannot start a list.
    """
    text = _SPACE.sub(" ", text)
    text = _SPECIAL.sub(lambda m: _ENTITIES[m.group()], text)
    text = _COLON.sub("&#58;", text)
    if line_start:
        text = _LINE_START.sub(lambda m: m.group(1) + "".join(f"&#{ord(c)};" for c in m.group(2)), text)
    return Markup(text)


def attr(text: str) -> Markup:
    """A value for an HTML attribute in double quotes."""
    return Markup(md_text(text).replace("'", "&#39;"))
