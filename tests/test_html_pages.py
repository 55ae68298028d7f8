"""Rules pages written as HTML are the HTML MkDocs makes of the same pages as Markdown.

The generator writes each rules page's HTML itself (``generator/render/html_page.py``)
instead of handing MkDocs Markdown to convert. Here every rules page of the data, in every
language, is also rendered as Markdown (the renderer's Markdown mode, which the benchmark's
static-i18n side builds: ``benchmarks/markdown_pages.py``) and converted by MkDocs exactly as
a Markdown page of the site is; content and table of contents must be the same. The one
deliberate difference: of two references to one footnote, the first in reading order is
``fnref:`` here, where Python-Markdown may give that id to the second
(``test_render.py`` checks the order).
"""

from __future__ import annotations

import re

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from benchmarks.markdown_pages import markdown_pages
from generator.site import adapter as mkdocs_adapter
from generator.model.units import walk_sections
from generator.project import load_checked
from generator.render.generate import SiteRenderer
from generator.render.html_page import FLAG

from .conftest import ROOT


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


@pytest.fixture(scope="module")
def as_markdown():
    return markdown_pages(ROOT)


def cases():
    project = load_checked(ROOT)
    return [(code, page_id) for code in project.languages for page_id in project.pages]


class Converted:
    """A page after MkDocs read it: its content and table of contents."""

    def __init__(self, page: Page):
        self.content = page.content
        self.toc = _outline(page.toc)


def _outline(items) -> list:
    return [(item.level, item.id, item.title, _outline(item.children)) for item in items]


def build_page(code: str, path: str, text: str, site: dict[str, str], strings: dict[str, str]) -> Converted:
    """One page through MkDocs' reading and rendering, as a language build does it."""
    config = load_config(config_file=str(ROOT / "mkdocs.yml"))
    config.extra["rulesite"] = {"strings": strings}
    mkdocs_adapter.translate_settings(config)  # permalink and back-link titles in the language
    hand_written = [p.relative_to(ROOT / "content" / "en").as_posix() for p in (ROOT / "content" / "en").rglob("*.md")]
    files = Files([_file(config, name, "") for name in [*site, *hand_written] if name != path])
    page = Page(None, _file(config, path, text), config)
    files.append(page.file)
    page.read_source(config)
    if page.meta.get(FLAG) == "html":
        mkdocs_adapter.adopt_html(page, page.markdown, config)
    page.render(config, files)
    return Converted(page)


def _file(config, path: str, text: str) -> File:
    file = File(path, None, config.site_dir, config.use_directory_urls)
    file.content_string = text
    return file


def same_ids(html: str) -> str:
    return re.sub(r"fnref\d*:", "fnref:", html)


@pytest.mark.parametrize("code, page_id", cases())
def test_a_rules_page_as_html_is_what_mkdocs_makes_of_it_as_markdown(project, as_markdown, code, page_id):
    renderer = SiteRenderer(project, code)
    site = renderer.site()
    strings = renderer.theme_strings()
    path = f"{page_id}.md"
    assert site.files[path].split("\n---\n", 1)[0].endswith(f"{FLAG}: html"), "a rules page is written as HTML"
    written = build_page(code, path, site.files[path], site.files, strings)
    converted = build_page(code, path, as_markdown[code][path], site.files, strings)
    assert written.toc == converted.toc
    # The Markdown really was converted: at least one <p> per paragraph of the page's data
    # (a paragraph block, whose units make one paragraph together).
    paragraphs = sum(1 for section, _ in walk_sections(project.pages[page_id].sections)
                     for block in section.blocks if hasattr(block, "paragraph"))
    assert paragraphs and converted.content.count("<p>") >= paragraphs
    if same_ids(written.content) != same_ids(converted.content):
        lines = zip(same_ids(written.content).splitlines(), same_ids(converted.content).splitlines())
        first = next(((a, b) for a, b in lines if a != b), ("(the same lines, one page longer)", ""))
        pytest.fail(f"{code}/{page_id} differs first at:\nHTML:     {first[0][:300]}\nMarkdown: {first[1][:300]}")
