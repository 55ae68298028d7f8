"""Linting many wiki files at once: both cores, kept results, exports read in two passes.

The corpus is the benchmark's (``benchmarks/corpus.py --wikitext``): the real pages as
wikitext in three languages, as loose page files and as one export. Speed is measured by
``benchmarks/wiki.py``, never here; these tests show that the fast paths give the very
findings of the plain one.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.corpus import Corpus, real_pages
from generator.wiki import export
from generator.wiki.batch import KEPT, lint_files
from generator.wiki.lint import lint, load_settings
from generator.wiki.source import Request, read_inputs

from .conftest import ROOT

LANGUAGES = 3


@pytest.fixture(scope="module")
def wiki(tmp_path_factory) -> Path:
    corpus = Corpus(ROOT, tmp_path_factory.mktemp("batch") / "project", real_pages(ROOT), LANGUAGES)
    corpus.write()
    corpus.wikitext()
    corpus.export()
    return corpus.out / "wiki"


@pytest.fixture(scope="module")
def settings():
    return load_settings(ROOT)[0]


def _request(settings) -> Request:
    return Request.of(known_languages=settings.languages)


def _files(wiki: Path) -> list[Path]:
    return sorted(wiki.glob("*.wiki"))


def test_two_processes_find_what_the_plain_lint_finds(wiki, settings):
    files = _files(wiki)
    pages, unread = read_inputs(files, known_languages=settings.languages)
    plain = sorted(unread + lint(pages, settings))
    both = lint_files(files, _request(settings), settings, jobs=2)
    assert sorted(both.problems) == plain and plain  # the corpus has findings: the comparison means something
    assert both.linted == len(files) and both.kept == 0
    assert sorted((p.file, p.title, p.language) for p in both.pages) == sorted((p.file, p.title, p.language) for p in pages)


def test_an_export_gives_the_findings_of_its_pages_as_files(wiki, settings):
    loose = lint_files(_files(wiki), _request(settings), settings, jobs=2)
    dumped = lint_files([wiki / "export.xml"], _request(settings), settings, jobs=2)
    # Messages name the source's line, which is another in the export.
    def said(problems):
        return Counter((p.code, re.sub(r"line \d+ of the source", "line N", p.message)) for p in problems)

    assert said(dumped.problems) == said(loose.problems)
    assert len(dumped.pages) == len(loose.pages)
    # Each finding stands in the export at the page it was found on, at the same line of its text.
    text = (wiki / "export.xml").read_text(encoding="utf-8").splitlines()
    for problem in dumped.problems:
        assert 1 <= problem.line <= len(text)


def test_kept_results_are_used_until_a_page_changes_and_then_only_its_group_is_linted(wiki, settings, tmp_path):
    files = [tmp_path / path.name for path in _files(wiki)]
    for path, copy in zip(_files(wiki), files):
        copy.write_bytes(path.read_bytes())
    cold = lint_files(files, _request(settings), settings, jobs=2, root=tmp_path)
    assert (cold.linted, cold.kept) == (len(files), 0) and (tmp_path / KEPT).is_file()
    warm = lint_files(files, _request(settings), settings, jobs=2, root=tmp_path)
    assert (warm.linted, warm.kept) == (0, len(files))
    assert sorted(warm.problems) == sorted(cold.problems)
    # One translation edited: its page and the pages it is compared with are linted again.
    edited = next(path for path in files if path.name.count(".") == 2)
    edited.write_text(edited.read_text(encoding="utf-8") + "\n{{NoSuchTemplate}}\n", encoding="utf-8")
    again = lint_files(files, _request(settings), settings, jobs=2, root=tmp_path)
    assert again.linted == LANGUAGES and again.kept == len(files) - LANGUAGES
    assert [p for p in again.problems if p not in cold.problems] == \
        [p for p in again.problems if p.file == str(edited) and p.code == "unknown-template"
         and "NoSuchTemplate" in p.message]
    fresh = lint_files(files, _request(settings), settings, jobs=1, root=tmp_path, fresh=True)
    assert fresh.linted == len(files) and sorted(fresh.problems) == sorted(again.problems)


def test_a_damaged_results_file_is_a_cold_lint_not_a_wrong_one(wiki, settings, tmp_path):
    files = _files(wiki)[:LANGUAGES * 4]
    first = lint_files(files, _request(settings), settings, jobs=1, root=tmp_path)
    kept = tmp_path / KEPT
    damaged = bytearray(kept.read_bytes())
    damaged[-1] ^= 0xFF
    kept.write_bytes(bytes(damaged))
    second = lint_files(files, _request(settings), settings, jobs=1, root=tmp_path)
    assert (second.linted, second.kept) == (len(files), 0)
    assert sorted(second.problems) == sorted(first.problems)


def test_an_export_changed_between_its_two_readings_is_refused_at_the_page(tmp_path):
    before = (b"<mediawiki><siteinfo/><page><title>T</title><ns>0</ns><revision><id>1</id>"
              b"<text>== Heading ==\nA line.</text></revision></page></mediawiki>")
    records, problems = export.index(io.BytesIO(before), "x.xml")
    assert problems == [] and [r.title for r in records] == ["T"]
    after = before.replace(b"A line.", b"B line.")
    [(record, found)] = list(export.texts(io.BytesIO(after), "x.xml", records))
    assert record is records[0] and found.code == "bad-export" and "changed between" in found.message
    [(_, same)] = list(export.texts(io.BytesIO(before), "x.xml", records))
    assert same == "== Heading ==\nA line."


def test_the_command_says_how_many_pages_came_from_kept_results(wiki, tmp_path):
    import subprocess
    import sys

    files = [str(path) for path in _files(wiki)[:LANGUAGES * 2]]
    project = tmp_path / "project"
    (project / "rules_data").mkdir(parents=True)
    for name in ("site.yaml",):
        (project / "rules_data" / name).write_bytes((ROOT / "rules_data" / name).read_bytes())
    command = [sys.executable, "-m", "generator", "--root", str(project), "wiki-lint", *files]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    second = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert "kept" not in first.stderr.splitlines()[-1]
    assert f"; {len(files)} of the pages unchanged since a lint whose results were kept" in second.stderr
    assert first.stdout == second.stdout and first.returncode == second.returncode


def test_pages_moved_in_an_export_keep_their_results_moved_with_them(wiki, settings, tmp_path):
    dump = tmp_path / "export.xml"
    text = (wiki / "export.xml").read_text(encoding="utf-8")
    dump.write_text(text, encoding="utf-8")
    cold = lint_files([dump], _request(settings), settings, jobs=1, root=tmp_path)
    # The first page grows by two lines: every later page moves down, unchanged.
    dump.write_text(text.replace("</text>", "\nTwo more\nlines.</text>", 1), encoding="utf-8")
    moved = lint_files([dump], _request(settings), settings, jobs=1, root=tmp_path)
    assert moved.linted == LANGUAGES and moved.kept == cold.linted - LANGUAGES
    fresh = lint_files([dump], _request(settings), settings, jobs=1, root=tmp_path, fresh=True)
    assert sorted(moved.problems) == sorted(fresh.problems)
    assert sorted((p.title, p.language or "", p.first_line) for p in moved.pages) == \
        sorted((p.title, p.language or "", p.first_line) for p in fresh.pages)


def test_a_folder_is_linted_as_its_page_files_and_exports(wiki, tmp_path):
    import json
    import subprocess
    import sys

    folder = tmp_path / "pages"
    (folder / "more").mkdir(parents=True)
    chosen = _files(wiki)
    for path in chosen[:len(chosen) // 2]:
        (folder / path.name).write_bytes(path.read_bytes())
    for path in chosen[len(chosen) // 2:]:
        (folder / "more" / path.name).write_bytes(path.read_bytes())
    (folder / "notes.md").write_text("not a page", encoding="utf-8")  # not a page file: left alone

    def linted(*paths):
        run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "wiki-lint", "--fresh",
                              "--format", "json", *map(str, paths)], capture_output=True, text=True, timeout=300, cwd=ROOT)
        report = json.loads(run.stdout)
        return run.returncode, report["summary"], len(report["problems"])

    by_folder = linted(folder)
    by_files = linted(*sorted(folder.rglob("*.wiki")))
    assert by_folder == by_files and by_folder[1]  # the pages have findings: both runs read them


def test_an_import_on_every_core_writes_what_one_process_writes(wiki, tmp_path):
    import shutil
    import subprocess
    import sys

    written = {}
    for jobs in ("1", "2"):
        project = tmp_path / f"jobs-{jobs}"
        shutil.copytree(wiki.parent, project, ignore=shutil.ignore_patterns("wiki", "build"))
        run = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "import", "wiki", "--force",
                              "--jobs", jobs, str(wiki / "export.xml")], capture_output=True, text=True, timeout=600,
                             cwd=ROOT)
        # The forced import replaces the hand-written farmers page, whose hand-written examples then
        # name sections it no longer has: the check after the import says so, the same both times.
        assert any(line.startswith("wrote ") for line in run.stdout.splitlines()), run.stderr[-2000:]
        written[jobs] = (run.returncode, run.stderr, {path.relative_to(project): path.read_bytes()
                                                     for path in sorted(project.rglob("*.yaml")) if "build" not in path.parts})
    assert written["1"] == written["2"] and len(written["1"][2]) > LANGUAGES * real_pages(ROOT)


def test_the_import_command_refuses_a_rendered_copy_it_parses_itself(tmp_path):
    import shutil
    import subprocess
    import sys

    project = tmp_path / "project"
    for name in ("rules_data", "examples", "content", "theme"):
        shutil.copytree(ROOT / name, project / name)
    rendered = ROOT / "tests" / "fixtures" / "wiki" / "import" / "rendered.txt"
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "import", "wiki", str(rendered)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 1 and "[rendered-text]" in run.stderr and "nothing was written" in run.stderr
