"""``build()``: the whole site, every language, in named stages.

Like MkDocs' own ``build()`` (``mkdocs/commands/build.py``), one function names every
stage: :func:`generator.project.load` (read, validate, check, score, translations), then
per language :func:`render_language`, :func:`write_language` and MkDocs
(:func:`build_language`), then the site root and the swap. Nothing is written until
everything has been read and checked, and the previous ``site/`` is replaced only by a
complete new one: a failure at any stage leaves it untouched. How each stage is timed,
and the collector tuning that keeps the load fast, are in :mod:`generator.core.timing`.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

from generator.core import workers
from generator.core.io_failure import inside, naming
from generator.core.lock import acquire, hold_folder
from generator.core.problem import DataError, Problem, ProblemsFound, StageFailed
from generator.core.timing import Timings, collector_paused, set_aside
from generator.core.vocabulary import LANGUAGE_CODE
from generator.output.assemble import write_part
from generator.output.site_writer import SiteWriter
from generator.output.sitedir import hold, mark, recover, refuse_unsafe, staging_for, swap
from generator.output.sitemap import sitemap_index
from generator.output.write import html_files, scan_template_syntax, site_root, write_language
from generator.project import Project, checked, load
from generator.read.source import DATA
from generator.render.generate import prepare_rendering, render_language
from generator.render.memo import RenderMemo
from generator.site.adapter import Generated, build_language, preload, write_config
from generator.site.offline import file_links


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
    site_dir: Path | None = None
    """The output folder, as the staging folder is named in a message (a full disk, say)."""
    offline: bool = False
    """A site to open from disk (see :mod:`generator.site.offline`)."""

    def naming(self, where: Path) -> AbstractContextManager[None]:
        """An OSError inside as one line naming ``where`` (or its file) and that the site stayed;
        a file of the staging folder is named as the file of the site it is built for."""
        site = self.site_dir or self.staging
        return naming(where, f"{site} was left as it was", inside(self.staging, site))


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
    with job.naming(job.build_dir):  # build/ is the build's alone here: the language's lock is held
        docs = write_language(job.build_dir, code, site.files)
        memo.store(job.build_dir / "render-cache")
        config = write_config(job.root, job.build_dir / f"mkdocs.{code}.yml", Generated(job.project, site),
                              site_url=job.site_url, site_dir=job.staging / code, prebuilt=docs,
                              offline=job.offline)
    stages["write"] = time.perf_counter() - start
    cpu["write"] = time.process_time() - clock
    clock = time.process_time()
    with set_aside(), job.naming(job.staging / code):  # pages and kept renders stay to the end of MkDocs
        writer = SiteWriter(job.last_site, job.staging)
        stages["mkdocs"], messages, failed = build_language(config, (docs, site.files), writer)
    cpu["mkdocs"] = time.process_time() - clock
    return LanguageBuild(code, stages, messages, failed, site.strings["site.title"],
                         (site.strings["notfound.title"], site.strings["notfound.text"]), cpu,
                         [path for path in writer.paths if path.endswith(".html")], writer.problems)


def _build_in_worker(code: str) -> LanguageBuild:
    return _build_language(workers.state(), code)


def _build_languages(job: _Job, codes: list[str], jobs: int, timings: Timings) -> list[LanguageBuild]:
    """Render, write and build every language, ``jobs`` at a time, into the staging folder."""
    processes = workers.count(max(1, jobs), len(codes))  # --jobs 0 is one process here, as it always was
    timings.processes = processes
    start = time.perf_counter()
    with timings.stage("mkdocs"):
        preload()  # MkDocs imported once, and the patches' guard passed, before any language builds
    if processes == 1:
        results = [_build_language(job, code) for code in codes]
    else:
        # Forked workers inherit the compiled templates, every translation status and MkDocs'
        # modules, set aside from the collector: they live until the build ends.
        with set_aside(), workers.pool(processes, job) as pool:
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
            site_url: str | None, part: bool, offline: bool = False) -> int:
    """The site root, a last look for anything left unrendered, then the swap; returns the page count."""
    codes = [result.code for result in results]
    names = {language.code: language.native_name for language in project.site.languages}
    base = urlsplit(site_url).path.rstrip("/") + "/" if site_url else "/"
    notfound = {result.code: result.notfound for result in results}
    for name, text in site_root([(c, names[c]) for c in codes], project.languages[0], results[0].title,
                                base, notfound).items():
        (staging / name).write_text(file_links(text) if offline else text, encoding="utf-8")
    if site_url and not part:  # one sitemap for the whole site, naming each language's
        (staging / "sitemap.xml").write_text(sitemap_index(site_url, codes), encoding="utf-8")
    if part:  # the manifest `rulesite assemble` reads
        write_part(staging, [(c, names[c]) for c in project.languages], {r.code: r.title for r in results}, base,
                   notfound, site_url)
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
    offline: bool = False
    """Built to be opened from disk (``--offline``); else it needs a web server."""
    site_url: str | None = None
    """The public address the site was built for (``--site-url``, else site.yaml), if known."""


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
          languages: list[str] | None = None, part: bool = False, wait: bool = False,
          offline: bool = False) -> BuildResult:
    """Build stage: load and check everything, then render, write and build each language
    with MkDocs (``jobs`` at a time), then put the site root in and swap the site in.

    Raises :class:`DataError` (every data problem) or :class:`StageFailed` (a build of the
    same project or output folder running, unless ``wait``; a file that cannot be written);
    ``site/`` is then left as it was. With ``part`` the site is a part for ``rulesite assemble``;
    ``offline`` builds a site that works opened from disk, without the site address (there is
    no server to be canonical about).
    """
    if offline and part:
        raise StageFailed("an offline site is built whole: --offline cannot build a part")
    root, site_dir = root.resolve(), (site_dir or root / "site").resolve()
    refuse_unsafe(root, site_dir)  # never replace a folder a build did not make
    build_dir, timings = root / "build", Timings()
    kept = f"{site_dir} was left as it was"
    with _locked(build_dir, site_dir, languages, wait):  # nothing is written before they are held
        recover(site_dir)  # undo what a killed build left: a missing site/, stale staging folders
        with timings.stage("load+check+score"), collector_paused(), naming(build_dir, kept):
            project = checked(load(root, build_dir=build_dir))  # nothing is written before this is through
        codes = _chosen(project, languages)
        site_url = None if offline else site_url or known_address(project)
        with timings.stage("render"), collector_paused(), naming(build_dir, kept):
            memos = _prepare(project, codes, build_dir)
        staging = staging_for(site_dir)
        with naming(site_dir.parent, kept):
            held = hold_folder(staging)  # recover() in another process leaves it alone while this runs
        try:
            last = site_dir if site_dir.is_dir() else None  # refuse_unsafe made sure a build made it
            job = _Job(project, root, build_dir, staging, site_url, memos, last, site_dir, offline)
            results = _build_languages(job, codes, jobs, timings)  # each: render, write, MkDocs
            with timings.stage("finish"), job.naming(staging):
                pages = _finish(project, results, staging, site_dir, site_url, part, offline)
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
            os.close(held)
    return BuildResult(site_dir, codes, timings, pages, offline, site_url)


def known_address(project: Project) -> str | None:
    """The site's public address from site.yaml, unless the data says it is not known."""
    address = project.site.site_url
    return None if address == "not-known" else address


BUSY = "another build of this project is running"


@contextmanager
def _locked(build_dir: Path, site_dir: Path, languages: list[str] | None, wait: bool) -> Iterator[None]:
    """Hold the locks of a build: the project's, then its output folder's (see the design notes,
    "Two builds at once"). A build of every language holds the project alone; a build of
    some (``--lang``, a split build's part) shares the project with other such builds and
    holds each of its languages alone, since all it writes under build/ is per language
    (``docs/<lang>/``, ``mkdocs.<lang>.yml``, its kept renders and pages) or is replaced
    whole in one step. Always taken in this order, so builds that wait never deadlock."""
    with ExitStack() as held:
        with naming(build_dir, f"{site_dir} was left as it was"):
            project = build_dir / "build.lock"
            if languages is None:
                others = sorted((build_dir / "locks").glob("*.lock"))  # to name a part build that holds it
                held.enter_context(acquire(project, BUSY, wait=wait, others=others))
            else:
                held.enter_context(acquire(project, BUSY, wait=wait, exclusive=False))
                # A code that is no language code is no language of the site: _chosen() refuses it.
                for code in sorted({code for code in languages if re.fullmatch(LANGUAGE_CODE, code)}):
                    held.enter_context(acquire(build_dir / "locks" / f"{code}.lock", BUSY, wait=wait))
            held.enter_context(hold(site_dir, wait))
        yield


def _prepare(project: Project, codes: list[str], build_dir: Path) -> dict[str, RenderMemo]:
    """Each language's kept pages, and everything rendering shares worked out ahead.

    Once here, not once per worker: the language workers are forked afterwards and inherit it."""
    (build_dir / "jinja-cache").mkdir(parents=True, exist_ok=True)
    memos = {code: RenderMemo.stored(project, code, build_dir / "render-cache") for code in codes}
    prepare_rendering(project, build_dir / "jinja-cache", memos)
    return memos
