"""Every translatable text of a document, flattened to units with stable ids.

A *document* is what one translation file covers: ``site`` (site.yaml and rulesets.yaml),
``ui`` (interface strings) or one page. Body texts of pages carry explicit ids; titles and
footnotes get ids derived from the stable ids of what they belong to, so no text's id
ever depends on its wording.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from generator.model import markup, plurals
from generator.model.data import Footnote, ListItem, Page, Rulesets, Section, Site, Ui, Unit
from generator.read.source import PathKey

# The site document's units that rulesets.yaml holds (the rest are site.yaml's).
RULESET_UNITS = "ruleset."


@dataclass(frozen=True)
class UnitInfo:
    """One English text and where it lives."""

    doc: str
    id: str
    text: str
    file: str
    path: PathKey
    kind: str
    """What the text is: title, paragraph, list-item, footnote, caption, ... (shown to translators)."""
    editions: tuple[str, ...] = ()
    detail: str = ""
    """Extra context for translators, such as a footnote's kind and dates."""
    syntax: str = "markup"
    """``markup`` (inline markup), ``plain`` (titles and names: no markup at all) or
    ``placeholders`` (interface strings, whose ``{name}`` marks are filled in by the generator)."""

    @cached_property  # the preview keeps a page's units between loads (generator/cache/load_memo.py)
    def fingerprint(self) -> str:
        return fingerprint(self.text)

    @cached_property  # every page, table and publisher page asks; a bounded parse cache thrashes
    def footnote_refs(self) -> tuple[str, ...]:
        """The footnotes this text refers to, in order."""
        return tuple(ref.target for ref in markup.refs(markup.parse(self.text)[0], "fn"))


def fingerprint(text: str) -> str:
    """12 hex digits identifying the wording of an English text."""
    return hashlib.sha256(markup.wording(text).encode("utf-8")).hexdigest()[:12]


def site_units(site: Site, rulesets: Rulesets | None, site_file: str, rulesets_file: str) -> Iterator[UnitInfo]:
    yield UnitInfo("site", "site.title", site.title, site_file, ("title",), "site-title", syntax="plain")
    yield UnitInfo("site", "site.description", site.description, site_file, ("description",), "site-description", syntax="plain")
    for i, e in enumerate(site.editions):
        yield UnitInfo("site", f"edition.{e.id}.name", e.name, site_file, ("editions", i, "name"), "edition-name", syntax="plain")
        yield UnitInfo("site", f"edition.{e.id}.recognise", e.recognise, site_file, ("editions", i, "recognise"), "edition-recognise")
    for i, p in enumerate(site.printings):
        if p.name_translated:
            yield UnitInfo("site", f"printing.{p.id}.name", p.name, site_file, ("printings", i, "name"), "printing-name", syntax="plain")
        yield UnitInfo("site", f"printing.{p.id}.description", p.description, site_file, ("printings", i, "description"), "printing-description")
    for i, k in enumerate(site.footnote_kinds):
        yield UnitInfo("site", f"footnote-kind.{k.id}.name", k.name, site_file, ("footnote_kinds", i, "name"), "footnote-kind-name", syntax="plain")
        yield UnitInfo("site", f"footnote-kind.{k.id}.description", k.description, site_file, ("footnote_kinds", i, "description"), "footnote-kind-description")
    for collection, prefix in (("figures", "figure"), ("colours", "colour"), ("expansions", "expansion"),
                               ("series", "series"), ("categories", "category")):
        for i, item in enumerate(getattr(site, collection)):
            yield UnitInfo("site", f"{prefix}.{item.id}", item.name, site_file, (collection, i, "name"), f"{prefix}-name", syntax="plain")
    for i, s in enumerate(site.series):
        yield UnitInfo("site", f"series.{s.id}.pattern", s.pattern, site_file, ("series", i, "pattern"), "series-pattern", syntax="placeholders")
    if rulesets:
        for i, r in enumerate(rulesets.rulesets):
            yield UnitInfo("site", f"{RULESET_UNITS}{r.id}.name", r.name, rulesets_file, ("rulesets", i, "name"), "ruleset-name", syntax="plain")
            yield UnitInfo("site", f"{RULESET_UNITS}{r.id}.description", r.description, rulesets_file, ("rulesets", i, "description"), "ruleset-description")
            yield UnitInfo("site", f"{RULESET_UNITS}{r.id}.source", r.source, rulesets_file, ("rulesets", i, "source"), "ruleset-source", syntax="plain")


def ui_units(ui: Ui, file: str) -> Iterator[UnitInfo]:
    for key, text in ui.strings.items():
        # A count string's translator needs to know its form (plurals.py); the hint reaches the PO comments.
        detail = plurals.HINT if plurals.is_plural(key) else ""
        yield UnitInfo("ui", key, text, file, ("strings", key), "interface", detail=detail, syntax="placeholders")


def _footnote_detail(footnote: Footnote) -> str:
    dates = ", ".join(f"{h.event} {h.date}" for h in footnote.history)
    return f"{footnote.kind} footnote" + (f" ({dates})" if dates else "")


def _unit(doc: str, unit: Unit, file: str, path: PathKey, kind: str, editions: tuple[str, ...]) -> UnitInfo:
    return UnitInfo(doc, unit.id, unit.text, file, path + ("text",), kind, tuple(unit.editions) or editions)


def _items(doc: str, items: list[ListItem], file: str, path: PathKey, kind: str, editions: tuple[str, ...]) -> Iterator[UnitInfo]:
    for i, item in enumerate(items):
        yield _unit(doc, item, file, path + (i,), kind, editions)
        yield from _items(doc, item.items, file, path + (i, "items"), kind, tuple(item.editions) or editions)


def _section(doc: str, section: Section, file: str, path: PathKey, editions: tuple[str, ...]) -> Iterator[UnitInfo]:
    editions = tuple(section.editions) or editions
    yield UnitInfo(doc, f"section.{section.id}", section.title, file, path + ("title",), "heading", editions, syntax="plain")
    for b, block in enumerate(section.blocks):
        where = path + ("blocks", b)
        if hasattr(block, "paragraph"):
            for i, unit in enumerate(block.paragraph):
                yield _unit(doc, unit, file, where + ("paragraph", i), "paragraph", editions)
        elif hasattr(block, "special_case"):
            for i, unit in enumerate(block.special_case):
                yield _unit(doc, unit, file, where + ("special_case", i), "special-case", editions)
        elif hasattr(block, "list"):
            yield from _items(doc, block.list, file, where + ("list",), "list-item", editions)
        elif hasattr(block, "numbered"):
            yield from _items(doc, block.numbered, file, where + ("numbered",), "numbered-item", editions)
        elif hasattr(block, "example"):
            yield _unit(doc, block.example.caption, file, where + ("example", "caption"), "example-caption", editions)
        elif hasattr(block, "combination"):
            combination = block.combination
            for i, unit in enumerate(combination.rules):
                yield _unit(doc, unit, file, where + ("combination", "rules", i), "combination", editions)
            if combination.question:
                yield _unit(doc, combination.question, file, where + ("combination", "question"), "combination-question",
                            editions)
        elif hasattr(block, "tiles"):
            table = block.tiles
            tile_editions = (table.edition,) if table.edition else editions
            yield _unit(doc, table.summary, file, where + ("tiles", "summary"), "tile-summary", tile_editions)
            for g, group in enumerate(table.groups):
                if group.title:
                    yield _unit(doc, group.title, file, where + ("tiles", "groups", g, "title"), "tile-group", tile_editions)
                for t, tile in enumerate(group.tiles):
                    if tile.note:
                        yield _unit(doc, tile.note, file, where + ("tiles", "groups", g, "tiles", t, "note"), "tile-note", tile_editions)
    for s, sub in enumerate(section.sections):
        yield from _section(doc, sub, file, path + ("sections", s), editions)


def page_units(page: Page, file: str) -> Iterator[UnitInfo]:
    """Units of a page in reading order: title, flavour, sections, then footnotes."""
    doc, editions = page.id, tuple(page.editions)
    yield UnitInfo(doc, "title", page.title, file, ("title",), "page-title", editions, syntax="plain")
    if page.flavour:
        yield UnitInfo(doc, "flavour", page.flavour, file, ("flavour",), "flavour", editions)
    for s, section in enumerate(page.sections):
        yield from _section(doc, section, file, ("sections", s), editions)
    for f, footnote in enumerate(page.footnotes):
        if footnote.text:
            yield UnitInfo(doc, f"footnote.{footnote.id}", footnote.text, file, ("footnotes", f, "text"),
                           "footnote", editions, _footnote_detail(footnote))


def walk_sections(sections: list[Section], path: PathKey = ("sections",)) -> Iterator[tuple[Section, PathKey]]:
    """Every section at any depth, with its path in the page file."""
    for i, section in enumerate(sections):
        yield section, path + (i,)
        yield from walk_sections(section.sections, path + (i, "sections"))
