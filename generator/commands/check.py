"""``rulesite check``: validate all data and confirm every worked example.
"""

from __future__ import annotations

import argparse
import sys

from generator.core.problem import render
from generator.project import load


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("check", help="validate rules_data/ and examples/, score every worked example",
                            description="Validate every data file, check references between them and recompute "
                                        "every worked example. Exit 0 when there is no error, 1 otherwise.")
    parser.add_argument("--format", choices=("text", "github"), default="text",
                        help="text: FILE:LINE:COL: level [code] message; github: workflow annotations")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project, problems = load(args.root)
    if problems:
        print(render(problems, args.format), file=sys.stderr)
    errors = [p for p in problems if p.level == "error" or args.strict]
    if errors:
        print(f"{len(errors)} error(s), {len(problems) - len(errors)} warning(s)", file=sys.stderr)
        return 1
    pages = len(project.pages) if project else 0
    examples = len(project.examples) if project else 0
    print(f"ok: {pages} page(s), {examples} worked example(s) confirmed, {len(problems)} warning(s)")
    return 0
