"""Benchmark: how long do reading, linting (and importing) the wiki's pages take?

Writes a synthetic corpus (``benchmarks/corpus.py --wikitext``: N rules pages, each a source
page with markers and one subpage per other language), then times, in this process:

- ``read``: :func:`generator.wiki.source.read_inputs` of every file (the parse included);
- ``lint``: :func:`generator.wiki.lint.lint` of every page;
- ``import``: ``generator/wiki/importer.py``'s ``import_pages`` of every page into a
  temporary project of the real pages (skipped, and said so, while it does not exist).

and prints the seconds of each and the cost per page file.

    python -m benchmarks.wiki [--pages 300] [--languages 5] [--limit 10]

The wiki issue asks for import plus lint of 300 pages in 5 languages in at most 10 seconds on
the development machine: this is where that is measured, not in a timed unit test. Exit 1 when
the total passes ``--limit``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.corpus import ROOT, Corpus, real_pages
from generator.wiki.lint import lint, load_settings
from generator.wiki.source import read_inputs


def _importer() -> Any:
    """``import_pages`` of the importer, None while it does not exist."""
    try:
        return importlib.import_module("generator.wiki.importer").import_pages
    except (ImportError, AttributeError):
        return None


class Clock:
    """Wall-clock and CPU seconds of one step (the machine is shared: CPU time is the steadier)."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def __enter__(self) -> Clock:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_: Any) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu


def _row(name: str, clock: Clock, files: int, note: str = "") -> str:
    return (f"{name:<6} {clock.wall:6.2f} s wall {clock.cpu:6.2f} s CPU  "
            f"{1000 * clock.wall / files:6.2f} ms/page wall {1000 * clock.cpu / files:6.2f} ms/page CPU{note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=300, help="rules pages (each in every language)")
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--limit", type=float, default=10.0, help="fail (exit 1) above this many seconds")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Corpus(ROOT, Path(tmp) / "project", args.pages, args.languages)
        corpus.write()
        corpus.wikitext()
        files = sorted((corpus.out / "wiki").glob("*.wiki"))
        settings, _ = load_settings(ROOT)
        with Clock() as read:
            pages, unread = read_inputs(files, known_languages=settings.languages)
        with Clock() as linted:
            problems = lint(pages, settings)
        import_pages, imported, import_problems = _importer(), Clock(), 0
        if import_pages:
            # Into a small project of its own (the real pages only), as a first import would run.
            target = Corpus(ROOT, Path(tmp) / "target", real_pages(ROOT), args.languages)
            target.write()
            with Clock() as imported:
                import_problems = len(import_pages(target.out, pages)[1])
    size = sum(len(page.text) for page in pages) / max(len(pages), 1)
    print(f"{len(files)} files ({args.pages} pages x {args.languages} languages, {size / 1024:.1f} KiB each): "
          f"{len(unread)} unreadable, {len(problems)} findings")
    print(_row("read", read, len(files)))
    print(_row("lint", linted, len(files)))
    if import_pages:
        print(_row("import", imported, len(files), f" ({import_problems} problems)"))
    else:
        print("import  not measured: generator/wiki/importer.py has no import_pages yet")
    total = Clock()
    total.wall, total.cpu = read.wall + linted.wall + imported.wall, read.cpu + linted.cpu + imported.cpu
    print(_row("total", total, len(files), f" (limit {args.limit:g} s)"))
    return 0 if total.wall <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
