"""Search as a reader uses it, in Debian's headless Chromium (the fixtures of test_browser.py
and test_reader.py): previews that begin with the page's text, not its controls; the section
that answers a query shown, not folded away; Polish and Czech inflections; every word of
the termbase finding what its preferred term finds; players' and contributors' pages apart,
in the navigation and in search; no translators' line on a rules page. Figures are saved
to test-artifacts/search-figures.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.core.vocabulary import CONTRIBUTING_PAGE, MOVING_A_WIKI_PAGE, SCENARIO_FORMAT_PAGE
from generator.check import terms
from generator.render.language import Lang
from generator.site.search import LIGHT_STEMMERS

from .conftest import ROOT
from .test_browser import ARTIFACTS, SITE_DIRS, base_url, browser  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def project():
    from generator.project import load_checked

    return load_checked(ROOT)


FIGURES: dict[str, object] = {}
# The contributors' hand-written pages the issue names; their addresses in the site.
CONTRIBUTORS = [page.removesuffix(".md") + "/" for page in (CONTRIBUTING_PAGE, SCENARIO_FORMAT_PAGE, MOVING_A_WIKI_PAGE)]


def _record(name: str, value: object) -> None:
    FIGURES[name] = value
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "search-figures.json").write_text(json.dumps(FIGURES, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"{name}: {json.dumps(value, ensure_ascii=False)}")


# Counts the answers of the search worker, so that a search waits for its own answer.
COUNT_ANSWERS = """(() => {
  const Native = window.Worker;
  window.__rsAnswers = 0;
  window.Worker = function (url, options) {
    const worker = new Native(url, options);
    worker.addEventListener("message", event => { if (event.data && event.data.type === 3) window.__rsAnswers++; });
    return worker;
  };
  window.Worker.prototype = Native.prototype;
})();"""

# Each page of the results: its address, and its sections shown and folded away
# ("N more on this page"), each with whether Material says a query word is missing from it.
RESULTS = """() => [...document.querySelectorAll(".md-search-result__item")].map(li => {
  const entry = a => ({href: a.href, missing: !!a.querySelector(".md-search-result__terms"), text: a.innerText,
                       teaser: a.innerText.trim() !== a.querySelector("h1, h2").innerText.trim()});
  const links = [...li.querySelectorAll(":scope > a")].map(entry);
  return {page: links[0].href, first: links[0], shown: links.slice(1),
          folded: [...li.querySelectorAll("details > a")].map(entry)};
})"""


class Searcher:
    """The search field of one page, typed into as a reader does."""

    def __init__(self, browser, url: str, width: int = 1280) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.context.add_init_script(COUNT_ANSWERS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.page.wait_for_load_state("networkidle")
        self.field = self.page.locator("input.md-search__input")
        self.field.click()
        self.last: tuple[str, list[dict]] | None = None

    def search(self, query: str) -> list[dict]:
        if self.last and self.last[0] == query:  # Material asks nothing for an unchanged query
            return self.last[1]
        before = self.page.evaluate("window.__rsAnswers")
        self.field.fill(query)
        self.field.press("End")  # Material reads the field on keyup
        self.page.wait_for_function("n => window.__rsAnswers > n", arg=before, timeout=20000)
        self.page.wait_for_timeout(50)
        found = self.page.evaluate(RESULTS)
        self.last = (query, found)
        return found

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], self.errors


def _path(href: str, base: str) -> str:
    return href.removeprefix(base).split("?")[0]


# Where the termbase gives a language no term for a concept (no source names it: "not known"),
# the search tests use the first of these that it does give, in that language and in English.
FALLBACK = ("knight", "city", "cloister", "road")


def _term(project, concept_id: str, lang: str) -> str:
    concept = next(c for c in project.concepts if c.id == concept_id)
    if lang == project.source_language:
        return concept.english
    entry = terms.entry(concept, lang)
    if entry is None:
        return next(_term(project, other, lang) for other in FALLBACK
                    if terms.entry(next(c for c in project.concepts if c.id == other), lang) is not None)
    return entry.term.preferred


# --------------------------------------------------------------------------- controls out of the index


def test_search_previews_begin_with_the_text_not_the_controls(browser, base_url, project):  # noqa: F811
    """No entry of any language's index holds the words of the box chooser or of the differences
    legend, and the previews a reader sees for a page start with the page's own text."""
    site = SITE_DIRS[base_url]
    found = {}
    for lang in project.languages:
        words = Lang(project, lang)
        controls = [words.ui_text("box.label"), words.ui_text("box.none"), words.ui_text("differences.unknown")]
        docs = json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
        found[lang] = [doc["location"] for doc in docs if any(c in doc["text"] for c in controls)]
        searcher = Searcher(browser, f"{base_url}/{lang}/")
        previews = [item["first"]["text"] for item in searcher.search(_term(project, "witch", lang))]
        searcher.close()
        assert previews, lang
        found[lang] += [text[:80] for text in previews if any(c in text for c in controls)]
    _record("entries or previews with control words", {lang: len(v) for lang, v in found.items()})
    assert all(not v for v in found.values()), found


def test_a_section_with_every_query_word_is_shown_not_folded_away(browser, base_url, project):  # noqa: F811
    """For "witch inn", a page whose section holds both words shows that section; the page's
    title, which holds one of them, does not fold it away behind "N more on this page"."""
    lang = project.source_language
    query = f"{_term(project, 'witch', lang)} {_term(project, 'inn', lang)}"
    searcher = Searcher(browser, f"{base_url}/{lang}/")
    results = searcher.search(query)
    searcher.close()
    hidden = []
    for item in results:
        answers_folded = [s for s in item["folded"] if not s["missing"]]
        answers_shown = [s for s in item["shown"] if not s["missing"] and "#" in s["href"]]
        page_answers = item["first"]["teaser"] and not item["first"]["missing"]  # the page itself has every word
        if answers_folded and not answers_shown and not page_answers:
            hidden.append(_path(item["page"], base_url))
    answering = [_path(s["href"], base_url) for item in results for s in item["shown"] if not s["missing"]]
    _record("witch inn", {"pages": len(results), "answering sections shown": answering,
                          "pages hiding their answer": sorted(set(hidden))})
    assert answering
    assert hidden == [], hidden


# --------------------------------------------------------------------------- Polish and Czech

# The examples: a case form, and the term as the termbase gives it.
INFLECTED = {"pl": ("czarownica", "czarownicy"), "cs": ("čarodějnice", "čarodějnici")}


def test_polish_and_czech_case_forms_find_what_the_term_finds(browser, base_url, project):  # noqa: F811
    figures = {}
    for lang in sorted(LIGHT_STEMMERS & set(project.languages)):
        term, inflected = INFLECTED[lang]
        concept = next(c for c in project.concepts if c.id == "witch")
        # The termbase gives this word, or no word at all where no source names one.
        assert terms.entry(concept, lang) is None or term == _term(project, "witch", lang)
        searcher = Searcher(browser, f"{base_url}/{lang}/")
        pages = {query: [_path(item["page"], base_url) for item in searcher.search(query)] for query in (term, inflected)}
        searcher.close()
        figures[lang] = {query: len(found) for query, found in pages.items()}
        assert pages[term], lang
        assert set(pages[inflected]) == set(pages[term]), (lang, pages)
    _record("case forms", figures)


CZECH = {  # word -> stem, worked out by hand from Dolamic and Savoy's light stemmer
    "čarodějnice": "čarodějnik", "čarodějnici": "čarodějnik", "čarodějnicemi": "čarodějnik",
    "hradech": "hrad", "mágem": "mág", "katedrála": "katedrál", "katedrálách": "katedrál",
    "rytíř": "rytíř", "otcův": "otcov", "matčin": "matk", "pomoci": "pomok", "most": "most",
    "knížka": "knížk", "knížek": "knížk", "deště": "desk", "zvířatech": "zvíř", "dítě": "dít",
}


def test_czech_light_stemmer(browser):  # noqa: F811
    page = browser.new_page()
    script = (ROOT / "theme/assets/javascripts/workers/rulesite-czech.js").read_text(encoding="utf-8")
    page.add_script_tag(content=script)
    stems = page.evaluate("words => words.map(w => self.rulesiteStemmers.cs(w))", list(CZECH))
    page.close()
    assert dict(zip(CZECH, stems)) == CZECH


# --------------------------------------------------------------------------- the termbase


def termbase_forms(project, lang: str) -> list[tuple[str, str]]:
    """(form, preferred term) for every other word the termbase lists in ``lang``: the
    English forms, or a language's forms, each printing's term and the words to avoid."""
    pairs = []
    for concept in project.concepts:
        if lang == project.source_language:
            preferred, others = concept.english, concept.english_forms
        else:
            found = terms.entry(concept, lang)
            if found is None:
                continue
            preferred = found.term.preferred
            others = [*found.term.forms, *(p.term for p in found.term.printings), *found.term.avoid]
        pairs += [(form, preferred) for form in dict.fromkeys(others) if form.casefold() != preferred.casefold()]
    return pairs


# --------------------------------------------------------------------------- two audiences


def test_players_search_and_navigation_leave_out_the_contributors_pages(browser, base_url, project):  # noqa: F811
    """On a players' page, "pennant" (in each language's word) finds no contributors' page,
    and the sidebar lists none; they are a tab of their own, whose pages search each other."""
    figures = {}
    for lang in project.languages:
        query = _term(project, "pennant", lang)
        players = Searcher(browser, f"{base_url}/{lang}/")
        found = [_path(item["page"], base_url) for item in players.search(query)]
        sidebar = players.page.locator(".md-sidebar--primary a:visible").evaluate_all("links => links.map(a => a.href)")
        tabs = players.page.locator(".md-tabs a").evaluate_all("links => links.map(a => a.href)")
        players.close()
        # The contributors' pages a language lacks are shown in English, so they are searched in English.
        contributors = Searcher(browser, f"{base_url}/{lang}/{CONTRIBUTORS[0]}")
        theirs = [_path(item["page"], base_url) for item in contributors.search(_term(project, "pennant", project.source_language))]
        placeholder = contributors.field.get_attribute("placeholder")
        contributors.close()
        mine = [f"/{lang}/{page}" for page in CONTRIBUTORS]
        figures[lang] = {"players' results": len(found), "contributors' pages among them": len(set(found) & set(mine)),
                         "contributors' results": len(theirs)}
        assert found and not set(found) & set(mine), (lang, found)
        assert not {_path(h, base_url) for h in sidebar} & set(mine), (lang, sidebar)
        assert f"/{lang}/{CONTRIBUTORS[0]}" in {_path(h, base_url) for h in tabs}, (lang, tabs)
        assert theirs and set(theirs) <= set(mine), (lang, theirs)
        assert placeholder == Lang(project, lang).ui_text("search.contributors")
    _record("audiences", figures)


def test_rules_pages_have_no_translators_line_and_the_comparison_page_does(base_url, project):  # noqa: F811
    """Read from the built site: no rules page of any language has the translation line; the
    page's comparison view has it, with every translated language."""
    site = SITE_DIRS[base_url]
    for lang in project.languages:
        words = Lang(project, lang).ui("status.translations")
        for page_id in project.pages:
            assert 'class="rs-status"' not in (site / lang / page_id / "index.html").read_text(encoding="utf-8"), (lang, page_id)
            view = (site / lang / "translate" / page_id / "index.html").read_text(encoding="utf-8")
            line = view[view.index('<p class="rs-status">'):]
            line = line[:line.index("</p>")]
            assert words in line, (lang, page_id, line)
            for code in project.target_languages:
                assert f" {code} " in line, (lang, page_id, code, line)
