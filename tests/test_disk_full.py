"""A full disk: one line naming the path and the cause, exit 1, no traceback, nothing lost.

Each case runs the real ``rulesite`` command against a small tmpfs that is (or becomes)
full: the site folder, the whole project, the folder PO files are exported to, and the
translation files a PO import writes. The tmpfs needs root (or the right to mount);
where mounting is not allowed the tests are skipped, saying so.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import FIXTURES, ROOT

FULL = "no space left on device"


def digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def tmpfs(tmp_path):
    """``mount(size)``: a new tmpfs of ``size`` (``"2m"``), unmounted after the test."""
    mounted: list[Path] = []

    def mount(size: str) -> Path:
        folder = tmp_path / f"tmpfs{len(mounted)}"
        folder.mkdir()
        try:
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                                  capture_output=True, text=True, timeout=60)
        except OSError as exc:
            pytest.skip(f"a tmpfs cannot be mounted here ({exc}): the disk-full cases need one")
        if done.returncode != 0:
            pytest.skip(f"a tmpfs cannot be mounted here ({done.stderr.strip() or done.returncode}): "
                        "the disk-full cases need root or the right to mount")
        mounted.append(folder)
        return folder

    yield mount
    for folder in reversed(mounted):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=60)


def fill(folder: Path, leave: int = 0) -> None:
    """Fill the file system of ``folder`` to the last byte, then free ``leave`` bytes of it."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for chunk in (1 << 16, 1 << 12, 1):
            try:
                while True:
                    os.write(fd, b"\0" * chunk)
            except OSError:
                pass
        if leave:
            os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
    finally:
        os.close(fd)
    assert shutil.disk_usage(folder).free <= leave + 4096


def small_project(target: Path) -> Path:
    """The small project of ``tests/test_build.py`` (two languages), copied to ``target``."""
    shutil.copytree(FIXTURES / "minimal", target, dirs_exist_ok=True)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", target / "rules_data" / "ui.yaml")
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", target / "theme")
    for lang in ("en", "nl"):
        shutil.copytree(ROOT / "content" / lang, target / "content" / lang)
    return target


def rulesite(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=project, capture_output=True, text=True,
                          timeout=1200, env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})


def one_line_about(run: subprocess.CompletedProcess, under: Path, cwd: Path) -> str:
    """The one line a full disk gives: exit 1, no traceback, a path in ``under`` and the cause."""
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and len(lines) == 1, run.stderr
    line = lines[0]
    print(line)  # shown with -s: the messages themselves
    assert line.startswith("rulesite: ") and f": {FULL}" in line, line
    named = (cwd / line.removeprefix("rulesite: ").split(f": {FULL}")[0]).resolve()  # relative to where it ran
    assert named == under.resolve() or under.resolve() in named.parents, line
    return line


def edit(project: Path) -> None:
    """A new page title: every page shows it in the navigation, so a rebuild has new bytes to write."""
    page = project / "rules_data" / "pages" / "alpha.yaml"
    text = page.read_text(encoding="utf-8")
    assert "\ntitle: Alpha\n" in text
    page.write_text(text.replace("\ntitle: Alpha\n", "\ntitle: Alpha, revised\n", 1), encoding="utf-8")


def test_a_full_site_folder_keeps_the_previous_site(tmpfs, tmp_path):
    project = small_project(tmp_path / "project")
    disk = tmpfs("16m")
    site = disk / "site"
    assert rulesite(project, "build", "--site-dir", str(site)).returncode == 0
    before = digest(site)
    edit(project)
    fill(disk)
    line = one_line_about(rulesite(project, "build", "--site-dir", str(site)), site, project)
    assert line.endswith(f"{site.resolve()} was left as it was")
    assert digest(site) == before
    assert sorted(p.name for p in disk.iterdir()) == ["filler", "site"]  # no staging or lock left behind


@pytest.mark.parametrize("leave", [0, 32 << 10, 96 << 10])
def test_a_project_on_a_disk_that_fills_up_during_the_build(tmpfs, tmp_path, leave):
    disk = tmpfs("24m")
    project = small_project(disk / "project")
    assert rulesite(project, "build").returncode == 0
    before = digest(project / "site")
    edit(project)
    fill(disk, leave)  # no room, or room for part of what the build writes
    one_line_about(rulesite(project, "build"), disk, project)
    assert digest(project / "site") == before
    assert not [p.name for p in project.iterdir() if p.name.startswith(".site")]


def test_a_project_with_only_room_for_its_data_builds_no_site(tmpfs, tmp_path):
    data = small_project(tmp_path / "data")
    size = sum(p.stat().st_size for p in data.rglob("*") if p.is_file())
    disk = tmpfs(f"{(size * 3 // 2) // 1024 + 64}k")  # the data and its folders, and a little more
    project = disk / "project"
    shutil.copytree(data, project)
    one_line_about(rulesite(project, "build"), disk, project)
    assert not (project / "site").exists()
    assert not [p.name for p in project.iterdir() if p.name.startswith(".site")]


def test_po_export_onto_a_full_disk(tmpfs, tmp_path):
    project = small_project(tmp_path / "project")
    disk = tmpfs("2m")
    fill(disk)
    line = one_line_about(rulesite(project, "po", "export", "--lang", "nl", "--out", str(disk / "po")), disk / "po",
                          project)
    assert "export again" in line


def test_po_import_onto_a_full_disk_changes_no_translation(tmpfs, tmp_path):
    disk = tmpfs("4m")
    project = small_project(disk / "project")
    done = rulesite(project, "po", "export", "--lang", "nl", "--out", str(tmp_path / "po"))
    assert done.returncode == 0, done.stderr
    files = sorted((tmp_path / "po" / "nl").glob("*.po"))
    for path in files:  # every translation gains a word
        path.write_text("\n".join(line[:-1] + ' (herzien)"' if line.startswith('msgstr "') and line != 'msgstr ""'
                                  else line for line in path.read_text(encoding="utf-8").split("\n")),
                        encoding="utf-8")
    translations = project / "rules_data" / "translations"
    before = digest(translations)
    fill(disk)
    one_line_about(rulesite(project, "po", "import", *map(str, files)), translations, project)
    assert digest(translations) == before
    (disk / "filler").unlink()  # with room again, the same import changes them: it was a real one
    again = rulesite(project, "po", "import", *map(str, files))
    assert again.returncode == 0, again.stderr
    assert digest(translations) != before
