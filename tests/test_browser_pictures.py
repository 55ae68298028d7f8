"""Pictures in the built site, in headless Chromium: example boards with their text
alternatives in two languages, a picture per tile in the tile tables, and a board that
fits a 390 px phone in dark mode. Screenshots go to test-artifacts/ (not committed).
"""

from __future__ import annotations

import pytest

from generator.project import load_checked
from generator.render.language import Lang
from generator.render.pictures import board_alt
from generator.model.units import walk_sections

from .conftest import ROOT
from .test_browser import ARTIFACTS, base_url, browser, page  # noqa: F401  (shared fixtures)

pytestmark = pytest.mark.browser
PROJECT = load_checked(ROOT)
LANGUAGES = [PROJECT.source_language, PROJECT.target_languages[0]]


def _examples(page_id: str) -> list[str]:
    page = PROJECT.pages[page_id]
    return [b.example.ref for section, _ in walk_sections(page.sections) for b in section.blocks if hasattr(b, "example")]


# Every page that shows a worked example (a page without one has no picture to check).
EXAMPLE_PAGES = [p for p in PROJECT.pages if _examples(p)]


def _expected_alt(lang: str, example_id: str) -> str:
    language = Lang(PROJECT, lang)
    names = {c.id: language.site_text(f"colour.{c.id}") for c in PROJECT.site.colours}
    return board_alt(language, PROJECT.examples[example_id], names)


def _loaded(page, selector: str) -> list[dict]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all(selector, """els => els.map(e => ({
        alt: e.getAttribute('alt'), loaded: e.complete && e.naturalWidth > 0,
        width: e.getBoundingClientRect().width, src: e.getAttribute('src')}))""")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page_id", EXAMPLE_PAGES)
def test_example_picture_with_its_text_alternative(page, base_url, page_id, lang):  # noqa: F811
    examples = _examples(page_id)
    page.goto(f"{base_url}/{lang}/{page_id}/")
    page.wait_for_load_state("load")
    for example_id in examples:
        picture = page.locator(f"#example-{example_id} img.rs-board")
        picture.scroll_into_view_if_needed()
        assert picture.is_visible()
        (found,) = _loaded(page, f"#example-{example_id} img.rs-board")
        assert found["loaded"], found
        assert found["alt"] == _expected_alt(lang, example_id)
        example = PROJECT.examples[example_id].example
        if example.illustration or not example.published:
            # A board drawn for the site says so; a published example redrawn says that instead.
            note = Lang(PROJECT, lang).ui_text("example.illustration" if example.published else "example.own")
            assert page.locator(f"#example-{example_id} .rs-example__illustration").inner_text().strip() == note
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pictures.{page_id}.{lang}.png"), full_page=True)


@pytest.mark.parametrize("page_id", [p for p, page in PROJECT.pages.items()
                                     if any(hasattr(b, "tiles") for s, _ in walk_sections(page.sections) for b in s.blocks)])
def test_tile_tables_show_a_picture_per_tile(page, base_url, page_id):  # noqa: F811
    page_model = PROJECT.pages[page_id]
    tiles = [t.id for s, _ in walk_sections(page_model.sections) for b in s.blocks if hasattr(b, "tiles")
             for g in b.tiles.groups for t in g.tiles]
    page.goto(f"{base_url}/{PROJECT.source_language}/{page_id}/")
    page.wait_for_load_state("load")
    for row in page.locator("table img.rs-tile").all():
        row.scroll_into_view_if_needed()
    found = _loaded(page, "table img.rs-tile")
    assert len(found) == len(tiles)
    assert all(f["loaded"] and f["alt"] for f in found), found
    # A drawn tile has its own picture; every tile whose layout is not known shares the placeholder.
    expected = [f"{t.lower()}.svg" if PROJECT.tiles.types[t].known else "placeholder.svg" for t in tiles]
    assert [f["src"].rsplit("/", 1)[1] for f in found] == expected


def test_board_fits_a_phone_in_dark_mode(browser, base_url):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    phone = context.new_page()
    page_id = EXAMPLE_PAGES[0]
    phone.goto(f"{base_url}/{PROJECT.source_language}/{page_id}/")
    phone.wait_for_load_state("load")
    assert phone.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    pictures = _loaded(phone, "img.rs-board")
    assert pictures and all(p["loaded"] and 0 < p["width"] <= 390 for p in pictures), pictures
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    phone.locator("img.rs-board").first.scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / f"pictures.{page_id}.phone-dark.png"))
    context.close()


def test_tile_catalogue_page_shows_every_tile_with_its_source(page, base_url):  # noqa: F811
    lang = PROJECT.target_languages[-1]
    page.goto(f"{base_url}/{lang}/tiles/")
    page.wait_for_load_state("load")
    for picture in page.locator("table img.rs-tile").all():
        picture.scroll_into_view_if_needed()
    found = _loaded(page, "table img.rs-tile")
    assert len(found) == len(PROJECT.tiles.specs)
    assert all(f["loaded"] and f["alt"] for f in found), [f for f in found if not f["loaded"]]
    text = page.locator("article").inner_text()
    assert all(model.source in text for _, model in PROJECT.tiles.sets)


# The pages whose tile tables hold River tiles (their pictures must show and say the water).
RIVER_PAGES = [p for p, page in PROJECT.pages.items()
               if any(PROJECT.tiles.types[t.id].river for s, _ in walk_sections(page.sections) for b in s.blocks
                      if hasattr(b, "tiles") for g in b.tiles.groups for t in g.tiles)]


@pytest.mark.parametrize("lang", PROJECT.languages)
@pytest.mark.parametrize("page_id", RIVER_PAGES)
def test_river_tiles_are_drawn_and_say_their_water_in_every_language(page, base_url, page_id, lang):  # noqa: F811
    from generator.render.pictures import tile_alt

    page.goto(f"{base_url}/{lang}/{page_id}/")
    page.wait_for_load_state("load")
    found = {f["src"].rsplit("/", 1)[1]: f for f in _loaded(page, "table img.rs-tile")}
    river = [t for t in PROJECT.tiles.types.values() if t.river and f"{t.id.lower()}.svg" in found]
    assert river, "no River tile drawn on the page"
    language = Lang(PROJECT, lang)
    for tile in river:
        shown = found[f"{tile.id.lower()}.svg"]
        assert shown["loaded"] and shown["alt"] == tile_alt(language, tile), shown
        water = "spring" if tile.spring else "lake" if tile.lake else "river"
        assert language.ui_text(f"picture.{water}") in shown["alt"]
