"""Scoring of worked examples (placeholder until the scenario reader lands)."""

from __future__ import annotations


def score_example(example, source, rulesets):
    return None, []
