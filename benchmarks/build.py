"""Benchmark: how much of a full site build is the generator's own work?

Runs ``rulesite build`` of a copy of the project several times (a warm-up first, then N
measured runs) and prints the median of each stage, the generator's share of the work and
of the wall-clock time, and the peak memory of the main process. Each measured build is
cold (the copy's ``build/`` folder, with every cache, is removed first); ``--warm`` keeps
the caches, which measures a rebuild with nothing changed.

    python -m benchmarks.build [--runs 5] [--jobs 2] [--warm]

The site issue asks for the generator (load, validate, score, render pages) to stay
under 10% of the build; this is where that is measured, not in a timed unit test.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from generator.build import build
from generator.core.timing import GENERATOR_STAGES

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=float, default=10.0, help="fail (exit 1) if the median share exceeds this")
    parser.add_argument("--warm", action="store_true", help="keep the caches between builds (rebuilds)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        # A copy, so that cold builds never empty the caches of the project's own build/.
        project = Path(tmp) / "project"
        for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
            (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, project / name)
        build(project, site_dir=Path(tmp) / "warmup", jobs=args.jobs)
        runs = []
        for i in range(args.runs):
            if not args.warm:
                shutil.rmtree(project / "build")
            runs.append(build(project, site_dir=Path(tmp) / f"site{i}", jobs=args.jobs).timings)
    stages = sorted({name for t in runs for name in t.stages}, key=lambda n: list(runs[0].stages).index(n))
    print(f"{args.runs} {'warm' if args.warm else 'cold'} builds of {ROOT.name}, {args.jobs} process(es); medians:")
    for name in stages:
        mark = "  (generator)" if name in GENERATOR_STAGES else ""
        print(f"  {name:<18} {statistics.median(t.stages.get(name, 0.0) for t in runs):6.3f} s{mark}")
    work = statistics.median(t.share for t in runs)
    wall = statistics.median(t.wall_share for t in runs)
    print(f"  wall clock         {statistics.median(t.wall_total for t in runs):6.3f} s")
    print(f"generator share: {work:.1f}% of the work, {wall:.1f}% of the wall-clock time "
          f"(runs: {', '.join(f'{t.share:.1f}' for t in runs)})")
    print(f"peak memory of the main process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    return 0 if work <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
