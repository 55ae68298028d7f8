"""Linting many files at once: pages grouped with their translations, kept results, both cores.

The wiki has about 600 pages in nine languages. :func:`lint_files` is what ``rulesite
wiki-lint`` runs on them, in four steps:

1. **Read** every file without parsing it (:func:`generator.wiki.source.entries`): a page
   file's text, or an export's first pass (titles, places, digests, never the texts).
2. **Group** each page with the pages it is compared with: a source page and its
   translations share a title (with ``--source``, every page is in one group). A group is
   the unit of work and of keeping, because a translation's findings depend on its source.
3. **Look up** each group in the kept results, by a key made of the lint's version (its
   code and the libraries whose output it reads), the project's settings, what the options
   said of each file, and each page's title, place and text. A group found there is not
   parsed at all; an edit of one page re-lints its group only.
4. **Lint** the other groups, ``jobs`` processes at a time. An export's texts are read in
   its second pass, and a group is handed to a worker as soon as its last page is read, so
   no more than a few groups' texts are held at once, whatever the export's size.

The results are kept in the project's cache home (``build/wiki-lint/``), sealed like every
kept file (:mod:`generator.cache.seal`): a file from elsewhere or damaged is no result,
only a cold lint. Without a project nothing is kept.
"""

from __future__ import annotations

import bisect
import re
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from generator.cache import journal
from generator.cache.version import code_version
from generator.core import workers
from generator.core.fingerprint import digest, library_versions
from generator.core.problem import Problem
from generator.wiki import export
from generator.wiki.lint import lint
from generator.wiki.settings import Settings
from generator.wiki.source import Entry, Request, WikiPage, entries, export_texts, page_of, split_title

KEPT = Path("build") / "wiki-lint" / "results"
"""Where a project keeps the lint's results, under its one cache home."""
LIBRARIES = ("mwparserfromhell", "mwxml", "lingua-language-detector", "babel")
"""The libraries whose output the findings hold: another version of one is another lint."""
SMALL = 24
"""Pages below which a lint runs in this process: starting workers costs more than it saves."""
MAX_KEPT = 50_000
"""Groups kept at most; past it only the last run's are kept (a project has a few thousand)."""


@dataclass
class Outcome:
    """What a lint of many files found, and how much of it came from kept results."""

    pages: list[WikiPage] = field(default_factory=list)
    """Every page read, without its text (the report names them; the table counts by them)."""
    problems: list[Problem] = field(default_factory=list)
    linted: int = 0
    """Pages parsed and linted by this run."""
    kept: int = 0
    """Pages whose findings were taken from kept results."""


@dataclass
class _Group:
    """Pages compared with one another, and the key of their results."""

    members: list[Entry]
    key: str = ""


def lint_version() -> str:
    """The version every kept result is stamped with: the generator's code and the libraries above."""
    return digest(code_version(), *library_versions(LIBRARIES))


def settings_digest(settings: Settings) -> str:
    """What the project tells the lint, as one digest: another termbase is another lint."""
    templates = sorted(settings.templates) if settings.templates is not None else None
    return digest(repr((settings.languages, templates, sorted(settings.avoided.items()),
                        sorted(settings.expansions.items()))))


def lint_files(paths: Iterable[Path], request: Request, settings: Settings, *, jobs: int = 0,
               root: Path | None = None, fresh: bool = False) -> Outcome:
    """Every page of ``paths`` linted, with kept results of the project at ``root`` (None: keep
    nothing); ``fresh`` lints every page again and keeps the new results."""
    outcome = Outcome()
    exports: dict[str, Path] = {}
    read: list[Entry] = []
    for path in paths:
        for item in entries(Path(path), request, texts=False):
            if isinstance(item, Problem):
                outcome.problems.append(item)
            else:
                read.append(item)
                if item.record is not None:
                    exports[item.name] = item.path
    groups = _groups(read, request, settings)
    store = root / KEPT if root is not None else None
    kept = journal.load(store, lint_version()) if store is not None else journal.Kept()
    if fresh:
        kept.entries = {}
    results: dict[str, tuple[list[Problem], list[WikiPage | None], list[Place]]] = {}
    todo = []
    for group in groups:
        found = kept.entries.get(group.key)
        if found is not None:
            results[group.key] = found
            outcome.kept += len(group.members)
        else:
            todo.append(group)
    places = {group.key: [(entry.name, entry.first_line, entry.first_column) for entry in group.members]
              for group in groups}
    for group, (problems, pages) in _run(todo, exports, request, settings, jobs):
        results[group.key] = (problems, pages, places[group.key])
        outcome.linted += len(group.members)
    for group in groups:
        problems, pages = rebased(results[group.key], places[group.key])
        outcome.problems += problems
        outcome.pages += [page for page in pages if page is not None]
    if store is not None:
        _keep(store, kept, results)
    return outcome


_SOURCE_LINE = re.compile(r"\(line (\d+) of the source\)")
"""How a finding names a line of the translation's source page (:meth:`Linted.label`)."""


Place = tuple[str, int, int]
"""Where a page of a group stands: its file, and the line and column its text starts at."""


def rebased(kept: tuple[list[Problem], list[WikiPage | None], list[Place]],
            places: list[Place]) -> tuple[list[Problem], list[WikiPage | None]]:
    """Kept findings and pages moved to where the group's pages stand now: each finding by
    the lines its page moved, a column on a page's first line by the columns it moved, and
    a line of the source named in a message by the lines the source moved."""
    problems, pages, then = kept
    if then == places:
        return problems, pages
    moved = {(was[0], was[1]): (now[1] - was[1], now[2] - was[2]) for was, now in zip(then, places)}
    starts: dict[str, list[int]] = {}
    for file, line in sorted(moved):
        starts.setdefault(file, []).append(line)
    source = next(((page.file, page.first_line) for page in pages if page is not None and page.is_source), None)
    by_source = moved.get(source, (0, 0))[0] if source else 0
    shifted = []
    for problem in problems:
        lines = starts.get(problem.file, [])
        at = bisect.bisect_right(lines, problem.line) - 1
        first = lines[at] if at >= 0 else None
        lines_by, columns_by = moved.get((problem.file, first), (0, 0)) if first is not None else (0, 0)
        message = _SOURCE_LINE.sub(lambda m: f"(line {int(m.group(1)) + by_source} of the source)", problem.message)
        shifted.append(replace(problem, line=problem.line + lines_by, message=message,
                               column=problem.column + (columns_by if problem.line == first else 0)))
    return shifted, [page if page is None else replace(page, first_line=now[1], first_column=now[2])
                     for page, now in zip(pages, places)]


def _keep(store: Path, kept: journal.Kept, results: dict[str, Any]) -> None:
    entries_now = {**kept.entries, **results} if len(kept.entries) + len(results) <= MAX_KEPT else dict(results)
    try:
        journal.save(store, lint_version(), entries_now, kept)
    except OSError:
        pass  # a read-only project: the next lint is cold, never wrong


def _groups(read: list[Entry], request: Request, settings: Settings) -> list[_Group]:
    """The pages in groups of one title each (one group with ``--source``), each with its key."""
    by_title: dict[str, _Group] = {}
    named = any(request.named_source(entry.path) for entry in read)
    for entry in read:
        title = "" if named else split_title(entry.full_title, request.known)[0]
        by_title.setdefault(title, _Group([])).members.append(entry)
    common = (lint_version(), settings_digest(settings), repr((request.known, request.title)))
    for group in by_title.values():
        # Not the pages' places: a page that moved in its export (an earlier page grew) keeps
        # its results, moved with it (:func:`rebased`).
        group.key = digest(*common, *(repr((entry.name, entry.full_title, entry.title_from, entry.revision, entry.digest,
                                            request.language_of(entry.path), request.named_source(entry.path)))
                                      for entry in group.members))
    return list(by_title.values())


def _run(todo: list[_Group], exports: dict[str, Path], request: Request, settings: Settings,
         jobs: int) -> Iterator[tuple[_Group, tuple[list[Problem], list[WikiPage | None]]]]:
    """The results of every group of ``todo``, each group handed over once its texts are read."""
    pages = sum(len(group.members) for group in todo)
    processes = workers.count(jobs, len(todo))
    if processes == 1 or pages < SMALL:
        for group in _with_texts(todo, exports):
            yield group, _lint_group(group.members, request, settings)
        return
    # Forked, as the site build's workers are: they inherit the loaded modules and settings.
    with workers.pool(processes, (request, settings)) as pool:
        pending: dict[Future[Any], _Group] = {}
        for group in _with_texts(todo, exports):
            pending[pool.submit(_lint_in_worker, group.members)] = group
            while len(pending) > 4 * processes:  # a few groups' texts in flight, never the whole export's
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        for future in list(pending):
            yield pending.pop(future), future.result()


def _with_texts(todo: list[_Group], exports: dict[str, Path]) -> Iterator[_Group]:
    """The groups of ``todo`` with every page's text, in the order their last page is read:
    page files first (read already), then each export's pages in its second pass."""
    waiting: dict[int, int] = {}
    owner: dict[export.Record, int] = {}
    unread: dict[str, list[export.Record]] = {}
    for number, group in enumerate(todo):
        for entry in group.members:
            if entry.record is not None:
                owner[entry.record] = number
                unread.setdefault(entry.name, []).append(entry.record)
                waiting[number] = waiting.get(number, 0) + 1
        if number not in waiting:
            yield group
    for name, records in unread.items():
        for record, text in export_texts(exports[name], name, records):
            number = owner.pop(record, None)
            if number is None:
                continue  # a second report on a page already given (an export that broke off)
            group = todo[number]
            group.members = [_filled(entry, text) if entry.record is record else entry for entry in group.members]
            waiting[number] -= 1
            if not waiting[number]:
                yield group
    # A page the second pass did not give (the export was cut short under the lint): refused, its group linted.
    for number in {number for number in owner.values()}:
        group = todo[number]
        group.members = [_filled(entry, Problem(entry.name, entry.first_line, entry.first_column, "bad-export",
                                                "the page was not found when the export was read again"))
                         if entry.record is not None else entry for entry in group.members]
        yield group


def _filled(entry: Entry, text: str | Problem) -> Entry:
    """``entry`` with the text its export's second pass gave, or the problem that refused it."""
    if isinstance(text, Problem):
        return replace(entry, record=None, refused=text)
    return replace(entry, text=text, record=None)


def _lint_group(members: list[Entry], request: Request,
                settings: Settings) -> tuple[list[Problem], list[WikiPage | None]]:
    """One group parsed and linted; its pages come back without their texts and trees, one
    for each member (None for a page that could not be read: its problem says why)."""
    problems: list[Problem] = []
    pages: list[WikiPage | None] = []
    for entry in members:
        page = entry.refused or page_of(entry, request)
        if isinstance(page, Problem):
            problems.append(page)
            pages.append(None)
        else:
            pages.append(page)
    problems += lint([page for page in pages if page is not None], settings)
    return problems, [page and replace(page, text="", tree=None, line_starts=None) for page in pages]


def _lint_in_worker(members: list[Entry]) -> tuple[list[Problem], list[WikiPage | None]]:
    return _lint_group(members, *workers.state())
