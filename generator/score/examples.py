"""Score stage: each worked example's scenario is scored and compared with its published totals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Container

from generator import scorer
from generator.score.board_scenario import board_totals
from generator.model.data import Example
from generator.core.problem import Problem
from generator.check.rulesets import RulesetTable
from generator.score.scenario import ScenarioDoc, check_expect, read_scenario
from generator.read.source import Source
from generator.model.tiles import Catalogue
from generator.model.units import walk_sections
from generator.model.validate import Data


@dataclass
class ScoredExample:
    example: Example
    file: str
    scenario: ScenarioDoc
    result: scorer.Result

    @property
    def ruleset(self) -> str:
        return self.scenario.ruleset


def score_example(example: Example, source: Source, table: RulesetTable,
                  tiles: Catalogue | None = None) -> tuple[ScoredExample | None, list[Problem]]:
    """Score one example; a published total that differs is an error showing the arithmetic."""
    scenario = example.scenario
    if "expect" in scenario and not {"board", "features"} & set(scenario):
        # Published totals still waiting for their board (an example brought in by
        # `rulesite import wiki`): nothing to score yet, and the page shows the caption alone.
        return None, [source.problem(("scenario",), "example-without-board",
                                     f"worked example {example.id!r} states its totals but has no board (or "
                                     "features) yet, so the scorer cannot confirm them", "warning")]
    doc, problems = read_scenario(source, ("scenario",), table, tiles)
    if doc is None:
        return None, problems
    warnings = problems  # what the legality check could not decide, with a scored example
    result = scorer.score(doc.scenario, doc.rules)
    if doc.board is not None:
        # Every player with a follower on the board is shown, 0 included.
        result = replace(result, totals=board_totals(doc.board, result.totals))
    mismatches = check_expect(doc, result.totals)
    if mismatches:
        # Name the example and show the whole breakdown under the first mismatch.
        breakdown = "\n".join("    " + line for line in scorer.explain(result).splitlines())
        first = mismatches[0]
        mismatches[0] = Problem(first.file, first.line, first.column, first.code,
                                f"worked example {example.id!r}: {first.message}\n  scorer breakdown "
                                f"(ruleset {doc.ruleset}):\n{breakdown}", first.level)
        mismatches[1:] = [Problem(p.file, p.line, p.column, p.code, f"worked example {example.id!r}: {p.message}", p.level)
                          for p in mismatches[1:]]
        return None, mismatches
    return ScoredExample(example, source.file, doc, result), warnings


_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def caption_problems(caption: str, scored: ScoredExample, page_source: Source, path: tuple) -> list[Problem]:
    """The published caption must state every total the example confirms."""
    numbers = {int(n) for n in _NUMBER.findall(caption)}
    # A player who scores nothing is rarely named with a 0; every positive total must be stated.
    missing = sorted({p for p in (scored.scenario.expect or {}).values() if p and p not in numbers})
    if not missing:
        return []
    return [page_source.problem(path, "example-caption",
                                f"the caption of {scored.example.id!r} does not state the total(s) {missing} it claims")]


_COUNTED = re.compile(r"(?<![\w.])(\d+) (tiles?|pennants?)\b")


def board_caption_problems(caption: str, scored: ScoredExample, page_source: Source, path: tuple) -> list[Problem]:
    """Every tile or pennant count a caption states must be one the scorer found on a scored feature."""
    view = scored.scenario.board
    if view is None:
        return []
    tiles = {len(f.cells) for f in view.scored}
    pennants = {f.pennants for f in view.scored if f.type in scorer.carriers("pennants")}
    found = []
    for number, word in _COUNTED.findall(caption):
        have = tiles if word.startswith("tile") else pennants
        if int(number) not in have:
            found.append(page_source.problem(path, "example-caption",
                                             f"the caption of {scored.example.id!r} states {number} {word}, but the "
                                             f"scored features on its board have {sorted(have) or 'none'}"))
    return found


@dataclass
class Scored:
    examples: dict[str, ScoredExample] = field(default_factory=dict)
    """Example id to its scored example; examples that failed are left out, their problems kept."""
    problems: list[Problem] = field(default_factory=list)


def score_examples(data: Data, table: RulesetTable, tiles: Catalogue | None = None,
                   broken: Container[str] = ()) -> Scored:
    """Score stage: every worked example (boards on the tile catalogue), and the captions of the
    pages that show them; ``broken`` is :attr:`check.Known.broken`."""
    scored = Scored()
    if "tiles" in broken:
        return scored  # boards on a catalogue missing a file: every tile of it would be unknown
    if "rulesets" in broken:
        return scored  # rulesets.yaml has its own problem: every example naming a variant would be unknown
    for valid in data.examples.values():
        # An example's score reads its file, the rulesets and the tile catalogue (shared files).
        result, problems = data.memo.get(("score", valid.source.file), (valid.source, data.shared_version),
                                         lambda: score_example(valid.model, valid.source, table, tiles))
        scored.problems += problems
        if result is not None:
            scored.examples[valid.model.id] = result
    for valid in data.pages.values():
        for section, path in walk_sections(valid.model.sections):
            for b, block in enumerate(section.blocks):
                if hasattr(block, "example") and block.example.ref in scored.examples:
                    where = path + ("blocks", b, "example", "caption", "text")
                    for check_caption in (caption_problems, board_caption_problems):
                        scored.problems += check_caption(block.example.caption.text, scored.examples[block.example.ref],
                                                         valid.source, where)
    return scored
