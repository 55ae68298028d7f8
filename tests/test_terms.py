"""The termbase: matching terms, the term check, status counts, PO term hints, PO import order."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import polib

from generator.check import terms
from generator.model.data import TermBase
from generator.project import load_checked
from generator.i18n.po import export, import_files
from generator.project import load
from generator.model.units import fingerprint

from .conftest import ROOT

MSGFMT = shutil.which("msgfmt")

BASE = TermBase.model_validate({"concepts": [
    {"id": "mage", "english": "mage", "english_forms": ["mages"],
     "terms": [{"language": "nl", "preferred": "tovenaar", "avoid": ["magiër"]}]},
    {"id": "mage-symbol", "english": "mage symbol",
     "terms": [{"language": "nl", "preferred": "magiërssymbool"}]},
    {"id": "tile", "english": "tile", "english_forms": ["tiles"],
     "terms": [{"language": "nl", "preferred": "tegel", "inside_words": True},
               {"language": "cs", "preferred": "kartička", "forms": ["kartič"]}]},
]})
CONCEPTS = terms.concepts([BASE])


def ids(english: str) -> list[str]:
    return [c.id for c in terms.english_concepts(CONCEPTS, english)]


def test_english_terms_match_whole_words_and_the_longer_term_wins():
    assert ids("The {figure:mage|mage} helps.") == ["mage"]
    assert ids("Tiles with the mage symbol.") == ["tile", "mage-symbol"]  # not "mage" as well
    assert ids("An image of a {page:mage-and-witch-c1}.") == []  # no word "mage", markup ids are not words
    assert ids("Two mages and a tile.") == ["mage", "tile"]
    # An interface string's placeholder is filled in later: its name is no word.
    assert ids("Scored {tile} points for the {mage}.") == []
    assert ids("Scored {tile} points for each tile.") == ["tile"]


def test_translation_forms_are_stems_and_compounds_count_where_allowed():
    nl = terms.entry(CONCEPTS[2], "nl")
    assert nl.found_in(terms.plain("Acht landtegels.")) and nl.found_in(terms.plain("een tegel"))
    cs = terms.entry(CONCEPTS[2], "cs")
    assert cs.found_in(terms.plain("na kartičce")) and not cs.found_in(terms.plain("na dílku"))


def warnings(english: str, translated: str, language: str = "nl") -> list[str]:
    from generator.read.source import parse
    source, _ = parse(json.dumps(translated), "t.yaml")
    return [p.message for p in terms.check_unit(CONCEPTS, language, english, translated, source, ())]


def test_check_names_the_expected_term_and_terms_to_avoid():
    assert warnings("The mage moves.", "De tovenaar verplaatst.") == []
    found = warnings("The mage moves.", "De magiër verplaatst.")
    assert len(found) == 2 and "'tovenaar'" in found[0] and "'magiër' is a term to avoid" in found[1]
    assert warnings("The mage moves.", "Il mago.", "pl") == []  # no Polish entry: nothing to check


def test_real_data_has_concepts_in_every_translated_language_and_no_term_warnings():
    project, problems = load(ROOT)
    assert project is not None
    covered = {t.language for c in project.concepts for t in c.terms}
    # Every language with translations is held to the termbase; a language just added, with
    # no translations yet, needs no terms for its pages to build (see "Adding a language").
    assert set(project.translations) <= covered <= set(project.target_languages)
    assert [p for p in problems if p.code == "term"] == []
    assert project.term_findings == []


def test_status_counts_term_warnings_per_language_and_page(minimal):
    target = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    english = "The {figure:mage|mage} helps {player:red|Red}.{fn:ruling}"
    target.write_text(target.read_text() + f"  rules.one:\n    text: De {{figure:mage|magiër}} helpt {{player:red|Rood}}.{{fn:ruling}}\n"
                      f"    source: \"{fingerprint(english)}\"\n    source_text: \"{english}\"\n")
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "status", "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT)
    rows = json.loads(result.stdout)
    alpha = next(r for r in rows if r["document"] == "alpha" and r["language"] == "nl")
    assert alpha["terms"] == 2  # the preferred term is missing, and a term to avoid is used
    strict = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check", "--strict"],
                            capture_output=True, text=True, cwd=ROOT)
    assert strict.returncode == 1 and "warning [term]" in strict.stderr


def test_po_export_carries_term_hints_and_stays_valid_and_lossless(tmp_path):
    copy = tmp_path / "real"
    copy.mkdir()
    for name in ("rules_data", "examples"):
        shutil.copytree(ROOT / name, copy / name)
    project = load_checked(copy)
    before = {p: p.read_bytes() for p in (copy / "rules_data").rglob("*.yaml")}
    files = []
    for language in project.target_languages:
        paths = export(project, language, tmp_path / "po")
        files += paths
        po = polib.pofile(str(next(p for p in paths if p.stem == "mage-and-witch-c1")))
        entry = next(e for e in po if e.msgctxt == "scoring.mage")
        mage = terms.entry(next(c for c in project.concepts if c.id == "mage"), language)
        if mage is None:  # a language without termbase entries gets no hints
            assert "term: mage" not in entry.comment
        else:
            assert f"term: mage = {mage.term.preferred}" in entry.comment
        if MSGFMT:
            for path in paths:
                check = subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
                assert check.returncode == 0, check.stderr
    assert "#. term: mage = tovenaar (printed: 999: tovenaar)" in (tmp_path / "po" / "nl" / "mage-and-witch-c1.po").read_text()
    result = import_files(project, files)
    assert result.problems == [] and result.changed == 0
    assert {p: p.read_bytes() for p in (copy / "rules_data").rglob("*.yaml")} == before


def test_import_of_a_changed_and_a_new_unit_in_one_file_keeps_the_yaml_valid(minimal, tmp_path):
    # A regression: the place for new units was computed before other values changed length.
    target = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    for entry in po:
        if entry.msgctxt == "title":
            entry.msgstr = "Alfa, met een veel langere titel dan eerst"
        elif not entry.msgstr and entry.msgctxt == "rules.two":
            entry.msgstr = "Alleen in één druk.{fn:only-one}"
    po.save()
    result = import_files(project, [path])
    assert result.problems == [] and result.changed == 2
    reloaded, problems = load(minimal)
    assert [p for p in problems if p.level == "error"] == [], target.read_text()
    units = reloaded.translations["nl"]["alpha"].model.units
    assert units["title"].text.startswith("Alfa, met") and units["rules.two"].text.startswith("Alleen")


def test_hand_written_pages_are_held_to_the_words_their_termbase_avoids(minimal):
    (minimal / "content" / "nl").mkdir(parents=True, exist_ok=True)
    (minimal / "content" / "nl" / "extra.md").write_text(
        "# Over de tovenaar\n\nDe tovenaar, nooit de Magiër.\nOok geen magiërs\n", encoding="utf-8")
    (minimal / "content" / "en").mkdir(parents=True, exist_ok=True)
    (minimal / "content" / "en" / "extra.md").write_text("# A magiër\n", encoding="utf-8")  # English has no avoided words
    project, problems = load(minimal)
    found = [(p.file, p.line, p.column, p.level) for p in problems if p.code == "term"]
    assert found == [("content/nl/extra.md", 3, 23, "warning"), ("content/nl/extra.md", 4, 10, "warning")]
    assert all("'magiër' is a term to avoid" in p.message and "'tovenaar'" in p.message
               for p in problems if p.code == "term")
    strict = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "check", "--strict"],
                            capture_output=True, text=True, cwd=ROOT)
    assert strict.returncode == 1 and "content/nl/extra.md:3:23: warning [term]" in strict.stderr
