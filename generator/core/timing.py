"""How long a build's stages take, and the collector tuning that keeps them short.

:func:`generator.build.build` times each stage with :meth:`Timings.stage`; ``rulesite build
--timings`` prints :meth:`Timings.report`, and the benchmarks (``benchmarks/build.py``,
``benchmarks/scale.py``) read the same numbers. Speed is measured there, never in a test.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

# The generator's own work, as the site issue defines it: load, validate, score, render
# and write Markdown. MkDocs, and the final scan and swap of the built site, are not.
GENERATOR_STAGES = ("load+check+score", "render", "write")
REPORT_ORDER = (*GENERATOR_STAGES, "mkdocs", "finish")


@dataclass
class Timings:
    """Seconds of work per stage, summed over every process, and the wall-clock time.

    Languages are built by two processes at once, so work and wall-clock time differ; the
    generator's share is given for both, the wall-clock one by splitting the parallel
    phase in proportion to the work done in it.
    """

    stages: dict[str, float] = field(default_factory=dict)
    wall: dict[str, float] = field(default_factory=dict)
    processes: int = 1
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds (user + system) per stage, summed over every process: unlike the time
    spent inside a stage, a busy machine does not inflate it."""

    def stage(self, name: str) -> Stage:
        """``with timings.stage("render"):`` times the block as that stage of the main process."""
        return Stage(self, name)

    def add(self, name: str, seconds: float, cpu: float | None = None) -> None:
        self.stages[name] = self.stages.get(name, 0.0) + seconds
        if cpu is not None:
            self.cpu[name] = self.cpu.get(name, 0.0) + cpu

    @property
    def cpu_total(self) -> float:
        return sum(self.cpu.values())

    @property
    def cpu_share(self) -> float:
        """The generator's share of the build's CPU time, in percent."""
        generator = sum(self.cpu.get(name, 0.0) for name in GENERATOR_STAGES)
        return 100 * generator / self.cpu_total if self.cpu_total else 0.0

    @property
    def generator(self) -> float:
        return sum(self.stages.get(name, 0.0) for name in GENERATOR_STAGES)

    @property
    def total(self) -> float:
        return sum(self.stages.values())

    @property
    def share(self) -> float:
        """The generator's share of the build's work, in percent."""
        return 100 * self.generator / self.total if self.total else 0.0

    @property
    def wall_total(self) -> float:
        return sum(self.wall.values())

    @property
    def wall_share(self) -> float:
        phase_work = sum(self.stages.get(n, 0.0) for n in ("render", "write", "mkdocs"))
        in_phase = self.stages.get("render", 0.0) + self.stages.get("write", 0.0)
        generator_wall = self.wall.get("load+check+score", 0.0) + (
            self.wall.get("languages", 0.0) * in_phase / phase_work if phase_work else 0.0)
        return 100 * generator_wall / self.wall_total if self.wall_total else 0.0

    def report(self) -> str:
        """The four lines ``rulesite build --timings`` prints: work, CPU, wall clock, the generator's share."""
        def order(name: str) -> int:  # pipeline order, whichever process timed a stage first
            return REPORT_ORDER.index(name) if name in REPORT_ORDER else len(REPORT_ORDER)

        parts = ", ".join(f"{name} {self.stages[name]:.2f} s" for name in sorted(self.stages, key=order))
        cpu = ", ".join(f"{name} {self.cpu[name]:.2f} s" for name in sorted(self.cpu, key=order))
        return (f"work per stage: {parts}; total {self.total:.2f} s\n"
                f"CPU per stage: {cpu}; total {self.cpu_total:.2f} s (generator {self.cpu_share:.1f}%)\n"
                f"wall clock: {self.wall_total:.2f} s with {self.processes} process(es) building languages\n"
                f"generator's own work (load, validate, score, render pages): {self.generator:.2f} s "
                f"= {self.share:.1f}% of the build ({self.wall_share:.1f}% of the wall-clock time)")


class Stage:
    """Times a stage of the main process (work and wall clock are the same there)."""

    def __init__(self, timings: Timings, name: str):
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.start, self.cpu = time.perf_counter(), time.process_time()

    def __exit__(self, *exc: object) -> None:
        seconds = time.perf_counter() - self.start
        self.timings.add(self.name, seconds, time.process_time() - self.cpu)
        self.timings.wall[self.name] = self.timings.wall.get(self.name, 0.0) + seconds


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off for a stage that only builds what lives on.

    Loading and preparing add objects the whole build keeps (parses, models, statuses,
    marks); each full pass of the collector walks all of them again and finds nothing to
    free (at 150 pages, 11 passes were 0.4 s of the 2.2 s load). What little garbage the
    stage leaves is collected once the collector is back on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def set_aside() -> Iterator[None]:
    """What is alive now set aside from the cycle collector (``gc.freeze``) while the block runs.

    It lives until the block ends, so the collector's full passes need not walk it, and a
    forked worker's collections then leave the memory it shares with its parent untouched.
    Undone afterwards, so a process that goes on (a caller, a test) collects it again; a
    worker forked from a process that had already set its objects aside keeps them so."""
    already = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not already:
            gc.unfreeze()
