"""Scenario files: the YAML a worked example is scored from, read into scorer objects.

The format (also described for editors in ``content/en/scenario-format.md``)::

    edition: C3                 # C1 | C2 | C3; optional, default C3
    ruleset: standard           # optional; a ruleset id from rules_data/rulesets.yaml,
                                # default: the ruleset that is the edition's default
    scoring: during-game        # during-game (features a tile just completed) | final (end of game)
    features:
      - type: city              # city | road | cloister | field
        tiles: 8                # city/road: tiles of the feature; cloister: itself + neighbours, 1..9
        pennants: 2             # city only, default 0
        complete: true          # city/road only; a cloister is complete when tiles == 9
        cathedral: false        # city only
        inn: false              # road only
        mage: true              # city/road only
        witch: false            # city/road only
        followers: {red: 1, blue: 1}   # strength per player: 1 per follower, 2 per large follower
      - type: field
        completed_cities: 2     # completed cities the field borders,
        cities: [a, b]          # or their names (needed only by the older farm rules)
        followers: {green: 1}
    expect: {red: 28, blue: 28} # optional: the published totals, confirmed by ``rulesite score``

:func:`read_scenario` reads that mapping from any place in a parsed file (worked examples
keep it under ``scenario:``) and reports every mistake at once, each at the node where
it is. Besides the schema codes of :mod:`generator.validate` (``unknown-key``,
``bad-type``, ``bad-value``, ``missing-key``) the problem codes are:

``city-only``
    pennants or a cathedral on something other than a city.
``road-only``
    an inn on something other than a road.
``city-or-road-only``
    the mage, the witch or ``complete`` on a cloister or a field.
``field-only``
    ``completed_cities`` or ``cities`` on something other than a field.
``not-on-field``
    ``tiles`` on a field (a field is measured in completed cities).
``mage-and-witch``
    the mage and the witch on the same feature.
``too-many-mages``, ``too-many-witches``
    a second mage or witch in one scenario; the game has one of each.
``too-few-tiles``
    a city, road or cloister of fewer than 1 tile.
``cloister-too-big``
    a cloister counted with more than 9 tiles.
``negative-strength``, ``negative-count``
    a strength, pennant count or city count below 0.
``incomplete-during-game``
    an unfinished feature scored during the game (only completion scores then).
``field-during-game``
    a field scored during the game (fields only score at the end).
``duplicate-city``
    a field naming the same city twice.
``cities-mismatch``
    ``completed_cities`` disagreeing with the number of ``cities`` named.
``unknown-ruleset``
    a ruleset id that the rulesets file does not define.
``unknown-player``
    ``expect`` naming a player who has no follower in the scenario.
``impossible``
    anything else the scorer refuses (a safety net; the checks above should come first).

:func:`check_expect` compares totals with ``expect`` and reports ``expect-mismatch``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from . import scorer
from .model import Strict
from .problem import Problem
from .rulesets import RulesetTable, builtin
from .source import PathKey, Source, read
from .validate import validate

FEATURE_TYPES = scorer.FEATURE_TYPES
PlayerName = Annotated[str, Field(min_length=1)]
# Bounds appear in the published schema for editors; the reader checks them itself so it
# can give each its own problem code instead of a generic bad-value.
Strength = Annotated[int, Field(le=100, json_schema_extra={"minimum": 0})]
Count = Annotated[int, Field(le=1000, json_schema_extra={"minimum": 0})]
Tiles = Annotated[int, Field(le=1000, json_schema_extra={"minimum": 1})]
# Upper bounds sit far above any table (a strength of 100 followers, a feature of 1,000
# tiles): they keep every total a number ``rulesite score`` prints exactly and quickly.
Total = Annotated[int, Field(ge=-1_000_000_000, le=1_000_000_000)]


class FeatureSpec(Strict):
    """One feature to score."""

    type: Literal["city", "road", "cloister", "field"]
    """What the feature is."""
    tiles: Tiles | None = None
    """City or road: its tiles. Cloister: the cloister tile and its neighbours, 1 to 9. Not for fields."""
    pennants: Count = 0
    """City only: the pennants (coats of arms) in it."""
    complete: bool = False
    """City or road only: true when it is finished. A cloister is complete when it has 9 tiles."""
    cathedral: bool = False
    """City only: a cathedral stands in it (Inns & Cathedrals)."""
    inn: bool = False
    """Road only: an inn lies on it (Inns & Cathedrals)."""
    mage: bool = False
    """City or road only: the mage stands on it (Mage & Witch)."""
    witch: bool = False
    """City or road only: the witch stands on it (Mage & Witch)."""
    followers: dict[PlayerName, Strength] = {}
    """Player to strength on this feature: 1 per follower, 2 per large follower."""
    completed_cities: Count | None = None
    """Field only: how many completed cities it borders."""
    cities: Annotated[list[PlayerName], Field(max_length=1000)] | None = None
    """Field only: names of the completed cities it borders, so older farm rules can tell when two fields share one."""


class ScenarioSpec(Strict):
    """A scoring scenario: features scored together, and optionally the published totals."""

    edition: Literal["C1", "C2", "C3"] = "C3"
    """Tile edition; chooses the default ruleset."""
    ruleset: Annotated[str, Field(min_length=1)] | None = None
    """Id of a ruleset in rules_data/rulesets.yaml; default: the edition's default ruleset."""
    scoring: Literal["during-game", "final"]
    """during-game: features a tile has just completed; final: what is left at the end of the game."""
    features: list[FeatureSpec] = Field(min_length=1, max_length=1000)
    """The features scored."""
    expect: dict[PlayerName, Total] | None = None
    """Published totals per player, confirmed by ``rulesite score``."""


def scenario_schema() -> dict[str, Any]:
    """JSON Schema of the scenario mapping, generated from the model."""
    return ScenarioSpec.model_json_schema()


@dataclass(frozen=True)
class ScenarioDoc:
    """A read scenario, ready to score, and where it came from."""

    scenario: scorer.Scenario
    ruleset: str
    """Id of the ruleset to apply: the one named, or the edition's default."""
    rules: scorer.Ruleset
    expect: dict[str, int] | None
    source: Source
    base: PathKey = ()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _features(data: Any) -> list[tuple[int, dict[str, Any]]]:
    features = data.get("features") if isinstance(data, dict) else None
    if not isinstance(features, list):
        return []
    return [(i, f) for i, f in enumerate(features) if isinstance(f, dict)]


def _check_feature(source: Source, at: PathKey, feature: dict[str, Any], scoring: Any) -> list[Problem]:
    kind = feature.get("type")
    if kind not in FEATURE_TYPES:
        return []  # the schema reports the type; what fits which type is unknowable
    found: list[Problem] = []

    def key(name: str, code: str, message: str) -> None:
        found.append(source.problem(at + (name,), code, message, at_key=True))

    def value(path: PathKey, code: str, message: str) -> None:
        found.append(source.problem(at + path, code, message))

    tiles = feature.get("tiles")
    if kind == "field":
        if "tiles" in feature:
            key("tiles", "not-on-field", "a field has no tile count; give completed_cities or cities instead")
    elif tiles is None:
        found.append(source.problem(at, "missing-key", f"missing required key 'tiles' (every {kind} has tiles)"))
    elif _is_int(tiles) and tiles < 1:
        value(("tiles",), "too-few-tiles", f"a {kind} has at least 1 tile, not {tiles}")
    elif kind == "cloister" and _is_int(tiles) and tiles > scorer.CLOISTER_TILES:
        value(("tiles",), "cloister-too-big",
              f"a cloister counts itself and its 8 neighbours, at most {scorer.CLOISTER_TILES} tiles, not {tiles}")

    if kind != "city":
        if feature.get("pennants"):
            key("pennants", "city-only", f"only a city has pennants, not a {kind}")
        if feature.get("cathedral"):
            key("cathedral", "city-only", f"a cathedral stands in a city, not on a {kind}")
    if kind != "road" and feature.get("inn"):
        key("inn", "road-only", f"an inn lies on a road, not on a {kind}")
    if kind in ("cloister", "field"):
        for name in ("mage", "witch"):
            if feature.get(name):
                key(name, "city-or-road-only", f"the {name} stands on a city or a road, not on a {kind}")
        if "complete" in feature:
            why = ("a cloister is complete when it has 9 tiles" if kind == "cloister"
                   else "a field is never completed")
            key("complete", "city-or-road-only", f"only cities and roads say whether they are complete; {why}")
    if feature.get("mage") is True and feature.get("witch") is True:
        key("witch", "mage-and-witch", "the mage and the witch are never on the same feature")
    if kind != "field":
        for name in ("completed_cities", "cities"):
            if name in feature:
                key(name, "field-only", f"only a field borders completed cities; {name} does not belong on a {kind}")

    for name in ("pennants", "completed_cities"):
        if _is_int(feature.get(name)) and feature[name] < 0:
            value((name,), "negative-count", f"{name} cannot be negative, not {feature[name]}")
    followers = feature.get("followers")
    if isinstance(followers, dict):
        for player, strength in followers.items():
            if _is_int(strength) and strength < 0:
                value(("followers", player), "negative-strength",
                      f"strength counts followers (1 each, 2 for a large one); {strength} is impossible")
    cities = feature.get("cities")
    if kind == "field" and isinstance(cities, list):
        seen: set[Any] = set()
        for position, city in enumerate(cities):
            if not isinstance(city, str):
                continue  # the schema reports a city that is not a name
            if city in seen:
                value(("cities", position), "duplicate-city", f"city {city!r} is named twice for this field")
            seen.add(city)
        count = feature.get("completed_cities")
        if _is_int(count) and count != len(cities):
            value(("completed_cities",), "cities-mismatch",
                  f"completed_cities is {count} but {len(cities)} cities are named")

    if scoring == "during-game":
        if kind == "field":
            value(("type",), "field-during-game", "fields are only scored at the end of the game; use scoring: final")
        elif kind == "cloister":
            if _is_int(tiles) and 1 <= tiles < scorer.CLOISTER_TILES:
                value(("tiles",), "incomplete-during-game",
                      f"a cloister of {tiles} tiles is unfinished, and only completion scores during the game")
        elif feature.get("complete") is not True:
            message = f"an unfinished {kind} does not score during the game; set complete: true or use scoring: final"
            if "complete" in feature:
                value(("complete",), "incomplete-during-game", message)
            else:
                found.append(source.problem(at, "incomplete-during-game", message))
    return found


def _check(source: Source, base: PathKey, data: Any, rulesets: RulesetTable) -> list[Problem]:
    """Everything a schema cannot say, checked on the raw data so it runs even when the schema fails."""
    if not isinstance(data, dict):
        return []
    found: list[Problem] = []
    features = _features(data)
    for index, feature in features:
        found += _check_feature(source, base + ("features", index), feature, data.get("scoring"))
    for figure, code in (("mage", "too-many-mages"), ("witch", "too-many-witches")):
        carriers = [i for i, f in features if f.get(figure) is True]
        for index in carriers[1:]:
            found.append(source.problem(base + ("features", index, figure), code,
                                        f"the game has one {figure}, already on feature {carriers[0] + 1}",
                                        at_key=True))
    ruleset = data.get("ruleset")
    if isinstance(ruleset, str) and ruleset and ruleset not in rulesets:
        found.append(source.problem(base + ("ruleset",), "unknown-ruleset",
                                    f"no ruleset {ruleset!r}; known: {', '.join(sorted(rulesets))}"))
    expect = data.get("expect")
    if isinstance(expect, dict):
        players = {p for _, f in features if isinstance(f.get("followers"), dict)
                   for p, s in f["followers"].items() if _is_int(s) and s > 0}
        for player in expect:
            if player not in players:
                found.append(source.problem(base + ("expect", player), "unknown-player",
                                            f"{player!r} has no follower in this scenario", at_key=True))
    return found


def _to_feature(spec: FeatureSpec) -> scorer.Feature:
    return scorer.Feature(
        type=spec.type, followers=dict(spec.followers), tiles=spec.tiles or 0, pennants=spec.pennants,
        complete=spec.complete, cathedral=spec.cathedral, inn=spec.inn, mage=spec.mage, witch=spec.witch,
        completed_cities=spec.completed_cities if spec.completed_cities is not None else len(spec.cities or ()),
        cities=tuple(spec.cities or ()))


def read_scenario(source: Source, base: PathKey = (),
                  rulesets: RulesetTable | None = None) -> tuple[ScenarioDoc | None, list[Problem]]:
    """Read the scenario mapping at ``base`` of ``source``; every problem found, or a ScenarioDoc.

    ``rulesets`` defaults to the built-in current rules alone.
    """
    table = rulesets if rulesets is not None else builtin()
    data: Any = source.data
    for key in base:
        data = data.get(key) if isinstance(data, dict) else None
    if data is None:
        return None, [source.problem(base, "bad-type", "expected a scenario mapping here, found nothing")]
    spec, problems = validate(source, ScenarioSpec, base)
    problems = sorted(set(problems + _check(source, base, data, table)))
    if spec is None or problems:
        return None, problems
    features = []
    for index, feature in enumerate(spec.features):
        try:
            features.append(_to_feature(feature))
        except scorer.ScoringError as exc:
            return None, [source.problem(base + ("features", index) + ((exc.field,) if exc.field else ()),
                                         "impossible", str(exc))]
    try:
        scenario = scorer.Scenario(tuple(features), spec.scoring, spec.edition)
    except scorer.ScoringError as exc:
        path = base + (("features", exc.feature) if exc.feature is not None else ())
        return None, [source.problem(path, "impossible", str(exc))]
    name = spec.ruleset or table.for_edition(spec.edition)
    return ScenarioDoc(scenario, name, table.rules(name), dict(spec.expect) if spec.expect is not None else None,
                       source, base), []


def scenario_base(source: Source) -> PathKey:
    """Where the scenario sits: a worked example keeps it under ``scenario:``, a scenario file at the top."""
    data = source.data
    if isinstance(data, dict) and "scenario" in data and "features" not in data:
        return ("scenario",)
    return ()


def load_scenario(path: Path, rulesets: RulesetTable | None = None,
                  display: str | None = None) -> tuple[ScenarioDoc | None, list[Problem]]:
    """Read a scenario file or a worked example file from disk."""
    source, problems = read(path, display)
    if source.data is None:
        if not problems:
            problems = [source.problem((), "bad-type", "the file is empty; expected a scenario mapping")]
        return None, problems
    doc, found = read_scenario(source, scenario_base(source), rulesets)
    # A duplicate key leaves usable data; it is still a mistake, so no score is given.
    return (None if problems else doc), sorted(set(problems + found))


def check_expect(doc: ScenarioDoc, totals: dict[str, int]) -> list[Problem]:
    """``expect-mismatch`` for every player whose published total differs; a player left out expects 0."""
    if doc.expect is None:
        return []
    found = []
    for player in sorted(set(doc.expect) | set(totals)):
        expected, computed = doc.expect.get(player, 0), totals.get(player, 0)
        if expected != computed:
            path = doc.base + ("expect", player) if player in doc.expect else doc.base + ("expect",)
            found.append(doc.source.problem(path, "expect-mismatch",
                                            f"{player}: expected {expected}, computed {computed}"))
    return found
