"""The base game and farmers pages (issue 25): what a reader must find there, derived from
the data so that a new farm rule, language or page of these expansions is covered without
editing the test.

- The farmers page shows one board scored under every farm rule the scorer knows, each by a
  ruleset that uses that rule, and the rules give that board different totals.
- Every worked example on these pages is a board that the scorer confirmed (it is in the
  loaded project's scored examples) and is marked as an illustration.
- These pages are complete in every language of the site.
"""

from __future__ import annotations

import pytest

from generator import scorer
from generator.i18n.status import summarize
from generator.model.units import walk_sections
from generator.project import load_checked

from .conftest import ROOT

PROJECT = load_checked(ROOT)
EXPANSIONS = ("base-game", "farmers")
PAGES = sorted(p.id for p in PROJECT.pages.values() if p.expansion in EXPANSIONS)
FARMERS = [p for p in PROJECT.pages.values() if p.expansion == "farmers"]


def _example_refs(page) -> list[str]:
    """The ids of the worked examples a page shows, in reading order."""
    refs = []
    for section, _path in walk_sections(page.sections):
        refs += [block.example.ref for block in section.blocks if hasattr(block, "example")]
    return refs


def _board(example_id: str) -> tuple:
    """A board's tiles and figures, ignoring order: what makes two examples the same board."""
    scenario = PROJECT.examples[example_id].example.scenario
    return tuple(tuple(sorted(repr(sorted(item.items())) for item in scenario[part])) for part in ("board", "figures"))


def test_both_expansions_have_pages():
    assert {p.expansion for p in PROJECT.pages.values()} >= set(EXPANSIONS)
    assert len(FARMERS) == 1


def test_the_farmers_page_scores_one_board_by_every_farm_rule():
    examples = _example_refs(FARMERS[0])
    method = {e: PROJECT.examples[e].scenario.rules.farm.method for e in examples}
    for example_id in examples:  # each scored by a ruleset that uses the rule it shows
        assert PROJECT.table.rules(PROJECT.examples[example_id].ruleset).farm.method == method[example_id]
    # Some board is shown under every method of the scorer, and on it no two rules agree.
    boards: dict[tuple, list[str]] = {}
    for example_id in examples:
        boards.setdefault(_board(example_id), []).append(example_id)
    compared = [ids for ids in boards.values() if sorted({method[e] for e in ids}) == sorted(scorer.FARM_METHODS)]
    assert len(compared) == 1, "no board is scored under every farm rule"
    totals = [tuple(sorted(PROJECT.examples[e].result.totals.items())) for e in compared[0]]
    assert len(set(totals)) == len(totals) == len(scorer.FARM_METHODS)


@pytest.mark.parametrize("page_id", PAGES)
def test_every_example_is_a_confirmed_illustration(page_id):
    refs = _example_refs(PROJECT.pages[page_id])
    assert refs, f"{page_id} shows no worked example"
    for ref in refs:
        scored = PROJECT.examples[ref]  # only examples the scorer confirmed are kept
        assert scored.scenario.board is not None, f"{ref} is not a board"
        assert scored.example.illustration, f"{ref} is not marked as an illustration"
        assert scored.result.totals == {**{p: 0 for p in scored.result.totals}, **scored.scenario.expect}


@pytest.mark.parametrize("language", [code for code in PROJECT.languages if code != PROJECT.source_language])
@pytest.mark.parametrize("page_id", PAGES)
def test_the_pages_are_complete_in_every_language(page_id, language):
    summary = summarize(PROJECT, language, page_id)
    assert (summary.outdated, summary.missing) == (0, 0)
    assert summary.translated == summary.total > 0
