"""rules_data/rulesets.yaml and its conversion into the scorer's rulesets."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator import scorer
from generator.model import data as model
from generator.check.rulesets import BUILTIN_STANDARD, builtin, for_edition, load_rulesets

REPO = Path(__file__).resolve().parent.parent


def _write(root: Path, text: str) -> Path:
    (root / "rules_data").mkdir(parents=True, exist_ok=True)
    (root / "rules_data" / "rulesets.yaml").write_text(text, encoding="utf-8")
    return root


def test_scorer_ruleset_mirrors_the_model() -> None:
    described = {"id", "name", "description", "source", "sources", "default_for"}
    model_fields = {name: info.default for name, info in model.Ruleset.model_fields.items() if name not in described}
    scorer_fields = {f.name: f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
                     for f in dataclasses.fields(scorer.Ruleset)}
    assert set(model_fields) == set(scorer_fields)
    for name, default in model_fields.items():
        if name == "farm":
            assert scorer.FarmRules(**default.model_dump()) == scorer_fields[name]
        else:
            assert default == scorer_fields[name], name


def test_the_project_file() -> None:
    table, problems = load_rulesets(REPO)
    assert problems == []
    assert sorted(table) == ["before-big-box-4", "c1-2000", "c1-2001", "standard"]
    assert {edition: for_edition(table, edition) for edition in ("C1", "C2", "C3")} == dict.fromkeys(
        ("C1", "C2", "C3"), "standard")
    assert table.rules("standard") == scorer.STANDARD
    small = scorer.SmallCity(max_tiles=2, per_tile=1, per_pennant=1)
    assert table.rules("c1-2000") == scorer.Ruleset(small_city=small, farm=scorer.FarmRules("per-city", 4),
                                                    pig_per_city=None)
    assert table.rules("c1-2001") == scorer.Ruleset(small_city=small, farm=scorer.FarmRules("per-field-city-once", 3))
    assert table.rules("before-big-box-4") == scorer.Ruleset(mage_rescues_inn_cathedral=False)
    assert all(entry.source for entry, _ in table.values())
    assert all(entry.sources for entry, _ in table.values())  # every variant's numbers name their sources


def test_a_ruleset_source_site_yaml_does_not_list_is_reported_at_its_place(minimal) -> None:
    from generator.project import load

    path = minimal / "rules_data" / "rulesets.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "    sources: [rulebook-one, hearsay]\n", encoding="utf-8")
    _, problems = load(minimal)
    assert [(p.file, p.line, p.column, p.code) for p in problems] == [
        ("rules_data/rulesets.yaml", 7, 29, "unknown-source")]


def test_the_project_file_names_its_schema() -> None:
    first = (REPO / "rules_data" / "rulesets.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schema/rulesets.schema.json"


def test_missing_file_means_standard_only(tmp_path: Path) -> None:
    table, problems = load_rulesets(tmp_path)
    assert problems == [] and list(table) == ["standard"] and table.for_edition("C2") == "standard"
    assert table["standard"] == (BUILTIN_STANDARD, scorer.STANDARD)
    _, problems = load_rulesets(tmp_path, required=True)
    assert [p.code for p in problems] == ["missing-file"]


HEAD = "rulesets:\n  - {id: standard, name: S, description: D, source: X, default_for: [C1, C2, C3]}\n"


@pytest.mark.parametrize(("text", "where"), [
    (HEAD + "  - {id: standard, name: S, description: D, source: X}\n", (3, 10, "duplicate-id")),
    (HEAD + "  - {id: other, name: S, description: D, source: X, default_for: [C3]}\n", (3, 67, "bad-value")),
    (HEAD + "  - {id: other, name: S, description: D, source: X, default_for: [C7]}\n", (3, 67, "bad-value")),
    ("rulesets:\n  - {id: standard, name: S, description: D, source: X, default_for: [C1, C2]}\n",
     (1, 1, "bad-value")),
    (HEAD + "  - {id: other, name: S, description: D, source: X, witch_divisor: 0}\n", (3, 68, "bad-value")),
    (HEAD + "  - {id: other, name: S, description: D, source: X, road_per_tile: -1}\n", (3, 68, "bad-value")),
    (HEAD + "  - {id: other, name: S, description: D, source: X, farm: {method: per-acre, points_per_city: 1}}\n",
     (3, 68, "bad-value")),
    ("rulesets: []\n", (1, 11, "bad-value")),
    ("rulesets:\n  - {id: x, name: S}\n", (2, 5, "missing-key")),
], ids=["duplicate-id", "second-default", "unknown-edition", "edition-without-default", "witch-divisor-zero",
        "negative-rate", "unknown-farm-method", "empty", "missing-key"])
def test_problems(tmp_path: Path, text: str, where: tuple[int, int, str]) -> None:
    _, problems = load_rulesets(_write(tmp_path, text))
    assert where in {(p.line, p.column, p.code) for p in problems}


def test_broken_yaml(tmp_path: Path) -> None:
    table, problems = load_rulesets(_write(tmp_path, "rulesets: [\n"))
    assert [p.code for p in problems] == ["yaml-syntax"] and list(table) == ["standard"]


def test_builtin_table() -> None:
    assert builtin().defaults == {"C1": "standard", "C2": "standard", "C3": "standard"}
