"""Layout a reader and a translator meet, measured in Debian's headless Chromium.

The differences table fits a desktop column and reads as one card per text on a phone, its
"not known" cells say so in words; a footnote clicked on a desktop opens once, in place,
not as a tooltip too; a printed page carries the rules without the controls; the
translators' comparison view fits a phone and filters to outdated texts; the glossary
keeps its ids whole and its remarks in the page's language. Widths are saved to
test-artifacts/layout-figures.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.check import terms
from generator.i18n.status import summarize
from generator.project import load_checked
from generator.render.language import Lang

from .conftest import ROOT
from .test_browser import ARTIFACTS, base_url, browser  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
FIGURES: dict[str, object] = {}
AXE = Path(__import__("axe_playwright_python").__file__).parent / "axe.min.js"


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def _record(name: str, value: object) -> None:
    FIGURES[name] = value
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "layout-figures.json").write_text(json.dumps(FIGURES, indent=2, ensure_ascii=False), encoding="utf-8")


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


def _table_pages(project) -> list[str]:
    """Rules pages with a differences table: those with a footnote of kind printing."""
    return [pid for pid, p in project.pages.items() if any(f.kind == "printing" for f in p.footnotes)]


# --------------------------------------------------------------------------- differences table

_TABLE = """() => {
  const wrap = document.querySelector('.rs-differences .md-typeset__scrollwrap') || document.querySelector('.rs-differences');
  const right = document.documentElement.clientWidth;
  const cells = [...document.querySelectorAll('.rs-differences th, .rs-differences td')]
    .filter(c => getComputedStyle(c).display !== 'none' && c.getBoundingClientRect().width > 0)
    // A header row moved out of sight for screen readers (the phone's cards) is not read on screen.
    .filter(c => !(c.closest('thead') && getComputedStyle(c.closest('thead')).position === 'absolute'));
  const out = cells.filter(c => { const r = c.getBoundingClientRect(); return r.left < -1 || r.right > Math.min(right, wrap.getBoundingClientRect().right) + 1; });
  return {scroll: wrap.scrollWidth, client: wrap.clientWidth, out: out.map(c => c.innerText.trim().slice(0, 20))};
}"""


_LABELS = """() => [...document.querySelectorAll('.rs-differences td [data-rs-printing]')]
    .map(m => getComputedStyle(m, '::before').content)"""


def _tables(browser, base_url, project, viewport) -> tuple[dict, dict]:  # noqa: F811
    """Each differences table of every language at this width, and the label shown in each
    printing cell (the CSS ``::before`` of the card layout, "none" without it)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    found, labels = {}, {}
    for lang in project.languages:
        for pid in _table_pages(project):
            _open(page, f"{base_url}/{lang}/{pid}/")
            found[f"{lang}/{pid}"] = page.evaluate(_TABLE)
            labels[f"{lang}/{pid}"] = page.evaluate(_LABELS)
    context.close()
    _record(f"differences at {viewport['width']} px", {k: [v["scroll"], v["client"]] for k, v in found.items()})
    assert found
    return found, labels


def test_differences_table_fits_a_desktop_column(browser, base_url, project):  # noqa: F811
    found, _ = _tables(browser, base_url, project, DESKTOP)
    cut = {k: v for k, v in found.items() if v["scroll"] > v["client"] + 1 or v["out"]}
    assert cut == {}, cut


def test_differences_table_reads_as_cards_on_a_phone(browser, base_url, project):  # noqa: F811
    found, labels = _tables(browser, base_url, project, PHONE)
    hidden = {k: v for k, v in found.items() if v["scroll"] > v["client"] + 1 or v["out"]}
    assert hidden == {}, hidden
    # Every printing cell names its printing where it stands, the header being out of sight.
    unnamed = {k: v for k, v in labels.items() if not v or any(x in ("none", "normal", '""') for x in v)}
    assert unnamed == {}, unnamed


def test_not_known_cells_say_so_in_the_page_language(browser, base_url, project):  # noqa: F811
    page = browser.new_page(viewport=DESKTOP)
    counts = {}
    for lang in project.languages:
        words = Lang(project, lang).ui_text("differences.unknown-short")
        for pid in _table_pages(project):
            _open(page, f"{base_url}/{lang}/{pid}/")
            texts = page.locator(".rs-differences .rs-presence--unknown").all_inner_texts()
            counts[f"{lang}/{pid}"] = len(texts)
            assert all(t.strip() == words for t in texts), (lang, pid, texts[:3])
            assert words in page.locator(".rs-differences__legend").inner_text()
            # Nothing in the table is a bare question mark.
            assert "?" not in page.locator(".rs-differences table").inner_text()
    page.close()
    _record("not-known cells", counts)
    assert sum(counts.values()) > 0


# --------------------------------------------------------------------------- footnotes on a desktop


def test_footnote_clicked_on_a_desktop_opens_once_in_place(browser, base_url):  # noqa: F811
    page = browser.new_page(viewport=DESKTOP)
    _open(page, f"{base_url}/nl/mage-and-witch-c1/")
    mark = page.locator("a.footnote-ref").first
    mark.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(state="visible", timeout=5000)  # hovering alone shows Material's tooltip
    mark.click()
    popup = page.locator(".rs-footnote-popup")
    popup.first.wait_for(state="visible", timeout=5000)
    # The note is open in place; the tooltip with the same note goes away while it is.
    page.locator(".md-tooltip2--active:visible").wait_for(state="detached", timeout=5000)
    assert popup.count() == 1
    page.mouse.move(5, 5)
    page.locator(".rs-footnote-popup__close").click()
    assert popup.count() == 0
    page.close()


# --------------------------------------------------------------------------- print

CONTROLS = ["[data-rs-box]", ".rs-box select", ".rs-chooser", ".md-header", ".md-sidebar", ".md-search",
            ".md-footer", ".md-top", ".md-path", ".md-tabs", ".headerlink", ".md-content__button",
            ".rs-columns", "[data-rs-outdated-only]"]


def test_a_printed_page_has_the_rules_and_no_controls(browser, base_url, project):  # noqa: F811
    page = browser.new_page(viewport=DESKTOP)
    printed = {}
    for path in ["/en/mage-and-witch-c1/", "/nl/mage-and-witch-c1/", "/en/translate/mage-and-witch-c1/"]:
        _open(page, base_url + path)
        on_screen = {s: page.locator(s).first.is_visible() for s in CONTROLS if page.locator(s).count()}
        page.emulate_media(media="print")
        shown = [s for s in CONTROLS if page.locator(s).count() and page.locator(s).first.is_visible()]
        printed[path] = {"controls on screen": sum(on_screen.values()), "controls printed": shown}
        assert shown == [], (path, shown)
        assert page.locator("h1").first.is_visible()
        if "translate" not in path:
            assert page.locator(".md-typeset h2 ~ p").first.is_visible()  # the rules text
            assert page.locator(".rs-differences table").is_visible()
            assert page.locator(".footnote").is_visible()
        page.emulate_media(media="screen")
    page.close()
    _record("print", printed)


# --------------------------------------------------------------------------- comparison view


def test_comparison_view_fits_a_phone(browser, base_url, project):  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    widths = {}
    doc = next(iter(project.pages))
    for lang in project.target_languages:
        _open(page, f"{base_url}/{lang}/translate/{doc}/")
        box = page.evaluate("""lang => {
          const cells = [...document.querySelectorAll('table.rs-compare tbody td.rs-col--' + lang)];
          const ids = [...document.querySelectorAll('table.rs-compare tbody td:first-child')];
          const wide = Math.max(...cells.map(c => c.getBoundingClientRect().right));
          const id = Math.max(...ids.map(c => c.getBoundingClientRect().width));
          const en = Math.max(...[...document.querySelectorAll('table.rs-compare tbody td[lang=en]')].map(c => c.getBoundingClientRect().right));
          const sc = document.querySelector('.rs-scroll');
          return {right: wide, en: en, id: id, idHeight: Math.max(...ids.map(c => c.getBoundingClientRect().height)),
                  scroll: sc.scrollWidth, client: sc.clientWidth, cells: cells.length};
        }""", lang)
        widths[lang] = box
        assert box["cells"] > 0
        assert box["right"] <= PHONE["width"] and box["en"] <= PHONE["width"], (lang, box)
        assert box["scroll"] <= box["client"] + 1, (lang, box)
    page.screenshot(path=str(ARTIFACTS / "compare-phone.after.png"), full_page=False)
    context.close()
    _record("comparison view at 390 px", widths)


@pytest.fixture(scope="module")
def outdated_site(tmp_path_factory):
    """The minimal project, built, with one Dutch text outdated and one current: the real
    data may have no outdated text on the day the suite runs."""
    import functools
    import shutil
    import threading
    from http.server import ThreadingHTTPServer

    from generator.build import build
    from generator.model.units import fingerprint

    from .conftest import FIXTURES
    from .test_browser import _Quiet

    root = tmp_path_factory.mktemp("outdated") / "project"
    shutil.copytree(FIXTURES / "minimal", root)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", root / "rules_data" / "ui.yaml")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", root / "theme")
    for lang in ("en", "nl"):
        shutil.copytree(ROOT / "content" / lang, root / "content" / lang)
    current = "Alleen in één uitgave.{fn:only-one}"
    with open(root / "rules_data" / "translations" / "nl" / "alpha.yaml", "a", encoding="utf-8") as file:
        file.write(f'  rules.one:\n    text: "De {{figure:mage|tovenaar}} helpt {{player:red|Rood}}.{{fn:ruling}}"\n'
                   f'    source: "{fingerprint("The mage once helped Red.")}"\n    source_text: "The mage once helped Red."\n'
                   f'  rules.two:\n    text: "{current}"\n    source: "{fingerprint("Only in one printing.")}"\n'
                   f'    source_text: "Only in one printing."\n')
    site = build(root, site_dir=root.parent / "site", wait=True).site
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_comparison_view_filters_to_outdated_texts(browser, outdated_site):  # noqa: F811
    root, url = outdated_site
    small = load_checked(root)
    lang, doc = "nl", "alpha"
    outdated = summarize(small, lang, doc).outdated
    assert outdated >= 1
    page = browser.new_page(viewport=DESKTOP)
    _open(page, f"{url}/{lang}/translate/{doc}/")
    rows = page.locator("table.rs-compare tbody tr")
    total = rows.count()
    box = page.locator("input[data-rs-outdated-only]")
    assert box.is_visible() and not box.is_checked()
    box.focus()
    page.keyboard.press("Space")  # keyboard, as a translator without a mouse would
    assert box.is_checked()
    visible = page.locator("table.rs-compare tbody tr:visible")
    assert visible.count() == outdated < total
    assert visible.locator("td.rs-state--outdated:visible").count() == outdated
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    # The content the filter changes (the site's header and tabs are the crawl's in test_reader.py).
    result = page.evaluate("axe.run(document.querySelector('.md-content'), {resultTypes: ['violations']})")
    assert result["violations"] == [], [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in result["violations"]]
    page.keyboard.press("Space")
    assert page.locator("table.rs-compare tbody tr:visible").count() == total
    page.close()
    _record("outdated filter", {"language": lang, "page": doc, "rows": total, "outdated": outdated})


# --------------------------------------------------------------------------- glossary

_BROKEN = """() => [...document.querySelectorAll('table.rs-glossary tbody td:first-child code')].filter(code => {
  // A word of an id (between hyphens) must sit on one line.
  const text = code.firstChild; if (!text) return false;
  const tops = []; const range = document.createRange();
  for (let i = 0; i < text.length; i++) { range.setStart(text, i); range.setEnd(text, i + 1);
    tops.push(text.data[i] === '-' ? null : Math.round(range.getBoundingClientRect().top)); }
  let seg = [];
  for (const t of [...tops, null]) { if (t === null) { if (new Set(seg).size > 1) return true; seg = []; } else seg.push(t); }
  return false;
}).map(c => c.textContent)"""


def test_glossary_ids_keep_their_words_whole(browser, base_url, project):  # noqa: F811
    broken = {}
    for viewport in (PHONE, DESKTOP):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        for lang in project.languages:
            _open(page, f"{base_url}/{lang}/glossary/")
            found = page.evaluate(_BROKEN)
            if found:
                broken[f"{lang} at {viewport['width']}"] = found
        context.close()
    assert broken == {}, broken


NEW_CONCEPTS = ["road", "city", "cloister", "meeple", "large-follower"]


def test_glossary_has_the_basic_concepts_with_remarks_in_the_page_language(browser, base_url, project):  # noqa: F811
    page = browser.new_page(viewport=DESKTOP)
    ids = {c.id for c in project.concepts}
    assert set(NEW_CONCEPTS) <= ids
    for lang in project.target_languages:
        _open(page, f"{base_url}/{lang}/glossary/")
        for concept in NEW_CONCEPTS:
            row = page.locator(f"table.rs-glossary tr#{concept}")
            assert row.count() == 1, (lang, concept)
            entry = terms.entry(next(c for c in project.concepts if c.id == concept), lang)
            words = entry.term.preferred if entry else Lang(project, lang).ui_text("glossary.not-known")
            assert words in row.inner_text(), (lang, concept)
        # The remarks column: every remark in this language, none in English.
        remarks = page.locator("table.rs-glossary tbody td.rs-glossary__notes")
        assert remarks.count() > 0
        langs = {remarks.nth(i).get_attribute("lang") for i in range(remarks.count())}
        english = page.locator("table.rs-glossary tbody td.rs-glossary__notes [lang=en]").count()
        assert langs == {lang} and english == 0, (lang, langs, english)
    page.close()


@pytest.mark.parametrize("concept", NEW_CONCEPTS)
def test_new_concepts_name_a_source_for_every_term(project, concept):
    found = next(c for c in project.concepts if c.id == concept)
    sources = {s.id for s in project.site.sources}
    for term in found.terms:
        assert term.sources and set(term.sources) <= sources, (concept, term.language)
    assert set(found.meanings) == set(project.target_languages), concept
