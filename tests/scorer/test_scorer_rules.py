"""The scoring rules, case by case, with expectations worked out by hand."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from generator.scorer import STANDARD, Ruleset, Scenario, score

from .scorer_cases import (
    BEFORE_BB4,
    C1_2000,
    C1_2001,
    city,
    cloister,
    during,
    field,
    final,
    road,
)


@dataclass
class Case:
    id: str
    scenario: Scenario
    totals: dict[str, int]
    rules: Ruleset = STANDARD


CASES = [
    # Published examples.
    Case("published-city-8-tiles-2-pennants-mage-tie",
         during(city({"red": 1, "blue": 1}, 8, 2, mage=True)), {"blue": 28, "red": 28}),
    Case("published-road-5-tiles-witch", during(road({"blue": 1}, 5, witch=True)), {"blue": 3}),
    Case("published-road-3-tiles-mage", during(road({"red": 1}, 3, mage=True)), {"red": 6}),
    Case("published-city-3-tiles", during(city({"green": 1}, 3)), {"green": 6}),
    # Cities.
    Case("city-complete-tiles-and-pennant", during(city({"red": 1}, 4, 1)), {"red": 10}),
    Case("city-two-tile-complete", during(city({"red": 1}, 2)), {"red": 4}),
    Case("city-unfinished-at-end-with-pennants", final(city({"red": 1}, 4, 2, complete=False)), {"red": 6}),
    Case("city-unfinished-at-end-no-pennants", final(city({"red": 1}, 3, complete=False)), {"red": 3}),
    Case("city-complete-in-final-scoring-keeps-complete-rate", final(city({"red": 1}, 3, 1)), {"red": 8}),
    # Roads and cloisters.
    Case("road-complete", during(road({"red": 1}, 4)), {"red": 4}),
    Case("road-unfinished-at-end", final(road({"red": 1}, 4, complete=False)), {"red": 4}),
    Case("cloister-complete", during(cloister({"red": 1}, 9)), {"red": 9}),
    Case("cloister-unfinished-at-end", final(cloister({"red": 1}, 6)), {"red": 6}),
    Case("cloister-lone-tile-at-end", final(cloister({"red": 1}, 1)), {"red": 1}),
    # Majorities.
    Case("tie-both-score-in-full", during(road({"red": 1, "blue": 1}, 5)), {"blue": 5, "red": 5}),
    Case("large-follower-beats-one", during(city({"red": 2, "blue": 1}, 3)), {"blue": 0, "red": 6}),
    Case("large-follower-ties-two-followers", during(city({"red": 2, "blue": 2}, 3)), {"blue": 6, "red": 6}),
    Case("two-followers-beat-one", during(road({"red": 1, "blue": 2, "green": 1}, 3)),
         {"blue": 3, "green": 0, "red": 0}),
    Case("three-way-tie", during(road({"red": 1, "blue": 1, "green": 1}, 2)), {"blue": 2, "green": 2, "red": 2}),
    Case("no-follower-nobody-scores", during(road({}, 4)), {}),
    Case("zero-strength-is-no-follower", during(road({"red": 0, "blue": 1}, 4)), {"blue": 4}),
    Case("points-add-up-over-features",
         during(city({"red": 1}, 3), road({"red": 1, "blue": 1}, 2)), {"blue": 2, "red": 8}),
    # Inns and cathedrals.
    Case("inn-road-complete", during(road({"red": 1}, 4, inn=True)), {"red": 8}),
    Case("inn-road-unfinished-at-end", final(road({"red": 1}, 4, complete=False, inn=True)), {"red": 0}),
    Case("cathedral-city-complete", during(city({"red": 1}, 5, 2, cathedral=True)), {"red": 21}),
    Case("cathedral-city-unfinished-at-end", final(city({"red": 1}, 5, 2, complete=False, cathedral=True)),
         {"red": 0}),
    # The witch: odd totals round up, and she comes after the inn or cathedral rate.
    Case("witch-odd-city-rounds-up", during(city({"red": 1}, 3, 1, witch=True)), {"red": 4}),
    Case("witch-odd-road-rounds-up", during(road({"red": 1}, 7, witch=True)), {"red": 4}),
    Case("witch-unfinished-city-at-end", final(city({"red": 1}, 3, complete=False, witch=True)), {"red": 2}),
    Case("witch-after-inn", during(road({"red": 1}, 3, inn=True, witch=True)), {"red": 3}),
    Case("witch-after-cathedral", during(city({"red": 1}, 3, cathedral=True, witch=True)), {"red": 5}),
    Case("witch-after-cathedral-with-pennant", during(city({"red": 1}, 2, 1, cathedral=True, witch=True)),
         {"red": 5}),
    Case("witch-no-followers", during(road({}, 5, witch=True)), {}),
    # The mage: tiles only, never pennants.
    Case("mage-unfinished-city-at-end", final(city({"red": 1}, 4, 1, complete=False, mage=True)), {"red": 9}),
    Case("mage-unfinished-road-at-end", final(road({"red": 1}, 3, complete=False, mage=True)), {"red": 6}),
    Case("mage-complete-inn-road", during(road({"red": 1}, 3, inn=True, mage=True)), {"red": 9}),
    Case("mage-complete-cathedral-city", during(city({"red": 1}, 4, 1, cathedral=True, mage=True)), {"red": 19}),
    Case("mage-rescues-unfinished-inn-road",
         final(road({"red": 1}, 5, complete=False, inn=True, mage=True)), {"red": 5}),
    Case("mage-rescues-unfinished-cathedral-city-pennants-count-0",
         final(city({"red": 1}, 6, 2, complete=False, cathedral=True, mage=True)), {"red": 6}),
    Case("mage-no-rescue-inn-road-before-bb4",
         final(road({"red": 1}, 5, complete=False, inn=True, mage=True)), {"red": 0}, BEFORE_BB4),
    Case("mage-no-rescue-cathedral-city-before-bb4",
         final(city({"red": 1}, 6, 2, complete=False, cathedral=True, mage=True)), {"red": 0}, BEFORE_BB4),
    Case("mage-plain-unfinished-city-before-bb4-still-counts",
         final(city({"red": 1}, 4, complete=False, mage=True)), {"red": 8}, BEFORE_BB4),
    Case("mage-complete-inn-road-before-bb4", during(road({"red": 1}, 3, inn=True, mage=True)), {"red": 9},
         BEFORE_BB4),
    # Small cities (first printings).
    Case("small-city-two-tiles-pennant", during(city({"red": 1}, 2, 1)), {"red": 3}, C1_2000),
    Case("small-city-rule-2001", during(city({"red": 1}, 2)), {"red": 2}, C1_2001),
    Case("three-tile-city-is-not-small", during(city({"red": 1}, 3, 1)), {"red": 8}, C1_2000),
    Case("small-city-with-cathedral-is-not-small", during(city({"red": 1}, 2, 0, cathedral=True)), {"red": 6},
         C1_2000),
    Case("small-city-rule-ignores-unfinished", final(city({"red": 1}, 2, 1, complete=False)), {"red": 3}, C1_2000),
    Case("small-city-with-mage", during(city({"red": 1}, 2, mage=True)), {"red": 4}, C1_2000),
    # Fields, current rules.
    Case("field-two-cities", final(field({"green": 1}, 2)), {"green": 6}),
    Case("field-no-cities", final(field({"green": 1}, 0)), {"green": 0}),
    Case("field-tie", final(field({"red": 1, "blue": 1}, 3)), {"blue": 9, "red": 9}),
    Case("field-large-farmer-wins", final(field({"red": 2, "blue": 1}, 1)), {"blue": 0, "red": 3}),
    Case("field-named-cities-count", final(field({"red": 1}, cities=("a", "b", "c"))), {"red": 9}),
    Case("per-field-shared-city-scores-twice",
         final(field({"red": 1}, cities=("a",)), field({"red": 1}, cities=("a",))), {"red": 6}),
    # Fields, 2001: a player counts a city once.
    Case("city-once-shared-city-scores-once",
         final(field({"red": 1}, cities=("a",)), field({"red": 1}, cities=("a",))), {"red": 3}, C1_2001),
    Case("city-once-overlap",
         final(field({"red": 1}, cities=("a", "b")), field({"red": 1}, cities=("b", "c"))), {"red": 9}, C1_2001),
    Case("city-once-other-player-may-score-same-city",
         final(field({"red": 1}, cities=("a", "b")), field({"blue": 1}, cities=("b", "c"))),
         {"blue": 6, "red": 6}, C1_2001),
    Case("city-once-tie-then-win",
         final(field({"red": 1, "blue": 1}, cities=("a",)), field({"red": 1}, cities=("a", "b"))),
         {"blue": 3, "red": 6}, C1_2001),
    Case("city-once-unnamed-cities-are-distinct",
         final(field({"red": 1}, 1), field({"red": 1}, 1)), {"red": 6}, C1_2001),
    # Fields, 2000: each city goes to the most farmers around it.
    Case("per-city-single-field", final(field({"red": 1}, 2)), {"red": 8}, C1_2000),
    Case("per-city-sums-farmers-over-fields",
         final(field({"red": 1}, cities=("a",)), field({"blue": 1}, cities=("a",)), field({"blue": 1}, cities=("a",))),
         {"blue": 4, "red": 0}, C1_2000),
    Case("per-city-each-city-separately",
         final(field({"red": 2}, cities=("a", "b")), field({"blue": 1, "red": 0}, cities=("b", "c")),
               field({"blue": 2}, cities=("b",))),
         {"blue": 8, "red": 4}, C1_2000),
    Case("per-city-tie", final(field({"red": 1}, cities=("a",)), field({"blue": 1}, cities=("a",))),
         {"blue": 4, "red": 4}, C1_2000),
    Case("per-city-large-farmer", final(field({"red": 2}, cities=("a",)), field({"blue": 1, "green": 1}, cities=("a",))),
         {"blue": 0, "green": 0, "red": 4}, C1_2000),
    # A whole end of game.
    Case("end-of-game-mix",
         final(city({"red": 1}, 4, 1, complete=False), road({"blue": 1}, 2, complete=False),
               cloister({"red": 1, "blue": 1}, 5), field({"blue": 1}, 2)),
         {"blue": 2 + 5 + 6, "red": 5 + 5}),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_totals(case: Case) -> None:
    assert score(case.scenario, case.rules).totals == case.totals


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_totals_are_sorted_by_player(case: Case) -> None:
    totals = score(case.scenario, case.rules).totals
    assert list(totals) == sorted(totals)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_steps_end_with_one_total_per_player(case: Case) -> None:
    result = score(case.scenario, case.rules)
    tail = result.steps[len(result.steps) - len(case.totals):]
    assert [(s.code, s.values) for s in tail] == [("total", {"player": p, "points": n}) for p, n in case.totals.items()]


def test_feature_results_carry_value_and_winners() -> None:
    result = score(during(city({"red": 1, "blue": 1}, 8, 2, mage=True), road({"blue": 2, "red": 1}, 5, witch=True)))
    summary = [(r.feature, r.kind, r.points, r.winners, r.awarded) for r in result.features]
    assert summary == [(0, "city", 28, ("blue", "red"), {"blue": 28, "red": 28}),
                       (1, "road", 3, ("blue",), {"blue": 3})]


def test_per_city_results_name_each_city() -> None:
    result = score(final(field({"red": 1}, cities=("north", "south")), field({"blue": 1}, 1)), C1_2000)
    assert [(r.feature, r.kind, r.name, r.winners) for r in result.features] == [
        (None, "farm-city", "north", ("red",)), (None, "farm-city", "south", ("red",)),
        (None, "farm-city", "#2.1", ("blue",))]
