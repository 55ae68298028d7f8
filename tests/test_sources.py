"""Every rules page names where its facts come from: its sections carry ``sources`` (ids of
site.yaml ``sources``), and the built page ends with a "Sources" list a reader can follow.

Pages, sections, sources and languages are all read from the data, so a new page or a new
language is covered without editing this file.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

from generator.model.data import ListBlock, NumberedBlock, Page, ParagraphBlock, Section, SpecialCaseBlock
from generator.project import load_checked
from generator.render.generate import SiteRenderer
from generator.render.page import cited_sources

from .conftest import ROOT

# Blocks that state rules in words; examples, tile lists and combination blocks (which name
# their own sources) are not among them.
RULES_TEXT = (ParagraphBlock, ListBlock, NumberedBlock, SpecialCaseBlock)

# Sections whose facts no source in site.yaml is known to give. Each entry is a gap to fill
# with a real source, never one to paper over with an invented id; the test below also fails
# when an entry is no longer needed, so the list cannot go stale.
NO_SOURCE_KNOWN = {
    # Its author's notes named sources for every other section of the page but not for this
    # one (shuffling in the 24 tiles, the builder and the pig for every player).
    ("traders-and-builders-c1", "preparation"),
}


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


@pytest.fixture(scope="module")
def built(project):
    return {code: SiteRenderer(project, code).site().files for code in project.languages}


def _sections(sections: list[Section], inherited: tuple[str, ...] = ()) -> Iterator[tuple[Section, tuple[str, ...]]]:
    """Each section with the sources it and its enclosing sections name."""
    for section in sections:
        sources = inherited + tuple(section.sources)
        yield section, sources
        yield from _sections(section.sections, sources)


def _unsourced(page: Page) -> set[tuple[str, str]]:
    return {(page.id, section.id) for section, sources in _sections(page.sections)
            if not sources and any(isinstance(block, RULES_TEXT) for block in section.blocks)}


def _plain(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def test_every_rules_page_cites_a_source(project):
    assert project.pages
    assert [page_id for page_id, page in project.pages.items() if not cited_sources(page)] == []


def test_every_section_with_rules_text_names_a_source_or_sits_in_one_that_does(project):
    unsourced = set().union(*(_unsourced(page) for page in project.pages.values()))
    assert sorted(unsourced - NO_SOURCE_KNOWN) == [], "sections stating rules without a source"
    assert sorted(NO_SOURCE_KNOWN - unsourced) == [], "listed as unsourced but now sourced: drop them here"


def test_every_cited_source_is_in_site_yaml_with_an_address(project):
    known = {source.id: source for source in project.site.sources}
    cited = {source for page in project.pages.values() for source in cited_sources(page)}
    assert sorted(cited - set(known)) == []
    assert sorted(source for source in cited if not known[source].where) == []


def test_the_built_page_lists_every_cited_source_in_every_language(project, built):
    titles = {source.id: " ".join(source.title.split()) for source in project.site.sources}
    for code, files in built.items():
        for page_id, page in project.pages.items():
            text = files[f"{page_id}.md"]
            start = text.find('id="sources"')
            assert start >= 0, f"{code}/{page_id}: no Sources section"
            end = text.find("<h2", start)
            listed = text[start:end if end >= 0 else len(text)]
            items = [_plain(item) for item in re.findall(r"<li>(.*?)</li>", listed, flags=re.S)]
            cited = list(dict.fromkeys(cited_sources(page)))
            assert len(items) == len(cited), f"{code}/{page_id}"
            for source, item in zip(cited, items):
                assert item.startswith(titles[source]), f"{code}/{page_id}: {source} listed as {item!r}"
