"""``rulesite score FILE``: score a scenario (or a worked example) and print the totals.

Output contract:

* stdout carries only the JSON object of totals (player to points, keys sorted), so it
  can be piped into other tools; it is printed whenever the scenario could be scored.
* ``--explain`` writes the arithmetic in words to stderr, for the same reason.
* Problems go to stderr as ``FILE:LINE:COL: error [code] message`` (or GitHub
  annotations with ``--format github``), all of them, sorted.
* Exit status: 0 when scored (and ``expect``, if present, matches); 1 for an invalid
  scenario or rulesets file, or when ``expect`` differs (then each differing player is
  reported as ``expect-mismatch`` and the breakdown follows); 2 for an unknown
  ``--ruleset`` or other usage mistakes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator import scorer
from generator.score.board_scenario import describe_order, board_totals, describe_feature
from generator.check.catalogue import load_catalogue
from generator.core.problem import ProblemsFound, render
from generator.check.rulesets import RULESETS_FILE, load_rulesets
from generator.read.source import refused
from generator.score.scenario import check_expect, load_scenario


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "score", help="score a scenario and print each player's total as JSON",
        description="Score a scenario file, or the scenario of a worked example, and print the totals as JSON. "
                    "With 'expect' in the scenario, a different result exits 1 and shows the arithmetic.")
    parser.add_argument("file", metavar="FILE", help="a scenario YAML file, or an example file with a 'scenario:' key")
    parser.add_argument("--explain", action="store_true", help="also write the arithmetic in words (to stderr)")
    parser.add_argument("--ruleset", metavar="NAME",
                        help="score with this ruleset from rules_data/rulesets.yaml instead of the scenario's own")
    parser.add_argument("--format", choices=("text", "github"), default="text",
                        help="how problems are printed (default: text)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # The rulesets file is read on its own: refused as `rulesite check` refuses it (a FIFO, a
    # link out of the project) before it is opened. The scenario FILE is the user's own
    # choice: followed wherever it leads, but read only if it is a regular file.
    problems = refused(Path(args.root), Path(args.root) / RULESETS_FILE)
    if problems:
        raise ProblemsFound(problems)
    table, problems = load_rulesets(args.root)
    if problems:
        raise ProblemsFound(problems)
    if args.ruleset is not None and args.ruleset not in table:
        print(f"rulesite score: unknown ruleset {args.ruleset!r}; known: {', '.join(sorted(table))}", file=sys.stderr)
        return 2
    catalogue, problems = load_catalogue(Path(args.root))
    if problems:
        raise ProblemsFound(problems)
    doc, problems = load_scenario(Path(args.file), table, display=args.file, tiles=catalogue)
    if doc is None or any(p.level == "error" for p in problems):
        raise ProblemsFound(problems)
    if problems:  # what the legality check could not decide: said, and the board still scored
        print(render(problems, args.format), file=sys.stderr)
    rules = table.rules(args.ruleset) if args.ruleset is not None else doc.rules
    result = scorer.score(doc.scenario, rules)
    # A board names every player with a follower on it, 0 included, even off the scored features.
    totals = board_totals(doc.board, result.totals)
    print(json.dumps(totals, sort_keys=True))
    mismatches = check_expect(doc, totals)
    if args.explain or mismatches:
        if mismatches:
            print(render(mismatches, args.format), file=sys.stderr)
        if doc.board is not None:
            print("\n".join(["Features on the board (scored ones marked *):"] + [
                f"{'*' if f in doc.board.scored else ' '} {describe_feature(f)}" for f in doc.board.features]),
                file=sys.stderr)
            print("\n".join(describe_order(doc.board)), file=sys.stderr)
        print(scorer.explain(result), file=sys.stderr)
    return 1 if mismatches else 0
