"""Data text reaches HTML as exactly the same characters: never as markup, never as a tag."""

from __future__ import annotations

import html
import re

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.escape import md_text
from generator.output.write import safe_join

# The extensions of mkdocs.yml that read inline syntax.
EXTENSIONS = ["abbr", "admonition", "attr_list", "md_in_html", "tables", "footnotes", "toc", "pymdownx.emoji"]
TAG = re.compile(r"<[^>]+>")


def visible(text: str) -> tuple[str, str]:
    out = markdown.markdown("Before " + md_text(text) + " after", extensions=EXTENSIONS)
    inner = out.removeprefix("<p>").removesuffix("</p>")
    return html.unescape(TAG.sub("", inner)), inner


@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    "![img](http://example.com/x.png)",
    "*not emphasis* and _not_ either",
    "`code` and ``more``",
    ":material-earth: is not an icon",
    "{ .class #id } attribute list",
    "a | table | row",
    "footnote[^1] reference",
    "&amp; stays &lt; as written",
    "\\*escaped\\*",
    "http://example.com/ is not a link",
    "# not a heading",
    "1. not a list",
    "> not a quote",
])
def test_tricky_text_is_shown_literally(text):
    shown, inner = visible(text)
    assert shown == f"Before {text} after"
    assert "<" not in TAG.sub("", inner)  # no tag other than what Markdown itself wraps
    assert not re.search(r"<(?!/?p\b)", inner), inner


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=60))
def test_any_text_survives_markdown_unchanged(text):
    shown, inner = visible(text)
    expected = " ".join(f"Before {text} after".split())
    assert " ".join(shown.split()) == expected
    assert not re.search(r"<(?!/?p\b)", inner), inner


@pytest.mark.parametrize("bad", ["../x.md", "/etc/passwd.md", "a/../../x.md", "x.html", "A/Upper.md", "..", ""])
def test_paths_outside_the_output_folder_are_refused(tmp_path, bad):
    with pytest.raises(ValueError):
        safe_join(tmp_path, bad)


def test_safe_paths_are_accepted(tmp_path):
    assert safe_join(tmp_path, "publishers/hig.md") == (tmp_path / "publishers" / "hig.md").resolve()


def test_a_symbolic_link_inside_the_output_folder_cannot_lead_out(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    base = tmp_path / "docs"
    base.mkdir()
    (base / "publishers").symlink_to(outside, target_is_directory=True)
    (base / "page.md").symlink_to(outside / "page.md")
    with pytest.raises(ValueError):
        safe_join(base, "publishers/hig.md")
    with pytest.raises(ValueError):
        safe_join(base, "page.md")


def test_writing_a_tree_replaces_links_and_never_writes_outside(tmp_path):
    from generator.output.write import sync_tree

    outside = tmp_path / "outside.md"
    outside.write_text("kept", encoding="utf-8")
    base = tmp_path / "docs"
    base.mkdir()
    (base / "old.md").symlink_to(outside)
    (base / "stale.md").write_text("gone", encoding="utf-8")
    assert sync_tree(base, {"index.md": "home", "publishers/hig.md": "hig"}) == 2
    assert sorted(p.relative_to(base).as_posix() for p in base.rglob("*")) == ["index.md", "publishers",
                                                                               "publishers/hig.md"]
    assert outside.read_text(encoding="utf-8") == "kept"
