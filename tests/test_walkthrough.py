"""The contributor guide, followed in a temporary copy of the project.

Adds expansion pages (one of them of a new expansion, for a single edition, and one that
nobody has translated, of an expansion that has pages), a language and a scoring option
exactly as ``content/en/contributing.md`` says (see :mod:`tests.walkthrough`), then runs
``rulesite check --strict``, a build of the source language and the new one, and the
test suite's content checks on the copy. Each change must touch only the files the
guide names: adding a page or a language never requires editing a test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.project import load_checked

from .conftest import ROOT
from .walkthrough import add_expansion, add_language, add_page, add_scoring_option, add_untranslated_page, run

pytestmark = pytest.mark.build

IGNORED = shutil.ignore_patterns(".git", ".venv", "test-artifacts", "__pycache__", ".pytest_cache", ".hypothesis",
                                 "*.egg-info", ".site.*")
# The built site and the build folder, at the top only: generator/site/ is code the copy needs.
TOP_LEVEL_IGNORED = {"site", "build"}


def _ignored(folder: str, names: list[str]) -> set[str]:
    found = set(IGNORED(folder, names))
    return found | (TOP_LEVEL_IGNORED & set(names)) if Path(folder) == ROOT else found


# The content checks: data, rendering, fixtures, goldens, the termbase, the benchmark's corpus,
# the scorer, the code's shape.
CONTENT_TESTS = ["tests/test_data.py", "tests/test_render.py", "tests/test_check.py", "tests/test_golden.py",
                 "tests/test_outdated.py", "tests/test_status.py", "tests/test_terms.py", "tests/test_corpus.py",
                 "tests/test_architecture.py", "tests/scorer"]


@pytest.fixture(scope="module")
def walked(tmp_path_factory) -> tuple[Path, dict[str, set[str]]]:
    copy = tmp_path_factory.mktemp("walkthrough") / "project"
    shutil.copytree(ROOT, copy, ignore=_ignored)
    shared = ROOT.parent / "shared"
    if shared.exists():  # the prose check looks beside the project, as in a real checkout
        (copy.parent / "shared").symlink_to(shared)
    touched = {"page": add_page(copy), "untranslated page": add_untranslated_page(copy),
               "new expansion": add_expansion(copy), "language": add_language(copy),
               "scoring option": add_scoring_option(copy)}
    return copy, touched


def _added_pages(touched: dict[str, set[str]]) -> list[str]:
    return sorted(Path(name).stem for names in touched.values() for name in names if name.startswith("rules_data/pages/"))


def test_each_change_touches_only_the_files_the_guide_names(walked):
    _, touched = walked
    assert touched == {
        "page": {"rules_data/pages/crop-circles-c2-c3.yaml"},
        "untranslated page": {"rules_data/pages/mage-and-witch-house-rule.yaml"},
        "new expansion": {"rules_data/site.yaml", "rules_data/pages/lantern-festival-c3.yaml"},
        "language": {"rules_data/site.yaml"},
        "scoring option": {"generator/scorer/ruleset.py", "generator/scorer/compute.py", "schema/rulesets.schema.json"},
    }


def test_check_is_clean_with_the_new_pages_language_and_option(walked):
    copy, touched = walked
    result = run(copy, "check", "--strict")
    assert result.returncode == 0, result.stderr
    pages = len(list((ROOT / "rules_data" / "pages").glob("*.yaml"))) + len(_added_pages(touched))
    assert result.stdout.startswith(f"ok: {pages} page(s), "), result.stdout


def test_the_copy_holds_the_content_that_tests_tied_to_today_would_miss(walked):
    # The content checks below pass on the copy only if they take their pages, languages
    # and editions from the data: make sure the copy really has what today's data lacks.
    copy, touched = walked
    project = load_checked(copy)
    added = [project.pages[page_id] for page_id in _added_pages(touched)]
    untranslated = [p for p in added if not any(p.id in docs for docs in project.translations.values())]
    assert untranslated, "no added page is left untranslated in every language"
    original = {p.expansion for p in load_checked(ROOT).pages.values()}
    first = {p.expansion: p for p in reversed(project.pages.values())}  # each expansion's first page
    assert any(p.expansion in original and first[p.expansion] is p for p in untranslated), \
        "no untranslated page comes first among the pages of an expansion that has pages"
    alone = [p for p in added if p.expansion not in original and len(p.editions) == 1
             and [q.id for q in project.pages.values() if q.expansion == p.expansion] == [p.id]]
    assert alone, "no added page is the only page of a new expansion, for a single edition"


def test_the_new_option_is_part_of_the_rulesets_schema_and_model(walked):
    copy, _ = walked
    schema = (copy / "schema" / "rulesets.schema.json").read_text(encoding="utf-8")
    assert "road_complete_per_tile" in schema
    probe = ("from generator import scorer\n"
             "from generator.model import data as model\n"
             "assert scorer.Ruleset().road_complete_per_tile == 1\n"
             "assert model.Ruleset.model_fields['road_complete_per_tile'].default == 1\n"
             "road = scorer.Feature('road', {'red': 1}, tiles=3, complete=True)\n"
             "rules = scorer.Ruleset(road_complete_per_tile=2)\n"
             "print(scorer.score(scorer.Scenario((road,), 'during-game'), rules).totals['red'])\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=copy, env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"},
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "6"  # 3 tiles at the new rate of 2


def test_the_new_pages_are_built_in_the_new_language(walked):
    copy, touched = walked
    site = copy.parent / "site"  # outside the copy, which the content checks read as a source tree
    result = run(copy, "build", "--lang", "en", "--lang", "fr", "--jobs", "1", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-3000:]
    page = (site / "fr" / "crop-circles-c2-c3" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in page
    assert "walk-through test" in page  # English text, shown openly in the French site
    for page_id in _added_pages(touched):
        for code in ("en", "fr"):
            assert (site / code / page_id / "index.html").exists(), (code, page_id)


def test_the_content_checks_pass_on_the_copy(walked):
    copy, _ = walked
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(copy)}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *CONTENT_TESTS],
                            cwd=copy, env=env, capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout[-5000:]
