"""The derived state of a build, in one object with one version.

Every stage that keeps something it worked out does so here, never in a module global of
its own (``tests/test_architecture.py`` scans for those). There are two kinds:

- :class:`State`, one per process: what outlives one loaded project. A ``rulesite build``
  uses it once; ``rulesite serve`` keeps it between edits, which is what makes a preview
  rebuild cheap. :func:`current` is the process's state, :func:`reset` starts a fresh one
  (a test, or a caller that must not trust what an earlier load left).
- :class:`Derived`, one per loaded project (``project.derived``): what later stages work
  out of a project that never changes once loaded. It lives and dies with its project.

Both are stamped with :func:`generator.cache.version.code_version`; a state made by other
code is never consulted (it cannot be, within one process, but kept files can: see
:mod:`generator.cache`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.cache import memo
from generator.cache.load_memo import LoadMemo
from generator.cache.version import code_version


@dataclass(eq=False)
class State:
    """What one process keeps across loads (and, under ``serve``, across edits)."""

    version: str = field(default_factory=code_version)
    parsed: dict[str, tuple[str, Any, Any]] = field(default_factory=dict)
    """Display path -> (text, Source, problems): :func:`generator.read.source.read` parses a
    file again only when its text changed."""
    clean_known: set[str] = field(default_factory=set)
    """Fingerprints of per-text checks found clean (:mod:`generator.cache.clean_memo`)."""
    clean_used: set[str] = field(default_factory=set)
    """The clean fingerprints this process asked about: the ones worth keeping."""
    taken: dict[Path, tuple[Any, Any]] = field(default_factory=dict)
    """Build folder -> the kept parses and clean checks read from it (:mod:`generator.read.cache`),
    so only what changed since is written back."""
    loads: LoadMemo = field(default_factory=LoadMemo)
    """Per-file results of the load stages, for the preview's loads (:mod:`generator.cache.load_memo`)."""
    generated: dict[tuple, Any] = field(default_factory=dict)
    """(root, language, site URL) -> the project and its rendered language (the MkDocs plugin's
    pages when MkDocs itself is run on the project)."""
    written: dict[Path, dict[str, str]] = field(default_factory=dict)
    """Docs folder -> path -> text of the pages last written there (the preview's dirty writes)."""
    rendered: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)
    """Language -> page key -> (fingerprint, rendered text): the render memo's entries in memory."""
    summaries: dict[tuple[str, str], tuple[Any, Any, bool, Any]] = field(default_factory=dict)
    """(language, document) -> the translation summary and the objects it was made from."""


@dataclass(eq=False)
class Derived:
    """What later stages work out of one loaded project, kept with it."""

    statuses: dict[tuple[str, str, str], Any] = field(default_factory=dict)
    """(language, document, unit) -> translation status."""
    by_expansion: dict[str, list[Any]] | None = None
    """Expansion -> its pages in order (edition choosers, see-also lists)."""
    marked: dict[tuple[str, str, str | None, str], Any] = field(default_factory=dict)
    """Texts of the comparison view with their terms marked."""
    pictures: dict[str, str] | None = None
    """Picture file -> SVG, drawn once per project."""
    printing_index: Any = None
    """Which pages cite each printing (:func:`generator.render.generate.printing_index`)."""
    combinations: list[Any] | None = None
    """Every rule for playing expansions together, where it is written (:mod:`generator.render.combinations`)."""
    render_fingerprints: Any = None
    """The fingerprints the render memo keys each page by (:mod:`generator.render.memo`)."""


_CURRENT = State()


def current() -> State:
    """The state of this process."""
    return _CURRENT


def reset() -> State:
    """Forget everything this process kept, pure memos included; the next load starts from
    the files alone."""
    global _CURRENT
    _CURRENT = State()
    memo.clear()
    return _CURRENT
