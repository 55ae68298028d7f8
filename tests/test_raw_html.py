"""Raw-HTML blocks set aside before Markdown and put back after it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from generator.site import raw_html

RAW_BLOCK = re.compile(re.escape(raw_html.OPEN) + "(.*?)" + re.escape(raw_html.CLOSE), re.S)

PIECES = [raw_html.OPEN, raw_html.CLOSE, "\n", "text", "<table><tr><td>x</td></tr></table>",
          "<!-- rulesite:raw -->", "<!-- /rulesite:raw -->", "<!-- rulesite:raw 0 -->"]


def by_regex(markdown: str) -> tuple[str, list[str]]:
    """The definition: every shortest marked block, in order, as this expression finds them."""
    blocks: list[str] = []

    def keep(match):
        blocks.append(match.group(1))
        return f"<!-- rulesite:raw {len(blocks) - 1} -->"

    return RAW_BLOCK.sub(keep, markdown), blocks


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
def test_set_aside_finds_exactly_the_marked_blocks(markdown):
    assert raw_html.set_aside(markdown) == by_regex(markdown)


@given(st.lists(st.text(alphabet="<>/tdr x\n", max_size=30), max_size=4))
def test_blocks_come_back_unchanged_after_conversion(blocks):
    markdown = "# Title\n\n" + "\n\npara\n\n".join(f"{raw_html.OPEN}{b}{raw_html.CLOSE}" for b in blocks)
    kept, found = raw_html.set_aside(markdown)
    assert found == blocks
    assert raw_html.OPEN not in kept
    assert raw_html.restore(kept, found) == "# Title\n\n" + "\n\npara\n\n".join(blocks)
