"""``rulesite import wiki``: one small page per mapping rule, then the wiki's own pages.

The fixtures (``tests/fixtures/wiki/import/``) are written in the project's own words. The
wiki's pages themselves are never copied into the repository: the two wikitext seeds are
imported from ``../shared/seeds`` into a temporary copy of the project at test time, and the
result is compared with the hand-written ``mage-and-witch-c1`` page that encodes their facts.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.core.codes import CODES
from generator.core.problem import Problem
from generator.project import load
from generator.wiki.importer import OUTDATED, import_pages
from generator.core.vocabulary import EDITIONS
from generator.wiki.mapping import load_mapping
from generator.wiki.page_data import slug
from generator.wiki.source import read_inputs

from .conftest import FIXTURES, ROOT

WIKI = FIXTURES / "wiki" / "import"
SEEDS = ROOT.parent / "shared" / "seeds"
LANGUAGES = ["en", "nl", "pl", "cs", "de"]
PAGE = "fixture-page"
PROBLEM_LINE = re.compile(r"^\S+:\d+:\d+: (?:error|warning) \[[a-z]+(?:-[a-z]+)*\] ", re.MULTILINE)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project's data, once per module, as tests/test_build.py copies it."""
    target = tmp_path_factory.mktemp("base") / "project"
    target.mkdir()
    for name in ("rules_data", "examples", "content", "theme"):
        shutil.copytree(ROOT / name, target / name)
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    return target


@pytest.fixture
def project(base: Path, tmp_path: Path) -> Path:
    target = tmp_path / "project"
    shutil.copytree(base, target)
    return target


def add_source(project: Path, file_name: str) -> None:
    """A site.yaml source for a fixture page, as a team adds one for each wiki page it imports."""
    # First in the list, wherever the list stands in the file.
    site = project / "rules_data" / "site.yaml"
    entry = f"  - id: wiki-fixture\n    kind: page\n    title: A page of the test wiki\n    where: {file_name}\n"
    text = site.read_text(encoding="utf-8")
    assert "\nsources:\n" in text
    site.write_text(text.replace("\nsources:\n", "\nsources:\n" + entry, 1), encoding="utf-8")


def run_import(project: Path, *files: Path, source: Path | None = None, page_id: str | None = PAGE,
               force: bool = False, **options: Any) -> tuple[list[Path], list[Problem]]:
    pages, problems = read_inputs(list(files), source=source, known_languages=LANGUAGES)
    if any(p.level == "error" for p in problems):
        return [], problems
    written, found = import_pages(project, pages, page_id=page_id, force=force, **options)
    return written, problems + found


def data(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def page_file(project: Path, page_id: str = PAGE) -> Path:
    return project / "rules_data" / "pages" / f"{page_id}.yaml"


def units(sections: list[dict[str, Any]]) -> dict[str, str]:
    """Every unit id of a page's sections to its text."""
    found: dict[str, str] = {}
    for section in sections:
        for block in section.get("blocks", []):
            (kind, value), = block.items()
            stack = list(value) if isinstance(value, list) else [value.get("caption") or value.get("summary")]
            while stack:
                item = stack.pop(0)
                found[item["id"]] = item["text"]
                stack[0:0] = item.get("items", [])
        found |= units(section.get("sections", []))
    return found


def checked(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "check"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


# ---------------------------------------------------------------- every code, at its place


@pytest.mark.parametrize(("code", "files", "line", "column", "setup"), [
    pytest.param("rendered-text", ["rendered.txt"], 1, 1, "", id="rendered-text"),
    pytest.param("no-source-page", ["no-source.txt"], 2, 1, "", id="no-source-page"),
    pytest.param("missing-info", ["missing-info.txt"], 2, 1, "", id="missing-info"),
    pytest.param("hand-written-file", ["structure.txt"], 1, 1, "hand-written", id="hand-written-file"),
    pytest.param("unmapped-template", ["unmapped.txt"], 8, 7, "", id="unmapped-template"),
    pytest.param("unmapped-tag", ["unmapped.txt"], 8, 30, "", id="unmapped-tag"),
    pytest.param("unmapped-link", ["inline.txt"], 8, 161, "", id="unmapped-link"),
    pytest.param("unmapped-picture", ["unmapped.txt"], 9, 1, "", id="unmapped-picture"),
    pytest.param("unmapped-category", ["unmapped.txt"], 13, 1, "", id="unmapped-category"),
    pytest.param("unmapped-printing", ["unmapped-printing.txt"], 8, 23, "source", id="unmapped-printing"),
    pytest.param("ambiguous-printing", ["unmapped-printing.txt"], 9, 29, "source", id="ambiguous-printing"),
    pytest.param("missing-source", ["missing-source.txt"], 2, 1, "", id="missing-source"),
    pytest.param("unmapped-date", ["footnotes.txt"], 14, 111, "", id="unmapped-date"),
    pytest.param("unmapped-tiles", ["tiles.txt"], 21, 1, "", id="unmapped-tiles"),
    pytest.param("example-without-board", ["example.txt"], 8, 1, "", id="example-without-board"),
    pytest.param("example-without-totals", ["example.txt"], 10, 1, "", id="example-without-totals"),
    pytest.param("broken-ref", ["footnotes.txt"], 12, 181, "", id="broken-ref"),
    pytest.param("footnote-kind", ["footnotes.txt"], 14, 61, "", id="footnote-kind"),
    pytest.param("footnote-place", ["structure.txt"], 14, 1, "", id="footnote-place"),
    pytest.param("empty-heading", ["structure.txt"], 30, 1, "", id="empty-heading"),
    pytest.param("translation-structure", ["pair-en.txt", "pair-nl.txt"], 8, 1, "", id="translation-structure"),
    pytest.param("new-expansion", ["new-expansion.txt"], 2, 1, "", id="new-expansion"),
])
def test_each_fixture_shows_its_code(code, files, line, column, setup, project):
    paths = [WIKI / name for name in files]
    if setup == "source":
        add_source(project, files[0])
    page_id = "mage-and-witch-c1" if setup == "hand-written" else PAGE
    before = page_file(project, "mage-and-witch-c1").read_bytes()
    written, problems = run_import(project, *paths, page_id=page_id)
    where = files[-1] if code == "translation-structure" else files[0]
    if code == "hand-written-file":
        where = "mage-and-witch-c1.yaml"
    found = {(Path(p.file).name, p.line, p.column, p.code, p.level) for p in problems}
    level = CODES[code].levels[0]
    assert (where, line, column, code, level) in found, sorted(found)
    if level == "error":
        assert written == [] and page_file(project, "mage-and-witch-c1").read_bytes() == before
        assert not page_file(project).exists()
    if code == "example-without-board":
        # The example file waits for its board: `rulesite check` says so, and passes.
        _, loaded = load(project)
        assert [(p.code, p.level) for p in loaded if p.file.startswith("examples/fixture-page")] == \
            [("example-without-board", "warning")]
        assert not [p for p in loaded if p.level == "error"]


# ---------------------------------------------------------------- one rule each


def test_footnotes_take_their_kind_dates_and_names(project):
    run_import(project, WIKI / "footnotes.txt")
    page = data(page_file(project))
    notes = {note["id"]: note for note in page["footnotes"]}
    assert notes["ruling-1"]["history"] == [{"event": "issued", "date": "4/2016"}]
    assert notes["ruling-1"]["text"] == "The publisher confirmed that hopping is fine."
    # The older icon picture counts as the book icon; both dates leave the text.
    assert notes["ruling-2"] == {"id": "ruling-2", "kind": "ruling", "text": "A later answer changed the wording.",
                                 "history": [{"event": "updated", "date": "2/2015"},
                                             {"event": "corrected", "date": "7/2019"}]}
    assert notes["editors"]["kind"] == "note"
    # A named footnote is one footnote, however often (and however carelessly) it is reused.
    text = units(page["sections"])["footnotes-of-each-kind.1"]
    assert text.count("{fn:editors}") == 3
    assert "{fn:nowhere}" not in str(page)  # used but never defined: left out, reported
    assert notes["ruling-3"]["text"] == "Revised wording. (revised 1/2018)" and "history" not in notes["ruling-3"]


def test_printing_notes_become_claims_citing_the_wiki_page(project):
    add_source(project, "printing.txt")
    run_import(project, WIKI / "printing.txt")
    claims = {note["id"]: {k: v for k, v in note.items() if k not in ("id", "kind")}
              for note in data(page_file(project))["footnotes"]}
    assert claims == {
        "printing-1": {"only_in": ["rgg-mini-5"], "sources": ["wiki-fixture"]},
        "printing-2": {"only_in": ["rgg-mini-5"], "part": "end", "sources": ["wiki-fixture"]},
        "printing-3": {"missing_from": ["rgg-mini-5"], "sources": ["wiki-fixture"]},
        "later": {"since": "big-box-4", "sources": ["wiki-fixture"]},
    }
    assert checked(project).returncode == 0


def test_an_unmappable_printing_note_stays_a_note_with_its_text(project):
    add_source(project, "unmapped-printing.txt")
    run_import(project, WIKI / "unmapped-printing.txt")
    notes = data(page_file(project))["footnotes"]
    assert [note["kind"] for note in notes] == ["note", "note"]
    assert notes[1]["text"] == "Wording that is from one of the {publisher:hig} boxes."


def test_bold_italic_links_colours_years_and_figures(project):
    _, problems = run_import(project, WIKI / "inline.txt")
    texts = units(data(page_file(project))["sections"])
    assert texts["words-and-links.1"] == (
        "Some **bold** words and *slanted* ones, a link to {publisher:rgg|the American publisher}, to the "
        "{page:crop-circles-c1} page, to Some page nobody wrote and to an outside site.")
    # Year_nl is Year in Dutch; a figure's picture variant shows no text; markup characters are escaped.
    assert texts["words-and-links.2"] == (
        "{player:green|Green} and {player:yellow|Yellow} move the {figure:witch}; in 2013 nothing changed, "
        "and 3 \\* 4 \\{braces\\} stay as written.")
    assert texts["about-the-box.1"] == "The small box came out in 2012, made by {publisher:hig}."
    assert sorted(p.code for p in problems) == ["unmapped-link", "unmapped-link"]


def test_what_the_mapping_does_not_know_keeps_its_text_escaped(project):
    _, problems = run_import(project, WIKI / "unmapped.txt")
    texts = units(data(page_file(project))["sections"])
    assert texts["odd-things.1"] == ("A box \\{\\{Sparkle|shiny\\}\\} with marked words and a "
                                     "\\{\\{\\{leftover\\}\\}\\} parameter.")
    assert "categories" not in data(page_file(project))
    assert Counter(p.code for p in problems) == Counter({"unmapped-template": 2, "unmapped-tag": 2,
                                                        "unmapped-picture": 1, "unmapped-category": 1})
    assert checked(project).returncode == 0


def test_a_framed_picture_with_a_caption_is_a_worked_example_with_its_totals(project):
    run_import(project, WIKI / "example.txt")
    page = data(page_file(project))
    blocks = page["sections"][1]["blocks"]
    assert blocks[0]["example"]["ref"] == "fixture-page-example-1"
    assert blocks[0]["example"]["caption"]["text"].startswith("**Example:** The road of {player:green|Green}")
    assert blocks[1] == {"paragraph": [{"id": "a-worked-example.example-2", "text": "A picture whose words name no total."}]}
    example = data(project / "examples" / "fixture-page-example-1.yaml")
    # No board: the wiki has a picture. The totals are the caption's, waiting for the scorer.
    assert example == {"id": "fixture-page-example-1", "page": PAGE, "section": "a-worked-example",
                       "scenario": {"edition": "C1", "expect": {"green": 2}}}


def test_a_tile_list_becomes_a_table_of_catalogue_tiles(project):
    run_import(project, WIKI / "tiles.txt")
    sections = data(page_file(project))["sections"]
    table = sections[1]["blocks"][0]["tiles"]
    assert table["total"] == 9 and table["summary"]["text"] == "9 (eight with the symbol and one more)"
    assert [(t["id"], t["count"]) for t in table["groups"][0]["tiles"]] == \
        [(f"MW-C1-0{n}", 1) for n in range(1, 10)]
    # A list the catalogue cannot confirm keeps its total as text.
    assert sections[2]["blocks"] == [{"paragraph": [{"id": "tiles-that-do-not-match.1", "text": "3 of an older kind"}]}]


def test_headings_lists_strips_boxes_markers_and_categories(project):
    run_import(project, WIKI / "structure.txt")
    page = data(page_file(project))
    assert page["flavour"] == "A short framed line for the top."
    assert page["categories"] == ["checked", "minor-expansion"]
    outline = [(s["id"], s.get("wiki_unit"), [c["id"] for c in s.get("sections", [])]) for s in page["sections"]]
    assert outline == [("about-the-box", 1, []), ("play", 3, ["in-the-end"]), ("counting-up", None, [])]
    about, play = page["sections"][0], page["sections"][1]
    assert about["blocks"] == [{"paragraph": [{"id": "about-the-box.t2", "wiki_unit": 2,
                                               "text": "The small box came out in 2012, made by {publisher:hig}."}]}]
    assert [next(iter(block)) for block in play["blocks"]] == ["list", "numbered", "special_case"]
    first = play["blocks"][0]["list"][0]
    assert first["text"] == "First point{fn:heading-note}"  # the heading's footnote, moved
    assert [item["text"] for item in first["items"]] == ["A point under it"]
    assert play["blocks"][2]["special_case"][0]["text"] == "something rare happens."


def test_a_later_import_updates_the_units_of_the_same_wiki_numbers(project, tmp_path):
    run_import(project, WIKI / "structure.txt", page_id=None)
    edited = tmp_path / "structure.txt"
    text = (WIKI / "structure.txt").read_text(encoding="utf-8")
    edited.write_text(text.replace("== About the box ==", "== What is in the box =="), encoding="utf-8")
    run_import(project, edited, page_id=None)
    page = data(page_file(project, "mage-and-witch-test-page"))
    first = page["sections"][0]
    assert (first["id"], first["title"], first["wiki_unit"]) == ("about-the-box", "What is in the box", 1)


def test_a_translation_is_paired_by_structure_and_marked_outdated(project):
    _, problems = run_import(project, WIKI / "pair-en.txt", WIKI / "pair-nl.txt")
    translation = data(project / "rules_data" / "translations" / "nl" / f"{PAGE}.yaml")["units"]
    assert translation["title"]["text"] == "Tovenaar (proef)"
    assert translation["section.scoring"]["text"] == "Telling"
    # Inside the outdated frame: imported, and outdated until a translator looks.
    assert translation["scoring.1"]["text"] == "Een weg levert een punt per tegel op.{fn:ruling-1}"
    assert translation["scoring.1"]["source"] == OUTDATED
    assert translation["footnote.ruling-1"]["text"] == "Per post bevestigd."
    assert "scoring.2" not in translation  # the paragraph the subpage lacks stays untranslated
    assert translation["scoring.example-1"]["source_text"] == "**Example:** {player:red|Red} scores 3 points."
    assert data(project / "examples" / "fixture-page-example-1.yaml")["scenario"]["expect"] == {"red": 3}
    assert [p.line for p in problems if p.code == "translation-structure"] == [8, 13]


def test_a_translation_that_kept_the_numbers_is_paired_by_them(project):
    run_import(project, WIKI / "numbered-en.txt", WIKI / "numbered-nl.txt")
    translation = data(project / "rules_data" / "translations" / "nl" / f"{PAGE}.yaml")["units"]
    # The subpage has its paragraphs the other way round: the numbers, not the order, pair them.
    assert translation["about-the-box.t2"]["text"] == "De kleine doos verscheen in 2012 bij {publisher:hig}."
    assert translation["about-the-box.t3"]["text"] == "Op het deksel staat een toren."
    assert translation["section.about-the-box"]["text"] == "Over de doos"


def test_an_export_is_imported_with_its_revisions(project):
    written, problems = run_import(project, WIKI / "export.xml")
    assert not [p for p in problems if p.level == "error"], problems
    page = page_file(project).read_text(encoding="utf-8")
    translation = (project / "rules_data" / "translations" / "nl" / f"{PAGE}.yaml").read_text(encoding="utf-8")
    assert "the source from export.xml, revision 4242; nl from export.xml, revision 4243" in page
    assert "nl from export.xml, revision 4243" in translation
    # The template page of the export is no article: only the two pages are read.
    assert len(written) == 2 and "Its lid shows a tower." in page


@pytest.mark.parametrize("text", ["yes", "No", "on", "off", "null", "~", "2012", "0x1f", "1e3", "5/2014", "12:30",
                                  "a: b", "#x", "- x", "x #y", "'q'", '"q"', "back\\slash", "tab\there",
                                  "line\u2028separator", "next\x85line", "\ufeffbom", "  spaced  ", "a  b " * 40,
                                  "trail:", "[x]", "{x}", "*x*", "&a", "!t", "%p", "@a", "`b`", "é" * 100])
def test_emitted_yaml_reads_back_as_the_same_string(text):
    from generator.wiki.emit import dump
    written = dump({"id": "x", "text": text, "list": [text], "map": {"k": text}}, ["a comment"], "check.yaml")
    assert yaml.safe_load(written) == {"id": "x", "text": text, "list": [text], "map": {"k": text}}


def test_the_mapping_is_validated_with_located_problems(tmp_path):
    broken = tmp_path / "mapping.yaml"
    broken.write_text("templates:\n  IconBook: {to: footnote-kind, kind: ruling}\n  Year: {to: yearly}\n"
                      "pictures: {namespaces: [File], example_options: [frame]}\n"
                      "categories: {namespaces: [Category]}\ntags: {ignore: [languages], colour: red}\n",
                      encoding="utf-8")
    mapping, problems = load_mapping(broken)
    assert mapping is None
    assert {(p.line, p.code) for p in problems} == {(3, "bad-value"), (6, "unknown-key")}
    assert load_mapping()[1] == []


# ---------------------------------------------------------------- the wiki's own pages


@pytest.fixture(scope="module")
def seeds() -> tuple[Path, Path]:
    """The Dutch page and the English text under the Polish code, from beside the clone."""
    dutch, english = sorted(SEEDS.glob("000_*.txt")), sorted(SEEDS.glob("001_*.txt"))
    if not dutch or not english:
        message = f"the wiki's source pages are missing: {SEEDS} (the shared folder belongs beside the clone)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return dutch[0], english[0]


@pytest.fixture(scope="module")
def imported(base: Path, seeds: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Problem]]:
    project = tmp_path_factory.mktemp("seeds") / "project"
    shutil.copytree(base, project)
    dutch, english = seeds
    written, problems = run_import(project, dutch, english, source=english, page_id="mage-and-witch-c1-wiki")
    assert written and not [p for p in problems if p.level == "error"], problems
    return project, problems


def _shape(sections: list[dict[str, Any]]) -> list[Any]:
    return [_shape(section.get("sections", [])) for section in sections]


def _claims(page: dict[str, Any]) -> list[tuple[Any, ...]]:
    found = []
    for note in page["footnotes"]:
        for field in ("only_in", "missing_from", "since"):
            if field in note:
                printings = note[field] if isinstance(note[field], list) else [note[field]]
                found.append((field, tuple(printings), note.get("part", "sentence"), tuple(note["sources"])))
    return sorted(found)


def _tile_tables(sections: list[dict[str, Any]]) -> list[Any]:
    found = []
    for section in sections:
        for block in section.get("blocks", []):
            if "tiles" in block:
                found.append((block["tiles"]["total"], [(t["id"], t["count"]) for g in block["tiles"]["groups"]
                                                        for t in g["tiles"]]))
        found += _tile_tables(section.get("sections", []))
    return found


def test_the_seeds_import_to_the_structure_of_the_hand_written_page(imported):
    project, problems = imported
    page, hand = data(page_file(project, "mage-and-witch-c1-wiki")), data(page_file(project, "mage-and-witch-c1"))
    assert _shape(page["sections"]) == _shape(hand["sections"])
    assert Counter(n["kind"] for n in page["footnotes"]) == Counter(n["kind"] for n in hand["footnotes"])
    dates = lambda p: sorted(tuple((h["event"], h["date"]) for h in n["history"]) for n in p["footnotes"] if "history" in n)
    assert dates(page) == dates(hand) == [(("issued", "5/2014"),), (("updated", "5/2014"), ("corrected", "3/2020"))]
    assert _claims(page) == _claims(hand)
    assert _tile_tables(page["sections"]) == _tile_tables(hand["sections"]) == \
        [(9, [(f"MW-C1-0{n}", 1) for n in range(1, 10)])]
    assert (page["info"], page["editions"], page["categories"]) == \
        ({"publisher": "hig", "year": 2012, "series": {"series": "mini", "number": 5}}, ["C1"], hand["categories"])
    examples = [data(project / "examples" / f"mage-and-witch-c1-wiki-example-{n}.yaml")["scenario"] for n in (1, 2)]
    assert [e["expect"] for e in examples] == [{"red": 28, "blue": 28}, {"blue": 3, "red": 6}]
    # The warnings name what was not imported, each at its place in the file it is in.
    assert Counter((Path(p.file).name[:3], p.code) for p in problems) == Counter({
        ("000", "unmapped-tag"): 2, ("001", "unmapped-tag"): 2, ("000", "broken-ref"): 1,
        ("001", "broken-ref"): 1, ("001", "example-without-board"): 2})
    result = checked(project)
    assert result.returncode == 0, result.stderr
    assert "example-without-board" in result.stderr and "list-mismatch" in result.stderr  # the Dutch "1) 3)"


def test_the_translation_of_the_seeds_follows_the_dutch_page(imported):
    project, _ = imported
    translation = data(project / "rules_data" / "translations" / "nl" / "mage-and-witch-c1-wiki.yaml")["units"]
    page = data(page_file(project, "mage-and-witch-c1-wiki"))
    english = units(page["sections"])
    # Every text of the page but the ones the Dutch page leaves as they are has a translation.
    assert set(english) - set(translation) <= {"tile-distribution.tiles"}
    assert translation["title"]["text"].startswith("Tovenaar en Heks")
    fn = lambda text: re.findall(r"\{fn:[^}]*\}", text)
    assert all(fn(translation[unit]["text"]) == fn(text) for unit, text in english.items() if unit in translation)


def test_the_imported_examples_are_confirmed_once_given_the_boards(imported, tmp_path):
    source, _ = imported
    project = tmp_path / "project"
    shutil.copytree(source, project)
    hand = {str(data(path)["scenario"]["expect"]): data(path)["scenario"]
            for path in (project / "examples").glob("mage-and-witch-c1-*.yaml") if "wiki" not in path.name}
    for number in (1, 2):
        path = project / "examples" / f"mage-and-witch-c1-wiki-example-{number}.yaml"
        example = data(path)
        board = hand[str(example["scenario"]["expect"])]
        example["scenario"] = {**{k: v for k, v in board.items() if k != "expect"}, "expect": example["scenario"]["expect"]}
        example["illustration"] = True
        path.write_text(yaml.safe_dump(example, sort_keys=False, allow_unicode=True), encoding="utf-8")
        scored = subprocess.run([sys.executable, "-m", "generator", "score", str(path)], capture_output=True,
                                text=True, timeout=300, cwd=ROOT)
        assert scored.returncode == 0, scored.stderr
    result = checked(project)
    assert result.returncode == 0 and "example-without-board" not in result.stderr, result.stderr
    # Every example of the project confirmed: the real ones and the two imported, now with boards.
    assert f"{len(list(project.glob('examples/*.yaml')))} worked example(s) confirmed" in result.stdout
    # Importing again keeps the examples that now have their boards.
    before = {p: p.read_bytes() for p in (project / "examples").glob("*wiki*")}
    dutch, english = sorted(SEEDS.glob("000_*.txt"))[0], sorted(SEEDS.glob("001_*.txt"))[0]
    written, problems = run_import(project, dutch, english, source=english, page_id="mage-and-witch-c1-wiki")
    assert written == [] and not [p for p in problems if p.code == "example-without-board"]
    assert {p: p.read_bytes() for p in (project / "examples").glob("*wiki*")} == before


def _digest(project: Path) -> dict[str, str]:
    return {p.relative_to(project).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(project.rglob("*")) if p.is_file()}


def test_importing_the_seeds_twice_changes_no_byte(imported, seeds):
    project, _ = imported
    before = _digest(project)
    dutch, english = seeds
    written, problems = run_import(project, dutch, english, source=english, page_id="mage-and-witch-c1-wiki")
    assert written == [] and not [p for p in problems if p.level == "error"]
    assert _digest(project) == before


def test_a_hand_written_page_is_replaced_only_with_force(project, seeds):
    dutch, english = seeds
    hand = {p: p.read_bytes() for p in (page_file(project, "mage-and-witch-c1"),
                                        project / "rules_data" / "translations" / "nl" / "mage-and-witch-c1.yaml")}
    written, problems = run_import(project, dutch, english, source=english, page_id="mage-and-witch-c1")
    assert written == [] and {p.code for p in problems if p.level == "error"} == {"hand-written-file"}
    assert {p: p.read_bytes() for p in hand} == hand
    written, problems = run_import(project, dutch, english, source=english, page_id="mage-and-witch-c1", force=True)
    assert set(hand) <= set(written)
    assert "Imported by `rulesite import wiki`" in page_file(project, "mage-and-witch-c1").read_text(encoding="utf-8")


def test_a_page_id_that_is_no_id_or_is_taken_by_the_site_is_refused(project):
    for page_id, code in (("Not An Id", "bad-id"), ("contributing", "reserved-id"), ("legend", "reserved-id")):
        written, problems = run_import(project, WIKI / "example.txt", page_id=page_id)
        assert written == [] and [p.code for p in problems if p.level == "error"] == [code]


def test_rendered_text_is_refused_with_what_to_give_instead(project):
    rendered = sorted(SEEDS.glob("003_*.txt")) + sorted(SEEDS.glob("004_*.txt")) or [WIKI / "rendered.txt"]
    written, problems = run_import(project, *rendered)
    assert written == [] and {p.code for p in problems} == {"rendered-text"}
    assert all("View source" in p.message and "Special:Export" in p.message for p in problems)


# ---------------------------------------------------------------- the command line, and hostile input


def _cli(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "import", "wiki", *args],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_rulesite_import_wiki_writes_reports_and_checks(project):
    result = _cli(project, str(WIKI / "example.txt"), "--page-id", PAGE)
    assert result.returncode == 0, result.stderr
    assert "3 file(s) written" not in result.stdout and "2 file(s) written" in result.stdout
    assert PROBLEM_LINE.search(result.stderr) and "[example-without-board]" in result.stderr
    again = _cli(project, str(WIKI / "example.txt"), "--page-id", PAGE)
    assert again.returncode == 0 and "nothing changed" in again.stdout
    refused = _cli(project, str(WIKI / "rendered.txt"))
    assert refused.returncode == 1 and "[rendered-text]" in refused.stderr and "nothing was written" in refused.stderr


SKELETON = ("View source for Mage and Witch (test page)\n\n{{ChooseDesign|image=Sample_C1_front.png}}\n"
            "== About ==\nMade by [[Hans im Glück]] in {{Year|2012}}.\n\n")


TANGLE = "<div><ref>open <span>''x</div></ref>]] {{Year| <ref name=\"a/> ''' <b> {{{p}}} "


@pytest.mark.parametrize("kind", ["unbalanced", "tangled", "deep", "huge", "binary"])
def test_hostile_wikitext_is_a_located_problem_in_bounded_time(kind, project, tmp_path):
    path = tmp_path / f"{kind}.txt"
    if kind in ("unbalanced", "tangled"):
        # Tangled stays within what the reader parses, so the importer meets every broken piece.
        path.write_text(SKELETON + TANGLE * (3000 if kind == "unbalanced" else 100), encoding="utf-8")
    elif kind == "deep":
        path.write_text(SKELETON + "{{Deep|" * 1000 + "x" + "}}" * 1000 + " [[a|" * 1000, encoding="utf-8")
    elif kind == "huge":
        path.write_bytes(SKELETON.encode("utf-8") + b"Some words. " * (10 * 1024 * 1024 // 12))
    else:
        path.write_bytes(SKELETON.encode("utf-8") + bytes(range(256)) * 64)
    result = _cli(project, str(path), "--page-id", PAGE)  # the timeout bounds the time
    assert "Traceback" not in result.stderr and result.returncode in (0, 1), result.stderr[-2000:]
    assert PROBLEM_LINE.search(result.stderr), result.stderr[-2000:]
    if result.returncode == 0:
        assert checked(project).returncode == 0


# ---------------------------------------------------------------- a page of an expansion the site lacks


def _site(project: Path) -> dict[str, Any]:
    return data(project / "rules_data" / "site.yaml")


def _title(fixture: str) -> str:
    """The title a fixture's view-source line gives."""
    first = (WIKI / fixture).read_text(encoding="utf-8").partition("\n")[0]
    return first.removeprefix("View source for ")


def _base(title: str) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", title)


def _rendered_pages(project: Path) -> set[str]:
    """The paths of the English site's pages, rendered in memory (the build's cheap part)."""
    from generator.project import load_checked
    from generator.render.generate import SiteRenderer

    loaded = load_checked(project)
    return set(SiteRenderer(loaded, loaded.source_language).site().files)


def test_a_page_of_an_expansion_the_site_lacks_adds_it_and_builds(project):
    fixture = "new-expansion.txt"
    name = _base(_title(fixture))
    expansion_id = slug(name, "")
    assert expansion_id not in {e["id"] for e in _site(project)["expansions"]}
    written, problems = run_import(project, WIKI / fixture, page_id=None)
    assert not [p for p in problems if p.level == "error"], problems
    site = _site(project)
    added = [e for e in site["expansions"] if e["id"] == expansion_id]
    assert added == [{"id": expansion_id, "name": name}]
    sources = [s for s in site["sources"] if s.get("where") == fixture]
    assert len(sources) == 1 and sources[0]["kind"] == "page"
    page_id = slug(_title(fixture), "")
    page = data(page_file(project, page_id))
    # The edition is the one the mapping gives the words in the title's parentheses.
    words = re.search(r"\(([^()]*)\)\s*$", _title(fixture)).group(1)
    assert page["expansion"] == expansion_id
    assert page["editions"] == load_mapping()[0].page_editions.titles[words]
    assert {sources[0]["id"]} == {cited for section in page["sections"] for cited in section.get("sources", [])}
    reported = [p for p in problems if p.code == "new-expansion"]
    assert len(reported) == 1 and expansion_id in reported[0].message and sources[0]["id"] in reported[0].message
    result = checked(project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert any(page_id in path for path in _rendered_pages(project))
    # A second import finds the expansion and its source there: nothing is added twice.
    again, _ = run_import(project, WIKI / fixture, page_id=None)
    assert again == [] and _site(project) == site


def test_the_edition_chooser_gives_a_new_expansion_its_edition(project):
    written, problems = run_import(project, WIKI / "new-expansion-chooser.txt", page_id=None)
    assert not [p for p in problems if p.level == "error"], problems
    page = data(page_file(project, slug(_title("new-expansion-chooser.txt"), "")))
    picture = re.search(r"image=([^|}]*)", (WIKI / "new-expansion-chooser.txt").read_text(encoding="utf-8")).group(1)
    assert page["editions"] == [e for e in EDITIONS if e in picture]
    assert checked(project).returncode == 0


def test_a_page_that_says_neither_expansion_nor_edition_is_a_located_error(project):
    fixture = WIKI / "new-expansion-unsaid.txt"
    before = (project / "rules_data" / "site.yaml").read_bytes()
    result = _cli(project, str(fixture))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if "[missing-info]" in line]
    assert len(lines) == 2 and all(PROBLEM_LINE.match(line) for line in lines), result.stderr
    assert all(line.startswith(f"{fixture}:2:1: error") for line in lines), lines
    assert any("--expansion" in line for line in lines) and any("--edition" in line for line in lines)
    assert (project / "rules_data" / "site.yaml").read_bytes() == before


def test_expansion_and_edition_options_import_a_page_that_says_neither(project):
    fixture = WIKI / "new-expansion-unsaid.txt"
    expansion, edition = "tower-floors-box", EDITIONS[-1]
    result = _cli(project, str(fixture), "--expansion", expansion, "--edition", edition)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[new-expansion]" in result.stderr and expansion in result.stderr
    page = data(page_file(project, slug(_title("new-expansion-unsaid.txt"), "")))
    assert (page["expansion"], page["editions"]) == (expansion, [edition])
    assert expansion in {e["id"] for e in _site(project)["expansions"]}


def _orders(count):
    from generator.wiki.emission import Order
    return [Order(f"rules_data/translations/nl/page-{n}.yaml", [f"file {n}"],
                  units=[(f"u{n}", f"tekst {n}: ja", "0123456789ab", f"text {n}: yes")]) if n % 2 else
            Order(f"examples/example-{n}.yaml", [f"file {n}"], {"id": f"example-{n}", "caption": "on", "count": n})
            for n in range(count)]


def test_the_files_texts_made_on_every_core_are_the_texts_one_process_makes_and_their_parse_is_kept():
    from generator.cache import state
    from generator.read.source import parse
    from generator.wiki.emission import SMALL, emitted

    orders = _orders(3 * SMALL)
    state.reset()
    alone = emitted(orders, jobs=1)
    state.reset()
    both = emitted(orders, jobs=2)
    assert alone == both
    kept = state.current().parsed
    for order, text in zip(orders, both):
        assert kept[order.name][0] == text and kept[order.name][1].data == parse(text, order.name)[0].data
    assert yaml.safe_load(both[0])["caption"] == "on" and yaml.safe_load(both[1])["units"]["u1"]["text"] == "tekst 1: ja"


def test_a_text_that_would_not_read_back_stops_the_import_from_a_worker_too(monkeypatch):
    from generator.wiki import emission

    monkeypatch.setattr(emission, "translation_data", lambda units: {"units": {}})  # the forked workers inherit it
    with pytest.raises(ValueError, match="would not read back"):
        emission.emitted(_orders(2 * emission.SMALL), jobs=2)
