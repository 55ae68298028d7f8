"""``rulesite status``: how complete each language is, page by page.
"""

from __future__ import annotations

import argparse
import json
import sys

from generator.project import load_checked
from generator.i18n.status import PageStatus, doc_statuses, page_statuses, summarize, termbase_warnings


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("status", help="translation status per language and page",
                            description="Count translated, outdated and missing texts per language and page, and "
                                        "list the outdated ones with their ids and places.")
    add_language_option(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--fail-under", type=int, default=None, metavar="N",
                        help="exit 1 if any page of the selected languages is under N%% translated or has outdated texts")
    parser.set_defaults(run=run)


def collect(project, languages: list[str]) -> list[dict]:
    rows = []
    term_warnings = termbase_warnings(project, "term")
    english_left = termbase_warnings(project, "english-left")
    for code in languages:
        for doc in project.documents:
            summary = summarize(project, code, doc)
            statuses = doc_statuses(project, code, doc)
            outdated = [{"id": s.unit.id, "file": s.unit.file,
                         "line": project.sources[s.unit.file].where(s.unit.path)[0],
                         "translation": project.translations[code][doc].file}
                        for s in statuses if s.state == "outdated"]
            missing = [s.unit.id for s in statuses if s.state == "missing"]
            rows.append({"language": code, "document": doc, "kind": "texts", "total": summary.total,
                         "translated": summary.translated, "outdated": summary.outdated, "missing": summary.missing,
                         "percent": summary.percent, "terms": len(term_warnings.get((code, doc), [])),
                         "english_left": len(english_left.get((code, doc), [])),
                         "english_left_places": english_left.get((code, doc), []),
                         "outdated_units": outdated, "missing_units": missing})
        rows += [page_row(page) for page in page_statuses(project, code)]
    return rows


def page_row(page: PageStatus) -> dict:
    """A hand-written page as a row of one text: current, outdated (its English changed) or missing."""
    summary = page.summary()
    outdated = [{"id": page.page, "file": page.english, "line": 1, "translation": page.file,
                 "source": page.source, "now": page.fingerprint}] if page.state == "outdated" else []
    return {"language": page.language, "document": page.page, "kind": "page", "total": 1,
            "translated": summary.translated, "outdated": summary.outdated, "missing": summary.missing,
            "percent": summary.percent, "terms": 0, "english_left": 0, "english_left_places": [], "outdated_units": outdated,
            "missing_units": [page.page] if page.state == "missing" else []}


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang CODE`` (repeatable), read back by :func:`chosen_languages`."""
    parser.add_argument("--lang", action="append", dest="languages", metavar="CODE", help="only this language (repeatable)")


def chosen_languages(project, requested: list[str] | None) -> list[str]:
    """The translated languages a command was asked about (all of them by default)."""
    languages = requested or project.target_languages
    unknown = [code for code in languages if code not in project.target_languages]
    if unknown:
        raise SystemExit(f"rulesite: not a translated language: {', '.join(unknown)}")
    return languages


def run(args: argparse.Namespace) -> int:
    project = load_checked(args.root)
    languages = chosen_languages(project, args.languages)
    rows = collect(project, languages)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        # The document column is as wide as the longest name, so long page ids keep the columns in line.
        width = max([len("document"), *(len(r["document"]) for r in rows)])
        for code in languages:
            print(f"{code}")
            print(f"  {'document':<{width}} {'%':>4} {'current':>8} {'outdated':>9} {'missing':>8} {'total':>6} {'terms':>6}")
            for row in (r for r in rows if r["language"] == code):
                print(f"  {row['document']:<{width}} {row['percent']:>3}% {row['translated']:>8} {row['outdated']:>9} "
                      f"{row['missing']:>8} {row['total']:>6} {row['terms']:>6}")
                for unit in row["outdated_units"]:
                    print(f"    outdated: {unit['id']}  ({unit['file']}:{unit['line']}; translation in {unit['translation']})")
                    if row["kind"] == "page":  # what to write into the page's front matter once it is brought up to date
                        print(f"      {unit['translation']} says source: {unit['source'] or '(nothing)'}; "
                              f"{unit['file']} is now source: \"{unit['now']}\"")
            print(f"  term warnings: {sum(r['terms'] for r in rows if r['language'] == code)}")
            # A term or name still in English where the termbase gives this language its own.
            print(f"  english-left warnings: {sum(r['english_left'] for r in rows if r['language'] == code)}")
            for row in (r for r in rows if r["language"] == code):
                for place in row["english_left_places"]:
                    print(f"    english-left: {place}")
    if args.fail_under is not None:
        return fail_under(rows, args.fail_under)
    return 0


def fail_under(rows: list[dict], threshold: int) -> int:
    """1, with the reasons on stderr, if a page is under ``threshold`` percent or has outdated texts."""
    failing = [row for row in rows if row["percent"] < threshold or row["outdated"]]
    for row in failing:  # which page of which language, and by how much
        reasons = []
        if row["percent"] < threshold:
            reasons.append(f"{row['percent']}% translated, {threshold - row['percent']} under {threshold}%")
        if row["outdated"]:
            reasons.append(f"{row['outdated']} outdated")
        print(f"status: {row['language']} {row['document']}: {'; '.join(reasons)}", file=sys.stderr)
    if failing:
        print(f"{len(failing)} page(s) fail --fail-under {threshold}", file=sys.stderr)
    return 1 if failing else 0
