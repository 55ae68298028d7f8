"""Check stage: the cross-references and rules that a schema cannot express.

:func:`check_references` is the stage: it gathers the ids references may name
(:mod:`.known`) and runs the checks of each kind of file (:mod:`.site`, :mod:`.pages`,
:mod:`.texts`, :mod:`.interface`, :mod:`.rulesets`, :mod:`.terms`, :mod:`.catalogue`) into
one :class:`References`. Each check returns the problems it finds and never stops at the
first, so one ``rulesite check`` run lists everything an editor has to fix.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from generator.check import terms
from generator.check.catalogue import build_catalogue, check_tile_ids, statement_problems
from generator.check.interface import check_plural_forms, check_ui_keys
from generator.check.known import Known, unknown_refs
from generator.check.pages import check_example, check_page
from generator.check.rulesets import RulesetTable, builtin
from generator.check.rulesets import check as check_rulesets
from generator.check.site import check_names, check_site
from generator.check.texts import check_text, check_units
from generator.core.problem import Problem
from generator.core.vocabulary import EDITIONS, LANGUAGE_CODE
from generator.model.data import Example, Page, TermBase
from generator.model.tiles import Catalogue
from generator.model.units import UnitInfo, page_units, site_units, ui_units, walk_sections
from generator.model.validate import Data, Valid


@dataclass
class References:
    """What the check stage establishes for the later ones: known ids, rulesets and text units."""

    known: Known
    table: RulesetTable
    units: dict[str, dict[str, UnitInfo]] = field(default_factory=dict)
    """Document (a page id, ``site`` or ``ui``) to unit id to unit."""
    termbases: list[TermBase] = field(default_factory=list)
    """The termbase files whose references hold, in file order."""
    tiles: Catalogue = field(default_factory=Catalogue)
    """The tile catalogue, which board scenarios and pictures draw on."""
    problems: list[Problem] = field(default_factory=list)


def check_references(data: Data) -> References:
    """Check stage: references between files, and every rule a schema cannot express."""
    known = Known.from_data(data)
    refs = References(known, builtin())
    if data.rulesets is not None:
        refs.table, found = check_rulesets(data.rulesets.source, data.rulesets.model,
                                           known.editions_in_order or EDITIONS)
        refs.problems += found
    if data.site is None:
        # Every other file names languages, editions, printings or sources of site.yaml:
        # checked against nothing, each name would be one more false error. The tile
        # catalogue names none, and the worked examples are scored with it.
        refs.tiles, found = build_catalogue(data.tiles.values())
        refs.problems += found
        return refs
    refs.problems += check_site(data.site.model, data.site.source)
    _check_ruleset_sources(data, refs)
    _check_site_units(data, refs)
    _check_ui(data, refs)
    _check_pages(data, refs)
    _check_examples(data, refs)
    _check_content_folders(data, refs)
    _check_termbases(data, refs)
    _check_catalogue(data, refs)
    return refs


def _check_ruleset_sources(data: Data, refs: References) -> None:
    if data.rulesets is None:
        return
    for index, entry in enumerate(data.rulesets.model.rulesets):
        refs.problems += unknown_refs(data.rulesets.source, ("rulesets", index, "sources"), "source", entry.sources,
                                      refs.known.sources)


def _check_site_units(data: Data, refs: References) -> None:
    if data.site is None:
        return
    rulesets_file = data.rulesets.source.file if data.rulesets else ""
    site_list = list(site_units(data.site.model, data.rulesets.model if data.rulesets else None,
                                data.site.source.file, rulesets_file))
    refs.units["site"] = {u.id: u for u in site_list}
    for unit in site_list:
        source = data.files.sources[unit.file]
        refs.problems += check_text(source, unit.path, unit.text, unit.syntax, set(), refs.known)
    # Every other string of site.yaml and rulesets.yaml (publisher, printing, source names).
    for valid in (data.site, data.rulesets):
        if valid is not None:
            skip = {u.path for u in site_list if u.file == valid.source.file}
            refs.problems += check_names(valid.source, skip)


def _check_ui(data: Data, refs: References) -> None:
    if data.ui is None:
        return
    ui, source = data.ui.model, data.ui.source
    refs.problems += check_ui_keys(ui, source)
    for key, text in ui.strings.items():
        refs.problems += check_plural_forms(source, ("strings", key), key, text, refs.known.source_language)
    ui_list = list(ui_units(ui, source.file))
    refs.units["ui"] = {u.id: u for u in ui_list}
    refs.problems += check_units(source, ui_list, set(), refs.known)


def _check_pages(data: Data, refs: References) -> None:
    examples = {stem: valid.model for stem, valid in data.examples.items()}
    for stem, valid in data.pages.items():
        # A page's checks read the page, the shared files and the examples (generator/cache/load_memo.py).
        problems, units = data.memo.get(("page", stem), (valid.source, data.shared_version, data.examples_version),
                                        lambda: _check_one_page(stem, valid, refs.known, examples))
        refs.problems += problems
        refs.units[valid.model.id] = units


def _check_one_page(stem: str, valid: Valid[Page], known: Known,
                    examples: dict[str, Example]) -> tuple[list[Problem], dict[str, UnitInfo]]:
    page, source = valid.model, valid.source
    page_list = list(page_units(page, source.file))
    problems = check_page(page, source, stem, known, page_list, examples)
    problems += check_units(source, page_list, {f.id for f in page.footnotes}, known)
    units: dict[str, UnitInfo] = {}
    for unit in page_list:
        units.setdefault(unit.id, unit)
    return problems, units


def _check_examples(data: Data, refs: References) -> None:
    pages = {valid.model.id: valid.model for valid in data.pages.values()}
    for stem, valid in data.examples.items():
        refs.problems += check_example(valid.model, valid.source, stem, pages, refs.known.pages)
    shown = Counter(block.example.ref for page in pages.values() for section, _ in walk_sections(page.sections)
                    for block in section.blocks if hasattr(block, "example"))
    for ref, count in shown.items():
        if count > 1 and ref in data.examples:
            refs.problems.append(data.examples[ref].source.problem(
                ("id",), "duplicate-id", f"example {ref!r} is shown {count} times; show it once"))


def _check_catalogue(data: Data, refs: References) -> None:
    """The tile catalogue: its tile types, the tile ids pages name, and the tile counts their texts state."""
    refs.tiles, found = build_catalogue(data.tiles.values())
    refs.problems += found
    if "tiles" in refs.known.broken:
        return  # a catalogue missing a file would find every tile of that file unknown
    pages = [(valid.model, valid.source) for valid in data.pages.values()]
    refs.problems += check_tile_ids(refs.tiles, pages, refs.known.expansions if data.site else None)
    page_ids = {page.id for page, _ in pages}
    refs.problems += statement_problems(refs.tiles, {(doc, unit.id): unit.text for doc, units in refs.units.items()
                                                     if doc in page_ids for unit in units.values()},
                                        refs.known.broken)


def _check_content_folders(data: Data, refs: References) -> None:
    # Hand-written pages: content/<language>/ for languages of the site only.
    for folder, file in data.files.content.items():
        if re.fullmatch(LANGUAGE_CODE, folder) and folder not in refs.known.languages:
            refs.problems.append(Problem(file, 1, 1, "unknown-language",
                                         f"content/{folder}/ is for a language that site.yaml does not list"))


def _check_termbases(data: Data, refs: References) -> None:
    # Each file's languages, printings and sources; then concept ids, which must be unique across files.
    printings = {p.id: p.language for p in data.site.model.printings} if data.site else {}
    languages = refs.known.languages - {refs.known.source_language}
    seen: set[str] = set()
    for valid in data.terms.values():
        base, source = valid.model, valid.source
        refs.problems += terms.check_termbase(base, source, printings, refs.known.sources, languages)
        for i, concept in enumerate(base.concepts):
            if concept.id in seen:
                refs.problems.append(source.problem(("concepts", i, "id"), "duplicate-id",
                                                    f"concept id {concept.id!r} is used twice"))
            seen.add(concept.id)
        refs.termbases.append(base)
