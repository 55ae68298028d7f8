"""The built site in real headless Chromium (Debian's chromium package, driven by Playwright).

Open the Dutch Mage and Witch page, switch to Czech and land on the same page, hover a
footnote and read its tooltip, search in Dutch and get Dutch pages. Screenshots of the
English and Dutch pages are saved to test-artifacts/ (not committed).
"""

from __future__ import annotations

import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.build import build
from generator.project import load_checked

from .conftest import ROOT

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
# The flags Chromium needs as root on a machine without a network or a display.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


SITE_DIRS: dict[str, Path] = {}  # base URL -> the built site it serves


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    site = build(ROOT, site_dir=tmp_path_factory.mktemp("browser") / "site", wait=True).site
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    SITE_DIRS[url] = site
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed; `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)

    def response(answer) -> None:
        if answer.status >= 400:
            errors.append(f"{answer.status} {answer.url}")

    page.on("response", response)
    yield page
    context.close()
    assert errors == [], errors  # no script error and no failed request on any page


def test_dutch_page_in_dutch_with_screenshots(page, base_url):
    ARTIFACTS.mkdir(exist_ok=True)
    for lang in ("en", "nl"):
        page.goto(f"{base_url}/{lang}/mage-and-witch-c1/")
        assert page.locator("html").get_attribute("lang") == lang
        page.screenshot(path=str(ARTIFACTS / f"mage-and-witch-c1.{lang}.png"), full_page=True)
    assert page.title().startswith("Tovenaar en Heks")
    assert page.locator("h1").inner_text().startswith("Tovenaar en Heks")
    assert (ARTIFACTS / "mage-and-witch-c1.nl.png").stat().st_size > 10_000


def test_language_switcher_keeps_the_page(page, base_url):
    page.goto(f"{base_url}/nl/mage-and-witch-c1/")
    page.locator(".md-header__option .md-select button").hover()
    czech = page.locator('a.md-select__link[hreflang="cs"]')
    assert czech.is_visible()
    czech.click()
    page.wait_for_url(f"{base_url}/cs/mage-and-witch-c1/")
    assert page.locator("html").get_attribute("lang") == "cs"
    assert page.locator("h1").inner_text().startswith("Mág a čarodějnice")


def test_footnote_tooltip_on_hover(page, base_url):
    page.goto(f"{base_url}/nl/mage-and-witch-c1/")
    reference = page.locator('a.footnote-ref[href="#fn:three-cases"]').first
    reference.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(state="visible", timeout=5000)
    text = tooltip.inner_text()
    # The Dutch ruling with its dates, not the English one.
    assert "3/2020" in text and "5/2014" in text
    footnote = page.locator("#fn\\:three-cases").inner_text()
    assert text.split("(")[0].strip()[:40] in footnote


def test_dutch_search_finds_dutch_pages_first(page, base_url):
    page.goto(f"{base_url}/nl/")
    page.wait_for_load_state("networkidle")  # the search index is loaded by a worker
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially("graancirkel", delay=30)
    first = page.locator(".md-search-result__item > a").first
    first.wait_for(state="visible", timeout=10000)
    assert first.get_attribute("href").startswith(f"{base_url}/nl/crop-circles-c1/")
    assert "Graancirkels" in first.inner_text()
    hrefs = page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")
    assert hrefs and all(href.startswith(f"{base_url}/nl/") for href in hrefs)


def test_translation_dashboard_sorts_by_a_column(page, base_url):
    page.goto(f"{base_url}/en/translate/")
    page.wait_for_load_state("networkidle")
    rows = page.locator("table.rs-dashboard tbody tr")
    project = load_checked(ROOT)
    # One row per translated language and document (every page, plus site and interface texts),
    # and one per hand-written English page, tracked against its translation.
    from generator.i18n.status import page_statuses

    hand_written = sum(len(page_statuses(project, code)) for code in project.target_languages)
    assert rows.count() == len(project.target_languages) * len(project.documents) + hand_written
    header = page.locator("table.rs-dashboard th", has_text="Texts")
    header.click()
    assert header.get_attribute("aria-sort") in ("ascending", "descending")
    totals = [int(t) for t in page.locator("table.rs-dashboard tbody tr td:nth-child(7)").all_inner_texts()]
    assert totals in (sorted(totals), sorted(totals, reverse=True)) and len(set(totals)) > 1


def test_comparison_view_adds_language_columns(page, base_url):
    page.goto(f"{base_url}/nl/translate/mage-and-witch-c1/")
    german = page.locator("td.rs-col--de").first
    assert not german.is_visible()
    page.locator('input[data-rs-column="de"]').check()
    assert german.is_visible()
    assert page.locator("td.rs-col--nl").first.is_visible()


def test_glossary_is_linked_from_the_dashboard_and_sorts(page, base_url):
    page.goto(f"{base_url}/cs/translate/")
    page.wait_for_load_state("networkidle")
    page.locator("a[href$='glossary/']").first.click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/cs/glossary/")
    rows = page.locator("table.rs-glossary tbody tr")
    assert rows.count() > 10
    assert page.locator("table.rs-glossary td", has_text="družiník").count() >= 1
    ids = page.locator("table.rs-glossary tbody tr td:nth-child(1)").all_inner_texts()
    assert ids != sorted(ids)  # the data's order, so a sorted column shows the click worked
    header = page.locator("table.rs-glossary th").first  # the concept ids
    header.click()
    assert header.get_attribute("aria-sort") in ("ascending", "descending")
    after = page.locator("table.rs-glossary tbody tr td:nth-child(1)").all_inner_texts()
    assert after in (sorted(ids), sorted(ids, reverse=True))


def test_comparison_view_highlights_glossary_terms(page, base_url):
    page.goto(f"{base_url}/nl/translate/mage-and-witch-c1/")
    row = page.locator("tr#u-scoring-mage")
    marks = row.locator("mark.rs-term")
    assert marks.count() >= 2
    assert "tovenaar" in [m.lower() for m in row.locator("td.rs-col--nl mark.rs-term").all_inner_texts()]
    assert row.locator("td.rs-col--nl mark.rs-term").first.get_attribute("title") == "mage"
