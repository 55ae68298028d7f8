"""What the reader's pages say, checked on the generated Markdown and the command line:
names instead of codes, every table cell answered, interface strings listed per language,
and a setup that prints no error."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from generator.cli import main
from generator.model import printings
from generator.site.adapter import search_settings
from generator.project import load_checked
from generator.render.generate import SiteRenderer
from generator.render.names import country_name, language_name
from generator.render.page import PRESENCE

from .conftest import ROOT


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def test_search_settings_keep_the_stemmer_where_lunr_has_one(project):
    # Material removes every pipeline function its `pipeline` setting leaves out.
    for code in project.languages:
        settings = search_settings(code)
        if settings["lang"] == [code]:
            assert "stemmer" in settings["pipeline"], code
        else:
            assert settings["pipeline"] == [], code  # never an English stemmer on other words


def test_differences_table_answers_every_cell_with_a_legend(project):
    for code in project.languages:
        renderer = SiteRenderer(project, code)
        for page_id in project.pages:
            text = renderer.page(page_id)
            rows = [line for line in text.splitlines() if line.startswith("| [")]
            for row in rows:
                cells = [c.strip() for c in row.strip("|").split(" | ")][2:]
                assert cells, row
                assert all(re.search(r'class="rs-presence rs-presence--(has|lacks|unknown)"', c) for c in cells), row
            if rows:
                legend = next(line for line in text.splitlines() if "rs-presence" not in line and "✓" in line)
                assert all(symbol in legend for symbol in PRESENCE.values()), legend


def test_a_printing_the_data_says_nothing_about_is_not_known(project):
    """"since BB4" says Big Box 4 has the text and nothing about later boxes."""
    checked = 0
    for page in project.pages.values():
        for note in (f for f in page.footnotes if f.kind == "printing"):
            if note.since and not note.only_in and not note.missing_from:
                for printing in project.site.printings:
                    expected = "has" if printing.id in (note.since, *note.kept_in) else "unknown"
                    assert printings.presence(note, printing.id) == expected
                    checked += 1
    assert checked  # the data has "since" notes


def test_publisher_pages_name_countries_and_languages_and_keep_lines_apart(project):
    for code in project.languages:
        renderer = SiteRenderer(project, code)
        for publisher in project.site.publishers:
            text = renderer.publisher(publisher.id)
            assert country_name(publisher.country, code) in text
            assert country_name(publisher.country, code) != publisher.country
            for printing in (p for p in project.site.printings if p.publisher == publisher.id):
                assert language_name(printing.language, code) in text
                years = re.search(r"^- \*\*[^*]+:\*\* \d{4}.*$", text, re.M)
                if years:  # the next line is blank: the description is a paragraph of its own
                    following = text[years.end():].split("\n", 2)
                    assert following[1] == "", following[:2]
            none = renderer.lang.ui_text("printing.no-differences")
            for match in re.finditer(re.escape(none), text):  # a paragraph of its own too
                assert text[match.end():match.end() + 2] == "\n\n", text[match.start():match.end() + 80]


def test_ruleset_sources_are_translated(project):
    for code in project.target_languages:
        text = SiteRenderer(project, code).variants()
        for ruleset in project.rulesets.rulesets:
            assert ruleset.source not in text, (code, ruleset.source)


def test_interface_lists_untranslated_strings_per_language(project, capsys):
    assert main(["--root", str(ROOT), "interface"]) == 0
    out = capsys.readouterr().out
    total = len(project.units["ui"])
    for code in project.target_languages:
        assert f"{code}: {total} of {total} interface strings translated" in out


def test_interface_names_each_missing_string(minimal, capsys):
    ui = minimal / "rules_data" / "translations" / "nl" / "ui.yaml"
    ui.unlink(missing_ok=True)
    assert main(["--root", str(minimal), "interface"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"^  missing: list\.separator  \(rules_data/ui\.yaml:\d+\)$", out, re.M), out


@pytest.mark.build
def test_make_setup_prints_no_error(tmp_path):
    """The editable install of `make setup` on a fresh virtual environment."""
    make = shutil.which("make")
    if make is None:
        pytest.fail("make is not installed")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    result = subprocess.run([make, "-C", str(ROOT), "--no-print-directory", "setup", f"VENV={venv}"],
                            capture_output=True, text=True, timeout=900)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    problems = [line for line in output.splitlines() if re.search(r"\berror\b|failed", line, re.I)]
    assert problems == [], problems


@pytest.mark.build
@pytest.mark.parametrize("site_url, prefix", [(None, "/nl/"), ("https://example.org/rules/", "/rules/nl/")])
def test_language_404_links_from_its_language_folder(tmp_path, site_url, prefix):
    from generator.build import build

    site = build(ROOT, site_dir=tmp_path / "site", site_url=site_url, languages=["nl"], wait=True).site
    text = (site / "nl" / "404.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="(/[^"]*)"', text)
    assert links, "the 404 page links nothing from the server root"
    assert all(link.startswith(prefix) for link in links), [link for link in links if not link.startswith(prefix)]
    assert re.search(rf'<a href="(https://example\.org)?{re.escape(prefix)}">', text)  # home link
    root = (site / "404.html").read_text(encoding="utf-8")
    assert 'class="rs-notfound"' in root and f'href="{prefix}"' in root
