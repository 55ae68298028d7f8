"""What keeping the caches costs: the sealed base+journal store against SQLite, and the rest.

    python -m benchmarks.kept_store [--pages 150] [--languages 5] [--runs 5] [--work DIR] [--only stores|bytecode]

A synthetic corpus (``benchmarks.corpus``) is loaded and every language rendered in this
process, which gives the entries a build keeps: the parses (``build/read-cache.pickle``),
the clean translation checks (``build/clean-checks.pickle``) and each language's rendered
pages (``build/render-cache/<lang>.pickle``). Each store then keeps them in a folder of its
own, timed (medians of ``--runs``) at the four moments a build meets it:

- **save, all**: the first build, every entry written;
- **load**: the next build reads them back (verifying every signature);
- **save, one edit**: a rebuild after one edited text, one entry per cache changed;
- **load, edited**: the build after that.

The stores: ``journal`` (:mod:`generator.cache.journal`, what builds use: a sealed pickle
base and a sealed journal of changes); ``sqlite`` (one row per entry in a table of the
standard library's SQLite, each row sealed, changed rows written in one transaction);
``unsealed`` (the journal's pickles without signatures, what the cost of sealing is measured
against); and, for the rendered pages only (plain strings), ``json``, a format that cannot
run code at all. Last, Jinja's bytecode: compiling our templates and Material's afresh
against loading them from the sealed bytecode cache. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import pickle
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from benchmarks.corpus import Corpus
from generator.cache import clean_memo, journal, seal, state
from generator.cache.bytecode import SealedBytecodeCache
from generator.core.atomic import write_bytes
from generator.project import load_checked
from generator.read import source
from generator.render.generate import render_language
from generator.render.memo import RenderMemo

ROOT = Path(__file__).resolve().parent.parent
TAG = "benchmark 1"


def kept_entries(corpus: Path) -> dict[str, dict[Any, Any]]:
    """What a build of ``corpus`` keeps, by cache file: parses, clean checks, rendered pages."""
    state.reset()
    project = load_checked(corpus)
    caches: dict[str, dict[Any, Any]] = {"read-cache": source.parses(project.sources),
                                         "clean-checks": dict.fromkeys(clean_memo.kept(), True)}
    for code in project.languages:
        memo = RenderMemo(project, code)
        render_language(project, code, memo=memo)
        caches[f"render-{code}"] = dict(memo.used)
    return caches


def edited(entries: dict[Any, Any]) -> dict[Any, Any]:
    """The same entries after a one-text edit: one of them changed."""
    name = next(iter(entries))
    value = entries[name]
    changed = (value[0] + "-edited", *value[1:]) if isinstance(value, tuple) else not value
    return {**entries, name: changed}


# --------------------------------------------------------------------------- the stores

class JournalStore:
    """What builds use: :mod:`generator.cache.journal`."""

    def __init__(self, folder: Path):
        self.folder = folder

    def load(self, name: str) -> tuple[dict, Any]:
        kept = journal.load(self.folder / f"{name}.pickle", TAG)
        return kept.entries, kept

    def save(self, name: str, entries: dict, kept: Any) -> None:
        journal.save(self.folder / f"{name}.pickle", TAG, entries, kept)


class UnsealedStore(JournalStore):
    """The journal's files without signatures: one pickle per save (the cost sealing adds is the difference)."""

    def load(self, name: str) -> tuple[dict, Any]:
        path = self.folder / f"{name}.pickle"
        return (pickle.loads(path.read_bytes()) if path.exists() else {}), None  # noqa: S301 (its own files)

    def save(self, name: str, entries: dict, kept: Any) -> None:
        write_bytes(self.folder / f"{name}.pickle", pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL))


class JsonStore(UnsealedStore):
    """Rendered pages as JSON: name -> [key, text]; a format that cannot run code."""

    def load(self, name: str) -> tuple[dict, Any]:
        path = self.folder / f"{name}.json"
        found = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        return {key: tuple(value) for key, value in found.items()}, None

    def save(self, name: str, entries: dict, kept: Any) -> None:
        write_bytes(self.folder / f"{name}.json", json.dumps(entries, ensure_ascii=False).encode("utf-8"))


class SqliteStore:
    """One table per cache, one sealed row per entry; only changed rows written, in one transaction."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _open(self, name: str) -> sqlite3.Connection:
        db = sqlite3.connect(self.folder / f"{name}.sqlite", timeout=30)
        db.execute("CREATE TABLE IF NOT EXISTS entries (name BLOB PRIMARY KEY, value BLOB NOT NULL)")
        return db

    def load(self, name: str) -> tuple[dict, Any]:
        entries = {}
        db = self._open(name)
        try:
            for key, value in db.execute("SELECT name, value FROM entries"):
                payload = seal.unseal(value, f"{name}\0{key.hex()}")
                if payload is not None:  # a row that fails its signature is a miss
                    entries[pickle.loads(key)] = pickle.loads(payload)  # noqa: S301 (sealed)
        finally:
            db.close()
        return entries, entries.copy()

    def save(self, name: str, entries: dict, kept: Any) -> None:
        kept = kept or {}
        rows = []
        for entry_name, value in entries.items():
            if entry_name in kept and kept[entry_name] == value:
                continue
            key = pickle.dumps(entry_name, protocol=pickle.HIGHEST_PROTOCOL)
            payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            rows.append((key, seal.seal(payload, f"{name}\0{key.hex()}")))
        gone = [(pickle.dumps(n, protocol=pickle.HIGHEST_PROTOCOL),) for n in kept if n not in entries]
        db = self._open(name)
        try:
            with db:  # one transaction: all of it or none
                db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?)", rows)
                db.executemany("DELETE FROM entries WHERE name = ?", gone)
        finally:
            db.close()


# --------------------------------------------------------------------------- timing

def _median(runs: int, setup: Callable[[], Any], timed: Callable[[Any], Any]) -> float:
    """Median seconds of ``timed(setup())``, the collector paused as builds pause it around
    their loads (else its passes over the many objects unpickled dominate the figures)."""
    seconds = []
    for _ in range(runs):
        prepared = setup()
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            timed(prepared)
            seconds.append(time.perf_counter() - start)
        finally:
            gc.enable()
    return statistics.median(seconds)


def measure(store_type: type, caches: dict[str, dict], work: Path, runs: int) -> dict[str, float]:
    """Seconds of each moment (see the module text) for all of ``caches`` together."""
    folder = work / store_type.__name__
    edits = {name: edited(entries) for name, entries in caches.items()}

    def fresh() -> Any:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        return store_type(folder)

    def save_all(store: Any) -> None:
        for name, entries in caches.items():
            store.save(name, entries, None)

    def saved() -> Any:
        store = fresh()
        save_all(store)
        return store

    def loaded() -> tuple[Any, dict]:
        store = saved()
        return store, {name: store.load(name)[1] for name in caches}

    def save_edit(prepared: tuple[Any, dict]) -> None:
        store, kept = prepared
        for name in caches:
            store.save(name, edits[name], kept[name])

    def load_all(store: Any) -> None:
        for name in caches:
            store.load(name)

    def edited_store() -> Any:
        save_edit(prepared := loaded())
        return prepared[0]

    return {"save, all": _median(runs, fresh, save_all), "load": _median(runs, saved, load_all),
            "save, one edit": _median(runs, loaded, save_edit), "load, edited": _median(runs, edited_store, load_all)}


def bytecode(work: Path, runs: int) -> dict[str, float]:
    """Compiling every template of ours and of Material afresh, against loading it sealed."""
    from jinja2 import TemplateError
    from mkdocs.theme import Theme

    from generator.render.templates import TEMPLATES, environment

    def environments(cache: Path | None) -> list[Any]:
        ours = environment.__wrapped__(None)
        theme = Theme(name="material").get_env()
        theme.cache = None  # no templates kept in memory: each run compiles or loads
        ours.cache = None
        if cache is not None:
            ours.bytecode_cache = SealedBytecodeCache(cache / "ours")
            theme.bytecode_cache = SealedBytecodeCache(cache / "theme")
        return [ours, theme]

    def compilable(env: Any) -> list[str]:
        # Some of Material's templates need its plugins' filters (blog dates): not compiled by a build.
        names = []
        for name in env.list_templates(filter_func=lambda n: n.endswith((".html", ".j2", ".xml"))):
            try:
                env.get_template(name)
            except TemplateError:
                continue
            names.append(name)
        return names

    folder = work / "bytecode"
    names = [compilable(env) for env in environments(folder)]  # and kept once

    def compile_all(envs: list[Any]) -> None:
        for env, listed in zip(envs, names):
            for name in listed:
                env.get_template(name)

    assert TEMPLATES.is_dir()
    return {"compile": _median(runs, lambda: environments(None), compile_all),
            "load sealed": _median(runs, lambda: environments(folder), compile_all),
            "templates": float(sum(len(listed) for listed in names))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one)")
    parser.add_argument("--only", choices=("stores", "bytecode"), help="measure only the stores or only the bytecode")
    args = parser.parse_args(argv)
    work = (args.work or Path(tempfile.mkdtemp(prefix="kept-store-"))).resolve()
    if args.only != "bytecode":
        stores(work, args)
    if args.only != "stores":
        figures = bytecode(work, args.runs)
        print(f"Jinja bytecode, {figures['templates']:.0f} templates (ours and Material's): "
              f"compile {figures['compile']:.3f} s, load sealed {figures['load sealed']:.3f} s")
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def stores(work: Path, args: argparse.Namespace) -> None:
    """The table of the stores (see the module text)."""
    corpus = work / f"corpus-{args.pages}-{args.languages}"
    Corpus(ROOT, corpus, args.pages, args.languages).write()
    caches = kept_entries(corpus)
    sizes = {name: len(pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)) for name, entries in caches.items()}
    print(f"{args.pages} pages, {args.languages} languages: {len(caches)} caches, "
          f"{sum(sizes.values()) / 1e6:.1f} MB pickled; medians of {args.runs} runs, seconds", flush=True)
    rendered = {name: entries for name, entries in caches.items() if name.startswith("render-")}
    print("store | what | save, all | load | save, one edit | load, edited")
    for store_type, what in ((JournalStore, caches), (SqliteStore, caches), (UnsealedStore, caches),
                             (JournalStore, rendered), (SqliteStore, rendered), (JsonStore, rendered)):
        figures = measure(store_type, what, work / "stores", args.runs)
        label = "all caches" if what is caches else "rendered pages"
        print(f"{store_type.__name__} | {label} | " + " | ".join(f"{figures[k]:.3f}" for k in figures), flush=True)


if __name__ == "__main__":
    sys.exit(main())
