"""The legality check: every board is a position a game played by its ruleset can reach.

Fixtures: ``boards/legal/`` must pass, ``boards/illegal/`` (one per reason) and
``boards/before-issue-31/`` (the example boards as they stood before the check) must be
refused where their headers say. Mutation tests take the real worked examples, which all
pass, and break each in the ways a careless drawing does; every broken board is refused.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import yaml

from generator.check.catalogue import load_catalogue
from generator.check.rulesets import load_rulesets
from generator.score.scenario import load_scenario
from generator.scorer import board as boards
from generator.scorer import legality, play
from generator.scorer.ruleset import STANDARD, supply

from .conftest import FIXTURES, ROOT
from .fixture_header import read_header

BOARDS = FIXTURES / "boards"
LEGAL = sorted((BOARDS / "legal").glob("*.yaml"))
ILLEGAL = sorted((BOARDS / "illegal").glob("*.yaml"))
BEFORE = sorted((BOARDS / "before-issue-31").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
TABLE, _ = load_rulesets(ROOT)
CATALOGUE, _ = load_catalogue(ROOT)
# The seven boards issue 31 named as impossible; the check must refuse each as it stood.
NAMED = {"farmers-per-city", "farmers-city-once", "farmers-per-field", "farmers-dized-two-fields",
         "farmers-dized-one-field", "traders-and-builders-c1-pig", "traders-and-builders-c2-c3-pig"}


def _problems(path: Path) -> set[tuple[int, int, str]]:
    _, problems = load_scenario(path, TABLE, display="f.yaml", tiles=CATALOGUE)
    return {(p.line, p.column, p.code) for p in problems if p.level == "error"}


@pytest.mark.parametrize("path", LEGAL, ids=[p.stem for p in LEGAL])
def test_a_legal_board_passes_with_its_order(path: Path) -> None:
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert doc is not None and not problems
    assert doc.board is not None
    assert sorted(t.tile for t in doc.board.order) == list(range(len(doc.board.board.placements)))


@pytest.mark.parametrize("path", ILLEGAL + BEFORE, ids=[f"{p.parent.name}/{p.stem}" for p in ILLEGAL + BEFORE])
def test_an_impossible_board_is_refused_where_its_header_says(path: Path) -> None:
    expected = set(read_header(path).expected)
    assert expected and {code for *_, code in expected} == {"impossible-board"}
    assert _problems(path) == expected


def test_the_seven_boards_the_issue_named_were_all_refused_as_they_stood() -> None:
    assert NAMED <= {p.stem for p in BEFORE}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_worked_example_is_a_legal_position(path: Path) -> None:
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert not problems and doc is not None
    if doc.board is not None:
        assert len(doc.board.order) == len(doc.board.board.placements)


def test_a_stated_order_is_verified_not_searched(tmp_path: Path) -> None:
    text = (BOARDS / "legal" / "two-farmers-joined-later.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    doc, _ = load_scenario(BOARDS / "legal" / "two-farmers-joined-later.yaml", TABLE, tiles=CATALOGUE)
    assert doc is not None and doc.board is not None
    found = [t.tile for t in doc.board.order]
    for turn, tile in enumerate(found, 1):
        data["board"][tile]["order"] = turn
    good = tmp_path / "good.yaml"
    good.write_text(yaml.safe_dump(data), encoding="utf-8")
    stated, problems = load_scenario(good, TABLE, tiles=CATALOGUE)
    assert stated is not None and not problems and stated.board is not None and stated.board.stated
    assert [t.tile for t in stated.board.order] == found
    # The joining cloister first: the farmers' fields are one before either farmer comes.
    last = found[-1]
    data["board"][last]["order"], data["board"][found[1]]["order"] = 2, len(found)
    for index, placement in enumerate(data["board"]):
        if index not in (last, found[1]):
            placement["order"] = found.index(index) + 1
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert "impossible-board" in {code for *_, code in _problems(bad)}


def test_a_partial_stated_order_is_refused(tmp_path: Path) -> None:
    data = yaml.safe_load((BOARDS / "legal" / "two-farmers-joined-later.yaml").read_text(encoding="utf-8"))
    data["board"][0]["order"] = 1
    path = tmp_path / "partial.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert "missing-key" in {code for *_, code in _problems(path)}


def test_a_search_past_its_bound_says_undecided() -> None:
    doc, _ = load_scenario(BOARDS / "legal" / "two-farmers-joined-later.yaml", TABLE, tiles=CATALOGUE)
    assert doc is not None and doc.board is not None
    verdict = legality.check(doc.board.board, "final", supply(STANDARD), limit=1)
    assert verdict.legal and not verdict.order
    assert [w.code for w in verdict.warnings] == ["board-undecided"]


def test_a_figure_the_check_does_not_model_is_named_in_a_warning() -> None:
    doc, _ = load_scenario(BOARDS / "legal" / "two-farmers-joined-later.yaml", TABLE, tiles=CATALOGUE)
    assert doc is not None and doc.board is not None
    board = doc.board.board
    dragon = boards.Figure("dragon", board.placements[2].x, board.placements[2].y, "cloister")
    verdict = legality.check(boards.Board(board.tiles, board.placements, board.figures + (dragon,)), "final",
                             supply(STANDARD))
    assert [(w.code, w.path) for w in verdict.warnings] == [("figure-not-modelled", ("figures", len(board.figures), "figure"))]
    assert "dragon" in verdict.warnings[0].message


def test_score_explain_prints_the_order_found() -> None:
    path = ROOT / "examples" / "base-game-c1-cloister.yaml"
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "score", str(path), "--explain"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    doc, _ = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert doc is not None and doc.board is not None
    lines = [line for line in run.stderr.splitlines() if line.strip().startswith("turn ")]
    assert len(lines) == len(doc.board.board.placements)
    assert "found by the check" in run.stderr


# ---------------------------------------------------------------- mutations of the real examples


def _scenario(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]


def _owned(scenario: dict[str, Any]) -> list[int]:
    return [i for i, f in enumerate(scenario.get("figures", [])) if f["figure"] in boards.OWNED]


def _second_figure_on_a_tile(scenario: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Another player's follower on the tile of an existing follower, on another of its features."""
    doc = _doc(scenario)
    for number in _owned(scenario):
        figure = scenario["figures"][number]
        index = next(i for i, p in enumerate(doc.board.placements) if [p.x, p.y] == figure["at"])
        tile, turn = doc.board.tiles[doc.board.placements[index].tile], doc.board.placements[index].turn
        taken = {f["location"] for f in scenario["figures"] if f["at"] == figure["at"]}
        for feature in tile.features:
            spots = [boards.turned(e, turn) for e in feature.edges] or ["cloister"]
            if not taken & set(spots):
                mutated = copy.deepcopy(scenario)
                mutated["figures"].append({"figure": "follower", "player": "mutant", "at": figure["at"],
                                           "location": spots[0]})
                yield mutated
                break
        return


def _onto_a_touching_occupied_feature(scenario: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A follower moved onto the neighbouring tile's part of the feature another follower holds."""
    doc = _doc(scenario)
    layout = boards._layout(doc.board)
    recorder = play.Recorder()
    boards._join(layout, recorder)
    for number in _owned(scenario)[:1]:
        node = boards._locate(layout, doc.board.figures[number])
        for (a, b) in recorder.pairs:
            if node not in (a, b):
                continue
            other = b if a == node else a
            placement, feature = doc.board.placements[other[0]], doc.board.tiles[doc.board.placements[other[0]].tile]
            spots = [boards.turned(e, placement.turn) for e in feature.features[other[1]].edges]
            mutated = copy.deepcopy(scenario)
            mutated["figures"] = [f for f in mutated["figures"] if f["at"] != [placement.x, placement.y]
                                  or f["figure"] in boards.MAGIC]
            mutated["expect"] = None  # the totals are not the point, and a removed player would mask it
            mutated["figures"].append({"figure": "follower", "player": "mutant", "at": [placement.x, placement.y],
                                       "location": spots[0]})
            yield mutated
            return


def _completed_and_left_occupied(scenario: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A during-game board read as the end of the game: its completed features would be empty by then."""
    doc = _doc(scenario)
    if scenario["scoring"] == "during-game" and any(f.complete and f.has_figure for f in doc.features):
        yield {**copy.deepcopy(scenario), "scoring": "final", "expect": None}


def _edge_turned(scenario: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One tile given a quarter turn that makes a side meet a different kind."""
    for index in range(len(scenario["board"])):
        mutated = copy.deepcopy(scenario)
        mutated["board"][index]["turn"] = (mutated["board"][index].get("turn", 0) + 1) % 4
        if _codes(mutated) & {"edge-mismatch"}:
            yield mutated
            return


MUTATIONS: dict[str, Callable[[dict[str, Any]], Iterator[dict[str, Any]]]] = {
    "second-figure-on-a-tile": _second_figure_on_a_tile,
    "onto-touching-occupied-feature": _onto_a_touching_occupied_feature,
    "completed-left-occupied": _completed_and_left_occupied,
    "edge-turned": _edge_turned,
}


def _write(scenario: dict[str, Any], folder: Path = Path("/tmp")) -> Path:
    import tempfile
    handle = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, dir=folder, encoding="utf-8")
    with handle:
        yaml.safe_dump({k: v for k, v in scenario.items() if v is not None}, handle)
    return Path(handle.name)


def _doc(scenario: dict[str, Any]) -> Any:
    path = _write(scenario)
    try:
        doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    finally:
        path.unlink()
    assert doc is not None and doc.board is not None, problems
    return doc.board


def _codes(scenario: dict[str, Any]) -> set[str]:
    path = _write(scenario)
    try:
        _, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    finally:
        path.unlink()
    return {p.code for p in problems if p.level == "error"}


def _mutants() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in EXAMPLES:
        scenario = _scenario(path)
        if "board" not in scenario or _codes(scenario):
            continue  # an example that does not read is test_every_worked_example_is_a_legal_position's failure
        for name, mutate in MUTATIONS.items():
            found += [(f"{path.stem}:{name}", m) for m in mutate(scenario)]
    return found


MUTANTS = _mutants()


def test_at_least_thirty_mutants_are_made_from_the_real_examples() -> None:
    assert len(MUTANTS) >= 30
    assert {name.split(":")[1] for name, _ in MUTANTS} == set(MUTATIONS)


@pytest.mark.parametrize("mutant", MUTANTS, ids=[name for name, _ in MUTANTS])
def test_every_mutant_of_a_real_example_is_refused(mutant: tuple[str, dict[str, Any]]) -> None:
    name, scenario = mutant
    expected = {"edge-mismatch"} if name.endswith("edge-turned") else {"impossible-board"}
    assert _codes(scenario) & expected, name


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "board" in _scenario(p)], ids=lambda p: p.stem)
def test_one_follower_fewer_in_the_supply_refuses_the_busiest_player(path: Path) -> None:
    board = _doc(_scenario(path))
    counts: dict[str, int] = {}
    for figure in board.board.figures:
        if figure.figure == "follower":
            counts[figure.player] = counts.get(figure.player, 0) + 1
    if not counts:
        pytest.skip("no follower on this board")
    rules = supply(STANDARD) | {"follower": max(counts.values()) - 1}
    verdict = legality.check(board.board, _scenario(path)["scoring"], rules,
                             unseen_magic=bool(_scenario(path).get("magic_tile_not_drawn")))
    assert not verdict.legal and {p.code for p in verdict.problems} == {"impossible-board"}
