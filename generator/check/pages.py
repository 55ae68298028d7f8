"""Check stage for pages and worked examples: what their ids refer to, footnotes of each
kind, tile tables, sections, the editions of units, and that an example and the page
section showing it name each other.
"""

from __future__ import annotations

from typing import Any, Container, Iterator

from generator.check.known import Known, duplicates, unknown, unknown_refs
from generator.core.problem import Problem
from generator.model import markup
from generator.model.data import Combination, Example, Footnote, Page, TileTable
from generator.model.units import UnitInfo, walk_sections
from generator.read.source import PathKey, Source


def _check_footnote(source: Source, footnote: Footnote, path: PathKey, known: Known) -> Iterator[Problem]:
    printing_fields = ("only_in", "missing_from", "kept_in", "since")
    has_printing = any(getattr(footnote, f) for f in printing_fields)
    if footnote.kind == "printing":
        if not has_printing:
            yield source.problem(path, "bad-footnote", "a printing difference names its printings: only_in, missing_from or since")
        if footnote.kept_in and not footnote.missing_from:
            yield source.problem(path + ("kept_in",), "bad-footnote", "kept_in only makes sense together with missing_from")
        if footnote.history:
            yield source.problem(path + ("history",), "bad-footnote", "only official rulings have a dated history")
        for name in printing_fields:
            yield from unknown_refs(source, path + (name,), "printing", getattr(footnote, name), known.printings)
        # A claim that a printing has or lacks a text is a fact, and facts need a source.
        if has_printing and not footnote.sources:
            yield source.problem(path, "unsourced-claim",
                                 "a printing claim needs a source: list the ids of site.yaml sources under sources")
        yield from unknown_refs(source, path + ("sources",), "source", footnote.sources, known.sources)
    else:
        if not footnote.text:
            yield source.problem(path, "missing-key", f"a {footnote.kind} footnote needs a text")
        for name in printing_fields:
            if getattr(footnote, name):
                yield source.problem(path + (name,), "bad-footnote", f"{name} belongs to printing-difference footnotes only")
        if footnote.part != "sentence":
            yield source.problem(path + ("part",), "bad-footnote", "part belongs to printing-difference footnotes only")
        if footnote.sources:
            yield source.problem(path + ("sources",), "bad-footnote", "sources belong to printing-difference footnotes only")
        if footnote.kind == "note" and footnote.history:
            yield source.problem(path + ("history",), "bad-footnote", "only official rulings have a dated history")


def _check_tiles(source: Source, table: TileTable, path: PathKey) -> Iterator[Problem]:
    counted = sum(tile.count for group in table.groups for tile in group.tiles)
    if counted != table.total:
        yield source.problem(path + ("total",), "tile-count",
                             f"the tiles listed add up to {counted}, but total says {table.total}")
    if len(table.groups) > 1 and any(group.title is None for group in table.groups):
        yield source.problem(path + ("groups",), "missing-key", "with several tile groups every group needs a title")


def _combination_block(source: Source, where: PathKey, combination: Combination, page: Page,
                       known: Known) -> list[Problem]:
    """A rule for two expansions together: the partners exist and are others, and a rule no
    source gives says what is not known."""
    problems = list(unknown_refs(source, where + ("partners",), "expansion", combination.partners, known.expansions))
    problems += unknown_refs(source, where + ("sources",), "source", combination.sources, known.sources)
    for i, partner in enumerate(combination.partners):
        if partner == page.expansion:
            problems.append(source.problem(where + ("partners", i), "bad-combination",
                                           f"{partner!r} is this page's own expansion: a combination names the others"))
    if not combination.rules and combination.question is None:
        problems.append(source.problem(where, "bad-combination",
                                       "a combination without rules (no source gives them) needs a question saying "
                                       "what is not known"))
    return problems


def _example_block(source: Source, where: PathKey, ref: str, examples: dict[str, Example], known: Known,
                   place: tuple[str, str]) -> list[Problem]:
    """A page's example block: the example exists (or its file's own problem stands) and says it is shown here."""
    example = examples.get(ref)
    if example is None:
        # Known but not valid: that file has its own problem.
        return [] if ref in known.examples else [unknown(source, where, "example", ref, known.examples)]
    if (example.page, example.section) != place:
        return [source.problem(where, "example-place",
                               f"example {ref!r} says it belongs to page {example.page!r}, section {example.section!r}")]
    return []


def _check_block(source: Source, block: Any, where: PathKey, page: Page, section: str, known: Known,
                 examples: dict[str, Example]) -> list[Problem]:
    """What a block's own kind asks of it: tile sums, a combination's partners, an example's place."""
    problems: list[Problem] = []
    if hasattr(block, "tiles"):
        problems += _check_tiles(source, block.tiles, where + ("tiles",))
        if block.tiles.edition and block.tiles.edition not in page.editions:
            problems.append(source.problem(where + ("tiles", "edition"), "unknown-edition",
                                           f"edition {block.tiles.edition} is not one of this page's editions"))
    if hasattr(block, "combination"):
        problems += _combination_block(source, where + ("combination",), block.combination, page, known)
    if hasattr(block, "example"):
        problems += _example_block(source, where + ("example", "ref"), block.example.ref, examples, known,
                                   (page.id, section))
    return problems


def check_page(page: Page, source: Source, stem: str, known: Known, units: list[UnitInfo],
               examples: dict[str, Example]) -> list[Problem]:
    problems: list[Problem] = []
    if page.id != stem:
        problems.append(source.problem(("id",), "id-mismatch", f"page id {page.id!r} differs from its file name {stem!r}.yaml"))
    if page.id in known.reserved:
        # The page would be written as <id>.md and published at <id>/: in the place of a
        # page or folder the site already has there, which would vanish or break the build.
        problems.append(source.problem(("id",), "reserved-id",
                                       f"page id {page.id!r} would take the place of {known.reserved[page.id]}; "
                                       "choose another id"))
    problems += unknown_refs(source, ("expansion",), "expansion", page.expansion, known.expansions)
    problems += unknown_refs(source, ("editions",), "edition", page.editions, known.editions)
    problems += unknown_refs(source, ("info", "publisher"), "publisher", page.info.publisher, known.publishers)
    if page.info.series:
        problems += unknown_refs(source, ("info", "series", "series"), "series", page.info.series.series, known.series)
    for i, release in enumerate(page.info.releases):
        problems += unknown_refs(source, ("info", "releases", i, "printing"), "printing", release.printing, known.printings)
    problems += unknown_refs(source, ("categories",), "category", page.categories, known.categories)
    problems += unknown_refs(source, ("related",), "page", page.related, known.pages)
    for i, related in enumerate(page.related):
        if related == page.id:
            problems.append(source.problem(("related", i), "bad-value", "a page does not need a link to itself"))

    problems += duplicates(source, [(f.id, ("footnotes", i, "id")) for i, f in enumerate(page.footnotes)], "footnote")
    for i, footnote in enumerate(page.footnotes):
        problems += _check_footnote(source, footnote, ("footnotes", i), known)

    sections = list(walk_sections(page.sections))
    problems += duplicates(source, [(s.id, p + ("id",)) for s, p in sections], "section")
    problems += duplicates(source, [(u.id, u.path[:-1] + ("id",) if u.path[-1] == "text" else u.path) for u in units], "unit")
    page_editions = set(page.editions)
    for section, path in sections:
        problems += unknown_refs(source, path + ("editions",), "edition", section.editions, known.editions)
        problems += unknown_refs(source, path + ("sources",), "source", section.sources, known.sources)
        if not section.blocks and not section.sections:
            problems.append(source.problem(path, "empty-section",
                                           f"section {section.id!r} has no content; an empty section would render as a blank placeholder"))
        for b, block in enumerate(section.blocks):
            problems += _check_block(source, block, path + ("blocks", b), page, section.id, known, examples)
    for unit in units:
        where = unit.path[:-1] + ("editions",)
        for e, edition in enumerate(unit.editions):
            if edition not in page_editions:
                problems.append(source.problem(where + (e,), "unknown-edition",
                                               f"edition {edition} is not one of this page's editions ({', '.join(page.editions)})"))
    used = {ref.target for unit in units if unit.syntax == "markup"
            for ref in markup.refs(markup.parse(unit.text)[0], "fn")}
    for i, footnote in enumerate(page.footnotes):
        if footnote.id not in used:
            problems.append(source.problem(("footnotes", i, "id"), "unused-footnote",
                                           f"footnote {footnote.id!r} is defined but no text refers to it with {{fn:{footnote.id}}}"))
    return problems


def check_example(example: Example, source: Source, stem: str, pages: dict[str, Page],
                  all_pages: Container[str] = ()) -> list[Problem]:
    """An example's own checks. ``pages`` are the valid pages; a page of ``all_pages`` missing
    from them did not validate, and its own problem is reported instead of this one."""
    problems: list[Problem] = []
    if example.id != stem:
        problems.append(source.problem(("id",), "id-mismatch", f"example id {example.id!r} differs from its file name {stem!r}.yaml"))
    page = pages.get(example.page)
    if page is None:
        if example.page not in all_pages:
            problems.append(unknown(source, ("page",), "page", example.page, set(pages)))
        return problems
    where = {s.id: s for s, _ in walk_sections(page.sections)}
    section = where.get(example.section)
    if section is None:
        problems.append(unknown(source, ("section",), "section", example.section, set(where)))
    elif not any(hasattr(b, "example") and b.example.ref == example.id for b in section.blocks):
        problems.append(source.problem(("section",), "example-place",
                                       f"section {example.section!r} of page {example.page!r} does not show this example"))
    if "expect" not in example.scenario:
        problems.append(source.problem(("scenario",), "missing-key", "a worked example states its published totals under expect"))
    return problems
