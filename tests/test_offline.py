"""An offline build (``rulesite build --offline``): a site that works opened from disk.

The Chromium walk of such a site, :func:`walk_offline_site`, is run by
``tests/test_reader.py`` (``test_an_offline_build_works_opened_from_disk``) with the
``offline_site`` fixture below; this file holds the checks that need no browser.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.build import build
from generator.site.offline import file_links, file_path, search_script

from .conftest import ROOT


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory) -> Path:
    """A fresh offline build of the real project."""
    return build(ROOT, site_dir=tmp_path_factory.mktemp("offline") / "site", wait=True, offline=True).site


@pytest.mark.parametrize("link, opened", [
    ("../reading/", "../reading/index.html"), ("./", "./index.html"), (".", "./index.html"),
    ("..", "../index.html"), ("../../nl/", "../../nl/index.html"), ("tiles/index.html", "tiles/index.html"),
    ("img/board.svg", "img/board.svg"), ("", ""), ("/en/", "/en/"),
])
def test_a_link_to_a_folder_opens_its_page(link, opened):
    assert file_path(link) == opened


def test_links_with_anchors_are_rewritten_and_others_left_alone():
    html = ('<a href="../reading/#how">x</a> <a href="#top">t</a> <a href="https://example.org/a/">e</a>'
            ' <img src="img/a.svg"> <meta http-equiv="refresh" content="0; url=en/">')
    assert file_links(html) == ('<a href="../reading/index.html#how">x</a> <a href="#top">t</a>'
                                ' <a href="https://example.org/a/">e</a> <img src="img/a.svg">'
                                ' <meta http-equiv="refresh" content="0; url=en/index.html">')
    script = search_script('{"config": {}, "docs": [{"location": ""}, {"location": "reading/#how"}]}')
    assert script == 'var __index = {"config":{},"docs":[{"location":"index.html"},{"location":"reading/index.html#how"}]}'


def link_target(url: str) -> Path | None:
    """The file a ``file://`` link of the site opens (``None`` for any other link)."""
    parts = urlsplit(url)
    return Path(unquote(parts.path)) if parts.scheme == "file" else None


def test_every_link_of_every_offline_page_names_a_file(offline_site):
    # Without --offline, links end in "/": opened from disk, each shows a folder listing.
    broken = []
    # Not the 404 pages: a server's answer to a wrong address, with links from the server's root.
    pages = [page for page in sorted(offline_site.rglob("*.html")) if page.name != "404.html"]
    for page in pages:
        for link in re.findall(r'\shref="([^"]*)"', page.read_text(encoding="utf-8")):
            path = urlsplit(link).path
            if not path or "://" in link or link.startswith(("mailto:", "#")):
                continue
            if not (page.parent / unquote(path)).resolve().is_file():
                broken.append(f"{page.relative_to(offline_site)}: {link}")
    assert len(pages) > 1 and broken == [], broken[:20]
    for code in _languages(offline_site):  # search from disk: the index and the worker's scripts as scripts
        assert (offline_site / code / "search" / "search_index.js").is_file()
        assert (offline_site / code / "assets" / "javascripts" / "rulesite-offline-sources.js").is_file()


def _languages(site: Path) -> list[str]:
    return sorted(p.name for p in site.iterdir() if (p / "index.html").is_file())


def walk_offline_site(browser, site: Path) -> dict[str, object]:
    """Open every page of an offline build from disk in Chromium; follow a link, switch the
    language and search. Returns the figures; fails on any link that is not a file, any
    request that leaves the disk, any script error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    page.on("console", lambda m: problems.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("request", lambda r: problems.append(f"left the disk: {r.url}")
            if not r.url.startswith(("file:", "data:", "about:", "blob:")) else None)
    page.goto((site / "index.html").as_uri())  # the front door sends the reader to a language
    page.wait_for_url(re.compile(r"/[a-z]{2,3}/index\.html$"), timeout=10000)
    landed = page.url
    links, pages = _links_of_every_page(browser, site)
    not_files = sorted(url for url in links if (target := link_target(url)) is not None and not target.is_file())
    figures: dict[str, object] = {"pages opened": len(pages), "distinct links": len(links),
                                  "links that are no file": len(not_files), "front door": landed}
    languages = _languages(site)
    figures.update(_follow_switch_and_search(page, site, languages, problems))
    context.close()
    assert landed.endswith("/index.html") and link_target(landed) and link_target(landed).is_file(), landed
    assert not_files == [], not_files[:20]
    assert problems == [], problems[:20]
    return figures


def _links_of_every_page(browser, site: Path) -> tuple[set[str], list[Path]]:
    """Every link of every page as Chromium resolves it. The links are in the HTML, so the pages
    are read without their scripts: a fifth of the time."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    links: set[str] = set()
    # Not the 404 pages: a server's answer to a wrong address, never opened from disk.
    pages = [path for path in sorted(site.glob("*/**/*.html")) if path.name != "404.html"]
    for path in pages:
        page.goto(path.as_uri(), wait_until="domcontentloaded")
        links.update(page.locator("a[href]").evaluate_all("links => links.map(a => a.href)"))
    context.close()
    return links, pages


def _follow_switch_and_search(page, site: Path, languages: list[str], problems: list[str]) -> dict[str, object]:
    """From the first language's front page: a navigation link, the language chooser, search."""
    first, other = languages[0], languages[-1]
    page.goto((site / first / "index.html").as_uri())
    page.locator(".md-content a[href$='/index.html']").first.click()
    page.wait_for_load_state("load")
    followed = page.url
    assert page.locator(".md-content h1").count() == 1, f"a link opened no page: {followed}"
    # The language chooser, on the page just opened, leads to the same page in another language.
    page.locator(".md-header__option .md-select").first.hover()
    page.locator(f".md-select__link[hreflang='{other}']").click()
    page.wait_for_load_state("load")
    assert page.url == followed.replace(f"/{first}/", f"/{other}/"), (followed, page.url)
    assert page.locator("html").get_attribute("lang") == other and page.locator(".md-content h1").count() == 1
    page.goto((site / other / "index.html").as_uri())  # its front page is in its search index
    word = page.locator(".md-content h1").inner_text().split()[0]
    field = page.locator("input.md-search__input")
    field.click()
    field.press_sequentially(word, delay=30)
    first_hit = page.locator(".md-search-result__item > a").first
    try:
        first_hit.wait_for(state="visible", timeout=60000)
    except Exception as error:
        raise AssertionError(f"no search result for {word!r} on {page.url}: {problems}") from error
    hits = page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")
    first_hit.click()
    page.wait_for_load_state("load")
    assert all(link_target(h) is not None and link_target(h).is_file() for h in hits), hits
    assert page.locator(".md-content h1").count() == 1, f"a search result opened no page: {page.url}"
    return {"followed": followed, "switched to": other, "searched": word, "search hits": len(hits)}
