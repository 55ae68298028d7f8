"""``rulesite wiki-lint``'s work: every check of the registry on every page.

The lint is laid out as yamllint is: each check is a module of :mod:`generator.wiki.checks`
(its code, level, description and one function), and the machinery they share has a module
of its own, named after what it holds:

- :mod:`generator.wiki.source`: reading files and exports into pages;
- :mod:`generator.wiki.scan`: one walk over a page, every node with its offset;
- :mod:`generator.wiki.units`: the page's units and the shape a translation must keep;
- :mod:`generator.wiki.caption` and :mod:`generator.wiki.arithmetic`: a picture's caption
  as a reader sees it, and its reckonings recomputed;
- :mod:`generator.wiki.settings`: what the lint knows of the project, if there is one;
- :mod:`generator.wiki.linted`: a page made ready for the checks, and what they are given;
- :mod:`generator.wiki.summary`: the table per page, language and code.

This module pairs each translation with its source page, runs the registry and caps what
one page reports. ``lint``, ``load_settings``, ``Settings``, ``summary`` and ``Row`` stay
importable from here for the command, the benchmark and the tests.
"""

from __future__ import annotations

from typing import Iterator

from generator.core.problem import Problem
from generator.wiki.checks import CHECKS, ERRORS, WARNINGS
from generator.wiki.linted import Context, Linted, pairs
from generator.wiki.settings import Settings, load_settings
from generator.wiki.source import WikiPage, line_col
from generator.wiki.summary import Row, summary

__all__ = ["MAX_PER_CODE", "Row", "Settings", "lint", "load_settings", "summary"]

MAX_PER_CODE = 100
"""Findings of one code reported on one page; the rest are counted in one more."""


def lint(pages: list[WikiPage], settings: Settings) -> list[Problem]:
    """Every finding on ``pages``; a translation is compared with the source page of its title,
    or with the page named by ``--source``."""
    linted = [Linted.of(page) for page in pages]
    sources: dict[str, Linted] = {}
    for item in linted:
        if item.page.is_source:
            sources.setdefault(item.page.title, item)
    # ``--source FILE`` pairs that page with every translation, whatever their titles say
    # (a translated title, a file-name title): otherwise no check would compare them.
    given = next((item for item in linted if item.page.named_source), None)
    problems: list[Problem] = []
    for item in linted:
        source = sources.get(item.page.title, given) if not item.page.is_source else None
        context = Context(settings, source, pairs(source, item))
        problems += _capped(list(_run(item, context)))
    return problems


def _run(linted: Linted, context: Context) -> Iterator[Problem]:
    """Every check's findings on one page, as problems under the check's code and level."""
    # One loop per level, over the registry's codes of that level: a check yields only places
    # and messages, and tests/test_codes.py reads from these loops which code is made at which level.
    for code in ERRORS:
        for line, column, message in _findings(code, linted, context):
            yield Problem(linted.page.file, line, column, code, message, "error")
    for code in WARNINGS:
        for line, column, message in _findings(code, linted, context):
            yield Problem(linted.page.file, line, column, code, message, "warning")


def _findings(code: str, linted: Linted, context: Context) -> Iterator[tuple[int, int, str]]:
    """The findings of one check on one page, each at its line and column in the file."""
    for offset, message in CHECKS[code].run(linted, context):
        line, column = line_col(linted.page, offset)
        yield line, column, message


def _capped(found: list[Problem]) -> list[Problem]:
    """At most :data:`MAX_PER_CODE` findings of one code on one page, the last one saying how
    many more there are: a page that repeats one mistake is fixed the same way everywhere."""
    by_code: dict[str, list[Problem]] = {}
    for problem in sorted(found):
        by_code.setdefault(problem.code, []).append(problem)
    kept: list[Problem] = []
    for same in by_code.values():
        kept += same[:MAX_PER_CODE]
        if len(same) > MAX_PER_CODE:
            last = same[MAX_PER_CODE]
            kept.append(Problem(last.file, last.line, last.column, last.code,
                                f"{len(same) - MAX_PER_CODE:,} more like the above on this page from here on", last.level))
    return kept
