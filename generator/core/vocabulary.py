"""Vocabulary: the one definition of the words every stage shares.
"""

from __future__ import annotations

import re

from generator.scorer import EDITIONS

__all__ = ["EDITIONS", "EDITION_PATTERN", "ID", "ID_PATTERN", "LANGUAGE_CODE", "PATTERN_HINTS",
           "TEMPLATE_OPENING", "TEMPLATE_SYNTAX", "TILE_ID"]

# Ids are used in URLs and file names, so they are restricted to a safe alphabet that can
# never spell "..", "/" or a drive letter: lower-case words joined by "-" or ".".
ID = r"[a-z0-9]+(?:[-.][a-z0-9]+)*"
ID_PATTERN = f"^{ID}$"
# Tile ids keep the rule books' letters (D, MW-C1-01); unique regardless of case, so a
# tile's picture can be named after its id in lower case.
TILE_ID = r"^[A-Za-z0-9][A-Za-z0-9-]*$"
# ISO 639 codes: URLs (/nl/), content folders (content/nl/) and lang attributes.
LANGUAGE_CODE = r"^[a-z]{2,3}$"
# A tile edition id as site.yaml lists them; which ones exist is data (scorer.EDITIONS).
EDITION_PATTERN = r"^C[0-9]$"

# Template syntax of Jinja ({{ }}, {% %}, {# #}) and MediaWiki ({{{title}}}) in data text:
# data is never a template, so any of it is a mistake.
# Spans are bounded (200 characters) so that many unclosed "{%" cannot make a search quadratic.
TEMPLATE_SYNTAX = re.compile(r"\{\{\{?[^{}]{0,200}\}?\}\}|\{%.{0,200}?%\}|\{#.{0,200}?#\}|\{\{|\{%|\{#|\}\}|%\}")
# Only the opening marks, for built HTML and interface strings: a lone "}}" is common in
# minified JavaScript and in "{name}}"-free placeholders and says nothing there.
TEMPLATE_OPENING = re.compile(r"\{\{|\{%")

# Friendlier words for the patterns, used in validation messages.
PATTERN_HINTS = {
    ID_PATTERN: "an id: lower-case letters and digits, joined by '-' or '.'",
    EDITION_PATTERN: f"an edition such as {', '.join(EDITIONS[:-1])} or {EDITIONS[-1]}",
    LANGUAGE_CODE: "a language code such as en or nl",
    TILE_ID: "a tile id: letters, digits and '-', such as D or MW-C1-01",
}
