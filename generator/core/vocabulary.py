"""Vocabulary: the one definition of the words every stage shares.
"""

from __future__ import annotations

import re
from generator.scorer import EDITIONS

__all__ = ["COMBINATIONS_PAGE", "CONTRIBUTING_PAGE", "EDITIONS", "EDITION_PATTERN", "GENERATED", "GLOSSARY_PAGE", "HOME_PAGE", "ID",
           "ID_PATTERN", "LANGUAGE_CODE", "LEGEND_PAGE", "MOVING_A_WIKI_PAGE", "NAVIGATED", "PATTERN_HINTS",
           "PICTURES_FOLDER", "PUBLISHERS_FOLDER", "READING_PAGE", "SCENARIO_FORMAT_PAGE", "SITE_FILES", "TEMPLATE_OPENING",
           "TEMPLATE_SYNTAX", "TILES_PAGE", "TILE_ID", "TRANSLATE_FOLDER", "VARIANTS_PAGE", "reserved_names"]

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

# What the generator writes at the top of every language's site (a page by its Markdown file,
# a folder by its name), and what each is: generator/render/generate.py writes its pages under
# these names, and the check refuses a page id that would take the place of one.
HOME_PAGE = "index.md"
LEGEND_PAGE = "legend.md"
VARIANTS_PAGE = "variants.md"
TILES_PAGE = "tiles.md"
GLOSSARY_PAGE = "glossary.md"
COMBINATIONS_PAGE = "combinations.md"
PUBLISHERS_FOLDER = "publishers"
TRANSLATE_FOLDER = "translate"
PICTURES_FOLDER = "img"
GENERATED = {
    HOME_PAGE: "the home page", LEGEND_PAGE: "the legend page", VARIANTS_PAGE: "the scoring variants page",
    TILES_PAGE: "the tile catalogue", GLOSSARY_PAGE: "the glossary", COMBINATIONS_PAGE: "the combinations page",
    PUBLISHERS_FOLDER: "the publishers' pages",
    TRANSLATE_FOLDER: "the translators' pages", PICTURES_FOLDER: "the pictures",
}
# The hand-written pages (content/<language>/) the navigation and the home page link to.
READING_PAGE = "reading.md"
CONTRIBUTING_PAGE = "contributing.md"
SCENARIO_FORMAT_PAGE = "scenario-format.md"
MOVING_A_WIKI_PAGE = "moving-a-wiki.md"
NAVIGATED = (READING_PAGE, CONTRIBUTING_PAGE, SCENARIO_FORMAT_PAGE, MOVING_A_WIKI_PAGE)
# What MkDocs and Material write beside the pages of every language: the home page's HTML,
# the theme's static templates, the search plugin's index and the theme's own files.
# (The site's root holds only index.html, 404.html and the language folders: no page goes there.)
SITE_FILES = {
    "index.html": "the home page", "404.html": "the not-found page", "sitemap.xml": "the sitemap",
    "sitemap.xml.gz": "the sitemap", "search": "the search index", "assets": "the theme's styles and scripts",
    # Not the same path, but a page at /404/ or /sitemap/ beside those would only mislead.
    "404": "the not-found page (404.html)", "sitemap": "the sitemap (sitemap.xml)",
}


def reserved_names(published: dict[str, str] | None = None) -> dict[str, str]:
    """Every name a page id may not take, to what a page of that id would replace.

    A page ``<id>`` is written as ``<id>.md`` and published as ``<id>/index.html``: it takes
    the place of a page ``<id>.md`` and of any file or folder ``<id>`` at the top of a
    language's site. ``published`` are the names at the top of the site that ``content/``
    publishes (``reading.md``, a folder, a picture), each to the file it comes from.
    """
    reserved = {name.removesuffix(".md"): f"the hand-written page {name}" for name in NAVIGATED}
    for name, origin in (published or {}).items():
        reserved[name.removesuffix(".md")] = f"the hand-written {'page' if name.endswith('.md') else 'file'} {origin}"
    reserved.update({name.removesuffix(".md"): what for name, what in GENERATED.items()})
    reserved.update(SITE_FILES)
    return reserved
