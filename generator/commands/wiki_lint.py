"""``rulesite wiki-lint FILE|DUMP...``: every defect of the wiki's pages, at ``FILE:LINE:COL``.

The work is :mod:`generator.wiki.source` (reading) and :mod:`generator.wiki.lint` (the
checks); this module reads the options and prints. Exit 0 when there is no error (warnings
alone do not fail, unless ``--strict``), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator.core.problem import Problem, render
from generator.wiki.lint import Row, lint, load_settings, summary
from generator.wiki.source import read_inputs


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("wiki-lint", help="report the defects of wiki pages (view-source, rendered text, exports)",
                            description="Lint pages of the community wiki: wikitext copied from 'View source', "
                                        "text copied from a browser, or a Special:Export XML dump. Every finding "
                                        "is printed as FILE:LINE:COL: level [code] message, then a table of the "
                                        "findings per page, language and code.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE|DUMP", help="page files and XML exports")
    parser.add_argument("--source", type=Path, metavar="FILE",
                        help="the file that holds the English source, whatever its title says")
    parser.add_argument("--lang", action="append", default=[], metavar="FILE=CODE",
                        help="the language of a file whose title does not say it (repeatable)")
    parser.add_argument("--title", help="the page title of files that do not name one (rendered copies)")
    parser.add_argument("--format", choices=("text", "github", "json"), default="text",
                        help="text: problems and a summary table; github: workflow annotations; json: both as JSON")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.set_defaults(run=run)


def _languages(values: list[str], known: tuple[str, ...]) -> tuple[dict[Path, str], list[Problem]]:
    """``--lang FILE=CODE`` options; a code the site does not have is a problem at that file."""
    languages: dict[Path, str] = {}
    problems = []
    for value in values:
        file, equals, code = value.rpartition("=")
        if not equals or not file or not code:
            problems.append(Problem("--lang", 1, 1, "unknown-language", f"{value!r} is not FILE=CODE"))
        elif known and code not in known:
            problems.append(Problem(file, 1, 1, "unknown-language",
                                    f"--lang {code}: site.yaml lists {', '.join(known)}"))
        else:
            languages[Path(file)] = code
    return languages, problems


def table(rows: list[Row]) -> str:
    """The summary, one row per page, language and code, in aligned columns."""
    header = Row("page", "language", "code", 0)
    widths = [max(len(getattr(row, name)) for row in [header, *rows]) for name in ("page", "language", "code")]
    lines = [f"{header.page:<{widths[0]}}  {header.language:<{widths[1]}}  {header.code:<{widths[2]}}  count"]
    lines += [f"{row.page:<{widths[0]}}  {row.language:<{widths[1]}}  {row.code:<{widths[2]}}  {row.count:>5}"
              for row in rows]
    return "\n".join(lines)


def _json(problems: list[Problem], rows: list[Row]) -> str:
    return json.dumps({
        "problems": [{"file": p.file, "line": p.line, "column": p.column, "level": p.level, "code": p.code,
                      "message": p.message} for p in sorted(set(problems))],
        "summary": [{"page": r.page, "language": r.language, "code": r.code, "count": r.count} for r in rows],
    }, ensure_ascii=False, indent=2)


def run(args: argparse.Namespace) -> int:
    settings, problems = load_settings(args.root)
    languages, wrong = _languages(args.lang, settings.languages)
    pages, unread = read_inputs(list(args.files), source=args.source, languages=languages, title=args.title,
                                known_languages=settings.languages)
    problems += wrong + unread + lint(pages, settings)
    rows = summary(pages, problems)
    if args.format == "json":
        print(_json(problems, rows))
    elif problems:
        print(render(problems, args.format))
        if args.format == "text":
            print("\n" + table(rows))
    errors = [p for p in problems if p.level == "error" or args.strict]
    if args.format == "text":
        print(f"{len(pages)} page(s): {len(errors)} error(s), {len(problems) - len(errors)} warning(s)",
              file=sys.stderr)
    return 1 if errors else 0
