"""Printing differences as domain logic, without rendering anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import printings
from generator.model.data import Footnote
from generator.project import load_checked

ONLY = Footnote(id="only", kind="printing", only_in=["rgg"])
MISSING = Footnote(id="missing", kind="printing", missing_from=["zman"], part="end")
SINCE = Footnote(id="since", kind="printing", since="bb4")


@pytest.mark.parametrize("note, printing, expected", [
    (ONLY, "rgg", "has"), (MISSING, "zman", "lacks"), (SINCE, "bb4", "has"),
    # A printing the footnote does not name is not known either way: "only in RGG" is what a
    # source says of RGG, not that every other box lacks the text.
    (ONLY, "hig", "unknown"), (ONLY, "other-box", "unknown"), (MISSING, "hig", "unknown"),
    (MISSING, "other-box", "unknown"), (SINCE, "hig", "unknown"),
])
def test_presence_marks_only_what_a_footnote_states(note, printing, expected):
    assert printings.presence(note, printing) == expected


def test_claims_pick_the_wording_for_the_whole_sentence_or_its_end():
    assert printings.claims(ONLY) == [("only", "printings", ["rgg"])]
    assert printings.claims(MISSING) == [("missing-end", "printings", ["zman"])]
    assert printings.claims(SINCE) == [("since", "printing", ["bb4"])]


def test_every_printing_footnote_of_the_real_data_is_found_on_its_page():
    project = load_checked(Path(__file__).resolve().parent.parent)
    for page in project.pages.values():
        notes = {note.id for _, note in printings.texts(page, project.units[page.id])}
        assert notes == {f.id for f in page.footnotes if f.kind == "printing"}
        for printing in printings.columns(page):
            assert all(printing in printings.named(note) for _, note in printings.texts(page, project.units[page.id],
                                                                                         printing))
