"""Large raw-HTML blocks taken round Markdown's conversion, then put back unchanged.

The translators' comparison tables (a cell per text and language) are raw HTML that
Markdown would pass through unchanged, but only after parsing every tag twice, which was
half of a language's Markdown time. The templates mark such generated blocks (never data
text alone) with ``<!-- rulesite:raw -->`` and ``<!-- /rulesite:raw -->``; the blocks are
replaced by numbered placeholders before conversion and restored after it.
"""

from __future__ import annotations


# Written by the templates around generated raw HTML only (its data text is escaped there).
OPEN, CLOSE = "<!-- rulesite:raw -->\n", "\n<!-- /rulesite:raw -->"


def set_aside(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each marked block replaced by a placeholder, and the blocks in order.

    Found with ``str.find``: a lazy regular expression over a comparison table of a hundred
    kilobytes tries the closing marker at every character. ``tests/test_raw_html.py`` holds it
    to that expression's result."""
    blocks: list[str] = []
    out: list[str] = []
    at = 0
    while (start := markdown.find(OPEN, at)) >= 0:
        end = markdown.find(CLOSE, start + len(OPEN))
        if end < 0:
            break
        out.append(markdown[at:start])
        blocks.append(markdown[start + len(OPEN):end])
        out.append(f"<!-- rulesite:raw {len(blocks) - 1} -->")
        at = end + len(CLOSE)
    out.append(markdown[at:])
    return "".join(out), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The converted HTML with every placeholder replaced by its block again."""
    for index, block in enumerate(blocks):
        html = html.replace(f"<!-- rulesite:raw {index} -->", block, 1)
    return html
