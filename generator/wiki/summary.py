"""The lint's table: how many findings of each code each page has, in each language.

A wiki team reads the list of findings to fix them and the table to see where the work is:
which pages, which languages, which kinds of defect. A dump holds many pages in one file,
so a finding is given to the page whose text starts at or before its line.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass

from generator.core.problem import Problem
from generator.wiki.source import WikiPage


@dataclass(frozen=True)
class Row:
    """One line of the summary: how many findings of one code a page has."""

    page: str
    language: str
    code: str
    count: int


def summary(pages: list[WikiPage], problems: list[Problem]) -> list[Row]:
    """Findings counted per page, language and code (a problem outside any page: its file)."""
    spans: dict[str, list[tuple[int, WikiPage]]] = {}
    for page in pages:
        spans.setdefault(page.file, []).append((page.first_line, page))
    # Sorted once per file, then found by bisection: an export has thousands of pages.
    starts = {file: sorted(found, key=lambda item: item[0]) for file, found in spans.items()}
    lines = {file: [first for first, _ in found] for file, found in starts.items()}
    counts: Counter[tuple[str, str, str]] = Counter()
    for problem in problems:
        at = bisect.bisect_right(lines.get(problem.file, []), problem.line) - 1
        page = starts[problem.file][at][1] if at >= 0 else None
        key = (page.title, page.language or "source", problem.code) if page else (problem.file, "-", problem.code)
        counts[key] += 1
    return [Row(page, language, code, count) for (page, language, code), count in sorted(counts.items())]
