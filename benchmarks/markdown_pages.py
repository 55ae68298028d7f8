"""The rules pages of a project as Markdown, for the benchmark's MkDocs + static-i18n side.

rulesite writes its rules pages as HTML (``generator/render/html_page.py``). The setup it is
measured against is the one a documentation team would pick instead: the same pages as
Markdown, built by MkDocs, Material and mkdocs-static-i18n. This module writes those
pages from the same data, with the same renderer in its Markdown mode and the template the
site used before its rules pages became HTML (``benchmarks/templates/``; the one change is
that each footnote's kind icon is a shortcode with its attribute list in the note's text).
MkDocs converts them to the same pages, apart from the footnote back-reference ids that
:mod:`generator.render.footnotes` gives in reading order.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import ChoiceLoader, FileSystemLoader

from generator.project import load_checked
from generator.render.generate import SiteRenderer, environment
from generator.render.page import PageRenderer

TEMPLATES = Path(__file__).resolve().parent / "templates"


def markdown_pages(root: Path) -> dict[str, dict[str, str]]:
    """Every language's rules pages as Markdown, by docs path (``<page>.md``)."""
    project = load_checked(root)
    base = environment()
    env = base.overlay(loader=ChoiceLoader([FileSystemLoader(str(TEMPLATES)), base.loader]))
    pages: dict[str, dict[str, str]] = {}
    for code in project.languages:
        renderer = SiteRenderer(project, code, env)
        pages[code] = {}
        for page_id, page in project.pages.items():
            path = f"{page_id}.md"
            context = PageRenderer(renderer.lang, page, path, html=False).context()
            pages[code][path] = renderer.render("page.md.j2", path, **context)
    return pages
