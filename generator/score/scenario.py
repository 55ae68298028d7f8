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
        pigs: [green]           # players whose pig is in the field (Traders & Builders)
        followers: {green: 1}
    goods: {red: {wine: 2}}     # final only: goods tokens each player holds (Traders & Builders)
    expect: {red: 28, blue: 28} # optional: the published totals, confirmed by ``rulesite score``

A scenario may instead give a board (``board:``, ``figures:`` and optional ``tile_types:``):
:func:`read_scenario` hands such a mapping to :mod:`generator.score.board_scenario`.

:func:`read_scenario` reads that mapping from any place in a parsed file (worked examples
keep it under ``scenario:``) and reports every mistake at once, each at the node where
it is. Besides the schema codes of :mod:`generator.model.validate` (``unknown-key``,
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
    ``expect`` naming a player who has no follower in the scenario and holds no goods.
``pig-without-farmer``
    a pig in a field where its player has no farmer (Traders & Builders).
``too-many-pigs``
    one player's pig named twice; each player has one.
``goods-during-game``
    goods tokens in a scenario scored during the game; they score at its end.
``rule-not-known``
    a pig under a ruleset for which no source gives the pig's value.
``impossible``
    anything else the scorer refuses (a safety net; the checks above should come first).

:func:`check_expect` compares totals with ``expect`` and reports ``expect-mismatch``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from pydantic import Field, create_model

from generator import scorer
from generator.score.board_scenario import (GOODS_DOC, BoardScenarioSpec, BoardView, Goods, Total, goods_during_game,
                                            read_board_scenario)
from generator.model.data import Strict
from generator.core.problem import Problem
from generator.check.rulesets import RulesetTable, builtin
from generator.scorer import is_int
from generator.read.source import PathKey, Source, read
from generator.model.tiles import Catalogue
from generator.model.validate import validate
from generator.core.vocabulary import EDITIONS

FEATURE_TYPES = scorer.FEATURE_TYPES
PlayerName = Annotated[str, Field(min_length=1)]
# Bounds appear in the published schema for editors; the reader checks them itself so it
# can give each its own problem code instead of a generic bad-value.
Strength = Annotated[int, Field(le=100, json_schema_extra={"minimum": 0})]
Count = Annotated[int, Field(le=1000, json_schema_extra={"minimum": 0})]
Tiles = Annotated[int, Field(le=1000, json_schema_extra={"minimum": 1})]
# Upper bounds sit far above any table (a strength of 100 followers, a feature of 1,000
# tiles): they keep every total a number ``rulesite score`` prints exactly and quickly.
# Published totals are bounded by Total, shared with the board reader.


def _applies_to(attribute: str) -> str:
    names = list(scorer.carriers(attribute))
    listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
    return listed.capitalize() + " only"


def _feature_fields() -> dict[str, Any]:
    """The fields of a feature, with the words of the schema taken from the scorer's feature table."""
    fields: dict[str, Any] = {
        "type": (Literal[scorer.FEATURE_TYPES], Field(description="What the feature is.")),  # type: ignore[valid-type]
        "tiles": (Tiles | None, Field(None, description=(
            f"{_applies_to('tiles')}: its tiles; a cloister counts itself and its neighbours, "
            f"1 to {scorer.CLOISTER_TILES}."))),
        "complete": (bool, Field(False, description=f"{_applies_to('complete')}: true when it is finished.")),
    }
    for name, words in scorer.ATTRIBUTES.items():
        kind = scorer.Feature.__dataclass_fields__[name].type
        python = {"int": Count, "bool": bool}.get(kind, Annotated[list[PlayerName], Field(max_length=1000)])
        default = {"int": 0, "bool": False}.get(kind)
        if name == "completed_cities":
            python, default = Count | None, None
        elif default is None:
            python = python | None
        fields[name] = (python, Field(default, description=f"{_applies_to(name)}: {words}."))
    fields["followers"] = (dict[PlayerName, Strength], Field(
        {}, description="Player to strength on this feature: 1 per follower, 2 per large follower."))
    return fields


FeatureSpec = create_model("FeatureSpec", __base__=Strict, __doc__="One feature to score.", **_feature_fields())


class ScenarioSpec(Strict):
    """A scoring scenario: features scored together, and optionally the published totals."""

    edition: Literal[EDITIONS] = EDITIONS[-1]  # type: ignore[valid-type]
    """Tile edition; chooses the default ruleset."""
    ruleset: Annotated[str, Field(min_length=1)] | None = None
    """Id of a ruleset in rules_data/rulesets.yaml; default: the edition's default ruleset."""
    scoring: Literal["during-game", "final"]
    """during-game: features a tile has just completed; final: what is left at the end of the game."""
    features: list[FeatureSpec] = Field(min_length=1, max_length=1000)
    """The features scored."""
    goods: Goods | None = Field(None, description=GOODS_DOC)
    expect: dict[PlayerName, Total] | None = None
    """Published totals per player, confirmed by ``rulesite score``."""


def scenario_schema() -> dict[str, Any]:
    """JSON Schema of the scenario mapping, generated from the models: features or a board."""
    features, board = ScenarioSpec.model_json_schema(), BoardScenarioSpec.model_json_schema()
    defs = {**features.pop("$defs", {}), **board.pop("$defs", {}), "ScenarioSpec": features,
            "BoardScenarioSpec": board}
    return {"$defs": defs, "title": "Scenario", "description": "A scoring scenario: a list of features, or a board.",
            "anyOf": [{"$ref": "#/$defs/ScenarioSpec"}, {"$ref": "#/$defs/BoardScenarioSpec"}]}


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
    board: BoardView | None = None
    """A board scenario's board and the features found on it; None for a feature-level one."""


def _features(data: Any) -> list[tuple[int, dict[str, Any]]]:
    features = data.get("features") if isinstance(data, dict) else None
    if not isinstance(features, list):
        return []
    return [(i, f) for i, f in enumerate(features) if isinstance(f, dict)]


# The problem code names the types that may carry it: city-only, city-or-road-only, ...
_only = scorer.only_code


def _check_measure(feature: dict[str, Any], kind: str, key: Any, found: list[Problem], source: Source,
                   at: PathKey) -> None:
    """Tiles: required where the table measures the type in tiles, refused elsewhere, within bounds."""
    spec, tiles = scorer.FEATURE_KINDS[kind], feature.get("tiles")
    if not spec.has_tiles:
        if "tiles" in feature:
            key("tiles", f"not-on-{kind}", f"a {kind} has no tile count; give completed_cities or cities instead")
    elif tiles is None:
        found.append(source.problem(at, "missing-key", f"missing required key 'tiles' (every {kind} has tiles)"))
    elif is_int(tiles) and tiles < 1:
        found.append(source.problem(at + ("tiles",), "too-few-tiles", f"a {kind} has at least 1 tile, not {tiles}"))
    elif spec.max_tiles is not None and is_int(tiles) and tiles > spec.max_tiles:
        found.append(source.problem(at + ("tiles",), f"{kind}-too-big",
                                    f"a {kind} counts at most {spec.max_tiles} tiles, not {tiles}"))


def _check_feature(source: Source, at: PathKey, feature: dict[str, Any], scoring: Any) -> list[Problem]:
    kind = feature.get("type")
    if kind not in FEATURE_TYPES:
        return []  # the schema reports the type; what fits which type is unknowable
    found: list[Problem] = []

    def key(name: str, code: str, message: str) -> None:
        found.append(source.problem(at + (name,), code, message, at_key=True))

    def value(path: PathKey, code: str, message: str) -> None:
        found.append(source.problem(at + path, code, message))

    _check_measure(feature, kind, key, found, source, at)
    spec = scorer.FEATURE_KINDS[kind]
    for name in scorer.ATTRIBUTES:
        # `inn: false` or `pennants: 0` on a city says nothing wrong; any other value is out of place.
        if name in feature and feature[name] not in (False, 0) and name not in spec.extras:
            key(name, _only(name), scorer.misplaced(name, kind))
    if "complete" in feature and not spec.completable:
        why = ("its completion follows from its tiles" if spec.has_tiles else "it is never completed")
        key("complete", _only("complete"), f"{scorer.misplaced('complete', kind)}: {why}")
    if all(feature.get(figure) is True for figure in scorer.FIGURES):
        key(scorer.FIGURES[-1], "mage-and-witch", "the mage and the witch are never on the same feature")

    for name in ("pennants", "completed_cities"):
        if is_int(feature.get(name)) and feature[name] < 0:
            value((name,), "negative-count", f"{name} cannot be negative, not {feature[name]}")
    followers = feature.get("followers")
    if isinstance(followers, dict):
        for player, strength in followers.items():
            if is_int(strength) and strength < 0:
                value(("followers", player), "negative-strength",
                      f"strength counts followers (1 each, 2 for a large one); {strength} is impossible")
    if kind == "field":
        _check_field_cities(feature, value)
    if scoring == "during-game":
        _check_during_game(source, at, feature, kind, value, found)
    return found


def _check_field_cities(feature: dict[str, Any], value: Callable[[PathKey, str, str], None]) -> None:
    """A field's completed cities: each named once, and as many as ``completed_cities`` says."""
    cities = feature.get("cities")
    if not isinstance(cities, list):
        return
    seen: set[Any] = set()
    for position, city in enumerate(cities):
        if not isinstance(city, str):
            continue  # the schema reports a city that is not a name
        if city in seen:
            value(("cities", position), "duplicate-city", f"city {city!r} is named twice for this field")
        seen.add(city)
    count = feature.get("completed_cities")
    if is_int(count) and count != len(cities):
        value(("completed_cities",), "cities-mismatch",
              f"completed_cities is {count} but {len(cities)} cities are named")


def _check_during_game(source: Source, at: PathKey, feature: dict[str, Any], kind: str,
                       value: Callable[[PathKey, str, str], None], found: list[Problem]) -> None:
    """During the game only completed features score (and never a field)."""
    spec = scorer.FEATURE_KINDS[kind]
    tiles = feature.get("tiles")
    if not spec.scored_during_game:
        value(("type",), f"{kind}-during-game", f"a {kind} is only scored at the end of the game; use scoring: final")
    elif not spec.completable:
        if spec.max_tiles and is_int(tiles) and 1 <= tiles < spec.max_tiles:
            value(("tiles",), "incomplete-during-game",
                  f"a {kind} of {tiles} tiles is unfinished, and only completion scores during the game")
    elif feature.get("complete") is not True:
        message = f"an unfinished {kind} does not score during the game; set complete: true or use scoring: final"
        if "complete" in feature:
            value(("complete",), "incomplete-during-game", message)
        else:
            found.append(source.problem(at, "incomplete-during-game", message))


def _check(source: Source, base: PathKey, data: Any, rulesets: RulesetTable) -> list[Problem]:
    """Everything a schema cannot say, checked on the raw data so it runs even when the schema fails."""
    if not isinstance(data, dict):
        return []
    found: list[Problem] = []
    features = _features(data)
    for index, feature in features:
        found += _check_feature(source, base + ("features", index), feature, data.get("scoring"))
    for figure in scorer.FIGURES:
        carriers = [i for i, f in features if f.get(figure) is True]
        for index in carriers[1:]:
            found.append(source.problem(base + ("features", index, figure), scorer.too_many_code(figure),
                                        f"the game has one {figure}, already on feature {carriers[0] + 1}",
                                        at_key=True))
    found += _check_pigs(source, base, features)
    found += goods_during_game(source, base, data)
    ruleset = data.get("ruleset")
    if isinstance(ruleset, str) and ruleset and ruleset not in rulesets:
        found.append(source.problem(base + ("ruleset",), "unknown-ruleset",
                                    f"no ruleset {ruleset!r}; known: {', '.join(sorted(rulesets))}"))
    expect = data.get("expect")
    if isinstance(expect, dict):
        players = {p for _, f in features if isinstance(f.get("followers"), dict)
                   for p, s in f["followers"].items() if is_int(s) and s > 0}
        players |= set(data["goods"]) if isinstance(data.get("goods"), dict) else set()
        for player in expect:
            if player not in players:
                found.append(source.problem(base + ("expect", player), "unknown-player",
                                            f"{player!r} has no follower in this scenario", at_key=True))
    return found


def _check_pigs(source: Source, base: PathKey, features: list[tuple[int, dict[str, Any]]]) -> list[Problem]:
    """One pig per player, each in a field where its player has a farmer."""
    found, seen = [], set()
    for index, feature in features:
        pigs, followers = feature.get("pigs"), feature.get("followers")
        if not isinstance(pigs, list) or feature.get("type") != "field":
            continue
        farmers = {p for p, s in followers.items() if is_int(s) and s > 0} if isinstance(followers, dict) else set()
        for position, player in enumerate(pigs):
            at = base + ("features", index, "pigs", position)
            if not isinstance(player, str):
                continue  # the schema reports a name that is not text
            if player in seen:
                found.append(source.problem(at, "too-many-pigs", f"{player} has one pig, and it is named already"))
            elif player not in farmers:
                found.append(source.problem(at, "pig-without-farmer",
                                            f"the pig of {player} stands where {player} has no farmer"))
            seen.add(player)
    return found


def pig_not_known(source: Source, base: PathKey, scenario: scorer.Scenario, rules: scorer.Ruleset,
                  name: str) -> list[Problem]:
    """A pig under a ruleset whose pig value no source gives: "not known", never a guessed total."""
    if not scenario.has_pigs or scorer.pig_rate(rules) is not None:
        return []
    data = source.data
    for key in base:
        data = data.get(key) if isinstance(data, dict) else None
    at = base + ("ruleset",) if isinstance(data, dict) and "ruleset" in data else base
    return [source.problem(at, "rule-not-known",
                           f"no source gives what the pig adds under ruleset {name!r}, so this cannot be scored")]


def _to_feature(spec: FeatureSpec) -> scorer.Feature:
    return scorer.Feature(
        type=spec.type, followers=dict(spec.followers), tiles=spec.tiles or 0, pennants=spec.pennants,
        complete=spec.complete, cathedral=spec.cathedral, inn=spec.inn, mage=spec.mage, witch=spec.witch,
        completed_cities=spec.completed_cities if spec.completed_cities is not None else len(spec.cities or ()),
        cities=tuple(spec.cities or ()), pigs=tuple(spec.pigs or ()))


def read_scenario(source: Source, base: PathKey = (), rulesets: RulesetTable | None = None,
                  tiles: Catalogue | None = None) -> tuple[ScenarioDoc | None, list[Problem]]:
    """Read the scenario mapping at ``base`` of ``source``; every problem found, or a ScenarioDoc.

    ``rulesets`` defaults to the built-in current rules alone; ``tiles`` is the tile
    catalogue a board scenario may draw on (default: none).
    """
    table = rulesets if rulesets is not None else builtin()
    data: Any = source.data
    for key in base:
        data = data.get(key) if isinstance(data, dict) else None
    if data is None:
        return None, [source.problem(base, "bad-type", "expected a scenario mapping here, found nothing")]
    if isinstance(data, dict) and "board" in data:
        read, problems = read_board_scenario(source, base, table, tiles if tiles is not None else Catalogue())
        if read is None:
            return None, problems
        unknown = pig_not_known(source, base, read.scenario, table.rules(read.ruleset), read.ruleset)
        if unknown:
            return None, unknown
        return ScenarioDoc(read.scenario, read.ruleset, table.rules(read.ruleset), read.expect, source, base,
                           board=read.view), list(read.warnings)
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
        scenario = scorer.Scenario(tuple(features), spec.scoring, spec.edition, goods=spec.goods or {})
    except scorer.ScoringError as exc:
        path = base + (("features", exc.feature) if exc.feature is not None else ())
        return None, [source.problem(path, "impossible", str(exc))]
    name = spec.ruleset or table.for_edition(spec.edition)
    unknown = pig_not_known(source, base, scenario, table.rules(name), name)
    if unknown:
        return None, unknown
    return ScenarioDoc(scenario, name, table.rules(name), dict(spec.expect) if spec.expect is not None else None,
                       source, base), []


def scenario_base(source: Source) -> PathKey:
    """Where the scenario sits: a worked example keeps it under ``scenario:``, a scenario file at the top."""
    data = source.data
    if isinstance(data, dict) and "scenario" in data and "features" not in data and "board" not in data:
        return ("scenario",)
    return ()


def load_scenario(path: Path, rulesets: RulesetTable | None = None, display: str | None = None,
                  tiles: Catalogue | None = None) -> tuple[ScenarioDoc | None, list[Problem]]:
    """Read a scenario file or a worked example file from disk."""
    source, problems = read(path, display)
    if source.data is None:
        if not problems:
            problems = [source.problem((), "bad-type", "the file is empty; expected a scenario mapping")]
        return None, problems
    doc, found = read_scenario(source, scenario_base(source), rulesets, tiles)
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
