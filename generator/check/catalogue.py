"""Check stage for the tile catalogue: its valid files joined into one :class:`Catalogue`,
each tile type checked against the board rules, the tile counts pages state, and every
tile id a page names.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Container, Iterable

from generator import scorer
from generator.core.problem import Problem
from generator.scorer import board as boards
from generator.read.source import Files, Source, read_tiles
from generator.model.tiles import Catalogue, TileFeatureSpec, TileFile, tile_type
from generator.model.units import walk_sections
from generator.model.validate import Valid, validate_all

# The attributes of the scorer's table that a printed tile feature says (pennants, inn, ...).
_ATTRIBUTES = tuple(name for name in scorer.ATTRIBUTES if name in TileFeatureSpec.model_fields)


def type_problems(source: Source, base: tuple, tile_id: str, features: list[Any], symbols: Iterable[str] = (),
                  river: Iterable[str] = ()) -> list[Problem]:
    """Located problems of one tile type (a side holding two kinds, an uncovered half-edge...)."""
    tile = tile_type(tile_id, features, True, symbols, river)
    found = [source.problem(base + p.path, p.code, p.message) for p in boards.tile_problems(tile)]
    for index, feature in enumerate(features):
        # What each attribute may stand on is the scorer's feature table, as in feature-level scenarios.
        for name in _ATTRIBUTES:
            if getattr(feature, name) and name not in scorer.FEATURE_KINDS[feature.type].extras:
                found.append(source.problem(base + ("features", index, name), scorer.only_code(name),
                                            scorer.misplaced(name, feature.type)))
        if getattr(feature, "princess", False) and feature.type != "city":
            found.append(source.problem(base + ("features", index, "princess"), "city-only",
                                        f"the princess is printed in a city, not in a {feature.type}"))
    return found


def _add(catalogue: Catalogue, source: Source, model: TileFile) -> list[Problem]:
    """One valid tile file into the catalogue, with every problem of its tile types."""
    found: list[Problem] = []
    for index, spec in enumerate(model.tiles):
        where = ("tiles", index)
        clash = next((t for t in catalogue.specs if t.lower() == spec.id.lower()), None)
        if clash is not None:
            found.append(source.problem(where + ("id",), "duplicate-id", f"tile {spec.id!r} is already defined ({clash})"))
            continue
        known = spec.layout == "known"
        if known and not spec.features:
            found.append(source.problem(where, "missing-key", "a tile with a known layout lists its features; "
                                        "otherwise say layout: not-known"))
        if not known and spec.features:
            found.append(source.problem(where + ("features",), "bad-value", "a tile whose layout is not known lists no features"))
        if not known and spec.river:
            found.append(source.problem(where + ("river",), "bad-value", "a tile whose layout is not known has no "
                                        "river sides either"))
        if known:
            found += type_problems(source, where, spec.id, spec.features, spec.symbols, spec.river)
        catalogue.specs[spec.id] = spec
        catalogue.types[spec.id] = tile_type(spec.id, spec.features, known, spec.symbols, spec.river)
        catalogue.sources[spec.id] = spec.source or model.source
        catalogue.files[spec.id] = (source, index)
    catalogue.statements += [(source, i, s) for i, s in enumerate(model.statements)]
    catalogue.sets.append((source, model))
    return found


_FIRST_NUMBER = re.compile(r"\d+")


def statement_problems(catalogue: Catalogue, texts: dict[tuple[str, str], str],
                       broken: Container[str] = ()) -> list[Problem]:
    """Each stated count ("8 land tiles") against the catalogue; ``texts`` maps (page, unit) to
    English text; a statement about a page in ``broken`` (whose file did not validate) is skipped."""
    found = []
    for source, index, statement in catalogue.statements:
        where = ("statements", index)
        text = texts.get((statement.page, statement.unit))
        if text is None and statement.page in broken:
            continue
        if text is None:
            found.append(source.problem(where + ("unit",), "unknown-unit",
                                        f"page {statement.page!r} has no text {statement.unit!r}"))
            continue
        missing = [t for t in statement.tiles if t not in catalogue]
        for tile in missing:
            found.append(source.problem(where + ("tiles", statement.tiles.index(tile)), "unknown-tile",
                                        f"no tile {tile!r} in the catalogue"))
        number = _FIRST_NUMBER.search(text)
        if missing or number is None:
            continue
        counted = sum(max(catalogue.specs[t].counts.values()) for t in statement.tiles)
        if counted != int(number.group()):
            found.append(source.problem(where + ("tiles",), "tile-count",
                                        f"{statement.page} says {number.group()} tiles in {statement.unit!r}, "
                                        f"but the catalogue counts {counted}"))
    return found


def check_tile_ids(catalogue: Catalogue, pages: Iterable[tuple[Any, Source]],
                   expansions: set[str] | None = None) -> list[Problem]:
    """Every tile a page's tile table names must be in the catalogue; every set's expansion must exist."""
    found = []
    for source, model in catalogue.sets:
        if expansions is not None and model.expansion is not None and model.expansion not in expansions:
            found.append(source.problem(("expansion",), "unknown-expansion",
                                        f"no expansion {model.expansion!r} in site.yaml"))
    for page, source in pages:
        for section, path in walk_sections(page.sections):
            for b, block in enumerate(section.blocks):
                if not hasattr(block, "tiles"):
                    continue
                for g, group in enumerate(block.tiles.groups):
                    for t, tile in enumerate(group.tiles):
                        if tile.id not in catalogue:
                            found.append(source.problem(path + ("blocks", b, "tiles", "groups", g, "tiles", t, "id"),
                                                        "unknown-tile", f"no tile {tile.id!r} in rules_data/tiles/"))
    return found


def build_catalogue(valid: Iterable[Valid[TileFile]]) -> tuple[Catalogue, list[Problem]]:
    """Every valid tile file, in order, joined into one catalogue."""
    catalogue, found = Catalogue(), []
    for tiles in valid:
        found += _add(catalogue, tiles.source, tiles.model)
    return catalogue, found


def load_catalogue(root: Path) -> tuple[Catalogue, list[Problem]]:
    """The tile catalogue of the project at ``root`` alone (for ``rulesite score`` and ``draw``)."""
    files = Files(root.resolve())
    read_tiles(files)
    data = validate_all(files)
    catalogue, found = build_catalogue(data.tiles.values())
    return catalogue, files.problems + data.problems + found
