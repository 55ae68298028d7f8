"""``rulesite import wiki``: the community wiki's pages into the project's data files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.wiki_lint import add_any_order_parser
from generator.core.io_failure import naming
from generator.core.problem import Problem, render
from generator.core.vocabulary import EDITIONS
from generator.model.data import Site
from generator.model.validate import validate
from generator.project import load
from generator.read.source import read
from generator.wiki.importer import import_pages
from generator.wiki.source import read_inputs


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("import", help="bring pages of another source into the project",
                            description="Bring pages from another source into the project's data files.")
    kinds = parser.add_subparsers(dest="kind", required=True, metavar="SOURCE")
    # Files and options in any order, as wiki-lint takes them.
    wiki = add_any_order_parser(
        kinds, "wiki", help="import wiki pages (wikitext or Special:Export XML) as page, translation and example files",
        description="Import pages of the community wiki: the English source page and its language subpages "
                    "become rules_data/pages/<id>.yaml, rules_data/translations/<lang>/<id>.yaml and one "
                    "examples/<id>.yaml per worked example. Every warning names its place in the wiki file. "
                    "Nothing is written when there is an error; a hand-written file is never replaced "
                    "without --force. Exit 0 when the import was written, 1 otherwise.")
    wiki.add_argument("files", nargs="+", type=Path, metavar="FILE|DUMP",
                      help="a page's wikitext (its 'View source' saved as text) or an XML export")
    wiki.add_argument("--source", type=Path, default=None, metavar="FILE",
                      help="the file that holds the English source text, whatever its title's language says")
    wiki.add_argument("--page-id", default=None, metavar="ID", help="the page's id (default: from its title)")
    wiki.add_argument("--force", action="store_true", help="replace files that are hand-written")
    wiki.add_argument("--title", default=None, metavar="T", help="the title of files that name none")
    wiki.add_argument("--lang", action="append", default=[], metavar="FILE=CODE",
                      help="the language of a file whose title does not say it (repeatable)")
    wiki.add_argument("--expansion", default=None, metavar="ID",
                      help="the expansion of pages that do not say it; one site.yaml lacks is added to it")
    # The editions a page may be of are the project's one list of edition ids.
    wiki.add_argument("--edition", action="append", default=[], choices=EDITIONS, metavar="|".join(EDITIONS),
                      help="the tile edition of pages that do not say it (repeatable)")
    wiki.add_argument("--jobs", type=int, default=0, metavar="N",
                      help="pages parsed and converted N processes at a time (default: one per core)")
    wiki.add_argument("--format", choices=("text", "github"), default="text")
    wiki.set_defaults(run=run)


def _languages(values: list[str]) -> tuple[dict[Path, str], list[Problem]]:
    found, problems = {}, []
    for value in values:
        path, equals, code = value.rpartition("=")
        if not equals or not path or not code:
            problems.append(Problem("--lang", 1, 1, "bad-value", f"{value!r} is not FILE=CODE (such as page.txt=nl)"))
        else:
            found[Path(path)] = code.strip()
    return found, problems


def _site_languages(root: Path) -> list[str]:
    """The site's language codes, read from site.yaml alone (the importer loads the rest)."""
    source, problems = read(root / "rules_data" / "site.yaml", "rules_data/site.yaml")
    site, _ = validate(source, Site) if not problems and source.data is not None else (None, [])
    return [language.code for language in site.languages] if site else []


def run(args: argparse.Namespace) -> int:
    root = args.root
    languages, problems = _languages(args.lang)
    files = list(args.files)
    if args.source is not None and all(path.resolve() != args.source.resolve() for path in files):
        files.append(args.source)
    # Parsed by the import's workers, not here (the parse is a quarter of an import's time).
    pages, read_problems = read_inputs(files, source=args.source, languages=languages, title=args.title,
                                       known_languages=_site_languages(root), parse=False)
    problems += read_problems
    # Which page a file was read as, when its text does not say, so that a wrong title shows first.
    for page in (page for page in pages if page.named_from_outside):
        print(f"{page.file}: read as {page.described()}")
    if any(p.level == "error" for p in problems):
        print(render(problems, args.format), file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 1
    with naming(root / "rules_data", "each file is either as it was or fully imported; import again"):
        written, found = import_pages(root, pages, page_id=args.page_id, force=args.force,
                                      expansion=args.expansion, editions=args.edition, jobs=args.jobs)
    problems += found
    if problems:
        print(render(problems, args.format), file=sys.stderr)
    if any(p.level == "error" for p in problems):
        print("nothing was written", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    print(f"{len(written)} file(s) written, {sum(p.level == 'warning' for p in problems)} warning(s)"
          if written else "nothing changed: the project already holds this import")
    _, checked = load(root)
    errors = [p for p in checked if p.level == "error"]
    if errors:  # the import's own data should always check; say so plainly if it does not
        print(render(errors, args.format), file=sys.stderr)
        print(f"rulesite check finds {len(errors)} error(s) in the project after the import", file=sys.stderr)
        return 1
    return 0
