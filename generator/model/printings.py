"""Printing differences as domain logic: what a printing footnote states about which printings.
"""

from __future__ import annotations

from typing import Iterable, Literal

from generator.model.data import Footnote, Page
from generator.model.units import UnitInfo

Presence = Literal["has", "lacks", "unknown"]


def named(note: Footnote) -> list[str]:
    """Every printing a printing footnote names, in the order it names them."""
    return note.only_in + note.missing_from + note.kept_in + ([note.since] if note.since else [])


def claims(note: Footnote) -> list[tuple[str, str, list[str]]]:
    """What a printing-difference footnote states: (wording key, parameter, printings).

    The wording key picks the interface string (``diff.only``, ``fn.missing-end`` …), so
    the sentence is written in every language from the same facts.
    """
    scope = "-end" if note.part == "end" else ""
    found = []
    if note.only_in:
        found.append((f"only{scope}", "printings", note.only_in))
    if note.missing_from:
        found.append((f"missing{scope}", "printings", note.missing_from))
    if note.kept_in:
        found.append(("kept", "printings", note.kept_in))
    if note.since:
        found.append((f"since{scope}", "printing", [note.since]))
    return found


def presence(note: Footnote, printing: str) -> Presence:
    """Whether ``printing`` has the text, lacks it, or no source says ("unknown", not known).

    Only what a footnote states, with its sources, is marked: the printings it names have
    (only_in, kept_in, since) or lack (missing_from) the text. Nothing is inferred for the
    printings it does not name: "only in RGG" is what one source says of RGG, not a
    statement that every other box leaves the sentence out.
    """
    if printing in note.only_in or printing in note.kept_in or printing == note.since:
        return "has"
    if printing in note.missing_from:
        return "lacks"
    return "unknown"


def box_states(notes: list[Footnote], printings: list[str]) -> dict[str, list[str]]:
    """For the "as printed in my box" choice: which of ``printings`` have a text, lack it,
    or alone have it, given every printing footnote on that text.

    A text is lacked if any of its notes says so and had only if every note says so; a
    printing no note names is in neither list (not known), so choosing it marks nothing.
    """
    states = {p: [presence(note, p) for note in notes] for p in printings}
    lacks = [p for p, found in states.items() if "lacks" in found]
    has = [p for p, found in states.items() if p not in lacks and all(x == "has" for x in found)]
    only = [p for note in notes for p in note.only_in]
    return {"has": has, "lacks": lacks, "only": only}


def cites(page: Page, printing: str) -> bool:
    """A page cites a printing when it lists it among its releases or a printing footnote names it."""
    return (any(release.printing == printing for release in page.info.releases)
            or any(printing in named(note) for note in page.footnotes if note.kind == "printing"))


def columns(page: Page) -> list[str]:
    """The printings a page's differences table compares: its releases, then any other named."""
    found = [release.printing for release in page.info.releases]
    for note in page.footnotes:
        if note.kind == "printing":
            found += [printing for printing in named(note) if printing not in found]
    return found


def cited_by(pages: Iterable[Page]) -> dict[str, list[Page]]:
    """Printing -> the pages citing it (see :func:`cites`), in site order.

    One pass over the pages for every printing at once: asking :func:`cites` of every page
    for each printing makes the publisher pages grow as printings x pages.
    """
    found: dict[str, list[Page]] = {}
    for page in pages:
        cited = dict.fromkeys(release.printing for release in page.info.releases)
        for note in page.footnotes:
            if note.kind == "printing":
                cited.update(dict.fromkeys(named(note)))
        for printing in cited:
            found.setdefault(printing, []).append(page)
    return found


def texts_by_printing(pages: Iterable[Page], units: dict[str, dict[str, UnitInfo]]
                      ) -> dict[str, list[tuple[Page, UnitInfo, Footnote]]]:
    """Printing -> every (page, text, printing footnote) naming it, in site order; one pass."""
    found: dict[str, list[tuple[Page, UnitInfo, Footnote]]] = {}
    for page in pages:
        for unit, note in texts(page, units[page.id]):
            for printing in dict.fromkeys(named(note)):
                found.setdefault(printing, []).append((page, unit, note))
    return found


def footnote_refs(unit: UnitInfo) -> tuple[str, ...]:
    """The footnotes an English text refers to, in order (worked out once per text)."""
    return unit.footnote_refs


def texts(page: Page, units: dict[str, UnitInfo], printing: str | None = None) -> list[tuple[UnitInfo, Footnote]]:
    """(text, printing footnote) pairs of a page, optionally only those naming ``printing``."""
    footnotes = {f.id: f for f in page.footnotes}
    pairs = []
    for unit in units.values():
        if unit.syntax != "markup":
            continue
        for target in footnote_refs(unit):
            note = footnotes.get(target)
            if note is None or note.kind != "printing":
                continue
            if printing is None or printing in named(note):
                pairs.append((unit, note))
    return pairs
