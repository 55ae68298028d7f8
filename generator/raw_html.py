"""Large raw-HTML blocks taken round Markdown's conversion, then put back unchanged.

Stage: build (the MkDocs plugin calls it on each page's Markdown and HTML).

The translators' comparison tables (a cell per text and language) are raw HTML that
Markdown would pass through unchanged, but only after parsing every tag twice, which was
half of a language's Markdown time. The templates mark such generated blocks (never data
text alone) with ``<!-- rulesite:raw -->`` and ``<!-- /rulesite:raw -->``; the blocks are
replaced by numbered placeholders before conversion and restored after it.
"""

from __future__ import annotations

import re

# Written by the templates around generated raw HTML only (its data text is escaped there).
RAW_BLOCK = re.compile(r"<!-- rulesite:raw -->\n(.*?)\n<!-- /rulesite:raw -->", re.S)


def set_aside(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each marked block replaced by a placeholder, and the blocks in order."""
    blocks: list[str] = []

    def keep(match: re.Match[str]) -> str:
        blocks.append(match.group(1))
        return f"<!-- rulesite:raw {len(blocks) - 1} -->"

    return RAW_BLOCK.sub(keep, markdown), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The converted HTML with every placeholder replaced by its block again."""
    for index, block in enumerate(blocks):
        html = html.replace(f"<!-- rulesite:raw {index} -->", block, 1)
    return html
