"""``rulesite schema``: write (or verify) the JSON Schema files in ``schema/``.
"""

from __future__ import annotations

import argparse
import sys

from generator.output.schema import dump, schemas


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("schema", help="write JSON Schema of the data files to schema/",
                            description="Generate JSON Schema from the data model, for editor completion and validation.")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if schema/ is out of date")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder = args.root / "schema"
    stale = []
    for name, schema in schemas().items():
        path = folder / f"{name}.schema.json"
        text = dump(schema)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            folder.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        for path in stale:
            print(f"{path}: out of date; run `rulesite schema`", file=sys.stderr)
        return 1
    print(f"{len(stale)} schema file(s) {'out of date' if args.check else 'written'}" if stale else "schema/ is up to date")
    return 0
