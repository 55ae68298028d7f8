"""Benchmark: linting and importing the whole wiki, as loose page files and as one export.

Writes a synthetic corpus (``benchmarks/corpus.py --wikitext``: N rules pages in L languages,
each a source page with markers and one subpage per other language, and the same pages in
one ``Special:Export`` file), then runs the real commands in fresh processes and prints, for
each, the wall-clock seconds, the CPU seconds of the command and its workers, and the peak
memory of its largest process:

- ``wiki-lint --fresh`` of the loose files and of the export (cold: every page linted);
- the same again with nothing changed (every result kept), the median of three runs;
- the same after one translation changed (its group linted again), the median of three
  runs, each after another page changed;
- ``import wiki`` of the export into a copy of the corpus's project without its pages.

    python -m benchmarks.wiki [--pages 600] [--languages 9] [--jobs 2] [--memory-pages 150]

``--memory-pages`` also lints an export of that many pages cold, to show that the peak
memory does not grow with the export's size. The wiki issue's targets (600 pages x 9
languages in 60 s wall, 2 s again, the import within twice the lint) are checked here,
never in a timed unit test; exit 1 when one is missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

from benchmarks.corpus import ROOT, Corpus, real_pages
from generator.wiki.page_data import slug


# Python as a user's runs it: writing and reusing compiled bytecode (a shell with
# PYTHONDONTWRITEBYTECODE set would compile every module in every run, a few tenths of a second).
_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


REPEATS = 3
"""Runs of each short measurement (unchanged, one page changed); the median is shown."""


@dataclass
class Run:
    name: str
    wall: float
    cpu: float
    peak_mib: float
    code: int
    tail: str


def _command(name: str, args: list[str], cwd: Path) -> Run:
    """One command in a fresh process: its wall time, its and its workers' CPU, its peak memory."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True,
                          env=_ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest of any one waited-for process, ever: read
    # in a process of its own per run (see _measured), it is this command's.
    tail = (done.stderr.strip().splitlines() or [""])[-1]
    return Run(name, wall, cpu, after.ru_maxrss / 1024, done.returncode, tail)


def _measured(name: str, args: list[str], cwd: Path) -> Run:
    """:func:`_command` in a process of its own, so that the peak memory is this run's alone."""
    probe = ("import json, sys; from pathlib import Path; from benchmarks.wiki import _command; "
             "r = _command(sys.argv[1], sys.argv[3:], Path(sys.argv[2])); print(json.dumps(r.__dict__))")
    done = subprocess.run([sys.executable, "-c", probe, name, str(cwd), *args], cwd=ROOT, capture_output=True,
                          text=True, check=True, env=_ENV)
    import json

    return Run(**json.loads(done.stdout.strip().splitlines()[-1]))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _corpus(out: Path, pages: int, languages: int) -> Corpus:
    corpus = Corpus(ROOT, out, pages, languages)
    corpus.write()
    corpus.wikitext()
    corpus.export()
    return corpus


def _median(name: str, args: list[str], cwd: Path, before: Callable[[int], None] | None = None) -> Run:
    """The median (by wall time) of :data:`REPEATS` runs, ``before(i)`` made ready before run ``i``:
    runs of a second or two vary by a few tenths on a shared machine."""
    runs = []
    for number in range(REPEATS):
        if before is not None:
            before(number)
        runs.append(_measured(name, args, cwd))
    return sorted(runs, key=lambda run: run.wall)[REPEATS // 2]


def _lint_runs(project: Path, jobs: int) -> list[Run]:
    wiki = project / "wiki"
    files = [str(path) for path in sorted(wiki.glob("*.wiki"))]
    lint = ["--root", str(project), "wiki-lint", "--jobs", str(jobs), "--format", "json"]
    translations = [path for path in sorted(wiki.glob("*.wiki")) if path.name.count(".") == 2]
    dump = wiki / "export.xml"

    def edit_file(number: int) -> None:  # each time another page, so each run has one change to lint
        _edit(translations[number], "\n", "\nOne more line of text for the benchmark.\n")

    def edit_export(number: int) -> None:
        text = dump.read_text(encoding="utf-8")
        at = text.index("</text>", text.index("<page>", len(text) * number // REPEATS))
        dump.write_text(text[:at] + "\nOne more line of text for the benchmark." + text[at:], encoding="utf-8")

    return [_measured("files, cold", [*lint, "--fresh", *files], project),
            _median("files, unchanged", [*lint, *files], project),
            _median("files, one page changed", [*lint, *files], project, edit_file),
            _measured("export, cold", [*lint, "--fresh", str(dump)], project),
            _median("export, unchanged", [*lint, str(dump)], project),
            _median("export, one page changed", [*lint, str(dump)], project, edit_export)]


def _import_run(project: Path, tmp: Path, languages: int) -> Run:
    """``import wiki`` of the export into a small project of its own (the real pages only), as
    a first import would run; ``--force``, since the real pages' own files are there already."""
    target = Corpus(ROOT, tmp / "target", real_pages(ROOT), languages)
    target.write()
    # A page whose id is its title's slug is replaced by its import (--force); its hand-written
    # examples name its hand-written sections, so they go too, as an editor replacing it would do.
    replaced = {page.stem for page in (target.out / "rules_data" / "pages").glob("*.yaml")
                if slug(yaml.safe_load(page.read_text(encoding="utf-8"))["title"], "") == page.stem}
    for example in (target.out / "examples").glob("*.yaml"):
        if yaml.safe_load(example.read_text(encoding="utf-8")).get("page") in replaced:
            example.unlink()
    return _measured("import wiki, export", ["--root", str(target.out), "import", "wiki", "--force",
                                              str(project / "wiki" / "export.xml")], target.out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=600, help="rules pages (each in every language)")
    parser.add_argument("--languages", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--memory-pages", type=int, default=0, help="also lint an export of this many pages cold")
    parser.add_argument("--no-import", action="store_true", help="leave the import out")
    args = parser.parse_args(argv)
    # Once before any run is measured: each module compiled, as after a user's first command.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], env=_ENV, check=True)
    subprocess.run([sys.executable, "-m", "generator", "--help"], env=_ENV, capture_output=True, check=True)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        corpus = _corpus(tmp / "project", args.pages, args.languages)
        files = len(list((corpus.out / "wiki").glob("*.wiki")))
        size = (corpus.out / "wiki" / "export.xml").stat().st_size / 2**20
        print(f"{files} page files ({args.pages} pages x {args.languages} languages), export {size:.1f} MiB, "
              f"{args.jobs} process(es)")
        runs = _lint_runs(corpus.out, args.jobs)
        if not args.no_import:
            runs.append(_import_run(corpus.out, tmp, args.languages))
        if args.memory_pages:
            small = _corpus(tmp / "small", args.memory_pages, args.languages)
            dump = str(small.out / "wiki" / "export.xml")
            runs.append(_measured(f"export of {args.memory_pages} pages, cold",
                                  ["--root", str(small.out), "wiki-lint", "--jobs", str(args.jobs), "--fresh",
                                   "--format", "json", dump], small.out))
    for run in runs:
        print(f"  {run.name:<32} {run.wall:7.2f} s wall {run.cpu:7.2f} s CPU {run.peak_mib:6.0f} MiB peak  "
              f"exit {run.code}: {run.tail[:110]}")
    by = {run.name: run for run in runs}
    missed = [f"{name}: {by[name].wall:.2f} s > {limit:g} s" for name, limit in
              (("files, cold", 60), ("export, cold", 60), ("files, unchanged", 2), ("export, unchanged", 2))
              if name in by and by[name].wall > limit]
    if "import wiki, export" in by and by["import wiki, export"].wall > 2 * by["export, cold"].wall:
        missed.append("import wiki: more than twice the export's lint")
    print("targets: " + ("all met" if not missed else "missed: " + "; ".join(missed)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
