"""The benchmark's synthetic corpus is a valid project of the size asked for."""

from __future__ import annotations

from benchmarks.corpus import Corpus
from generator.project import load, load_checked
from generator.i18n.status import summarize

from .conftest import ROOT


def test_the_corpus_passes_the_check_with_every_translation_current(tmp_path):
    pages, languages = 9, 2
    Corpus(ROOT, tmp_path / "corpus", pages, languages).write()
    project = load_checked(tmp_path / "corpus")  # raises with every problem found
    assert len(project.pages) == pages and len(project.languages) == languages
    assert not [p for p in load(tmp_path / "corpus")[1] if p.level == "warning"]
    copies = [page for page in project.pages.values() if page.id not in load_checked(ROOT).pages]
    assert copies and all(page.expansion.startswith("synthetic-") for page in copies)
    for code in project.target_languages:
        for doc in project.units:
            summary = summarize(project, code, doc)
            assert summary.missing == 0 and summary.outdated == 0, (code, doc)
