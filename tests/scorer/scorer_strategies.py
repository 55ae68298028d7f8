"""Hypothesis strategies for random but possible scenarios."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from generator.scorer import STANDARD, Feature, Ruleset, Scenario

from .scorer_cases import BEFORE_BB4, C1_2000, C1_2001

PLAYERS = ("red", "blue", "green", "yellow")
CITY_NAMES = ("a", "b", "c", "d", "e")
RULESETS = (STANDARD, C1_2000, C1_2001, BEFORE_BB4)

followers = st.dictionaries(st.sampled_from(PLAYERS), st.integers(0, 4), max_size=4)
figures = st.sampled_from(({}, {"mage": True}, {"witch": True}))


@st.composite
def cities(draw: st.DrawFn, complete: bool | None = None) -> Feature:
    done = draw(st.booleans()) if complete is None else complete
    return Feature("city", draw(followers), tiles=draw(st.integers(1, 30)), pennants=draw(st.integers(0, 10)),
                   complete=done, cathedral=draw(st.booleans()), **draw(figures))


@st.composite
def roads(draw: st.DrawFn, complete: bool | None = None) -> Feature:
    done = draw(st.booleans()) if complete is None else complete
    return Feature("road", draw(followers), tiles=draw(st.integers(1, 30)), complete=done,
                   inn=draw(st.booleans()), **draw(figures))


@st.composite
def cloisters(draw: st.DrawFn, complete: bool | None = None) -> Feature:
    tiles = 9 if complete else draw(st.integers(1, 9))
    return Feature("cloister", draw(followers), tiles=tiles)


@st.composite
def fields(draw: st.DrawFn) -> Feature:
    if draw(st.booleans()):
        return Feature("field", draw(followers), completed_cities=draw(st.integers(0, 6)))
    named = draw(st.lists(st.sampled_from(CITY_NAMES), unique=True, max_size=4))
    return Feature("field", draw(followers), completed_cities=len(named), cities=tuple(named))


def _one_of_each_figure(features: list[Feature]) -> list[Feature]:
    # The game has one mage and one witch; later draws lose theirs.
    seen: set[str] = set()
    kept = []
    for feature in features:
        for figure in ("mage", "witch"):
            if getattr(feature, figure):
                if figure in seen:
                    feature = dataclasses.replace(feature, **{figure: False})
                seen.add(figure)
        kept.append(feature)
    return kept


@st.composite
def scenarios(draw: st.DrawFn, rulesets: tuple[Ruleset, ...] = RULESETS) -> tuple[Scenario, Ruleset]:
    scoring = draw(st.sampled_from(("during-game", "final")))
    if scoring == "during-game":
        kinds = st.one_of(cities(True), roads(True), cloisters(True))
    else:
        kinds = st.one_of(cities(), roads(), cloisters(), fields())
    features = _one_of_each_figure(draw(st.lists(kinds, min_size=1, max_size=6)))
    return Scenario(tuple(features), scoring), draw(st.sampled_from(rulesets))
