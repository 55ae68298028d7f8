"""The scorer's plain data: features, scenarios, steps and results.

Everything here is a frozen dataclass built from the standard library only, so the
scorer can be used (and property-tested) without the YAML and pydantic layers. The
constructors check their own invariants and raise :class:`ScoringError`: the scenario
reader reports the same mistakes earlier and with file positions, but the scorer must
never be able to compute a total for something that cannot happen on a table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Mapping

FeatureType = str  # one of FEATURE_TYPES
Scoring = Literal["during-game", "final"]

# Tile editions, oldest first; a scenario names one (the newest by default) and each has
# a default ruleset. The rest of the package reads them from here (generator.core.vocabulary).
EDITIONS: tuple[str, ...] = ("C1", "C2", "C3")
SCORINGS: tuple[str, ...] = ("during-game", "final")
# A cloister tile and its eight neighbours.
CLOISTER_TILES = 9
# The kinds of goods token of Traders & Builders, in the order the rule books list them.
GOODS: tuple[str, ...] = ("wine", "grain", "cloth")


# --------------------------------------------------------------------------- the feature table


@dataclass(frozen=True)
class FeatureKind:
    """What one type of feature is measured in and what may stand on it.

    This table is the one definition of the feature vocabulary: the scenario reader
    (:mod:`generator.score.scenario`) checks YAML against it, the scorer's own checks below use
    it, the published scenario schema is generated from it, and a test holds the table in
    ``content/en/scenario-format.md`` to it. A new expansion piece is one entry in
    :data:`ATTRIBUTES` and its name in the ``extras`` of the types that carry it.
    """

    name: str
    has_tiles: bool
    """Measured in tiles (the feature's own, or a cloister and its neighbours); a field is not."""
    max_tiles: int | None
    completable: bool
    """Says ``complete: true/false``; a cloister's completion follows from its tiles."""
    scored_during_game: bool
    """Can be scored the moment a tile completes it; fields wait for the end of the game."""
    extras: tuple[str, ...]
    """The optional attributes of :data:`ATTRIBUTES` it may carry."""
    touches: str
    """On a tile (:mod:`generator.scorer.board`): ``sides`` (joined across whole sides N E S W),
    ``halves`` (joined across half-edges NL NR ... WR) or ``none`` (its own square only)."""
    role: str = "follower"
    """What a follower standing on it is called (knight, thief, monk, farmer), for messages."""


ATTRIBUTES: Mapping[str, str] = MappingProxyType({
    "pennants": "the pennants (coats of arms) in it",
    "cathedral": "a cathedral stands in it (Inns & Cathedrals)",
    "inn": "an inn lies on it (Inns & Cathedrals)",
    "mage": "the mage stands on it (Mage & Witch)",
    "witch": "the witch stands on it (Mage & Witch)",
    "completed_cities": "how many completed cities it borders",
    "cities": "names of the completed cities it borders, so older farm rules can tell when two fields share one",
    "pigs": "players whose pig stands in it (Traders & Builders); each also has a farmer there",
})
"""Optional attribute -> what it says, in words (for the schema and the docs)."""

FEATURE_KINDS: Mapping[str, FeatureKind] = MappingProxyType({
    "city": FeatureKind("city", True, None, True, True, ("pennants", "cathedral", "mage", "witch"), "sides",
                        "knight"),
    "road": FeatureKind("road", True, None, True, True, ("inn", "mage", "witch"), "sides", "thief"),
    "cloister": FeatureKind("cloister", True, CLOISTER_TILES, False, True, (), "none", "monk"),
    "field": FeatureKind("field", False, None, False, False, ("completed_cities", "cities", "pigs"), "halves",
                          "farmer"),
})
FEATURE_TYPES: tuple[str, ...] = tuple(FEATURE_KINDS)
# The figures the game has one of; two on one feature, or one twice, is impossible.
FIGURES: tuple[str, ...] = ("mage", "witch")


def carriers(attribute: str) -> tuple[str, ...]:
    """The feature types that may carry ``attribute`` (``complete`` and ``tiles`` included)."""
    if attribute == "complete":
        return tuple(name for name, kind in FEATURE_KINDS.items() if kind.completable)
    if attribute == "tiles":
        return tuple(name for name, kind in FEATURE_KINDS.items() if kind.has_tiles)
    return tuple(name for name, kind in FEATURE_KINDS.items() if attribute in kind.extras)


def only_code(attribute: str) -> str:
    """The problem code for ``attribute`` on a type that may not carry it: ``city-only``, ``city-or-road-only``."""
    return "-or-".join(carriers(attribute)) + "-only"


def too_many_code(figure: str) -> str:
    """The problem code for a second mage or witch: ``too-many-mages``, ``too-many-witches``."""
    return f"too-many-{figure}es" if figure.endswith("ch") else f"too-many-{figure}s"


def touching(touches: str) -> tuple[str, ...]:
    """The feature types that lie on a tile as ``touches`` says (``sides``, ``halves`` or ``none``)."""
    return tuple(name for name, kind in FEATURE_KINDS.items() if kind.touches == touches)


def misplaced(attribute: str, kind: str) -> str:
    """Why ``attribute`` does not belong on a ``kind``, in words."""
    return f"{attribute} belongs on a {' or a '.join(carriers(attribute))}, not on a {kind}"


class ScoringError(ValueError):
    """An impossible feature, scenario or ruleset.

    ``feature`` is the index of the offending feature in its scenario and ``field`` the
    attribute at fault, when known, so a caller holding positions can point at it.
    """

    def __init__(self, message: str, *, feature: int | None = None, field: str | None = None):
        super().__init__(message)
        self.feature = feature
        self.field = field


def is_int(value: object) -> bool:
    # bool is an int subclass; True tiles would otherwise count as one tile.
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Feature:
    """One city, road, cloister or field as it stands when it is scored."""

    type: FeatureType
    followers: Mapping[str, int]
    """Player to strength: a follower counts 1, a large follower 2."""
    tiles: int = 0
    pennants: int = 0
    complete: bool = False
    cathedral: bool = False
    inn: bool = False
    mage: bool = False
    witch: bool = False
    completed_cities: int = 0
    cities: tuple[str, ...] = ()
    """Names of the completed cities a field borders; only the older farm rules need them."""
    pigs: tuple[str, ...] = ()
    """Players whose pig stands in this field (Traders & Builders); the pig adds no strength."""

    def __post_init__(self) -> None:
        # A private copy: a caller mutating its dict afterwards must not change a score.
        object.__setattr__(self, "followers", MappingProxyType(dict(self.followers)))
        object.__setattr__(self, "cities", tuple(self.cities))
        object.__setattr__(self, "pigs", tuple(self.pigs))
        if self.cities and self.completed_cities == 0:
            object.__setattr__(self, "completed_cities", len(self.cities))
        for problem, name in self._problems():
            raise ScoringError(problem, field=name)

    def _problems(self) -> list[tuple[str, str]]:
        kind = self.type
        if kind not in FEATURE_TYPES:
            return [(f"feature type {kind!r} is not one of {', '.join(FEATURE_TYPES)}", "type")]
        found: list[tuple[str, str]] = []
        for name in ("tiles", "pennants", "completed_cities"):
            if not is_int(getattr(self, name)):
                found.append((f"{name} must be a whole number, not {getattr(self, name)!r}", name))
        for name in ("complete", "cathedral", "inn", *FIGURES):
            if not isinstance(getattr(self, name), bool):
                found.append((f"{name} must be true or false, not {getattr(self, name)!r}", name))
        for player, strength in self.followers.items():
            if not isinstance(player, str) or not player:
                found.append((f"player names must be non-empty text, not {player!r}", "followers"))
            elif not is_int(strength):
                found.append((f"strength of {player} must be a whole number, not {strength!r}", "followers"))
            elif strength < 0:
                found.append((f"strength of {player} is {strength}; it cannot be negative", "followers"))
        if found:
            return found
        if not FEATURE_KINDS[kind].has_tiles:
            if self.tiles:
                found.append(("a field has no tile count; give its completed cities instead", "tiles"))
            if self.complete:
                found.append(("a field is never complete; it is scored at the end of the game", "complete"))
            if self.completed_cities < 0:
                found.append((f"completed_cities is {self.completed_cities}; it cannot be negative", "completed_cities"))
            if len(set(self.cities)) != len(self.cities):
                found.append(("a field names the same city twice", "cities"))
            if self.cities and self.completed_cities != len(self.cities):
                found.append((f"completed_cities is {self.completed_cities} but {len(self.cities)} cities are named",
                              "completed_cities"))
        else:
            if self.tiles < 1:
                found.append((f"a {kind} has at least 1 tile, not {self.tiles}", "tiles"))
            limit = FEATURE_KINDS[kind].max_tiles
            if limit is not None and self.tiles > limit:
                found.append((f"a {kind} covers at most {limit} tiles, not {self.tiles}", "tiles"))
            if kind == "cloister" and self.complete and self.tiles != CLOISTER_TILES:
                found.append((f"a cloister is complete only with {CLOISTER_TILES} tiles", "complete"))
        if self.pennants < 0:
            found.append((f"pennants is {self.pennants}; it cannot be negative", "pennants"))
        for name in ATTRIBUTES:
            if getattr(self, name) and name not in FEATURE_KINDS[kind].extras:
                found.append((misplaced(name, kind), name))
        if self.mage and self.witch:
            found.append(("the mage and the witch are never on the same feature", "witch"))
        found += _pig_problems(self.pigs, self.followers)
        return found

    @property
    def is_complete(self) -> bool:
        # A cloister's completion follows from its tiles; the flag is only for cities and roads.
        if self.type == "cloister":
            return self.tiles == CLOISTER_TILES
        return self.complete


def _pig_problems(pigs: tuple[str, ...], followers: Mapping[str, int]) -> list[tuple[str, str]]:
    """Each player has one pig, and places it only in a field where they already have a farmer."""
    found = []
    if len(set(pigs)) != len(pigs):
        found.append(("a player has one pig, but this field names one player's pig twice", "pigs"))
    for player in dict.fromkeys(pigs):
        if not isinstance(player, str) or not player:
            found.append((f"player names must be non-empty text, not {player!r}", "pigs"))
        elif followers.get(player, 0) <= 0:
            found.append((f"the pig of {player} stands where {player} has no farmer", "pigs"))
    return found


def goods_problems(goods: Mapping[str, Mapping[str, int]]) -> list[tuple[str, str]]:
    """What is wrong with the goods tokens a scenario says each player holds."""
    found = []
    for player, held in goods.items():
        if not isinstance(player, str) or not player or not isinstance(held, Mapping):
            found.append((f"goods are given per player as a mapping of goods to tokens, not {player!r}", "goods"))
            continue
        for kind, count in held.items():
            if kind not in GOODS:
                found.append((f"{kind!r} is not one of the goods {', '.join(GOODS)}", "goods"))
            elif not is_int(count) or count < 0:
                found.append((f"{player} holds {count!r} {kind} tokens; a count is a whole number of at least 0",
                              "goods"))
    return found


# The attributes that are true or false (an inn, a cathedral, the mage, the witch): what a
# picture's text alternative names besides the tiles, pennants and cities it counts.
FLAGS: tuple[str, ...] = tuple(name for name in ATTRIBUTES if Feature.__dataclass_fields__[name].type == "bool")


@dataclass(frozen=True)
class Scenario:
    """Features scored together: those a tile just completed, or all that are left at the end."""

    features: tuple[Feature, ...]
    scoring: Scoring
    edition: str = EDITIONS[-1]
    goods: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """Traders & Builders: the goods tokens each player holds at the end of the game (player to
    goods to count). Who completed a city with goods symbols (its trader) took them, whatever the
    followers in it; the scenario states the result rather than the game that led to it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "features", tuple(self.features))
        if self.scoring not in SCORINGS:
            raise ScoringError(f"scoring {self.scoring!r} is not one of {', '.join(SCORINGS)}", field="scoring")
        for problem, name in goods_problems(self.goods):
            raise ScoringError(problem, field=name)
        object.__setattr__(self, "goods", MappingProxyType({p: MappingProxyType(dict(g))
                                                            for p, g in self.goods.items()}))
        if self.goods and self.scoring != "final":
            raise ScoringError("goods tokens score only at the end of the game; use scoring: final", field="goods")
        for index, feature in enumerate(self.features):
            if not isinstance(feature, Feature):
                raise ScoringError(f"feature {index + 1} is not a Feature", feature=index)
            if self.scoring == "during-game" and not FEATURE_KINDS[feature.type].scored_during_game:
                raise ScoringError(f"feature {index + 1}: a field scores only once the game is over",
                                   feature=index, field="type")
            if self.scoring == "during-game" and not feature.is_complete:
                raise ScoringError(f"feature {index + 1}: only a completed {feature.type} is scored during the game",
                                   feature=index, field="complete")
        for figure in FIGURES:
            holders = [i for i, f in enumerate(self.features) if getattr(f, figure)]
            if len(holders) > 1:
                raise ScoringError(f"there is only one {figure}, but features "
                                   f"{', '.join(str(i + 1) for i in holders)} all have it",
                                   feature=holders[1], field=figure)
        pigs: dict[str, int] = {}
        for index, feature in enumerate(self.features):
            for player in feature.pigs:
                if player in pigs and pigs[player] != index:
                    raise ScoringError(f"{player} has one pig, already in feature {pigs[player] + 1}",
                                       feature=index, field="pigs")
                pigs[player] = index

    @property
    def has_pigs(self) -> bool:
        """Whether a pig stands anywhere in the scenario."""
        return any(feature.pigs for feature in self.features)


@dataclass(frozen=True)
class Step:
    """One line of arithmetic: a code naming the situation and the numbers in it.

    There is no prose here; :data:`generator.scorer.explain.STEP_TEMPLATES` (or a
    translation of it) turns a step into words.
    """

    code: str
    values: dict[str, int | str]


@dataclass(frozen=True)
class FeatureResult:
    """What one scored thing was worth and who got it.

    ``feature`` is the index of the scenario feature; under the ``per-city`` farm method
    each completed city is scored on its own, and those results have ``feature`` None,
    ``kind`` "farm-city" and the city in ``name``.
    """

    feature: int | None
    kind: str
    points: int
    """The value of the feature after every modifier."""
    winners: tuple[str, ...]
    awarded: dict[str, int]
    """Points each winner actually receives (less than ``points`` when a city was already counted)."""
    steps: tuple[Step, ...]
    name: str = ""


@dataclass(frozen=True)
class Result:
    """The outcome of one scenario."""

    totals: dict[str, int]
    """Every player with a follower in the scenario, sorted, to their points (0 included)."""
    features: tuple[FeatureResult, ...]
    steps: tuple[Step, ...]
    """All features' steps in order, then one "total" step per player."""
