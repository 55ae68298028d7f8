"""Rendered pages kept between builds: a page is rendered again only when what it reads changed.

A rules page and its translators' comparison page read, and only read:

- the page's own files: its English YAML and its translation in every language;
- the files every page reads: the site, the interface strings, the rulesets, the worked
  examples, the tile catalogue, the termbase and the site's own translations;
- the outline of every page: what links, choosers and the navigation show of another page
  (every top-level field of its YAML but its texts, and its title in every language);
- the code that renders (this package and its templates) and the libraries it calls.

A publisher's page reads the same, with the own files of every page that cites one of its
printings (their printing footnotes and the texts those mark) in place of one page's.

A page's key is a fingerprint of exactly these, so a kept page is the page a cold build
renders (``tests/test_incremental.py`` compares whole sites after edits of each kind). The
pages that gather every page (home, glossary, translation status) are rendered on every
build. Kept pages live under ``build/render-cache/<language>.pickle``, with a
journal of the pages rendered again since (:mod:`generator.cache.journal`: sealed with this
machine's key, so a file from elsewhere is no cache and is never unpickled), and in memory
for the preview, which renders on every edit. Each kept page also carries its key, compared
before the page is used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from generator.cache import journal, state
from generator.cache.version import code_version
from generator.core.fingerprint import digest
from generator.project import Project

PAGES = "rules_data/pages/"
TRANSLATIONS = "rules_data/translations/"
# Fields of a page's YAML that only that page shows; everything else may show elsewhere.
_OWN_FIELDS = ("sections", "footnotes", "flavour")


def _owner(name: str, pages: dict) -> str | None:
    """The page whose own file ``name`` is (a display path), or None for a shared file."""
    if name.startswith(PAGES):
        stem = name[len(PAGES):].removesuffix(".yaml")
    elif name.startswith(TRANSLATIONS) and name.count("/") == 3:
        stem = name.rsplit("/", 1)[1].removesuffix(".yaml")
    else:
        return None
    return stem if stem in pages else None




def _outline(name: str, data: object) -> str:
    """What other pages may show of a page file: all but its own fields; of a translation, its title."""
    if not isinstance(data, dict):
        return json.dumps(data, sort_keys=True, default=str)
    if name.startswith(PAGES):
        kept = {k: v for k, v in data.items() if k not in _OWN_FIELDS}
    else:
        units = data.get("units")
        kept = {"title": units.get("title")} if isinstance(units, dict) else {}
    return json.dumps(kept, sort_keys=True, default=str)


@dataclass
class Fingerprints:
    shared: str
    own: dict[str, str] = field(default_factory=dict)


def fingerprints(project: Project) -> Fingerprints:
    """The shared fingerprint and each page's own, worked out once per loaded project."""
    kept = project.derived.render_fingerprints
    if kept is not None:
        return kept
    shared, outline, own = [code_version()], [], {page_id: [] for page_id in project.pages}
    for name in sorted(project.sources):
        source = project.sources[name]
        owner = _owner(name, project.pages)
        if owner is None:
            shared += [name, source.text]
        else:
            own[owner] += [name, source.text]
            outline += [name, _outline(name, source.data)]
    found = Fingerprints(digest(*shared, *outline, *project.pages), {k: digest(*v) for k, v in own.items()})
    project.derived.render_fingerprints = found
    return found


VERSION = 3  # of the stored form; what a page reads is in its key
_TAG = f"rendered pages {VERSION}"


class RenderMemo:
    """One language's kept pages: ``render(path, page_id, make)`` returns the kept text when
    its key holds, else ``make()``'s; either way the page is kept for the next render."""

    def __init__(self, project: Project, code: str, kept: dict[str, tuple[str, str]] | None = None,
                 stored: journal.Kept | None = None):
        self.code, self.kept = code, kept or {}
        self.prints = fingerprints(project)
        self.used: dict[str, tuple[str, str]] = {}
        self.hits = 0
        self._stored = stored

    @classmethod
    def stored(cls, project: Project, code: str, folder: Path) -> RenderMemo:
        """The pages the last build of ``code`` kept under ``folder`` (none if unreadable)."""
        found = journal.load(folder / f"{code}.pickle", _TAG)
        entries = {path: entry for path, entry in found.entries.items()
                   if isinstance(entry, tuple) and len(entry) == 2}
        return cls(project, code, entries, found)

    @classmethod
    def in_memory(cls, project: Project, code: str) -> RenderMemo:
        """The pages this process last rendered for ``code`` (the preview renders on every edit)."""
        return cls(project, code, state.current().rendered.get(code))

    def key(self, path: str, reads: tuple[str, ...]) -> str:
        return page_key(self.prints, self.code, path, reads)

    def render(self, path: str, reads: tuple[str, ...], make: Callable[[], str]) -> str:
        """``path``'s text: kept if its key holds, else ``make()``'s; ``reads`` are the rules
        pages whose own files the page reads (see :func:`page_key`)."""
        key = self.key(path, reads)
        found = self.kept.get(path)
        if found is not None and found[0] == key:
            self.hits += 1
            self.used[path] = found  # the very entry loaded: the journal finds it unchanged
            return found[1]
        text = make()
        self.used[path] = (key, text)
        return text

    def will_render(self, path: str, reads: tuple[str, ...]) -> bool:
        """Whether :meth:`render` will make ``path`` again rather than take the kept page."""
        found = self.kept.get(path)
        return found is None or found[0] != self.key(path, reads)

    def remember(self) -> None:
        """Keep this render's pages, and only them, in this process."""
        state.current().rendered[self.code] = self.used

    def store(self, folder: Path) -> None:
        """Keep this render's pages, and only them, under ``folder`` for :meth:`stored`; only
        the pages rendered again are written while they are few."""
        journal.save(folder / f"{self.code}.pickle", _TAG, self.used, self._stored)


def page_key(prints: Fingerprints, code: str, path: str, reads: tuple[str, ...]) -> str:
    """The key of one page of one language: what it reads, see the module text. A rules page
    reads its own files (``reads`` is that page); a publisher's page those of every page
    citing one of its printings."""
    return digest(prints.shared, *(prints.own[page_id] for page_id in reads), code, path)


def comparisons_to_render(project: Project, memos: dict[str, RenderMemo]) -> list[str]:
    """The pages whose comparison page some language of ``memos`` will render again."""
    return [page_id for page_id in project.pages
            if any(memo.will_render(f"translate/{page_id}.md", (page_id,)) for memo in memos.values())]

