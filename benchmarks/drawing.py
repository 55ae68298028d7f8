"""Benchmark: drawing every picture (tile types, example boards, icons page).

    python -m benchmarks.drawing [--runs 20]

The pictures do not depend on the language: they are drawn once per build, before the
languages are rendered, and that cost counts toward the generator's share that
``python -m benchmarks.build`` reports; this benchmark isolates it. Prints the median
time of one complete drawing and its size.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from generator.project import load_checked
from generator.render.pictures import draw_pictures

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    project = load_checked(ROOT)
    times, files = [], {}
    for _ in range(args.runs):
        start = time.perf_counter()
        files = draw_pictures(project)  # afresh: a build draws them once per project and keeps them
        times.append(time.perf_counter() - start)
    tiles = sum(1 for name in files if name.startswith("img/tiles/"))
    unknown = sum(1 for t in project.tiles.types.values() if not t.known)
    boards = sum(1 for name in files if name.startswith("img/boards/"))
    print(f"{len(files)} pictures: {tiles} tile types drawn ({unknown} more share 1 placeholder), "
          f"{boards} example boards, {len(files) - tiles - boards - 1} more icons; "
          f"{sum(len(v) for v in files.values()) / 1024:.0f} KiB")
    print(f"drawing them all: median {statistics.median(times) * 1000:.1f} ms "
          f"over {args.runs} runs (min {min(times) * 1000:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
