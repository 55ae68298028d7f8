"""The built site as a reader meets it, in Debian's headless Chromium (see test_browser.py).

Every page of a fresh build is crawled: no failed request, no console error, nothing wider
than a 390 px phone, and no axe-core violation in light or dark mode. Search finds inflected
and unaccented forms in every language; footnotes open in place on a phone; 404 pages work;
the differences table answers every cell; the "as printed in my box" choice applies.
Figures of each crawl are printed (run with ``-s`` to see them) and saved to
test-artifacts/reader-figures.json.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from generator.model import printings
from generator.check import terms
from generator.project import load_checked

from .conftest import ROOT
from .test_browser import ARTIFACTS, base_url, browser  # noqa: F401  (fixtures)
from .test_offline import offline_site, walk_offline_site  # noqa: F401  (a fixture)
from .test_search import Searcher, _path, termbase_forms

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
FIGURES: dict[str, object] = {}


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


@pytest.fixture(scope="module")
def site_pages(base_url):  # noqa: F811
    """Every HTML file of the build, as a path from the site root."""
    from .test_browser import SITE_DIRS

    site = SITE_DIRS[base_url]
    return sorted("/" + p.relative_to(site).as_posix().removesuffix("index.html") for p in site.rglob("*.html"))


def _record(name: str, value: object) -> None:
    FIGURES[name] = value
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "reader-figures.json").write_text(json.dumps(FIGURES, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"{name}: {json.dumps(value, ensure_ascii=False)}")


class Watch:
    """Failed requests and console errors of one browser page, as they happen."""

    def __init__(self, page) -> None:
        self.failed: list[str] = []
        self.errors: list[str] = []
        page.on("response", lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.on("requestfailed", self._request_failed)
        page.on("console", lambda m: self.errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))


    def _request_failed(self, request) -> None:
        # The site's root page sends the visitor on to a language at once; when its script
        # does so before the root document has finished loading, Chromium reports that
        # document as aborted (a race that one CI run lost). A page that navigates on by
        # itself has not failed; a missing file still shows as a 404 response.
        if request.is_navigation_request() and request.failure == "net::ERR_ABORTED":
            return
        self.failed.append(f"failed {request.url} ({request.failure})")


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


# --------------------------------------------------------------------------- crawl


def test_every_page_loads_without_failed_requests_or_errors_and_fits_a_phone(browser, base_url, site_pages):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    watch = Watch(page)
    wide = []
    for path in site_pages:
        _open(page, base_url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append(f"{path} ({width} px)")
    context.close()
    _record("crawl", {"pages": len(site_pages), "failed requests": len(watch.failed),
                      "console errors": len(watch.errors), "pages wider than 390 px": len(wide)})
    assert len(site_pages) > 100
    assert watch.failed == [], watch.failed[:20]
    assert watch.errors == [], watch.errors[:20]
    assert wide == [], wide


AXE = Path(__import__("axe_playwright_python").__file__).parent / "axe.min.js"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_any_page(browser, base_url, site_pages, scheme):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    script = AXE.read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for path in site_pages:
        _open(page, base_url + path)
        expected = "slate" if scheme == "dark" else "default"
        if path.endswith("/404.html") and path.count("/") == 1:
            expected = None  # the root 404 is a plain page without Material's palette
        if expected:
            assert page.locator("body").get_attribute("data-md-color-scheme") == expected
        page.add_script_tag(content=script)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        for violation in result["violations"]:
            for node in violation["nodes"]:
                found.setdefault(violation["id"], []).append(f"{path} {node['target']}")
    context.close()
    _record(f"axe violations ({scheme})", {rule: len(nodes) for rule, nodes in found.items()})
    assert found == {}, {rule: nodes[:5] for rule, nodes in found.items()}


# --------------------------------------------------------------------------- search

# A plural, inflected or unaccented form per language, and the page it must find first.
# Polish and Czech have a light stemmer of rulesite's own (tests/test_search.py); here their words are unaccented.
SEARCHES = {
    "en": ["witches", "mages"],
    "nl": ["heksen", "tovenaars"],
    # "gewahlten": unaccented and inflected (gewählt, -e, -en). "zusatzliche" was here until the
    # base game's pages brought "Zusatzregel", which its stem "zusatz" also finds. The termbase
    # retired "Plättchen" for Karte; test_search.py searches it and every other termbase word.
    "de": ["Hexen", "gewahlten"],
    "cs": ["carodejnice", "magem"],
    "pl": ["czarownice", "przesunac"],
}


def _queries(project, lang: str) -> list[str]:
    """The hand-picked forms above; for a language without any, the termbase's word for
    "witch" written without accents, so a new language is searched too."""
    if lang in SEARCHES:
        return SEARCHES[lang]
    concept = next(c for c in project.concepts if c.id == "witch")
    found = terms.entry(concept, lang)
    assert lang == project.languages[0] or found is not None, f"no word for 'witch' in {lang}: add queries to SEARCHES"
    plain = unicodedata.normalize("NFKD", found.term.preferred if found else concept.english)
    return ["".join(c for c in plain if not unicodedata.combining(c))]


def _search(page, base: str, lang: str, query: str) -> list[str]:
    _open(page, f"{base}/{lang}/")
    field = page.locator("input.md-search__input")
    field.click()
    field.press_sequentially(query, delay=30)
    first = page.locator(".md-search-result__item > a").first
    first.wait_for(state="visible", timeout=20000)
    page.wait_for_timeout(500)  # the last keystroke's results
    return page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")


def test_search_finds_inflected_and_unaccented_forms_in_every_language(browser, base_url, project):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = Watch(page)
    tried: dict[str, list[str]] = {}
    failures = []
    for lang in project.languages:
        for query in _queries(project, lang):
            hrefs = _search(page, base_url, lang, query)
            path = hrefs[0].removeprefix(base_url) if hrefs else "(nothing)"
            tried.setdefault(lang, []).append(f"{query} -> {path}")
            if not path.startswith(f"/{lang}/mage-and-witch-"):
                failures.append(f"{lang} {query!r}: first result {path}")
            if not all(h.startswith(f"{base_url}/{lang}/") for h in hrefs):
                failures.append(f"{lang} {query!r}: results from other languages")
    context.close()
    _record("search", tried)
    assert set(tried) == set(project.languages)
    assert failures == [], failures
    assert watch.errors == [] and watch.failed == []


# --------------------------------------------------------------------------- footnotes on a phone


def test_footnote_opens_in_place_on_a_phone(browser, base_url):  # noqa: F811
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    _open(page, f"{base_url}/nl/mage-and-witch-c1/")
    mark = page.locator("a.footnote-ref").first
    box = mark.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    mark.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    mark.tap()
    popup = page.locator(".rs-footnote-popup").first
    popup.wait_for(state="visible", timeout=5000)
    target = mark.get_attribute("href").lstrip("#")
    note = page.evaluate("id => document.getElementById(id).innerText", target)
    assert popup.inner_text().split("\n")[0][:30] in note
    assert "#" not in page.url and abs(page.evaluate("window.scrollY") - before) < 200  # no jump to the end
    assert mark.get_attribute("aria-expanded") == "true"
    close = popup.locator("button")
    assert close.bounding_box()["width"] >= 24
    # Keyboard: Escape closes and gives focus back to the mark; Enter opens again.
    page.keyboard.press("Escape")
    assert page.locator(".rs-footnote-popup").count() == 0
    page.wait_for_function("() => document.activeElement.classList.contains('footnote-ref')", timeout=5000)
    page.keyboard.press("Enter")
    assert page.locator(".rs-footnote-popup").first.is_visible()
    context.close()


def test_edition_chooser_marks_the_current_edition(browser, base_url):  # noqa: F811
    page = browser.new_page()
    _open(page, f"{base_url}/en/mage-and-witch-c1/")
    current = page.locator(".rs-chooser [aria-current=page]")
    assert current.count() == 1 and current.inner_text() == "C1"
    page.close()


# --------------------------------------------------------------------------- 404 pages


def test_language_404_pages_are_styled_and_link_home(browser, base_url, project):  # noqa: F811
    page = browser.new_page()
    watch = Watch(page)
    for lang in project.languages:
        _open(page, f"{base_url}/{lang}/404.html")
        # Material's stylesheet applied: the header is a fixed bar, the logo small.
        assert page.locator(".md-header").evaluate("e => getComputedStyle(e).position") in ("sticky", "fixed")
        assert page.locator(".md-header__button.md-logo img, .md-header__button.md-logo svg").first.bounding_box()["height"] < 60
        home = page.locator(".md-content a").last
        assert home.evaluate("a => a.href") == f"{base_url}/{lang}/"
    assert watch.failed == [] and watch.errors == []
    page.close()


def test_root_404_says_not_found_in_the_visitors_language(browser, base_url, project):  # noqa: F811
    from generator.render.language import Lang

    for lang in project.languages:
        context = browser.new_context(locale=lang)
        page = context.new_page()
        _open(page, f"{base_url}/404.html")
        title = Lang(project, lang).ui_text("notfound.title")
        assert page.locator("h1:visible").inner_text() == title
        context.close()


def test_the_site_root_sends_each_visitor_to_their_language(browser, base_url, project):  # noqa: F811
    """The crawl lets the root document's aborted request pass; here the root must arrive."""
    for lang in [*project.languages, "xx"]:  # xx: no such language, so the default one
        context = browser.new_context(locale=lang)
        page = context.new_page()
        watch = Watch(page)
        page.goto(f"{base_url}/")
        expected = lang if lang in project.languages else project.languages[0]
        page.wait_for_url(f"{base_url}/{expected}/")
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == expected
        assert watch.failed == [] and watch.errors == [], (watch.failed, watch.errors)
        context.close()


# --------------------------------------------------------------------------- marks and tables


def test_outdated_mark_is_drawn(browser, base_url):  # noqa: F811
    page = browser.new_page()
    _open(page, f"{base_url}/en/mage-and-witch-c1/")
    style = page.evaluate("""() => {
        const mark = document.createElement("span");
        mark.className = "rs-outdated";
        mark.textContent = "text";
        document.querySelector(".md-content p").appendChild(mark);
        const s = getComputedStyle(mark);
        return [s.textDecorationLine, s.textDecorationStyle];
    }""")
    assert style == ["underline", "wavy"]
    page.close()


def test_differences_table_answers_every_cell_on_a_phone(browser, base_url):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    _open(page, f"{base_url}/en/mage-and-witch-c1/")
    # One card per text (tests/test_reader_layout.py measures them): nothing to scroll sideways.
    wrap = page.locator(".rs-differences .md-typeset__scrollwrap")
    sizes = wrap.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert sizes[0] <= sizes[1] + 1
    cells = page.locator(".rs-differences tbody td:nth-child(n+3)")
    texts = cells.all_inner_texts()
    assert texts and all(t.strip() for t in texts)  # no blank cell
    context.close()


def test_as_printed_in_my_box_applies_on_every_page_and_language(browser, base_url, project):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _open(page, f"{base_url}/en/mage-and-witch-c1/")
    chooser = page.locator("[data-rs-box] select")
    assert chooser.is_visible()
    # The printings the page knows something about, and "any printing" first.
    values = [option.get_attribute("value") for option in chooser.locator("option").all()]
    assert values == ["", *printings.columns(project.pages["mage-and-witch-c1"])]
    chooser.select_option("rgg-mini-5")
    lacking = page.locator(".rs-diff.rs-box--lacks").count()
    only = page.locator(".rs-diff.rs-box--only").count()
    assert lacking >= 1 and only >= 1
    assert page.locator(".rs-differences .rs-box-column").count() >= 2  # header and cells
    assert page.locator(".footnote .rs-box-badge").count() >= 1
    # Remembered: the Dutch page opens with the same box chosen.
    _open(page, f"{base_url}/nl/mage-and-witch-c1/")
    assert page.locator("[data-rs-box] select").input_value() == "rgg-mini-5"
    assert page.locator(".rs-diff.rs-box--lacks").count() == lacking
    assert page.locator(".rs-diff.rs-box--only").count() == only
    context.close()
    # Without JavaScript the page reads as before: no chooser, no marks.
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/en/mage-and-witch-c1/")
    assert not page.locator("[data-rs-box]").is_visible()
    context.close()


def test_interface_words_are_in_the_page_language(browser, base_url, project):  # noqa: F811
    from generator.render.language import Lang

    page = browser.new_page()
    for lang in project.target_languages:
        words = Lang(project, lang)
        _open(page, f"{base_url}/{lang}/mage-and-witch-c1/")
        toggles = page.locator("form[data-md-component=palette] label").evaluate_all(
            "labels => labels.map(l => l.getAttribute('title'))")
        assert set(toggles) <= {words.ui_text("palette.dark"), words.ui_text("palette.light")}, toggles
        assert page.locator("a.headerlink").first.get_attribute("title") == words.ui_text("toc.permalink")
        assert words.ui_text("footer.made-with") in page.locator(".md-copyright").inner_text()
        backlink = page.locator("a.footnote-backref").first.get_attribute("title")
        assert backlink.startswith(words.ui_text("footnote.backlink", number="").split(" ")[0])
    page.close()


# --------------------------------------------------------------------------- the termbase's words


def test_every_termbase_form_finds_the_page_its_preferred_term_finds(browser, base_url, project):  # noqa: F811
    """Searched in its own language, each form, printing term and word to avoid leads to the
    page its concept's preferred term leads to first, and to no page of another language."""
    failures, figures = [], {}
    for lang in project.languages:
        pairs = termbase_forms(project, lang)
        searcher = Searcher(browser, f"{base_url}/{lang}/")
        first: dict[str, str | None] = {}
        for form, preferred in pairs:
            for query in (preferred, form):
                if query not in first:
                    pages = [_path(item["page"], base_url) for item in searcher.search(query)]
                    if any(not p.startswith(f"/{lang}/") for p in pages):
                        failures.append(f"{lang} {query!r}: results in another language: {pages}")
                    first[query] = pages[0] if pages else None
            if first[form] != first[preferred]:
                failures.append(f"{lang} {form!r} -> {first[form]}, but {preferred!r} -> {first[preferred]}")
        searcher.close()
        figures[lang] = {"forms": len(pairs), "preferred terms finding nothing":
                         sorted({p for _, p in pairs if first[p] is None})}
    _record("termbase forms", figures)
    assert sum(f["forms"] for f in figures.values()) > 0
    assert failures == [], failures


# --------------------------------------------------------------------------- offline, from disk


def test_an_offline_build_works_opened_from_disk(browser, offline_site):  # noqa: F811
    """``rulesite build --offline`` opened at file://: every link a file, language switch, search."""
    _record("offline", walk_offline_site(browser, offline_site))
