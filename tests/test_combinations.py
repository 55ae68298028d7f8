"""Rules for playing expansions together (``combination`` blocks): one unit naming both
expansions, shown on its own page, on every page of the partner expansions and on the
combinations page, in every language; a combination no source answers shows as not known.

Everything is derived from the data: adding a combination or a language breaks nothing.
The bad-combination fixture (tests/fixtures/invalid/) covers the check.
"""

from __future__ import annotations

import html
import re

import pytest

from generator.core.vocabulary import COMBINATIONS_PAGE
from generator.project import load_checked
from generator.render import combinations
from generator.render.generate import SiteRenderer
from generator.render.page import excerpt

from .conftest import ROOT
from .test_browser import base_url, browser  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


@pytest.fixture(scope="module")
def sites(project):
    return {code: SiteRenderer(project, code).site().files for code in project.languages}


def _plain(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def test_the_data_has_combinations_and_each_names_another_expansion(project):
    found = combinations.entries(project)
    assert found, "no combination block in the data"
    for entry in found:
        owner = project.pages[entry.page]
        assert entry.expansions[0] == owner.expansion
        assert set(entry.expansions[1:]) - {owner.expansion}, entry


def test_the_witch_rule_for_inns_and_cathedrals_is_a_combination_of_both(project):
    # The case: the witch on an inn road or in a cathedral city.
    witch = [e for e in combinations.entries(project) if any("witch" in u for u in e.rules)]
    assert witch, "the witch's rule for inns and cathedrals is not a combination"
    assert all(set(e.expansions) == {"mage-and-witch", "inns-and-cathedrals"} for e in witch)


def test_every_partner_page_shows_the_rule_with_a_link_back_in_every_language(project, sites):
    for code, files in sites.items():
        for entry in combinations.entries(project):
            editions = set(project.pages[entry.page].editions)
            partners = [p for p in project.pages.values()
                        if p.expansion in entry.expansions[1:] and editions & set(p.editions)]
            assert partners, f"{entry.page}: no page of a partner expansion in its editions shows it"
            for page in partners:
                text = files[f"{page.id}.md"]
                assert 'id="with-other-expansions"' in text, (code, page.id)
                assert f"{COMBINATIONS_PAGE.removesuffix('.md')}/#{entry.anchor}" in text, (code, page.id, entry)
                assert f"{entry.page}/#{entry.section}" in text, (code, page.id, entry)


def test_the_owner_page_shows_the_rule_with_its_partners_and_footnotes(project, sites):
    for code, files in sites.items():
        for entry in combinations.entries(project):
            text = files[f"{entry.page}.md"]
            # The block links to its place on the combinations page.
            block = next((b for b in re.findall(r'<div class="admonition info rs-combination[^"]*">(.*?)</div>', text, re.S)
                          if f"#{entry.anchor}" in b), None)
            assert block, (code, entry)
            for partner in entry.expansions[1:]:
                name = project.units["site"][f"expansion.{partner}"]
                lang = SiteRenderer(project, code).lang
                assert _plain(lang.site_text(name.id)) in _plain(block), (code, entry, partner)


def test_the_combinations_page_lists_every_combination_in_every_language(project, sites):
    for code, files in sites.items():
        page = files[COMBINATIONS_PAGE]
        anchors = set(re.findall(r'id="(combination-[^"]+)"', page))
        assert anchors == {e.anchor for e in combinations.entries(project)}, code
        lang = SiteRenderer(project, code).lang
        for entry in combinations.entries(project):
            # The rule's own words in this language, footnote marks left out.
            for unit_id in entry.rules:
                unit = project.units[entry.page][unit_id]
                start = excerpt(lang, lang.resolver(COMBINATIONS_PAGE), unit, 40).removesuffix(" …")
                assert start in _plain(page), (code, unit_id)


def test_a_combination_no_source_answers_shows_as_not_known(project, sites, tmp_path):
    # Built from a copy of the real project with one more combination: a question, no rules.
    import shutil

    from generator.project import load

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "rules_data", copy / "rules_data")
    shutil.copytree(ROOT / "examples", copy / "examples")
    shutil.copytree(ROOT / "content", copy / "content")
    owner = combinations.entries(project)[0]
    page_file = copy / "rules_data" / "pages" / f"{owner.page}.yaml"
    source = next(s.id for s in project.site.sources)
    partner = owner.expansions[1]
    page_file.write_text(page_file.read_text(encoding="utf-8").replace("\nsections:\n", f"""
sections:
  - id: open-question
    title: Open question
    blocks:
      - combination:
          partners: [{partner}]
          sources: [{source}]
          question:
            id: open.question
            text: Does this rule hold in every edition?
""", 1), encoding="utf-8")
    loaded, problems = load(copy)
    assert loaded is not None, [p.format_text() for p in problems if p.level == "error"]
    files = SiteRenderer(loaded, "en").site().files
    not_known = loaded.units["ui"]["combination.not-known"].text
    assert "Does this rule hold in every edition?" in files[COMBINATIONS_PAGE]
    assert not_known in _plain(files[COMBINATIONS_PAGE])
    owner_editions = set(loaded.pages[owner.page].editions)
    shown = [p for p in loaded.pages.values() if p.expansion == partner and owner_editions & set(p.editions)]
    assert shown and all(not_known in _plain(files[f"{p.id}.md"]) for p in shown)


@pytest.mark.browser
def test_a_reader_finds_the_rule_on_the_partner_page_and_follows_it(browser, base_url, project):  # noqa: F811
    entry = combinations.entries(project)[0]
    partner = next(p for p in project.pages.values() if p.expansion in entry.expansions[1:]
                   and set(p.editions) & set(project.pages[entry.page].editions))
    page = browser.new_page()
    try:
        page.goto(f"{base_url}/en/{partner.id}/")
        section = page.locator("#with-other-expansions")
        assert section.is_visible()
        box = page.locator(".rs-combination").first
        assert box.is_visible()
        box.locator(f'a[href*="{COMBINATIONS_PAGE.removesuffix(".md")}/#{entry.anchor}"]').click()
        page.wait_for_load_state()
        assert page.url.endswith(f"#{entry.anchor}")
        assert page.locator(f"#{entry.anchor}").is_visible()
    finally:
        page.close()


def test_a_rule_shows_only_on_partner_pages_of_its_own_editions(project, sites):
    # A first-edition rule does not belong on a later edition's page of the partner expansion.
    for entry in combinations.entries(project):
        editions = set(project.pages[entry.page].editions)
        for page in project.pages.values():
            if page.expansion in entry.expansions[1:] and not editions & set(page.editions):
                assert f"#{entry.anchor}" not in sites["en"][f"{page.id}.md"], (entry, page.id)
