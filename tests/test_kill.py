"""Killed with SIGKILL at many points, a PO import and a build leave old or new, never half.

Kill points are both timed (a real ``rulesite`` process killed after a delay) and exact: a
small driver process replaces one step (a file rename, the site swap) with a kill of
itself, so the narrow windows between writes are hit every time, not by luck.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.project import load
from generator.output.sitedir import MARKER, recover

from .conftest import ROOT

# Runs `rulesite ARGS` after making the Nth call of MODULE.NAME kill the process instead.
DRIVER = """
import os, signal, sys, importlib
module, name, nth = sys.argv[1], sys.argv[2], int(sys.argv[3])
target = importlib.import_module(module)
original = getattr(target, name)
calls = [0]
def killing(*args, **kwargs):
    calls[0] += 1
    if calls[0] == nth:
        os.kill(os.getpid(), signal.SIGKILL)
    return original(*args, **kwargs)
setattr(target, name, killing)
from generator import cli
sys.exit(cli.main(sys.argv[4:]))
"""


def _sums(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _copy(root: Path, names=("rules_data", "examples", "content")) -> Path:
    for name in names:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, root / name)
    return root


def _rulesite(*args: str, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


@pytest.fixture(scope="module")
def po_case(tmp_path_factory):
    """A project, PO files that change every translation file of one language, and both states."""
    base = tmp_path_factory.mktemp("po-kill")
    old = _copy(base / "old")
    from generator.i18n.po import export

    project, _ = load(old)
    language = project.target_languages[0]
    files = export(project, language, base / "po")
    for path in files:  # every non-empty translation gains a word: every file changes
        lines = path.read_text(encoding="utf-8").split("\n")
        lines = [line[:-1] + ' (herzien)"' if line.startswith('msgstr "') and line != 'msgstr ""' else line
                 for line in lines]
        path.write_text("\n".join(lines), encoding="utf-8")
    new = base / "new"
    shutil.copytree(old, new)
    done = subprocess.run([sys.executable, "-m", "generator", "po", "import", *map(str, files)], cwd=new,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    folder = Path("rules_data") / "translations" / language
    olds, news = _sums(old / folder), _sums(new / folder)
    changed = [name for name in olds if olds[name] != news.get(name)]
    assert len(changed) >= 3, changed
    return base, old, files, folder, olds, news


def _check_old_or_new(project: Path, folder: Path, olds: dict, news: dict) -> str:
    now = {name: digest for name, digest in _sums(project / folder).items() if name.endswith(".yaml")}
    assert set(now) == set(olds)
    for name, digest in now.items():
        assert digest in (olds[name], news[name]), f"{name} is neither the old nor the new file"
    loaded, problems = load(project)
    assert loaded is not None and not [p for p in problems if p.level == "error"], problems
    return "old" if now == olds else "new" if now == news else "mixed"


@pytest.mark.parametrize("nth", [1, 2, 3, 4])
def test_po_import_killed_at_each_rename_leaves_old_or_new_files(po_case, tmp_path, nth):
    base, old, files, folder, olds, news = po_case
    project = tmp_path / "project"
    shutil.copytree(old, project)
    run = subprocess.run([sys.executable, "-c", DRIVER, "os", "replace", str(nth), "po", "import",
                          *map(str, files)], cwd=project, capture_output=True, text=True, timeout=600)
    assert run.returncode == -signal.SIGKILL, run.stderr
    state = _check_old_or_new(project, folder, olds, news)
    assert state in ("old", "mixed") if nth > 1 else state == "old"


@pytest.mark.parametrize("delay", [0.5, 1.0, 1.5, 2.0, 3.0])
def test_po_import_killed_after_a_delay_leaves_old_or_new_files(po_case, tmp_path, delay):
    base, old, files, folder, olds, news = po_case
    project = tmp_path / "project"
    shutil.copytree(old, project)
    process = _rulesite("po", "import", *map(str, files), cwd=project)
    time.sleep(delay)
    process.kill()
    process.wait(timeout=60)
    _check_old_or_new(project, folder, olds, news)


# --------------------------------------------------------------------------- builds


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    project = _copy(tmp_path_factory.mktemp("build-kill") / "project", ("rules_data", "examples", "content", "theme",
                                                                         "mkdocs.yml"))
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--lang", "en", "--lang", "nl"], cwd=project,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    return project, _sums(project / "site")


# Runs `rulesite build ARGS` with each language worker holding still after MkDocs has written
# its language into the staging folder: it leaves a file named after its pid in READY and sleeps,
# so the kill below always lands while both workers are alive, however fast the machine is.
HOLDING_DRIVER = """
import os, sys, time
from pathlib import Path
import generator.build as b
ready, original = Path(sys.argv[1]), b.build_language
def build_then_hold(*args, **kwargs):
    result = original(*args, **kwargs)
    (ready / str(os.getpid())).write_text("built")
    time.sleep(600)
    return result
b.build_language = build_then_hold
from generator import cli
sys.exit(cli.main(sys.argv[2:]))
"""


@pytest.mark.build
def test_build_killed_while_languages_build_keeps_the_site_and_its_workers_die(built, tmp_path):
    project, before = built
    ready = tmp_path / "ready"
    ready.mkdir()
    process = subprocess.Popen([sys.executable, "-c", HOLDING_DRIVER, str(ready), "build", "--lang", "en",
                                "--lang", "nl"], cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and process.poll() is None and len(list(ready.iterdir())) < 2:
        time.sleep(0.1)
    workers = _children(process.pid)
    assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
    assert sorted(workers) == sorted(int(entry.name) for entry in ready.iterdir())
    assert list(project.glob(".site.new.*/*/*")), "MkDocs should have begun writing the staging folder"
    process.kill()
    process.wait(timeout=60)
    # The workers learn of their parent's death from the kernel; give them a generous minute
    # (a loaded machine is slow, not wrong) and stop waiting as soon as they are gone.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.1)
    assert [pid for pid in workers if _alive(pid)] == []
    assert _sums(project / "site") == before
    assert list(project.glob(".site.new.*")), "the killed build should have left its staging folder"
    recover(project / "site")
    assert list(project.glob(".site.*")) == []
    assert _sums(project / "site") == before


@pytest.mark.build
def test_build_killed_inside_the_swap_is_restored_by_the_next_run(built):
    project, before = built
    # Without an atomic exchange the swap is two renames: do the first, then die.
    driver = ("import os, signal, sys\nimport generator.output.sitedir as s\n"
              "def first_rename_then_die(new, target):\n"
              "    os.replace(target, target.with_name('.' + target.name + '.old.deadbeef'))\n"
              "    os.kill(os.getpid(), signal.SIGKILL)\n"
              "s.exchange = first_rename_then_die\n"
              "from generator import cli\nsys.exit(cli.main(sys.argv[1:]))\n")
    run = subprocess.run([sys.executable, "-c", driver, "build", "--lang", "en", "--lang", "nl"],
                         cwd=project, capture_output=True, text=True, timeout=1200)
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert not (project / "site").exists(), "the kill should have hit between the two renames"
    recover(project / "site")  # what the next `rulesite build` does first
    assert _sums(project / "site") == before
    assert (project / "site" / MARKER).is_file()
    assert list(project.glob(".site.*")) == []
