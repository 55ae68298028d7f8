"""The scorer refuses what cannot happen on a table, with a ValueError that says why."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from generator.scorer import (
    FarmRules,
    Feature,
    Ruleset,
    Scenario,
    ScoringError,
    SmallCity,
)

from .scorer_cases import city, cloister, field, road

BAD: list[tuple[str, Callable[[], Any], str]] = [
    ("unknown-type", lambda: Feature("tower", {}, tiles=1), "tower"),
    ("city-without-tiles", lambda: Feature("city", {"red": 1}), "at least 1 tile"),
    ("road-zero-tiles", lambda: road({"red": 1}, 0), "at least 1 tile"),
    ("cloister-ten-tiles", lambda: cloister({"red": 1}, 10), "at most 9"),
    ("cloister-complete-flag-with-8-tiles", lambda: Feature("cloister", {}, tiles=8, complete=True), "9 tiles"),
    ("negative-strength", lambda: road({"red": -1}, 3), "negative"),
    ("strength-not-a-number", lambda: road({"red": "1"}, 3), "whole number"),  # type: ignore[dict-item]
    ("strength-bool", lambda: road({"red": True}, 3), "whole number"),
    ("empty-player-name", lambda: road({"": 1}, 3), "non-empty"),
    ("tiles-bool", lambda: Feature("road", {}, tiles=True), "whole number"),  # type: ignore[arg-type]
    ("negative-pennants", lambda: city({"red": 1}, 3, -1), "negative"),
    ("pennant-on-road", lambda: Feature("road", {}, tiles=3, pennants=1), "pennants"),
    ("cathedral-on-road", lambda: road({}, 3, cathedral=True), "cathedral"),
    ("inn-on-city", lambda: city({}, 3, inn=True), "inn"),
    ("mage-on-cloister", lambda: Feature("cloister", {}, tiles=3, mage=True), "mage"),
    ("witch-on-field", lambda: Feature("field", {}, witch=True), "witch"),
    ("mage-and-witch", lambda: city({}, 3, mage=True, witch=True), "same feature"),
    ("field-with-tiles", lambda: Feature("field", {}, tiles=3), "tile"),
    ("field-complete", lambda: Feature("field", {}, complete=True), "never complete"),
    ("field-negative-cities", lambda: field({}, -1), "negative"),
    ("field-city-twice", lambda: field({}, cities=("a", "a")), "twice"),
    ("field-count-disagrees", lambda: field({}, 3, cities=("a", "b")), "2 cities"),
    ("cities-on-city", lambda: Feature("city", {}, tiles=2, cities=("a",)), "field"),
    ("two-mages", lambda: Scenario((road({}, 2, mage=True), city({}, 2, mage=True)), "during-game"), "one mage"),
    ("two-witches", lambda: Scenario((road({}, 2, witch=True), city({}, 2, witch=True)), "during-game"), "one witch"),
    ("incomplete-during-game", lambda: Scenario((road({}, 2, complete=False),), "during-game"), "completed"),
    ("cloister-incomplete-during-game", lambda: Scenario((cloister({}, 8),), "during-game"), "completed"),
    ("field-during-game", lambda: Scenario((field({}, 1),), "during-game"), "once the game is over"),
    ("unknown-scoring", lambda: Scenario((), "halftime"), "halftime"),  # type: ignore[arg-type]
    ("witch-divisor-zero", lambda: Ruleset(witch_divisor=0), "witch_divisor"),
    ("negative-rate", lambda: Ruleset(road_per_tile=-1), "road_per_tile"),
    ("unknown-farm-method", lambda: Ruleset(farm=FarmRules("per-hectare", 3)), "per-hectare"),  # type: ignore[arg-type]
    ("small-city-zero-tiles", lambda: Ruleset(small_city=SmallCity(0, 1, 1)), "max_tiles"),
]


@pytest.mark.parametrize(("build", "words"), [(b, w) for _, b, w in BAD], ids=[i for i, _, _ in BAD])
def test_refused_with_a_clear_message(build: Callable[[], Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        build()


def test_error_says_which_feature_and_field() -> None:
    with pytest.raises(ScoringError) as caught:
        Scenario((road({}, 2), road({}, 3, complete=False)), "during-game")
    assert (caught.value.feature, caught.value.field) == (1, "complete")


def test_followers_are_copied() -> None:
    strengths = {"red": 1}
    feature = road(strengths, 3)
    strengths["red"] = 5
    assert feature.followers["red"] == 1


def test_cities_fill_in_the_count() -> None:
    assert field({}, cities=("a", "b")).completed_cities == 2


def test_a_nine_tile_cloister_is_complete() -> None:
    assert cloister({}, 9).is_complete and not cloister({}, 8).is_complete
