"""The scoring rules: a scenario and a ruleset in, points and the arithmetic behind them out.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from generator.scorer.features import GOODS, Feature, FeatureResult, Result, Scenario, ScoringError, Step
from generator.scorer.ruleset import STANDARD, Ruleset

FarmScorer = Callable[[Sequence[tuple[int, Feature]], Ruleset], list[FeatureResult]]


def _ceil_div(numerator: int, divisor: int) -> int:
    return -(-numerator // divisor)


def majority(followers: Mapping[str, int]) -> tuple[tuple[str, ...], int]:
    """The players with the greatest strength, sorted, and that strength (0: nobody)."""
    strongest = max((s for s in followers.values() if s > 0), default=0)
    if strongest == 0:
        return (), 0
    return tuple(sorted(p for p, s in followers.items() if s == strongest)), strongest


def _majority_step(winners: tuple[str, ...], strength: int, points: int) -> Step:
    if not winners:
        return Step("no-follower", {"points": points})
    if len(winners) == 1:
        return Step("majority", {"player": winners[0], "strength": strength, "points": points})
    return Step("tie", {"players": ", ".join(winners), "strength": strength, "points": points})


def _city_value(feature: Feature, rules: Ruleset) -> tuple[int, Step]:
    tiles, pennants = feature.tiles, feature.pennants
    if feature.is_complete and feature.cathedral:
        rate = rules.cathedral_complete_per_unit
        points = (tiles + pennants) * rate
        return points, Step("city-cathedral", {"tiles": tiles, "pennants": pennants, "rate": rate, "points": points})
    if feature.cathedral:
        rate = rules.cathedral_unfinished_per_unit
        points = (tiles + pennants) * rate
        return points, Step("city-cathedral-unfinished",
                            {"tiles": tiles, "pennants": pennants, "rate": rate, "points": points})
    small = rules.small_city
    if feature.is_complete and small is not None and tiles <= small.max_tiles:
        points = tiles * small.per_tile + pennants * small.per_pennant
        return points, Step("city-small", {"tiles": tiles, "max_tiles": small.max_tiles, "tile_rate": small.per_tile,
                                           "pennants": pennants, "pennant_rate": small.per_pennant, "points": points})
    if feature.is_complete:
        code, tile_rate, pennant_rate = "city-complete", rules.city_complete_per_tile, rules.city_complete_per_pennant
    else:
        code, tile_rate, pennant_rate = "city-final", rules.city_final_per_tile, rules.city_final_per_pennant
    points = tiles * tile_rate + pennants * pennant_rate
    return points, Step(code, {"tiles": tiles, "tile_rate": tile_rate, "pennants": pennants,
                               "pennant_rate": pennant_rate, "points": points})


def _road_value(feature: Feature, rules: Ruleset) -> tuple[int, Step]:
    if feature.inn and feature.is_complete:
        code, rate = "road-inn-complete", rules.inn_complete_per_tile
    elif feature.inn:
        code, rate = "road-inn-unfinished", rules.inn_unfinished_per_tile
    else:
        code, rate = "road", rules.road_per_tile
    points = feature.tiles * rate
    return points, Step(code, {"tiles": feature.tiles, "rate": rate, "points": points})


def _cloister_value(feature: Feature, rules: Ruleset) -> tuple[int, Step]:
    points = feature.tiles * rules.cloister_per_tile
    return points, Step("cloister", {"tiles": feature.tiles, "rate": rules.cloister_per_tile, "points": points})


_VALUE: dict[str, Callable[[Feature, Ruleset], tuple[int, Step]]] = {
    "city": _city_value,
    "road": _road_value,
    "cloister": _cloister_value,
}


def _with_figures(feature: Feature, points: int, rules: Ruleset) -> tuple[int, list[Step]]:
    """Apply the mage or the witch to a feature already worth ``points``."""
    if feature.witch:
        # The witch halves what the feature is worth after the inn or cathedral rate.
        halved = _ceil_div(points, rules.witch_divisor)
        return halved, [Step("witch", {"before": points, "divisor": rules.witch_divisor, "points": halved})]
    if not feature.mage:
        return points, []
    rate = rules.mage_per_tile
    stranded = not feature.is_complete and (feature.inn or feature.cathedral)
    if stranded and not rules.mage_rescues_inn_cathedral:
        return points, [Step("mage-no-rescue", {"points": points})]
    total = points + feature.tiles * rate
    # Pennants never count for the mage, so only tiles appear in either step.
    code = "mage-rescue" if stranded else "mage"
    return total, [Step(code, {"before": points, "tiles": feature.tiles, "rate": rate, "points": total})]


def _score_feature(index: int, feature: Feature, rules: Ruleset) -> FeatureResult:
    points, first = _VALUE[feature.type](feature, rules)
    points, more = _with_figures(feature, points, rules)
    winners, strength = majority(feature.followers)
    steps = (first, *more, _majority_step(winners, strength, points))
    return FeatureResult(index, feature.type, points, winners, {p: points for p in winners}, steps)


def _cities_of(index: int, feature: Feature) -> list[str]:
    # Unnamed cities belong to this field alone: "#3.1" is the first city of feature 3.
    if feature.cities:
        return list(feature.cities)
    return [f"#{index + 1}.{k + 1}" for k in range(feature.completed_cities)]


def _field_step(feature: Feature, rules: Ruleset) -> tuple[int, Step]:
    rate = rules.farm.points_per_city
    points = feature.completed_cities * rate
    return points, Step("field", {"cities": feature.completed_cities, "rate": rate, "points": points})


def pig_rate(rules: Ruleset) -> int | None:
    """The pig's extra points per city under ``rules``; None where no source gives them.

    The first farm rule scores each city on its own, by the farmers of every field around
    it; no rule book says what a pig in one of those fields adds, so none is assumed.
    """
    if rules.farm.method == "per-city":
        return None
    return rules.pig_per_city


def _with_pigs(feature: Feature, rules: Ruleset, awarded: dict[str, int], cities: Mapping[str, int],
               steps: list[Step]) -> None:
    """Add the pig's points for every winner whose pig is in the field; ``cities`` counts the cities each scores."""
    pigs = [p for p in feature.pigs if p in awarded]
    if not pigs:
        return
    rate = pig_rate(rules)
    if rate is None:
        raise ScoringError("no source gives what the pig adds under this ruleset's farm rules", field="pigs")
    for player in pigs:
        before = awarded[player]
        awarded[player] = before + cities[player] * rate
        steps.append(Step("pig", {"player": player, "before": before, "cities": cities[player], "rate": rate,
                                  "points": awarded[player]}))


def _farm_per_field(fields: Sequence[tuple[int, Feature]], rules: Ruleset) -> list[FeatureResult]:
    results = []
    for index, feature in fields:
        points, step = _field_step(feature, rules)
        winners, strength = majority(feature.followers)
        steps = [step, _majority_step(winners, strength, points)]
        awarded = {p: points for p in winners}
        _with_pigs(feature, rules, awarded, {p: feature.completed_cities for p in winners}, steps)
        results.append(FeatureResult(index, "field", points, winners, awarded, tuple(steps)))
    return results


def _farm_per_field_city_once(fields: Sequence[tuple[int, Feature]], rules: Ruleset) -> list[FeatureResult]:
    rate = rules.farm.points_per_city
    scored: dict[str, set[str]] = {}
    results = []
    for index, feature in fields:
        points, step = _field_step(feature, rules)
        winners, strength = majority(feature.followers)
        steps = [step, _majority_step(winners, strength, points)]
        cities = set(_cities_of(index, feature))
        awarded, new = {}, {}
        for player in winners:
            already = scored.setdefault(player, set())
            repeated = len(cities & already)
            awarded[player] = points - repeated * rate
            new[player] = len(cities) - repeated
            if repeated:
                steps.append(Step("field-city-once", {"player": player, "repeated": repeated, "rate": rate,
                                                      "before": points, "points": awarded[player]}))
            already |= cities
        # The pig adds to the cities the player scores with this field, not to those already counted.
        _with_pigs(feature, rules, awarded, new, steps)
        results.append(FeatureResult(index, "field", points, winners, awarded, tuple(steps)))
    return results


def _farm_per_city(fields: Sequence[tuple[int, Feature]], rules: Ruleset) -> list[FeatureResult]:
    rate = rules.farm.points_per_city
    if any(feature.pigs for _, feature in fields):
        raise ScoringError("no source gives what the pig adds when each city is scored on its own", field="pigs")
    # City name to each player's farmer strength summed over every field touching it.
    farmers: dict[str, dict[str, int]] = {}
    for index, feature in fields:
        for city in _cities_of(index, feature):
            strengths = farmers.setdefault(city, {})
            for player, strength in feature.followers.items():
                strengths[player] = strengths.get(player, 0) + strength
    results = []
    for city, strengths in farmers.items():
        present = {p: s for p, s in sorted(strengths.items()) if s > 0}
        listed = ", ".join(f"{p} {s}" for p, s in present.items()) or "0"
        winners, strength = majority(present)
        steps = (Step("farm-city", {"city": city, "strengths": listed}), _majority_step(winners, strength, rate))
        results.append(FeatureResult(None, "farm-city", rate, winners, {p: rate for p in winners}, steps, name=city))
    return results


# Farm rules differ between printings; the ruleset names its method and this table finds it.
FARM_SCORERS: dict[str, FarmScorer] = {
    "per-field": _farm_per_field,
    "per-field-city-once": _farm_per_field_city_once,
    "per-city": _farm_per_city,
}


def _goods(goods: Mapping[str, Mapping[str, int]], rules: Ruleset) -> list[FeatureResult]:
    """Each kind of goods to the players holding the most tokens of it; nothing when nobody holds one."""
    points, results = rules.goods_majority_points, []
    for kind in GOODS:
        held = {p: g.get(kind, 0) for p, g in sorted(goods.items())}
        listed = ", ".join(f"{p} {n}" for p, n in held.items() if n > 0) or "0"
        winners, tokens = majority(held)
        if not winners:
            outcome = Step("goods-none", {"points": points})
        elif len(winners) == 1:
            outcome = Step("goods-majority", {"player": winners[0], "tokens": tokens, "points": points})
        else:
            outcome = Step("goods-tie", {"players": ", ".join(winners), "tokens": tokens, "points": points})
        # The kind of goods is in the step's code, so each language names it in its own words.
        steps = (Step(f"goods-{kind}", {"holdings": listed}), outcome)
        results.append(FeatureResult(None, "goods", points, winners, {p: points for p in winners}, steps,
                                     name=kind))
    return results


def score(scenario: Scenario, ruleset: Ruleset = STANDARD) -> Result:
    """Score every feature of ``scenario`` under ``ruleset``, then the goods tokens it states."""
    results = [_score_feature(i, f, ruleset) for i, f in enumerate(scenario.features) if f.type != "field"]
    fields = [(i, f) for i, f in enumerate(scenario.features) if f.type == "field"]
    if fields:
        results += FARM_SCORERS[ruleset.farm.method](fields, ruleset)
    # Scenario order; cities scored on their own (no feature index) come last, then the goods.
    results.sort(key=lambda r: (r.feature is None, r.feature or 0))
    if scenario.goods:
        results += _goods(scenario.goods, ruleset)
    players = sorted({p for f in scenario.features for p, s in f.followers.items() if s > 0} | set(scenario.goods))
    totals = {p: sum(r.awarded.get(p, 0) for r in results) for p in players}
    steps = [step for r in results for step in r.steps]
    steps += [Step("total", {"player": p, "points": points}) for p, points in totals.items()]
    return Result(totals, tuple(results), tuple(steps))
