"""Words a player meets on the built site: abbreviations explained where they stand,
numbers with the grammar of each language, and a box chooser whose entries can be told apart.

The unit tests look at what the renderer writes; the browser tests (marker ``browser``)
open a fresh build in Chromium, with the fixtures of ``tests/test_browser.py``.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from babel import Locale
from markupsafe import Markup

from generator.model import plurals, printings
from generator.model.units import walk_sections
from generator.project import load_checked
from generator.render import abbreviations
from generator.render.generate import SiteRenderer
from generator.render.language import Lang, capitalised

from .conftest import ROOT
from .test_browser import base_url, browser, page  # noqa: F401  (shared fixtures)

PROJECT = load_checked(ROOT)
MINIMAL = Path(__file__).resolve().parent / "fixtures" / "minimal"
# Pages that offer a box choice: those whose releases or printing notes name a printing.
BOX_PAGES = [p for p in PROJECT.pages.values() if printings.columns(p)]


# ---------------------------------------------------------------------------- the box chooser

@pytest.mark.parametrize("code", PROJECT.languages)
def test_printings_of_one_box_get_labels_that_tell_them_apart(code):
    lang = Lang(PROJECT, code)
    labels = Counter(lang.printing_label_text(p.id) for p in PROJECT.site.printings)
    assert [label for label, n in labels.items() if n > 1] == []
    # Where two printings share publisher and name, the label adds each one's edition and year.
    for p in PROJECT.site.printings:
        twins = [q for q in PROJECT.site.printings if q.id != p.id and (q.publisher, q.name) == (p.publisher, p.name)]
        if twins:
            assert p.edition in lang.printing_label_text(p.id)
            assert p.year is None or str(p.year) in lang.printing_label_text(p.id)


def test_a_page_without_printings_shows_no_box_chooser(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(MINIMAL, root)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", root / "rules_data" / "ui.yaml")
    page_file = root / "rules_data" / "pages" / "alpha.yaml"
    text = page_file.read_text(encoding="utf-8")
    # No release, and the one printing note turned into an editors' note: nothing names a printing.
    text = text.replace(", releases: [{printing: p-one}]", "")
    text = text.replace("    kind: printing\n    only_in: [p-one]\n    sources: [rulebook-one]\n",
                        "    kind: note\n    text: An editors' note.\n")
    page_file.write_text(text, encoding="utf-8")
    project = load_checked(root)
    assert not printings.columns(project.pages["alpha"])
    for code in project.languages:
        assert "data-rs-box" not in SiteRenderer(project, code).page("alpha")


@pytest.mark.browser
def test_box_chooser_entries_are_unique_in_chromium(base_url, page):  # noqa: F811
    checked = 0
    for code in PROJECT.languages:
        lang = Lang(PROJECT, code)
        for rules in BOX_PAGES:
            page.goto(f"{base_url}/{code}/{rules.id}/")
            page.wait_for_selector("[data-rs-box]:not([hidden])")
            options = page.eval_on_selector_all("[data-rs-box] option[value]:not([value=''])",
                                                "els => els.map(e => [e.value, e.textContent])")
            texts = [t for _, t in options]
            assert len(set(texts)) == len(texts), f"{code}/{rules.id}: {texts}"
            assert [v for v, _ in options] == printings.columns(rules)
            assert texts == [lang.printing_label_text(v) for v, _ in options]
            checked += 1
    assert checked == len(BOX_PAGES) * len(PROJECT.languages)


# ---------------------------------------------------------------------------- abbreviations

def test_every_abbreviation_is_explained_in_every_language():
    english = abbreviations.glossary(Lang(PROJECT, PROJECT.source_language))
    assert set(english) == {a.text for a in PROJECT.site.abbreviations}
    for code in PROJECT.target_languages:
        explained = abbreviations.glossary(Lang(PROJECT, code))
        assert set(explained) == set(english)
        # The explanations are in the page's language: those of editions name the edition as translated.
        for entry in PROJECT.site.abbreviations:
            if entry.edition:
                assert Lang(PROJECT, code).site_text(f"edition.{entry.edition}.name") in explained[entry.text]
                assert explained[entry.text] != english[entry.text]


def _abbrs(page) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    found: dict[str, set[str]] = {}
    for text, title in page.eval_on_selector_all("article abbr", "els => els.map(e => [e.textContent, e.title])"):
        found.setdefault(text, set()).add(title)
    return found


@pytest.mark.browser
@pytest.mark.parametrize("code", PROJECT.languages)
def test_abbreviations_carry_their_explanation_in_chromium(base_url, page, code):  # noqa: F811
    lang = Lang(PROJECT, code)
    expected = abbreviations.glossary(lang)
    seen: dict[str, set[str]] = {}
    # Markdown pages: the publisher pages, where every short label of a printing is listed.
    for publisher in PROJECT.site.publishers:
        page.goto(f"{base_url}/{code}/publishers/{publisher.id}/")
        for text, titles in _abbrs(page).items():
            seen.setdefault(text, set()).update(titles)
    assert set(expected) <= set(seen), f"never explained: {set(expected) - set(seen)}"
    # A short label written beside a text of one printing names that very printing instead.
    labels = {lang.printing_label_text(p.id): p.short for p in PROJECT.site.printings}
    for text, explanation in expected.items():
        assert explanation in seen[text], text
        assert all(title == explanation or labels.get(title) == text for title in seen[text]), (text, seen[text])
    # Material shows the explanation as its tooltip when a reader points at the abbreviation.
    first = page.locator("article abbr").first
    first.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.first.wait_for()
    assert tooltip.first.text_content() == expected[first.text_content()]
    # Rules pages: each printing label names its printing, each edition in the chooser says what it is.
    for rules in BOX_PAGES:
        page.goto(f"{base_url}/{code}/{rules.id}/")
        marks = page.eval_on_selector_all(".rs-diff__label abbr", "els => els.map(e => [e.textContent, e.title])")
        assert all(title in labels and labels[title] == text for text, title in marks), marks
        editions = page.eval_on_selector_all(".rs-chooser abbr", "els => els.map(e => [e.textContent, e.title])")
        assert [text for text, _ in editions] == [e.id for e in PROJECT.site.editions]
        for text, title in editions:
            assert title.startswith(expected[text]), (text, title)
    diff_pages = [p for p in BOX_PAGES if any(f.kind == "printing" for f in p.footnotes)]
    assert diff_pages


# ---------------------------------------------------------------------------- numbers and their nouns

COUNT_KEYS = sorted(plurals.COUNT_KEYS)


@pytest.mark.parametrize("code", PROJECT.languages)
def test_count_strings_have_the_cldr_plural_categories_of_their_language(code):
    lang = Lang(PROJECT, code)
    for key in COUNT_KEYS:
        forms = plurals.forms(lang.status("ui", key).text)
        assert forms is not None, key
        assert tuple(forms) == plurals.categories(code), (code, key, tuple(forms))
        assert all("{count}" in form for form in forms.values())


@pytest.mark.parametrize("code", PROJECT.languages)
def test_each_number_takes_the_form_of_its_cldr_category(code):
    lang = Lang(PROJECT, code)
    for key in COUNT_KEYS:
        unit = key.removeprefix(plurals.PREFIX)
        forms = plurals.forms(lang.status("ui", key).text) or {}
        for number in [*range(0, 30), 101, 102, 105, 111, 112, 121, 122, 125]:
            wanted = forms[str(Locale.parse(code).plural_form(number))].replace("{count}", str(number))
            assert lang.count(unit, number) == wanted
    # Where CLDR has a category of its own for 2-4 and another for 5 and more (Polish, Czech),
    # the forms differ: 1 płytka, 2 płytki, 5 płytek.
    rule = Locale.parse(code).plural_form
    reached = {str(rule(n)) for n in range(200)}
    if {"one", "few"} <= reached:
        tiles = {plurals.category(code, n): lang.count("tiles", n).split(" ", 1)[1] for n in range(200)}
        assert len(set(tiles.values())) == len(reached), tiles


def test_english_never_says_one_pennants():
    lang = Lang(PROJECT, PROJECT.source_language)
    assert lang.count("pennants", 1) == "1 pennant"
    assert lang.count("tiles", 1) == "1 tile"
    assert lang.count("pennants", 0) == "0 pennants"


def test_a_text_starting_a_sentence_begins_with_a_capital_letter():
    span = Markup('<span class="rs-player rs-player--blue" style="color:&#35;1565c0">blue</span> 21 and red 0')
    assert str(capitalised(span)).startswith('<span class="rs-player rs-player--blue" style="color:&#35;1565c0">Blue</span>')
    assert capitalised(Markup("łąka: 2")) == Markup("Łąka: 2")
    assert capitalised(Markup("21 and red")) == Markup("21 and red")  # a number starts it: nothing to change


def _example_pages() -> list[str]:
    return [p.id for p in PROJECT.pages.values()
            if any(hasattr(b, "example") and b.example.ref in PROJECT.examples
                   for s, _ in walk_sections(p.sections) for b in s.blocks)]


EXAMPLE_PAGES = _example_pages()


@pytest.mark.browser
@pytest.mark.parametrize("code", PROJECT.languages)
def test_worked_examples_count_in_the_grammar_of_the_language_in_chromium(base_url, page, code):  # noqa: F811
    lang = Lang(PROJECT, code)
    checked = 0
    for page_id in EXAMPLE_PAGES:
        page.goto(f"{base_url}/{code}/{page_id}/")
        shown = page.evaluate("""() => [...document.querySelectorAll('.rs-example')].map(e => ({
            id: e.id.replace(/^example-/, ''),
            steps: [...e.querySelectorAll('.admonition li li')].map(li => li.textContent),
            totals: e.querySelector('.rs-example__totals').textContent,
            alt: (e.querySelector('img') || {}).alt || ''}))""")
        for example in shown:
            scored = PROJECT.examples[example["id"]]
            steps = [s for f in scored.result.features for s in f.steps]
            assert len(steps) == len(example["steps"])
            for step, text in zip(steps, example["steps"]):
                # Every count the step holds is written with its noun in the form CLDR gives it here.
                template = lang.status("ui", f"step.{step.code}").text
                for name, unit in plurals.COUNTED.items():
                    value = step.values.get(name)
                    if isinstance(value, int) and "{" + name + plurals.SUFFIX + "}" in template:
                        assert lang.count(unit, value) in text, (example["id"], text)
                        checked += 1
                assert text[0] == text[0].upper(), text  # each line starts a sentence
            assert example["totals"][0] == example["totals"][0].upper(), example["totals"]
            if code == PROJECT.source_language:
                for wrong in ("1 pennants", "1 tiles", "with 0 pennants", "1 completed cities"):
                    assert wrong not in " ".join(example["steps"]) + example["alt"], wrong
    assert checked, "no counted number on any page"


@pytest.mark.browser
@pytest.mark.parametrize("code", PROJECT.target_languages)
def test_printing_names_are_translated_or_marked_as_names_in_chromium(base_url, page, code):  # noqa: F811
    lang = Lang(PROJECT, code)
    for publisher in PROJECT.site.publishers:
        page.goto(f"{base_url}/{code}/publishers/{publisher.id}/")
        text = page.locator("article").inner_text()
        names = page.eval_on_selector_all("article .rs-name", "els => els.map(e => [e.textContent, e.lang])")
        for printing in (p for p in PROJECT.site.printings if p.publisher == publisher.id):
            if printing.name_translated:
                translated = lang.site_text(f"printing.{printing.id}.name")
                assert translated != printing.name and translated in text
            else:
                wanted = printing.language if printing.language != code else ""
                assert [printing.name, wanted] in names, (printing.id, names)
