"""Links out: an expansion's pages on other sites (site.yaml ``expansions`` ``links``, each a
source with a web address), shown on every page of the expansion in every language.

Derived from the data: an expansion given a link, or a new language, breaks nothing.
"""

from __future__ import annotations

import pytest

from generator.project import load, load_checked
from generator.render.generate import SiteRenderer

from .conftest import ROOT
from .test_browser import base_url, browser  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def _addresses(project, expansion) -> list[str]:
    where = {r.id: r.where for r in project.site.sources}
    return [where[link] for link in expansion.links]


def test_the_data_links_out_and_every_page_of_the_expansion_shows_it(project):
    linked = [x for x in project.site.expansions if x.links]
    assert linked, "no expansion links to a page elsewhere"
    label = {code: SiteRenderer(project, code).lang.ui_text("info.links") for code in project.languages}
    for code in project.languages:
        files = SiteRenderer(project, code).site().files
        for page in project.pages.values():
            expansion = next(x for x in project.site.expansions if x.id == page.expansion)
            text = files[f"{page.id}.md"]
            for address in _addresses(project, expansion):
                assert f'href="{address}" rel="nofollow noopener"' in text, (code, page.id, address)
            # Nothing is shown where no source gives an address.
            assert (label[code] in text) == bool(expansion.links), (code, page.id)


def test_a_link_to_a_source_without_a_web_address_is_refused(minimal):
    site = minimal / "rules_data" / "site.yaml"
    text = site.read_text(encoding="utf-8")
    assert "  - {id: alpha, name: Alpha}" in text
    site.write_text(text.replace("  - {id: alpha, name: Alpha}", "  - {id: alpha, name: Alpha, links: [rulebook-one]}"),
                    encoding="utf-8")
    _, problems = load(minimal)
    found = [p for p in problems if p.code == "bad-value" and "no web address" in p.message]
    assert [(p.file, p.line) for p in found] == [("rules_data/site.yaml", 24)], [p.format_text() for p in problems]


@pytest.mark.browser
def test_a_reader_follows_the_link_out_from_a_rules_page(browser, base_url, project):  # noqa: F811
    expansion = next(x for x in project.site.expansions if x.links)
    page_id = next(p.id for p in project.pages.values() if p.expansion == expansion.id)
    address = _addresses(project, expansion)[0]
    page = browser.new_page()
    try:
        page.goto(f"{base_url}/nl/{page_id}/")
        link = page.locator(f'a[href="{address}"]').first
        assert link.is_visible()
        assert "noopener" in (link.get_attribute("rel") or "")
    finally:
        page.close()
