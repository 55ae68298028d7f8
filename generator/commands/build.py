"""``rulesite build``: the whole site, every language, into site/.
"""

from __future__ import annotations

import argparse
import sys
import time

from generator.build import BuildResult, build


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("build", help="check the data and build the site in every language",
                            description="Validate and score everything, render every page in every language and "
                                        "build the HTML with MkDocs. site/ is replaced only by a complete new build.")
    parser.add_argument("--site-dir", type=lambda s: __import__("pathlib").Path(s), default=None,
                        help="where to put the site (default: site/ in the project)")
    parser.add_argument("--out", type=lambda s: __import__("pathlib").Path(s), default=None,
                        help="build a part for `rulesite assemble` into this folder (with --lang: a split build)")
    parser.add_argument("--site-url", default=None,
                        help="public address of the site, for the sitemap, canonical and hreflang links "
                             "(default: site_url in rules_data/site.yaml)")
    parser.add_argument("--lang", action="append", dest="languages", metavar="CODE",
                        help="build only this language (repeatable); default: all")
    parser.add_argument("--offline", action="store_true",
                        help="build a site that works opened from disk (file://), search included, "
                             "for a laptop at the table; it leaves out the site address")
    parser.add_argument("--jobs", type=int, default=2, help="languages built at the same time (default: 2)")
    parser.add_argument("--format", choices=("text", "github"), default="text", help="format of data problems")
    parser.add_argument("--timings", action="store_true",
                        help="also print the seconds of each stage and the generator's share of the build")
    parser.add_argument("--wait", action="store_true",
                        help="if another build of the project or into the same folder is running, wait for it "
                             "to finish instead of stopping")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.out and args.site_dir:
        raise SystemExit("rulesite build: give --out (a part) or --site-dir (a site), not both")
    start = time.perf_counter()
    result = build(args.root, site_dir=args.out or args.site_dir, site_url=args.site_url, jobs=args.jobs,
                   languages=args.languages, part=args.out is not None, wait=args.wait, offline=args.offline)
    seconds = time.perf_counter() - start
    if args.timings:  # the numbers benchmarks/ reads from the result (generator/core/timing.py)
        print(result.timings.report())
    print(summary(result, seconds))
    if result.site_url is None and not result.offline:
        print("rulesite: the site's address is not known (site_url in rules_data/site.yaml; --site-url): "
              "the sitemap lists no pages, and pages have no canonical or full hreflang links", file=sys.stderr)
    return 0


def summary(result: BuildResult, seconds: float) -> str:
    """The one line a plain build prints: what was built, how long it took, how to look at it.

    Only an offline build can be opened from disk; the pages of any other link to folders,
    which a browser shows from disk as folder listings, so that site is served instead."""
    count = len(result.languages)
    built = (f"built {result.pages} HTML pages in {count} language{'s' if count != 1 else ''} "
             f"({', '.join(result.languages)}) in {seconds:.1f} s")
    if result.offline:
        return f"{built}: open {result.site / 'index.html'}"
    return (f"{built}: serve {result.site} over HTTP to read it (python3 -m http.server -d {result.site}), "
            f"or build with --offline to open it from disk")
