"""Pictures on pages: the SVG files of tiles and example boards, and their text alternatives.

The SVG holds no text, so one file serves every language; the words come from the
interface strings of the page's language.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..scorer import board as boards
from . import svg
from .escape import md_text


def tile_file(tile_id: str) -> str:
    # Tile ids are [A-Za-z0-9-] and unique regardless of case, so this is a safe file name.
    return f"img/tiles/{tile_id.lower()}.svg"


def board_file(example_id: str) -> str:
    return f"img/boards/{example_id}.svg"


def picture_files(project: Any) -> dict[str, str]:
    """Every tile type and every example board as SVG, by output path."""
    specs = project.tiles.specs
    symbols = {tid: spec.symbols for tid, spec in specs.items()}
    files = {tile_file(tid): svg.tile_svg(tile, symbols[tid]) for tid, tile in project.tiles.types.items()}
    colours = {c.id: c.css for c in project.site.colours}
    for example_id, scored in project.examples.items():
        view = scored.scenario.board
        if view is not None:
            files[board_file(example_id)] = svg.board_svg(view.board, view.scored, colours, symbols)
    return files


def tile_alt(lang: Any, tile: boards.TileType) -> str:
    if not tile.known:
        return lang.ui_plain("picture.tile-unknown", tile=tile.id)
    count = {kind: sum(1 for f in tile.features if f.type == kind) for kind in boards.TILE_FEATURES}
    return lang.ui_plain("picture.tile", tile=tile.id, cities=count["city"], roads=count["road"],
                         fields=count["field"], cloisters=count["cloister"])


def _feature_alt(lang: Any, feature: boards.BoardFeature, names: dict[str, str]) -> str:
    kind = feature.type if feature.complete or feature.type in ("cloister", "field") else f"{feature.type}-open"
    parts = [lang.ui_plain(f"picture.{kind}", tiles=len(feature.cells), pennants=feature.pennants,
                           cities=len(feature.cities))]
    for flag in ("inn", "cathedral", "mage", "witch"):
        if getattr(feature, flag):
            parts.append(lang.ui_plain(f"picture.{flag}"))
    if feature.followers:
        parts.append(lang.ui_plain("picture.followers",
                                   players=lang.ui_plain("list.separator").join(names.get(p, p) for p in feature.followers)))
    return lang.ui_plain("list.separator").join(parts)


def board_alt(lang: Any, view: Any, names: dict[str, str]) -> str:
    features = "; ".join(_feature_alt(lang, f, names) for f in view.scored)
    return lang.ui_plain("picture.board", tiles=len(view.board.placements), features=features)


def image(alt: str, target: str, css: str) -> Markup:
    """A Markdown image whose alt text can never become syntax."""
    return Markup(f"![{md_text(alt)}]({target}){{ .{css} }}")
