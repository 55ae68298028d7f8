"""The importer's index of the target project: site.yaml's ids and names, its pages and tiles.

Built once per import (:func:`site_index`), so that converting a page looks a name up instead
of walking the project; an expansion the import adds is added to it as well, so the run's later
pages find it.
"""

from __future__ import annotations

from generator.project import Project
from generator.wiki.draft import PageInfo, SiteIndex, key
from generator.wiki.page_data import slug
from generator.wiki.source import WikiPage


def site_index(project: Project, groups: dict[str, list[WikiPage]], page_id: str | None,
               earlier: dict[str, str]) -> SiteIndex:
    site = project.site
    publishers = {key(p.id): p.id for p in site.publishers} | {key(p.name): p.id for p in site.publishers}
    pages = [PageInfo(p.id, p.expansion, tuple(p.editions), p.title) for p in project.pages.values()]
    for title, stem in earlier.items():
        known = project.pages.get(stem)
        pages.append(PageInfo(stem, known.expansion if known else "", tuple(known.editions) if known else (), title))
    for title in groups:  # pages of this run link to each other by their wiki titles
        pages.append(PageInfo(page_id or earlier.get(title) or slug(title, "page"), "", (), title))
    tiles: dict[str, list[tuple[str, dict[str, int], frozenset[str]]]] = {}
    for _, tile_file in project.tiles.sets:
        if tile_file.expansion:
            tiles.setdefault(tile_file.expansion, []).extend(
                (spec.id, dict(spec.counts), frozenset(spec.symbols)) for spec in tile_file.tiles)
    return SiteIndex(
        source_language=project.source_language, languages=tuple(project.languages),
        editions=tuple(e.id for e in site.editions), publishers=publishers,
        publisher_names={p.id: p.name for p in site.publishers}, printings=list(site.printings),
        colours=frozenset(c.id for c in site.colours), figures=frozenset(f.id for f in site.figures),
        categories={key(c.name): c.id for c in site.categories} | {key(c.id): c.id for c in site.categories},
        expansions={key(e.name): e.id for e in site.expansions} | {key(e.id): e.id for e in site.expansions},
        expansion_names={e.id: e.name for e in site.expansions}, series=list(site.series),
        sources=list(site.sources), pages=pages, symbols_tiles=tiles, releases=_releases(project))


def _releases(project: Project) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for page in project.pages.values():
        found.setdefault(page.expansion, set()).update(r.printing for r in page.info.releases)
    return {expansion: frozenset(ids) for expansion, ids in found.items()}
