"""The ``english-left`` check: a translation that still says a termbase term or name in English.

The matcher is tried on small texts first; then the check runs over a copy of the real project
with the English names of the three boxes the first-edition pages mention (Hunters and
Gatherers, King and Scout, Count, King and Robber) in every translation whose language has a
name of its own for them, and must find each one, at its line and column, and nothing else.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from generator.check import terms
from generator.i18n.store import Edit, write_translation
from generator.model.data import TermBase
from generator.project import load
from generator.read.source import parse

from .conftest import ROOT

BOXES = ("hunters-and-gatherers", "king-and-scout", "count-king-and-robber")

BASE = TermBase.model_validate({"concepts": [
    {"id": "tile", "english": "tile", "english_forms": ["tiles"],
     "terms": [{"language": "nl", "preferred": "tegel", "inside_words": True}]},
    {"id": "follower", "english": "follower", "english_forms": ["followers"],
     "terms": [{"language": "nl", "preferred": "horige", "forms": ["horigen"]}]},
    {"id": "meeple", "english": "meeple", "english_forms": ["meeples"],
     "terms": [{"language": "nl", "preferred": "meeple"}]},
    {"id": "large-follower", "english": "large follower",
     "terms": [{"language": "cs", "preferred": "velký družiník"}]},
    {"id": "traders", "english": "Traders & Builders", "english_forms": ["Traders and Builders"],
     "terms": [{"language": "nl", "preferred": "Kooplieden & Bouwmeesters"}]},
]})
CONCEPTS = terms.concepts([BASE])


def left(text: str, language: str = "nl") -> list[tuple[int, str]]:
    """(column, message) of each english-left warning for ``text`` as a one-line YAML value."""
    source, _ = parse(json.dumps(text, ensure_ascii=False), "t.yaml")
    return [(p.column, p.message) for p in terms.english_left(CONCEPTS, language, text, source, ())]


def test_an_english_term_left_in_a_translation_is_found_at_its_column():
    found = left("Leg een tile bij de andere tegels.")
    assert [column for column, _ in found] == [10]  # the opening quote is column 1, "tile" starts at 10
    assert "'tile' is left in English" in found[0][1] and "'tegel'" in found[0][1]
    assert [c for c, _ in left("Twee Tiles.")] == [7]  # any case, the listed English forms too


def test_whole_words_only_and_english_that_is_also_the_languages_word_never_counts():
    assert left("De tilesetjes liggen klaar.") == []  # "tile" inside a longer word
    assert left("Zet een meeple op de tegel.") == []  # Dutch says meeple too
    assert left("Een follower.", "pl") == []  # no Polish entry: the language has no word of its own


def test_markup_ids_are_not_words_but_labels_are():
    assert left("De {figure:follower|horige} staat op de {page:tile-list}.") == []
    assert [c for c, _ in left("De {figure:follower|follower} staat.")] == [22]
    assert left("Scoort {tile} punten.") == []  # an interface string's placeholder


def test_a_name_is_found_across_emphasis_and_a_longer_name_shields_the_shorter_terms_in_it():
    assert [c for c, _ in left("In **Traders  and Builders** staat het.")] == [7]
    # Dutch has no term for "large follower", so the "follower" inside it is no Dutch word left in English;
    # Czech has one, and the whole name is reported.
    assert left("Een large follower.") == []
    assert left("Ten large follower.", "cs") == [(6, "'large follower' is left in English: the cs term for "
                                                     "'large follower' is 'velký družiník'")]


def test_a_text_over_several_lines_is_located_on_its_own_line():
    text = "title: x\nunits:\n  u:\n    text: >-\n      Een regel\n      met een tile erin.\n"
    source, _ = parse(text, "t.yaml")
    value = source.data["units"]["u"]["text"]
    [problem] = terms.english_left(CONCEPTS, "nl", value, source, ("units", "u", "text"))
    assert (problem.line, problem.column, problem.level) == (6, 15, "warning")


def copy_project(tmp_path: Path) -> Path:
    copy = tmp_path / "real"
    copy.mkdir()
    for name in ("rules_data", "examples", "content"):
        shutil.copytree(ROOT / name, copy / name)
    return copy


def names_of_boxes(project) -> list[tuple[str, str, str, object]]:
    """(language, document, unit, concept) for every translated unit whose English names one of the boxes."""
    found = []
    for language, docs in project.translations.items():
        for doc, translation in docs.items():
            for unit_id in translation.model.units:
                english = project.unit(doc, unit_id)
                for concept in terms.english_concepts(project.concepts, english.text) if english else ():
                    if concept.id in BOXES:
                        found.append((language, doc, unit_id, concept))
    return found


def own_name_span(text: str, concept, language: str) -> tuple[int, int] | None:
    """Where ``text`` gives the language's own name of the box (its longest form that is there)."""
    entry = terms.entry(concept, language)
    for form in sorted(entry.forms, key=len, reverse=True):
        match = re.search(re.escape(form), text, re.IGNORECASE)
        if match:
            return match.span()
    return None


def test_the_three_boxes_left_in_english_are_caught_in_the_real_translations(tmp_path):
    """Every translation that names a box, in a language with a name of its own for it, once
    the English name stands there instead (as the real texts had it before issue 31): one
    english-left warning at the name, and no other in the project."""
    copy = copy_project(tmp_path)
    project, _ = load(copy)
    cases = names_of_boxes(project)
    own = [case for case in cases if terms.entry(case[3], case[0])]
    # Each box is named, and each has a language with a name of its own for it.
    assert {concept.id for *_, concept in cases} == set(BOXES)
    assert {concept.id for *_, concept in own} == set(BOXES)
    assert {language for language, *_ in own} == {"nl", "pl", "cs", "de"}
    texts: dict[tuple[str, str, str], str] = {}
    for language, doc, unit_id, concept in own:
        key = (language, doc, unit_id)
        text = texts.get(key, project.translations[language][doc].model.units[unit_id].text)
        span = own_name_span(text, concept, language)
        if span is not None:  # the translation gives its own name: put the English one back
            text = text[:span[0]] + concept.english + text[span[1]:]
        texts[key] = text  # otherwise it still says it in English
    edits: dict[tuple[str, str], list[Edit]] = {}
    for (language, doc, unit_id), text in texts.items():
        translated = project.translations[language][doc].model.units[unit_id]
        edits.setdefault((language, doc), []).append(
            Edit(project.unit(doc, unit_id), text, translated.source, translated.source_text))
    for (language, doc), changes in edits.items():
        write_translation(copy / project.translations[language][doc].file, doc, language, changes, project)
    reloaded, problems = load(copy)
    expected = set()
    for language, doc, unit_id, concept in own:
        offset = texts[language, doc, unit_id].lower().index(concept.english.lower())
        source = reloaded.translations[language][doc].source
        expected.add((source.file, *source.where_in_text(("units", unit_id, "text"), offset)))
    found = {(p.file, p.line, p.column) for p in problems if p.code == "english-left"}
    assert found == expected
    # German is the one language with a name for King and Scout, and so the one where it is caught.
    assert any(p.code == "english-left" and "'King and Scout'" in p.message and "/de/" in p.file for p in problems)


def test_a_box_without_a_name_in_the_language_keeps_its_english_title_unwarned():
    project, problems = load(ROOT)
    warned = {(p.file, p.line, p.column) for p in problems if p.code == "english-left"}
    kept = 0
    for language, doc, unit_id, concept in names_of_boxes(project):
        text = project.translations[language][doc].model.units[unit_id].text
        if terms.entry(concept, language) is not None or concept.english.lower() not in text.lower():
            continue
        kept += 1  # the English title, kept because no source gives this language's name
        source = project.translations[language][doc].source
        place = source.where_in_text(("units", unit_id, "text"), text.lower().index(concept.english.lower()))
        assert (source.file, *place) not in warned
    assert kept, "some language keeps the English title of a box it has no name for"


def test_the_real_project_has_no_english_left_and_status_lists_the_warning(minimal):
    project, problems = load(ROOT)
    assert [p.format_text() for p in problems if p.code == "english-left"] == []
    target = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    target.write_text(target.read_text() + (
        "  rules.one:\n    text: \"De {figure:mage|tovenaar} (mage) helpt {player:red|Rood}.{fn:ruling}\"\n"
        "    source: \"5d41402abc4b\"\n    source_text: \"The {figure:mage|mage} helps {player:red|Red}.{fn:ruling}\"\n"))
    result = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "status", "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT)
    alpha = next(r for r in json.loads(result.stdout) if r["document"] == "alpha" and r["language"] == "nl")
    assert alpha["english_left"] == 1 and alpha["terms"] == 0
    text = subprocess.run([sys.executable, "-m", "generator", "--root", str(minimal), "status"],
                          capture_output=True, text=True, cwd=ROOT).stdout
    assert "english-left warnings: 1" in text
