"""``build()``: the whole site, every language, in named stages.

Like MkDocs' own ``build()``, nothing is written until everything has been read and
checked, and the previous ``site/`` is replaced only by a complete new one: a failure at
any stage leaves it untouched.
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

from generator.read import cache as read_cache
from generator.output.assemble import write_part
from generator.core.atomic import die_with_parent
from generator.check.references import check_references
from generator.score.examples import score_examples
from generator.site.adapter import Generated, build_language, preload, write_config
from generator.core.problem import DataError, Problem, ProblemsFound, StageFailed
from generator.project import Project, assemble, checked
from generator.render.generate import prepare_rendering, render_language
from generator.render.memo import RenderMemo
from generator.output.site_writer import SiteWriter
from generator.output.sitedir import mark, recover, refuse_unsafe, staging_for, swap
from generator.read.source import DATA, read_all
from generator.check.translations import check_terms, load_translations
from generator.model.validate import validate_all
from generator.output.write import html_files, scan_template_syntax, site_root, write_language

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
        def order(name: str) -> int:  # pipeline order, whichever process timed a stage first
            return REPORT_ORDER.index(name) if name in REPORT_ORDER else len(REPORT_ORDER)

        parts = ", ".join(f"{name} {self.stages[name]:.2f} s" for name in sorted(self.stages, key=order))
        cpu = ", ".join(f"{name} {self.cpu[name]:.2f} s" for name in sorted(self.cpu, key=order))
        return (f"work per stage: {parts}; total {self.total:.2f} s\n"
                f"CPU per stage: {cpu}; total {self.cpu_total:.2f} s (generator {self.cpu_share:.1f}%)\n"
                f"wall clock: {self.wall_total:.2f} s with {self.processes} process(es) building languages\n"
                f"generator's own work (load, validate, score, render pages): {self.generator:.2f} s "
                f"= {self.share:.1f}% of the build ({self.wall_share:.1f}% of the wall-clock time)")


class _Stage:
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
def _collector_paused() -> Iterator[None]:
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
def _set_aside() -> Iterator[None]:
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


@dataclass
class _Job:
    """What every language build needs; handed to each worker process by the pool initializer."""

    project: Project
    root: Path
    build_dir: Path
    staging: Path
    site_url: str | None
    memos: dict[str, RenderMemo]
    """Each language's pages kept by the last build, read once before the workers fork."""
    last_site: Path | None = None
    """The site this build replaces, if there is one: its files are reused where unchanged."""


@dataclass
class LanguageBuild:
    code: str
    stages: dict[str, float]
    messages: list[str]
    failed: bool
    title: str
    notfound: tuple[str, str] = ("", "")
    cpu: dict[str, float] = field(default_factory=dict)
    checked: list[str] = field(default_factory=list)
    """The HTML files MkDocs wrote, checked for template syntax as they were written."""
    problems: list[Problem] = field(default_factory=list)
    """Template syntax found in them."""


def _build_language(job: _Job, code: str) -> LanguageBuild:
    """Render one language's Markdown, write it, and build it with MkDocs."""
    stages: dict[str, float] = {}
    cpu: dict[str, float] = {}
    start, clock = time.perf_counter(), time.process_time()
    memo = job.memos[code]
    site = render_language(job.project, code, job.build_dir / "jinja-cache", memo)
    stages["render"] = time.perf_counter() - start
    cpu["render"] = time.process_time() - clock
    start, clock = time.perf_counter(), time.process_time()
    docs = write_language(job.build_dir, code, site.files)
    memo.store(job.build_dir / "render-cache")
    config = write_config(job.root, job.build_dir / f"mkdocs.{code}.yml", Generated(job.project, site),
                          site_url=job.site_url, site_dir=job.staging / code, prebuilt=docs)
    stages["write"] = time.perf_counter() - start
    cpu["write"] = time.process_time() - clock
    clock = time.process_time()
    with _set_aside():  # the language's pages and kept renders stay to the end of its MkDocs build
        writer = SiteWriter(job.last_site, job.staging)
        stages["mkdocs"], messages, failed = build_language(config, (docs, site.files), writer)
    cpu["mkdocs"] = time.process_time() - clock
    return LanguageBuild(code, stages, messages, failed, site.strings["site.title"],
                         (site.strings["notfound.title"], site.strings["notfound.text"]), cpu,
                         [path for path in writer.paths if path.endswith(".html")], writer.problems)


# The job of this worker process, set once by the pool's initializer (only ever in workers).
_worker_job: _Job | None = None


def _start_worker(job: _Job, parent: int) -> None:
    global _worker_job
    die_with_parent(parent)  # a killed build must not leave its workers rendering for minutes
    _worker_job = job


def _build_in_worker(code: str) -> LanguageBuild:
    assert _worker_job is not None, "_start_worker did not run"
    return _build_language(_worker_job, code)


def _build_languages(job: _Job, codes: list[str], jobs: int, timings: Timings) -> list[LanguageBuild]:
    """Render, write and build every language, ``jobs`` at a time, into the staging folder."""
    workers = max(1, min(jobs, len(codes)))
    timings.processes = workers
    start = time.perf_counter()
    if workers == 1:
        results = [_build_language(job, code) for code in codes]
    else:
        with _Stage(timings, "mkdocs"):
            preload()
        # Forked workers inherit the compiled templates, every translation status and MkDocs'
        # modules, set aside from the collector: they live until the build ends.
        with _set_aside(), ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork"),
                                               initializer=_start_worker, initargs=(job, os.getpid())) as pool:
            results = list(pool.map(_build_in_worker, codes))
    timings.wall["languages"] = time.perf_counter() - start
    for result in results:
        for name, seconds in result.stages.items():
            timings.add(name, seconds, result.cpu.get(name))
        for message in result.messages:
            print(f"mkdocs.{result.code}.yml: {message}", file=sys.stderr)
    if any(result.failed for result in results):
        raise StageFailed("the MkDocs build failed; site/ was left as it was")
    return results


def _finish(project: Project, results: list[LanguageBuild], staging: Path, site_dir: Path,
            site_url: str | None, part: bool) -> int:
    """The site root, a last look for anything left unrendered, then the swap; returns the page count."""
    codes = [result.code for result in results]
    names = {language.code: language.native_name for language in project.site.languages}
    base = urlsplit(site_url).path.rstrip("/") + "/" if site_url else "/"
    notfound = {result.code: result.notfound for result in results}
    for name, text in site_root([(c, names[c]) for c in codes], project.languages[0], results[0].title,
                                base, notfound).items():
        (staging / name).write_text(text, encoding="utf-8")
    if part:  # the manifest `rulesite assemble` reads
        write_part(staging, [(c, names[c]) for c in project.languages], {r.code: r.title for r in results}, base,
                   notfound)
    pages = html_files(staging)
    checked = {path for result in results for path in result.checked}
    leftovers = [p for result in results for p in result.problems] + scan_template_syntax(pages, checked)
    if leftovers:
        raise ProblemsFound(leftovers)
    mark(staging)  # tells a later build (and --site-dir) that rulesite made this folder
    swap(staging, site_dir)  # only now does the new site replace the old one
    return len(pages)


@dataclass
class BuildResult:
    site: Path
    languages: list[str]
    timings: Timings
    pages: int


def _chosen(project: Project, languages: list[str] | None) -> list[str]:
    codes = languages or project.languages
    unknown = [code for code in codes if code not in project.languages]
    if unknown:
        site = project.sources[f"{DATA}/site.yaml"]
        line, column = site.where_key(("languages",))  # where the languages a build may name are listed
        raise DataError([Problem(site.file, line, column, "unknown-language",
                                 f"no language {code!r} in site.yaml; it lists {', '.join(project.languages)}")
                         for code in unknown])
    return codes


def build(root: Path, *, site_dir: Path | None = None, site_url: str | None = None, jobs: int = 2,
          languages: list[str] | None = None, part: bool = False) -> BuildResult:
    """Build stage: load everything, then render, write and build each language, then swap.

    Raises :class:`DataError` (every data problem) or :class:`StageFailed`; ``site/`` is
    then left as it was. With ``part`` the site is a part for ``rulesite assemble``.
    """
    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    refuse_unsafe(root, site_dir)  # never replace a folder a build did not make
    recover(site_dir)  # undo what a killed build left: a missing site/, stale staging folders
    build_dir = root / "build"
    timings = Timings()
    with _Stage(timings, "load+check+score"), _collector_paused():  # nothing is written before this is through
        read_cache.take(build_dir)  # the last build's parses: only edited files are parsed again
        files = read_all(root)
        data = validate_all(files)
        references = check_references(data)
        scored = score_examples(data, references.table, references.tiles, references.known.broken)
        translations = load_translations(data, references)
        term_findings = check_terms(references, translations, files.markdown)
        project = checked(assemble(data, references, scored, translations, term_findings))
    codes = _chosen(project, languages)
    (build_dir / "jinja-cache").mkdir(parents=True, exist_ok=True)
    with _Stage(timings, "write"):
        read_cache.keep(build_dir, files.sources)
    with _Stage(timings, "render"), _collector_paused():
        # Once here, not once per worker: the workers are forked afterwards.
        memos = {code: RenderMemo.stored(project, code, build_dir / "render-cache") for code in codes}
        prepare_rendering(project, build_dir / "jinja-cache", memos)
    staging = staging_for(site_dir)
    try:
        last = site_dir if site_dir.is_dir() else None  # refuse_unsafe made sure a build made it
        results = _build_languages(_Job(project, root, build_dir, staging, site_url, memos, last), codes, jobs, timings)
        with _Stage(timings, "finish"):
            pages = _finish(project, results, staging, site_dir, site_url, part)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return BuildResult(site_dir, codes, timings, pages)
