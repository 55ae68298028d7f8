"""Every command meets bad input with FILE:LINE:COL messages and an exit code, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_build import small_project  # noqa: F401 (a fixture)


def run(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *args],
                          capture_output=True, text=True, cwd=ROOT)


@pytest.mark.parametrize("command", [
    ["check"], ["build", "--site-dir", "{tmp}/site"], ["status"], ["po", "export", "--lang", "nl", "--out", "{tmp}/po"],
    ["minor", "alpha", "title"], ["serve"],
], ids=lambda c: " ".join(c[:2]))
def test_broken_data_is_reported_by_every_command(minimal, tmp_path, command):
    page = minimal / "rules_data" / "pages" / "alpha.yaml"
    page.write_text(page.read_text().replace("title: Alpha", "title: [Alpha"))
    result = run(minimal, *[part.replace("{tmp}", str(tmp_path)) for part in command])
    assert result.returncode == 1
    assert "rules_data/pages/alpha.yaml:" in result.stderr and "error [yaml-syntax]" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "site").exists()


def test_po_import_of_a_missing_or_garbled_file(minimal, tmp_path):
    garbled = tmp_path / "garbled.po"
    garbled.write_text('msgid "unterminated\n')
    for path, code in ((tmp_path / "missing.po", "missing-file"), (garbled, "bad-po")):
        result = run(minimal, "po", "import", str(path))
        assert result.returncode == 1
        errors = [line for line in result.stderr.splitlines() if ": error [" in line]
        assert len(errors) == 1 and errors[0].startswith(f"{path}:1:1: error [{code}] "), result.stderr
        assert "Traceback" not in result.stderr
        assert "nothing was written" in result.stderr


def test_root_may_follow_the_command_at_any_depth(minimal, tmp_path):
    elsewhere = {"cwd": tmp_path, "capture_output": True, "text": True}
    for args in (["check", "--root", str(minimal)], ["po", "export", "--lang", "nl", "--out", str(tmp_path / "po"),
                                                     "--root", str(minimal)]):
        result = subprocess.run([sys.executable, "-m", "generator", *args], **elsewhere,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 0, result.stderr
    assert list((tmp_path / "po" / "nl").glob("*.po"))
    # Given twice, the one after the command wins.
    assert run(tmp_path / "nowhere", "check", "--root", str(minimal)).returncode == 0


def test_usage_errors(minimal):
    assert run(minimal, "po", "export", "--lang", "xx").returncode == 2
    assert run(minimal, "minor", "nowhere", "title").returncode == 2
    assert run(minimal, "nonsense").returncode == 2


def test_building_a_language_the_site_does_not_have_points_at_its_languages(minimal, tmp_path):
    result = run(minimal, "build", "--lang", "xx", "--site-dir", str(tmp_path / "site"))
    site = (minimal / "rules_data" / "site.yaml").read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(site, 1) if text.startswith("languages:"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"rules_data/site.yaml:{line}:1: error [unknown-language] no language 'xx'" in result.stderr
    assert not (tmp_path / "site").exists()


def test_the_command_ends_without_tearing_down_yet_every_line_and_exit_code_gets_out(small_project, tmp_path):  # noqa: F811
    # `rulesite` ends with os._exit after a command (see cli.exit_now): output to a pipe or a
    # file is block-buffered, so a missing flush would lose the report's last lines.
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    with (tmp_path / "out.txt").open("w") as out:
        built = subprocess.run([sys.executable, "-m", "generator", "--root", str(small_project), "build",
                                "--site-dir", str(tmp_path / "site")], stdout=out, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT, env=buffered)
    assert built.returncode == 0, built.stderr
    report = (tmp_path / "out.txt").read_text().splitlines()
    pages = len(list((tmp_path / "site").rglob("*.html")))
    # A plain build says what it built and how to read it, on one line; no breakdown.
    assert len(report) == 1 and report[0].startswith(f"built {pages} HTML pages in 2 languages (en, nl) in "), report
    assert report[0].endswith(SERVE.format(site=tmp_path / "site")), report
    checked = subprocess.run([sys.executable, "-m", "generator", "--root", str(small_project), "check", "--strict"],
                             capture_output=True, text=True, cwd=ROOT, env=buffered)
    assert checked.returncode == 0 and checked.stdout.strip(), checked


def test_the_stage_breakdown_is_printed_only_when_asked_for(monkeypatch, capsys, tmp_path):
    from generator.build import BuildResult
    from generator.cli import main
    from generator.commands import build as command
    from generator.core.timing import Timings

    timings = Timings(stages={"load+check+score": 1.0, "render": 1.0, "write": 0.5, "mkdocs": 7.5},
                      wall={"load+check+score": 1.0, "languages": 5.0}, processes=2,
                      cpu={"load+check+score": 1.0, "render": 1.0, "write": 0.5, "mkdocs": 7.5})
    result = BuildResult(tmp_path / "site", ["en", "nl"], timings, 12)
    monkeypatch.setattr(command, "build", lambda *args, **kwargs: result)
    assert main(["--root", str(tmp_path), "build"]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert len(plain) == 1 and plain[0].startswith("built 12 HTML pages in 2 languages (en, nl) in "), plain
    assert main(["--root", str(tmp_path), "build", "--timings"]) == 0
    detailed = capsys.readouterr().out.splitlines()
    assert detailed[:-1] == timings.report().splitlines() and len(detailed) == 5, detailed
    assert detailed[0].startswith("work per stage: load+check+score 1.00 s, render 1.00 s, write 0.50 s, mkdocs 7.50 s")
    assert detailed[3].endswith("= 25.0% of the build (30.6% of the wall-clock time)"), detailed
    serving = SERVE.format(site=tmp_path / "site")
    assert plain[0].endswith(serving) and detailed[-1].startswith("built 12 HTML pages") and detailed[-1].endswith(serving)


# Opened from disk, a server build's links to folders show folder listings: it says to serve it.
SERVE = (": serve {site} over HTTP to read it (python3 -m http.server -d {site}), "
         "or build with --offline to open it from disk")


def test_the_closing_line_says_open_only_for_an_offline_build(monkeypatch, capsys, tmp_path):
    from generator.build import BuildResult
    from generator.cli import main
    from generator.commands import build as command
    from generator.core.timing import Timings

    asked: list[bool] = []

    def fake(*args, offline=False, **kwargs):
        asked.append(offline)
        return BuildResult(tmp_path / "site", ["en", "nl"], Timings(), 12, offline)

    monkeypatch.setattr(command, "build", fake)
    assert main(["--root", str(tmp_path), "build"]) == 0
    online = capsys.readouterr().out.strip()
    assert main(["--root", str(tmp_path), "build", "--offline"]) == 0
    offline = capsys.readouterr().out.strip()
    assert asked == [False, True]
    assert online.endswith(SERVE.format(site=tmp_path / "site")) and ": open " not in online, online
    assert offline.endswith(f": open {tmp_path / 'site' / 'index.html'}"), offline


@pytest.mark.parametrize("unbuffered", [True, False], ids=["unbuffered", "buffered"])
@pytest.mark.parametrize("command", [["status", "--lang", "nl"], ["status", "--format", "json"], ["check"]],
                         ids=lambda c: " ".join(c))
def test_a_reader_that_stops_reading_ends_the_command_quietly(minimal, command, unbuffered):
    # `rulesite status | head`: the reader is gone before the command writes. Each print then
    # fails (unbuffered) or the last flush does (buffered); either way the command ends with
    # the shell's code for a closed pipe (128 + SIGPIPE) and says nothing about it.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    child = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(minimal), *command],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    errors = child.stderr.read().decode()
    assert child.wait() == 141, errors
    assert errors == "", errors
