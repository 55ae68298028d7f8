"""What a page states about itself that its data needs: expansion, editions, publisher, year.

Each fact comes from the caller (``--expansion``, ``--edition``) or from the page, never from a
guess. The tile edition is the edition chooser's picture, else the words that end the title
("(1st edition)"), else a category that names an edition (``page_editions`` in the mapping).
The expansion is one site.yaml lists under the title's name (or that the chooser links to);
a title site.yaml does not list is a new expansion only when the page marks itself as an
expansion's page (an edition in its title or chooser, an expansion category), and the import
then adds it. A fact that is still missing is a ``missing-info`` error at the page's start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.core.problem import Problem
from generator.core.vocabulary import ID_PATTERN
from generator.wiki.draft import DPage, SiteIndex, key, walk
from generator.wiki.inline import to_plain
from generator.wiki.mapping import Mapping
from generator.wiki.page_data import Meta, slug
from generator.wiki.source import WikiPage

_EDITION_SUFFIX = re.compile(r"\s*\([^()]*\)\s*$")
_NOTHING_WRITTEN = "nothing is written (the data needs it, and the import invents no fact)"


@dataclass(frozen=True)
class Given:
    """What the command line says of the pages: ``--expansion`` and ``--edition``."""

    expansion: str | None = None
    editions: tuple[str, ...] = ()


def page_meta(drafts: list[DPage], site: SiteIndex, mapping: Mapping,
              given: Given = Given()) -> tuple[Meta | None, list[Problem]]:
    """Expansion, editions, publisher and year: from ``given`` or the pages, or a located error for each missing one."""
    source = drafts[0]
    page = source.page
    base = _EDITION_SUFFIX.sub("", page.title).strip() or page.title
    editions, edition_problem = _editions(drafts, site, mapping, given)
    expansion, new_name, expansion_problem = _expansion(drafts, site, mapping, given, base)
    publisher = next((d.publisher[0] for d in drafts if d.publisher), None)
    year = next((d.year[0] for d in drafts if d.year), None)
    missing = [problem for problem in (expansion_problem, edition_problem) if problem]
    for value, what in ((publisher, "the publisher: no link to a publisher of site.yaml"),
                        (year, "the year of first release: no year template")):
        if value is None:
            missing.append(_missing(page, f"the page does not say {what}; {_NOTHING_WRITTEN}"))
    if missing or expansion is None:
        return None, missing
    return Meta(expansion, editions, publisher, year, _series(source, site), new_expansion=new_name), []


def _missing(page: WikiPage, message: str) -> Problem:
    return Problem(page.file, page.first_line, 1, "missing-info", message)


def _editions(drafts: list[DPage], site: SiteIndex, mapping: Mapping,
              given: Given) -> tuple[list[str], Problem | None]:
    """The page's tile editions and, when there are none, the problem saying why not."""
    page = drafts[0].page
    known = ", ".join(site.editions)
    if given.editions:
        unknown = [edition for edition in given.editions if edition not in site.editions]
        if unknown:
            return [], Problem(page.file, page.first_line, 1, "bad-value",
                               f"--edition {', '.join(unknown)} is no edition of site.yaml ({known}); {_NOTHING_WRITTEN}")
        return list(dict.fromkeys(given.editions)), None
    rules = mapping.page_editions
    found = [edition for d in drafts for edition, _ in d.editions]
    found = found or rules.title_editions(drafts[0].page.title)
    found = found or [edition for category, _ in drafts[0].categories for edition in rules.categories.get(category, [])]
    editions = list(dict.fromkeys(edition for edition in found if edition in site.editions))
    if editions:
        return editions, None
    return [], _missing(page, "the page does not say its tile edition: its edition chooser's picture, the end of "
                        f"its title and its categories name none of site.yaml's editions ({known}); give it with "
                        f"--edition; {_NOTHING_WRITTEN}")


def _expansion(drafts: list[DPage], site: SiteIndex, mapping: Mapping, given: Given,
               base: str) -> tuple[str | None, str | None, Problem | None]:
    """The expansion's id, its name when site.yaml does not list it yet, and the problem when there is none."""
    page = drafts[0].page
    if given.expansion is not None:
        if not re.match(ID_PATTERN, given.expansion):
            return None, None, Problem(page.file, page.first_line, 1, "bad-id",
                                       f"--expansion {given.expansion!r} is not an id: lower-case letters and digits, "
                                       f"joined by '-' or '.'; {_NOTHING_WRITTEN}")
        known = site.expansions.get(key(given.expansion))
        return (known, None, None) if known else (given.expansion, base, None)
    known = site.expansions.get(key(base)) or next((e for d in drafts for e in d.expansions), None)
    if known:
        return known, None, None
    # Only the page's own marks count: an --edition alone does not make a title an expansion's name.
    rules = mapping.page_editions
    marked = any(d.editions for d in drafts) or bool(rules.title_editions(drafts[0].page.title)) or any(
        category in rules.expansion_categories for category, _ in drafts[0].categories)
    wanted = slug(base, "")
    if marked and wanted:
        return wanted, base, None
    return None, None, _missing(page, f"the page does not say its expansion: {base!r} is no expansion of site.yaml, "
                                "and nothing on the page (an edition in its title or edition chooser, an expansion "
                                f"category) marks it as an expansion's page; give it with --expansion ID; "
                                + _NOTHING_WRITTEN)


def _series(draft: DPage, site: SiteIndex) -> dict[str, Any] | None:
    texts = [to_plain(unit.text) for section in walk(draft.root.sections) for block in section.blocks
             for unit in block.units]
    for series in site.series:
        pattern = re.escape(series.pattern).replace(re.escape("{number}"), "([0-9]{1,4})")
        for text in texts:
            found = re.search(pattern, text)
            if found:
                return {"series": series.id, "number": int(found.group(1))}
    return None
