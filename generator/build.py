"""``build()``: the whole site, every language, in named stages.

Like MkDocs' own ``build()``, nothing is written until everything has been read and
checked, and the previous ``site/`` is replaced only by a complete new one: a failure at
any stage leaves it untouched.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from urllib.parse import urlsplit

from .pipeline import Generated, load_checked, mkdocs_settings, search_settings
from .problem import ProblemsFound
from .project import Project
from .render.generate import prepare_rendering, render_language
from .atomic import die_with_parent
from .sitedir import mark, recover, refuse_unsafe, staging_for, swap
from .write import language_config, scan_placeholders, site_root, sync_tree

# The generator's own work, as the site issue defines it: load, validate, score, render
# and write Markdown. MkDocs, and the final scan and swap of the built site, are not.
GENERATOR_STAGES = ("load+check+score", "render", "write")


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

    def add(self, name: str, seconds: float) -> None:
        self.stages[name] = self.stages.get(name, 0.0) + seconds

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
        parts = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in self.stages.items())
        return (f"work per stage: {parts}; total {self.total:.2f} s\n"
                f"wall clock: {self.wall_total:.2f} s with {self.processes} process(es) building languages\n"
                f"generator's own work (load, validate, score, render Markdown): {self.generator:.2f} s "
                f"= {self.share:.1f}% of the build ({self.wall_share:.1f}% of the wall-clock time)")


class _Stage:
    """Times a stage of the main process (work and wall clock are the same there)."""

    def __init__(self, timings: Timings, name: str):
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.start = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        seconds = time.perf_counter() - self.start
        self.timings.add(self.name, seconds)
        self.timings.wall[self.name] = self.timings.wall.get(self.name, 0.0) + seconds


def _mkdocs_build(config_file: str) -> tuple[float, list[str], bool]:
    """Build one language with MkDocs in strict mode: (seconds, messages, failed)."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    messages: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                messages.append(f"{record.levelname}: {record.getMessage()}")

    logger = logging.getLogger("mkdocs")
    handler = Collect()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    start = time.perf_counter()
    try:
        mkdocs_build(load_config(config_file=config_file, strict=True))
    except (Abort, MkDocsException, SystemExit) as exc:
        messages.append(f"ERROR: {exc}")
        return time.perf_counter() - start, messages, True
    finally:
        logger.removeHandler(handler)
    return time.perf_counter() - start, messages, any(m.startswith(("WARNING", "ERROR")) for m in messages)


@dataclass
class _Job:
    """What every language build needs; set before the worker processes fork."""

    project: Project
    root: Path
    build_dir: Path
    staging: Path
    site_url: str | None


_JOB: _Job | None = None


@dataclass
class LanguageBuild:
    code: str
    stages: dict[str, float]
    messages: list[str]
    failed: bool
    title: str


def _build_language(code: str) -> LanguageBuild:
    """Render one language's Markdown, write it, and build it with MkDocs."""
    job = _JOB
    assert job is not None
    stages: dict[str, float] = {}
    start = time.perf_counter()
    site = render_language(job.project, code, job.build_dir / "jinja-cache")
    stages["render"] = time.perf_counter() - start
    start = time.perf_counter()
    docs = job.build_dir / "docs" / code
    sync_tree(docs, site.files)
    config = language_config(job.root, job.build_dir, code, mkdocs_settings(Generated(job.project, site), job.site_url),
                             job.staging / code, docs, search_settings(code))
    stages["write"] = time.perf_counter() - start
    seconds, messages, failed = _mkdocs_build(str(config))
    stages["mkdocs"] = seconds
    return LanguageBuild(code, stages, messages, failed, site.strings["site.title"])


@dataclass
class BuildResult:
    site: Path
    languages: list[str]
    timings: Timings
    pages: int


def build(root: Path, *, site_dir: Path | None = None, site_url: str | None = None, jobs: int = 2,
          languages: list[str] | None = None) -> BuildResult:
    global _JOB
    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    refuse_unsafe(root, site_dir)
    recover(site_dir)
    build_dir = root / "build"
    timings = Timings()

    # 1. Read, validate, check references, score every worked example. Nothing written yet.
    with _Stage(timings, "load+check+score"):
        project = load_checked(root)  # raises DataError (a ProblemsFound) listing every error
    codes = languages or project.languages
    unknown = [code for code in codes if code not in project.languages]
    if unknown:
        raise SystemExit(f"rulesite: unknown language(s): {', '.join(unknown)}")

    # 2-4. Per language: render Markdown, write it with a MkDocs configuration, and build
    # it strictly (a warning fails it) into a staging folder. Two languages at a time.
    staging = staging_for(site_dir)
    (build_dir / "jinja-cache").mkdir(parents=True, exist_ok=True)
    with _Stage(timings, "render"):
        # Done once here rather than once per worker: the workers inherit the compiled
        # templates and every translation status when they fork.
        prepare_rendering(project, build_dir / "jinja-cache")
    _JOB = _Job(project, root, build_dir, staging, site_url)
    workers = max(1, min(jobs, len(codes)))
    timings.processes = workers
    try:
        start = time.perf_counter()
        if workers == 1:
            results = [_build_language(code) for code in codes]
        else:
            with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork"),
                                     initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
                results = list(pool.map(_build_language, codes))
        timings.wall["languages"] = time.perf_counter() - start
        for result in results:
            for name, seconds in result.stages.items():
                timings.add(name, seconds)
            for message in result.messages:
                print(f"mkdocs.{result.code}.yml: {message}", file=sys.stderr)
        if any(result.failed for result in results):
            raise SystemExit("rulesite: the MkDocs build failed; site/ was left as it was")

        # 5. The site root, and a last look for anything left unrendered.
        with _Stage(timings, "finish"):
            names = {language.code: language.native_name for language in project.site.languages}
            base = urlsplit(site_url).path.rstrip("/") + "/" if site_url else "/"
            for name, text in site_root([(c, names[c]) for c in codes], project.languages[0], results[0].title,
                                        base).items():
                (staging / name).write_text(text, encoding="utf-8")
            leftovers = scan_placeholders(staging)
            if leftovers:
                raise ProblemsFound(leftovers)
            pages = sum(1 for _ in staging.rglob("*.html"))
            mark(staging)
            # 6. Only now does the new site replace the old one.
            swap(staging, site_dir)
    finally:
        _JOB = None
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return BuildResult(site_dir, codes, timings, pages)
