"""The termbase's translated notes: each is in a language the site translates into.

A concept's ``meanings`` hold its note in each translated language, for that language's
glossary (tests/test_reader_layout.py reads them there); a language the site does not
translate into has no glossary, so a note in it is reported where it stands.
"""

from __future__ import annotations

from generator.project import load


def test_a_meaning_in_an_unknown_language_is_reported_at_its_key(minimal):
    path = minimal / "rules_data" / "terms" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    english: mage\n", "    english: mage\n    meanings:\n      nl: De tovenaar.\n"
                                 "      fr: Le mage.\n", 1), encoding="utf-8")
    _, problems = load(minimal)
    found = [(p.line, p.code) for p in problems if p.file.endswith("terms/game.yaml")]
    assert found == [(6, "unknown-language")], found


def test_a_meaning_in_a_translated_language_is_accepted(minimal):
    path = minimal / "rules_data" / "terms" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    english: mage\n", "    english: mage\n    meanings:\n      nl: De tovenaar.\n", 1),
                    encoding="utf-8")
    _, problems = load(minimal)
    assert [p for p in problems if p.file.endswith("terms/game.yaml")] == []
