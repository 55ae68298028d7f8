"""Shared builders for the scorer tests: short feature constructors and the older rulesets.

The rulesets are written out here by hand, not loaded from rules_data, so the scorer
tests stay independent of the YAML file (which has its own test).
"""

from __future__ import annotations

from typing import Any

from generator.scorer import FarmRules, Feature, Ruleset, Scenario, SmallCity

# No source gives what the pig adds under the first farm rule: its value is not known.
C1_2000 = Ruleset(small_city=SmallCity(max_tiles=2, per_tile=1, per_pennant=1),
                  farm=FarmRules(method="per-city", points_per_city=4), pig_per_city=None)
C1_2001 = Ruleset(small_city=SmallCity(max_tiles=2, per_tile=1, per_pennant=1),
                  farm=FarmRules(method="per-field-city-once", points_per_city=3))
BEFORE_BB4 = Ruleset(mage_rescues_inn_cathedral=False)


def city(followers: dict[str, int], tiles: int, pennants: int = 0, complete: bool = True, **flags: Any) -> Feature:
    return Feature("city", followers, tiles=tiles, pennants=pennants, complete=complete, **flags)


def road(followers: dict[str, int], tiles: int, complete: bool = True, **flags: Any) -> Feature:
    return Feature("road", followers, tiles=tiles, complete=complete, **flags)


def cloister(followers: dict[str, int], tiles: int) -> Feature:
    return Feature("cloister", followers, tiles=tiles)


def field(followers: dict[str, int], completed_cities: int = 0, cities: tuple[str, ...] = (),
          pigs: tuple[str, ...] = ()) -> Feature:
    return Feature("field", followers, completed_cities=completed_cities, cities=cities, pigs=pigs)


def during(*features: Feature) -> Scenario:
    return Scenario(features, "during-game")


def final(*features: Feature) -> Scenario:
    return Scenario(features, "final")
