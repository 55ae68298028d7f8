"""The scenario reader: YAML in, scorer objects or located problems out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from generator import scorer
from generator.check.rulesets import load_rulesets
from generator.score.scenario import (
    check_expect,
    load_scenario,
    read_scenario,
    scenario_schema,
)
from generator.read.source import parse

from .fixture_header import read_header

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "scenarios"
INVALID = sorted((FIXTURES / "invalid").glob("*.yaml"))
VALID = sorted((FIXTURES / "valid").glob("*.yaml"))
TABLE, _ = load_rulesets(REPO)


def _expected(path: Path) -> tuple[int, int, str]:
    expected = read_header(path).expected
    assert len(expected) == 1, f"{path.name}: a scenario fixture demonstrates one problem"
    return expected[0]


def _read(text: str, rulesets=TABLE):  # type: ignore[no-untyped-def]
    source, problems = parse(text, "s.yaml")
    assert not problems
    return read_scenario(source, rulesets=rulesets)


def _codes(text: str) -> set[str]:
    doc, problems = _read(text)
    assert doc is None
    return {p.code for p in problems}


def test_every_invalid_fixture_is_named_after_its_code() -> None:
    assert INVALID and all(_expected(path)[2] == path.stem for path in INVALID)


@pytest.fixture(scope="module")
def cli_runs() -> dict[Path, subprocess.CompletedProcess[str]]:
    """``rulesite score`` on every invalid fixture, started all at once to keep the suite quick."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = {path: subprocess.Popen([sys.executable, "-m", "generator", "--root", str(REPO), "score", str(path)],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for path in INVALID}
    runs = {}
    for path, process in started.items():
        stdout, stderr = process.communicate(timeout=60)
        runs[path] = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    return runs


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_fixture_is_reported_where_it_says(
        path: Path, cli_runs: dict[Path, subprocess.CompletedProcess[str]]) -> None:
    line, column, code = _expected(path)
    doc, problems = load_scenario(path, TABLE, display="f.yaml")
    assert doc is None
    assert (line, column, code) in {(p.line, p.column, p.code) for p in problems}

    run = cli_runs[path]
    assert run.returncode == 1
    assert f"{path}:{line}:{column}: error [{code}] " in run.stderr
    assert "Traceback" not in run.stderr
    assert run.stdout == ""


def test_all_problems_are_reported_at_once() -> None:
    codes = _codes("""
scoring: during-game
ruleset: nope
features:
  - {type: road, tiles: 0, pennants: 1, complete: true, followers: {red: -1}}
  - {type: cloister, tiles: 12, witch: true}
  - {type: field, completed_cities: 1, colour: red}
expect: {blue: 3}
""")
    assert codes == {"unknown-ruleset", "too-few-tiles", "city-only", "negative-strength", "cloister-too-big",
                     "city-or-road-only", "field-during-game", "unknown-key", "unknown-player"}


@pytest.mark.parametrize(("feature", "code"), [
    ("{type: cloister, tiles: 3, cathedral: true}", "city-only"),
    ("{type: field, inn: true}", "road-only"),
    ("{type: field, mage: true}", "city-or-road-only"),
    ("{type: road, tiles: 3, witch: true}", None),
    ("{type: cloister, tiles: 3, complete: false}", "city-or-road-only"),
    ("{type: city, tiles: 3, cities: [a]}", "field-only"),
    ("{type: field, completed_cities: -1}", "negative-count"),
    ("{type: city}", "missing-key"),
    ("{type: city, tiles: null}", "missing-key"),
    ("{type: tower, tiles: 2}", "bad-value"),
    ("{type: road, tiles: 2, followers: {red: 1.5}}", "bad-type"),
    ("{type: road, tiles: 2, followers: {red: true}}", "bad-type"),
    ("{type: road, tiles: 2, mage: yes}", None),
    ("{type: road, tiles: 2, mage: 'yes'}", "bad-type"),
    ("{type: field, cities: [a, 3]}", "bad-type"),
], ids=lambda v: v if isinstance(v, str) and not v.startswith("{") else None)
def test_feature_checks(feature: str, code: str | None) -> None:
    doc, problems = _read(f"scoring: final\nfeatures:\n  - {feature}\n")
    assert {p.code for p in problems} == ({code} if code else set())
    assert (doc is None) == bool(code)


def test_incomplete_cloister_during_game_points_at_tiles() -> None:
    doc, problems = _read("scoring: during-game\nfeatures:\n  - {type: cloister, tiles: 8}\n")
    assert [(p.line, p.column, p.code) for p in problems] == [(3, 29, "incomplete-during-game")]


def test_missing_complete_during_game_points_at_the_feature() -> None:
    doc, problems = _read("scoring: during-game\nfeatures:\n  - type: road\n    tiles: 2\n")
    assert [(p.line, p.column, p.code) for p in problems] == [(3, 5, "incomplete-during-game")]


def test_reads_the_published_city() -> None:
    doc, problems = load_scenario(FIXTURES / "valid" / "city-mage-tie.yaml", TABLE)
    assert problems == [] and doc is not None
    assert doc.scenario == scorer.Scenario(
        (scorer.Feature("city", {"red": 1, "blue": 1}, tiles=8, pennants=2, complete=True, mage=True),),
        "during-game", "C3")
    assert (doc.ruleset, doc.rules, doc.expect) == ("standard", scorer.STANDARD, {"red": 28, "blue": 28})


def test_reads_fields_with_named_cities() -> None:
    doc, _ = load_scenario(FIXTURES / "valid" / "end-of-game.yaml", TABLE)
    assert doc is not None
    fields = [f for f in doc.scenario.features if f.type == "field"]
    assert [(f.cities, f.completed_cities) for f in fields] == [(("north", "south"), 2), (("south",), 1)]


def test_example_file_is_read_under_scenario() -> None:
    doc, problems = load_scenario(FIXTURES / "valid" / "example-small-city.yaml", TABLE)
    assert problems == [] and doc is not None
    assert doc.base == ("scenario",)
    assert scorer.score(doc.scenario, doc.rules).totals == {"green": 6}


def test_named_ruleset_is_resolved() -> None:
    doc, _ = _read("ruleset: c1-2000\nscoring: final\nfeatures:\n  - {type: field, completed_cities: 1}\n")
    assert doc is not None and doc.ruleset == "c1-2000"
    assert doc.rules.farm == scorer.FarmRules("per-city", 4)


def test_edition_default_ruleset_is_used() -> None:
    doc, _ = _read("edition: C1\nscoring: final\nfeatures:\n  - {type: field, completed_cities: 1}\n")
    assert doc is not None and (doc.scenario.edition, doc.ruleset) == ("C1", "standard")


def test_without_a_table_only_standard_is_known() -> None:
    source, _ = parse("ruleset: c1-2000\nscoring: final\nfeatures:\n  - {type: field}\n", "s.yaml")
    doc, problems = read_scenario(source)
    assert doc is None and [p.code for p in problems] == ["unknown-ruleset"]


def test_nothing_at_the_base() -> None:
    source, _ = parse("id: x\nscenario:\n", "s.yaml")
    doc, problems = read_scenario(source, ("scenario",))
    assert doc is None and [(p.line, p.code) for p in problems] == [(2, "bad-type")]


def test_empty_file() -> None:
    source, _ = parse("", "s.yaml")
    doc, problems = read_scenario(source)
    assert doc is None and [p.code for p in problems] == ["bad-type"]


def test_expect_mismatch_is_located_at_the_player() -> None:
    doc, _ = _read("scoring: during-game\nfeatures:\n  - {type: road, tiles: 3, complete: true, "
                   "followers: {red: 1, blue: 1}}\nexpect: {red: 3, blue: 4}\n")
    assert doc is not None
    totals = scorer.score(doc.scenario, doc.rules).totals
    problems = check_expect(doc, totals)
    assert [(p.line, p.column, p.code, p.message) for p in problems] == [
        (4, 24, "expect-mismatch", "blue: expected 4, computed 3")]


def test_player_left_out_of_expect_is_expected_to_score_nothing() -> None:
    doc, _ = _read("scoring: during-game\nfeatures:\n  - {type: road, tiles: 3, complete: true, "
                   "followers: {red: 1, blue: 1}}\nexpect: {red: 3}\n")
    assert doc is not None
    problems = check_expect(doc, scorer.score(doc.scenario, doc.rules).totals)
    assert [(p.line, p.message) for p in problems] == [(4, "blue: expected 0, computed 3")]


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_schema_accepts_valid_scenarios(path: Path) -> None:
    source, _ = parse(path.read_text(encoding="utf-8"), path.name)
    data = source.data["scenario"] if "scenario" in source.data else source.data
    jsonschema.validate(data, scenario_schema())


@pytest.mark.parametrize("data", [
    {"scoring": "final", "features": [{"type": "road", "tiles": 0}]},
    {"scoring": "final", "features": [{"type": "road", "tiles": 2, "followers": {"red": -1}}]},
    {"scoring": "final", "features": [{"type": "road", "tiles": 2, "colour": "red"}]},
    {"scoring": "final", "features": []},
    {"features": [{"type": "road", "tiles": 2}]},
], ids=["no-tiles", "negative-strength", "unknown-key", "no-features", "no-scoring"])
def test_schema_rejects(data: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, scenario_schema())


def test_schema_describes_every_key() -> None:
    features = scenario_schema()["$defs"]["FeatureSpec"]["properties"]
    assert all(spec.get("description") for spec in features.values())


def test_a_refusal_by_the_scorer_that_the_reader_missed_is_located_as_impossible(monkeypatch) -> None:
    # No YAML reaches this today: the reader's checks, driven by the same feature table as
    # the scorer's, come first. Switching them off shows the safety net still gives a
    # located problem (never a traceback) if a future check is forgotten.
    import generator.score.scenario

    monkeypatch.setattr(generator.score.scenario, "_check", lambda *args: [])
    doc, problems = _read("scoring: final\nfeatures:\n  - {type: road, tiles: 3, pennants: 2}\n")
    assert doc is None
    assert [(p.line, p.column, p.code, p.message) for p in problems] == [
        (3, 38, "impossible", "pennants belongs on a city, not on a road")]
