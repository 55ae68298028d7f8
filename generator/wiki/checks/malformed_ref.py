"""``malformed-ref``: a footnote tag the parser does not read as its author meant.

Three shapes: a ``<ref`` or ``</ref>`` the parser left as text (unclosed, or closing none);
an attribute whose quote never closes (``<ref name="BB4/>``, which the parser reads as a
self-closing tag named ``"BB4``, so the footnote's text becomes page text); and a footnote
with neither a text nor a name, which shows nothing.
"""

from __future__ import annotations

import re
from typing import Iterator

from mwparserfromhell.nodes import Tag, Text

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted

ID = "malformed-ref"
LEVEL: Level = "error"
DESCRIPTION = "a footnote tag left unclosed, stray, empty or with a quote that never closes"

_REF_TEXT = re.compile(r"</?ref(?=[\s>/])", re.IGNORECASE)


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    for spot in linted.scanned.refs():
        tag: Tag = spot.node
        for attribute in tag.attributes:
            value = str(attribute.value)
            if attribute.quotes is None and value[:1] in ("'", '"'):
                yield spot.offset, (f"the quote of {str(attribute.name).strip()}={value} never closes: "
                                    f"{str(tag)!r} is not the footnote it means to be")
        if not tag.has("name") and (tag.self_closing or not str(tag.contents or "").strip()):
            yield spot.offset, "a footnote with neither a text nor a name"
    for spot in linted.scanned.of(Text):
        for match in _REF_TEXT.finditer(str(spot.node)):
            what = "a closing </ref> without its opening" if match.group()[1] == "/" else "an unclosed <ref"
            yield spot.offset + match.start(), f"{what}: the parser reads it as text, not as a footnote"
