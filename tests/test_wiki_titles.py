"""Where a wiki page's title comes from (issue 34, item 1).

A "View source" copy saved without its first line starts with whatever the page starts with:
``{{UX``, ``<translate>``, a rule box. That line is markup, never the title. The title is the
export's ``<title>``, ``--title``, the "View source for" line, or else the file's name, whose
``_nl`` suffix (or a folder named after the page holding ``nl.wikitext``) makes it the Dutch
subpage. Every page says which of these gave its title.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.wiki.source import WikiPage, read_inputs

from .conftest import ROOT

# Openings of real pages: the page head, the Translate extension's tag, a rule box.
OPENINGS = {
    "page-head": "{{UX\n|sortingtitle=Inns and Cathedrals\n}}\n== Contents ==\nA paragraph of rules.\n",
    "translate": "<translate>\n== Contents == <!--T:1-->\nA paragraph of rules.\n</translate>\n",
    "rules-box": "{{RulesScoring|1=====|2=Scoring a road|3=A road scores a point for each of its tiles.}}\n",
}
PAGE_NAME = "Inns_and_Cathedrals"


def _read_one(path: Path, **options: object) -> WikiPage:
    pages, problems = read_inputs([path], **options)  # type: ignore[arg-type]
    assert problems == []
    assert len(pages) == 1
    return pages[0]


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("opening", sorted(OPENINGS))
def test_a_copy_without_its_view_source_line_takes_its_title_from_the_file_name(opening, tmp_path):
    text = OPENINGS[opening]
    path = _write(tmp_path / f"{PAGE_NAME}.wikitext", text)
    page = _read_one(path)
    first_line = text.partition("\n")[0]
    assert page.title != first_line.strip()
    assert page.title == PAGE_NAME.replace("_", " ")
    assert page.language is None
    assert page.title_from == "the file name"


def test_title_option_wins_over_the_file_name(tmp_path):
    path = _write(tmp_path / f"{PAGE_NAME}.wikitext", OPENINGS["page-head"])
    given = "Hills and Sheep"
    page = _read_one(path, title=given)
    assert (page.title, page.title_from) == (given, "--title")


def test_the_export_title_wins_for_an_export(tmp_path):
    wanted = "The Tower"
    export = ("<mediawiki><page><title>" + wanted + "/nl</title><ns>0</ns><revision><id>7</id>"
              "<text>{{UX\n|sortingtitle=De toren\n}}\n== Inhoud ==\nEen alinea.\n</text></revision></page></mediawiki>\n")
    # The file's own name would say another page in another language: the export's title counts.
    path = _write(tmp_path / f"{PAGE_NAME}_de.xml", export)
    page = _read_one(path)
    assert (page.title, page.language) == (wanted, "nl")
    assert page.title_from == "the export's <title>"


@pytest.mark.parametrize("relative", ["The_Tower_nl.wikitext", "The Tower/nl.wikitext", "The_Tower/nl.wikitext"])
def test_a_language_code_in_the_file_name_makes_a_subpage(relative, tmp_path):
    path = _write(tmp_path / relative, OPENINGS["translate"])
    page = _read_one(path)
    assert (page.title, page.language) == ("The Tower", "nl")
    assert page.title_from == "the file name"


def test_a_suffix_that_is_no_language_stays_in_the_title(tmp_path):
    # "zz" is shaped like a language code, but no language has it.
    path = _write(tmp_path / "The_Tower_zz.wikitext", OPENINGS["translate"])
    page = _read_one(path)
    assert (page.title, page.language) == ("The Tower zz", None)


def test_the_view_source_line_still_names_the_page(tmp_path):
    path = _write(tmp_path / f"{PAGE_NAME}.wikitext", "View source for The Tower/nl\n" + OPENINGS["translate"])
    page = _read_one(path)
    assert (page.title, page.language, page.title_from) == ("The Tower", "nl", "the 'View source for' line")


def test_the_import_report_says_where_the_title_came_from(tmp_path):
    path = _write(tmp_path / f"{PAGE_NAME}.wikitext", OPENINGS["rules-box"])
    # An empty folder is no project: the import stops after reading, and still says what it read.
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(tmp_path / "none"), "import", "wiki",
                           str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    said = done.stdout + done.stderr
    assert "Traceback" not in said
    assert f"{PAGE_NAME.replace('_', ' ')!r}" in said or PAGE_NAME.replace("_", " ") in said
    assert "title from the file name" in said
