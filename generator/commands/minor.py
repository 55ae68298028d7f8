"""``rulesite minor``: mark an English edit as minor so that translations stay current.
"""

from __future__ import annotations

import argparse
import sys

from generator.project import load_checked
from generator.i18n.store import accept_minor_edit


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("minor", help="mark the last English edit of some texts as minor",
                            description="After fixing a typo or a punctuation mark in English, declare the edit minor: "
                                        "every translation of the given texts counts as current again. Their "
                                        "translated wording is not touched.")
    parser.add_argument("document", help="page id (or site, ui)")
    parser.add_argument("units", nargs="+", metavar="UNIT", help="unit ids whose English edit was minor")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    project = load_checked(args.root)
    if args.document not in project.units:
        print(f"rulesite: no document {args.document!r}", file=sys.stderr)
        return 2
    unknown = [u for u in args.units if u not in project.units[args.document]]
    if unknown:
        print(f"rulesite: {args.document} has no unit(s) {', '.join(unknown)}", file=sys.stderr)
        return 2
    written = accept_minor_edit(project, args.document, args.units)
    print(f"{len(written)} translation file(s) updated" if written else "no outdated translation of these texts")
    return 0
