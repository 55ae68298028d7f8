"""Turning steps into words.

A step carries only a code and numbers; the words come from a template per code, so the
site can hand translators :data:`STEP_TEMPLATES` and show the same arithmetic in every
language. Placeholders are ``{name}`` fields named after the step's values.
"""

from __future__ import annotations

from typing import Mapping

from generator.scorer.features import Result, Step

STEP_TEMPLATES: dict[str, str] = {
    # What a feature is worth.
    "city-complete": "completed city: {tiles} tiles × {tile_rate} + {pennants} pennants × {pennant_rate} = {points}",
    "city-small": ("small completed city (at most {max_tiles} tiles): "
                   "{tiles} tiles × {tile_rate} + {pennants} pennants × {pennant_rate} = {points}"),
    "city-cathedral": "completed city with a cathedral: ({tiles} tiles + {pennants} pennants) × {rate} = {points}",
    "city-final": ("unfinished city at the end of the game: "
                   "{tiles} tiles × {tile_rate} + {pennants} pennants × {pennant_rate} = {points}"),
    "city-cathedral-unfinished": ("unfinished city with a cathedral at the end of the game: "
                                  "({tiles} tiles + {pennants} pennants) × {rate} = {points}"),
    "road": "road: {tiles} tiles × {rate} = {points}",
    "road-inn-complete": "completed road with an inn: {tiles} tiles × {rate} = {points}",
    "road-inn-unfinished": "unfinished road with an inn at the end of the game: {tiles} tiles × {rate} = {points}",
    "cloister": "cloister: {tiles} tiles × {rate} = {points}",
    "field": "field: {cities} completed cities × {rate} = {points}",
    "field-city-once": ("{player} already scored {repeated} of these cities with another field: "
                        "{before} − {repeated} × {rate} = {points}"),
    "farm-city": "completed city {city}, farmer strength around it: {strengths}",
    "pig": "{player} has a pig in this field: {before} + {cities} cities × {rate} = {points}",
    # The mage and the witch.
    "mage": "mage: {before} + {tiles} tiles × {rate} = {points}",
    "mage-rescue": ("mage on an unfinished road with an inn or city with a cathedral: "
                    "{before} + {tiles} tiles × {rate} = {points}"),
    "mage-no-rescue": ("under these rules the mage adds nothing to an unfinished road with an inn "
                       "or city with a cathedral: {points}"),
    "witch": "witch: {before} ÷ {divisor}, rounded up = {points}",
    # Who gets it.
    "majority": "{player} has the most strength ({strength}) and scores {points}",
    "tie": "{players} tie with strength {strength}; each scores {points}",
    "no-follower": "nobody has a follower here, so the {points} points go to no one",
    # Traders & Builders: the goods tokens at the end of the game.
    "goods-wine": "wine tokens held: {holdings}",
    "goods-grain": "grain tokens held: {holdings}",
    "goods-cloth": "cloth tokens held: {holdings}",
    "goods-majority": "{player} holds the most of them ({tokens}) and scores {points}",
    "goods-tie": "{players} hold the most of them ({tokens} each); each scores {points}",
    "goods-none": "nobody holds one, so the {points} points go to no one",
    "total": "{player}: total {points}",
}


def describe(step: Step, templates: Mapping[str, str] = STEP_TEMPLATES) -> str:
    """One step in words; a code missing from a translation falls back to English."""
    template = templates.get(step.code) or STEP_TEMPLATES[step.code]
    return template.format_map(step.values)


def explain(result: Result, templates: Mapping[str, str] = STEP_TEMPLATES) -> str:
    """The whole computation, one numbered block per scored feature, then the totals."""
    lines: list[str] = []
    for number, feature in enumerate(result.features, 1):
        label = f"{number}. "
        for position, step in enumerate(feature.steps):
            lines.append((label if position == 0 else " " * len(label)) + describe(step, templates))
    lines += [describe(step, templates) for step in result.steps if step.code == "total"]
    return "\n".join(lines)
