"""``rulesite assemble``: one site from parts built by language on other machines or jobs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.output.assemble import assemble


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("assemble", help="put parts built with `build --lang CODE --out DIR` together",
                            description="Copy the language folders of every part into one site and write its "
                                        "root pages; the result is what a single `rulesite build` gives.")
    parser.add_argument("parts", nargs="+", type=Path, help="folders written by `rulesite build --lang CODE --out DIR`")
    parser.add_argument("--out", type=Path, required=True, help="the site folder to write (replaced only when complete)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    codes = assemble([part.resolve() for part in args.parts], args.out.resolve(), args.root)
    print(f"assembled {len(codes)} language(s) into {args.out}: {', '.join(codes)}")
    return 0
