"""The preview's loads keep each file's results (generator/cache/load_memo.py): after any edit, a load
with the memo finds exactly the problems and renders exactly the pages a fresh load does."""

from __future__ import annotations

from generator.cache.load_memo import LoadMemo
from generator.project import load
from generator.render.generate import render_language

from .test_build import small_project  # noqa: F401 (a fixture)


def _problems(loaded):
    return [(p.file, p.line, p.column, p.code, p.message, p.level) for p in loaded[1]]


def _pages(loaded):
    project = loaded[0]
    return {code: render_language(project, code).files for code in project.languages}


# (file, text to replace, replacement): an edit of each kind of file, errors included.
EDITS = [
    ("rules_data/pages/alpha.yaml", "text: Only in one printing.", "text: Found in one printing only."),
    ("rules_data/translations/nl/alpha.yaml", "text: Alfa\n", "text: Alfa Nova\n"),
    ("rules_data/ui.yaml", "Icons and marks", "Icons and signs"),
    ("rules_data/pages/alpha.yaml", "{fn:ruling}", "{fn:nowhere}"),
    ("rules_data/pages/alpha.yaml", "{fn:nowhere}", "{fn:ruling}"),
    ("rules_data/site.yaml", "A tiny site for tests.", "A very small site for tests."),
    ("rules_data/pages/alpha.yaml", "editions: [C1]", "editions: [C9]"),
    ("rules_data/pages/alpha.yaml", "editions: [C9]", "editions: [C1]"),
]


def test_a_load_with_the_memo_is_a_fresh_load_after_every_edit(small_project):  # noqa: F811
    memo = LoadMemo()
    load(small_project, memo)
    for name, old, new in EDITS:
        path = small_project / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        kept, fresh = load(small_project, memo), load(small_project)
        assert _problems(kept) == _problems(fresh), name
        if not any(p.level == "error" for p in fresh[1]):
            assert _pages(kept) == _pages(fresh), name
    assert memo.hits > 0  # files the edits did not touch were not checked again
