"""The view of one rules page in one language, ready for the page template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from markupsafe import Markup

from generator.model import markup
from generator.model import printings
from generator.model.data import Combination, Footnote, ListItem, Page, Reference, Section
from generator.project import Project
from generator.model.units import UnitInfo
from generator.render import order, abbreviations, combinations, icons, inline, pictures
from generator.render.escape import attr, md_text
from generator.core.vocabulary import COMBINATIONS_PAGE
from generator.render.language import Lang, capitalised

# The three answers a cell of the "Differences between printings" table can give.
PRESENCE = {"has": "✓", "lacks": "✗", "unknown": "?"}
ICONS = {"book": ":material-book-open-variant:", "globe": ":material-earth:", "arrow": ":material-arrow-right-bold:"}


@dataclass
class Item:
    text: Markup
    children: list[Item] = field(default_factory=list)


@dataclass
class Block:
    kind: str
    text: Markup = Markup("")
    items: list[Item] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class SectionView:
    id: str
    level: int
    title: Markup
    blocks: list[Block]
    sections: list[SectionView]


def expansion_pages(project: Project, expansion: str) -> list[Page]:
    """The pages of one expansion, in site order."""
    # Grouped once per project: the edition chooser of every page asks for its siblings,
    # and looking through every page for them grows with the site.
    index = project.derived.by_expansion
    if index is None:
        index = project.derived.by_expansion = {}
        for page in project.pages.values():
            index.setdefault(page.expansion, []).append(page)
    return index.get(expansion, [])


class PageRenderer:
    """Builds the template context of one page in one language."""

    def __init__(self, lang: Lang, page: Page, path: str, html: bool = True):
        """``html``: the page is written as HTML (:mod:`.html_page`), as every rules page of
        the site is; ``False`` gives the same page's parts as Markdown, which only the
        benchmark's MkDocs + static-i18n side reads (``benchmarks/markdown_pages.py``)."""
        self.lang = lang
        self.html = html
        self.page = page
        self.path = path
        self.project = lang.project
        self.units: dict[str, UnitInfo] = self.project.units[page.id]
        self.resolve = lang.resolver(path, html)
        self.footnotes = {f.id: f for f in page.footnotes}
        self.unit_section: dict[str, str] = {}
        self.kinds = {k.id: k for k in self.project.site.footnote_kinds}

    # ------------------------------------------------------------------ texts

    def unit(self, unit_id: str, section: str | None = None) -> Markup:
        unit = self.units[unit_id]
        if section:
            self.unit_section.setdefault(unit_id, section)
        html = self.lang.text(unit, self.resolve)
        diffs = [self.footnotes[target] for target in printings.footnote_refs(unit)
                 if target in self.footnotes and self.footnotes[target].kind == "printing"]
        if diffs:
            label = Markup("; ").join(self.diff_label(f) for f in diffs)
            # No title on the whole text: the label is shown beside it, and its abbreviations
            # carry their own tooltips, which a second one around them would cover.
            html = Markup(f'<span class="rs-diff"{self.box_data(diffs)}>{html}'
                          f'<span class="rs-diff__label">{label}</span></span>')
        return html

    def box_data(self, notes: list[Footnote]) -> Markup:
        """Data attributes for the "as printed in my box" choice: the printings that have a
        text, lack it, or alone have it (see :func:`printings.box_states`). Only printings the
        notes name can be in a list, so only those are asked: asking every printing of the
        site made each text cost as much as the site has printings."""
        states = printings.box_states(notes, list(dict.fromkeys(p for note in notes for p in printings.named(note))))
        return Markup("".join(f' data-rs-{key}="{attr(" ".join(ids))}"' for key, ids in states.items()))

    def diff_label(self, footnote: Footnote) -> Markup:
        return diff_label(self.lang, footnote)

    # ------------------------------------------------------------------ blocks

    def items(self, items: list[ListItem], section: str) -> list[Item]:
        return [Item(self.unit(i.id, section), self.items(i.items, section)) for i in items]

    def block(self, block: Any, section: str) -> Block:
        if hasattr(block, "paragraph"):
            return Block("paragraph", Markup(" ").join(self.unit(u.id, section) for u in block.paragraph))
        if hasattr(block, "special_case"):
            text = Markup(" ").join(self.unit(u.id, section) for u in block.special_case)
            return Block("special", text, data={"label": self.lang.ui("label.special-case")})
        if hasattr(block, "list"):
            return Block("list", items=self.items(block.list, section))
        if hasattr(block, "numbered"):
            return Block("numbered", items=self.items(block.numbered, section))
        if hasattr(block, "example"):
            return self.example(block.example, section)
        if hasattr(block, "tiles"):
            return self.tiles(block.tiles, section)
        if hasattr(block, "combination"):
            return self.combination(block.combination, section)
        raise ValueError(f"unknown block {block!r}")  # the schema admits no other kind

    def combination(self, combo: Combination, section: str) -> Block:
        """A rule for this page's expansion played with others, written on this page."""
        ids = [u.id for u in combo.rules] or ([combo.question.id] if combo.question else [])
        anchor = combinations.anchor(self.page.id, combo)
        link = self.resolve.anchor(md_text(self.lang.ui_text("combination.all")), f"{COMBINATIONS_PAGE}#{anchor}")
        return Block("combination", Markup(" ").join(self.unit(i, section) for i in ids), data={
            "with": self.lang.ui("combination.with",
                                 expansions=combinations.expansion_names(self.lang, tuple(combo.partners))),
            "known": bool(combo.rules), "not_known": self.lang.ui("combination.not-known"), "all": Markup(link)})

    def combined(self) -> list[dict[str, Any]]:
        """The rules written on other pages for this page's expansion with theirs."""
        return [combinations.view(self.lang, entry, self.path, self.html, partner_of=self.page.expansion)
                for entry in combinations.shown_on(self.project, self.page)]

    def example(self, ref: Any, section: str) -> Block:
        scored = self.project.examples.get(ref.ref)
        if scored is None:
            # Totals still waiting for a board (check warns example-without-board): the caption alone.
            return Block("paragraph", self.unit(ref.caption.id, section))
        steps = []
        for number, feature in enumerate(scored.result.features, 1):
            lines = [capitalised(self.step(step)) for step in feature.steps]
            steps.append(Item(self.lang.ui("example.feature", number=number,
                                           feature=self.lang.ui(f"feature.{feature.kind}")),
                              [Item(line) for line in lines]))
        totals = capitalised(self.lang.join([self.lang.ui("example.total", player=self.player(p), points=points)
                                             for p, points in scored.result.totals.items()]))
        name = self.lang.site_text(f"ruleset.{scored.ruleset}.name")
        link = Markup(self.resolve.anchor(md_text(name), f"variants.md#{scored.ruleset}"))
        return Block("example", self.unit(ref.caption.id, section), items=steps, data={
            **self.example_picture(scored),
            "title": md_text(self.lang.ui_text("example.checked")),
            "totals": totals,
            "ruleset": self.lang.ui("example.ruleset", ruleset=link),
            "id": ref.ref,
        })

    def example_picture(self, scored: Any) -> dict[str, Markup]:
        view = scored.scenario.board
        if view is None:
            return {"picture": Markup(""), "illustration": Markup("")}
        names = {c.id: self.lang.site_text(f"colour.{c.id}") for c in self.project.site.colours}
        alt = pictures.board_alt(self.lang, scored, names)
        example = scored.example
        note = (self.lang.ui("example.own") if not example.published
                else self.lang.ui("example.illustration") if example.illustration else Markup(""))
        return {"picture": self.image(alt, pictures.board_file(scored.example.id, self.picture_base), "rs-board"),
                "illustration": note, **order.order_view(self.lang, scored, self.html_picture_base, self.player)}

    def player(self, colour: str) -> Markup:
        name, css = self.resolve.colour(colour) if colour in {c.id for c in self.project.site.colours} else (colour, "#000000")
        return Markup(inline.player_span(colour, name, css))

    def step(self, step: Any) -> Markup:
        values: dict[str, object] = {}
        for name, value in step.values.items():
            if name == "player":
                values[name] = self.player(str(value))
            elif name == "players":
                players = value if isinstance(value, (list, tuple)) else str(value).split(",")
                values[name] = self.lang.join([self.player(p.strip()) for p in players])
            elif name == "strengths" and isinstance(value, dict):
                values[name] = Markup(", ").join(Markup(f"{self.player(p)} {n}") for p, n in value.items())
            elif name == "holdings" and isinstance(value, str) and value != "0":
                # Goods tokens as the scorer lists them, "red 3, blue 1": each player in the page's words.
                pairs = [part.rsplit(" ", 1) for part in value.split(", ")]
                values[name] = Markup(", ").join(Markup("{} {}").format(self.player(p), n) for p, n in pairs)
            else:
                values[name] = value
        return self.lang.ui(f"step.{step.code}", **values)

    def tiles(self, table: Any, section: str) -> Block:
        groups = []
        for group in table.groups:
            rows = [(md_text(t.id), t.count, self.unit(t.note.id, section) if t.note else Markup(""),
                     self.tile_picture(t.id)) for t in group.tiles]
            groups.append({"title": self.unit(group.title.id, section) if group.title else None, "rows": rows})
        edition = self.lang.site(f"edition.{table.edition}.name") if table.edition else None
        return Block("tiles", self.unit(table.summary.id, section), data={
            "groups": groups,
            "edition": edition,
            "headers": [self.lang.ui("tiles.tile"), self.lang.ui("tiles.count"), self.lang.ui("tiles.note")],
        })

    def tile_picture(self, tile_id: str) -> Markup:
        tile = self.project.tiles.types.get(tile_id)
        if tile is None:
            return Markup("")
        return self.image(pictures.tile_alt(self.lang, tile), pictures.tile_file(tile, self.picture_base), "rs-tile")

    def image(self, alt: str, target: str, css: str) -> Markup:
        return (pictures.img if self.html else pictures.image)(alt, target, css)

    @cached_property
    def picture_base(self) -> str:
        return pictures.picture_base(self.lang, self.path, self.html)

    @cached_property
    def html_picture_base(self) -> str:
        """The base for pictures inside raw HTML, which MkDocs passes on without rewriting links."""
        return pictures.picture_base(self.lang, self.path, True)

    def section(self, section: Section, level: int) -> SectionView:
        title = self.lang.text(self.units[f"section.{section.id}"], self.resolve)
        return SectionView(
            id=section.id, level=level, title=title,
            blocks=[self.block(b, section.id) for b in section.blocks],
            sections=[self.section(s, level + 1) for s in section.sections],
        )

    # ------------------------------------------------------------------ page parts

    def footnote(self, footnote: Footnote) -> tuple[str, Markup]:
        """A note as the list of footnotes shows it (id, HTML): its kind's icon, then its text."""
        kind = self.kinds[footnote.kind]
        parts: list[Markup] = []
        if footnote.kind == "printing":
            parts += [self.lang.ui(f"fn.{key}", **{param: self.printing_links(ids)})
                      for key, param, ids in printings.claims(footnote)]
        if footnote.text:
            parts.append(self.lang.text(self.units[f"footnote.{footnote.id}"], self.resolve))
        if footnote.history:
            dates = Markup("; ").join(self.lang.ui(f"ruling.{h.event}", date=h.date) for h in footnote.history)
            parts.append(Markup(f'<span class="rs-dates">({dates})</span>'))
        box = self.box_data([footnote]) if footnote.kind == "printing" else Markup("")
        name = md_text(self.lang.site_text(f"footnote-kind.{kind.id}.name"))
        if self.html:
            marker = icons.icon(ICONS[kind.icon], f"rs-icon rs-icon--{footnote.kind}", Markup(f'{box} title="{name}"'))
        else:  # Material's emoji extension draws the icon, and an attribute list adds the rest
            marker = Markup(f'{ICONS[kind.icon]}{{ .rs-icon .rs-icon--{footnote.kind} title="{name}"{box} }}')
        return footnote.id, Markup(f"{marker} {Markup(' ').join(parts)}")

    def printing_links(self, ids: list[str]) -> Markup:
        links = []
        for printing_id in ids:
            label, target = self.resolve.printing(printing_id)
            links.append(Markup(self.resolve.anchor(md_text(label), target)))
        return self.lang.join(links)

    def box_chooser(self) -> dict[str, Any]:
        """The "as printed in my box" choice: the printings this page knows something about
        (its releases and every printing its notes name, see :func:`printings.columns`),
        named in this language. Any other box would mark nothing; listing every printing
        of the site made every page grow with the site.

        Rendered hidden; rulesite.js shows it, so without JavaScript the page reads as before."""
        known = {p.id: p for p in self.project.site.printings}
        # An option names the box as printed, so it takes the box's language (a translated name is this page's).
        options = [(attr(p.id), md_text(self.lang.printing_label_text(p.id)),
                    attr(p.language) if p.language != self.lang.code and not p.name_translated else "")
                   for p in (known[i] for i in printings.columns(self.page) if i in known)]
        words = {"none": attr(self.lang.ui_text("box.none")), "note": attr(self.lang.ui_text("box.note")),
                 "text-lacks": attr(self.lang.ui_text("box.lacks")), "text-only": attr(self.lang.ui_text("box.only"))}
        words.update({state: attr(self.lang.ui_text(f"differences.{state}")) for state in PRESENCE})
        return {"label": md_text(self.lang.ui_text("box.label")), "options": options, "words": words}

    def chooser(self) -> list[dict[str, Any]]:
        """One entry per edition of the site: which page of this expansion covers it."""
        entries = []
        siblings = expansion_pages(self.project, self.page.expansion)
        for edition in self.project.site.editions:
            covering = [p for p in siblings if edition.id in p.editions]
            target = covering[0] if covering else None
            entries.append({
                # The edition's id, its tooltip saying what it is (and when no page covers it, that too).
                "label": abbreviations.edition(self.lang, edition.id, None if covering else self.lang.ui_text("chooser.none")),
                "current": target is not None and target.id == self.page.id,
                "link": self.resolve.link(f"{target.id}.md") if target else None,
            })
        return entries

    def sources(self) -> list[Markup]:
        """Every source the page cites (its sections, combinations and printing notes), in the
        order they first come, each with the address it can be read at."""
        known = {r.id: r for r in self.project.site.sources}
        return [source_link(known[r]) for r in dict.fromkeys(cited_sources(self.page)) if r in known]

    def links(self) -> list[Markup]:
        """The expansion's pages on other sites (site.yaml ``expansions`` ``links``)."""
        known = {r.id: r for r in self.project.site.sources}
        expansion = next((x for x in self.project.site.expansions if x.id == self.page.expansion), None)
        return [source_link(known[r]) for r in (expansion.links if expansion else []) if r in known]

    def differences(self) -> dict[str, Any]:
        """Rows of the "Differences between printings" table, from the printing footnotes."""
        if not any(f.kind == "printing" for f in self.page.footnotes):
            return {"rows": [], "columns": []}
        columns = printings.columns(self.page)
        rows = []
        for unit, note in printings.texts(self.page, self.units):
            cells = [self.presence_cell(printings.presence(note, printing), printing) for printing in columns]
            rows.append({"excerpt": md_text(excerpt(self.lang, self.resolve, unit)),
                         "anchor": self.unit_section.get(unit.id), "label": self.diff_label(note), "cells": cells})
        # "Not known" is written out (a column of "?" told a reader nothing); has and lacks keep their symbols.
        legend = [Markup(f"{PRESENCE[state]} {self.lang.ui(f'differences.{state}')}") for state in PRESENCE if state != "unknown"]
        legend.append(Markup(f'<span class="rs-presence--unknown">{self.lang.ui("differences.unknown-short")}</span>: '
                             f'{self.lang.ui("differences.unknown-means")}'))
        return {"rows": rows, "columns": [md_text(self.lang.printings[p].short) for p in columns],
                "titles": [attr(self.lang.printing_label_text(p)) for p in columns], "ids": [attr(p) for p in columns],
                "legend": legend}

    def presence_cell(self, state: str, printing: str) -> Markup:
        """A cell of the table: a symbol, and the state in words for screen readers and tooltips."""
        words = self.lang.ui_text(f"differences.{state}")
        shown = (f'<span aria-hidden="true">{PRESENCE[state]}</span><span class="rs-sr-only">{md_text(words)}</span>'
                 if state != "unknown" else md_text(self.lang.ui_text("differences.unknown-short")))
        # data-rs-label names the printing where a phone shows each row as a card (layout CSS):
        # on the mark itself, since a Markdown table cell could carry no attribute of its own.
        return Markup(f'<span class="rs-presence rs-presence--{state}" data-rs-printing="{attr(printing)}" '
                      f'data-rs-label="{attr(self.lang.printings[printing].short)}" title="{attr(words)}">{shown}</span>')

    def context(self) -> dict[str, Any]:
        page, lang = self.page, self.lang
        sections = [self.section(s, 2) for s in page.sections]  # fills unit_section, used by the table
        footnotes = [self.footnote(f) for f in page.footnotes]
        info = page.info
        series = None
        if info.series:
            series = lang.filled("site", f"series.{info.series.series}.pattern", number=info.series.number)
        related = [(md_text(lang.page_title_text(r)), self.resolve.link(f"{r}.md")) for r in page.related]
        flavour = self.lang.text(self.units["flavour"], self.resolve) if "flavour" in self.units else None
        return {
            "page": page,
            "title": lang.unit(page.id, "title"),
            "title_plain": lang.page_title_text(page.id),
            "description": lang.site_text("site.description"),
            "flavour": flavour,
            "chooser": self.chooser(),
            "box": self.box_chooser(),
            "legend_link": self.resolve.link("legend.md"),
            "publisher": md_text(lang.publishers[info.publisher].name),
            "publisher_link": self.resolve.link(f"publishers/{info.publisher}.md"),
            "series": series,
            "editions": [lang.site(f"edition.{e}.name") for e in page.editions],
            "releases": [(lang.printing_label(r.printing), self.resolve.link(self.resolve.printing(r.printing)[1]),
                          r.year or lang.printings[r.printing].year) for r in info.releases],
            "categories": [lang.site(f"category.{c}") for c in page.categories],
            "sections": sections,
            "differences": self.differences(),
            "related": related,
            "combined": self.combined(),
            "sources": self.sources(),
            "links": self.links(),
            "footnotes": footnotes,
        }


def source_link(ref: Reference) -> Markup:
    """A source as a reader follows it: a link where it has a web address, else its title and place."""
    where = ref.where or ""
    title = md_text(ref.title)
    if where.startswith(("https://", "http://")):
        return Markup(f'<a href="{attr(where)}" rel="nofollow noopener">{title}</a>')
    return Markup(f"{title}, {md_text(where)}") if where else title


def cited_sources(page: Page) -> list[str]:
    """Source ids the page names, in reading order, repeats included."""
    found: list[str] = []

    def walk(sections: list[Section]) -> None:
        for section in sections:
            found.extend(section.sources)
            found.extend(s for b in section.blocks if hasattr(b, "combination") for s in b.combination.sources)
            walk(section.sections)

    walk(page.sections)
    found.extend(s for f in page.footnotes for s in f.sources)
    return found


def diff_label(lang: Lang, footnote: Footnote) -> Markup:
    """The short label shown next to a text: "only in RGG", each short label an ``<abbr>``
    naming its printing."""
    return Markup("; ").join(
        lang.ui(f"diff.{key}", **{param: lang.join([abbreviations.printing(lang, p) for p in ids])})
        for key, param, ids in printings.claims(footnote))


def excerpt(lang: Lang, resolve: Any, unit: UnitInfo, length: int = 90) -> str:
    """The start of a text in this language, without markup."""
    text = inline.plain_text(markup.parse(lang.status(unit.doc, unit.id).text)[0], resolve)
    return text if len(text) <= length else text[:length - 3].rsplit(" ", 1)[0] + " …"
