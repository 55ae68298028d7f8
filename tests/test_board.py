"""Boards: the tile catalogue, board scenarios joined tile by tile, their problems and pictures."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import scorer
from generator.project import load
from generator.render import svg
from generator.check.rulesets import load_rulesets
from generator.score.scenario import check_expect, load_scenario
from generator.scorer import board as boards
from generator.check.catalogue import load_catalogue

from .conftest import FIXTURES, ROOT
from .fixture_header import read_header

BOARDS = FIXTURES / "boards"
INVALID = sorted((BOARDS / "invalid").glob("*.yaml"))
VALID = sorted((BOARDS / "valid").glob("*.yaml"))
TABLE, _ = load_rulesets(ROOT)
CATALOGUE, CATALOGUE_PROBLEMS = load_catalogue(ROOT)


def _expected(path: Path) -> tuple[int, int, str]:
    (expected,) = read_header(path).expected  # a board fixture produces exactly one problem
    return expected


# ---------------------------------------------------------------- catalogue


def test_catalogue_is_clean_and_every_tile_names_its_source() -> None:
    assert CATALOGUE_PROBLEMS == []
    assert CATALOGUE.specs and all(CATALOGUE.sources[t].strip() for t in CATALOGUE.specs)


def test_base_game_has_the_rule_books_72_tiles_a_to_x() -> None:
    letters = [t for t in CATALOGUE.specs if re.fullmatch(r"[A-X]", t)]
    assert letters == [chr(c) for c in range(ord("A"), ord("X") + 1)]
    for edition in ("C1", "C2", "C3"):
        assert sum(CATALOGUE.specs[t].counts[edition] for t in letters) == 72
    assert [t for t in letters if CATALOGUE.specs[t].start] == ["D"]


def test_every_known_tile_is_a_consistent_layout() -> None:
    known = [t for t in CATALOGUE.types.values() if t.known]
    assert known
    for tile in known:
        assert boards.tile_problems(tile) == [], tile.id


def test_every_tile_a_page_names_is_in_the_catalogue() -> None:
    project, problems = load(ROOT)
    assert project is not None and not [p for p in problems if p.level == "error"]
    named = {t.id for page in project.pages.values() for section, _ in _sections(page.sections)
             for block in section.blocks if hasattr(block, "tiles")
             for group in block.tiles.groups for t in group.tiles}
    assert named and named <= set(project.tiles.specs)


def _sections(sections):  # type: ignore[no-untyped-def]
    for section in sections:
        yield section, ()
        yield from _sections(section.sections)


def test_stated_tile_count_that_disagrees_fails_the_check(tmp_path: Path) -> None:
    import shutil
    root = tmp_path / "site"
    shutil.copytree(ROOT / "rules_data", root / "rules_data")
    shutil.copytree(ROOT / "examples", root / "examples")
    tiles = root / "rules_data" / "tiles" / "mage-and-witch.yaml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace("  - id: MW-C1-08\n    counts: {C1: 1}",
                                                               "  - id: MW-C1-08\n    counts: {C1: 2}"), encoding="utf-8")
    _, problems = load(root)
    assert any(p.code == "tile-count" and "mage-and-witch-c1" in p.message for p in problems)


# ---------------------------------------------------------------- geometry


@pytest.mark.parametrize("kind", scorer.FEATURE_TYPES)
def test_what_a_tile_feature_may_touch_is_what_the_feature_table_says(kind: str) -> None:
    # The board reader keeps no list of its own: the scorer's FEATURE_KINDS says how each type lies on a tile.
    allowed = scorer.touching(scorer.FEATURE_KINDS[kind].touches)
    assert kind in allowed
    edges = {"sides": boards.SIDES, "halves": boards.HALVES, "none": ()}[scorer.FEATURE_KINDS[kind].touches]
    for edge in boards.SIDES + boards.HALVES:
        tile = boards.TileType("t", (boards.TileFeature(kind, (edge,)),))
        refused = [p for p in boards.tile_problems(tile) if f"cannot touch {edge!r}" in p.message]
        assert bool(refused) == (edge not in edges), (kind, edge)


def test_half_edges_meet_as_the_format_says() -> None:
    assert {h: boards.facing(h) for h in ("NL", "NR", "EL", "ER")} == {"NL": "SR", "NR": "SL", "EL": "WR", "ER": "WL"}
    assert all(boards.facing(boards.facing(h)) == h for h in boards.HALVES)


def test_a_quarter_turn_moves_sides_one_place_and_halves_two() -> None:
    assert [boards.turned(s, 1) for s in boards.SIDES] == ["E", "S", "W", "N"]
    assert boards.turned("NL", 1) == "EL" and boards.turned("WR", 1) == "NR"
    assert all(boards.turned(e, 4) == e for e in boards.SIDES + boards.HALVES)


def _rotated(board: boards.Board) -> boards.Board:
    # A clockwise quarter turn of the whole landscape (y grows southward): (x, y) -> (-y, x).
    return boards.Board(
        board.tiles,
        tuple(boards.Placement(p.tile, -p.y, p.x, (p.turn + 1) % 4) for p in board.placements),
        tuple(boards.Figure(f.figure, -f.y, f.x, f.location if f.location == "cloister" else boards.turned(f.location, 1),
                            f.player) for f in board.figures))


def _totals(board: boards.Board, scoring: str) -> dict[str, int]:
    features, problems = boards.read_board(board)
    assert problems == []
    return scorer.score(boards.board_scenario(features, scoring, "C3")).totals


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_turning_the_whole_board_changes_no_total(path: Path) -> None:
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert doc is not None and problems == []
    board, scoring = doc.board.board, doc.scenario.scoring
    assert _totals(_rotated(board), scoring) == _totals(board, scoring)


# ---------------------------------------------------------------- reference boards


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_reference_board_scores_its_published_totals(path: Path) -> None:
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert problems == [] and doc is not None and doc.board is not None and doc.expect
    result = scorer.score(doc.scenario, doc.rules)
    assert check_expect(doc, result.totals) == []


def test_a_changed_board_changes_the_total(tmp_path: Path) -> None:
    # Taking one tile away leaves the road of 5 unfinished, so nothing is scored during the game.
    text = (BOARDS / "valid" / "road-5-mage.yaml").read_text(encoding="utf-8")
    path = tmp_path / "short.yaml"
    path.write_text(text.replace("  - {tile: A, at: [0, 4], turn: 2}\n", ""), encoding="utf-8")
    doc, problems = load_scenario(path, TABLE, tiles=CATALOGUE)
    assert doc is not None and problems == []
    assert check_expect(doc, scorer.score(doc.scenario, doc.rules).totals) != []


def test_score_prints_every_player_on_the_board_and_explain_names_features(tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    path.write_text((BOARDS / "valid" / "road-5-witch.yaml").read_text(encoding="utf-8").replace(
        "expect: {red: 3}", "") + "  - {figure: follower, player: blue, at: [0, 0], location: NL}\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "score", "--explain", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == '{"blue": 0, "red": 3}'
    assert "* road 1: completed road; 5 tile(s) [0, 0] [0, 1] [0, 2] [0, 3] [0, 4]; the witch" in run.stderr


# ---------------------------------------------------------------- bad boards


def test_every_invalid_board_fixture_is_named_after_its_code() -> None:
    assert INVALID
    for path in INVALID:
        assert _expected(path)[2] in (path.stem, "unknown-tile")


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_board_is_reported_where_it_says(path: Path) -> None:
    line, column, code = _expected(path)
    doc, problems = load_scenario(path, TABLE, display="f.yaml", tiles=CATALOGUE)
    assert doc is None
    assert (line, column, code) in {(p.line, p.column, p.code) for p in problems}


def test_cli_reports_a_bad_board_without_traceback() -> None:
    path = BOARDS / "invalid" / "edge-mismatch.yaml"
    line, column, code = _expected(path)
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "score", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and run.stdout == ""
    assert f"{path}:{line}:{column}: error [{code}] " in run.stderr and "Traceback" not in run.stderr


# ---------------------------------------------------------------- worked examples


def test_every_worked_example_is_a_board_and_says_whether_it_is_an_illustration() -> None:
    project, _ = load(ROOT)
    assert project is not None and project.examples
    for example in project.examples.values():
        assert example.scenario.board is not None, example.example.id
        raw = (ROOT / "examples" / f"{example.example.id}.yaml").read_text(encoding="utf-8")
        assert ("illustration: true" in raw) == example.example.illustration


def test_a_caption_stating_a_wrong_tile_count_fails_naming_the_example(tmp_path: Path) -> None:
    import shutil
    root = tmp_path / "site"
    shutil.copytree(ROOT / "rules_data", root / "rules_data")
    shutil.copytree(ROOT / "examples", root / "examples")
    page = root / "rules_data" / "pages" / "mage-and-witch-c1.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace("is 5 tiles long", "is 6 tiles long"), encoding="utf-8")
    _, problems = load(root)
    assert any(p.code == "example-caption" and "mage-and-witch-c1-roads" in p.message and "6 tiles" in p.message
               for p in problems)


# ---------------------------------------------------------------- pictures


def _no_text(document: str) -> None:
    """No words in a picture: the only characters are the digits of a scored feature's number."""
    root = ElementTree.fromstring(document)
    names = Counter(el.tag.rsplit("}", 1)[-1] for el in root.iter())
    assert "foreignObject" not in names
    numbers = [g for g in root.iter() if "rs-number" in (g.get("class") or "").split()]
    assert names["text"] == len(numbers)
    for el in root.iter():
        inside = any(el in set(g.iter()) for g in numbers) and el.tag.endswith("text")
        assert (el.text or "").strip().isdigit() if inside else not (el.text or "").strip()


def test_every_tile_type_is_drawn_without_text() -> None:
    for tile_id, tile in CATALOGUE.types.items():
        _no_text(svg.tile_svg(tile, CATALOGUE.specs[tile_id].symbols))


def test_a_tile_whose_layout_is_not_known_is_a_placeholder() -> None:
    unknown = [t for t in CATALOGUE.types.values() if not t.known]
    assert unknown
    assert {svg.tile_svg(t) for t in unknown} == {svg.placeholder_svg()}


def test_board_picture_outlines_the_scored_feature_and_escapes_colours() -> None:
    doc, _ = load_scenario(BOARDS / "valid" / "road-5-mage.yaml", TABLE, tiles=CATALOGUE)
    assert doc is not None
    picture = svg.board_svg(doc.board.board, doc.board.scored, {"red": '"/><script>alert(1)</script>'})
    _no_text(picture)
    assert "<script" not in picture and svg.SCORED in picture
    plain = svg.board_svg(doc.board.board, (), {"red": "#c62828"})
    assert svg.SCORED not in plain and "#c62828" in plain


def test_large_follower_is_bigger_and_mage_differs_from_witch() -> None:
    tile = boards.TileType("u", (boards.TileFeature("road", ("N", "S")),))
    def one(kind: str) -> str:
        figure = boards.Figure(kind, 0, 0, "N", "red" if "follower" in kind else "")
        return svg.board_svg(boards.Board({"u": tile}, (boards.Placement("u", 0, 0),), (figure,)))
    assert one("follower") != one("large-follower") and one("mage") != one("witch")


# ---------------------------------------------------------------- rulesite draw


def _draw(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "draw", *args],
                          capture_output=True, text=True, timeout=120)


def test_draw_writes_the_board_as_the_site_shows_it(tmp_path: Path) -> None:
    target = tmp_path / "out" / "board.svg"
    run = _draw(str(ROOT / "examples" / "mage-and-witch-c1-city.yaml"), "-o", str(target))
    assert run.returncode == 0, run.stderr
    picture = target.read_text(encoding="utf-8")
    _no_text(picture)
    assert svg.SCORED in picture and svg.MAGE in picture
    assert [p.name for p in target.parent.iterdir()] == ["board.svg"]  # no temporary file left behind


def test_draw_refuses_what_it_cannot_draw(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    features = FIXTURES / "scenarios" / "valid" / "end-of-game.yaml"
    assert _draw(str(features), "-o", str(target)).returncode == 2
    assert _draw(str(BOARDS / "valid" / "road-5-mage.yaml"), "-o", str(tmp_path / "board.png")).returncode == 2
    bad = BOARDS / "invalid" / "board-overlap.yaml"
    line, column, code = _expected(bad)
    run = _draw(str(bad), "-o", str(target))
    assert run.returncode == 1 and f"{bad}:{line}:{column}: error [{code}] " in run.stderr
    assert not target.exists() and "Traceback" not in run.stderr


# ---------------------------------------------------------------- properties


def _line_board(middle: int, turn: int, end: str, through: str) -> boards.Board:
    """A straight line of ``middle`` tiles closed by two ends, the whole line turned ``turn`` times."""
    tiles = CATALOGUE.types
    line = [boards.Placement(end, 0, 0, 0)] + [boards.Placement(through, 0, y, 0) for y in range(1, middle + 1)]
    line.append(boards.Placement(end, 0, middle + 1, 2))
    board = boards.Board(tiles, tuple(line), (boards.Figure("follower", 0, 1, "N", "red"),))
    for _ in range(turn):
        board = _rotated(board)
    return board


@settings(max_examples=40, deadline=None)
@given(middle=st.integers(1, 12), turn=st.integers(0, 3))
def test_a_closed_road_of_any_length_scores_its_tiles(middle: int, turn: int) -> None:
    # A (cloister with a road leaving south) closes both ends; U is a straight road.
    assert _totals(_line_board(middle, turn, "A", "U"), "during-game") == {"red": middle + 2}


@settings(max_examples=40, deadline=None)
@given(middle=st.integers(1, 12), turn=st.integers(0, 3))
def test_a_closed_city_of_any_length_scores_two_per_tile_and_pennant(middle: int, turn: int) -> None:
    # E (a city cap) closes both ends of a line of F (a city band with a pennant), turned to run north-south.
    tiles = dict(CATALOGUE.types)
    tiles["F-ns"] = boards.TileType("F-ns", tuple(
        boards.TileFeature(f.type, tuple(boards.turned(e, 1) for e in f.edges), f.pennants, f.inn, f.cathedral,
                           tuple(boards.turned(e, 1) for e in f.cities)) for f in tiles["F"].features))
    board = _line_board(middle, turn, "E", "F-ns")
    board = boards.Board(tiles, board.placements, board.figures)
    # The cap at the north end faces south: turn 2; the one at the south end faces north: turn 0.
    placements = list(board.placements)
    first, last = placements[0], placements[-1]
    placements[0] = boards.Placement(first.tile, first.x, first.y, (first.turn + 2) % 4)
    placements[-1] = boards.Placement(last.tile, last.x, last.y, (last.turn + 2) % 4)
    board = boards.Board(tiles, tuple(placements), board.figures)
    assert _totals(board, "during-game") == {"red": 2 * (middle + 2) + 2 * middle}
