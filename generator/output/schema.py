"""JSON Schema of every kind of data file, generated from the pydantic models.

The files are committed under ``schema/`` so editors can point ``yaml-language-server``
at them; a test regenerates them and fails when they differ from the models.
"""

from __future__ import annotations

import json
from typing import Any

from generator.model.data import Example, Page, Rulesets, Site, TermBase, Translation, Ui
from generator.model.tiles import TileFile

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _schema(model: type, name: str, title: str) -> dict[str, Any]:
    schema = model.model_json_schema()
    schema["$schema"] = SCHEMA_DIALECT
    schema["$id"] = f"https://rulesite.invalid/schema/{name}.schema.json"
    schema["title"] = title
    return schema


def schemas() -> dict[str, dict[str, Any]]:
    """File name stem -> schema, for every kind of YAML file the project reads."""
    from generator.score.scenario import scenario_schema

    scenario = scenario_schema()
    example = _schema(Example, "example", "rulesite worked example (examples/<id>.yaml)")
    # The example embeds a scenario: inline its body and definitions so one file validates both.
    example.setdefault("$defs", {}).update(scenario.get("$defs", {}))
    body = {k: v for k, v in scenario.items() if k not in ("$defs", "$schema", "$id")}
    example["properties"]["scenario"] = {**body, "description": example["properties"]["scenario"].get("description", "")}
    standalone = {**scenario, "$schema": SCHEMA_DIALECT, "$id": "https://rulesite.invalid/schema/scenario.schema.json"}
    return {
        "site": _schema(Site, "site", "rulesite site data (rules_data/site.yaml)"),
        "ui": _schema(Ui, "ui", "rulesite interface strings (rules_data/ui.yaml)"),
        "rulesets": _schema(Rulesets, "rulesets", "rulesite scoring variants (rules_data/rulesets.yaml)"),
        "page": _schema(Page, "page", "rulesite rules page (rules_data/pages/<id>.yaml)"),
        "translation": _schema(Translation, "translation", "rulesite translation (rules_data/translations/<lang>/<doc>.yaml)"),
        "terms": _schema(TermBase, "terms", "rulesite termbase (rules_data/terms/<group>.yaml)"),
        "tiles": _schema(TileFile, "tiles", "rulesite tile catalogue (rules_data/tiles/<set>.yaml)"),
        "example": example,
        "scenario": standalone,
    }


def dump(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
