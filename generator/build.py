"""``build()``: the whole site, every language, in named stages.

Like MkDocs' own ``build()``, nothing is written until everything has been read and
checked, and the previous ``site/`` is replaced only by a complete new one: a failure at
any stage leaves it untouched.
"""

from __future__ import annotations

import logging
import shutil
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from .pipeline import Generated, load_checked, mkdocs_settings, search_settings
from .problem import ProblemsFound
from .render.generate import render_site
from .write import language_config, replace_tree, scan_placeholders, site_root, swap


@dataclass
class Timings:
    """Seconds spent per stage; the generator's share is everything but MkDocs."""

    stages: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.stages[name] = self.stages.get(name, 0.0) + seconds

    @property
    def generator(self) -> float:
        return sum(v for k, v in self.stages.items() if not k.startswith("mkdocs"))

    @property
    def total(self) -> float:
        return sum(self.stages.values())

    def report(self) -> str:
        parts = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in self.stages.items())
        share = 100 * self.generator / self.total if self.total else 0.0
        return (f"time: {parts}; total {self.total:.2f} s; "
                f"generator {self.generator:.2f} s = {share:.1f}% of the build")


class _Stage:
    def __init__(self, timings: Timings, name: str):
        self.timings, self.name = timings, name

    def __enter__(self):
        self.start = time.perf_counter()

    def __exit__(self, *exc):
        self.timings.add(self.name, time.perf_counter() - self.start)


def _mkdocs_build(config_file: str) -> tuple[str, float, list[str]]:
    """Build one language with MkDocs in strict mode; runs in a worker process."""
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
        config = load_config(config_file=config_file, strict=True)
        mkdocs_build(config)
    except (Abort, MkDocsException, SystemExit) as exc:
        messages.append(f"ERROR: {exc}")
        return config_file, time.perf_counter() - start, messages + ["FAILED"]
    finally:
        logger.removeHandler(handler)
    return config_file, time.perf_counter() - start, messages


@dataclass
class BuildResult:
    site: Path
    languages: list[str]
    timings: Timings
    pages: int


def build(root: Path, *, site_dir: Path | None = None, site_url: str | None = None, jobs: int = 2,
          languages: list[str] | None = None, log=print) -> BuildResult:
    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    build_dir = root / "build"
    timings = Timings()

    # 1. Read, validate, check references, score every worked example. Nothing written yet.
    with _Stage(timings, "load+check+score"):
        project = load_checked(root)  # raises DataError (a ProblemsFound) listing every error
    codes = languages or project.languages
    unknown = [code for code in codes if code not in project.languages]
    if unknown:
        raise SystemExit(f"rulesite: unknown language(s): {', '.join(unknown)}")

    # 2. Render Markdown for every language, in memory.
    (build_dir / "jinja-cache").mkdir(parents=True, exist_ok=True)
    with _Stage(timings, "render"):
        sites = {code: site for code, site in render_site(project, build_dir / "jinja-cache").items() if code in codes}

    # 3. Write the generated Markdown and one MkDocs configuration per language.
    staging = site_dir.with_name(f".{site_dir.name}.new.{uuid.uuid4().hex[:8]}")
    with _Stage(timings, "write"):
        build_dir.mkdir(exist_ok=True)
        files = {f"{code}/{path}": text for code, site in sites.items() for path, text in site.files.items()}
        replace_tree(build_dir / "docs", files)
        configs = []
        for code, site in sites.items():
            generated = Generated(project, site)
            configs.append(str(language_config(
                root, build_dir, code, mkdocs_settings(generated, site_url), staging / code,
                build_dir / "docs" / code, search_settings(code))))

    # 4. MkDocs builds each language into a staging folder, strictly: a warning fails it.
    try:
        with _Stage(timings, "mkdocs"):
            workers = max(1, min(jobs, len(configs)))
            if workers == 1:
                results = [_mkdocs_build(config) for config in configs]
            else:
                with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork")) as pool:
                    results = list(pool.map(_mkdocs_build, configs))
        failed = False
        for config, seconds, messages in results:
            for message in messages:
                if message != "FAILED":
                    print(f"{Path(config).name}: {message}", file=sys.stderr)
            failed |= "FAILED" in messages or any(m.startswith(("WARNING", "ERROR")) for m in messages)
        if failed:
            raise SystemExit("rulesite: the MkDocs build failed; site/ was left as it was")

        # 5. The site root, and a last look for anything left unrendered.
        with _Stage(timings, "finish"):
            for name, text in site_root([(c, n) for c, n in Generated(project, sites[codes[0]]).languages if c in codes],
                                        project.languages[0], sites[codes[0]].strings["site.title"]).items():
                (staging / name).write_text(text, encoding="utf-8")
            leftovers = scan_placeholders(staging)
            if leftovers:
                raise ProblemsFound(leftovers)
            pages = sum(1 for _ in staging.rglob("*.html"))
            # 6. Only now does the new site replace the old one.
            swap(staging, site_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return BuildResult(site_dir, codes, timings, pages)
