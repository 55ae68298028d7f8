"""Translation status: translated, outdated and missing units, minor edits and `rulesite status`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from generator.project import load_checked
from generator.i18n.status import summarize, unit_status
from generator.model.units import fingerprint

from .conftest import ROOT


def translate(root: Path, unit_id: str, text: str, english: str) -> None:
    path = root / "rules_data" / "translations" / "nl" / "alpha.yaml"
    path.write_text(path.read_text() + f"  {unit_id}:\n    text: {json.dumps(text)}\n"
                    f"    source: \"{fingerprint(english)}\"\n    source_text: {json.dumps(english)}\n")


def edit_english(root: Path, old: str, new: str) -> None:
    page = root / "rules_data" / "pages" / "alpha.yaml"
    text = page.read_text()
    assert old in text
    page.write_text(text.replace(old, new))


def states(root: Path) -> dict[str, str]:
    project = load_checked(root)
    return {u.id: unit_status(project, "nl", u).state for u in project.units["alpha"].values()}


def cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_each_state(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing.{fn:only-one}")
    translate(minimal, "rules.three", "Drie gevallen: 1) geen, 2) beide, 3) een.", "Three cases: 1) none, 2) both, 3) one, then more.")
    found = states(minimal)
    assert found["title"] == "translated"
    assert found["rules.two"] == "translated"
    assert found["rules.three"] == "outdated"
    assert found["rules.one"] == "missing"
    summary = summarize(load_checked(minimal), "nl", "alpha")
    assert (summary.translated, summary.outdated, summary.missing) == (2, 1, summary.total - 3)
    assert summary.percent == 3 * 100 // summary.total


def test_moving_a_footnote_reference_or_rewrapping_keeps_translations_current(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing.{fn:only-one}")
    edit_english(minimal, "text: Only in one printing.{fn:only-one}", "text: \"{fn:only-one}Only  in one\\n printing.\"")
    assert states(minimal)["rules.two"] == "translated"


def test_changing_one_english_sentence_outdates_exactly_that_unit(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing.{fn:only-one}")
    before = states(minimal)
    edit_english(minimal, "text: Only in one printing.{fn:only-one}", "text: Only in the first printing.{fn:only-one}")
    after = states(minimal)
    assert after["rules.two"] == "outdated"
    assert {k: v for k, v in after.items() if k != "rules.two"} == {k: v for k, v in before.items() if k != "rules.two"}


def test_minor_edit_keeps_translations_current_without_touching_their_text(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing.{fn:only-one}")
    edit_english(minimal, "text: Only in one printing.{fn:only-one}", "text: Only in one printing!{fn:only-one}")
    assert states(minimal)["rules.two"] == "outdated"
    result = cli(minimal, "minor", "alpha", "rules.two")
    assert result.returncode == 0, result.stderr
    assert states(minimal)["rules.two"] == "translated"
    project = load_checked(minimal)
    assert unit_status(project, "nl", project.units["alpha"]["rules.two"]).text == "Alleen in een druk.{fn:only-one}"


def test_status_command_text_json_and_fail_under(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing, long ago.{fn:only-one}")
    text = cli(minimal, "status", "--lang", "nl")
    assert text.returncode == 0
    assert "outdated: rules.two" in text.stdout and "rules_data/pages/alpha.yaml:" in text.stdout
    data = json.loads(cli(minimal, "status", "--format", "json").stdout)
    alpha = next(r for r in data if r["document"] == "alpha" and r["language"] == "nl")
    assert alpha["outdated"] == 1 and alpha["outdated_units"][0]["id"] == "rules.two"
    assert cli(minimal, "status", "--fail-under", "0").returncode == 1  # an outdated unit fails
    assert cli(minimal, "status", "--lang", "xx").returncode != 0


def test_fail_under_says_which_pages_are_under_and_by_how_much(minimal):
    translate(minimal, "rules.two", "Alleen in een druk.{fn:only-one}", "Only in one printing, long ago.{fn:only-one}")
    rows = json.loads(cli(minimal, "status", "--format", "json").stdout)
    result = cli(minimal, "status", "--fail-under", "100")
    assert result.returncode == 1
    failing = [r for r in rows if r["percent"] < 100 or r["outdated"]]
    assert failing  # the outdated unit at least
    for row in failing:  # one line per page that fails, on stderr, with its shortfall
        reasons = []
        if row["percent"] < 100:
            reasons.append(f"{row['percent']}% translated, {100 - row['percent']} under 100%")
        if row["outdated"]:
            reasons.append(f"{row['outdated']} outdated")
        assert f"status: {row['language']} {row['document']}: {'; '.join(reasons)}" in result.stderr, result.stderr
    assert f"{len(failing)} page(s) fail --fail-under 100" in result.stderr
    passing = cli(minimal, "status", "--fail-under", "0", "--lang", "nl")
    assert passing.returncode == 1 and "1 outdated" in passing.stderr  # outdated texts fail at any N


def test_a_changed_english_guide_marks_its_translated_page_outdated(minimal):
    from generator.i18n.status import page_fingerprint, page_statuses

    english = "---\ntitle: Guide\n---\n\n# Guide\n\nRead the rules first.\n"
    (minimal / "content" / "en").mkdir(parents=True)
    (minimal / "content" / "nl").mkdir(parents=True)
    (minimal / "content" / "en" / "guide.md").write_text(english)
    (minimal / "content" / "en" / "other.md").write_text("# Other\n")
    (minimal / "content" / "nl" / "guide.md").write_text(
        f'---\ntitle: Gids\nsource: "{page_fingerprint(english)}"\n---\n\n# Gids\n\nLees eerst de regels.\n')
    project = load_checked(minimal)
    assert {s.page: s.state for s in page_statuses(project, "nl")} == {"guide.md": "translated", "other.md": "missing"}
    # Re-wrapping the English outdates nothing; changing a word does.
    (minimal / "content" / "en" / "guide.md").write_text(english.replace("Read the", "Read\nthe"))
    assert {s.page: s.state for s in page_statuses(load_checked(minimal), "nl")}["guide.md"] == "translated"
    changed = english.replace("first", "before playing")
    (minimal / "content" / "en" / "guide.md").write_text(changed)
    assert {s.page: s.state for s in page_statuses(load_checked(minimal), "nl")}["guide.md"] == "outdated"
    text = cli(minimal, "status", "--lang", "nl")
    assert "outdated: guide.md  (content/en/guide.md:1; translation in content/nl/guide.md)" in text.stdout, text.stdout
    assert f'content/en/guide.md is now source: "{page_fingerprint(changed)}"' in text.stdout
    rows = {r["document"]: r for r in json.loads(cli(minimal, "status", "--format", "json").stdout)
            if r["language"] == "nl" and r["kind"] == "page"}
    assert (rows["guide.md"]["outdated"], rows["other.md"]["missing"]) == (1, 1)
    failed = cli(minimal, "status", "--lang", "nl", "--fail-under", "100")
    assert failed.returncode == 1 and "status: nl guide.md: 1 outdated" in failed.stderr
    # The translators' dashboard has a row for each page, the outdated one marked as such.
    from generator.render.generate import render_language

    dashboard = render_language(load_checked(minimal), "nl").files["translate/index.md"]
    row = next(line for line in dashboard.splitlines() if ">guide.md<" in line)
    assert 'href="../guide/"' in row and ">other.md<" in dashboard
    before = dashboard.splitlines()[dashboard.splitlines().index(row) - 1]
    assert "rs-dashboard__row--outdated" in before, before
