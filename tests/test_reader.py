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
from pathlib import Path

import pytest

from generator.pipeline import load_checked

from .conftest import ROOT
from .test_browser import ARTIFACTS, base_url, browser  # noqa: F401  (fixtures)

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
        page.on("requestfailed", lambda r: self.failed.append(f"failed {r.url}"))
        page.on("console", lambda m: self.errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))


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
