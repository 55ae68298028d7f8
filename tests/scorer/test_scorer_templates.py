"""Every step the scorer can emit has an English template naming exactly its values."""

from __future__ import annotations

from string import Formatter

import pytest
from hypothesis import given, settings

from generator.scorer import (
    STEP_TEMPLATES,
    Result,
    Scenario,
    Step,
    describe,
    explain,
    score,
)

from .scorer_cases import BEFORE_BB4, C1_2000, C1_2001, city, cloister, during, field, final, road
from .scorer_strategies import scenarios

# One scenario per situation, so together they make the scorer say everything it can.
COVERAGE = [
    (during(city({"red": 1}, 3, 1), road({"red": 1}, 2, inn=True), cloister({"blue": 1}, 9)), None),
    (during(city({"red": 1, "blue": 1}, 3, cathedral=True, mage=True), road({}, 2, witch=True)), None),
    (final(city({"red": 1}, 3, complete=False, cathedral=True), road({"red": 1}, 2, complete=False, inn=True)), None),
    (final(city({"red": 1}, 3, complete=False), road({"red": 1}, 2, complete=False, inn=True, mage=True),
           field({"red": 1}, 2)), None),
    (final(road({"red": 1}, 2, complete=False, inn=True, mage=True)), BEFORE_BB4),
    (during(city({"red": 1}, 2)), C1_2000),
    (final(field({"red": 1}, cities=("a",)), field({"red": 1}, cities=("a", "b"))), C1_2001),
    (final(field({"red": 1}, cities=("a",)), field({"blue": 1}, 1)), C1_2000),
    # Traders & Builders: a pig, and goods won alone, shared and by nobody.
    (Scenario((field({"red": 1}, 2, pigs=("red",)),), "final",
              goods={"red": {"wine": 2}, "blue": {"wine": 1, "grain": 1}, "green": {"grain": 1}}), None),
]


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def _all_steps() -> list[Step]:
    results: list[Result] = [score(s, r) if r is not None else score(s) for s, r in COVERAGE]
    return [step for result in results for step in result.steps]


def test_every_template_is_used_by_some_scenario() -> None:
    assert {step.code for step in _all_steps()} == set(STEP_TEMPLATES)


@pytest.mark.parametrize("step", _all_steps(), ids=lambda s: s.code)
def test_placeholders_are_the_step_values(step: Step) -> None:
    assert step.code in STEP_TEMPLATES
    assert _placeholders(STEP_TEMPLATES[step.code]) == set(step.values)


@settings(max_examples=60, deadline=None)
@given(scenarios())
def test_random_scenarios_emit_only_known_well_formed_steps(pair: tuple[Scenario, object]) -> None:
    scenario, rules = pair
    for step in score(scenario, rules).steps:  # type: ignore[arg-type]
        assert _placeholders(STEP_TEMPLATES[step.code]) == set(step.values)


def test_describe_fills_in_the_numbers() -> None:
    step = Step("witch", {"before": 5, "divisor": 2, "points": 3})
    assert describe(step) == "witch: 5 ÷ 2, rounded up = 3"


def test_describe_uses_a_translation_and_falls_back_to_english() -> None:
    dutch = {"total": "{player}: totaal {points}"}
    assert describe(Step("total", {"player": "rood", "points": 6}), dutch) == "rood: totaal 6"
    assert describe(Step("witch", {"before": 5, "divisor": 2, "points": 3}), dutch).startswith("witch:")


def test_explain_the_published_city() -> None:
    text = explain(score(during(city({"red": 1, "blue": 1}, 8, 2, mage=True))))
    assert text.splitlines() == [
        "1. completed city: 8 tiles × 2 + 2 pennants × 2 = 20",
        "   mage: 20 + 8 tiles × 1 = 28",
        "   blue, red tie with strength 1; each scores 28",
        "blue: total 28",
        "red: total 28",
    ]


def test_explain_city_once() -> None:
    text = explain(score(final(field({"red": 1}, cities=("a",)), field({"red": 1}, cities=("a", "b"))), C1_2001))
    assert "red already scored 1 of these cities with another field: 6 − 1 × 3 = 3" in text
    assert text.splitlines()[-1] == "red: total 6"
