"""``rulesite codes``: write (or verify) the contributor guide's table of problem codes.

The table is generated from the registry, :mod:`generator.core.codes`, and stands between
two marker comments of ``content/en/contributing.md``; the rest of the guide is the
editors' own text and is never touched.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.core import atomic
from generator.core.codes import CODES, table

GUIDE = Path("content") / "en" / "contributing.md"
START, END = "<!-- codes:start -->", "<!-- codes:end -->"


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("codes", help="write the table of problem codes into the contributor guide",
                            description="Generate the contributor guide's table of problem codes from the "
                                        "registry in generator/core/codes.py.")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if the table is out of date")
    parser.set_defaults(run=run)


def with_table(text: str) -> str:
    """``text`` with the registry's table between the markers; ValueError when they are missing."""
    start, end = text.find(START), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"no {START} … {END} markers to hold the table of problem codes")
    # Blank lines around the table: Markdown would read a table right after a comment as part of it.
    return text[:start + len(START)] + "\n\n" + table() + "\n" + text[end:]


def run(args: argparse.Namespace) -> int:
    path = args.root / GUIDE
    try:
        text = path.read_text(encoding="utf-8")
        updated = with_table(text)
    except (OSError, ValueError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    if updated == text:
        print(f"{path}: the table of {len(CODES)} problem codes is up to date")
        return 0
    if args.check:
        print(f"{path}: the table of problem codes is out of date; run `rulesite codes`", file=sys.stderr)
        return 1
    atomic.write_text(path, updated)
    print(f"{path}: table of {len(CODES)} problem codes written")
    return 0
