"""``rulesite interface``: interface strings not (or no longer) translated, per language.

The interface strings are those of ``rules_data/ui.yaml``, which the theme also reads
(footer, colour toggles, 404 pages, search dialog); Material's own words come translated
with Material. Listed like ``rulesite status`` lists units: id and place in ui.yaml.
"""

from __future__ import annotations

import argparse

from generator.project import load_checked
from generator.i18n.status import doc_statuses
from generator.commands.status import add_language_option, chosen_languages


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("interface", help="untranslated interface strings per language",
                            description="List, per language, every interface string (rules_data/ui.yaml) that is "
                                        "missing or outdated in its translation; exit 1 if there is any.")
    add_language_option(parser)
    parser.set_defaults(run=run)


def untranslated(project, code: str) -> list[tuple[str, str, str, int]]:
    """(state, id, file, line) of each interface string of ``code`` that is not current."""
    rows = []
    for status in doc_statuses(project, code, "ui"):
        if status.state in ("missing", "outdated"):
            line = project.sources[status.unit.file].where(status.unit.path)[0]
            rows.append((status.state, status.unit.id, status.unit.file, line))
    return rows


def run(args: argparse.Namespace) -> int:
    project = load_checked(args.root)
    languages = chosen_languages(project, args.languages)
    total = len(project.units["ui"])
    found = 0
    for code in languages:
        rows = untranslated(project, code)
        found += len(rows)
        print(f"{code}: {total - len(rows)} of {total} interface strings translated")
        for state, unit_id, file, line in rows:
            print(f"  {state}: {unit_id}  ({file}:{line})")
    return 1 if found else 0
