"""The drafts of many pages at once: each page parsed and converted in a worker process.

Parsing a page and converting it into a draft (:func:`generator.wiki.convert.convert`) are
half of an import's time, and each page's draft depends only on that page, the mapping and
the site's index. So :func:`drafted` hands the pages to one forked worker per core, which
inherit the pages, the mapping and the index, and send each draft back without its parse
tree. The drafts come back in order as they are made, so the importing process plans a
page (pairing, page data, files) while the workers draft the pages after it. A handful of
pages is drafted in this process: starting workers would cost more.
"""

from __future__ import annotations

from typing import Iterator

from generator.core import workers
from generator.core.problem import Problem
from generator.wiki.convert import convert
from generator.wiki.draft import DPage, SiteIndex
from generator.wiki.mapping import Mapping
from generator.wiki.source import WikiPage, looks_rendered, parse

SMALL = 24
"""Pages below which the drafts are made in this process."""

Drafted = tuple[bool, DPage | None, list[Problem]]
"""Whether the page is a rendered copy, its draft (None when it is one, or did not parse), what was found."""


def draft_of(page: WikiPage, mapping: Mapping, site: SiteIndex) -> Drafted:
    """One page parsed (unless it was already) and converted."""
    if page.tree is None:
        tree, problem = parse(page.text, page.file, page.first_line, page.first_column)
        if tree is None:
            return False, None, [problem] if problem else []
        page.tree = tree
    if looks_rendered(page.tree, page.text):
        return True, None, []
    draft, problems = convert(page, mapping, site)
    return False, draft, problems


def drafted(pages: list[WikiPage], mapping: Mapping, site: SiteIndex, jobs: int = 0) -> Iterator[Drafted]:
    """The draft of each page of ``pages``, in order and each as soon as it is made, ``jobs``
    processes at a time (0: one per core)."""
    processes = workers.count(jobs, len(pages))
    if processes == 1 or len(pages) < SMALL:
        yield from (draft_of(page, mapping, site) for page in pages)
        return
    with workers.pool(processes, (pages, mapping, site)) as pool:
        for page, found in zip(pages, pool.map(_draft_in_worker, range(len(pages)), chunksize=8)):
            if found[1] is not None:
                found[1].page = page  # the importing process's own page, not the worker's copy
            yield found


def _draft_in_worker(index: int) -> Drafted:
    pages, mapping, site = workers.state()
    rendered, draft, problems = draft_of(pages[index], mapping, site)
    pages[index].tree = None  # sent back without it: the tree is many times the text, and never used again
    return rendered, draft, problems
