"""Boards that can be counted, in the built site in headless Chromium.

Every measure is taken from pixels Chromium draws: the pictures are fetched from the
built site and drawn onto a canvas, or the page is screenshotted and its pixels read back
through a canvas. The two roads of the Mage and Witch C1 example are two outlines that
never touch, each with its own number; every number on a picture is a line of the
arithmetic under it; the border of every tile shows; in dark mode a board stands on a dark
background; and at thumbnail size the inn and the cathedral look nothing like the cloister.
Before and after pictures go to test-artifacts/ (not committed).
"""

from __future__ import annotations

import base64
import math
import re

import pytest

from generator.project import load_checked
from generator.render import svg
from generator.render.language import Lang
from generator.scorer import board as boards
from generator.model.units import walk_sections

from .conftest import ROOT
from .test_browser import ARTIFACTS, base_url, browser, page  # noqa: F401  (shared fixtures)

pytestmark = pytest.mark.browser
PROJECT = load_checked(ROOT)
ROADS = "mage-and-witch-c1-roads"
BOARDS = sorted(i for i, s in PROJECT.examples.items() if s.scenario.board is not None)

# Pictures drawn by Chromium onto canvases kept in the page (window.rs), so that the
# pixels stay in the browser and only the measures come back: ``draw`` an SVG's text with a
# style sheet added, ``png`` a screenshot, then ``changed`` (the pixels where two drawings
# differ) and ``pixels`` (the colours at given pixels).
_SETUP = r"""() => {
  const keep = (name, context, width, height, box) => {
    window.rs.kept[name] = {data: context.getImageData(0, 0, width, height).data, width, height};
    return {width, height, box};
  };
  const canvas = (image, width, height) => {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    const context = c.getContext('2d');
    context.drawImage(image, 0, 0, width, height);
    return context;
  };
  window.rs = {kept: {},
    async draw(name, text, css, width) {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      const style = doc.createElementNS('http://www.w3.org/2000/svg', 'style');
      style.textContent = css;
      root.prepend(style);
      const box = root.getAttribute('viewBox').split(/\s+/).map(Number);
      const height = Math.round(width * box[3] / box[2]);
      root.setAttribute('width', width);
      root.setAttribute('height', height);
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(doc)], {type: 'image/svg+xml'}));
      await image.decode();
      return keep(name, canvas(image, width, height), width, height, box);
    },
    async png(name, png) {
      const image = new Image();
      image.src = 'data:image/png;base64,' + png;
      await image.decode();
      return keep(name, canvas(image, image.width, image.height), image.width, image.height, null);
    },
    changed(a, b, threshold) {
      const [one, two] = [window.rs.kept[a], window.rs.kept[b]];
      const found = [];
      for (let i = 0; i < one.data.length; i += 4) {
        let most = 0;
        for (let k = 0; k < 4; k++) most = Math.max(most, Math.abs(one.data[i + k] - two.data[i + k]));
        if (most > threshold) found.push([(i / 4) % one.width, Math.floor(i / 4 / one.width)]);
      }
      return found;
    },
    pixels(name, points) {
      const kept = window.rs.kept[name];
      return points.map(([x, y]) => {
        const [px, py] = [Math.min(kept.width - 1, Math.max(0, x)), Math.min(kept.height - 1, Math.max(0, y))];
        const i = 4 * (py * kept.width + px);
        return Array.from(kept.data.slice(i, i + 4));
      });
    },
  };
}"""


class Drawing:
    """One picture Chromium drew, kept in the page, addressed in picture units or in pixels."""

    def __init__(self, page, name: str, drawn: dict) -> None:  # type: ignore[no-untyped-def]
        self.page, self.name = page, name
        self.width, self.height = drawn["width"], drawn["height"]
        self.box = drawn["box"] or [0, 0, self.width, self.height]
        self.scale = self.width / self.box[2]

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """The pixel at the point (x, y) of the picture."""
        return int((x - self.box[0]) * self.scale), int((y - self.box[1]) * self.scale)

    def colours(self, pixels: list[tuple[int, int]]) -> list[tuple[int, ...]]:
        return [tuple(c) for c in self.page.evaluate("([n, p]) => window.rs.pixels(n, p)", [self.name, pixels])]

    def changed(self, other: Drawing, threshold: int = 40) -> set[tuple[int, int]]:
        """The pixels where this drawing and ``other`` differ."""
        found = self.page.evaluate("([a, b, t]) => window.rs.changed(a, b, t)", [self.name, other.name, threshold])
        return {(x, y) for x, y in found}


def _draw(page, name: str, text: str, css: str = "", width: int = 0) -> Drawing:  # type: ignore[no-untyped-def]
    if not page.evaluate("() => Boolean(window.rs)"):
        page.evaluate(_SETUP)
    natural = float(text.split('width="', 1)[1].split('"', 1)[0])
    return Drawing(page, name, page.evaluate("([n, t, c, w]) => window.rs.draw(n, t, c, w)",
                                             [name, text, css, width or round(natural)]))


# An example's picture and the lines of its arithmetic, read from the page's HTML as the
# built site serves it (fetched, not opened, which keeps fifty pages quick).
_EXAMPLE = """async ([address, id]) => {
  const html = new DOMParser().parseFromString(await (await fetch(address)).text(), 'text/html');
  const example = html.getElementById('example-' + id);
  const source = new URL(example.querySelector('img.rs-board').getAttribute('src'), address).href;
  const lines = [...example.querySelectorAll('.admonition ol > li')].map(li => li.firstChild.textContent.trim());
  return {picture: await (await fetch(source)).text(), lines};
}"""


def _example(page, base_url: str, example_id: str, lang: str | None = None) -> dict:  # noqa: F811
    """The picture of an example (its SVG text) and the first line of each feature of its arithmetic."""
    scored = PROJECT.examples[example_id]
    address = f"{base_url}/{lang or PROJECT.source_language}/{scored.example.page}/"
    if not page.url.startswith(base_url):
        page.goto(address)
    return page.evaluate(_EXAMPLE, [address, example_id])


def _board_text(page, base_url: str, example_id: str, lang: str | None = None) -> str:  # noqa: F811
    return _example(page, base_url, example_id, lang)["picture"]


def _distance(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    """The shortest distance in pixels between two sets of pixels (a grid of buckets keeps it quick)."""
    buckets: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for x, y in b:
        buckets.setdefault((x // 8, y // 8), []).append((x, y))
    best = math.inf
    for x, y in a:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for q in buckets.get((x // 8 + dx, y // 8 + dy), ()):
                    best = min(best, math.dist((x, y), q))
    return best


def _groups(page, text: str, selector: str, attribute: str) -> list[str]:  # type: ignore[no-untyped-def]
    return page.evaluate("""([text, selector, attribute]) => [...new DOMParser().parseFromString(text, 'image/svg+xml')
        .querySelectorAll(selector)].map(e => e.getAttribute(attribute))""", [text, selector, attribute])


def _numbers(page, text: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(n) for n in page.evaluate("""text => [...new DOMParser().parseFromString(text, 'image/svg+xml')
        .querySelectorAll('.rs-number text')].map(e => e.textContent)""", text)]


def test_the_two_roads_are_two_outlines_with_two_numbers(page, base_url):  # noqa: F811
    text = _board_text(page, base_url, ROADS)
    features = _groups(page, text, ".rs-feature", "data-feature")
    assert features == ["1", "2"]
    hidden = ".rs-feature, .rs-number { visibility: hidden; }"
    width = 2 * round(float(text.split('width="', 1)[1].split('"', 1)[0]))  # twice as fine as the page shows it
    bare = _draw(page, "bare", text, hidden, width)
    outline, badge = {}, {}
    for n in features:
        outline[n] = _draw(page, f"outline{n}", text, f"{hidden} .rs-feature[data-feature='{n}'] "
                           "{ visibility: visible; }", width).changed(bare)
        badge[n] = _draw(page, f"number{n}", text, f"{hidden} .rs-number[data-feature='{n}'] "
                         "{ visibility: visible; }", width).changed(bare)
    # Each road shows as a shape of its own, and the two never touch, not even at the crossroads.
    assert all(len(outline[n]) > 400 for n in features), {n: len(p) for n, p in outline.items()}
    gap = _distance(outline["1"], outline["2"]) / bare.scale
    assert gap >= 3, f"the two outlines come within {gap:.1f} picture units of each other"
    # Each number shows, in a place of its own, on or beside its own road.
    assert all(len(badge[n]) > 100 for n in features) and not badge["1"] & badge["2"]
    for n, other in (("1", "2"), ("2", "1")):
        assert _distance(badge[n], outline[n]) < _distance(badge[n], outline[other])
    assert sorted(_numbers(page, text)) == [1, 2]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(f"#example-{ROADS} img.rs-board").screenshot(path=str(ARTIFACTS / "boards.roads.png"))


@pytest.mark.parametrize("lang", PROJECT.languages)
def test_each_number_on_a_board_names_a_line_of_its_arithmetic(page, base_url, lang):  # noqa: F811
    language = Lang(PROJECT, lang)
    for example_id in BOARDS:
        shown = _example(page, base_url, example_id, lang)
        text, lines = shown["picture"], shown["lines"]
        numbers = _numbers(page, text)
        kinds = dict(zip(_groups(page, text, ".rs-feature[data-feature]", "data-feature"),
                         _groups(page, text, ".rs-feature[data-feature]", "class")))
        assert numbers, example_id
        for number in numbers:
            kind = kinds[str(number)].split("rs-feature--")[1]
            # A city the per-city farm rules score has a line of its own kind.
            kinds_said = (kind, "farm-city") if kind == "city" else (kind,)
            said = [language.ui_text("example.feature", number=number, feature=language.ui_text(f"feature.{k}"))
                    for k in kinds_said]
            # The line numbered like the outline is about a feature of the outline's kind.
            assert lines[number - 1] in said, (example_id, number, lines)


@pytest.fixture(scope="module")
def viewer(browser, base_url):  # noqa: F811
    """One page of the built site, kept open for the tests that only fetch and draw."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.goto(f"{base_url}/{PROJECT.source_language}/")
    yield opened
    context.close()


@pytest.mark.parametrize("example_id", BOARDS)
def test_the_border_of_every_tile_shows(viewer, base_url, example_id):  # noqa: F811
    """Every side of every tile shows one border colour that stands out from the tile beside it
    (figures and numbers, which stand on top of everything, are left out)."""
    text = _board_text(viewer, base_url, example_id)
    drawn = _draw(viewer, "board", text, "svg { background: #202020; } .rs-figure, .rs-number { visibility: hidden; }")
    placements = PROJECT.examples[example_id].scenario.board.board.placements
    steps = [k / 20 for k in range(1, 20)]
    sides, points = [], []
    for p in placements:
        x0, y0 = p.x * svg.SIZE, p.y * svg.SIZE
        # Each side: points on it, and the matching points 6 units inside the tile.
        for name, (ax, ay, bx, by, nx, ny) in {"N": (0, 0, 100, 0, 0, 6), "S": (0, 100, 100, 100, 0, -6),
                                               "W": (0, 0, 0, 100, 6, 0), "E": (100, 0, 100, 100, -6, 0)}.items():
            for t in steps:
                x, y = x0 + ax + (bx - ax) * t, y0 + ay + (by - ay) * t
                sides.append((p.x, p.y, name))
                points += [drawn.pixel(x, y), drawn.pixel(x + nx, y + ny)]
    colours = drawn.colours(points)
    on, inside = colours[0::2], colours[1::2]
    seen: dict[tuple[int, ...], int] = {}
    for colour in on:
        seen[tuple(c // 16 for c in colour[:3])] = seen.get(tuple(c // 16 for c in colour[:3]), 0) + 1
    border = max(seen, key=seen.__getitem__)  # the colour seen most on the sides of tiles
    shown: dict[tuple[int, int, str], list[bool]] = {}
    for side, here, beside in zip(sides, on, inside):
        same = tuple(c // 16 for c in here[:3]) == border
        shown.setdefault(side, []).append(same and max(abs(a - b) for a, b in zip(here[:3], beside[:3])) > 60)
    share = {side: sum(marks) / len(marks) for side, marks in shown.items()}
    counted = {(x, y) for x, y, _ in share if all(share[(x, y, s)] >= 0.8 for s in "NESW")}
    assert len(counted) == len(placements), {k: round(v, 2) for k, v in share.items() if v < 0.8}


def _empty_square(example_id: str) -> tuple[int, int]:
    placed = {(p.x, p.y) for p in PROJECT.examples[example_id].scenario.board.board.placements}
    xs, ys = [x for x, _ in placed], [y for _, y in placed]
    squares = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
    return next(square for square in squares if square not in placed)


def _luminance(colour: tuple[int, ...]) -> float:
    """Relative luminance (WCAG) of an sRGB colour."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_board_stands_on_a_background_of_its_colour_scheme(browser, base_url, scheme):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    reader = context.new_page()
    example = PROJECT.examples[ROADS]
    reader.goto(f"{base_url}/{PROJECT.source_language}/{example.example.page}/")
    reader.wait_for_load_state("load")
    expected = "slate" if scheme == "dark" else "default"
    assert reader.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected
    picture = reader.locator(f"#example-{ROADS} img.rs-board")
    picture.scroll_into_view_if_needed()
    shot = picture.screenshot()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"boards.roads.{scheme}.png").write_bytes(shot)
    reader.evaluate(_SETUP)
    raster = Drawing(reader, "shot", reader.evaluate("([n, p]) => window.rs.png(n, p)",
                                                     ["shot", base64.b64encode(shot).decode()]))
    view = _board_text(reader, base_url, ROADS).split('viewBox="', 1)[1].split('"', 1)[0].split()
    # The middle of a square without a tile, found in the data, in the screenshot's pixels.
    x, y = _empty_square(ROADS)
    box_x, box_y, box_w, box_h = (float(v) for v in view)
    px = int(((x + 0.5) * svg.SIZE - box_x) / box_w * raster.width)
    py = int(((y + 0.5) * svg.SIZE - box_y) / box_h * raster.height)
    (colour,) = raster.colours([(px, py)])
    page_colour = reader.evaluate("getComputedStyle(document.body).backgroundColor")
    context.close()
    if scheme == "dark":
        assert _luminance(colour) < 0.05, (colour, page_colour)
    else:
        assert _luminance(colour) > 0.8, (colour, page_colour)


# The three icons on the tiles the icons page shows them on, and the same tiles without them.
_FIELD = boards.TileFeature("field", boards.HALVES)
_ROAD = (boards.TileFeature("field", ("WR", "NL", "NR", "EL")), boards.TileFeature("field", ("ER", "SL", "SR", "WL")))
ICONS = {
    "cloister": ((boards.TileFeature("cloister"), _FIELD), (_FIELD,)),
    "inn": ((boards.TileFeature("road", ("W", "E"), inn=True), *_ROAD),
            (boards.TileFeature("road", ("W", "E")), *_ROAD)),
    "cathedral": ((boards.TileFeature("city", boards.SIDES, cathedral=True),),
                  (boards.TileFeature("city", boards.SIDES),)),
}


def _icon(page, base_url: str, name: str, width: int) -> dict:  # type: ignore[no-untyped-def]  # noqa: F811
    """The pixels of one icon at ``width``: where its tile differs from the same tile without it."""
    served = page.evaluate("async url => await (await fetch(url)).text()",
                           f"{base_url}/{PROJECT.source_language}/img/legend/{name}.svg")
    with_icon, without = (svg.tile_svg(boards.TileType("legend", features)) for features in ICONS[name])
    assert served == with_icon  # the very picture the icons page shows
    drawn = _draw(page, name, with_icon, width=width)
    pixels = sorted(drawn.changed(_draw(page, f"{name}-bare", without, width=width)))
    return {"area": len(pixels), "colours": drawn.colours(pixels)}


def _main_colours(colours: list[tuple[int, ...]]) -> list[tuple[float, ...]]:
    """The colours that cover at least a tenth of an icon (bins of 24 levels, each bin's mean)."""
    bins: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for colour in colours:
        bins.setdefault(tuple(c // 24 for c in colour[:3]), []).append(colour[:3])
    return [tuple(sum(c[k] for c in found) / len(found) for k in range(3))
            for found in bins.values() if len(found) >= len(colours) / 10]


def test_inn_and_cathedral_differ_from_the_cloister_at_thumbnail_size(page, base_url):  # noqa: F811
    page.goto(f"{base_url}/{PROJECT.source_language}/tiles/")
    thumbnail = round(page.locator("table img.rs-tile").first.evaluate("img => img.getBoundingClientRect().width"))
    assert 0 < thumbnail <= 64
    icons = {name: _icon(page, base_url, name, thumbnail) for name in ICONS}
    cloister = icons.pop("cloister")
    main = _main_colours(cloister["colours"])
    figures = {"thumbnail px": thumbnail, "cloister area": cloister["area"]}
    for name, icon in icons.items():
        alike = sum(1 for c in icon["colours"] if any(math.dist(c[:3], m) < 48 for m in main)) / max(1, icon["area"])
        figures[name] = {"area": icon["area"], "share in the cloister's colours": round(alike, 2)}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "boards.icons.txt").write_text(f"{figures}\n", encoding="utf-8")
    for name in icons:
        # Not a speck and not a small copy: about as large as the cloister, in colours of its own.
        assert figures[name]["area"] >= 0.8 * cloister["area"], figures
        assert figures[name]["share in the cloister's colours"] <= 0.5, figures


# ---------------------------------------------------------------- how a board came about

PHONE = {"width": 390, "height": 844}
# The board with the most turns: the step-through has the most to show there.
LONGEST = max(BOARDS, key=lambda i: (len(PROJECT.examples[i].scenario.board.order), i))


def _order_page(browser, base_url, javascript: bool):  # noqa: F811
    context = browser.new_context(viewport=PHONE, java_script_enabled=javascript, is_mobile=True, has_touch=True)
    reader = context.new_page()
    example = PROJECT.examples[LONGEST]
    reader.goto(f"{base_url}/{PROJECT.source_language}/{example.example.page}/")
    reader.wait_for_load_state("load")
    box = reader.locator(f"#order-{LONGEST}")
    box.locator("summary").scroll_into_view_if_needed()
    box.locator("summary").tap() if javascript else box.locator("summary").click()
    return reader, box


def _turn_badges(reader, box) -> list[int]:
    """The turn numbers drawn on the picture the page shows now, read from the SVG it loaded."""
    text = reader.evaluate("(src) => fetch(src).then(r => r.text())", box.locator("img").get_attribute("src"))
    return sorted(int(n) for n in re.findall(r'data-turn="(\d+)"', text))


def test_without_javascript_the_numbered_picture_and_the_turns_are_shown(browser, base_url):  # noqa: F811
    reader, box = _order_page(browser, base_url, javascript=False)
    total = len(PROJECT.examples[LONGEST].scenario.board.order)
    picture = box.locator("img")
    assert picture.is_visible() and reader.evaluate("(img) => img.complete && img.naturalWidth > 0",
                                                    picture.element_handle())
    assert _turn_badges(reader, box) == list(range(1, total + 1))
    assert box.locator(".rs-order__turns > li").count() == total
    assert not box.locator(".rs-order__steps").is_visible()  # buttons that would do nothing stay hidden
    ARTIFACTS.mkdir(exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / "order.no-javascript.png"))


def test_the_step_through_adds_one_turn_at_a_time_on_a_phone(browser, base_url):  # noqa: F811
    reader, box = _order_page(browser, base_url, javascript=True)
    total = len(PROJECT.examples[LONGEST].scenario.board.order)
    status, turns = box.locator(".rs-order__status"), box.locator(".rs-order__turns > li")
    assert box.locator(".rs-order__steps").is_visible()
    nxt = box.locator('[data-rs-step="next"]')
    whole = box.locator("img").get_attribute("alt")
    for turn in range(1, total + 1):
        nxt.tap()
        reader.wait_for_function("([img, n]) => img.complete && img.naturalWidth > 0 && img.src.endsWith(`turn-${n}.svg`)",
                                 arg=[box.locator("img").element_handle(), turn])
        assert _turn_badges(reader, box) == list(range(1, turn + 1))
        assert str(turn) in status.inner_text() and str(total) in status.inner_text()
        assert turns.nth(turn - 1).get_attribute("aria-current") == "step"
        alt = box.locator("img").get_attribute("alt")
        # Each step's picture says its turn in words; the last one is the numbered whole board.
        assert alt.endswith(turns.nth(turn - 1).inner_text()) if turn < total else alt == whole
    box.locator('[data-rs-step="previous"]').tap()
    assert box.locator("img").get_attribute("src").endswith(f"turn-{total - 1}.svg")
    box.locator('[data-rs-step="all"]').tap()
    assert box.locator("img").get_attribute("src").endswith(f"turn-{total}.svg")
    # Nothing of the control reaches past the phone's width, and each button is big enough to tap.
    assert reader.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    for button in box.locator("button").all():
        size = button.bounding_box()
        assert size is not None and size["height"] >= 44 and size["x"] + size["width"] <= PHONE["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / "order.phone.png"))
