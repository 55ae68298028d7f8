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
from generator.i18n.po import END_CONTEXT, END_ID, HEADER_ENTRIES, export, import_files
from generator.read.source import parse
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
            assert len([e for e in po if not e.obsolete]) == len(project.units[path.stem])
            assert po.metadata[HEADER_ENTRIES] == str(len(project.units[path.stem]))
            # The end marker closes every export (see generator/i18n/po.py).
            assert (po[-1].obsolete, po[-1].msgctxt, po[-1].msgid) == (1, END_CONTEXT, END_ID)
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


# ---------------------------------------------------------------- imports that lose nothing


def _stored(root: Path, language: str, doc: str) -> dict[str, str]:
    """Unit to translated text, as the translation file on disk holds it."""
    path = root / "rules_data" / "translations" / language / f"{doc}.yaml"
    if not path.exists():
        return {}
    source, problems = parse(path.read_text(encoding="utf-8"), str(path))
    assert problems == []
    return {unit: value["text"] for unit, value in (source.data.get("units") or {}).items()}


def _blocks(data: bytes) -> list[tuple[int, int]]:
    """(first, last) line index of every entry, the header first: polib writes a blank line between entries."""
    blocks, start = [], None
    for i, line in enumerate(data.split(b"\n")):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            blocks.append((start, i - 1))
            start = None
    return blocks + ([(start, len(data.split(b"\n")) - 1)] if start is not None else [])


def _entries(data: bytes) -> list[dict]:
    """Every entry but the header, with its byte span and whether its msgstr takes several lines."""
    lines = data.split(b"\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    for entry, (first, last) in zip(polib.pofile(data.decode("utf-8")), _blocks(data)[1:]):
        block = lines[first:last + 1]
        wraps = b'msgstr ""' in block and block.index(b'msgstr ""') < len(block) - 1
        found.append({"ctxt": entry.msgctxt, "msgstr": entry.msgstr, "obsolete": entry.obsolete, "lines": (first, last),
                      "start": offsets[first], "end": offsets[last] + len(lines[last]), "wraps": wraps})
    return found


def _cuts(data: bytes, entries: list[dict]) -> dict[int, str]:
    """Byte offsets to cut at, by kind: every entry boundary, and in quoted texts their middle, the place
    of the closing quote, the line end and the next line's start. Every text line of the last entry (whose
    cut at a line end the syntax cannot show) gets all four, every third line elsewhere one of them."""
    lines = data.split(b"\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    cuts: dict[int, str] = {}
    for entry in entries:
        cuts[entry["start"]] = cuts[entry["end"] + 1] = "entry boundary"
    last = [e for e in entries if not e["obsolete"]][-1]["lines"]
    texts = [i for i, line in enumerate(lines) if line.count(b'"') >= 2 and not line.startswith(b"#.")]
    for n, i in enumerate(texts):
        line, base = lines[i], offsets[i]
        first, closing = line.index(b'"'), line.rindex(b'"')
        points = {"inside a text": base + (first + closing) // 2 + 1, "at a closing quote": base + closing,
                  "at a line end": base + len(line), "after a line break": base + len(line) + 1}
        chosen = points if last[0] <= i <= last[1] else dict([list(points.items())[n % 4]]) if n % 3 == 0 else {}
        for kind, at in chosen.items():
            cuts.setdefault(at, kind)
    cuts[len(data) - 1] = "before the final line break"
    return {at: kind for at, kind in cuts.items() if at < len(data)}


def _msgstr_line(path: Path, ctxt: str, prefix: str = "msgstr") -> int:
    """The line of an entry that begins with ``prefix`` (its msgstr by default)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index(f'msgctxt "{ctxt}"')
    while not lines[start - 1].startswith("#:"):  # back to the entry's first comment line
        start -= 1
    while start > 0 and lines[start - 1].strip():
        start -= 1
    return next(i for i, line in enumerate(lines[start:], start + 1) if line.startswith(prefix))


def _prepare(path: Path, variant: str) -> bytes:
    """The exported file as the variant has it: every translation changed, and without the end marker
    and the header's count (an older export, or an editor that dropped both)."""
    po = polib.pofile(str(path))
    for entry in po:
        if variant.startswith("edited") and entry.msgstr and not entry.obsolete:
            entry.msgstr += " (herzien)"
    if variant.endswith("old-export"):
        del po.metadata[HEADER_ENTRIES]
        po.remove(next(e for e in po if e.obsolete))
    po.save(str(path))
    return path.read_bytes()


def _restore(folder: Path, originals: dict[str, bytes]) -> None:
    for rel, raw in originals.items():
        (folder / rel).write_bytes(raw)


@pytest.mark.parametrize("variant", ["edited", "edited-old-export", "unedited-old-export"])
def test_a_cut_export_is_refused_or_imported_without_loss(project_copy, tmp_path, variant):
    """A real export cut at every entry boundary and at points in its texts: each cut is refused with a
    located problem (po-truncated, or bad-po where the cut leaves a broken line) and writes nothing, or,
    where the cut ends a complete entry, imports exactly the complete entries and changes nothing else.
    ``old-export``: without the end marker and the header's count (an older export, or an editor that
    dropped both), where only the syntax and the last entry's shape are left to go by."""
    project = load_checked(project_copy)
    language = project.target_languages[0]
    paths = export(project, language, tmp_path / "po")
    # The hardest case: a document whose last msgstr takes several lines, so a cut at one of its line ends leaves valid PO.
    path = next(p for p in paths if [e for e in _entries(p.read_bytes()) if not e["obsolete"]][-1]["wraps"])
    doc, data, folder = path.stem, _prepare(path, variant), project_copy / "rules_data" / "translations"
    entries, stored, clean = _entries(data), _stored(project_copy, language, doc), digest(folder)
    originals = {rel: (folder / rel).read_bytes() for rel in clean}

    def complete_before(at: int) -> dict[str, str]:
        return {e["ctxt"]: e["msgstr"] for e in entries if not e["obsolete"] and e["msgstr"] and e["end"] <= at}

    whole = import_files(project, [path])  # the file uncut: what every cut is held to
    if variant == "edited-old-export":
        # Without the marker nothing shows that an edited last msgstr of several lines is whole.
        assert [p.code for p in whole.problems] == ["po-truncated"] and digest(folder) == clean
    else:
        assert whole.problems == [] and _stored(project_copy, language, doc) == {**stored, **complete_before(len(data))}
    _restore(folder, originals)
    cut = tmp_path / "cut" / path.name
    cut.parent.mkdir()
    counts, codes, accepted = {"tried": 0, "refused": 0, "accepted": 0, "accepted with loss": 0}, set(), []
    for at, kind in sorted(_cuts(data, entries).items()):
        cut.write_bytes(data[:at])
        result = import_files(project, [cut])
        counts["tried"] += 1
        if result.problems:
            counts["refused"] += 1
            codes |= {p.code for p in result.problems}
            lines = data[:at].count(b"\n") + 1
            assert all(p.file == str(cut) and 1 <= p.line <= lines and p.column >= 1 for p in result.problems), (kind, at, result.problems)
            assert digest(folder) == clean, (kind, at)
            continue
        counts["accepted"] += 1
        accepted.append((at, kind))
        others = {rel: d for rel, d in digest(folder).items() if rel != f"{language}/{doc}.yaml"}
        if _stored(project_copy, language, doc) != {**stored, **complete_before(at)} or others != {
                rel: d for rel, d in clean.items() if rel != f"{language}/{doc}.yaml"}:
            counts["accepted with loss"] += 1
        _restore(folder, originals)
    print(variant, doc, counts)
    assert counts["accepted with loss"] == 0, counts
    assert counts["refused"] > 0 and "po-truncated" in codes, counts
    if variant == "edited":
        # With the end marker every cut shows: only the file less its final line break imports.
        assert [at for at, _ in accepted] == [len(data) - 1], accepted
    else:
        # Without it, a cut that ends a complete entry imports the entries before it.
        assert any(kind == "entry boundary" for _, kind in accepted), accepted


def _variant(path: Path, folder: Path, msgstrs: dict[str, str]) -> Path:
    """A copy of an exported file with some msgstrs changed."""
    po = polib.pofile(str(path))
    for entry in po:
        if entry.msgctxt in msgstrs and not entry.obsolete:
            entry.msgstr = msgstrs[entry.msgctxt]
    folder.mkdir(parents=True)
    po.save(str(folder / path.name))
    return folder / path.name


def test_two_files_of_one_document_merge_or_conflict(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    target = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    before = target.read_bytes()
    first = _variant(path, tmp_path / "a", {"title": "Alfa!"})
    # Agreeing: one change, written once.
    result = import_files(project, [first, _variant(path, tmp_path / "b", {"title": "Alfa!"})])
    assert result.problems == [] and result.changed == 1 and _stored(minimal, "nl", "alpha")["title"] == "Alfa!"
    target.write_bytes(before)
    # Disjoint: both kept. The second file repeats the stored title, which is no change and no conflict.
    second = _variant(path, tmp_path / "c", {"rules.two": "Alleen in één druk.{fn:only-one}"})
    result = import_files(project, [first, second])
    assert result.problems == [] and result.changed == 2 and result.written == [target]
    assert _stored(minimal, "nl", "alpha") == {"title": "Alfa!", "rules.two": "Alleen in één druk.{fn:only-one}"}
    assert result.report().splitlines() == [
        f"nl alpha title: current (from {first}:{_msgstr_line(first, 'title')})",
        f"nl alpha rules.two: current (from {second}:{_msgstr_line(second, 'rules.two')})"]
    target.write_bytes(before)
    # Conflicting: refused at the second file's entry, naming the first file's; nothing written.
    other = _variant(path, tmp_path / "d", {"title": "Alfa?"})
    untouched = digest(minimal / "rules_data")
    result = import_files(project, [first, other])
    assert [p.format_text() for p in result.problems] == [
        f"{other}:{_msgstr_line(other, 'title')}:1: error [po-conflict] alpha 'title' (nl) is translated otherwise "
        f"in {first}:{_msgstr_line(first, 'title')}; import one of the two, or make them agree"]
    assert result.written == [] and digest(minimal / "rules_data") == untouched


def test_fuzzy_entries_stay_outdated_or_are_refused(minimal, tmp_path):
    page = minimal / "rules_data" / "pages" / "alpha.yaml"
    page.write_text(page.read_text().replace("title: Alpha", "title: Alpha Centauri"))
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    entries = {e.msgctxt: e for e in po}
    # Reworked but left fuzzy: the translation of the English it was made from, still outdated.
    entries["title"].msgstr = "Alfa Centauri"
    # A suggestion from a tool, with the English it came from: an outdated translation of that English.
    two = entries["rules.two"]
    two.flags.append("fuzzy")
    two.previous_msgid, two.msgstr = "Only in the first printing.{fn:only-one}", "Alleen in de eerste druk.{fn:only-one}"
    po.save()
    result = import_files(project, [path])
    assert result.problems == [] and [(c.unit, c.state) for c in result.changes] == [("title", "outdated"), ("rules.two", "outdated")]
    reloaded = load_checked(minimal)
    for unit_id, text, made_from in (("title", "Alfa Centauri", "Alpha"),
                                     ("rules.two", "Alleen in de eerste druk.{fn:only-one}", two.previous_msgid)):
        status = unit_status(reloaded, "nl", reloaded.units["alpha"][unit_id])
        assert status.state == "outdated" and status.translation.text == text
        assert (status.translation.source_text, status.translation.source) == (made_from, fingerprint(made_from))
    # Fuzzy without saying what from, or made from the current English: refused at the flags line.
    path = next(p for p in export(reloaded, "nl", tmp_path / "again") if p.stem == "alpha")
    po = polib.pofile(str(path))
    entries = {e.msgctxt: e for e in po}
    entries["rules.three"].flags.append("fuzzy")
    entries["rules.three"].msgstr = "Drie gevallen: 1) geen, 2) beide, 3) één."
    entries["rules.one"].flags.append("fuzzy")
    entries["rules.one"].previous_msgid = entries["rules.one"].msgid
    entries["rules.one"].msgstr = "De {figure:mage|tovenaar} helpt {player:red|Rood}.{fn:ruling}"
    po.save()
    untouched = digest(minimal / "rules_data")
    result = import_files(reloaded, [path])
    assert sorted((p.line, p.column, p.code) for p in result.problems) == sorted(
        (_msgstr_line(path, unit_id, "#, fuzzy"), 1, "po-fuzzy") for unit_id in ("rules.three", "rules.one"))
    assert digest(minimal / "rules_data") == untouched


def test_an_entry_made_from_english_that_changed_since_is_stored_outdated(minimal, tmp_path):
    project = load_checked(minimal)
    path = _variant(next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha"),
                    tmp_path / "edited", {"rules.two": "Alleen in één druk.{fn:only-one}"})
    page = minimal / "rules_data" / "pages" / "alpha.yaml"
    page.write_text(page.read_text().replace("Only in one printing.", "Only in the one printing."))
    changed = load_checked(minimal)
    result = import_files(changed, [path])  # the translator worked from the English of the export
    assert result.problems == [] and [(c.unit, c.state) for c in result.changes] == [("rules.two", "outdated")]
    reloaded = load_checked(minimal)
    status = unit_status(reloaded, "nl", reloaded.units["alpha"]["rules.two"])
    assert status.state == "outdated" and status.translation.source_text == "Only in one printing.{fn:only-one}"


def test_a_plural_entry_is_refused_at_its_line(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "rules.two")
    entry.msgid_plural, entry.msgstr_plural = "Only in printings.{fn:only-one}", {0: "Alleen in één druk.{fn:only-one}",
                                                                                1: "Alleen in drukken.{fn:only-one}"}
    po.save()
    untouched = digest(minimal / "rules_data")
    result = import_files(project, [path])
    assert [(p.line, p.column, p.code) for p in result.problems] == [(_msgstr_line(path, "rules.two", "msgid_plural"), 1, "po-plural")]
    assert digest(minimal / "rules_data") == untouched


def test_a_duplicate_msgctxt_is_reported_at_its_po_line(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    next(e for e in po if e.msgctxt == "rules.two").msgstr = "Alleen in één druk.{fn:only-one}"
    po.append(polib.POEntry(msgctxt="rules.two", msgid="Only in one printing.{fn:only-one}", msgstr="Anders.{fn:only-one}"))
    po.save()
    lines = path.read_text().split("\n")
    first, again = [i for i, line in enumerate(lines, 1) if line == 'msgctxt "rules.two"']
    untouched = digest(minimal / "rules_data")
    result = cli(minimal, "po", "import", str(path))
    assert result.returncode == 1 and ".yaml:" not in result.stderr, result.stderr
    assert f"{path}:{again}:1: error [duplicate-id] msgctxt 'rules.two' again: line {first} has it already" in result.stderr
    assert digest(minimal / "rules_data") == untouched


def test_a_syntax_error_is_reported_at_its_line_and_column(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    lines = path.read_text().split("\n")
    quote = _msgstr_line(path, "title")
    lines[quote - 1] = 'msgstr "Alfa "de eerste""'  # an unescaped quote: polib says "(line N)" at 1:1
    junk = _msgstr_line(path, "rules.three", "msgid") + 1
    lines.insert(junk - 1, "garbage")
    path.write_text("\n".join(lines))
    result = cli(minimal, "po", "import", str(path))
    assert result.returncode == 1 and f"{path}:1:1:" not in result.stderr, result.stderr
    assert f"{path}:{quote}:15: error [bad-po] text after the closing quote" in result.stderr
    assert f"{path}:{junk}:1: error [bad-po] not a line of a PO file" in result.stderr


@pytest.mark.parametrize("text, at, message", [
    ('msgstr "Alfa\\\\" en meer"', 17, "text after the closing quote"),  # polib reads \\" as an escaped quote
    ('msgstr "Alfa\\a"', 13, "\\a is an escape this import does not read"),  # polib leaves \a as written
    ('msgstr "Alfa"\n#~| msgid "x"', 0, "polib reads"),  # polib drops an entry before a trailing #~| line
])
def test_what_polib_would_misread_is_refused(minimal, tmp_path, text, at, message):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    lines = path.read_text().split("\n")
    line = _msgstr_line(path, "title")
    if at == 0:  # the title entry made the file's last, followed by the #~| line
        start = line - 3
        lines = lines[:start - 1] + lines[line:] + [""] + lines[start - 1:line - 1] + text.split("\n")
        line = len(lines) - 4
    else:
        lines[line - 1] = text
    path.write_text("\n".join(lines) + "\n")
    untouched = digest(minimal / "rules_data")
    result = import_files(project, [path])
    assert len(result.problems) == 1 and result.problems[0].code == "bad-po" and message in result.problems[0].message
    assert (result.problems[0].line, result.problems[0].column) == ((line, at) if at else (result.problems[0].line, 1))
    assert digest(minimal / "rules_data") == untouched


def test_a_dropped_footnote_reference_is_refused_at_the_po_line(project_copy, tmp_path):
    project = load_checked(project_copy)
    path = next(p for p in export(project, "nl", tmp_path / "po") if "{fn:opponents-feature}" in p.read_text())
    po = polib.pofile(str(path))
    entry = next(e for e in po if "{fn:opponents-feature}" in e.msgstr)
    entry.msgstr = entry.msgstr.replace("{fn:opponents-feature}", "")
    po.save()
    untouched = digest(project_copy / "rules_data")
    result = cli(project_copy, "po", "import", str(path))
    assert result.returncode == 1, result.stdout
    line = _msgstr_line(path, entry.msgctxt)
    assert f"{path}:{line}:1: error [po-mismatch] footnote references" in result.stderr, result.stderr
    assert "(footnote-mismatch: `rulesite check` would warn about it" in result.stderr
    assert "nothing was written" in result.stderr and digest(project_copy / "rules_data") == untouched


def test_the_import_command_names_each_text_it_changed(minimal, tmp_path):
    project = load_checked(minimal)
    path = next(p for p in export(project, "nl", tmp_path / "po") if p.stem == "alpha")
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "rules.two")
    entry.msgstr = "Alleen in één druk.{fn:only-one}"
    entry.flags = [f for f in entry.flags if f != "fuzzy"]
    po.save()
    # The line named is the msgstr the translator edited.
    line = next(i for i, l in enumerate(path.read_text().splitlines(), 1) if l.startswith('msgstr "Alleen in'))
    result = cli(minimal, "po", "import", str(path))
    assert result.returncode == 0, result.stderr
    assert "nl alpha rules.two: current " in result.stdout and f"(from {path}:{line})" in result.stdout


def test_a_count_string_missing_a_plural_form_is_refused_at_the_po_line(project_copy, tmp_path):
    # Polish has more plural categories than English: a translator who keeps only two forms
    # would make the site say the wrong word for 2 to 4; check refuses it, so import does too.
    from generator.model import plurals

    project = load_checked(project_copy)
    language = next(code for code in project.target_languages if plurals.mismatch("one: {count} x | other: {count} x", code))
    path = next(p for p in export(project, language, tmp_path / "po") if p.stem == "ui")
    po = polib.pofile(str(path))
    entry = next(e for e in po if plurals.is_plural(e.msgctxt) and e.msgstr)
    entry.msgstr = "one: {count} x | other: {count} x"
    po.save()
    untouched = digest(project_copy / "rules_data")
    result = cli(project_copy, "po", "import", str(path))
    assert result.returncode == 1, result.stdout
    line = _msgstr_line(path, entry.msgctxt)
    assert f"{path}:{line}:1: error [plural-forms]" in result.stderr, result.stderr
    assert "nothing was written" in result.stderr and digest(project_copy / "rules_data") == untouched
