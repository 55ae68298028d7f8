"""Fuzzing the readers: mutated real data through check, score and po import.

    python -m tests.fuzz --n 10000            # every reader, 10,000 inputs each
    python -m tests.fuzz --n 200 --reader po  # one reader
    python -m tests.fuzz --replay FILE        # one saved input, as a check file

Inputs are mutations of the project's own files (byte flips, truncation, deleted or
repeated lines, hostile values put in place of a real one: huge numbers, long strings,
deep nesting, alias bombs, wrong shapes, duplicate keys, control characters, non-UTF-8
bytes, BOMs). Each reader is called in-process, as the command line calls it:

``check``  one mutated file in a copy of the small fixture project, then ``load()`` (the
           seeds include the tile catalogue ``rules_data/tiles/`` and the termbase
           ``rules_data/terms/``, of the fixture project and of the real data);
``tiles``  one mutated tile catalogue file in that copy, then ``load()`` (the catalogue
           alone gets this reader so its share of inputs is not diluted);
``score``  a mutated feature-list scenario (scenario fixtures) through ``rulesite score``;
``board``  a mutated board scenario (worked examples and board fixtures) through
           ``rulesite score --explain`` and ``rulesite draw``;
``po``     a mutated PO file (exported from the real data) through ``import_files``;
``po-cut`` an exported PO file cut short (at an entry boundary, a line end, inside a quoted
           text or at any byte), of an export as written, with every translation changed
           (so that a cut has something to lose) and without the end marker and entry count
           (an older export), through ``import_files``.

A finding is a traceback (any exception escaping the reader), a hang (no answer within
``--timeout`` seconds), a problem without a sane ``FILE:LINE:COL``, or, for po import, a
file changed by an import that reported an error, or, for a cut PO file, an import that
wrote a text that neither the translation file nor the uncut PO file has (a truncated one)
or changed another document. Each is saved under
``test-artifacts/fuzz/`` and the run exits 1; the fixed ones live on as regression
fixtures in ``tests/fixtures/regressions/``. The test suite runs a short, seeded round.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import itertools
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import polib

from generator import cli
from generator.i18n.po import HEADER_ENTRIES, export, import_files
from generator.project import Project, load
from generator.read.source import parse

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
ARTIFACTS = ROOT / "test-artifacts" / "fuzz"

BOMB = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{','.join('*' + chr(97 + i) for _ in range(9))}]\n" for i in range(9))
HOSTILE = [
    "9" * 5000, "-" + "9" * 30, "1e99999", "0x" + "f" * 40, "x" * 1_000_000, "'" + "y" * 200_000 + "'",
    "[" * 999 + "]" * 999, "{a: " * 300 + "1" + "}" * 300, "&a [*a]", "*nothing", "{}", "[]", "null", "~",
    "on", "no", "-1", "0", "2020-13-45", "!!int x", "!!float y", "!!binary '%%%'", "!!python/object:os.system x",
    "{a: 1, a: 2}", '"\\x7f\\x85\\u0080"', "<img src=x onerror=alert(1)>", "{page:>10000000}", "Start {}",
    "x{: onclick=y }", "'{{ x }}'", "{fn:}", "*" * 1000, "{" * 100_000, "'" + " " * 100_000 + "'",
    "[1, [2, {3: 4}]]", "{? [a]: b}", "!!set {a, b}", "!!timestamp 2001-12-14", "12345678901234567890123",
    "[999999999, 0]", "[0]", "[[0, 0]]", "{x: 0, y: 0}", "[0, 0, 0]", "4", "-1000001", "NL", "large-follower",
    "'\\u0000'", "\"\\ud800\"", "!!float ''", "!!omap [1]", "!!set [1]", "|\n  block\n  text", ">-\n  " + "w " * 5000,
]
RAW = [b"\xff\xfe", b"\xc3\x28", b"\x00", b"\xef\xbb\xbf", b"\r", b"\t", b"\x1b[31m", b"\xe2\x80\xae"]


class Hang(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise Hang()


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three mutations of ``data``."""
    for _ in range(rng.randint(1, 3)):
        lines = data.split(b"\n")
        choice = rng.randrange(10)
        if choice == 0 and data:
            at = rng.randrange(len(data))
            data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
        elif choice == 1 and data:
            data = data[:rng.randrange(len(data))]
        elif choice == 2 and len(lines) > 1:
            at = rng.randrange(len(lines))
            del lines[at:at + rng.randint(1, 4)]
            data = b"\n".join(lines)
        elif choice == 3:
            at = rng.randrange(len(lines))
            lines.insert(at, lines[at])
            data = b"\n".join(lines)
        elif choice in (4, 5, 6):
            data = _hostile_value(lines, rng)
        elif choice == 7:
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice(RAW) + data[at:]
        elif choice == 8:
            data = (BOMB.encode() if rng.random() < 0.5 else b"\xef\xbb\xbf") + data
        else:
            at = rng.randrange(len(lines))
            lines[at] = b" " * rng.randint(1, 6) + lines[at]
            data = b"\n".join(lines)
    return data


def _hostile_value(lines: list[bytes], rng: random.Random) -> bytes:
    keyed = [i for i, line in enumerate(lines) if b": " in line or line.rstrip().endswith(b":")]
    value = rng.choice(HOSTILE).encode("utf-8", "surrogatepass")
    if keyed:
        at = rng.choice(keyed)
        key = lines[at].split(b":", 1)[0]
        lines[at] = key + b": " + value
    else:
        lines.append(b"x: " + value)
    return b"\n".join(lines)


@dataclass
class Tally:
    reader: str
    inputs: int = 0
    tracebacks: int = 0
    hangs: int = 0
    bad_output: int = 0
    slowest: float = 0.0
    findings: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.reader}: {self.inputs} inputs, {self.tracebacks} tracebacks, {self.hangs} hangs, "
                f"{self.bad_output} bad outputs, slowest {self.slowest:.2f} s")


def _run(tally: Tally, name: str, payload: bytes, call, timeout: float) -> object:
    """Call ``call()`` under an alarm; record a traceback or hang with its input."""
    tally.inputs += 1
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    start = time.perf_counter()
    try:
        return call()
    except Hang:
        tally.hangs += 1
        _save(tally, name, payload, "hang")
    except Exception:  # noqa: BLE001 - any escaping exception is the finding
        tally.tracebacks += 1
        _save(tally, name, payload, traceback.format_exc())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        tally.slowest = max(tally.slowest, time.perf_counter() - start)
    return None


def _save(tally: Tally, name: str, payload: bytes, what: str) -> None:
    digest = hashlib.sha1(payload).hexdigest()[:12]
    folder = ARTIFACTS / tally.reader
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{digest}.input").write_bytes(payload)
    (folder / f"{digest}.txt").write_text(f"{name}\n{what}", encoding="utf-8")
    tally.findings.append(f"{tally.reader} {name} {digest}: {what.strip().splitlines()[-1][:200]}")


def _sane(problems, files: set[str]) -> bool:
    return all(p.line >= 1 and p.column >= 1 and p.code and p.file in files for p in problems)


def _check_project(work: Path) -> tuple[Path, list[tuple[str, bytes]]]:
    """A copy of the small fixture project, and every data file as (place in it, bytes)."""
    project = work / "check"
    shutil.copytree(FIXTURES / "minimal", project)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", project / "rules_data" / "ui.yaml")
    # Seeds: the fixture project's files and the real data, each dropped where it belongs.
    seeds = [(p.relative_to(project).as_posix(), p.read_bytes()) for p in sorted(project.rglob("*.yaml"))]
    for path in sorted((ROOT / "rules_data").rglob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml")):
        seeds.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    return project, seeds


def _fuzz_tree(tally: Tally, n: int, rng: random.Random, timeout: float, project: Path,
               seeds: list[tuple[str, bytes]]) -> Tally:
    """Put one mutated seed in place at a time, load the project, put the file back."""
    for _ in range(n):
        relative, data = rng.choice(seeds)
        target = project / relative
        before = target.read_bytes() if target.exists() else None
        payload = mutate(data, rng)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(payload)
        result = _run(tally, relative, payload, lambda: load(project), timeout)
        if result is not None:
            files = {p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file()}
            if not _sane(result[1], files):
                tally.bad_output += 1
                _save(tally, relative, payload, f"unlocated problem in {sorted(map(str, result[1]))[:3]}")
        if before is None:
            target.unlink()
        else:
            target.write_bytes(before)
    return tally


def fuzz_check(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    project, seeds = _check_project(work)
    return _fuzz_tree(Tally("check"), n, rng, timeout, project, seeds)


def fuzz_tiles(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    project, seeds = _check_project(work)
    seeds = [(relative, data) for relative, data in seeds if relative.startswith("rules_data/tiles/")]
    return _fuzz_tree(Tally("tiles"), n, rng, timeout, project, seeds)


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["--root", str(ROOT), *args])
    return code, out.getvalue(), err.getvalue()


def _located(target: Path, err: str) -> None:
    for line in err.splitlines():
        if line.startswith(str(target)) and not line.split(":")[1].isdigit():
            raise AssertionError(f"unlocated problem: {line[:200]}")


def _fuzz_scenarios(tally: Tally, n: int, rng: random.Random, timeout: float, work: Path, seeds: list[bytes],
                    call) -> Tally:
    target = work / "scenario.yaml"
    for _ in range(n):
        payload = mutate(rng.choice(seeds), rng)
        target.write_bytes(payload)
        _run(tally, "scenario", payload, lambda: call(target), timeout)
    return tally


def _score(target: Path, *extra: str) -> int:
    code, out, err = _cli(["score", str(target), *extra])
    if code == 0 and not out.startswith("{"):
        raise AssertionError(f"exit 0 without totals: {out[:200]!r}")
    _located(target, err)
    return code


def fuzz_score(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    seeds = [p.read_bytes() for p in sorted((FIXTURES / "scenarios").rglob("*.yaml"))]
    return _fuzz_scenarios(Tally("score"), n, rng, timeout, work, seeds, _score)


def fuzz_board(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    seeds = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*.yaml"))]
    seeds += [p.read_bytes() for p in sorted((FIXTURES / "boards").rglob("*.yaml"))]
    picture = work / "board.svg"

    def score_and_draw(target: Path) -> int:
        code = _score(target, "--explain")
        drawn, _, err = _cli(["draw", str(target), "-o", str(picture)])
        _located(target, err)
        if drawn == 0 and not picture.read_text(encoding="utf-8").startswith("<svg"):
            raise AssertionError("draw exit 0 without a picture")
        picture.unlink(missing_ok=True)
        return code

    return _fuzz_scenarios(Tally("board"), n, rng, timeout, work, seeds, score_and_draw)


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _mutate_po(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return mutate(data, rng)
    # Change one msgstr to a hostile text, keeping the PO syntax intact.
    lines = data.split(b"\n")
    spots = [i for i, line in enumerate(lines) if line.startswith(b"msgstr ")]
    if not spots:
        return mutate(data, rng)
    text = rng.choice(HOSTILE + ["\x7f", "\u0085", "\x9b", "</title><script>", "{{ }}", "\\"])
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    lines[rng.choice(spots)] = b'msgstr "' + escaped.encode("utf-8", "surrogatepass") + b'"'
    return b"\n".join(lines)


@dataclass
class _PoProject:
    """A copy of the real data to import into, and what its translation files were."""

    project: Project
    data: Path
    clean: dict[str, str]
    originals: dict[str, bytes]

    def restore(self, now: dict[str, str]) -> None:
        """Put the data back after an import that wrote (``now`` differs from ``clean``)."""
        for rel in set(now) - set(self.clean):
            (self.data / rel).unlink()
        for rel, raw in self.originals.items():
            (self.data / rel).write_bytes(raw)


def _po_project(work: Path) -> _PoProject:
    project_root = work / "po"
    for name in ("rules_data", "examples", "content"):
        shutil.copytree(ROOT / name, project_root / name)
    project, problems = load(project_root)
    assert project is not None, problems
    data = project_root / "rules_data"
    clean = _digest(data)
    return _PoProject(project, data, clean, {rel: (data / rel).read_bytes() for rel in clean})


def fuzz_po(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    tally = Tally("po")
    setup = _po_project(work)
    exported = export(setup.project, setup.project.target_languages[0], work / "po-out")
    seeds = [p.read_bytes() for p in exported]
    target = work / "input.po"
    for _ in range(n):
        payload = _mutate_po(rng.choice(seeds), rng)
        target.write_bytes(payload)
        result = _run(tally, "po", payload, lambda: import_files(setup.project, [target]), timeout)
        now = _digest(setup.data)
        if result is not None and result.problems and now != setup.clean:
            tally.bad_output += 1
            _save(tally, "po", payload, "an import that reported an error changed files")
        if now != setup.clean:  # a successful import: put the data back for the next input
            setup.restore(now)
    return tally


def _po_cut_seeds(project: Project, work: Path) -> list[tuple[str, bytes, dict[str, str]]]:
    """(document, PO bytes, unit to msgstr) of every export: as written, with every translation
    changed, and both without the end marker and the entry count."""
    seeds = []
    for path in export(project, project.target_languages[0], work / "po-cut-out"):
        for edited, old in itertools.product((False, True), repeat=2):
            po = polib.pofile(str(path))
            for entry in po:
                if edited and entry.msgstr and not entry.obsolete:
                    entry.msgstr += " (herzien)"
            if old:
                del po.metadata[HEADER_ENTRIES]
                po.remove(next(entry for entry in po if entry.obsolete))
            variant = work / "po-cut-seed.po"
            po.save(str(variant))
            msgstrs = {e.msgctxt: e.msgstr for e in po if not e.obsolete and e.msgstr}
            seeds.append((path.stem, variant.read_bytes(), msgstrs))
    return seeds


def _cut_point(data: bytes, rng: random.Random) -> int:
    """Where to cut a PO file: at an entry boundary, at a line end, inside a quoted text, or at any byte."""
    lines = data.split(b"\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    choice = rng.randrange(4)
    if choice == 0:  # the blank line between two entries, or the next entry's first line
        return rng.choice([starts[i] + rng.randrange(2) for i, line in enumerate(lines) if not line.strip()])
    if choice == 1:
        i = rng.randrange(len(lines))
        return starts[i] + len(lines[i])
    quoted = [i for i, line in enumerate(lines) if line.count(b'"') >= 2]
    if choice == 2 and quoted:
        i = rng.choice(quoted)
        return starts[i] + rng.randint(lines[i].index(b'"'), lines[i].rindex(b'"'))
    return rng.randrange(len(data) + 1)


def _texts(data: Path, language: str, doc: str) -> dict[str, str]:
    path = data / "translations" / language / f"{doc}.yaml"
    if not path.exists():
        return {}
    source, _ = parse(path.read_text(encoding="utf-8"), str(path))
    units = source.data.get("units") if isinstance(source.data, dict) else None
    return {unit: value.get("text") for unit, value in (units or {}).items() if isinstance(value, dict)}


def _po_cut_finding(setup: _PoProject, result: object, payload: bytes, target: Path, language: str,
                    doc: str, msgstrs: dict[str, str], stored: dict[str, str]) -> str | None:
    """What is wrong with the import of a cut file, if anything."""
    now = _digest(setup.data)
    problems = getattr(result, "problems", [])
    if problems:
        lines = payload.count(b"\n") + 1
        if now != setup.clean:
            return "an import that reported an error changed files"
        if not _sane(problems, {str(target)}) or any(p.line > lines for p in problems):
            return f"a problem not located in the cut file: {problems[0]}"
        return None
    changed = {rel for rel in set(now) | set(setup.clean) if now.get(rel) != setup.clean.get(rel)}
    if changed - {f"translations/{language}/{doc}.yaml"}:
        return f"an import of a cut file changed another document: {sorted(changed)[:3]}"
    lost = [unit for unit, text in _texts(setup.data, language, doc).items() if text not in (stored.get(unit), msgstrs.get(unit))]
    return f"an import of a cut file wrote a text the uncut file does not have: {lost[:3]}" if lost else None


def fuzz_po_cut(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    tally = Tally("po-cut")
    setup = _po_project(work)
    language = setup.project.target_languages[0]
    seeds = _po_cut_seeds(setup.project, work)
    stored = {doc: _texts(setup.data, language, doc) for doc, _, _ in seeds}
    (work / "cut").mkdir()
    for _ in range(n):
        doc, seed, msgstrs = rng.choice(seeds)
        payload = seed[:_cut_point(seed, rng)]
        target = work / "cut" / f"{doc}.po"  # the name a file whose header was cut falls back on
        target.write_bytes(payload)
        result = _run(tally, f"po-cut {doc}", payload, lambda: import_files(setup.project, [target]), timeout)
        if result is not None:
            finding = _po_cut_finding(setup, result, payload, target, language, doc, msgstrs, stored[doc])
            if finding:
                tally.bad_output += 1
                _save(tally, f"po-cut {doc}", payload, finding)
        now = _digest(setup.data)
        if now != setup.clean:
            setup.restore(now)
    return tally


def _kept_files(work: Path) -> tuple[Path, dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """A kept base and journal, as a build leaves them: the entries of the base, then after an edit."""
    from generator.cache import journal

    path = work / "kept" / "cache.pickle"
    path.parent.mkdir()
    base = {f"page-{i}.md": (f"key-{i}", f"text {i} " * 20) for i in range(40)}
    journal.save(path, "fuzz", base, None)
    edited = dict(base, **{"page-3.md": ("key-3b", "an edited text")})
    journal.save(path, "fuzz", edited, journal.load(path, "fuzz"))
    return path, base, edited


def fuzz_kept(n: int, rng: random.Random, timeout: float, work: Path) -> Tally:
    """Damaged kept files (base or journal) must load as what was saved, as the base alone, or as nothing:
    never as other entries, never a traceback."""
    from generator.cache import journal

    tally = Tally("kept")
    path, base, edited = _kept_files(work)
    clean = {name: (path.parent / name).read_bytes() for name in (path.name, path.name + ".journal")}
    for _ in range(n):
        name = rng.choice(sorted(clean))
        payload = mutate(clean[name], rng)
        (path.parent / name).write_bytes(payload)
        found = _run(tally, f"kept {name}", payload, lambda: journal.load(path, "fuzz"), timeout)
        if found is not None and found.entries not in ({}, base, edited):
            tally.bad_output += 1
            _save(tally, f"kept {name}", payload, "a damaged kept file loaded as entries nobody saved")
        (path.parent / name).write_bytes(clean[name])
    return tally


READERS = {"check": fuzz_check, "tiles": fuzz_tiles, "score": fuzz_score, "board": fuzz_board, "po": fuzz_po,
           "po-cut": fuzz_po_cut, "kept": fuzz_kept}


def run(n: int, seed: int, readers: list[str], timeout: float) -> list[Tally]:
    tallies = []
    with tempfile.TemporaryDirectory(prefix="rulesite-fuzz-") as tmp:
        for name in readers:
            rng = random.Random(f"{seed}-{name}")
            work = Path(tmp) / name
            work.mkdir()
            tallies.append(READERS[name](n, rng, timeout, work))
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="inputs per reader (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reader", action="append", choices=sorted(READERS), help="default: all")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before an input counts as a hang")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tallies = run(args.n, args.seed, args.reader or list(READERS), args.timeout)
    for tally in tallies:
        print(tally.line())
        for finding in tally.findings[:20]:
            print("  " + finding)
    print(f"{time.perf_counter() - start:.0f} s")
    return 1 if any(t.tracebacks or t.hangs or t.bad_output for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
