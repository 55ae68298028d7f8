"""What the generated pages say: page anatomy, footnotes, printing differences, examples.

Rules pages are written as HTML (``generator/render/html_page.py``); the other generated
pages are Markdown."""

from __future__ import annotations

import html
import re

import pytest
from markupsafe import Markup

from generator.model import markup, printings
from generator.project import load_checked
from generator.render import abbreviations, icons, language
from generator.render.escape import md_text
from generator.render.generate import SiteRenderer, render_site
from generator.i18n.status import summarize
from generator.model.ui_strings import required_keys
from generator.core.vocabulary import TEMPLATE_OPENING

from .conftest import ROOT


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


@pytest.fixture(scope="module")
def en(project):
    return SiteRenderer(project, "en")


def test_renderer_only_asks_for_interface_strings_that_check_requires(project, monkeypatch):
    asked = set()
    original = language.Lang.status

    def recording(self, doc, unit_id):
        if doc == "ui":
            asked.add(unit_id)
        return original(self, doc, unit_id)

    monkeypatch.setattr(language.Lang, "status", recording)
    render_site(project)
    assert asked, "the renderer asked for no interface string at all"
    assert asked <= required_keys(), sorted(asked - required_keys())


def note(text: str, note_id: str) -> str:
    """The list item of one footnote."""
    start = text.index(f'<li id="fn:{note_id}">')
    return text[start:text.index("</li>", start)]


def test_shared_footnote_is_defined_once_and_referenced_twice(en):
    text = en.page("mage-and-witch-c1")
    assert text.count('<li id="fn:big-box-4">') == 1
    references = re.findall(r'<sup id="(fnref\d*):big-box-4"><a class="footnote-ref" href="#fn:big-box-4">(\d+)</a>', text)
    # The first reference a reader meets is fnref:, the next fnref2:; both show the note's number.
    assert [ref for ref, _ in references] == ["fnref", "fnref2"]
    assert len({number for _, number in references}) == 1
    # Each reference has its own way back from the note.
    assert re.findall(r'class="footnote-backref" href="#(fnref\d*):big-box-4"', note(text, "big-box-4")) == ["fnref", "fnref2"]


def test_footnotes_are_numbered_in_reading_order_and_listed_in_that_order(project):
    for code in project.languages:
        for page_id in project.pages:
            text = SiteRenderer(project, code).page(page_id)
            body = text[:text.index('<div class="footnote">')] if '<div class="footnote">' in text else text
            first = list(dict.fromkeys(re.findall(r'<sup id="fnref\d*:([^"]+)"><a class="footnote-ref" href="#fn:\1">(\d+)<', body)))
            assert [int(number) for _, number in first] == list(range(1, len(first) + 1)), (code, page_id)
            listed = re.findall(r'<li id="fn:([^"]+)">', text)
            assert listed[:len(first)] == [note_id for note_id, _ in first], (code, page_id)
            assert sorted(listed) == sorted(f.id for f in project.pages[page_id].footnotes), (code, page_id)


def test_footnotes_show_kind_icon_and_ruling_history(en):
    text = en.page("mage-and-witch-c1")
    three = note(text, "three-cases")
    assert f'<span class="twemoji rs-icon rs-icon--ruling" title="Official ruling">{icons.svg(":material-book-open-variant:")}' in three
    assert "updated 5/2014; corrected 3/2020" in three
    assert icons.svg(":material-earth:") in note(text, "completion-closes-feature")
    printing = note(text, "rgg-end-of-sentence")
    assert icons.svg(":material-arrow-right-bold:") in printing and "last part of this sentence" in printing


def test_printing_differences_are_marked_in_place_and_tabled(en, project):
    text = en.page("mage-and-witch-c1")
    # Each short label is an abbreviation naming its printing (tests/test_reader_words.py).
    labels = {re.sub(r"<[^>]+>", "", label) for label in re.findall(r'<span class="rs-diff__label">(.*?)</span>', text)}
    assert {"from RGG", "not in RGG", "since BB4"} <= labels
    assert '<abbr title="Rio Grande Games: Mage &amp; Witch">RGG</abbr>' in text
    columns, rows = table_rows(text)
    # One row per text a printing footnote is attached to, one column per printing they name,
    # in the data's order (two RGG-only texts, one missing in RGG, two Big Box 4 additions today).
    page = project.pages["mage-and-witch-c1"]
    assert len(rows) == len(printings.texts(page, project.units["mage-and-witch-c1"])) > 0
    shorts = {p.id: p.short for p in project.site.printings}
    assert columns == [shorts[p] for p in printings.columns(page)]
    assert {"RGG", "BB4"} <= set(columns)


# Each edition's id is an abbreviation whose title says what it is.
_CHOOSER_ENTRY = re.compile(r'<strong aria-current="page"><abbr title="[^"]*">([^<]+)</abbr></strong>'
                            r'|<a href="([^"]+)"><abbr title="([^"]*)">([^<]+)</abbr></a>'
                            r'|<span class="rs-edition--none"><abbr title="[^"]*">([^<]+)</abbr></span>')


def chooser(text: str) -> list[tuple[str, ...]]:
    """The edition chooser of a rules page: (edition, "current"), (edition, link, title) or (edition, "none")."""
    start = text.index('<p class="rs-chooser"')
    entries = []
    for current, link, title, label, none in _CHOOSER_ENTRY.findall(text[start:text.index("</p>", start)]):
        entries.append((current, "current") if current else (none, "none") if none else (label, link, html.unescape(title)))
    return entries


def test_edition_chooser_links_every_edition_of_the_expansion(project, en):
    # Each edition of the site, in order, is this page, a link to the first page of the same
    # expansion (in site order) that covers it, or marked as covered by none.
    for page in project.pages.values():
        siblings = [p for p in project.pages.values() if p.expansion == page.expansion]
        expected = []
        for edition in project.site.editions:
            covering = [p for p in siblings if edition.id in p.editions]
            if not covering:
                expected.append((edition.id, "none"))
            elif covering[0].id == page.id:
                expected.append((edition.id, "current"))
            else:
                title = html.unescape(abbreviations.edition(en.lang, edition.id).split('"')[1])
                assert en.lang.site_text(f"edition.{edition.id}.name") in title
                expected.append((edition.id, f"../{covering[0].id}/", title))
        assert chooser(en.page(page.id)) == expected, page.id


def test_worked_example_shows_the_check_and_breakdown_in_each_language(project):
    for code in project.languages:
        text = SiteRenderer(project, code).page("mage-and-witch-c1")
        block = text[text.index('id="example-mage-and-witch-c1-city"'):]
        block = block[:block.index("rs-example__ruleset")]  # the example, its step-through included
        assert '<div class="admonition success">' in block
        assert "20" in block and "28" in block
        # 8 tiles and 2 pennants at 2 points each; word order differs between languages.
        assert re.search(r"\b8\b.*× 2.*\b2\b.*× 2 = 20", block), block
        assert re.search(r"20 \+ .*\b8\b.*= 28", block), block  # the mage adds 8


def test_links_between_pages_stay_in_the_same_language(project):
    # Rules pages are HTML: their links are the addresses of the same language's pages.
    addresses = {"page": "../{}/", "publisher": "../publishers/{}/"}
    links = {page_id: {addresses[ref.tag].format(ref.target) for unit in project.units[page_id].values()
                       if unit.syntax == "markup" for ref in markup.refs(markup.parse(unit.text)[0])
                       if ref.tag in addresses}
             for page_id in project.pages}
    assert any(links.values()), "no page links another page or a publisher"
    for code in project.languages:
        renderer = SiteRenderer(project, code)
        for page_id, hrefs in links.items():
            text = renderer.page(page_id)
            for href in hrefs:
                assert f'href="{href}"' in text, (code, page_id, href)


def status_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith('<p class="rs-status"'))


def test_translation_status_is_on_the_comparison_page_not_the_rules_page(project, en):
    """The share of a page each language has translated is for translators: the page's
    comparison view gives it, in the view's language, and the rules page does not."""
    renderers = {code: SiteRenderer(project, code) for code in project.languages}
    for page_id in project.pages:
        for code, renderer in renderers.items():
            assert '<p class="rs-status"' not in renderer.page(page_id), (code, page_id)
            line = status_line(renderer.translate_page(page_id))
            assert renderer.lang.ui("status.translations") in line, (code, line)
            for other in project.target_languages:
                assert f" {other} {summarize(project, other, page_id).percent}%" in line, (code, other, line)


def test_no_generated_markdown_contains_template_syntax(project):
    for code, site in render_site(project).items():
        for path, text in site.files.items():
            assert not TEMPLATE_OPENING.search(text), f"{code}/{path}"


def table_rows(text: str) -> tuple[list[str], list[list[str]]]:
    table = text[text.index('<div class="rs-differences">'):]
    table = table[:table.index("</table>")]
    columns = re.findall(r">([^<]+)</abbr>", table[:table.index("</thead>")])
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]]
    # Each printing's cell says has, lacks or not known (never blank).
    state = {"has": "✓", "lacks": "✗", "unknown": "?"}
    # The label's short names are abbreviations: compare their words.
    rows = [[row[0], re.sub(r"<[^>]+>", "", row[1])] + [state[re.search(r"rs-presence--(\w+)", cell).group(1)]
                                                       for cell in row[2:]] for row in rows]
    return columns, rows


def test_printing_table_marks_only_what_the_footnotes_state(en):
    columns, rows = table_rows(en.page("mage-and-witch-c2-c3"))
    marks = {row[1]: dict(zip(columns, row[2:])) for row in rows}
    bb7 = next(cells for label, cells in marks.items() if "not in BB7" in label)
    # Only Big Box 7 is documented to lack the sentence: Big Box 6 is not known either way.
    assert bb7["BB7"] == "✗" and bb7["Mindok BB7"] == "✓" and bb7["BB6"] == "?"
    assert bb7["BB4"] == "?"  # a first-edition box cited elsewhere on the page is not guessed at
    since = next(cells for label, cells in marks.items() if label.startswith("since BB4"))
    assert since["BB4"] == "✓" and {since[c] for c in columns if c != "BB4"} == {"?"}
    columns, rows = table_rows(en.page("mage-and-witch-c1"))
    end = next(dict(zip(columns, row[2:])) | {"label": row[1]} for row in rows if row[1].startswith("end from"))
    # A sentence from the RGG booklet says nothing about 999, Z-Man or Big Box 4: no ✗ for them.
    assert end["RGG"] == "✓" and end["label"] == "end from RGG"
    assert {end[c] for c in columns if c != "RGG"} == {"?"}


def test_no_printing_is_marked_as_lacking_a_text_unless_a_footnote_says_so(project, en):
    # Every ✗ in every table belongs to a printing that a footnote lists under missing_from.
    for page in project.pages.values():
        missing = {project_short for f in page.footnotes for project_short in
                   (next(p.short for p in project.site.printings if p.id == m) for m in f.missing_from)}
        text = en.page(page.id)
        if not any(f.kind == "printing" for f in page.footnotes):
            continue
        columns, rows = table_rows(text)
        for row in rows:
            for column, cell in zip(columns, row[2:]):
                assert cell != "✗" or column in missing, (page.id, column, row[1])


def test_publisher_page_lists_every_page_that_cites_a_printing(project, en):
    text = en.publisher("hig")
    section = text[text.index("{ #big-box-4 }"):]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    citing = [p.id for p in project.pages.values()
              if any("big-box-4" in f.only_in + f.missing_from + f.kept_in + [f.since or ""] for f in p.footnotes)
              or any(r.printing == "big-box-4" for r in p.info.releases)]
    assert len(citing) >= 2
    for page_id in citing:
        assert f"]({page_id}.md)" in section.replace("../", ""), page_id


def test_glossary_page_in_every_language_lists_the_terms(project):
    from generator.check import terms
    concepts = project.concepts
    assert concepts
    for code in project.languages:
        site = SiteRenderer(project, code).site()
        text = site.files["glossary.md"]
        assert "data-rs-sortable" in text
        languages = project.target_languages if code == project.source_language else [code]
        for concept in concepts:
            for lang in languages:
                found = terms.entry(concept, lang)
                if found is not None:
                    assert f">{md_text(found.term.preferred)}</strong>" in text, (code, concept.id, lang)
        assert "glossary.md" in site.files["translate/index.md"]


def test_comparison_view_marks_glossary_terms(project):
    text = SiteRenderer(project, "nl").site().files["translate/mage-and-witch-c1.md"]
    row = text[text.index('<tr id="u-scoring-mage"'):]
    row = row[:row.index("</tr>")]
    assert '<mark class="rs-term" title="mage">mage</mark>' in row
    assert '<mark class="rs-term" title="mage">tovenaar</mark>' in row


def test_box_chooser_lists_the_printings_each_page_knows_about(project):
    """Only the printings a page cites (see printings.columns): a list of every printing of
    the site would grow with the site on every page."""
    from generator.model import printings

    for code in project.languages:
        renderer = SiteRenderer(project, code)
        for page in project.pages.values():
            box = re.search(r'data-rs-box.*?<select>(.*?)</select>', renderer.page(page.id))
            if not printings.columns(page):
                assert box is None, (code, page.id)  # nothing to choose: no chooser
                continue
            assert box, (code, page.id)
            values = re.findall(r'<option value="([^"]*)"', box.group(1))
            assert values == ["", *printings.columns(page)], (code, page.id)


def test_a_list_separator_from_the_data_is_escaped_like_any_interface_text(en, monkeypatch):
    hostile = " <b>*&amp;*</b> [x](javascript:alert(1)) "
    original = language.Lang.ui_text
    monkeypatch.setattr(language.Lang, "ui_text",
                        lambda self, key, **params: hostile if key == "list.separator" else original(self, key, **params))
    joined = str(en.lang.join([Markup("A"), Markup("B"), Markup("C")]))
    assert joined.startswith("A " + str(md_text(hostile.strip(), line_start=False)) + " B")
    assert "<b>" not in joined and "*" not in joined and "&amp;amp;" in joined and "[x]" not in joined
