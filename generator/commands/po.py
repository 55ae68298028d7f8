"""``rulesite po``: gettext PO export and import for translators.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.project import load_checked
from generator.i18n.po import export, import_files
from generator.core.io_failure import naming
from generator.core.problem import render


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("po", help="export or import translations as gettext PO files",
                            description="Round-trip translations through gettext PO files, for translation tools.")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    out = actions.add_parser("export", help="write one PO file per page for a language")
    out.add_argument("--lang", required=True, help="language code, such as nl")
    out.add_argument("--out", type=Path, default=None, help="folder for the PO files (default: build/po)")
    out.set_defaults(run=run_export)
    back = actions.add_parser("import", help="write translations from PO files into rules_data/")
    back.add_argument("files", nargs="+", type=Path, metavar="FILE", help="PO files exported by `rulesite po export`")
    back.add_argument("--format", choices=("text", "github"), default="text")
    back.set_defaults(run=run_import)


def run_export(args: argparse.Namespace) -> int:
    project = load_checked(args.root)
    if args.lang not in project.target_languages:
        print(f"rulesite: {args.lang!r} is not a translated language of the site "
              f"({', '.join(project.target_languages)})", file=sys.stderr)
        return 2
    out = args.out or project.root / "build" / "po"
    # A full disk's write names no file: the folder written into is named instead.
    with naming(out / args.lang, "a PO file written there may be incomplete; export again"):
        paths = export(project, args.lang, out)
    print(f"wrote {len(paths)} PO file(s) to {paths[0].parent}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    project = load_checked(args.root)
    # Files are replaced one at a time, each in one step: a failure leaves each file old or new.
    with naming(project.root / "rules_data" / "translations",
                "every translation file is either as it was or fully imported; import again"):
        result = import_files(project, args.files)
    if result.problems:
        print(render(result.problems, args.format), file=sys.stderr)
        print("nothing was written", file=sys.stderr)
        return 1
    # The imported data must still load cleanly; say so if it does not.
    load_checked(args.root)
    print(f"{result.changed} translation(s) updated in {len(result.written)} file(s)")
    if result.changes:  # one line per entry changed, so a translator sees what the import did
        print(result.report())
    return 0
