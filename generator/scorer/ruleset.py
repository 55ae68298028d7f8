"""The numbers of the scoring rules, as data: printings differ only in these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from generator.scorer.features import ScoringError, is_int

# per-field: each field scores its cities; per-field-city-once: a player scores a city at
# most once; per-city: each city goes to the majority of all farmers touching it.
FARM_METHODS: tuple[str, ...] = ("per-field", "per-field-city-once", "per-city")
FarmMethod = str  # one of FARM_METHODS


def rule(default: object, doc: str, minimum: int = 0) -> Any:
    """A ruleset field: its default, what it means (for the schema and the docs), its least value."""
    return field(default=default, metadata={"doc": doc, "minimum": minimum})


@dataclass(frozen=True)
class SmallCity:
    """Early first-edition rule: a completed small city scores less."""

    max_tiles: int = rule(2, "A completed city of at most this many tiles is a small city.", minimum=1)
    per_tile: int = rule(1, "Points per tile of a small city.")
    per_pennant: int = rule(1, "Points per pennant of a small city.")


@dataclass(frozen=True)
class FarmRules:
    """How fields turn completed cities into points at the end of the game."""

    method: FarmMethod = rule("per-field", "per-field: each field scores its cities; per-field-city-once: a player "
                              "scores a city at most once; per-city: each city goes to the majority of all farmers "
                              "touching it.")
    points_per_city: int = rule(3, "Points for each completed city.")


@dataclass(frozen=True)
class Ruleset:
    """Every number the scoring rules depend on: the one definition of a ruleset.

    ``rules_data/rulesets.yaml``, its model (:class:`generator.model.data.Ruleset`, generated
    from these fields), its schema and the documentation all follow these names, defaults
    and descriptions. A new scoring option is one field here and its use in ``compute``.
    """

    city_complete_per_tile: int = rule(2, "Points per tile of a completed city.")
    city_complete_per_pennant: int = rule(2, "Points per pennant of a completed city.")
    city_final_per_tile: int = rule(1, "Points per tile of an unfinished city at the end of the game.")
    city_final_per_pennant: int = rule(1, "Points per pennant of an unfinished city at the end of the game.")
    small_city: SmallCity | None = rule(None, "Early first-edition rule: a completed small city scores less; "
                                              "null when not in force.")
    road_per_tile: int = rule(1, "Points per road tile.")
    cloister_per_tile: int = rule(1, "Points per tile of a cloister and its neighbours.")
    farm: FarmRules = field(default_factory=FarmRules, metadata={"doc": "How fields score at the end of the game."})
    inn_complete_per_tile: int = rule(2, "Points per tile of a completed road with an inn.")
    inn_unfinished_per_tile: int = rule(0, "Points per tile of an unfinished road with an inn at the end of the game.")
    cathedral_complete_per_unit: int = rule(3, "Points per tile and per pennant of a completed city with a cathedral.")
    cathedral_unfinished_per_unit: int = rule(0, "Points per tile and pennant of an unfinished city with a cathedral "
                                                 "at the end of the game.")
    mage_per_tile: int = rule(1, "Extra points per tile that the mage adds.")
    mage_rescues_inn_cathedral: bool = rule(True, "At the end of the game the mage still adds its points to an "
                                                  "unfinished inn road or cathedral city (Big Box 4).")
    witch_divisor: int = rule(2, "The witch divides the feature's points by this, rounding up, after inn or "
                                 "cathedral.", minimum=1)
    goods_majority_points: int = rule(10, "Traders & Builders: points at the end of the game, for each kind of "
                                          "goods, to every player holding the most tokens of it (ties included).")
    followers_per_player: int = rule(7, "Followers each player may have on the board (the base game's eighth marks the score).")
    large_followers_per_player: int = rule(1, "Inns & Cathedrals: large followers each player has.")
    pigs_per_player: int = rule(1, "Traders & Builders: pigs each player has.")
    pig_per_city: int | None = rule(1, "Traders & Builders: extra points per completed city for a player who scores "
                                       "a field holding their pig; null where no source gives the pig's value under "
                                       "this ruleset's farm rules.")

    def __post_init__(self) -> None:
        _check_fields(self)
        if self.small_city is not None:
            _check_fields(self.small_city, "small_city.")
        _check_fields(self.farm, "farm.")
        if self.farm.method not in FARM_METHODS:
            raise ScoringError(f"farm method {self.farm.method!r} is not one of {', '.join(FARM_METHODS)}",
                               field="farm.method")


def _check_fields(rules: object, prefix: str = "") -> None:
    """Every number a whole number of at least its field's minimum, every switch true or false."""
    for item in fields(rules):  # type: ignore[arg-type]
        value, name = getattr(rules, item.name), prefix + item.name
        if item.type == "int | None" and value is None:
            continue  # not known: the scorer refuses what would need the number
        if item.type in ("int", "int | None") and (not is_int(value) or value < item.metadata["minimum"]):
            raise ScoringError(f"{name} must be a whole number of at least {item.metadata['minimum']}, "
                               f"not {value!r}", field=name)
        if item.type == "bool" and not isinstance(value, bool):
            raise ScoringError(f"{name} must be true or false", field=name)


STANDARD = Ruleset()


def supply(rules: Ruleset) -> dict[str, int]:
    """Each player's figures of each owned kind under ``rules``, by the board's figure names."""
    return {"follower": rules.followers_per_player, "large-follower": rules.large_followers_per_player,
            "pig": rules.pigs_per_player}
