"""gettext PO round-trip: export, msgfmt, import, fuzzy entries and byte-for-byte stability."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from generator.project import load_checked
from generator.i18n.po import export, import_files
from generator.i18n.status import unit_status
from generator.model.units import fingerprint

from .conftest import ROOT

MSGFMT = shutil.which("msgfmt")


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *args],
                          capture_output=True, text=True, cwd=ROOT)


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """The real project's data in a private folder, so imports cannot touch the repository."""
    target = tmp_path / "real"
    target.mkdir()
    for name in ("rules_data", "examples"):
        shutil.copytree(ROOT / name, target / name)
    return target


def test_export_writes_one_file_per_document_that_msgfmt_and_polib_accept(project_copy, tmp_path):
    # Not skipped without gettext: `make test` installs it, as it installs chromium.
    assert MSGFMT, "GNU msgfmt is not installed (Debian package gettext; `make test` installs it)"
    project = load_checked(project_copy)
    for lang in project.target_languages:
        paths = export(project, lang, tmp_path / "po")
        assert {p.stem for p in paths} == set(project.pages) | {"site", "ui"}
        for path in paths:
            po = polib.pofile(str(path))
            assert po.metadata["Language"] == lang
            assert len(po) == len(project.units[path.stem])
            check = subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
            assert check.returncode == 0, check.stderr


def test_entries_carry_context_comments_and_references(project_copy, tmp_path):
    project = load_checked(project_copy)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "mage-and-witch-c1")
    po = polib.pofile(str(path))
    entry = po.find("three-cases", by="msgctxt") or next(e for e in po if e.msgctxt == "footnote.three-cases")
    assert "ruling footnote (updated 5/2014, corrected 3/2020)" in entry.comment
    assert entry.occurrences[0][0] == "rules_data/pages/mage-and-witch-c1.yaml"
    ui = polib.pofile(str(tmp_path / "po" / "nl" / "ui.po"))
    assert "python-brace-format" in next(e for e in ui if e.msgctxt == "status.line").flags


def test_export_then_import_without_edits_changes_no_byte(project_copy, tmp_path):
    before = digest(project_copy / "rules_data")
    project = load_checked(project_copy)
    files = [p for lang in project.target_languages for p in export(project, lang, tmp_path / "po")]
    result = import_files(project, files)
    assert result.problems == [] and result.changed == 0
    assert digest(project_copy / "rules_data") == before


def test_import_writes_a_translation_and_keeps_comments_and_order(minimal, tmp_path):
    target = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    target.write_text("# Dutch, kept by hand\n" + target.read_text() + "# trailing note\n")
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "rules.two")
    entry.msgstr = "Alleen in één druk.{fn:only-one}"
    po.save()
    result = import_files(project, [path])
    assert result.problems == [] and result.changed == 1
    text = target.read_text()
    assert text.startswith("# Dutch, kept by hand\n") and "# trailing note" in text
    assert text.index("title:") < text.index("rules.two:")
    reloaded = load_checked(minimal)
    unit = reloaded.units["alpha"]["rules.two"]
    status = unit_status(reloaded, "nl", unit)
    assert status.state == "translated" and status.translation.source == fingerprint(unit.text)


def test_import_refuses_unknown_msgctxt_with_file_and_line_and_writes_nothing(minimal, tmp_path):
    before = digest(minimal / "rules_data")
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    po.append(polib.POEntry(msgctxt="rules.nowhere", msgid="Nothing", msgstr="Niets"))
    next(e for e in po if e.msgctxt == "rules.two").msgstr = "Alleen in één druk.{fn:only-one}"
    po.save()
    line = next(i for i, l in enumerate(path.read_text().splitlines(), 1) if 'msgctxt "rules.nowhere"' in l)
    result = cli(minimal, "po", "import", str(path))
    assert result.returncode == 1
    assert f"{path}:{line}:1: error [unknown-unit]" in result.stderr
    assert digest(minimal / "rules_data") == before


def test_import_refuses_broken_markup(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    next(e for e in po if e.msgctxt == "rules.two").msgstr = "Alleen <b>hier</b>{fn:only-one}"
    po.save()
    result = import_files(project, [path])
    assert {p.code for p in result.problems} == {"raw-html"} and result.written == []


def test_changed_english_is_exported_fuzzy_with_the_previous_msgid(minimal, tmp_path):
    page = minimal / "rules_data" / "pages" / "alpha.yaml"
    page.write_text(page.read_text().replace("title: Alpha", "title: Alpha Centauri"))
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    entry = next(e for e in polib.pofile(str(path)) if e.msgctxt == "title")
    assert "fuzzy" in entry.flags and entry.previous_msgid == "Alpha" and entry.msgstr == "Alfa"
    assert '#| msgid "Alpha"' in path.read_text()
    # Importing it unchanged keeps it outdated; clearing the fuzzy flag makes it current.
    assert import_files(project, [path]).changed == 0
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "title")
    entry.flags.remove("fuzzy")
    entry.msgstr = "Alfa Centauri"
    po.save()
    assert import_files(project, [path]).changed == 1
    reloaded = load_checked(minimal)
    assert unit_status(reloaded, "nl", reloaded.units["alpha"]["title"]).state == "translated"
