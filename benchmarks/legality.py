"""What the legality check costs: per board of the real project, and within ``rulesite check`` at scale.

    python -m benchmarks.legality [--pages 300] [--repeat 20]

First every board of the real project is checked ``--repeat`` times and the median time
per board is reported, with the median and the worst board (and the states each search
visited). Then the synthetic corpus of ``--pages`` pages is loaded as ``rulesite check``
loads it, in fresh child processes, alternately with the check and with the check
replaced by one that accepts every board at once, and the CPU time of each is compared:
the difference is what the check adds to ``rulesite check``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.corpus import Corpus

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import json, resource, sys, time
from pathlib import Path
from generator.scorer import legality
if sys.argv[2] == "off":
    legality.check = lambda *args, **kwargs: legality.Verdict()
from generator.project import load
start = time.process_time()
project, problems = load(Path(sys.argv[1]))
cpu = time.process_time() - start
errors = [p for p in problems if p.level == "error"]
print(json.dumps({"cpu": cpu, "examples": len(project.examples) if project else 0, "errors": len(errors)}))
"""


def per_board(repeat: int) -> list[tuple[str, float, int]]:
    """(example id, median seconds, states) for every board of the real project."""
    from generator.project import load
    from generator.scorer import legality
    from generator.scorer.ruleset import supply

    project, _ = load(ROOT)
    assert project is not None, "the real project must load"
    found = []
    for example_id, scored in sorted(project.examples.items()):
        view = scored.scenario.board
        if view is None:
            continue
        unseen = bool(scored.example.scenario.get("magic_tile_not_drawn"))
        times, verdict = [], None
        for _ in range(repeat):
            start = time.perf_counter()
            verdict = legality.check(view.board, scored.scenario.scenario.scoring, supply(scored.scenario.rules),
                                     unseen_magic=unseen)
            times.append(time.perf_counter() - start)
        assert verdict is not None and verdict.legal, example_id
        found.append((example_id, statistics.median(times), verdict.states))
    return found


def check_cost(corpus: Path, rounds: int) -> tuple[float, float, int]:
    """Median CPU seconds of loading the corpus with the check and without it, and the examples read."""
    cpu: dict[str, list[float]] = {"on": [], "off": []}
    examples = 0
    for _ in range(rounds):
        for mode in ("on", "off"):
            run = subprocess.run([sys.executable, "-c", _CHILD, str(corpus), mode], capture_output=True, text=True,
                                 check=True, cwd=ROOT)
            result = json.loads(run.stdout.strip().splitlines()[-1])
            assert result["errors"] == 0, result
            cpu[mode].append(result["cpu"])
            examples = result["examples"]
    return statistics.median(cpu["on"]), statistics.median(cpu["off"]), examples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bench-legality")
    args = parser.parse_args(argv)
    boards = per_board(args.repeat)
    times = [t for _, t, _ in boards]
    worst = max(boards, key=lambda b: b[1])
    print(f"boards: {len(boards)}; median {1000 * statistics.median(times):.2f} ms; worst {1000 * worst[1]:.2f} ms "
          f"({worst[0]}, {worst[2]} states); all boards {1000 * sum(times):.1f} ms; most states "
          f"{max(s for *_, s in boards)}", flush=True)
    corpus = args.work.resolve() / f"corpus-{args.pages}-{args.languages}"
    Corpus(ROOT, corpus, args.pages, args.languages).write()
    on, off, examples = check_cost(corpus, args.rounds)
    print(f"rulesite check's load of {args.pages} pages ({examples} examples): {on:.2f} s CPU with the legality "
          f"check, {off:.2f} s without: +{on - off:.2f} s ({100 * (on - off) / off:.1f} %)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
