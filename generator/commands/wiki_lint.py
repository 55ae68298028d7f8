"""``rulesite wiki-lint FILE|DUMP...``: every defect of the wiki's pages, at ``FILE:LINE:COL``.

The work is :mod:`generator.wiki.source` (reading) and :mod:`generator.wiki.lint` (the
checks); this module reads the options and prints. Options and files come in any order
(:class:`AnyOrderParser`), and no project is needed: without one the lint runs on what the
generator itself knows, and says so once. Exit 0 when there is no error (warnings alone do
not fail, unless ``--strict``), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any, Sequence

from generator.core.problem import Problem, render
from generator.wiki.checks import CHECKS
from generator.wiki.batch import lint_files
from generator.wiki.lint import Row, Settings, load_settings, summary
from generator.wiki.settings import SITE_FILE, find_project, without_project
from generator.wiki.source import Request

DESCRIPTION = ("Lint pages of the community wiki: wikitext copied from 'View source', text copied from a browser, "
               "or a Special:Export XML dump. Every finding is printed as FILE:LINE:COL: level [code] message, then "
               "a table of the findings per page, language and code. Options and files may come in any order. "
               "Outside a project folder (and without --root) the site's languages and termbase are not used.")
NO_PROJECT = ("rulesite wiki-lint: no project found (no rules_data/site.yaml in this folder or above; --root names "
              "one): linting without the site's languages and termbase, so no page is checked for its language "
              "or for words to avoid")


class AnyOrderParser(argparse.ArgumentParser):
    """A sub-command's parser that takes options and files in any order (``A --strict B``), as
    pytest, ruff and yamllint do.

    argparse fills a positional list once, at its first file, and leaves a file after an option
    over ("unrecognized arguments"). Its intermixed reading takes the options first and the
    files after; the sub-command action calls ``parse_known_args``, so that is where the
    intermixed reading is switched on (it calls ``parse_known_args`` itself, twice: those
    calls get the plain reading)."""

    _intermixing = False

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def add_any_order_parser(sub: argparse._SubParsersAction, name: str, **options: Any) -> argparse.ArgumentParser:
    """``sub.add_parser(name, ...)``, made an :class:`AnyOrderParser` (add_parser takes the
    class of the parser that holds ``sub`` and has no option for another)."""
    plain = sub._parser_class
    sub._parser_class = AnyOrderParser
    try:
        return sub.add_parser(name, **options)
    finally:
        sub._parser_class = plain


def checks_help() -> str:
    """The registry's checks, one code and level a line with its description under it."""
    lines = ["checks:"]
    for check in CHECKS.values():
        lines.append(f"  {check.id} ({check.level})")
        lines += textwrap.wrap(check.description, 78, initial_indent=" " * 6, subsequent_indent=" " * 6,
                               break_on_hyphens=False)
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction) -> None:
    # Raw text: the list of checks keeps its lines, so the description is wrapped here.
    parser = add_any_order_parser(sub, "wiki-lint",
                                  help="report the defects of wiki pages (view-source, rendered text, exports)",
                                  description=textwrap.fill(DESCRIPTION, 78), epilog=checks_help(),
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE|DUMP|FOLDER",
                        help="page files and XML exports; a folder: its .wiki, .wikitext, .txt and .xml files")
    parser.add_argument("--source", type=Path, metavar="FILE",
                        help="the file that holds the English source, whatever its title says")
    parser.add_argument("--lang", action="append", default=[], metavar="[FILE=]CODE",
                        help="the language of a file whose title does not say it (repeatable); a CODE alone "
                             "is the language of every file without a FILE=CODE of its own")
    parser.add_argument("--title", help="the page title of files that do not name one (rendered copies)")
    parser.add_argument("--format", choices=("text", "github", "json"), default="text",
                        help="text: problems and a summary table; github: workflow annotations; json: both as JSON")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--jobs", type=int, default=0, metavar="N",
                        help="pages linted N processes at a time (default: one per core)")
    parser.add_argument("--fresh", action="store_true",
                        help="lint every page again, without the results kept in build/wiki-lint/ (they are renewed)")
    parser.set_defaults(run=run)


def _languages(values: list[str], known: tuple[str, ...], files: list[Path]) -> tuple[dict[Path, str], list[Problem]]:
    """``--lang FILE=CODE`` options, and ``--lang CODE`` for every other file (``wiki-lint --lang nl
    page.wikitext`` reads as it is meant); a code the site does not have is a problem at that file."""
    languages: dict[Path, str] = {}
    problems = []
    for value in values:
        file, equals, code = value.rpartition("=")
        if not equals and value and not any(c in value for c in "/\\."):
            file, code = "", value  # a code alone
            if known and code not in known:
                problems.append(Problem("--lang", 1, 1, "unknown-language",
                                        f"--lang {code}: site.yaml lists {', '.join(known)}"))
            else:
                languages.update({Path(f): code for f in files if Path(f) not in languages})
            continue
        if not equals or not file or not code:
            problems.append(Problem("--lang", 1, 1, "unknown-language", f"{value!r} is not FILE=CODE or CODE"))
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


def _settings(root: Path) -> tuple[Settings, list[Problem], Path | None]:
    """The project's settings and folder when there is a project; without one, the lint's own
    and a note (on stderr: it is no finding, and changes no exit status)."""
    project = find_project(root)
    if project is None:
        print(NO_PROJECT, file=sys.stderr)
        return (*without_project(), None)
    return (*load_settings(project), project)


PAGE_SUFFIXES = (".wiki", ".wikitext", ".txt", ".xml")
"""The files a folder given to the lint is read for: page copies and exports."""


def expand(paths: list[Path]) -> list[Path]:
    """``paths`` with each folder replaced by the page files and exports in it and below, in
    name order (as ruff and yamllint read a folder); a file is kept whatever its name."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix.lower() in PAGE_SUFFIXES and p.is_file())
        else:
            found.append(path)
    return found


def run(args: argparse.Namespace) -> int:
    settings, problems, project = _settings(args.root)
    args.files = expand(list(args.files))
    languages, wrong = _languages(args.lang, settings.languages, list(args.files))
    request = Request.of(args.source, languages, args.title, settings.languages)
    keep = project if project is not None and (project / SITE_FILE).is_file() else None
    outcome = lint_files(list(args.files), request, settings, jobs=args.jobs, root=keep, fresh=args.fresh)
    problems += wrong + outcome.problems
    pages = outcome.pages
    rows = summary(pages, problems)
    if args.format == "json":
        print(_json(problems, rows))
    elif problems:
        print(render(problems, args.format))
        if args.format == "text":
            print("\n" + table(rows))
    errors = [p for p in problems if p.level == "error" or args.strict]
    if args.format == "text":
        # Which page a file was read as, when its text does not say: a wrong title explains wrong findings.
        for page in (page for page in pages if page.named_from_outside):
            print(f"{page.file}: read as {page.described()}", file=sys.stderr)
        kept = f"; {outcome.kept} of the pages unchanged since a lint whose results were kept" if outcome.kept else ""
        print(f"{len(pages)} page(s): {len(errors)} error(s), {len(problems) - len(errors)} warning(s){kept}",
              file=sys.stderr)
    return 1 if errors else 0
