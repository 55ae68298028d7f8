"""Check stage: the id registry. :class:`Known` holds every id that a reference may point
at, gathered once from site data and file names, with the files that did not read or
validate; the helpers report references to ids it does not hold and ids used twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from generator.core.problem import Problem
from generator.core.vocabulary import LANGUAGE_CODE, reserved_names
from generator.model.data import Site
from generator.model.validate import Data
from generator.read.source import CONTENT, DATA, EXAMPLES, PathKey, Source

PAGES_DIR, EXAMPLES_DIR = f"{DATA}/pages/", f"{EXAMPLES}/"


@dataclass
class Known:
    """The ids that references may point at, gathered once from site data and file names."""

    languages: set[str] = field(default_factory=set)
    source_language: str = "en"
    editions: set[str] = field(default_factory=set)
    editions_in_order: tuple[str, ...] = ()
    publishers: set[str] = field(default_factory=set)
    printings: set[str] = field(default_factory=set)
    figures: set[str] = field(default_factory=set)
    colours: set[str] = field(default_factory=set)
    expansions: set[str] = field(default_factory=set)
    series: set[str] = field(default_factory=set)
    categories: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)
    pages: set[str] = field(default_factory=set)
    """Every page file's id, those that did not read or validate included (see ``broken``)."""
    examples: set[str] = field(default_factory=set)
    """Every example file's id, as ``pages``."""
    broken: set[str] = field(default_factory=set)
    """Files that are there but did not read or validate (:func:`broken_files`). What reads
    or names one is not checked, the file's own problem is reported: one mistake, one
    message, not one more for every place that names the file."""
    reserved: dict[str, str] = field(default_factory=reserved_names)
    """Names a page id may not take (a generated page or folder, a file of the theme, a
    hand-written page), to what a page of that id would replace."""

    @classmethod
    def from_site(cls, site: Site | None) -> Known:
        if site is None:
            return cls()
        sources = [lang.code for lang in site.languages if lang.source]
        return cls(
            languages={lang.code for lang in site.languages},
            source_language=sources[0] if sources else "en",
            editions={e.id for e in site.editions},
            editions_in_order=tuple(e.id for e in site.editions),
            publishers={p.id for p in site.publishers},
            printings={p.id for p in site.printings},
            figures={f.id for f in site.figures},
            colours={c.id for c in site.colours},
            expansions={e.id for e in site.expansions},
            series={s.id for s in site.series},
            categories={c.id for c in site.categories},
            sources={r.id for r in site.sources},
        )

    @classmethod
    def from_data(cls, data: Data) -> Known:
        """The site's ids, every page and example file's id, and the files that are broken."""
        known = cls.from_site(data.site.model if data.site else None)
        known.broken = broken_files(data)
        known.pages, known.examples = stems(data, PAGES_DIR), stems(data, EXAMPLES_DIR)
        known.reserved = reserved_names(published_names(data.files.published))
        return known


def unknown(source: Source, path: PathKey, kind: str, value: str, known: set[str]) -> Problem:
    """``unknown-<kind>`` for ``value``, listing the known ids when there are few enough to read."""
    hint = f"; known: {', '.join(sorted(known))}" if 0 < len(known) <= 12 else ""
    return source.problem(path, f"unknown-{kind}", f"unknown {kind} {value!r}{hint}")


def unknown_refs(source: Source, path: PathKey, kind: str, values: Iterable[str] | str | None, known: set[str]) -> Iterator[Problem]:
    """One problem per value (one id, or a list of them at ``path``) that is not ``known``."""
    if values is None:
        return
    if isinstance(values, str):
        if values not in known:
            yield unknown(source, path, kind, values, known)
        return
    for i, value in enumerate(values):
        if value not in known:
            yield unknown(source, path + (i,), kind, value, known)


def duplicates(source: Source, items: Iterable[tuple[str, PathKey]], what: str) -> Iterator[Problem]:
    """Each (id, path) whose id an earlier item already used, naming the line of the first."""
    seen: dict[str, PathKey] = {}
    for ident, path in items:
        if ident in seen:
            line = source.where(seen[ident])[0]
            yield source.problem(path, "duplicate-id", f"{what} id {ident!r} is already used at line {line}")
        else:
            seen[ident] = path


def stems(data: Data, folder: str) -> set[str]:
    """Ids of the files read from ``folder`` (``examples/``), parsed or not."""
    return {name[len(folder):].removesuffix(".yaml") for name in data.files.sources
            if name.startswith(folder) and "/" not in name[len(folder):]}


def published_names(published: Iterable[str]) -> dict[str, str]:
    """The names at the top of a language's site that ``content/`` publishes, each to the
    first file it comes from: ``content/<language>/reading.md`` as ``reading.md``, a shared
    ``content/assets/x.css`` as ``assets`` (see :func:`generator.site.adapter.choose_pages`)."""
    names: dict[str, str] = {}
    for name in published:
        parts = name.split("/")[1:]  # content/<first>/...
        if len(parts) > 1 and re.fullmatch(LANGUAGE_CODE, parts[0]):
            parts = parts[1:]
        if parts and name.startswith(f"{CONTENT}/"):
            names.setdefault(parts[0], name)
    return names


def broken_files(data: Data) -> set[str]:
    """Files found that did not read or validate: pages and examples by id; ``site``, ``ui``
    and ``rulesets``; ``tiles`` when any file of the tile catalogue is one."""
    broken = (stems(data, PAGES_DIR) - set(data.pages)) | (stems(data, EXAMPLES_DIR) - set(data.examples))
    for name, valid in (("site", data.site), ("ui", data.ui), ("rulesets", data.rulesets)):
        if valid is None and f"{DATA}/{name}.yaml" in data.files.sources:
            broken.add(name)
    if stems(data, f"{DATA}/tiles/") - set(data.tiles):
        broken.add("tiles")
    return broken
