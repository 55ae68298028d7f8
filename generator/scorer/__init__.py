"""The embedded scorer: recomputes the totals of worked examples from their features.

Pure on purpose: only the standard library, no files, no YAML, nothing else from
``generator``. The scenario reader (:mod:`generator.score.scenario`) turns YAML into these
objects; here only the rules live, so they can be tested on their own.
"""

from __future__ import annotations

from generator.scorer.compute import FARM_SCORERS, majority, pig_rate, score
from generator.scorer.explain import STEP_TEMPLATES, describe, explain
from generator.scorer.features import (
                    ATTRIBUTES,
                    CLOISTER_TILES,
                    EDITIONS,
                    FEATURE_KINDS,
                    FEATURE_TYPES,
                    FIGURES,
                    FLAGS,
                    GOODS,
                    SCORINGS,
                    Feature,
                    FeatureKind,
                    FeatureResult,
                    Result,
                    Scenario,
                    ScoringError,
                    Step,
                    carriers,
                    is_int,
                    misplaced,
                    only_code,
                    too_many_code,
                    touching,
)
from generator.scorer.ruleset import FARM_METHODS, STANDARD, FarmRules, Ruleset, SmallCity

__all__ = [
    "ATTRIBUTES", "CLOISTER_TILES", "EDITIONS", "FARM_METHODS", "FARM_SCORERS", "FEATURE_KINDS", "FEATURE_TYPES",
    "FIGURES", "FLAGS", "GOODS", "FeatureKind", "carriers", "is_int", "misplaced", "only_code", "too_many_code", "touching",
    "SCORINGS", "STANDARD", "STEP_TEMPLATES",
    "FarmRules", "Feature", "FeatureResult", "Result", "Ruleset", "Scenario", "ScoringError", "SmallCity", "Step",
    "describe", "explain", "majority", "pig_rate", "score",
]
