"""Side-by-side benchmark: rulesite against MkDocs + Material + mkdocs-static-i18n.

    pip install -r benchmarks/requirements.lock     # once: the anchor's plugin
    python -m benchmarks.scale [--pages 50 150 300] [--languages 5] [--runs 3]

For each size a synthetic corpus is written (``benchmarks.corpus``), then, interleaved
run by run, two builds of the same pages are timed in child processes:

- ``rulesite``: ``rulesite build`` of the corpus, from cold (its ``build/`` folder removed);
- ``static-i18n``: the same pages as Markdown for every language (rulesite's generated
  Markdown pages, its rules pages as Markdown from ``benchmarks.markdown_pages``), plus the
  hand-written pages, in one MkDocs build with Material and mkdocs-static-i18n (folder
  layout, English fallback), the setup a documentation team would pick instead. It uses
  the project's ``mkdocs.yml`` (theme features and Markdown extensions) without the
  rulesite theme overrides, and the English navigation for every language.

CPU seconds are user + system time of the build process and all its children (from
``wait4``), which a busy machine does not inflate the way it inflates wall-clock time.
The table gives medians: CPU and wall seconds, the ratio rulesite / static-i18n, the
generator's share of rulesite's CPU, the CPU milliseconds per rules page of each
rulesite stage, and the peak resident memory of the largest process.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import yaml

from benchmarks.corpus import Corpus
from benchmarks.markdown_pages import markdown_pages
from generator.core.timing import GENERATOR_STAGES, REPORT_ORDER

ROOT = Path(__file__).resolve().parent.parent
# The stages `rulesite build` times (generator/core/timing.py), in pipeline order.
STAGES = REPORT_ORDER
GENERATOR = GENERATOR_STAGES


@dataclass
class Run:
    cpu: float
    wall: float
    rss_mib: float
    stages: dict[str, float] = field(default_factory=dict)


def timed(command: list[str], cwd: Path) -> tuple[Run, str]:
    """Run ``command``; its CPU time (children included), wall time, peak memory, output."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out:
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    if process.returncode != 0:
        raise SystemExit(f"benchmark build failed: {' '.join(command)}\n{text[-4000:]}")
    # ru_maxrss is in KiB on Linux: the largest single process of the tree
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024), text


def build_rulesite(corpus: Path, site: Path) -> Run:
    """A cold build, as on a fresh clone: no caches under build/ and no last site, whose
    unchanged files a build would otherwise take (static-i18n's site is removed too)."""
    shutil.rmtree(corpus / "build", ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
    run, text = timed([sys.executable, "-m", "benchmarks.scale", "--one-build", str(corpus), str(site)], ROOT)
    run.stages = json.loads(text.strip().splitlines()[-1])
    return run


def one_build(corpus: Path, site: Path) -> NoReturn:
    """The child process of a rulesite run: build, then print the CPU seconds per stage."""
    from generator.build import build
    from generator.cli import exit_now

    result = build(corpus, site_dir=site)
    print(json.dumps(result.timings.cpu))
    exit_now(0)  # as `rulesite build` ends: without freeing the heap object by object


def anchor_project(corpus: Path, folder: Path) -> Path:
    """The static-i18n project: rulesite's generated Markdown in one docs tree per language."""
    docs = folder / "docs"
    shutil.rmtree(folder, ignore_errors=True)
    site = yaml.safe_load((corpus / "rules_data" / "site.yaml").read_text(encoding="utf-8"))
    codes = [lang["code"] for lang in site["languages"]]
    rules_pages = markdown_pages(corpus)  # rulesite writes these as HTML; the anchor gets Markdown
    for code in codes:
        shutil.copytree(corpus / "build" / "docs" / code, docs / code)
        for path, text in rules_pages[code].items():
            (docs / code / path).write_text(text, encoding="utf-8")
        hand_written = corpus / "content" / code
        if hand_written.is_dir():
            shutil.copytree(hand_written, docs / code, dirs_exist_ok=True)
    english = yaml.safe_load((corpus / "build" / f"mkdocs.{codes[0]}.yml").read_text(encoding="utf-8"))
    (folder / "overrides").mkdir()
    config = {
        "INHERIT": str(corpus / "mkdocs.yml"),
        "site_name": english["site_name"],
        "docs_dir": str(docs),
        "site_dir": str(folder / "site"),
        "nav": english["nav"],
        # Plain Material: the rulesite overrides read settings only rulesite writes.
        "theme": {"custom_dir": str(folder / "overrides")},
        "extra_css": [],
        "extra_javascript": [],
        "validation": {"nav": {"omitted_files": "info", "not_found": "info"},
                       "links": {"not_found": "info", "anchors": "info", "unrecognized_links": "info"}},
        "plugins": [
            "search",
            {"i18n": {"docs_structure": "folder", "fallback_to_default": True, "languages": [
                {"locale": lang["code"], "name": lang["native_name"], "default": lang.get("source", False),
                 "build": True} for lang in site["languages"]]}},
        ],
    }
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def build_anchor(config: Path) -> Run:
    shutil.rmtree(config.parent / "site", ignore_errors=True)
    run, _ = timed([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)], config.parent)
    return run


# An edit of one English text, as an editor would make it (a page the corpus always has).
EDITED_PAGE = "crop-circles-c1"
EDITED_TEXT = "Shuffle the crop circle tiles into the rest of the land tiles."


def edit_unit(corpus: Path, number: int) -> str:
    """Change one English unit; returns the marker the built page then shows."""
    path = corpus / "rules_data" / "pages" / f"{EDITED_PAGE}.yaml"
    text = path.read_text(encoding="utf-8")
    marker = f"Edit number {number}."
    lines = [line for line in text.splitlines(keepends=True)]
    for i, line in enumerate(lines):
        if EDITED_TEXT in line or "Edit number" in line:
            lines[i] = f"{line[:len(line) - len(line.lstrip())]}text: {EDITED_TEXT} {marker}\n"
            break
    else:
        raise SystemExit(f"benchmark: no text to edit in {path}")
    path.write_text("".join(lines), encoding="utf-8")
    return marker


def incremental(corpus: Path, site: Path, edits: int) -> tuple[list[Run], list[Run]]:
    """Cold builds, each followed by a build after editing one English unit."""
    cold, warm = [], []
    for number in range(edits):
        cold.append(build_rulesite(corpus, site))
        edit_unit(corpus, number)
        run, text = timed([sys.executable, "-m", "benchmarks.scale", "--one-build", str(corpus), str(site)], ROOT)
        run.stages = json.loads(text.strip().splitlines()[-1])
        warm.append(run)
        print(f"incremental {number + 1}: cold {cold[-1].cpu:.1f} s CPU, after one edit {run.cpu:.1f} s CPU",
              file=sys.stderr)
    return cold, warm


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a running process has used so far (Linux' /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def preview(corpus: Path, edits: int) -> list[tuple[float, float]]:
    """(wall seconds, server CPU seconds) from saving an edited unit to `rulesite serve`
    serving the page with it."""
    import socket
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/{EDITED_PAGE}/"

    def page() -> str:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return answer.read().decode("utf-8")
        except OSError:
            return ""

    server = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(corpus), "serve",
                               "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    latencies = []
    try:
        deadline = time.monotonic() + 900
        while "</html>" not in page():
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("benchmark: `rulesite serve` did not come up")
            time.sleep(0.5)
        for number in range(edits):
            time.sleep(2)  # the watcher settles
            start, cpu = time.perf_counter(), _cpu_of(server.pid)
            marker = edit_unit(corpus, 100 + number)
            while marker not in page():
                if time.perf_counter() - start > 600:
                    raise SystemExit("benchmark: the edit never reached the preview")
                time.sleep(0.05)
            latencies.append((time.perf_counter() - start, _cpu_of(server.pid) - cpu))
            print(f"preview edit {number + 1}: {latencies[-1][0]:.2f} s wall, {latencies[-1][1]:.2f} s CPU", file=sys.stderr)
    finally:
        server.terminate()
        server.wait()
    return latencies


def median(runs: list[Run], value) -> float:
    return statistics.median(value(run) for run in runs)


def table(pages: list[int], languages: int, results: dict[int, dict[str, list[Run]]]) -> str:
    lines = [
        f"pages x {languages} languages | rulesite CPU s | wall s | static-i18n CPU s | wall s | ratio (CPU) | "
        "generator share | CPU ms per page: load+check+score / render / write / mkdocs | peak MiB rulesite / static-i18n",
        "--- | --- | --- | --- | --- | --- | --- | --- | ---",
    ]
    for n in pages:
        ours, anchor = results[n]["rulesite"], results[n]["static-i18n"]
        cpu, anchor_cpu = median(ours, lambda r: r.cpu), median(anchor, lambda r: r.cpu)
        share = median(ours, lambda r: 100 * sum(r.stages.get(s, 0) for s in GENERATOR) / sum(r.stages.values()))
        per_page = " / ".join(f"{1000 * median(ours, lambda r: r.stages.get(s, 0.0)) / n:.0f}" for s in STAGES[:4])
        lines.append(f"{n} | {cpu:.1f} | {median(ours, lambda r: r.wall):.1f} | {anchor_cpu:.1f} | "
                     f"{median(anchor, lambda r: r.wall):.1f} | {cpu / anchor_cpu:.2f} | {share:.1f} % | {per_page} | "
                     f"{median(ours, lambda r: r.rss_mib):.0f} / {median(anchor, lambda r: r.rss_mib):.0f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--one-build"]:
        return one_build(Path(argv[1]), Path(argv[2]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[50, 150, 300])
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--incremental", type=int, default=None, metavar="N",
                        help="instead: cold and incremental builds after one edit at N pages")
    parser.add_argument("--preview", type=int, default=None, metavar="N",
                        help="instead: seconds from an edit to the page in `rulesite serve` at N pages")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bench", help="folder for corpora and sites")
    args = parser.parse_args(argv)
    work = args.work.resolve()
    if args.incremental or args.preview:
        return latency(args, work)
    results: dict[int, dict[str, list[Run]]] = {n: {"rulesite": [], "static-i18n": []} for n in args.pages}
    anchors: dict[int, Path] = {}
    for n in args.pages:
        corpus = work / f"corpus-{n}-{args.languages}"
        Corpus(ROOT, corpus, n, args.languages).write()
        results[n]["rulesite"].append(build_rulesite(corpus, work / f"site-{n}"))  # also makes the Markdown
        anchors[n] = anchor_project(corpus, work / f"anchor-{n}")
        print(f"{n} pages: corpus and anchor project ready", file=sys.stderr)
    for run in range(args.runs):
        for n in args.pages:
            if run > 0:
                results[n]["rulesite"].append(build_rulesite(work / f"corpus-{n}-{args.languages}", work / f"site-{n}"))
            results[n]["static-i18n"].append(build_anchor(anchors[n]))
            r, a = results[n]["rulesite"][-1], results[n]["static-i18n"][-1]
            print(f"run {run + 1}, {n} pages: rulesite {r.cpu:.1f} s CPU, static-i18n {a.cpu:.1f} s CPU", file=sys.stderr)
        # The table so far after every round: a long benchmark stopped early still says something.
        print(f"{run + 1} run(s) each, medians; {os.cpu_count()} CPUs; {sys.version.split()[0]}", flush=True)
        print(table(args.pages, args.languages, results) + "\n", flush=True)
    return 0


def latency(args: argparse.Namespace, work: Path) -> int:
    if args.incremental:
        corpus = work / f"corpus-{args.incremental}-{args.languages}-edit"
        Corpus(ROOT, corpus, args.incremental, args.languages).write()
        cold, warm = incremental(corpus, work / "site-edit", args.runs)
        ratio = median(cold, lambda r: r.cpu) / median(warm, lambda r: r.cpu)
        print(f"{args.incremental} pages x {args.languages} languages, {args.runs} run(s), medians: cold build "
              f"{median(cold, lambda r: r.cpu):.1f} s CPU ({median(cold, lambda r: r.wall):.1f} s wall); after editing "
              f"one English unit {median(warm, lambda r: r.cpu):.1f} s CPU ({median(warm, lambda r: r.wall):.1f} s wall): "
              f"{ratio:.1f} times less CPU")
        print("  incremental CPU per stage: " + ", ".join(
            f"{s} {median(warm, lambda r: r.stages.get(s, 0.0)):.2f} s" for s in STAGES))
    if args.preview:
        corpus = work / f"corpus-{args.preview}-{args.languages}-preview"
        Corpus(ROOT, corpus, args.preview, args.languages).write()
        seconds = preview(corpus, args.runs)
        print(f"preview at {args.preview} pages: from saving an edit to the page served with it, medians over "
              f"{len(seconds)} edit(s): {statistics.median(s for s, _ in seconds):.2f} s wall, "
              f"{statistics.median(c for _, c in seconds):.2f} s CPU of the server "
              f"({', '.join(f'{s:.2f}/{c:.2f}' for s, c in seconds)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
