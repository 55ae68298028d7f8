"""Pictures on pages: the SVG files of tiles and example boards, and their text alternatives.

The SVG holds no text, so one file serves every language; the words come from the
interface strings of the page's language. What the words name (feature types, what may
stand on them) is the scorer's feature table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from generator import scorer
from generator.scorer import board as boards
from generator.model.ui_strings import LEGEND, PRINCESS, SYMBOLS
from generator.render import order, svg
from generator.render.escape import attr, md_text

if TYPE_CHECKING:
    from generator.project import Project

__all__ = ["LEGEND", "board_alt", "draw_pictures", "image", "legend_file", "legend_files", "numbered", "picture_base",
           "picture_files", "tile_alt", "tile_file"]


PLACEHOLDER = "placeholder.svg"


def tile_file(tile: boards.TileType, base: str = "img/") -> str:
    """Where a tile's picture is; every tile whose layout is not known shares the one placeholder."""
    if not tile.known:
        return base + PLACEHOLDER
    # Tile ids are [A-Za-z0-9-] and unique regardless of case, so this is a safe file name.
    return f"{base}tiles/{tile.id.lower()}.svg"


def board_file(example_id: str, base: str = "img/") -> str:
    return f"{base}boards/{example_id}.svg"


def picture_files(project: Project) -> dict[str, str]:
    """Every tile type and every example board as SVG, by output path; drawn once per project.

    The pictures do not depend on the language, so every language reuses them (and build
    workers inherit them when :func:`generator.render.generate.prepare_rendering` drew them first).
    """
    derived = project.derived  # a loaded project never changes: its pictures live as long as it
    if derived.pictures is None:
        derived.pictures = draw_pictures(project)
    return derived.pictures


def draw_pictures(project: Project) -> dict[str, str]:
    """Every picture drawn afresh (:func:`picture_files` keeps them; the drawing benchmark does not)."""
    colours = {c.id: c.css for c in project.site.colours}
    return {**_draw(project), **legend_files(colours)}


def picture_base(lang: Any, path: str, html: bool = False) -> str:
    """The relative link from the page at ``path`` to the pictures folder, worked out once per
    page (``html``: from the page's address, for a page written as HTML)."""
    return lang.resolver(path, html).link("img") + "/"


def _draw(project: Project) -> dict[str, str]:
    specs = project.tiles.specs
    symbols = {tid: spec.symbols for tid, spec in specs.items()}
    files = {tile_file(tile): svg.tile_svg(tile, symbols[tid]) for tid, tile in project.tiles.types.items()}
    colours = {c.id: c.css for c in project.site.colours}
    for example_id, scored in project.examples.items():
        view = scored.scenario.board
        if view is not None:
            features, numbers = numbered(view, scored.result)
            files[board_file(example_id)] = svg.board_svg(view.board, features, colours, symbols, numbers)
            files.update(order.turn_svgs(example_id, view, colours, symbols))
    return files


def numbered(view: Any, result: scorer.Result) -> tuple[list[boards.BoardFeature], list[int | None]]:
    """The features a board picture outlines, each with the number of its line in the
    arithmetic (the page numbers the scorer's results 1, 2, … in the order it returns them).

    A result names the scored feature it belongs to by index; a city scored on its own by
    the per-city farm rules names the city, which is then outlined with that number too. A
    field those rules score city by city has no line of its own, so it is outlined unnumbered;
    a result about no place on the board (goods tokens) has nothing to outline.
    """
    numbers: list[int | None] = [None] * len(view.scored)
    features = list(view.scored)
    by_name = {f.name: f for f in view.features}
    for number, found in enumerate(result.features, 1):
        if found.feature is not None:
            numbers[found.feature] = number
        elif found.kind == "farm-city" and found.name in by_name:
            features.append(by_name[found.name])
            numbers.append(number)
    return features, numbers


def tile_alt(lang: Any, tile: boards.TileType) -> str:
    if not tile.known:
        return lang.ui_text("picture.tile-unknown", tile=tile.id)
    count = {kind: sum(1 for f in tile.features if f.type == kind) for kind in boards.TILE_FEATURES}
    said = lang.ui_text("picture.tile", tile=tile.id, cities=count["city"], roads=count["road"],
                        fields=count["field"], cloisters=count["cloister"])
    if tile.river:
        water = boards.SPRING if tile.spring else boards.LAKE if tile.lake else boards.RIVER
        said += " " + lang.ui_text(f"picture.{water}")
    # What is printed on it, in the icons page's words: the princess, then each symbol drawn.
    marks = [PRINCESS] if any(f.princess for f in tile.features) else []
    marks += [name for name in SYMBOLS if name.removesuffix("-symbol") in tile.symbols]
    if marks:
        said += " " + lang.ui_text("picture.marks", marks="; ".join(lang.ui_text(f"legend.picture.{m}") for m in marks))
    return said


def _feature_alt(lang: Any, feature: boards.BoardFeature, names: dict[str, str]) -> str:
    # Only a type that says complete has an unfinished wording; a cloister's tiles tell, a field never is.
    finished = feature.complete or not scorer.FEATURE_KINDS[feature.type].completable
    kind = feature.type if finished else f"{feature.type}-open"
    parts = [lang.ui_text(f"picture.{kind}", tiles=len(feature.cells), pennants=feature.pennants,
                           cities=len(feature.cities))]
    if feature.pennants:  # a city without pennants says nothing of them ("with 0 pennants" says nothing useful)
        parts.append(lang.ui_text("picture.pennants", pennants=feature.pennants))
    for flag in scorer.FLAGS:
        if getattr(feature, flag):
            parts.append(lang.ui_text(f"picture.{flag}"))
    if feature.pigs:
        parts.append(lang.ui_text("picture.pigs", players=_and(lang, [names.get(p, p) for p in feature.pigs])))
    if feature.followers:
        parts.append(lang.ui_text("picture.followers", players=_and(lang, [names.get(p, p) for p in feature.followers])))
    return lang.ui_text("list.separator").join(parts)


def _and(lang: Any, items: list[str]) -> str:
    """A plain-text list in the page's language: "red", "red and blue", "red, blue and green"."""
    if len(items) < 2:
        return "".join(items)
    return lang.ui_text("list.and", first=lang.ui_text("list.separator").join(items[:-1]), last=items[-1])


def board_alt(lang: Any, scored: Any, names: dict[str, str]) -> str:
    """The picture in words: its tiles, then each outlined feature under the number the
    picture and the arithmetic give it."""
    view = scored.scenario.board
    parts = []
    for feature, number in zip(*numbered(view, scored.result)):
        said = _feature_alt(lang, feature, names)
        parts.append(said if number is None else lang.ui_text("example.feature", number=number, feature=said))
    return lang.ui_text("picture.board", tiles=len(view.board.placements), features="; ".join(parts))


def image(alt: str, target: str, css: str) -> Markup:
    """A Markdown image whose alt text can never become syntax."""
    return Markup(f"![{md_text(alt)}]({target}){{ .{css} }}")


def img(alt: str, target: str, css: str) -> Markup:
    """The same image on a page written as HTML (``target`` is then an address)."""
    return Markup(f'<img alt="{attr(alt)}" class="{css}" src="{attr(target)}" />')


_FIELD = boards.TileFeature("field", boards.HALVES)
# The fields north and south of a west-east road or river.
_BANKS = (boards.TileFeature("field", ("WR", "NL", "NR", "EL")), boards.TileFeature("field", ("ER", "SL", "SR", "WL")))


def _one_tile(*features: boards.TileFeature) -> boards.TileType:
    return boards.TileType("legend", features)


def _with_figure(kind: str, colours: dict[str, str]) -> str:
    tile = _one_tile(_FIELD)
    player = "red" if kind in boards.OWNED else ""
    figure = boards.Figure(kind, 0, 0, "cloister", player)
    return svg.board_svg(boards.Board({"legend": tile}, (boards.Placement("legend", 0, 0),), (figure,)), (), colours)


_ROAD_TILE = _one_tile(boards.TileFeature("road", ("N", "S")), boards.TileFeature("field", ("NR", "EL", "ER", "SL")),
                       boards.TileFeature("field", ("SR", "WL", "WR", "NL")))


def _scored_road() -> str:
    """A road as a board shows it when scored: its outline and the number 1."""
    board = boards.Board({"legend": _ROAD_TILE}, (boards.Placement("legend", 0, 0),))
    features, _ = boards.read_board(board)
    return svg.board_svg(board, [f for f in features if f.type == "road"])


def _feature_sample(kind: str) -> str:
    """One tile showing a feature type of the table on its own."""
    if kind == "city":
        return svg.tile_svg(_one_tile(boards.TileFeature(kind, ("N",)),
                                      boards.TileFeature("field", boards.HALVES[2:], cities=("N",))))
    if kind == "road":
        return svg.tile_svg(_ROAD_TILE)
    return svg.tile_svg(_one_tile(boards.TileFeature(kind), _FIELD))


def legend_files(colours: dict[str, str]) -> dict[str, str]:
    """The pictures of the icons page: each shape the tile and board pictures use, on its own."""
    drawn = {kind: _feature_sample(kind) for kind in scorer.carriers("tiles")}
    drawn |= {
        "pennant": svg.tile_svg(_one_tile(boards.TileFeature("city", boards.SIDES, pennants=1))),
        "inn": svg.tile_svg(_one_tile(boards.TileFeature("road", ("W", "E"), inn=True), *_BANKS)),
        "cathedral": svg.tile_svg(_one_tile(boards.TileFeature("city", boards.SIDES, cathedral=True))),
        PRINCESS: svg.tile_svg(_one_tile(boards.TileFeature("city", boards.SIDES, princess=True))),
        boards.RIVER: svg.tile_svg(boards.TileType("legend", _BANKS, river=("W", "E"))),
        "scored": _scored_road(),
        "placeholder": svg.placeholder_svg(),
    }
    for name in SYMBOLS:
        # The mage's symbol printed on a tile is named apart from the mage figure.
        drawn[name] = svg.tile_svg(_one_tile(_FIELD), (name.removesuffix("-symbol"),))
    for kind in boards.FIGURES:
        drawn[kind] = _with_figure(kind, colours)
    return {legend_file(name): drawn[name] for name in LEGEND}


def legend_file(name: str, base: str = "img/") -> str:
    # The placeholder of the icons page is the very picture the tile tables show.
    return base + PLACEHOLDER if name == "placeholder" else f"{base}legend/{name}.svg"
