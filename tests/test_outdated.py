"""One changed English sentence: outdated in every language, on the dashboard, in the
comparison view, and exported fuzzy with the English it was translated from."""

from __future__ import annotations

import re
import shutil

import polib
import pytest

from generator.project import load_checked
from generator.i18n.po import export
from generator.render.generate import SiteRenderer
from generator.i18n.status import unit_status

from .conftest import ROOT

PAGE, UNIT = "mage-and-witch-c1", "placing.must-move"
OLD = "When the figure the player picks already stands on a tile, it has to"
NEW = "When the figure the player picks is already standing on a tile, it must"


@pytest.fixture(scope="module")
def changed(tmp_path_factory):
    root = tmp_path_factory.mktemp("outdated")
    for name in ("rules_data", "examples"):
        shutil.copytree(ROOT / name, root / name)
    page = root / "rules_data" / "pages" / f"{PAGE}.yaml"
    text = page.read_text()
    assert OLD in text
    page.write_text(text.replace(OLD, NEW))
    return load_checked(root)


def with_the_unit(project) -> list[str]:
    """The languages that have a translation of the changed unit (a new language may have none)."""
    found = [lang for lang in project.target_languages
             if (doc := project.translations.get(lang, {}).get(PAGE)) is not None and UNIT in doc.model.units]
    assert found
    return found


def test_exactly_that_unit_is_outdated_in_every_language(changed):
    for lang in with_the_unit(changed):
        outdated = [(doc, u.id) for doc, units in changed.units.items() for u in units.values()
                    if unit_status(changed, lang, u).state == "outdated"]
        assert outdated == [(PAGE, UNIT)], lang


def test_dashboard_and_comparison_view_show_it(changed):
    for lang in with_the_unit(changed):
        renderer = SiteRenderer(changed, lang)
        dashboard = renderer.translate_index()
        row = next(r for r in dashboard.split("<tr") if f"{PAGE}/" in r)
        assert "rs-dashboard__row--outdated" in row
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert cells[4] == "1"  # the outdated column
        comparison = renderer.translate_page(PAGE)
        row = next(r for r in comparison.split("<tr") if 'id="u-placing-must-move"' in r)
        assert "rs-state--outdated" in row
        assert re.search(r"<del>[^<]*stands[^<]*</del>", row)  # the word-level diff of the English
        assert re.search(r"<ins>[^<]*standing[^<]*</ins>", row)
        page = renderer.page(PAGE)
        assert 'class="rs-outdated"' in page


def test_exported_fuzzy_with_the_previous_msgid(changed, tmp_path):
    for lang in with_the_unit(changed):
        path = next(p for p in export(changed, lang, tmp_path) if p.stem == PAGE)
        entry = next(e for e in polib.pofile(str(path)) if e.msgctxt == UNIT)
        assert "fuzzy" in entry.flags
        assert OLD.split(",")[0] in " ".join(entry.previous_msgid.split())
        assert NEW.split(",")[0] in " ".join(entry.msgid.split())
        others = [e for e in polib.pofile(str(path)) if "fuzzy" in e.flags]
        assert [e.msgctxt for e in others] == [UNIT]
