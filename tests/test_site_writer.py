"""The last site's unchanged files are linked into the new one, and the old site never changes.

(Whole builds that reuse the last site are compared with cold builds in test_incremental.py.)"""

from __future__ import annotations

import os
import shutil

import pytest

from generator.output.site_writer import SiteWriter
from generator.output.write import html_files, scan_template_syntax


@pytest.fixture
def sites(tmp_path):
    old, new = tmp_path / "site", tmp_path / ".site.new"
    (old / "en" / "page").mkdir(parents=True)
    (old / "en" / "page" / "index.html").write_bytes(b"<p>same</p>\n")
    (old / "en" / "edited.html").write_bytes(b"<p>before</p>\n")
    new.mkdir()
    return old.resolve(), new.resolve()


def test_equal_bytes_are_linked_and_other_bytes_written(sites):
    old, new = sites
    last = SiteWriter(old, new)
    last.write(b"<p>same</p>\n", str(new / "en" / "page" / "index.html"))
    last.write(b"<p>after!</p>\n", str(new / "en" / "edited.html"))
    last.write(b"<p>new</p>\n", str(new / "en" / "added.html"))
    assert (new / "en" / "page" / "index.html").stat().st_ino == (old / "en" / "page" / "index.html").stat().st_ino
    assert (new / "en" / "edited.html").stat().st_ino != (old / "en" / "edited.html").stat().st_ino
    assert (new / "en" / "edited.html").read_bytes() == b"<p>after!</p>\n"
    assert (new / "en" / "added.html").read_bytes() == b"<p>new</p>\n"
    assert (last.linked, last.written) == (1, 2)
    assert (old / "en" / "edited.html").read_bytes() == b"<p>before</p>\n"


def test_a_file_of_the_same_size_but_other_bytes_is_not_linked(sites):
    old, new = sites
    last = SiteWriter(old, new)
    last.write(b"<p>SAME</p>\n", str(new / "en" / "page" / "index.html"))  # an edit by hand changes no size
    assert last.linked == 0
    assert (new / "en" / "page" / "index.html").read_bytes() == b"<p>SAME</p>\n"


def test_writing_again_over_a_linked_file_leaves_the_old_site_as_it_was(sites):
    old, new = sites
    last = SiteWriter(old, new)
    target = str(new / "en" / "page" / "index.html")
    last.write(b"<p>same</p>\n", target)
    last.write(b"<p>changed</p>\n", target)  # into a file both sites share
    assert (new / "en" / "page" / "index.html").read_bytes() == b"<p>changed</p>\n"
    assert (old / "en" / "page" / "index.html").read_bytes() == b"<p>same</p>\n"
    last.copy(str(old / "en" / "edited.html"), target)
    assert (old / "en" / "page" / "index.html").read_bytes() == b"<p>same</p>\n"


def test_a_symbolic_link_in_the_old_site_is_not_followed(sites, tmp_path):
    old, new = sites
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_bytes(b"<p>same</p>\n")
    os.symlink(elsewhere, old / "en" / "linked")
    os.symlink(elsewhere / "index.html", old / "en" / "file.html")
    last = SiteWriter(old, new)
    last.write(b"<p>same</p>\n", str(new / "en" / "linked" / "index.html"))
    last.write(b"<p>same</p>\n", str(new / "en" / "file.html"))
    assert last.linked == 0
    assert (new / "en" / "linked" / "index.html").stat().st_ino != (elsewhere / "index.html").stat().st_ino


def test_without_links_the_file_is_written(sites, monkeypatch):
    old, new = sites

    def refuse(*args):
        raise OSError("no hard links on this file system")

    monkeypatch.setattr(os, "link", refuse)
    last = SiteWriter(old, new)
    last.write(b"<p>same</p>\n", str(new / "en" / "page" / "index.html"))
    assert (last.linked, last.written) == (0, 1)
    assert (new / "en" / "page" / "index.html").read_bytes() == b"<p>same</p>\n"


def test_copy_is_mkdocs_copy_file(sites, tmp_path):
    old, new = sites
    source = tmp_path / "docs" / "logo.svg"
    source.parent.mkdir()
    source.write_bytes(b"<svg/>")
    last = SiteWriter(old, new)
    (new / "assets").mkdir()
    last.copy(str(source), str(new / "assets"))  # a folder: the file goes in under its name
    assert (new / "assets" / "logo.svg").read_bytes() == b"<svg/>"
    with pytest.raises(shutil.SameFileError):
        last.copy(str(new / "assets" / "logo.svg"), str(new / "assets" / "logo.svg"))
    assert (new / "assets" / "logo.svg").read_bytes() == b"<svg/>"


def test_template_syntax_in_a_page_is_found_as_it_is_written(tmp_path):
    writer = SiteWriter(None, tmp_path)
    writer.write(b"<p>fine</p>\n<p>a {{ leftover }}</p>\n", str(tmp_path / "en" / "index.html"))
    writer.write(b"<svg>{{ not a page }}</svg>", str(tmp_path / "en" / "img" / "a.svg"))
    assert [(p.file, p.line, p.column, p.code) for p in writer.problems] == [
        (str(tmp_path / "en" / "index.html"), 2, 6, "template-syntax")]
    assert writer.paths == [str(tmp_path / "en" / "index.html"), str(tmp_path / "en" / "img" / "a.svg")]


def test_the_final_scan_reads_only_the_pages_not_checked_as_they_were_written(tmp_path):
    for name in ("checked.html", "other.html"):
        (tmp_path / name).write_bytes(b"{% raw %}")
    pages = html_files(tmp_path)
    assert pages == [str(tmp_path / "checked.html"), str(tmp_path / "other.html")]
    found = scan_template_syntax(pages, {str(tmp_path / "checked.html")})
    assert [(p.file, p.line, p.column) for p in found] == [(str(tmp_path / "other.html"), 1, 1)]


def test_a_built_page_with_template_syntax_fails_the_build_and_keeps_the_site(tmp_path):
    from generator.build import build
    from generator.core.problem import ProblemsFound

    from .conftest import ROOT

    project = tmp_path / "project"
    for name in ("rules_data", "examples", "content", "theme"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    (project / "content" / "en" / "extra.html").write_text("<p>{{ page.title }}</p>\n", encoding="utf-8")
    with pytest.raises(ProblemsFound) as failure:
        build(project, site_dir=tmp_path / "site")
    assert [(p.code, p.file.endswith("/en/extra.html")) for p in failure.value.problems] == [("template-syntax", True)]
    assert not (tmp_path / "site").exists()


def test_a_file_whose_name_starts_with_two_dots_is_still_inside_the_site(sites):
    old, new = sites
    (old / "..notes.html").write_bytes(b"<p>same</p>\n")
    last = SiteWriter(old, new)
    last.write(b"<p>same</p>\n", str(new / "..notes.html"))
    assert (last.linked, last.written) == (1, 0)
