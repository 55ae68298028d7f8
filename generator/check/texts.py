"""Check stage for the text of a unit, English or translated: interface strings by their
placeholders, titles and names as plain text, and markup whose references (footnotes,
pages, figures, colours, publishers, printings) name ids that exist.
"""

from __future__ import annotations

from generator.check.interface import check_placeholder_text
from generator.check.known import Known
from generator.core.problem import Problem
from generator.model import markup
from generator.model.units import UnitInfo
from generator.read.source import PathKey, Source


def check_text(source: Source, path: PathKey, text: str, syntax: str, footnotes: set[str] | None,
               known: Known, english: str | None = None) -> list[Problem]:
    """Markup of one text (English or translated); ``english`` is the source text for a translation."""
    problems: list[Problem] = []
    if syntax == "placeholders":
        return check_placeholder_text(source, path, text, english)
    nodes, errors = markup.parse(text)
    for error in errors:
        line, column = source.where_in_text(path, error.offset)
        problems.append(Problem(source.file, line, column, error.code, error.message))
    found = markup.refs(nodes)
    if syntax == "plain" and (found or any(isinstance(n, markup.Span) for n in nodes)):
        problems.append(source.problem(path, "bad-markup", "titles and names are plain text without inline markup"))
    for ref in found:
        known_ids = {"fn": footnotes or set(), "page": known.pages, "figure": known.figures, "player": known.colours,
                     "publisher": known.publishers, "printing": known.printings}[ref.tag]
        kind = {"fn": "footnote", "player": "colour"}.get(ref.tag, ref.tag)
        if ref.target not in known_ids:
            line, column = source.where_in_text(path, ref.offset)
            hint = f"; known: {', '.join(sorted(known_ids))}" if 0 < len(known_ids) <= 12 else ""
            problems.append(Problem(source.file, line, column, f"unknown-{kind}", f"unknown {kind} {ref.target!r}{hint}"))
    return problems


def check_units(source: Source, units: list[UnitInfo], footnotes: set[str], known: Known) -> list[Problem]:
    problems: list[Problem] = []
    for unit in units:
        problems += check_text(source, unit.path, unit.text, unit.syntax, footnotes, known)
    return problems

