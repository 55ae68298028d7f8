"""One cold ``rulesite build`` per size, in a child process: CPU seconds per stage, per page.

    python -m benchmarks.stages [--pages N ...] [--languages 5]

The sizes default to the real project's page count, 50, 150 and 300.

The quick way to see whether a stage's cost per page stays flat as the site grows
(``benchmarks.scale`` gives the same columns, with the static-i18n comparison).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchmarks.corpus import Corpus, real_pages
from benchmarks.scale import GENERATOR, ROOT, STAGES, build_rulesite


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=None)
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bench-stages")
    args = parser.parse_args(argv)
    print("pages | CPU s | wall s | generator share | CPU ms per page: " + " / ".join(STAGES) + " | peak MiB", flush=True)
    for n in args.pages or sorted({real_pages(ROOT), 50, 150, 300}):
        corpus = args.work.resolve() / f"corpus-{n}-{args.languages}"
        Corpus(ROOT, corpus, n, args.languages).write()
        run = build_rulesite(corpus, args.work.resolve() / f"site-{n}")
        share = 100 * sum(run.stages.get(s, 0.0) for s in GENERATOR) / sum(run.stages.values())
        per_page = " / ".join(f"{1000 * run.stages.get(s, 0.0) / n:.1f}" for s in STAGES)
        print(f"{n} | {run.cpu:.1f} | {run.wall:.1f} | {share:.1f} % | {per_page} | {run.rss_mib:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
