"""The registry of problem codes: every code a :class:`~generator.core.problem.Problem` can
carry, its level, what it means, and the fixture or test that shows it.

Modelled on yamllint, which registers each of its rules in one place. The codes themselves
are written where each check makes its problem; this registry is what the contributor
guide's table is generated from (``rulesite codes``), and ``tests/test_codes.py`` holds the
two together: every code the package can make has an entry here, every entry is made
somewhere and shown by its fixture or test, and the guide's table is this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from generator.core.problem import Level

FIXTURES = "tests/fixtures/"
INVALID, WARNINGS = FIXTURES + "invalid/", FIXTURES + "warnings/"
# FIFOs, sockets and links cannot be kept in git: the test makes them in a copy of a project.
FOLDERS = "tests/test_data_folders.py::test_every_data_folder_refuses_what_is_not_a_file"
SCENARIOS, BOARDS = FIXTURES + "scenarios/invalid/", FIXTURES + "boards/invalid/"
IMPORT = "tests/test_wiki_import.py::test_each_fixture_shows_its_code"
ERROR: tuple[Level, ...] = ("error",)
WARNING: tuple[Level, ...] = ("warning",)


@dataclass(frozen=True)
class Code:
    """One problem code."""

    code: str
    levels: tuple[Level, ...]
    """Every level the code is reported at (a code may have both)."""
    description: str
    """One line of plain English: the mistake the code reports."""
    shown_by: str
    """Where it is shown, from the project's root: a fixture that produces it
    (``tests/fixtures/invalid/bad-id.yaml``) or, for a code no small data file can show (a
    huge or missing file, a PO file, a built part), the test that does
    (``tests/test_split.py::test_...``)."""

    @property
    def test(self) -> str | None:
        """The pytest node id when a test shows the code, None when a fixture does."""
        return self.shown_by if "::" in self.shown_by else None


ENTRIES = (
    # Reading: files refused before or while their YAML is parsed.
    Code("too-large", ERROR, "the file is so large that the reader does not open it",
         "tests/test_hardening.py::test_a_file_over_the_size_limit_is_not_read"),
    Code("too-long", ERROR, "one text in the file is longer than the reader accepts",
         "tests/test_hardening.py::test_hostile_yaml_is_refused_with_a_located_error[long-string]"),
    Code("too-deep", ERROR, "lists and mappings nest deeper than the reader accepts", INVALID + "too-deep.yaml"),
    Code("yaml-alias", ERROR, "a YAML anchor or alias; data files write every value out", INVALID + "yaml-alias.yaml"),
    Code("yaml-syntax", ERROR, "the file is not valid YAML", INVALID + "yaml-syntax.yaml"),
    Code("bad-encoding", ERROR, "a YAML file that is not UTF-8 text", INVALID + "bad-encoding.yaml"),
    Code("unreadable", ERROR, "the file cannot be opened or read (a hand-written page that is not UTF-8 included)",
         INVALID + "unreadable.yaml"),
    Code("missing-file", ERROR, "a file that is required is not there (a data file, the rulesets, a PO file)",
         "tests/test_rulesets.py::test_missing_file_means_standard_only"),
    Code("not-a-file", ERROR, "a named pipe, socket, device or folder where a data file or hand-written page would "
         "be read or published; it is never opened", FOLDERS + "[fifo]"),
    Code("bad-symlink", ERROR, "a symbolic link that leads out of the project's rules_data/, examples/ and content/, "
         "to a folder, to nothing or round in a loop; it is not followed", FOLDERS + "[outside]"),
    Code("bad-file-name", ERROR, "a file name with a line break, a control character or bytes that are not UTF-8 "
         "(shown escaped); the file is not read or published", FOLDERS + "[newline]"),
    Code("duplicate-key", ERROR, "one mapping has the same key twice", INVALID + "duplicate-key.yaml"),
    # The schema of each file.
    Code("unknown-key", ERROR, "a key the format does not have, often a misspelt one", INVALID + "unknown-key.yaml"),
    Code("missing-key", ERROR, "a key that is required here is absent", INVALID + "missing-key.yaml"),
    Code("bad-type", ERROR, "a value of the wrong kind (a list for a text, a word for a number) or an empty file",
         INVALID + "bad-type.yaml"),
    Code("bad-value", ERROR, "a value of the right kind that is not allowed here (out of range, not one of the "
         "choices, an explicit YAML tag)", INVALID + "bad-value.yaml"),
    Code("bad-id", ERROR, "an id that is not lower-case words joined by hyphens or dots", INVALID + "bad-id.yaml"),
    Code("unknown-block", ERROR, "a page block of a kind pages do not have", INVALID + "unknown-block.yaml"),
    # Ids and references between files.
    Code("duplicate-id", ERROR, "two things of one kind share an id", INVALID + "duplicate-id.yaml"),
    Code("id-mismatch", ERROR, "a page's or worked example's id differs from its file name",
         INVALID + "id-mismatch.yaml"),
    Code("reserved-id", ERROR, "a page id that would take the place of a page or folder the site generates, a "
         "file MkDocs or the theme writes, or a hand-written page", INVALID + "reserved-id.yaml"),
    Code("unknown-category", ERROR, "a category that site.yaml does not list", INVALID + "unknown-category.yaml"),
    Code("unknown-colour", ERROR, "a player reference to a colour that site.yaml does not list",
         INVALID + "unknown-colour.yaml"),
    Code("unknown-edition", ERROR, "an edition that site.yaml does not list, or that the page does not cover",
         INVALID + "unknown-edition.yaml"),
    Code("unknown-example", ERROR, "a page shows a worked example that has no file", INVALID + "unknown-example.yaml"),
    Code("unknown-expansion", ERROR, "an expansion that site.yaml does not list", INVALID + "unknown-expansion.yaml"),
    Code("unknown-figure", ERROR, "a figure reference that site.yaml does not list", INVALID + "unknown-figure.yaml"),
    Code("unknown-footnote", ERROR, "a footnote reference to a footnote the page does not define",
         INVALID + "unknown-footnote.yaml"),
    Code("unknown-language", ERROR, "a language the site does not translate into: a translation folder, content "
         "folder, termbase entry, PO file or `--lang` that site.yaml does not list", INVALID + "unknown-language.yaml"),
    Code("unknown-page", ERROR, "a page that has no file, named by a reference, a worked example or a translation",
         INVALID + "unknown-page.yaml"),
    Code("unknown-printing", ERROR, "a printing that site.yaml does not list", INVALID + "unknown-printing.yaml"),
    Code("unknown-publisher", ERROR, "a publisher that site.yaml does not list", INVALID + "unknown-publisher.yaml"),
    Code("unknown-section", ERROR, "a worked example names a section its page does not have",
         INVALID + "unknown-section.yaml"),
    Code("unknown-series", ERROR, "a series that site.yaml does not list", INVALID + "unknown-series.yaml"),
    Code("unknown-source", ERROR, "a source that site.yaml does not list", INVALID + "unknown-source.yaml"),
    Code("unknown-unit", ERROR, "a text unit the English document does not have", INVALID + "unknown-unit.yaml"),
    Code("language-name", WARNING, "a language's native or English name is not the one CLDR gives it",
         WARNINGS + "language-name.yaml"),
    # Pages, footnotes and worked examples.
    Code("bad-footnote", ERROR, "a footnote with a field that does not belong to its kind",
         INVALID + "bad-footnote.yaml"),
    Code("bad-combination", ERROR, "a rule for playing expansions together that names its page's own expansion, "
         "or gives neither rules nor the question no source answers", INVALID + "bad-combination.yaml"),
    Code("unsourced-claim", ERROR, "a printing difference that names no source for its claim",
         INVALID + "unsourced-claim.yaml"),
    Code("unused-footnote", ERROR, "a footnote that no text of its page refers to", INVALID + "unused-footnote.yaml"),
    Code("empty-section", ERROR, "a section with neither blocks nor subsections", INVALID + "empty-section.yaml"),
    Code("example-place", ERROR, "a worked example and the page showing it disagree on where it belongs",
         INVALID + "example-place.yaml"),
    Code("expect-mismatch", ERROR, "a published total that differs from the one the scorer computes",
         INVALID + "expect-mismatch.yaml"),
    Code("example-caption", ERROR, "a worked example's caption leaves out a total, or states a count its board "
         "does not have", INVALID + "example-caption.yaml"),
    # Texts and interface strings.
    Code("bad-markup", ERROR, "malformed inline markup or placeholders, or markup where plain text belongs",
         INVALID + "bad-markup.yaml"),
    Code("raw-html", ERROR, "HTML written in a text, a name or a hand-written page (where HTML comments alone "
         "pass), or an attribute or front-matter key a hand-written page may not set", INVALID + "raw-html.yaml"),
    Code("unsafe-link", ERROR, "a link or picture in a hand-written page whose address runs a script "
         "(`javascript:`) or embeds data (`data:`)",
         "tests/test_data_folders.py::test_raw_html_in_a_hand_written_page_is_refused_where_it_is_written"
         "[javascript-link]"),
    Code("template-syntax", ERROR, "template syntax in a text, a name or a hand-written page, or left unresolved "
         "in a built page", INVALID + "template-syntax.yaml"),
    Code("placeholder-mismatch", ERROR, "a translated interface string whose placeholders differ from the English",
         INVALID + "placeholder-mismatch.yaml"),
    Code("plural-forms", ERROR, "a count string of ui.yaml (count.*) whose forms are not one per plural category "
         "CLDR gives its language", INVALID + "plural-forms.yaml"),
    Code("missing-ui-string", ERROR, "ui.yaml lacks an interface string the site needs",
         INVALID + "missing-ui-string.yaml"),
    Code("unused-ui-string", WARNING, "ui.yaml has an interface string that no part of the site uses",
         WARNINGS + "unused-ui-string.yaml"),
    # Translations: each still renders, but a translator should look at it.
    Code("empty-translation", WARNING, "an empty translation, so the English is shown",
         WARNINGS + "empty-translation.yaml"),
    Code("untranslated", WARNING, "a translation that is the English text unchanged", WARNINGS + "untranslated.yaml"),
    Code("footnote-mismatch", WARNING, "a translation refers to other footnotes than the English",
         WARNINGS + "footnote-mismatch.yaml"),
    Code("markup-mismatch", WARNING, "a translation refers to other pages, figures, players, publishers or "
         "printings than the English", WARNINGS + "markup-mismatch.yaml"),
    Code("list-mismatch", WARNING, "a translation's numbered items differ from the English",
         WARNINGS + "list-mismatch.yaml"),
    Code("number-mismatch", WARNING, "a translation's numbers differ from the English",
         WARNINGS + "number-mismatch.yaml"),
    Code("term", WARNING, "a translation or translated page lacks the termbase's word or uses one it avoids",
         WARNINGS + "term.yaml"),
    Code("english-left", WARNING, "a translation that still says a term or name in English where the termbase "
         "gives its language a word of its own", WARNINGS + "english-left.yaml"),
    # The tile catalogue.
    Code("unknown-tile", ERROR, "a tile the catalogue does not have, or whose layout it does not know",
         INVALID + "unknown-tile.yaml"),
    Code("tile-count", ERROR, "tile counts that do not add up: a tile table's total, or a number a text states",
         INVALID + "tile-count.yaml"),
    Code("bad-tile", ERROR, "a tile type that cannot be drawn or joined (a side of two kinds, a half-edge in no "
         "field)", BOARDS + "bad-tile.yaml"),
    # Scenarios: what each feature may carry, and what the game allows.
    Code("city-only", ERROR, "pennants or a cathedral on a feature that is not a city", SCENARIOS + "city-only.yaml"),
    Code("road-only", ERROR, "an inn on a feature that is not a road", SCENARIOS + "road-only.yaml"),
    Code("city-or-road-only", ERROR, "the mage, the witch or `complete` on a feature that is neither a city nor a road",
         SCENARIOS + "city-or-road-only.yaml"),
    Code("field-only", ERROR, "`completed_cities` or `cities` on a feature that is not a field",
         SCENARIOS + "field-only.yaml"),
    Code("not-on-field", ERROR, "a tile count on a field, which is measured in completed cities instead",
         SCENARIOS + "not-on-field.yaml"),
    Code("too-few-tiles", ERROR, "a city, road or cloister of less than one tile", SCENARIOS + "too-few-tiles.yaml"),
    Code("cloister-too-big", ERROR, "a cloister counted with more tiles than itself and its eight neighbours",
         SCENARIOS + "cloister-too-big.yaml"),
    Code("negative-count", ERROR, "a pennant or completed-city count below zero", SCENARIOS + "negative-count.yaml"),
    Code("negative-strength", ERROR, "a follower strength below zero", SCENARIOS + "negative-strength.yaml"),
    Code("incomplete-during-game", ERROR, "an unfinished feature scored during the game, when only completion scores",
         SCENARIOS + "incomplete-during-game.yaml"),
    Code("field-during-game", ERROR, "a field scored during the game; fields score at the end only",
         SCENARIOS + "field-during-game.yaml"),
    Code("duplicate-city", ERROR, "a field that names one city twice", SCENARIOS + "duplicate-city.yaml"),
    Code("cities-mismatch", ERROR, "a field whose `completed_cities` is not the number of cities it names",
         SCENARIOS + "cities-mismatch.yaml"),
    Code("mage-and-witch", ERROR, "the mage and the witch on one feature", SCENARIOS + "mage-and-witch.yaml"),
    Code("too-many-mages", ERROR, "a second mage, where the game has one", SCENARIOS + "too-many-mages.yaml"),
    Code("too-many-witches", ERROR, "a second witch, where the game has one", SCENARIOS + "too-many-witches.yaml"),
    Code("pig-without-farmer", ERROR, "a pig in a field where its player has no farmer (Traders & Builders)",
         SCENARIOS + "pig-without-farmer.yaml"),
    Code("too-many-pigs", ERROR, "a player's pig in two places, where each player has one",
         SCENARIOS + "too-many-pigs.yaml"),
    Code("goods-during-game", ERROR, "goods tokens in a scenario scored during the game; they score at its end",
         SCENARIOS + "goods-during-game.yaml"),
    Code("rule-not-known", ERROR, "a pig under a ruleset for which no source gives what the pig adds",
         SCENARIOS + "rule-not-known.yaml"),
    Code("unknown-ruleset", ERROR, "a ruleset that rules_data/rulesets.yaml does not define",
         SCENARIOS + "unknown-ruleset.yaml"),
    Code("unknown-player", ERROR, "a published total for a player with no follower in the scenario",
         SCENARIOS + "unknown-player.yaml"),
    Code("impossible", ERROR, "anything else the scorer refuses: a safety net behind the checks above",
         "tests/test_scenario.py::test_a_refusal_by_the_scorer_that_the_reader_missed_is_located_as_impossible"),
    # Boards: tiles placed on squares, figures standing on them.
    Code("board-overlap", ERROR, "two tiles on one square", BOARDS + "board-overlap.yaml"),
    Code("board-split", ERROR, "a board in pieces that do not touch", BOARDS + "board-split.yaml"),
    Code("edge-mismatch", ERROR, "neighbouring tiles whose touching sides show different kinds",
         BOARDS + "edge-mismatch.yaml"),
    Code("figure-no-tile", ERROR, "a figure on a square without a tile", BOARDS + "figure-no-tile.yaml"),
    Code("impossible-board", ERROR, "a board that no game played by its ruleset can reach (the legality check)",
         BOARDS + "impossible-board.yaml"),
    Code("board-undecided", WARNING, "a board whose order of play the legality check could not decide within its bound",
         "tests/test_legality.py::test_a_search_past_its_bound_says_undecided"),
    Code("figure-not-modelled", WARNING, "a figure whose placement rules the legality check does not know",
         "tests/test_legality.py::test_a_figure_the_check_does_not_model_is_named_in_a_warning"),
    Code("figure-location", ERROR, "a figure where its tile has nothing, or on a feature it may not stand on",
         BOARDS + "figure-location.yaml"),
    # Translation files (PO) and built parts.
    Code("bad-po", ERROR, "a PO file that cannot be read, breaks PO syntax at a line or was not exported by "
         "rulesite, or an import it refuses", "tests/test_cli.py::test_po_import_of_a_missing_or_garbled_file"),
    Code("po-truncated", ERROR, "a PO file that ends before its export did: inside a line or an entry, or "
         "without the end marker every export closes with",
         "tests/test_po.py::test_a_cut_export_is_refused_or_imported_without_loss[edited]"),
    Code("po-conflict", ERROR, "two PO files of one import that change one unit differently",
         "tests/test_po.py::test_two_files_of_one_document_merge_or_conflict"),
    Code("po-fuzzy", ERROR, "a fuzzy PO entry that cannot be kept outdated: it names no English it was made "
         "from, or names the current English", "tests/test_po.py::test_fuzzy_entries_stay_outdated_or_are_refused"),
    Code("po-plural", ERROR, "a plural PO entry (msgid_plural, msgstr[n]); no text of the site has plural forms",
         "tests/test_po.py::test_a_plural_entry_is_refused_at_its_line"),
    Code("po-mismatch", ERROR, "a msgstr whose footnote references, markup, numbered items or numbers differ "
         "from the English, or that is the English unchanged: what `rulesite check` warns about, refused on import",
         "tests/test_po.py::test_a_dropped_footnote_reference_is_refused_at_the_po_line"),
    Code("not-a-part", ERROR, "a folder given to `rulesite assemble` that is not a built part",
         "tests/test_split.py::test_a_folder_that_is_not_a_part_is_refused"),
    Code("part-mismatch", ERROR, "parts built from other data, or two parts with the same language",
         "tests/test_split.py::test_a_language_in_two_parts_is_refused"),
    # Wiki pages (`rulesite wiki-lint`, generator/wiki/): reading them, then their defects.
    Code("wiki-encoding", ERROR, "a wiki page or export that is not UTF-8 text, or holds control bytes (binary data)",
         "tests/test_wiki_lint.py::test_hostile_input_is_a_located_problem_or_clean[binary]"),
    Code("wiki-empty", ERROR, "a wiki page file, or a page of an export, with no text",
         "tests/test_wiki_lint.py::test_bad_inputs_are_located_problems[empty]"),
    Code("wiki-too-complex", ERROR, "a wiki page with so many unclosed templates, links or tags that parsing it "
         "would take too long", "tests/test_wiki_lint.py::test_hostile_input_is_a_located_problem_or_clean[unclosed]"),
    Code("bad-export", ERROR, "an XML file that is not a well-formed MediaWiki export",
         "tests/test_wiki_lint.py::test_bad_inputs_are_located_problems[not-xml]"),
    Code("xml-entity", ERROR, "an export whose DOCTYPE declares entities, refused before any can expand",
         "tests/test_wiki_lint.py::test_hostile_input_is_a_located_problem_or_clean[billion-laughs]"),
    Code("wrong-language", ERROR, "a wiki page whose prose is in another of the site's languages than its title says",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[wrong-language]"),
    Code("unresolved-parameter", ERROR,
         "a template parameter (a name in triple braces) left on a wiki page, outside a template",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[unresolved-parameter]"),
    Code("malformed-ref", ERROR, "a wiki footnote tag the parser cannot read as meant: a quote that never closes, "
         "an unclosed or stray tag, neither text nor name", "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[malformed-ref]"),
    Code("numbering-gap", ERROR, "numbered items of a wiki page that skip a number, or differ from the source unit's",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[numbering-gap]"),
    Code("structure-differs", WARNING, "a translated wiki unit whose footnotes, numbers or bold and italics differ "
         "from its source unit", "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[structure-differs]"),
    Code("caption-arithmetic", ERROR, "a picture caption whose stated sum, product or halving does not compute",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[caption-arithmetic]"),
    Code("outdated-translation", WARNING, "a wiki translation marked outdated (mw-translate-fuzzy)",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[outdated-translation]"),
    Code("caption-expansion", WARNING, "a wiki picture whose file name says one expansion and whose caption names "
         "another", "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[caption-expansion]"),
    Code("untranslated-field", WARNING, "a translated wiki page whose sortingtitle, a heading or a caption is still the source's",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[untranslated-field]"),
    Code("unknown-template", WARNING, "a wiki template the import mapping does not list", "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[unknown-template]"),
    Code("avoided-term", WARNING, "a wiki translation using a word the termbase says to avoid in its language",
         "tests/test_wiki_lint.py::test_each_fixture_shows_its_code[avoided-term]"),
    # Importing wiki pages (`rulesite import wiki`, generator/wiki/importer.py): refusals, then what the
    # import reports and writes on (each code is shown by tests/fixtures/wiki/import/).
    Code("rendered-text", ERROR, "a wiki page given as the text a browser shows (rendered), not as its wikitext",
         IMPORT + "[rendered-text]"),
    Code("no-source-page", ERROR, "a wiki page imported without its English source page, or with it twice",
         IMPORT + "[no-source-page]"),
    Code("missing-info", ERROR, "a wiki page that does not state a fact its data needs (publisher, year, expansion, "
         "edition); nothing is written", IMPORT + "[missing-info]"),
    Code("new-expansion", WARNING, "a wiki page of an expansion site.yaml did not list: the import added the expansion "
         "and the page as its source to site.yaml", IMPORT + "[new-expansion]"),
    Code("hand-written-file", ERROR, "an import that would replace a file it did not write (one without its origin "
         "comment), without --force", IMPORT + "[hand-written-file]"),
    Code("unmapped-template", WARNING, "a wiki template or template parameter the import mapping does not know; its "
         "text stays, escaped", IMPORT + "[unmapped-template]"),
    Code("unmapped-tag", WARNING, "an HTML tag or wiki table the import mapping does not know; a tag's text stays, "
         "a table is left out", IMPORT + "[unmapped-tag]"),
    Code("unmapped-link", WARNING, "a wiki link to no page, publisher or printing the site knows, or to an outside "
         "address; its text stays", IMPORT + "[unmapped-link]"),
    Code("unmapped-picture", WARNING, "a wiki picture that is not a worked example; it is not imported",
         IMPORT + "[unmapped-picture]"),
    Code("unmapped-category", WARNING, "a wiki category that is no category of site.yaml and not in the mapping",
         IMPORT + "[unmapped-category]"),
    Code("unmapped-printing", WARNING, "a wiki printing note whose words or links make no printing claim the mapping "
         "knows; kept as an editors' note", IMPORT + "[unmapped-printing]"),
    Code("ambiguous-printing", WARNING, "a wiki printing note naming a publisher or box that several printings fit; "
         "kept as an editors' note", IMPORT + "[ambiguous-printing]"),
    Code("missing-source", WARNING, "a wiki page with printing notes that no source of site.yaml names; the notes "
         "are kept as editors' notes", IMPORT + "[missing-source]"),
    Code("unmapped-date", WARNING, "a ruling's date in a wiki footnote with a word the mapping does not know for "
         "the page's language; the date stays in the text", IMPORT + "[unmapped-date]"),
    Code("unmapped-tiles", WARNING, "a wiki tile list the tile catalogue cannot confirm row by row; its total is "
         "kept as a paragraph", IMPORT + "[unmapped-tiles]"),
    Code("example-without-board", WARNING, "a worked example with its published totals but no board yet (one "
         "imported from a picture of the wiki)", IMPORT + "[example-without-board]"),
    Code("example-without-totals", WARNING, "a wiki picture caption that states no total next to a player colour; "
         "imported as a paragraph", IMPORT + "[example-without-totals]"),
    Code("broken-ref", WARNING, "a wiki footnote tag the import repaired or left out: a name whose quote never "
         "closes, a name never defined, an empty tag", IMPORT + "[broken-ref]"),
    Code("footnote-kind", WARNING, "a wiki footnote that opens with no kind icon the mapping knows; imported as an "
         "editors' note", IMPORT + "[footnote-kind]"),
    Code("footnote-place", WARNING, "a wiki footnote referred to from a heading (moved to the section's first text) "
         "or only from a place that keeps no text", IMPORT + "[footnote-place]"),
    Code("empty-heading", WARNING, "a wiki heading with nothing under it that the import keeps; left out",
         IMPORT + "[empty-heading]"),
    Code("translation-structure", WARNING, "a wiki subpage whose sections, blocks, items, footnotes, dates or "
         "totals differ from its source page's; what does not line up stays untranslated",
         IMPORT + "[translation-structure]"),
)

CODES: Mapping[str, Code] = MappingProxyType({entry.code: entry for entry in ENTRIES})
"""Code to its entry, in the order of the stages that report them."""


def table() -> str:
    """The contributor guide's table: every code by name, with its level, meaning and demonstration."""
    rows = ["| Code | Level | What it reports | Shown by |", "|---|---|---|---|"]
    for entry in sorted(CODES.values(), key=lambda entry: entry.code):
        rows.append(f"| `{entry.code}` | {', '.join(entry.levels)} | {entry.description} | `{entry.shown_by}` |")
    return "\n".join(rows) + "\n"
