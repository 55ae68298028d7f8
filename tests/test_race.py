"""Two builds at once: one stops or waits, and every site left is the cold build's, byte for byte.

Builds run as real ``rulesite`` processes on a copy of the project, two languages each to
keep it affordable. Racing pairs are started together and either outcome is allowed (one
refused with the one-line message and nothing changed, or both complete, one after the
other); what is never allowed is a site that differs from a cold build, or a traceback.
Where a test needs a build to be *inside* its lock, a driver holds it there until told to
go on, so the overlap is certain however fast or loaded the machine is. The counts of the
racing pairs are written to ``test-artifacts/race-counts.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.core.lock import hold_folder
from generator.output.sitedir import lock_path, recover

from .conftest import ROOT

pytestmark = pytest.mark.build
LANGS = ("--lang", "en", "--lang", "de")  # the language the audit saw go missing, and the source
PAIRS = 5
BUSY = "another build of this project is running (pid "
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}  # the sitemap's dates: the same in every build

# Runs `rulesite ARGS` with the build held inside its locks (in load, before anything is
# read) until the file GO exists; it writes its pid to READY once it holds them.
HOLDER = """
import os, sys, time
from pathlib import Path
import generator.build as b
ready, go, original = Path(sys.argv[1]), Path(sys.argv[2]), b.load
def load_when_told(*args, **kwargs):
    ready.write_text(str(os.getpid()))
    while not go.exists():
        time.sleep(0.05)
    return original(*args, **kwargs)
b.load = load_when_told
from generator import cli
sys.exit(cli.main(sys.argv[3:]))
"""


def digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def copy_project(target: Path) -> Path:
    for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, target / name)
    return target


@dataclass
class Run:
    code: int
    out: str
    err: str


def start(project: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=project, env=ENV, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(process: subprocess.Popen) -> Run:
    out, err = process.communicate(timeout=1200)
    return Run(process.returncode, out, err)


def rulesite(project: Path, *args: str) -> Run:
    return finish(start(project, *args))


class Holder:
    """A build held inside its locks until :meth:`go`."""

    def __init__(self, project: Path, folder: Path, *args: str):
        self.ready, self.signal = folder / "ready", folder / "go"
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(self.ready), str(self.signal), *args],
                                        cwd=project, env=ENV, text=True, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        deadline = time.monotonic() + 600  # a loaded machine is slow, not wrong
        while not self.ready.exists() and self.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.ready.exists(), self.process.communicate()[1] if self.process.poll() is not None else "no lock"
        self.pid = self.process.pid

    def go(self) -> Run:
        self.signal.write_text("go")
        return finish(self.process)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A project whose builds race, and the site of a cold build of it (in a copy of its own)."""
    base = tmp_path_factory.mktemp("race")
    cold = copy_project(base / "cold")
    run = rulesite(cold, "build", *LANGS, "--site-dir", str(base / "reference"))
    assert run.code == 0, run.err
    return copy_project(base / "project"), digest(base / "reference")


@pytest.fixture(scope="module")
def tally():
    counts: dict[str, dict[str, int]] = {}
    yield counts
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    (folder / "race-counts.json").write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
    print("\nracing pairs:", json.dumps(counts))


def refused_line(run: Run) -> bool:
    lines = run.err.strip().splitlines()
    return run.code == 1 and len(lines) == 1 and BUSY in lines[0] and "give --wait" in lines[0]


def judge(run: Run, site: Path, before: dict[str, str] | None, expected: dict[str, str], counts: dict) -> None:
    """Count one build of a pair: refused (its folder as it was) or complete (the cold build's site)."""
    counts["tracebacks"] += "Traceback" in run.err
    if run.code == 0:
        counts["completed"] += 1
        counts["wrong sites"] += digest(site) != expected
    elif refused_line(run):
        counts["refused"] += 1
        counts["wrong sites"] += (digest(site) if site.exists() else None) != before
    else:
        counts["failed otherwise"] += 1


def _new_counts() -> dict[str, int]:
    return dict.fromkeys(("pairs", "refused", "completed", "wrong sites", "tracebacks", "failed otherwise"), 0)


@pytest.mark.parametrize("folders", ["same site folder", "two site folders"])
@pytest.mark.parametrize("wait", [False, True], ids=["refused or both", "--wait"])
def test_two_builds_started_together_leave_the_cold_site(reference, tally, tmp_path, folders, wait):
    project, expected = reference
    counts = tally.setdefault(f"{folders}, {'--wait' if wait else 'no --wait'}", _new_counts())
    sites = [tmp_path / "site"] * 2 if folders == "same site folder" else [tmp_path / "a", tmp_path / "b"]
    for attempt in range(PAIRS):
        if attempt % 2 == 0:  # every other pair from a cold build/, whose caches both would write
            shutil.rmtree(project / "build", ignore_errors=True)
        # A refused build leaves the folder as the pair found it: judged after both ended,
        # when the other (same folder) has replaced it with the cold build's site.
        befores = [digest(site) if site.exists() else None for site in sites]
        extra = ("--wait",) if wait else ()
        processes = [start(project, "build", *LANGS, "--site-dir", str(site), *extra) for site in sites]
        runs = [finish(process) for process in processes]
        counts["pairs"] += 1
        for run, site, before in zip(runs, sites, befores):
            if folders == "same site folder" and run.code != 0 and any(r.code == 0 for r in runs):
                before = expected  # the other build replaced it: the refused one must not have
            judge(run, site, before, expected, counts)
    assert counts["wrong sites"] == 0 and counts["tracebacks"] == 0 and counts["failed otherwise"] == 0, counts
    assert counts["completed"] >= PAIRS, counts  # at least one build of every pair
    if wait:
        assert counts["completed"] == 2 * counts["pairs"], counts
    # A folder whose every build was refused was never made (the same build may lose each
    # pair on a loaded machine); every folder that exists holds the cold build's site.
    assert all(digest(site) == expected for site in sites if site.exists())
    assert any(site.exists() for site in sites)


def _build_files(project: Path) -> dict[str, str]:
    return {name: sha for name, sha in digest(project / "build").items() if not name.endswith(".lock")}


def test_a_build_is_refused_while_another_holds_the_project(reference, tmp_path):
    project, expected = reference
    site = tmp_path / "site"
    other = copy_project(tmp_path / "other")  # another project, to build into the folder being written
    holder = Holder(project, tmp_path, "build", *LANGS, "--site-dir", str(site))
    try:
        before = _build_files(project)
        refusals = [
            (rulesite(project, "build", "--lang", "de", "--site-dir", str(tmp_path / "b")), BUSY),  # a language held
            (rulesite(project, "build", "--site-dir", str(tmp_path / "c")), BUSY),  # every language: the project
            (rulesite(other, "build", *LANGS, "--site-dir", str(site)), f"another build is writing {site.resolve()} (pid "),
        ]
        after = _build_files(project)  # before the held build goes on and writes its own
    finally:
        done = holder.go()
    for run, message in refusals:
        assert run.code == 1 and run.err.strip().splitlines() == [run.err.strip()], run.err
        assert f"{message}{holder.pid}); give --wait to wait for it" in run.err
    assert after == before  # nothing written by the refused builds
    assert not (tmp_path / "b").exists() and not (tmp_path / "c").exists()
    assert not any((other / "build").rglob("*.pickle"))  # the other project was not even loaded
    assert done.code == 0, done.err
    assert digest(site) == expected


def test_a_build_with_wait_waits_for_the_one_running(reference, tmp_path):
    project, expected = reference
    holder = Holder(project, tmp_path, "build", *LANGS, "--site-dir", str(tmp_path / "site"))
    waiting = start(project, "build", *LANGS, "--wait", "--site-dir", str(tmp_path / "site"))
    try:
        said = waiting.stderr.readline()  # said before it waits: it is waiting once this is read
    finally:
        first = holder.go()
    second = finish(waiting)
    assert said == f"rulesite: {BUSY}{holder.pid}); waiting for it to finish\n"
    assert first.code == 0 and second.code == 0, (first.err, second.err)
    assert "Traceback" not in first.err + second.err
    assert digest(tmp_path / "site") == expected


def test_a_killed_build_does_not_block_the_next(reference, tmp_path):
    project, expected = reference
    site = tmp_path / "site"
    holder = Holder(project, tmp_path, "build", *LANGS, "--site-dir", str(site))
    assert rulesite(project, "build", *LANGS, "--site-dir", str(site)).code == 1  # it does hold the locks
    holder.process.send_signal(signal.SIGKILL)
    holder.process.communicate(timeout=60)
    assert holder.process.returncode == -signal.SIGKILL
    assert lock_path(site).exists(), "the killed build should have left its lock file"
    run = rulesite(project, "build", *LANGS, "--site-dir", str(site))  # no --wait: nothing may still hold it
    assert run.code == 0, run.err
    assert digest(site) == expected
    assert not lock_path(site).exists()  # removed by the build that found it unheld, on release


def test_recover_leaves_alone_a_staging_folder_a_live_build_holds(tmp_path):
    site = tmp_path / "site"
    held, stale = tmp_path / ".site.new.held", tmp_path / ".site.new.stale"
    stale.mkdir()
    lock_path(site).write_text("12345\n")  # left by a killed build: nobody holds it
    fd = hold_folder(held)
    try:
        recover(site)
        assert held.is_dir() and not stale.exists() and not lock_path(site).exists()
    finally:
        os.close(fd)
    recover(site)  # its build has ended: now it goes
    assert sorted(p.name for p in tmp_path.iterdir()) == []
