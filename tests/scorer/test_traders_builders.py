"""Traders & Builders in the scorer: goods majorities at the end of the game and the pig in a field.

Feature-level rules first, then properties that hold for any holdings, then boards (the
pig as a figure) and the scenario reader's codes for what the game does not allow.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.check.catalogue import load_catalogue
from generator.check.rulesets import load_rulesets
from generator.render import svg
from generator.score.scenario import load_scenario
from generator.scorer import GOODS, STANDARD, Feature, Scenario, ScoringError, explain, pig_rate, score
from generator.scorer import board as boards

from .scorer_cases import C1_2000, C1_2001, field, final, road

ROOT = Path(__file__).resolve().parents[2]
TABLE, _ = load_rulesets(ROOT)
CATALOGUE, _ = load_catalogue(ROOT)


def _goods(**held: dict[str, int]) -> Scenario:
    return Scenario((road({"red": 1}, 1, complete=False),), "final", goods=held)


# ---------------------------------------------------------------- goods majorities


def test_the_player_with_most_tokens_of_a_kind_scores_its_bonus() -> None:
    result = score(_goods(red={"wine": 3}, blue={"wine": 2, "cloth": 1}))
    # red: the road (1) and wine (10); blue: cloth (10); grain goes to nobody.
    assert result.totals == {"blue": 10, "red": 11}


def test_every_tied_player_scores_the_whole_bonus() -> None:
    result = score(_goods(red={"grain": 2}, blue={"grain": 2}, green={"grain": 1}))
    assert result.totals == {"blue": 10, "green": 0, "red": 11}
    (grain,) = [r for r in result.features if r.name == "grain"]
    assert grain.winners == ("blue", "red") and grain.steps[-1].code == "goods-tie"


def test_a_kind_nobody_holds_scores_for_nobody() -> None:
    result = score(_goods(red={}))
    assert result.totals == {"red": 1}
    assert [r.steps[-1].code for r in result.features if r.kind == "goods"] == ["goods-none"] * len(GOODS)


def test_the_bonus_is_the_rulesets_number() -> None:
    rules = type(STANDARD)(goods_majority_points=7)
    assert score(_goods(red={"cloth": 1}), rules).totals == {"red": 8}


def test_a_scenario_without_goods_scores_as_before() -> None:
    scenario = final(road({"red": 1}, 2, complete=False))
    assert [r.kind for r in score(scenario).features] == ["road"]


def test_goods_during_the_game_are_refused() -> None:
    with pytest.raises(ScoringError, match="end of the game"):
        Scenario((road({"red": 1}, 2),), "during-game", goods={"red": {"wine": 1}})


@pytest.mark.parametrize("goods", [{"red": {"salt": 1}}, {"red": {"wine": -1}}, {"red": {"wine": True}}])
def test_impossible_holdings_are_refused(goods: dict) -> None:
    with pytest.raises(ScoringError):
        _goods(**goods)


HOLDINGS = st.dictionaries(st.sampled_from(("red", "blue", "green", "yellow")),
                           st.dictionaries(st.sampled_from(GOODS), st.integers(0, 9)), max_size=4)


@settings(max_examples=80, deadline=None)
@given(HOLDINGS)
def test_goods_points_are_the_bonus_times_the_winners_of_each_kind(held: dict) -> None:
    result = score(_goods(**held))
    awarded = sum(sum(r.awarded.values()) for r in result.features if r.kind == "goods")
    winners = 0
    for kind in GOODS:
        most = max((h.get(kind, 0) for h in held.values()), default=0)
        winners += sum(1 for h in held.values() if most and h.get(kind, 0) == most)
    assert awarded == STANDARD.goods_majority_points * winners


@settings(max_examples=60, deadline=None)
@given(HOLDINGS, st.sampled_from(("red", "blue", "green", "yellow")), st.sampled_from(GOODS))
def test_one_more_token_never_lowers_its_holder(held: dict, player: str, kind: str) -> None:
    before = score(_goods(**held)).totals.get(player, 0)
    more = {p: dict(h) for p, h in held.items()}
    more.setdefault(player, {})[kind] = more.get(player, {}).get(kind, 0) + 1
    assert score(_goods(**more)).totals[player] >= before


# ---------------------------------------------------------------- the pig


def test_a_pig_makes_each_city_worth_one_more_to_its_winning_player() -> None:
    result = score(final(field({"red": 2, "blue": 1}, 3, pigs=("red",))))
    assert result.totals == {"blue": 0, "red": 12}


def test_a_pig_helps_only_its_own_player_in_a_tie() -> None:
    # The published example: three tied farmers beside 2 cities, two of them with a pig.
    result = score(final(field({"red": 1, "blue": 1, "green": 1}, 2, pigs=("red", "blue"))))
    assert result.totals == {"blue": 8, "green": 6, "red": 8}


def test_the_pig_of_a_player_who_loses_the_field_adds_nothing() -> None:
    result = score(final(field({"red": 1, "blue": 2}, 2, pigs=("red",))))
    assert result.totals == {"blue": 6, "red": 0}


def test_the_pig_adds_no_strength() -> None:
    # With the pig counted as a follower red would tie blue; it does not.
    result = score(final(field({"red": 1, "blue": 2}, 1, pigs=("red",))))
    assert result.features[0].winners == ("blue",)


def test_under_city_once_the_pig_adds_only_to_the_cities_scored_there() -> None:
    # The second field shares city a with the first; red scores only b there, 3 + 1 for the pig.
    result = score(final(field({"red": 1}, cities=("a",)), field({"red": 1}, cities=("a", "b"), pigs=("red",))),
                   C1_2001)
    assert result.totals == {"red": 3 + 4}


def test_the_first_farm_rules_pig_is_not_known_and_never_guessed() -> None:
    assert pig_rate(C1_2000) is None and pig_rate(C1_2001) == 1 and pig_rate(STANDARD) == 1
    with pytest.raises(ScoringError, match="no source"):
        score(final(field({"red": 1}, cities=("a",), pigs=("red",))), C1_2000)
    # Without a pig the same ruleset still scores.
    assert score(final(field({"red": 1}, cities=("a",))), C1_2000).totals == {"red": 4}


def test_a_ruleset_that_leaves_the_pig_not_known_refuses_it_under_any_farm_rule() -> None:
    rules = type(STANDARD)(pig_per_city=None)
    with pytest.raises(ScoringError):
        score(final(field({"red": 1}, 1, pigs=("red",))), rules)


def test_a_pig_needs_its_players_farmer_and_each_player_has_one() -> None:
    with pytest.raises(ScoringError, match="no farmer"):
        Feature("field", {"red": 1}, completed_cities=1, pigs=("blue",))
    with pytest.raises(ScoringError, match="one pig"):
        final(field({"red": 1}, 1, pigs=("red",)), field({"red": 1}, 2, pigs=("red",)))
    with pytest.raises(ScoringError):
        Feature("city", {"red": 1}, tiles=2, pigs=("red",))


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(("red", "blue", "green")), st.integers(1, 3), min_size=1),
       st.integers(0, 6), st.sampled_from(("red", "blue", "green")))
def test_a_pig_never_lowers_a_total_and_adds_one_per_city_to_a_winner(followers: dict, cities: int,
                                                                       player: str) -> None:
    followers = {**followers, player: followers.get(player, 1)}
    plain = score(final(field(followers, cities)))
    pig = score(final(field(followers, cities, pigs=(player,))))
    won = player in plain.features[0].winners
    for who, points in plain.totals.items():
        extra = cities if who == player and won else 0
        assert pig.totals[who] == points + extra


def test_explain_names_the_pig_and_each_kind_of_goods() -> None:
    scenario = Scenario((field({"red": 1}, 2, pigs=("red",)),), "final", goods={"red": {"wine": 1}})
    text = explain(score(scenario))
    assert "red has a pig in this field: 6 + 2 cities × 1 = 8" in text
    assert "wine tokens held: red 1" in text and "cloth tokens held: 0" in text


# ---------------------------------------------------------------- boards


E = boards.TileType("E", (boards.TileFeature("city", ("N",)),
                          boards.TileFeature("field", ("EL", "ER", "SL", "SR", "WL", "WR"), cities=("N",))))
U = boards.TileType("U", (boards.TileFeature("road", ("N", "S")), boards.TileFeature("field", ("NR", "EL", "ER", "SL")),
                          boards.TileFeature("field", ("SR", "WL", "WR", "NL"))))
TWO_CITIES = (boards.Placement("E", 0, 0), boards.Placement("E", 1, 0),
              boards.Placement("E", 0, -1, 2), boards.Placement("E", 1, -1, 2))


def _board(*figures: boards.Figure) -> tuple[list[boards.BoardFeature], list[boards.BoardProblem]]:
    return boards.read_board(boards.Board({"E": E, "U": U}, TWO_CITIES, figures))


def test_a_pig_on_a_board_joins_its_field_and_adds_no_strength() -> None:
    features, problems = _board(boards.Figure("follower", 0, 0, "SL", "red"), boards.Figure("pig", 1, 0, "ER", "red"),
                                boards.Figure("follower", 1, 0, "SR", "blue"))
    assert problems == []
    (farm,) = [f for f in features if f.type == "field" and f.has_figure]
    assert farm.pigs == ("red",) and farm.followers == {"blue": 1, "red": 1}
    totals = score(boards.board_scenario(features, "final", "C3")).totals
    assert totals == {"blue": 6, "red": 8}


@pytest.mark.parametrize(("figures", "code"), [
    ((boards.Figure("follower", 0, 0, "SL", "red"), boards.Figure("pig", 0, -1, "NL", "red")), "pig-without-farmer"),
    ((boards.Figure("follower", 0, 0, "SL", "red"), boards.Figure("pig", 0, 0, "SR", "red"),
      boards.Figure("pig", 1, 0, "SR", "red")), "too-many-pigs"),
    ((boards.Figure("follower", 0, 0, "N", "red"), boards.Figure("pig", 0, 0, "N", "red")), "figure-location"),
])
def test_a_board_refuses_what_the_pig_rules_forbid(figures: tuple, code: str) -> None:
    features, problems = _board(*figures)
    assert features == [] and code in {p.code for p in problems}


def test_the_pig_is_drawn_apart_from_a_follower_with_its_players_colour() -> None:
    board = boards.Board({"E": E}, TWO_CITIES, (boards.Figure("follower", 0, 0, "SL", "red"),
                                                boards.Figure("pig", 0, 0, "SR", "red")))
    picture = svg.board_svg(board, (), {"red": "#c62828"})
    assert "<ellipse" in picture and picture.count("#c62828") >= 2
    plain = svg.board_svg(boards.Board({"E": E}, TWO_CITIES, board.figures[:1]), (), {"red": "#c62828"})
    assert "<ellipse" not in plain


# ---------------------------------------------------------------- the scenario reader


def test_a_board_scenario_states_the_goods_each_player_holds(tmp_path: Path) -> None:
    path = tmp_path / "goods.yaml"
    path.write_text("scoring: final\nboard:\n  - {tile: U, at: [0, 0]}\ngoods: {yellow: {cloth: 2}}\n"
                    "expect: {yellow: 10}\n", encoding="utf-8")
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert problems == [] and doc is not None and doc.expect == {"yellow": 10}
    # A player with goods but no follower is a player of the board all the same.
    assert doc.board is not None and doc.board.players == ("yellow",)
    assert score(doc.scenario, doc.rules).totals == {"yellow": 10}


def test_the_reader_refuses_a_pig_under_the_first_farm_rule_at_the_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "pig.yaml"
    path.write_text("ruleset: c1-2000\nscoring: final\nboard:\n  - {tile: E, at: [0, 0]}\n"
                    "  - {tile: E, at: [0, -1], turn: 2}\n  - {tile: E, at: [1, 0]}\nfigures:\n"
                    "  - {figure: follower, player: red, at: [0, 0], location: SL}\n"
                    "  - {figure: pig, player: red, at: [1, 0], location: SR}\n", encoding="utf-8")
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert doc is None and [(p.line, p.code) for p in problems] == [(1, "rule-not-known")]


# ---------------------------------------------------------------- the pages


def test_the_pages_show_the_goods_arithmetic_with_each_player_in_the_pages_language() -> None:
    from generator.project import load_checked
    from generator.render.generate import SiteRenderer

    project = load_checked(ROOT)
    german = SiteRenderer(project, "de").page("traders-and-builders-c2-c3")
    # The scorer lists holdings by player id; the page names each player in German.
    assert "Weinplättchen im Besitz:" in german and "blue 1, red 3" not in german
    assert german.count("Schwein auf dieser Wiese") == 2  # Red's and Blue's pig in the tie example
    english = SiteRenderer(project, "en").page("traders-and-builders-c1")
    assert "Wine tokens held: <span" in english and "nobody holds one" not in english
