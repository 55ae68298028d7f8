"""``rulesite draw FILE -o board.svg``: draw the board of a scenario, for authors.

The picture is the one the site shows beside a worked example: the same data, the same
drawing, each scored feature outlined with the number of its line in the arithmetic. Problems are reported like ``rulesite score``
does; the file is written whole (to a temporary name, flushed, then renamed) or not at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.core import atomic
from generator.check.catalogue import load_catalogue
from generator.core.problem import ProblemsFound
from generator import scorer
from generator.render import pictures, svg
from generator.check.rulesets import RULESETS_FILE, load_rulesets
from generator.score.scenario import load_scenario
from generator.read.source import read, refused


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "draw", help="draw the board of a scenario as SVG",
        description="Draw the board of a board scenario (or of a worked example) as an SVG picture.")
    parser.add_argument("file", metavar="FILE", help="a board scenario, or an example file with a 'scenario:' key")
    parser.add_argument("-o", "--output", metavar="OUT", type=Path, required=True, help="the SVG file to write")
    parser.add_argument("--format", choices=("text", "github"), default="text", help="how problems are printed")
    parser.set_defaults(run=run)


def _colours(root: Path) -> dict[str, str]:
    # Player colours as the site shows them; svg.board_svg accepts only #rrggbb values.
    path = root / "rules_data" / "site.yaml"
    if not path.is_file():
        return {}
    source, problems = read(path, within=root.resolve())  # a link out of the project is not followed
    colours = source.data.get("colours") if isinstance(source.data, dict) and not problems else None
    return {str(c.get("id")): str(c.get("css")) for c in colours or [] if isinstance(c, dict)}


def run(args: argparse.Namespace) -> int:
    if args.output.suffix != ".svg":
        print(f"rulesite draw: the output must be an .svg file, not {str(args.output)!r}", file=sys.stderr)
        return 2
    # Read on its own, so refused first as `rulesite check` refuses it (see `rulesite score`).
    problems = refused(Path(args.root), Path(args.root) / RULESETS_FILE)
    if problems:
        raise ProblemsFound(problems)
    table, problems = load_rulesets(args.root)
    catalogue, found = load_catalogue(Path(args.root))
    if problems or found:
        raise ProblemsFound(problems + found)
    doc, problems = load_scenario(Path(args.file), table, display=args.file, tiles=catalogue)
    if doc is None or problems:
        raise ProblemsFound(problems)
    if doc.board is None:
        print(f"rulesite draw: {args.file} describes features, not a board; there is nothing to draw", file=sys.stderr)
        return 2
    symbols = {tid: spec.symbols for tid, spec in catalogue.specs.items()}
    # Numbered as the site numbers them: by the lines of the scenario's own arithmetic.
    features, numbers = pictures.numbered(doc.board, scorer.score(doc.scenario, doc.rules))
    picture = svg.board_svg(doc.board.board, features, _colours(Path(args.root)), symbols, numbers)
    atomic.write_text(args.output.resolve(), picture)  # a kill leaves the old picture or the new one
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
