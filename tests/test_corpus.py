"""The benchmark's synthetic corpus is a valid project of the size asked for."""

from __future__ import annotations

import re

from benchmarks.corpus import Corpus, real_pages
from generator.i18n.status import doc_statuses
from generator.project import Project, load, load_checked

from .conftest import ROOT

# The suffix the corpus gives a copied page and each printing it clones: "<id>-s004".
_COPY = re.compile(r"-s\d{3}(?=\.|$)")


def _kept(source: Project) -> tuple[int, list[str]]:
    """How many of site.yaml's languages to keep, and the pages to copy.

    The corpus keeps the first languages of site.yaml and copies each template's
    translation files, so a template must be translated into every kept language: a page
    nobody has translated yet is left out, as a language with no translated page is.
    """
    for count in (2, 1):
        kept = source.languages[1:count]
        templates = sorted(p for p in source.pages if all(p in source.translations.get(code, {}) for code in kept))
        if count <= len(source.languages) and templates:
            return count, templates
    raise AssertionError("the project has no page to copy")


def _not_current(project: Project, code: str, doc: str) -> set[str]:
    """Ids of the document's units that are missing or outdated in ``code``."""
    return {status.unit.id for status in doc_statuses(project, code, doc) if status.state in ("missing", "outdated")}


def test_the_corpus_passes_the_check_and_adds_no_untranslated_text(tmp_path):
    source = load_checked(ROOT)
    languages, templates = _kept(source)
    pages = max(real_pages(ROOT), 2 * len(templates) + 1)  # every template copied at least once
    corpus = Corpus(ROOT, tmp_path / "corpus", pages, languages)
    corpus.templates = templates
    corpus.write()
    project = load_checked(tmp_path / "corpus")  # raises with every problem found
    assert len(project.pages) == pages and len(project.languages) == languages
    assert not [p for p in load(tmp_path / "corpus")[1] if p.level == "warning"]
    copies = [page for page in project.pages.values() if page.id not in source.pages]
    assert copies and all(page.expansion.startswith("synthetic-") for page in copies)
    # What the corpus writes is translated as far as what it copies: each unit missing or
    # outdated in the corpus is so in the real project (none at all where it is complete).
    for code in project.target_languages:
        for doc in project.units:
            copied = {_COPY.sub("", unit_id) for unit_id in _not_current(project, code, doc)}
            assert copied <= _not_current(source, code, _COPY.sub("", doc)), (code, doc)


def test_the_corpus_adds_the_wiki_s_other_languages_complete_and_current(tmp_path):
    from benchmarks.languages import EXTRA

    source = load_checked(ROOT)
    added = [code for code in EXTRA if code not in source.languages]  # a project may have some already
    corpus = Corpus(ROOT, tmp_path / "corpus", real_pages(ROOT), len(source.languages) + len(added))
    corpus.write()
    project = load_checked(tmp_path / "corpus")  # raises with every problem found
    assert list(project.languages)[len(source.languages):] == added
    assert not [p for p in load(tmp_path / "corpus")[1] if p.level == "warning"]
    # As complete as the Dutch they are made from: no unit is missing or outdated that is not so in Dutch.
    for code in added:
        for doc in project.units:
            assert _not_current(project, code, doc) <= _not_current(source, "nl", doc), (code, doc)
