"""The source page's draft as the data of ``rules_data/pages/<id>.yaml`` and its worked examples.

Ids are given here: a section keeps the id an earlier import gave the heading with the same
``<!--T:n-->`` number, else the slug of its English title; a text with a number is
``<section>.t<n>``, one without ``<section>.<k>``; a named footnote is the slug of its name,
another ``<kind>-<k>``. Facts the wiki does not hold as data are never filled in: a missing
publisher, year, expansion or edition stops the page (``missing-info``), a printing note whose
printing or source is not known stays an editors' note and is reported.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from generator.model import markup
from generator.model.data import Printing
from generator.wiki.draft import DBlock, DFootnote, DItem, DPage, DSection, DTiles, DUnit, SiteIndex, key, markers, replace_markers, walk
from generator.wiki.inline import escape, to_plain
from generator.wiki.mapping import Mapping
from generator.wiki.source import WikiPage

_TOTAL = re.compile(r"([0-9]{1,6})\s*([^\W\d_]+)|[.!?](?=\s|$)")

Report = Callable[[WikiPage, int, str, str], None]


def slug(text: str, fallback: str) -> str:
    """An id from a title: lower-case ASCII words joined by hyphens."""
    words = re.findall(r"[a-z0-9]+", key_words(text))
    found = "-".join(words)[:60].strip("-")
    return found or fallback


def key_words(text: str) -> str:
    folded = unicodedata.normalize("NFKD", to_plain(text)).encode("ascii", "ignore").decode("ascii")
    return folded.lower()


@dataclass
class Meta:
    """The facts of a page that the data needs (:func:`generator.wiki.meta.page_meta` finds them)."""

    expansion: str
    editions: list[str]
    publisher: str
    year: int
    series: dict[str, Any] | None
    new_expansion: str | None = None
    """The name of an expansion site.yaml does not list yet, which the import adds."""
    cited: list[str] = field(default_factory=list)
    """Sources every top-level section cites: the wiki page, when the import added it as a source."""


@dataclass
class Built:
    """The page's data, its examples and the ids the draft's parts were given."""

    page: dict[str, Any]
    examples: list[tuple[str, dict[str, Any], DBlock]] = field(default_factory=list)
    unit_ids: dict[int, str] = field(default_factory=dict)
    section_ids: dict[int, str] = field(default_factory=dict)
    footnote_ids: dict[int, str] = field(default_factory=dict)
    footnote_texts: set[str] = field(default_factory=set)


class PageBuilder:
    """Builds one page's data from its source draft, given the ids of an earlier import."""

    def __init__(self, page_id: str, draft: DPage, meta: Meta, site: SiteIndex, mapping: Mapping,
                 previous: dict[int, str], report: Report):
        self.page_id, self.draft, self.meta, self.site, self.mapping = page_id, draft, meta, site, mapping
        self.previous, self.report = previous, report
        self.built = Built({})
        self.used_ids: set[str] = set()
        self.referenced: list[int] = []
        self.example_count = 0
        root = draft.root
        # Text before the first heading: a section under the page's own title.
        intro = [DSection(escape(draft.page.title), 1, 0, blocks=root.blocks)] if root.blocks else []
        self.top = intro + root.sections

    def unique(self, wanted: str) -> str:
        found, number = wanted, 1
        while found in self.used_ids:
            number += 1
            found = f"{wanted}-{number}"
        self.used_ids.add(found)
        return found

    def build(self, sources: list[str]) -> Built:
        self.footnote_ids()
        self.section_ids()
        for section in walk(self.draft.root.sections):
            self.move_footnotes(section)
        sections = self.sections(self.top)
        if self.meta.cited:  # the page of an expansion this import added cites the wiki page it came from
            sections = [_citing(section, self.meta.cited) for section in sections]
        page: dict[str, Any] = {"id": self.page_id, "expansion": self.meta.expansion, "editions": self.meta.editions,
                                "title": escape(self.draft.page.title)}
        if self.draft.flavour is not None:
            page["flavour"] = self.text(self.draft.flavour, "flavour")
        info: dict[str, Any] = {"publisher": self.meta.publisher, "year": self.meta.year}
        if self.meta.series:
            info["series"] = self.meta.series
        page["info"] = info
        categories = list(dict.fromkeys(c for c, _ in self.draft.categories if c in self.site.categories.values()))
        if categories:
            page["categories"] = categories
        page["sections"] = sections
        footnotes = self.footnotes(sources)
        if footnotes:
            page["footnotes"] = footnotes
        self.built.page = page
        return self.built

    # ------------------------------------------------------------------ ids

    def footnote_ids(self) -> None:
        counts: Counter[str] = Counter()
        for index, footnote in enumerate(self.draft.footnotes):
            if not footnote.defined:
                self.report(self.draft.page, footnote.offset, "broken-ref",
                            f"the footnote {footnote.name!r} is used but never defined: the reference is left out")
                continue
            if not footnote.text:
                self.report(self.draft.page, footnote.offset, "footnote-place",
                            "a footnote with nothing in it but its icon: left out")
                continue
            wanted = slug(footnote.name, "") if footnote.name else ""
            if not wanted:
                counts[footnote.kind] += 1
                wanted = f"{footnote.kind}-{counts[footnote.kind]}"
            self.built.footnote_ids[index] = self.unique(wanted)

    def section_ids(self) -> None:
        for section in walk(self.top):
            wanted = self.previous.get(section.marker) if section.marker else None
            self.built.section_ids[id(section)] = self.unique(wanted or slug(section.title, "section"))

    def move_footnotes(self, section: DSection) -> None:
        """References from a heading go to the end of the section's first text."""
        if not section.moved:
            return
        first = next((unit for unit in _units_of(section)), None)
        if first is not None:
            first.text += "".join(f"\x00{index}\x00" for index in section.moved)

    # ------------------------------------------------------------------ texts

    def text(self, unit: DUnit, unit_id: str) -> str:
        self.referenced += [i for i in markers(unit.text) if i in self.built.footnote_ids]
        self.built.unit_ids[id(unit)] = unit_id
        return replace_markers(unit.text, self.built.footnote_ids)

    def unit(self, unit: DUnit, section_id: str, counter: Counter[str], name: str | None = None) -> dict[str, Any] | None:
        text = replace_markers(unit.text, self.built.footnote_ids).strip()
        if not text:
            return None
        if name is None and unit.marker is not None and f"{section_id}.t{unit.marker}" not in self.used_ids:
            unit_id = self.unique(f"{section_id}.t{unit.marker}")
        elif name is None:
            counter["unit"] += 1
            while f"{section_id}.{counter['unit']}" in self.used_ids:
                counter["unit"] += 1
            unit_id = self.unique(f"{section_id}.{counter['unit']}")
        else:
            unit_id = self.unique(f"{section_id}.{name}")
        data: dict[str, Any] = {"id": unit_id, "text": self.text(unit, unit_id)}
        if unit.marker is not None:
            data["wiki_unit"] = unit.marker
        return data

    # ------------------------------------------------------------------ sections and blocks

    def sections(self, sections: list[DSection]) -> list[dict[str, Any]]:
        found = []
        for section in sections:
            section_id = self.built.section_ids[id(section)]
            counter: Counter[str] = Counter()
            blocks = [block for block in (self.block(b, section_id, counter) for b in section.blocks) if block]
            subsections = self.sections(section.sections)
            if not blocks and not subsections:
                self.report(self.draft.page, section.offset, "empty-heading",
                            f"the heading {to_plain(section.title)!r} has nothing under it that the import keeps: left out")
                continue
            data: dict[str, Any] = {"id": section_id, "title": section.title}
            if section.marker is not None:
                data["wiki_unit"] = section.marker
            if blocks:
                data["blocks"] = blocks
            if subsections:
                data["sections"] = subsections
            found.append(data)
        return found

    def block(self, block: DBlock, section_id: str, counter: Counter[str]) -> dict[str, Any] | None:
        if block.kind in ("paragraph", "special_case"):
            unit = self.unit(block.units[0], section_id, counter)
            return {block.kind: [unit]} if unit else None
        if block.kind in ("list", "numbered"):
            items = self.items(block.items, section_id, counter)
            return {block.kind: items} if items else None
        if block.kind == "example":
            return self.example(block, section_id, counter)
        return self.tiles(block, section_id, counter)

    def items(self, items: list[DItem], section_id: str, counter: Counter[str]) -> list[dict[str, Any]]:
        found = []
        for item in items:
            data = self.unit(item.unit, section_id, counter)
            children = self.items(item.children, section_id, counter)
            if data is None:
                found += children
                continue
            if children:
                data["items"] = children
            found.append(data)
        return found

    def example(self, block: DBlock, section_id: str, counter: Counter[str]) -> dict[str, Any] | None:
        caption = block.units[0]
        counter["example"] += 1
        totals = caption_totals(replace_markers(caption.text, {}), self.mapping.points_words.get(self.draft.language, []))
        unit = self.unit(caption, section_id, counter, f"example-{counter['example']}")
        if unit is None:
            return None
        if not totals:
            self.report(self.draft.page, block.offset, "example-without-totals",
                        f"the worked example {block.picture!r} states no total next to a player's colour: its caption "
                        "is imported as a paragraph")
            return {"paragraph": [unit]}
        self.example_count += 1
        example_id = f"{self.page_id}-example-{self.example_count}"
        scenario: dict[str, Any] = {"edition": self.meta.editions[0]} if len(self.meta.editions) == 1 else {}
        scenario["expect"] = totals
        data = {"id": example_id, "page": self.page_id, "section": section_id, "scenario": scenario}
        self.built.examples.append((example_id, data, block))
        return {"example": {"ref": example_id, "caption": unit}}

    def tiles(self, block: DBlock, section_id: str, counter: Counter[str]) -> dict[str, Any] | None:
        tiles = block.tiles
        assert tiles is not None
        entries, detail = match_tiles(tiles, self.site, self.meta)
        if entries is None or tiles.summary is None:
            rows = ", ".join(row.picture for row in tiles.rows[:9]) + (" …" if len(tiles.rows) > 9 else "")
            self.report(self.draft.page, block.offset, "unmapped-tiles",
                        f"a tile list ({rows or 'no rows'}) the catalogue cannot confirm: {detail or 'it has no total'}; "
                        + ("its total is imported as a paragraph" if tiles.summary else "not imported"))
            if tiles.summary is None:
                return None
            unit = self.unit(tiles.summary, section_id, counter)
            return {"paragraph": [unit]} if unit else None
        summary = self.unit(tiles.summary, section_id, counter, "tiles")
        if summary is None:
            return None
        table: dict[str, Any] = {"total": tiles.total, "summary": summary, "groups": [{"tiles": entries}]}
        if len(self.meta.editions) > 1:
            table = {"edition": detail, **table}
        return {"tiles": table}

    # ------------------------------------------------------------------ footnotes

    def footnotes(self, sources: list[str]) -> list[dict[str, Any]]:
        found = []
        referenced = set(self.referenced)
        for index, footnote in enumerate(self.draft.footnotes):
            footnote_id = self.built.footnote_ids.get(index)
            if footnote_id is None:
                continue
            if index not in referenced:
                self.report(self.draft.page, footnote.offset, "footnote-place",
                            "a footnote referred to only from a place that keeps no text (a page title, a table, a "
                            "picture): left out")
                continue
            data = self.footnote(footnote, footnote_id, sources)
            if data.get("text"):
                self.built.footnote_texts.add(footnote_id)
            found.append(data)
        return found

    def footnote(self, footnote: DFootnote, footnote_id: str, sources: list[str]) -> dict[str, Any]:
        data: dict[str, Any] = {"id": footnote_id, "kind": footnote.kind}
        if footnote.kind == "ruling" and footnote.history:
            data["history"] = [{"event": event, "date": date} for event, date in footnote.history]
        if footnote.kind != "printing":
            data["text"] = footnote.text
            return data
        claim, reason, ambiguous = resolve_claim(footnote, self.site, self.meta.editions, self.meta.expansion)
        kept = "it is imported as an editors' note, keeping its text"
        if claim is None:
            self.report(self.draft.page, footnote.offset, "ambiguous-printing" if ambiguous else "unmapped-printing",
                        f"a printing note: {reason}; {kept}")
            return {"id": footnote_id, "kind": "note", "text": footnote.text}
        if not sources:
            self.report(self.draft.page, footnote.offset, "missing-source",
                        f"a printing note: no source in site.yaml is this wiki page; {kept}")
            return {"id": footnote_id, "kind": "note", "text": footnote.text}
        data.update(claim)
        data["sources"] = sources
        if _sentences(footnote.text) > 1:
            data["text"] = footnote.text  # more than the claim: the rest is the note's explanation
        return data


def _citing(section: dict[str, Any], sources: list[str]) -> dict[str, Any]:
    """``section`` naming ``sources``, placed after its title as the hand-written pages place them."""
    keys = list(section)
    at = keys.index("title") + 1
    return {**{k: section[k] for k in keys[:at]}, "sources": list(sources), **{k: section[k] for k in keys[at:]}}


def _units_of(section: DSection) -> list[DUnit]:
    found: list[DUnit] = []
    for block in section.blocks:
        found += block.units
        stack = list(block.items)
        while stack:
            item = stack.pop(0)
            found.append(item.unit)
            stack[0:0] = item.children
        if block.tiles is not None and block.tiles.summary is not None:
            found.append(block.tiles.summary)
    for sub in section.sections:
        found += _units_of(sub)
    return found


def _sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", to_plain(text).strip()))


def resolve_claim(footnote: DFootnote, site: SiteIndex, editions: list[str],
                  expansion: str = "") -> tuple[dict[str, Any] | None, str, bool]:
    """The printing claim of a printing note; or None, why not, and whether several printings fit."""
    if footnote.claim is None:
        return None, "its words state no claim the mapping knows (only in, missing from, since)", False
    chosen: list[str] = []
    for mention in footnote.mentions:
        candidates = _printings(mention.kind, mention.target, mention.label, site, editions, expansion)
        if len(candidates) > 1:
            names = ", ".join(p.id for p in candidates)
            return None, f"{mention.label or mention.target!r} may be any of the printings {names}; the wiki does " \
                "not say which", True
        chosen += [p.id for p in candidates if p.id not in chosen]
    if not chosen:
        return None, "it links to no publisher or printing of site.yaml", False
    if footnote.claim == "since" and len(chosen) > 1:
        return None, f"a text added by one printing, but it names {', '.join(chosen)}", True
    claim: dict[str, Any] = {"since": chosen[0]} if footnote.claim == "since" else {footnote.claim: chosen}
    if footnote.part == "end":
        claim["part"] = "end"
    return claim, "", False


def _printings(kind: str, target: str, label: str, site: SiteIndex, editions: list[str],
               expansion: str = "") -> list[Printing]:
    if kind == "printing":
        found = site.printings_named(target)
    else:
        found = [p for p in site.printings if p.publisher == target]
        named = [p for p in found if label and key(p.short) == key(label)]
        found = named or found
        # A publisher printed many boxes: those the expansion's pages already name as its
        # releases are the ones meant ("RGG" on the Mage and Witch page is its mini, not a base game).
        released = [p for p in found if p.id in site.releases.get(expansion, ())]
        found = released or found
    fitting = [p for p in found if p.edition in editions]
    # A publisher's printings count in the page's editions only; a printing named outright counts as named.
    return fitting if fitting or kind == "publisher" else found


def caption_totals(text: str, words: list[str]) -> dict[str, int]:
    """The totals a caption states: a number followed by a points word, in a sentence naming player
    colours, is the total of the colours named since the last total ("Red and Blue each score 28 points")."""
    wanted = {word.casefold() for word in words}
    totals: dict[str, int] = {}
    pending: list[str] = []
    for node in _flat(markup.parse(text)[0]):
        if isinstance(node, markup.Ref):
            if node.tag == "player" and node.target not in pending:
                pending.append(node.target)
            continue
        for found in _TOTAL.finditer(node.text):
            if found.group(1) is None:
                pending.clear()  # a sentence ends
            elif found.group(2).casefold() in wanted and pending:
                for colour in pending:
                    totals.setdefault(colour, int(found.group(1)))
                pending.clear()
    return totals


def _flat(nodes: tuple[Any, ...]) -> list[Any]:
    found: list[Any] = []
    for node in nodes:
        if isinstance(node, markup.Span):
            found += _flat(node.children)
        else:
            found.append(node)
    return found


def match_tiles(tiles: DTiles, site: SiteIndex, meta: Meta) -> tuple[list[dict[str, Any]] | None, str]:
    """The catalogue's tiles for the list's rows, or None and why not.

    Rows are matched by what the catalogue can tell apart: the count and the symbols the rows'
    configs name. Rows alike in both are interchangeable, so they take the catalogue's tiles of
    that kind in its order; the table then lists catalogue tiles only, with the wiki's counts.
    """
    if any(row.count is None for row in tiles.rows) or not tiles.rows:
        return None, "a row without a count"
    telling = frozenset(symbol for row in tiles.rows for symbol in row.symbols)
    wanted = [(row.count, frozenset(row.symbols)) for row in tiles.rows]
    for edition in meta.editions:
        candidates = [(tile, counts[edition], symbols & telling)
                      for tile, counts, symbols in site.symbols_tiles.get(meta.expansion, []) if edition in counts]
        if Counter(wanted) != Counter((count, symbols) for _, count, symbols in candidates):
            continue
        if tiles.total != sum(count for count, _ in wanted):
            return None, f"its total {tiles.total} is not the sum of its rows, {sum(c for c, _ in wanted)}"
        pools: dict[tuple[int, frozenset[str]], list[str]] = {}
        for tile, count, symbols in candidates:
            pools.setdefault((count, symbols), []).append(tile)
        return [{"id": pools[signature].pop(0), "count": signature[0]} for signature in wanted], edition
    return None, (f"the catalogue's tiles of {meta.expansion} ({', '.join(meta.editions)}) are not the rows' "
                  "counts and symbols")
