"""The numbers of the scoring rules, as data: printings differ only in these values.

Stage: scorer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal

from .features import ScoringError, is_int

FarmMethod = Literal["per-field", "per-field-city-once", "per-city"]
FARM_METHODS: tuple[str, ...] = ("per-field", "per-field-city-once", "per-city")


@dataclass(frozen=True)
class SmallCity:
    """Early first-edition rule: a small completed city scores less."""

    max_tiles: int
    per_tile: int
    per_pennant: int


@dataclass(frozen=True)
class FarmRules:
    """How fields turn completed cities into points at the end of the game."""

    method: FarmMethod = "per-field"
    points_per_city: int = 3


@dataclass(frozen=True)
class Ruleset:
    """Every number the scoring rules depend on; the same names as the YAML rulesets."""

    city_complete_per_tile: int = 2
    city_complete_per_pennant: int = 2
    city_final_per_tile: int = 1
    city_final_per_pennant: int = 1
    small_city: SmallCity | None = None
    road_per_tile: int = 1
    cloister_per_tile: int = 1
    farm: FarmRules = field(default_factory=FarmRules)
    inn_complete_per_tile: int = 2
    inn_unfinished_per_tile: int = 0
    cathedral_complete_per_unit: int = 3
    cathedral_unfinished_per_unit: int = 0
    mage_per_tile: int = 1
    mage_rescues_inn_cathedral: bool = True
    witch_divisor: int = 2

    def __post_init__(self) -> None:
        numbers: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)
                                      if f.name not in ("small_city", "farm", "mage_rescues_inn_cathedral")}
        if self.small_city is not None:
            numbers.update({f"small_city.{f.name}": getattr(self.small_city, f.name) for f in fields(SmallCity)})
        numbers["farm.points_per_city"] = self.farm.points_per_city
        for name, value in numbers.items():
            if not is_int(value) or value < 0:  # type: ignore[operator]
                raise ScoringError(f"{name} must be a whole number of at least 0, not {value!r}", field=name)
        if self.witch_divisor < 1:
            raise ScoringError("witch_divisor must be at least 1", field="witch_divisor")
        if self.small_city is not None and self.small_city.max_tiles < 1:
            raise ScoringError("small_city.max_tiles must be at least 1", field="small_city.max_tiles")
        if self.farm.method not in FARM_METHODS:
            raise ScoringError(f"farm method {self.farm.method!r} is not one of {', '.join(FARM_METHODS)}",
                               field="farm.method")
        if not isinstance(self.mage_rescues_inn_cathedral, bool):
            raise ScoringError("mage_rescues_inn_cathedral must be true or false", field="mage_rescues_inn_cathedral")


STANDARD = Ruleset()
