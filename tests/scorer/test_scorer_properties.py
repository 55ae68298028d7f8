"""Properties that hold for every possible scenario, checked on random ones.

Expectations come from the rules as written here, never from the scorer itself: either a
formula spelled out in this file, or a comparison between two runs that the rules say
must relate in a fixed way.
"""

from __future__ import annotations

import dataclasses
import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.scorer import STANDARD, Feature, Ruleset, Scenario, score

from .scorer_cases import BEFORE_BB4, C1_2001
from .scorer_strategies import PLAYERS, cities, cloisters, roads, scenarios

SETTINGS = settings(max_examples=150, deadline=None)


def _scoring(feature: Feature) -> str:
    return "during-game" if feature.is_complete else "final"


def _value(feature: Feature, rules: Ruleset = STANDARD) -> int:
    """What one city, road or cloister is worth, from a single run of the scorer."""
    return score(Scenario((feature,), _scoring(feature)), rules).features[0].points  # type: ignore[arg-type]


def _by_formula(f: Feature) -> int:
    """The current rules, written out independently of the scorer."""
    done = f.is_complete
    if f.type == "city":
        if f.cathedral:
            points = (f.tiles + f.pennants) * (3 if done else 0)
        else:
            points = f.tiles * 2 + f.pennants * 2 if done else f.tiles + f.pennants
    elif f.type == "road":
        points = (2 * f.tiles if done else 0) if f.inn else f.tiles
    else:
        points = f.tiles
    if f.mage:
        points += f.tiles
    if f.witch:
        points = math.ceil(points / 2)
    return points


@SETTINGS
@given(st.one_of(cities(), roads(), cloisters()))
def test_single_feature_matches_the_written_rules(feature: Feature) -> None:
    result = score(Scenario((feature,), _scoring(feature)))  # type: ignore[arg-type]
    expected = _by_formula(feature)
    strongest = max([s for s in feature.followers.values() if s > 0], default=0)
    assert result.totals == {p: (expected if s == strongest else 0)
                             for p, s in sorted(feature.followers.items()) if s > 0}


@SETTINGS
@given(st.one_of(cities(), roads()), st.sampled_from((STANDARD, BEFORE_BB4)))
def test_witch_halves_rounding_up(feature: Feature, rules: Ruleset) -> None:
    plain = dataclasses.replace(feature, mage=False, witch=False)
    bewitched = dataclasses.replace(plain, witch=True)
    assert _value(bewitched, rules) == math.ceil(_value(plain, rules) / 2)


@SETTINGS
@given(st.one_of(cities(complete=True), roads(complete=True)))
def test_mage_adds_one_point_per_tile_to_completed_features(feature: Feature) -> None:
    plain = dataclasses.replace(feature, mage=False, witch=False)
    with_mage = dataclasses.replace(plain, mage=True)
    assert _value(with_mage) == _value(plain) + plain.tiles


@SETTINGS
@given(scenarios(), st.data())
def test_players_with_equal_strength_everywhere_score_the_same(pair: tuple[Scenario, Ruleset],
                                                              data: st.DataObject) -> None:
    scenario, rules = pair
    copier, copied = data.draw(st.permutations(PLAYERS))[:2]
    twin = [dataclasses.replace(f, followers={**f.followers, copier: f.followers.get(copied, 0)})
            for f in scenario.features]
    totals = score(Scenario(tuple(twin), scenario.scoring), rules).totals
    assert totals.get(copier, 0) == totals.get(copied, 0)


@SETTINGS
@given(scenarios())
def test_players_tied_on_a_feature_get_the_same_from_it(pair: tuple[Scenario, Ruleset]) -> None:
    scenario, rules = pair
    for result in score(scenario, rules).features:
        if result.kind == "field" and rules.farm.method == "per-field-city-once":
            continue  # tied farmers may already have counted different cities
        if result.feature is None:
            continue
        strengths = scenario.features[result.feature].followers
        for a in strengths:
            for b in strengths:
                if strengths[a] == strengths[b]:
                    assert result.awarded.get(a, 0) == result.awarded.get(b, 0)


@SETTINGS
@given(scenarios(rulesets=(STANDARD, C1_2001, BEFORE_BB4)), st.data())
def test_strengthening_a_sole_winner_changes_nothing(pair: tuple[Scenario, Ruleset], data: st.DataObject) -> None:
    # Not for per-city farms: there a farmer's strength also counts towards other fields' cities.
    scenario, rules = pair
    index = data.draw(st.integers(0, len(scenario.features) - 1))
    feature = scenario.features[index]
    strengths = sorted(feature.followers.values(), reverse=True)
    assume(strengths and strengths[0] > 0 and (len(strengths) == 1 or strengths[0] > strengths[1]))
    leader = max(feature.followers, key=feature.followers.__getitem__)
    extra = data.draw(st.integers(1, 3))
    stronger = dataclasses.replace(feature, followers={**feature.followers, leader: feature.followers[leader] + extra})
    changed = Scenario(scenario.features[:index] + (stronger,) + scenario.features[index + 1:], scenario.scoring)
    assert score(changed, rules).totals == score(scenario, rules).totals


@SETTINGS
@given(scenarios())
def test_totals_are_never_negative_and_list_every_player_with_a_follower(pair: tuple[Scenario, Ruleset]) -> None:
    scenario, rules = pair
    totals = score(scenario, rules).totals
    assert all(points >= 0 for points in totals.values())
    assert set(totals) == {p for f in scenario.features for p, s in f.followers.items() if s > 0}


@SETTINGS
@given(scenarios())
def test_totals_are_the_sum_of_what_each_feature_awards(pair: tuple[Scenario, Ruleset]) -> None:
    scenario, rules = pair
    result = score(scenario, rules)
    for player, total in result.totals.items():
        assert total == sum(r.awarded.get(player, 0) for r in result.features)
