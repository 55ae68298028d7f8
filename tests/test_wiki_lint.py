"""``rulesite wiki-lint`` and the reader under it (generator/wiki/).

Each lint code has a tiny fixture in tests/fixtures/wiki/, written for these tests, with the
places it must be reported at; the clean fixtures must give nothing. The four source
documents are read from ../shared/seeds/ at test time (their text is never copied here): the
expected places are worked out from their text. Hostile inputs run in a subprocess with a
time and memory limit.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.problem import Problem
from generator.wiki.lint import Settings, lint, load_settings, summary
from generator.wiki.source import WikiPage, line_col, read_inputs

from .conftest import FIXTURES, ROOT

WIKI = FIXTURES / "wiki"
SEEDS = ROOT.parent / "shared" / "seeds"
DUTCH, POLISH, CZECH, CROP_CIRCLES = (SEEDS / f"{name}.txt" for name in (
    "000_9d6ae32dd575d3f3", "001_79a62596a47180ff", "003_4c962539a6a0370d", "004_453f4b301038a891"))


@pytest.fixture(scope="module")
def settings() -> Settings:
    found, problems = load_settings(ROOT)
    assert problems == []
    return found


def _lint(paths: list[Path], settings: Settings, **options) -> list[Problem]:
    pages, problems = read_inputs(paths, known_languages=settings.languages, **options)
    return problems + lint(pages, settings)


def _places(problems: list[Problem]) -> set[tuple[int, int, str]]:
    return {(p.line, p.column, p.code) for p in problems}


# ---------------------------------------------------------------- one fixture per code

@pytest.mark.parametrize("code, files, places", [
    pytest.param("wrong-language", ["wrong-language.wiki"], {(3, 1)}, id="wrong-language"),
    pytest.param("unresolved-parameter", ["unresolved-parameter.wiki"], {(4, 1)}, id="unresolved-parameter"),
    pytest.param("malformed-ref", ["malformed-ref.wiki"], {(3, 43), (4, 23)}, id="malformed-ref"),
    pytest.param("numbering-gap", ["numbering-gap.wiki"], {(2, 60)}, id="numbering-gap"),
    pytest.param("structure-differs", ["structure-differs.source.wiki", "structure-differs.wiki"], {(4, 1)}, id="structure-differs"),
    pytest.param("caption-arithmetic", ["caption-arithmetic.wiki"], {(2, 69), (3, 25)}, id="caption-arithmetic"),
    pytest.param("caption-expansion", ["caption-expansion.wiki"], {(3, 29)}, id="caption-expansion"),
    pytest.param("outdated-translation", ["outdated-translation.wiki"], {(3, 1)}, id="outdated-translation"),
    pytest.param("untranslated-field", ["untranslated-field.wiki"], {(3, 15)}, id="untranslated-field"),
    pytest.param("unknown-template", ["unknown-template.wiki"], {(3, 15)}, id="unknown-template"),
    pytest.param("avoided-term", ["avoided-term.wiki"], {(3, 15)}, id="avoided-term"),
])
def test_each_fixture_shows_its_code(code, files, places, settings):
    problems = _lint([WIKI / name for name in files], settings)
    # Exactly the expected findings: a fixture shows its code and trips nothing else.
    assert _places(problems) == {(line, column, code) for line, column in places}, [p.format_text() for p in problems]
    assert all(p.file.endswith(files[-1]) for p in problems)


def test_the_clean_fixtures_give_no_finding(settings):
    # A source page with markers, refs with icons, a list, a numbered sentence, a captioned
    # example whose reckoning is right and a tile list; and its Dutch subpage.
    pages, problems = read_inputs([WIKI / "clean.wiki", WIKI / "clean.nl.wiki"], known_languages=settings.languages)
    assert problems == []
    assert [(page.title, page.language) for page in pages] == [("Watchtower Notes", None), ("Watchtower Notes", "nl")]
    assert lint(pages, settings) == []


# ---------------------------------------------------------------- the source documents

def _seeds() -> list[Path]:
    if not SEEDS.is_dir():
        message = f"the source documents are not there: {SEEDS} (the shared folder belongs beside the clone)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return [DUTCH, POLISH, CZECH, CROP_CIRCLES]


def _position(path: Path, needle: str, start: int = 0) -> tuple[int, int]:
    """Line and column of ``needle`` in the file, found in its text (never written down here)."""
    text = path.read_text(encoding="utf-8")
    offset = text.find(needle, start)
    assert offset >= 0, f"{needle!r} is not in {path.name}"
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


@pytest.fixture(scope="module")
def seed_report(settings) -> list[Problem]:
    return _lint(_seeds(), settings)


def test_the_seeds_are_read_with_their_titles_languages_and_kinds(settings):
    pages, problems = read_inputs(_seeds(), known_languages=settings.languages)
    assert problems == []
    found = {Path(page.file).name[:3]: (page.language, page.rendered, page.first_line) for page in pages}
    # The view-source pages start after their first line; the rendered copies are told apart
    # from wikitext, and their language, which no title suffix gives, is detected.
    assert found == {"000": ("nl", False, 2), "001": ("pl", False, 2), "003": ("cs", True, 1), "004": ("nl", True, 1)}
    assert {page.title for page in pages if not page.rendered} == {"Mage and Witch (1st edition)"}


def test_the_polish_address_holding_english_text_is_wrong_language(seed_report):
    wrong = [p for p in seed_report if p.code == "wrong-language"]
    assert [Path(p.file).name for p in wrong] == [POLISH.name], "only the Polish page; the Dutch one is Dutch"


def test_the_malformed_ref_is_found_in_both_wikitext_seeds_where_it_stands(seed_report):
    for path in (DUTCH, POLISH):
        line, column = _position(path, '<ref name="BB4/>')
        assert any(p.code == "malformed-ref" and p.file == str(path) and (p.line, p.column) == (line, column)
                   for p in seed_report), (path.name, line, column)


def test_the_dutch_list_that_loses_item_two_is_a_numbering_gap(seed_report):
    text = DUTCH.read_text(encoding="utf-8")
    line, column = _position(DUTCH, "3)", text.find("1)"))
    gaps = [p for p in seed_report if p.code == "numbering-gap" and p.file == str(DUTCH)]
    assert [(p.line, p.column) for p in gaps] == [(line, column)]
    assert not any(p.code == "numbering-gap" and p.file == str(POLISH) for p in seed_report)  # 1) 2) 3) there


def test_both_unresolved_parameters_of_the_czech_page_are_located(seed_report):
    found = {(p.line, p.column) for p in seed_report if p.code == "unresolved-parameter"}
    assert found == {_position(CZECH, "{{{title}}}"), _position(CZECH, "{{{rules}}}")}


def test_the_summary_counts_per_page_language_and_code(seed_report, settings):
    pages, _ = read_inputs(_seeds(), known_languages=settings.languages)
    rows = {(row.page, row.language, row.code): row.count for row in summary(pages, seed_report)}
    assert rows[("Mage and Witch (1st edition)", "pl", "wrong-language")] == 1
    assert rows[("Mage and Witch (1st edition)", "nl", "malformed-ref")] == 1
    assert sum(count for (_, language, code), count in rows.items() if code == "unresolved-parameter") == 2


def test_the_dutch_seed_against_the_english_text_as_source(settings):
    # --source names the English text under the Polish address as the source: the Polish page
    # is then no wrong-language finding, and the Dutch page is compared with it unit by unit.
    problems = _lint([DUTCH, POLISH] if SEEDS.is_dir() else _seeds(), settings, source=POLISH)
    assert not any(p.code == "wrong-language" for p in problems)
    assert any(p.code == "numbering-gap" and p.file == str(DUTCH) for p in problems)


# ---------------------------------------------------------------- the reader

EXPORT = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xml:lang="en">
  <siteinfo><sitename>Example</sitename></siteinfo>
  <page>
    <title>Ferry Notes/nl</title>
    <ns>0</ns>
    <revision><id>11</id><text xml:space="preserve">old text</text></revision>
    <revision>
      <id>12</id>
      <contributor><username>someone</username><id>3</id></contributor>
      <text bytes="40" xml:space="preserve">== Veer ==
Een {{{detail}}} hier.</text>
    </revision>
  </page>
  <page><title>Template:Box</title><ns>10</ns><revision><id>2</id><text>{{{a}}}</text></revision></page>
</mediawiki>
"""


def test_an_export_gives_its_article_pages_latest_revision_at_their_lines(tmp_path, settings):
    dump = tmp_path / "export.xml"
    dump.write_text(EXPORT, encoding="utf-8")
    pages, problems = read_inputs([dump], known_languages=settings.languages)
    assert problems == []
    [page] = pages  # the template page is left out: its parameters are meant
    assert (page.title, page.language, page.revision, page.first_line) == ("Ferry Notes", "nl", "12", 10)
    found = lint(pages, settings)
    line = EXPORT.count("\n", 0, EXPORT.find("{{{detail}}}")) + 1
    assert [(p.line, p.column, p.code) for p in found] == [(line, 5, "unresolved-parameter")]


def test_line_col_maps_offsets_to_the_file(tmp_path):
    page = WikiPage("f", "T", None, None, "ab\ncd", 2, False, first_column=7)
    assert [line_col(page, offset) for offset in (0, 1, 3, 4)] == [(2, 7), (2, 8), (3, 1), (3, 2)]


def test_language_and_title_from_the_options(tmp_path, settings):
    copy = tmp_path / "copy.txt"
    copy.write_text("Some heading\n" + "Plain words without any markup at all. " * 10, encoding="utf-8")
    pages, problems = read_inputs([copy], languages={copy: "de"}, title="Market Notes",
                                  known_languages=settings.languages)
    assert problems == []
    assert (pages[0].title, pages[0].language, pages[0].rendered) == ("Market Notes", "de", True)
    # Under the German address the text is English: the lint says so.
    assert [p.code for p in lint(pages, settings)] == ["wrong-language"]


@pytest.mark.parametrize("content, code", [
    pytest.param(b"", "wiki-empty", id="empty"),
    pytest.param(b"View source for Nothing/nl\n\n", "wiki-empty", id="only-title"),
    pytest.param(b"<?xml version='1.0'?>\n<mediawiki><page><title>x</title></mediawiki>", "bad-export", id="not-xml"),
    pytest.param(b"<?xml version='1.0'?>\n<html><body/></html>", "bad-export", id="not-an-export"),
    pytest.param(b"View source for X\n\xff\xfe broken", "wiki-encoding", id="not-utf8"),
])
def test_bad_inputs_are_located_problems(tmp_path, content, code, settings):
    path = tmp_path / "input.txt"
    path.write_bytes(content)
    pages, problems = read_inputs([path], known_languages=settings.languages)
    assert pages == [] and [p.code for p in problems] == [code]
    assert problems[0].line >= 1 and problems[0].column >= 1


def test_a_folder_and_a_missing_file_are_located_problems(tmp_path):
    pages, problems = read_inputs([tmp_path, tmp_path / "missing.txt"])
    assert pages == [] and [p.code for p in problems] == ["not-a-file", "unreadable"]


# ---------------------------------------------------------------- hostile inputs, in a subprocess

LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
          + "".join(f' <!ENTITY lol{i} "{f"&lol{i - 1};" * 10 if i > 1 else "&lol;" * 10}">\n' for i in range(1, 10))
          + ']>\n<mediawiki><page><title>&lol9;</title><ns>0</ns><revision><text>&lol9;</text></revision></page></mediawiki>\n')
def _limits() -> None:
    # 1.5 GB of address space: the lint with lingua's models needs a few hundred MB; an
    # expansion or a runaway parse would need far more.
    resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))


@pytest.mark.parametrize("text, code", [
    pytest.param("View source for Tags\n" + "<ref><div><span>'''''" * 50 + "</ref></div>" * 20 + "\n", None,
                 id="unbalanced-tags"),
    pytest.param("View source for Tangle\n" + "{{A|<div>[[b|" * 2000 + "\n", "wiki-too-complex", id="unclosed"),
    pytest.param("View source for Deep\n" + "{{A|" * 1000 + "x" + "}}" * 1000 + "\n", None, id="deep-templates"),
    pytest.param("View source for Big\n" + "Words of a page. " * 600_000, "too-large", id="ten-megabytes"),
    pytest.param("View source for Bin\nsome text\x00\x01\x02 more", "wiki-encoding", id="binary"),
    pytest.param(LAUGHS, "xml-entity", id="billion-laughs"),
    pytest.param("<mediawiki><page><title>L</title><ns>0</ns><revision><text>" + "x" * 2_200_000
                 + "</text></revision></page></mediawiki>", "too-long", id="long-page-in-export"),
])
def test_hostile_input_is_a_located_problem_or_clean(tmp_path, text, code):
    path = tmp_path / ("input.xml" if text.startswith("<") else "input.txt")
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "wiki-lint", "--format", "json",
                          str(path)], capture_output=True, text=True, timeout=120, preexec_fn=_limits, cwd=ROOT)
    assert "Traceback" not in run.stderr, run.stderr[-3000:]
    assert run.returncode in (0, 1), run.stderr[-3000:]
    report = json.loads(run.stdout)
    codes = {p["code"] for p in report["problems"]}
    if code is not None:
        assert code in codes, report["problems"][:5]
    assert all(p["line"] >= 1 and p["column"] >= 1 and p["file"] == str(path) for p in report["problems"])


# ---------------------------------------------------------------- the command

def test_the_command_prints_problems_then_the_table_and_fails_on_errors(tmp_path):
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "wiki-lint",
                          str(WIKI / "numbering-gap.wiki"), str(WIKI / "clean.wiki")],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 1
    first, _, table = run.stdout.partition("\n\n")
    assert first.startswith(f"{WIKI / 'numbering-gap.wiki'}:2:60: error [numbering-gap] ")
    assert table.splitlines()[0].split() == ["page", "language", "code", "count"]
    assert table.splitlines()[1].split() == ["Tower", "Scoring", "source", "numbering-gap", "1"]
    assert "2 page(s): 1 error(s), 0 warning(s)" in run.stderr


def test_the_command_on_clean_pages_exits_0_and_json_holds_list_and_table():
    run = subprocess.run([sys.executable, "-m", "generator", "--root", str(ROOT), "wiki-lint", "--format", "json",
                          str(WIKI / "clean.wiki"), str(WIKI / "clean.nl.wiki"), str(WIKI / "unknown-template.wiki"),
                          "--lang", f"{WIKI / 'clean.wiki'}=xx"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    report = json.loads(run.stdout)
    assert run.returncode == 1  # the --lang code the site does not have
    assert [p["code"] for p in report["problems"]] == ["unknown-language", "unknown-template"]
    assert {"page": "Spinner Notes", "language": "source", "code": "unknown-template", "count": 1} in report["summary"]


def test_a_page_in_a_language_the_site_lacks_is_named_as_that_language(settings):
    # Issue 34, item 2: a Romanian text under the Dutch address was reported as one of the
    # site's languages, because the detector only knew those. Now it is named for what it is.
    found = [p for p in _lint([WIKI / "wrong-language-romanian.wiki"], settings) if p.code == "wrong-language"]
    assert [(p.line, p.column) for p in found] == [(3, 1)]
    assert "Romanian (ro)" in found[0].message and "marked Dutch (nl)" in found[0].message
    assert "ro" not in settings.languages and "the site has no Romanian (ro) pages" in found[0].message


def test_a_page_marked_with_a_language_the_site_lacks_is_still_judged(tmp_path, settings):
    page = tmp_path / "Harbour_Rules_ro.wiki"
    page.write_text((WIKI / "wrong-language.wiki").read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    found = [p for p in _lint([page], settings, languages={page: "ro"}) if p.code == "wrong-language"]
    assert len(found) == 1 and "English (en)" in found[0].message and "marked Romanian (ro)" in found[0].message


def test_with_source_given_a_heading_and_a_caption_left_as_the_source_are_untranslated(settings):
    # Issue 34, item 3: the source named with --source has another title than the translation
    # (here both come from their file names), so it was paired with nothing and nothing was found.
    source, translated = WIKI / "untranslated-heading.source.wiki", WIKI / "Feldnotizen_de.wiki"
    found = _places([p for p in _lint([source, translated], settings, source=source)])
    text = translated.read_text(encoding="utf-8").splitlines()
    heading = (4, text[3].index("Fields") + 1)
    caption = (7, text[6].index("The fields") + 1)
    sorting = (2, text[1].index("Field Notes") + 1)
    assert found == {(*place, "untranslated-field") for place in (sorting, heading, caption)}
    # Without the source only the sorting title can be judged (against the English title).
    alone = _places(_lint([translated], settings))
    assert (*heading, "untranslated-field") not in alone and (*caption, "untranslated-field") not in alone


def test_a_translated_heading_and_caption_are_not_reported(tmp_path, settings):
    source = WIKI / "untranslated-heading.source.wiki"
    translated = tmp_path / "Feldnotizen_de.wiki"
    translated.write_text((WIKI / "Feldnotizen_de.wiki").read_text(encoding="utf-8")
                          .replace("== Fields ==", "== Wiesen ==").replace("The fields of the example", "Die Wiesen")
                          .replace("sortingtitle=Field Notes", "sortingtitle=Wiesen"), encoding="utf-8")
    assert [p for p in _lint([source, translated], settings, source=source) if p.code == "untranslated-field"] == []
