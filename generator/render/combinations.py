"""Rules for playing expansions together: where each is written, how it shows on the
partner expansions' pages, and the combinations page that gathers them all.

A combination is written once, in a ``combination`` block of one page (its owner), as
units of that page: it is translated, tracked and searched like the page's other texts.
Its partner expansions' pages show the same units, linked back to the owner, and the
combinations page lists every one by the expansions it joins. A combination whose rule no
source gives has a question and no rules, and shows as "not known".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup

from generator.core.vocabulary import COMBINATIONS_PAGE
from generator.model.data import Combination, Page, Section
from generator.project import Project
from generator.render.escape import md_text
from generator.render.language import Lang

if TYPE_CHECKING:
    from generator.render.templates import Renderer


@dataclass(frozen=True)
class Entry:
    """One combination block, as every page that shows it needs it."""

    page: str
    """The page it is written on."""
    section: str
    expansions: tuple[str, ...]
    """The owner page's expansion, then the partners, as the block lists them."""
    rules: tuple[str, ...]
    """Unit ids of the rule; empty when no source gives it."""
    question: str | None
    anchor: str
    """Its place on the combinations page (and the owner page's block id)."""

    @property
    def known(self) -> bool:
        return bool(self.rules)


def entries(project: Project) -> list[Entry]:
    """Every combination of the site, in page and reading order (worked out once per project)."""
    found = project.derived.combinations
    if found is None:
        found = project.derived.combinations = []
        for page in project.pages.values():
            for section in page.sections:
                found += _in_section(page, section)
    return found


def _in_section(page: Page, section: Section) -> list[Entry]:
    out = []
    for block in section.blocks:
        if hasattr(block, "combination"):
            c = block.combination
            out.append(Entry(page.id, section.id, (page.expansion, *c.partners), tuple(u.id for u in c.rules),
                             c.question.id if c.question else None, anchor(page.id, c)))
    for sub in section.sections:
        out += _in_section(page, sub)
    return out


def anchor(page_id: str, combination: Combination) -> str:
    """The id of a combination on the combinations page and on its own page."""
    first = (combination.rules[0] if combination.rules else combination.question)  # the check requires one
    return f"combination-{page_id}-{first.id if first else 'rule'}".replace(".", "-")


def shown_on(project: Project, page: Page) -> list[Entry]:
    """The combinations written on other pages that name ``page``'s expansion as a partner, from
    pages of the same tile editions (a first-edition rule is not shown on a later edition's page)."""
    editions = set(page.editions)
    return [e for e in entries(project) if page.expansion in e.expansions[1:] and e.page != page.id
            and editions & set(project.pages[e.page].editions)]


def owners(project: Project, page: Page) -> tuple[str, ...]:
    """The pages whose files a page reads for its combinations (what its kept render depends on)."""
    return tuple(dict.fromkeys(e.page for e in shown_on(project, page)))


def expansion_names(lang: Lang, expansions: tuple[str, ...]) -> Markup:
    return lang.join([md_text(lang.site_text(f"expansion.{x}")) for x in expansions])


def texts(lang: Lang, entry: Entry, path: str, html: bool) -> Markup:
    """The rule (or the open question) in ``lang``, for a page other than its owner.

    Footnote marks are left out: the footnotes belong to the owner page, which is linked."""
    resolve = dataclasses.replace(lang.resolver(path, html), footnote=lambda _note: "")
    units = lang.project.units[entry.page]
    ids = entry.rules or ((entry.question,) if entry.question else ())
    return Markup(" ").join(lang.text(units[i], resolve) for i in ids)


def view(lang: Lang, entry: Entry, path: str, html: bool, partner_of: str | None = None) -> dict[str, Markup | bool]:
    """What a page shows of one combination: with which expansions, its text, where it comes from."""
    resolve = lang.resolver(path, html)
    others = tuple(x for x in entry.expansions if x != partner_of) if partner_of else entry.expansions[1:]
    source = resolve.anchor(md_text(lang.page_title_text(entry.page)), f"{entry.page}.md#{entry.section}")
    return {
        "with": lang.ui("combination.with", expansions=expansion_names(lang, others)),
        "text": texts(lang, entry, path, html),
        "known": entry.known,
        "not_known": lang.ui("combination.not-known"),
        "source": lang.ui("combination.from", page=Markup(source)),
        "all": Markup(resolve.anchor(md_text(lang.ui_text("combination.all")), f"{COMBINATIONS_PAGE}#{entry.anchor}")),
    }


def page(renderer: Renderer, lang: Lang) -> str:
    """``combinations.md``: every combination, grouped by the expansions it joins, in site order."""
    project, path = renderer.project, COMBINATIONS_PAGE
    order = {x.id: i for i, x in enumerate(project.site.expansions)}
    groups: dict[tuple[str, ...], list[dict[str, object]]] = {}
    for entry in entries(project):
        joined = tuple(sorted(entry.expansions, key=lambda x: order.get(x, len(order))))
        groups.setdefault(joined, []).append({"anchor": entry.anchor, **view(lang, entry, path, False)})
    listed = [{"title": Markup(" + ").join(md_text(lang.site_text(f"expansion.{x}")) for x in joined), "entries": items}
              for joined, items in sorted(groups.items(), key=lambda g: [order.get(x, len(order)) for x in g[0]])]
    return renderer.render("combinations.md.j2", path, title=lang.ui("combination.title"),
                           title_plain=lang.ui_text("combination.title"), groups=listed)
