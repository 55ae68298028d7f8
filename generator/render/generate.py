"""Render every generated page of every language, in memory: rules pages as HTML
(:mod:`.html_page`), the others as Markdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from jinja2 import Environment
from markupsafe import Markup

from generator.model.printings import cited_by, texts_by_printing
from generator.project import Project
from generator.i18n.status import unit_status
from generator.render.escape import attr, md_text
from generator.render import combinations, footnotes, html_page
from generator.render.glossary import glossary
from generator.render.icons import svg
from generator.render.language import Lang
from generator.render.memo import RenderMemo, comparisons_to_render
from generator.render.names import country_name, language_name
from generator.render.page import ICONS, PageRenderer, diff_label, excerpt
from generator.render.pictures import LEGEND, image, legend_file, picture_base, picture_files, tile_alt, tile_file
from generator.render.templates import Renderer, environment
from generator.render.translator_views import comparison, dashboard, premark
from generator.core.vocabulary import (COMBINATIONS_PAGE, CONTRIBUTING_PAGE, GLOSSARY_PAGE, HOME_PAGE, LEGEND_PAGE, MOVING_A_WIKI_PAGE,
                                       PUBLISHERS_FOLDER,
                                       READING_PAGE, SCENARIO_FORMAT_PAGE, TILES_PAGE, TRANSLATE_FOLDER,
                                       VARIANTS_PAGE)

# Where the generated pages go, named once in generator/core/vocabulary.py (the check refuses
# a page id that would take one's place).
PUBLISHERS_INDEX, TRANSLATE_INDEX = f"{PUBLISHERS_FOLDER}/{HOME_PAGE}", f"{TRANSLATE_FOLDER}/{HOME_PAGE}"

# The pages of those who keep the site (editors, translators), apart from the players' pages:
# the navigation's last tab, and a search of their own (docs/design.md, "Two audiences").
CONTRIBUTORS_PAGES = (CONTRIBUTING_PAGE, SCENARIO_FORMAT_PAGE, MOVING_A_WIKI_PAGE, GLOSSARY_PAGE, f"{TRANSLATE_FOLDER}/")


def contributors_urls() -> list[str]:
    """The contributors' pages as the addresses the search index gives (a folder: every page in it)."""
    return [path.removesuffix(".md") + "/" if path.endswith(".md") else path for path in CONTRIBUTORS_PAGES]



@dataclass
class NavEntry:
    title: str
    path: str | None = None
    children: list[NavEntry] = field(default_factory=list)

    def to_mkdocs(self) -> Any:
        if self.children:
            return {self.title: [c.to_mkdocs() for c in self.children]}
        return {self.title: self.path}


@dataclass
class PrintingIndex:
    """Which pages cite each printing and which of their texts each printing footnote names:
    the same in every language, so worked out once per loaded project (before the language
    workers fork, which inherit it) rather than once per language."""

    cited: dict[str, list[Any]]
    texts: dict[str, list[Any]]
    citing: dict[str, tuple[str, ...]]
    """Publisher -> the rules pages its page reads: those citing one of its printings (their
    titles, the texts their printing footnotes mark, the footnotes themselves)."""


def printing_index(project: Project) -> PrintingIndex:
    found = project.derived.printing_index
    if found is None:
        pages = project.pages.values()
        cited = cited_by(pages)
        citing: dict[str, dict[str, None]] = {publisher.id: {} for publisher in project.site.publishers}
        for printing in project.site.printings:
            citing.setdefault(printing.publisher, {}).update((page.id, None) for page in cited.get(printing.id, []))
        found = project.derived.printing_index = PrintingIndex(cited, texts_by_printing(pages, project.units),
                                                    {publisher: tuple(ids) for publisher, ids in citing.items()})
    return found


@dataclass
class LanguageSite:
    """Everything generated for one language: Markdown files and the navigation."""

    code: str
    files: dict[str, str]
    nav: list[NavEntry]
    strings: dict[str, str]
    """Interface strings the theme templates need (404 page, skip links)."""


class SiteRenderer(Renderer):
    """Every generated page of one language (the template machinery is :class:`Renderer`'s)."""

    def __init__(self, project: Project, lang: str, env: Environment | None = None, memo: RenderMemo | None = None):
        super().__init__(project, Lang(project, lang), env)
        self.memo = memo

    def page(self, page_id: str) -> str:
        """A rules page: front matter, then HTML (see :mod:`.html_page`)."""
        path, lang = f"{page_id}.md", self.lang
        context = PageRenderer(lang, self.project.pages[page_id], path).context()
        text = self.render("page.html.j2", path, **context, title_id=Markup(html_page.TITLE_ID),
                           permalink=attr(lang.ui_text("toc.permalink")),
                           footnote_list=Markup(footnotes.LIST))
        return html_page.finish(text, context["footnotes"],
                                lambda number: attr(lang.ui_text("footnote.backlink", number=number)))

    def home(self) -> str:
        lang, path = self.lang, HOME_PAGE
        resolve = lang.resolver(path)
        expansions = []
        for expansion in self.project.site.expansions:
            pages = [p for p in self.project.pages.values() if p.expansion == expansion.id]
            if not pages:
                continue
            expansions.append({
                "name": lang.site(f"expansion.{expansion.id}"),
                "pages": [{"title": lang.unit(p.id, "title"), "link": resolve.link(f"{p.id}.md"),
                           "editions": md_text(", ".join(p.editions))} for p in pages],
            })
        links = {name: resolve.link(target) for name, target in {
            "reading": READING_PAGE, "legend": LEGEND_PAGE, "publishers": PUBLISHERS_INDEX,
            "variants": VARIANTS_PAGE, "translate": TRANSLATE_INDEX, "contributing": CONTRIBUTING_PAGE}.items()}
        return self.render("home.md.j2", path, title=lang.site("site.title"),
                           title_plain=lang.site_text("site.title"), description=lang.site_text("site.description"),
                           intro=lang.site("site.description"), expansions=expansions, links=links)

    def legend(self) -> str:
        lang = self.lang
        kinds = [{"id": k.id, "icon": ICONS[k.icon], "name": lang.site(f"footnote-kind.{k.id}.name"),
                  "description": lang.text(self.project.units["site"][f"footnote-kind.{k.id}.description"], lang.resolver(LEGEND_PAGE))}
                 for k in self.project.site.footnote_kinds]
        base = picture_base(lang, LEGEND_PAGE)
        shapes = [{"picture": image(lang.ui_text(f"legend.picture.{name}"), legend_file(name, base),
                                    "rs-legend"), "meaning": lang.ui(f"legend.picture.{name}")} for name in LEGEND]
        return self.render("legend.md.j2", LEGEND_PAGE, title=lang.ui("legend.title"),
                           title_plain=lang.ui_text("legend.title"), kinds=kinds, shapes=shapes)

    def variants(self) -> str:
        lang = self.lang
        rulesets = []
        for r in (self.project.rulesets.rulesets if self.project.rulesets else []):
            rulesets.append({"id": r.id, "name": lang.site(f"ruleset.{r.id}.name"),
                             "description": lang.text(self.project.units["site"][f"ruleset.{r.id}.description"], lang.resolver(VARIANTS_PAGE)),
                             "source": lang.site(f"ruleset.{r.id}.source"), "default_for": r.default_for})
        return self.render("variants.md.j2", VARIANTS_PAGE, title=lang.ui("variants.title"),
                           title_plain=lang.ui_text("variants.title"), rulesets=rulesets)

    def tile_catalogue(self) -> str:
        """Every tile type of the catalogue: picture, counts per edition, and the source of its layout."""
        lang, path = self.lang, TILES_PAGE
        base, catalogue = picture_base(lang, path), self.project.tiles
        sets = []
        for _, model in catalogue.sets:
            tiles = []
            for spec in model.tiles:
                notes = [lang.ui("catalogue.start")] if spec.start else []
                if spec.source:
                    notes.append(Markup(f'<span lang="en">{md_text(spec.source)}</span>'))
                tile = catalogue.types[spec.id]
                tiles.append({"id": md_text(spec.id), "note": Markup("; ").join(notes),
                              "counts": md_text(", ".join(f"{e} {n}" for e, n in spec.counts.items())),
                              "picture": image(tile_alt(lang, tile), tile_file(tile, base), "rs-tile")})
            name = lang.site(f"expansion.{model.expansion}") if model.expansion else lang.ui("catalogue.base-game")
            sets.append({"id": model.expansion or "base-game", "name": name, "tiles": tiles,
                         "source": Markup(f'<span lang="en">{md_text(model.source)}</span>')})
        return self.render("tiles.md.j2", path, title=lang.ui("catalogue.title"),
                           title_plain=lang.ui_text("catalogue.title"), sets=sets)

    def publishers(self) -> str:
        lang, path = self.lang, PUBLISHERS_INDEX
        resolve = lang.resolver(path)
        rows = []
        for publisher in self.project.site.publishers:
            printings = [lang.printing_name(p.id) for p in self.project.site.printings if p.publisher == publisher.id]
            rows.append({"name": md_text(publisher.name), "link": resolve.link(f"{PUBLISHERS_FOLDER}/{publisher.id}.md"),
                         "country": md_text(country_name(publisher.country, lang.code)), "printings": printings})
        return self.render("publishers.md.j2", path, title=lang.ui("publishers.title"),
                           title_plain=lang.ui_text("publishers.title"), publishers=rows)

    def publisher(self, publisher_id: str) -> str:
        lang, path = self.lang, f"{PUBLISHERS_FOLDER}/{publisher_id}.md"
        resolve = lang.resolver(path)
        publisher = lang.publishers[publisher_id]
        printings = []
        for printing in self.project.site.printings:
            if printing.publisher != publisher_id:
                continue
            years = ", ".join(str(y) for y in ([printing.year] if printing.year else []) + printing.reprints)
            printings.append({
                "id": printing.id, "name": lang.printing_name(printing.id), "short": md_text(printing.short),
                "edition": lang.site(f"edition.{printing.edition}.name"),
                "language": md_text(language_name(printing.language, lang.code)), "years": years,
                "description": lang.text(self.project.units["site"][f"printing.{printing.id}.description"], resolve),
                "differences": self.printing_differences(printing.id, path),
                "pages": [(md_text(lang.page_title_text(p.id)), resolve.link(f"{p.id}.md"))
                          for p in printing_index(self.project).cited.get(printing.id, [])],
            })
        return self.render("publisher.md.j2", path, title=md_text(publisher.name), title_plain=publisher.name,
                           country=md_text(country_name(publisher.country, lang.code)), printings=printings)

    def printing_differences(self, printing_id: str, path: str) -> list[dict[str, Any]]:
        """What this printing adds or lacks, gathered from every page's printing footnotes."""
        resolve = self.lang.resolver(path)
        return [{"label": diff_label(self.lang, note), "excerpt": md_text(excerpt(self.lang, resolve, unit)),
                 "link": resolve.link(f"{page.id}.md") + "#printing-differences"}
                for page, unit, note in printing_index(self.project).texts.get(printing_id, [])]

    def translate_index(self) -> str:
        return dashboard(self, self.lang)

    def translate_page(self, doc: str) -> str:
        return comparison(self, self.lang, doc)

    def site(self) -> LanguageSite:
        lang = self.lang
        files: dict[str, str] = {HOME_PAGE: self.home()}
        for page_id in self.project.pages:
            # A page shows the combinations other pages write for its expansion: it reads their files too.
            reads = (page_id, *combinations.owners(self.project, self.project.pages[page_id]))
            files[f"{page_id}.md"] = self._kept(f"{page_id}.md", reads, lambda: self.page(page_id))
        files[LEGEND_PAGE] = self.legend()
        files[VARIANTS_PAGE] = self.variants()
        files[TILES_PAGE] = self.tile_catalogue()
        files[PUBLISHERS_INDEX] = self.publishers()
        citing = printing_index(self.project).citing
        for publisher in self.project.site.publishers:
            path = f"{PUBLISHERS_FOLDER}/{publisher.id}.md"
            files[path] = self._kept(path, citing[publisher.id], lambda: self.publisher(publisher.id))
        files.update(picture_files(self.project))
        files[TRANSLATE_INDEX] = self.translate_index()
        files[GLOSSARY_PAGE] = glossary(self, lang)
        files[COMBINATIONS_PAGE] = combinations.page(self, lang)
        for doc in self.project.pages:
            path = f"{TRANSLATE_FOLDER}/{doc}.md"
            files[path] = self._kept(path, (doc,), lambda: self.translate_page(doc))
        return LanguageSite(lang.code, files, self.nav(), self.theme_strings())

    def _kept(self, path: str, reads: tuple[str, ...], make: Callable[[], str]) -> str:
        """A page's Markdown: kept from an earlier render when nothing it reads changed
        (``reads``: the rules pages whose own files it reads)."""
        if self.memo is None:
            return make()
        return self.memo.render(path, reads, make)

    def nav(self) -> list[NavEntry]:
        lang = self.lang
        expansions = []
        for expansion in self.project.site.expansions:
            pages = [p for p in self.project.pages.values() if p.expansion == expansion.id]
            if pages:
                expansions.append(NavEntry(lang.site_text(f"expansion.{expansion.id}"),
                                           children=[NavEntry(lang.page_title_text(p.id), f"{p.id}.md") for p in pages]))
        return [
            NavEntry(lang.ui_text("nav.home"), HOME_PAGE),
            NavEntry(lang.ui_text("nav.expansions"), children=expansions),
            NavEntry(lang.ui_text("nav.reference"), children=[
                NavEntry(lang.ui_text("nav.reading"), READING_PAGE),
                NavEntry(lang.ui_text("legend.title"), LEGEND_PAGE),
                NavEntry(lang.ui_text("variants.title"), VARIANTS_PAGE),
                NavEntry(lang.ui_text("catalogue.title"), TILES_PAGE),
                NavEntry(lang.ui_text("combination.title"), COMBINATIONS_PAGE),
                NavEntry(lang.ui_text("publishers.title"), children=[NavEntry(lang.ui_text("nav.overview"), PUBLISHERS_INDEX)] + [
                    NavEntry(p.name, f"{PUBLISHERS_FOLDER}/{p.id}.md") for p in self.project.site.publishers]),
            ]),
            # The contributors' pages are a tab of their own (navigation.tabs): a player's
            # navigation never lists them, and their search is their own (CONTRIBUTORS_PAGES).
            NavEntry(lang.ui_text("nav.contributing"), children=[
                NavEntry(lang.ui_text("nav.contributing-guide"), CONTRIBUTING_PAGE),
                NavEntry(lang.ui_text("nav.scenario-format"), SCENARIO_FORMAT_PAGE),
                NavEntry(lang.ui_text("nav.moving-a-wiki"), MOVING_A_WIKI_PAGE),
                # The comparison pages are linked from the status page, not listed here: a
                # list of them in every page's navigation grows with the site.
                NavEntry(lang.ui_text("nav.translate"), children=[NavEntry(lang.ui_text("translate.title"), TRANSLATE_INDEX),
                                                                   NavEntry(lang.ui_text("glossary.title"), GLOSSARY_PAGE)]),
            ]),
        ]

    def theme_strings(self) -> dict[str, str]:
        keys = ("notfound.title", "notfound.text", "notfound.home", "fallback.banner", "site.language-name",
                "footnote.close", "nav.path", "palette.dark", "palette.light", "toc.permalink", "footer.made-with",
                "search.contributors")
        out = {k: self.lang.ui_text(k) for k in keys if k in self.project.units["ui"]}
        # Python-Markdown's footnotes extension puts the number in place of "%d".
        out["footnote.backlink"] = self.lang.ui_text("footnote.backlink", number="%d")
        out["site.title"] = self.lang.site_text("site.title")
        out["site.description"] = self.lang.site_text("site.description")
        return out


def render_site(project: Project, cache: Path | None = None) -> dict[str, LanguageSite]:
    """Every language's generated pages; pure apart from reading templates."""
    env = environment(cache)
    return {code: SiteRenderer(project, code, env).site() for code in project.languages}


def prepare_rendering(project: Project, cache: Path | None = None, memos: dict[str, RenderMemo] | None = None) -> None:
    """Compile every template, work out every translation status and mark the glossary terms
    of the comparison pages the languages of ``memos`` will render (not kept in their memo),
    ahead of rendering: language workers forked afterwards inherit all of it."""
    env = environment(cache)
    for name in env.list_templates(extensions=["j2"]):
        env.get_template(name)
    for code in project.languages:
        for units in project.units.values():
            for unit in units.values():
                unit_status(project, code, unit)
    picture_files(project)
    printing_index(project)
    for shortcode in ICONS.values():  # drawing the first icon loads Material's icon index
        svg(shortcode)
    if memos is not None:
        premark(project, comparisons_to_render(project, memos))


def render_language(project: Project, code: str, cache: Path | None = None, memo: RenderMemo | None = None) -> LanguageSite:
    """One language's generated pages; with ``memo``, pages whose inputs did not change are reused."""
    return SiteRenderer(project, code, environment(cache), memo).site()
