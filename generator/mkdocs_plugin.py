"""The MkDocs adapter: hands MkDocs the pages of one language. All real work is elsewhere.

``rulesite build`` renders every language first and points this plugin at the result
(``prebuilt``); under ``mkdocs serve`` the plugin renders its language itself on every
rebuild, so editing a YAML file in ``rules_data/`` or ``examples/`` refreshes the page.
"""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

import yaml
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from markupsafe import Markup
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from . import pipeline

log = logging.getLogger("mkdocs.plugins.rulesite")


class RulesiteConfig(Config):
    lang = c.Optional(c.Type(str))
    """Language of this build (a code from rules_data/site.yaml); default: the source language."""
    root = c.Optional(c.Type(str))
    """Project folder holding rules_data/ and examples/; default: the folder of mkdocs.yml."""
    prebuilt = c.Optional(c.Type(str))
    """Folder of Markdown already generated for this language; unset: generate on every build."""


class RulesitePlugin(BasePlugin[RulesiteConfig]):
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.root = Path(self.config.root or Path(config.config_file_path).parent).resolve()
        if self.config.prebuilt:
            # `rulesite build` already checked, scored and rendered; its configuration
            # file carries the navigation and language settings.
            self.files = pipeline.read_tree(Path(self.config.prebuilt))
            self.lang = self.config.lang or config.theme["language"]
            self.source = config.extra["rulesite"]["source"]
            self.codes = {alt["lang"] for alt in config.extra.get("alternate", [])} | {self.lang}
            return config
        try:
            generated = pipeline.generate(self.root, self.config.lang)
        except pipeline.DataError as exc:
            # Under `mkdocs serve` this keeps the last good site and prints every problem.
            raise PluginError("rules data has problems:\n" + exc.report) from None
        self.files, self.lang, self.source = generated.site.files, generated.site.code, generated.source
        self.codes = {code for code, _ in generated.languages}
        settings = pipeline.mkdocs_settings(generated)
        config.site_name = settings["site_name"]
        config.theme["language"] = settings["theme"]["language"]
        config.extra.update(settings["extra"])
        if not config.nav:
            config.nav = settings["nav"]
        return config

    # MkDocs and Material treat titles and the site name as HTML and print most of them
    # unescaped (aria-label="{{ config.site_name }}", {{ nav_item.title }}); ours are plain
    # text from the data, so each is escaped once and marked safe, which Jinja's "| e"
    # then leaves as it is.
    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        for key in ("site_name", "site_description"):
            if config.get(key) is not None:
                config[key] = html_text(config[key])
        _escape_titles(nav.items)
        return nav

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        for key in ("title", "description"):
            if isinstance(page.meta.get(key), str):
                page.meta[key] = html_text(page.meta[key])
        return markdown

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        lang, source, codes = self.lang, self.source, self.codes
        kept = Files([])
        hand_written: dict[str, File] = {}
        english: dict[str, File] = {}
        for file in files:
            first, _, rest = file.src_uri.partition("/")
            if not rest or not re.fullmatch(r"[a-z]{2,3}", first):
                kept.append(file)  # theme assets and other shared files
            elif first not in codes:
                continue  # `rulesite check` reports folders of unknown languages
            elif first == lang:
                hand_written[rest] = file
            elif first == source:
                english[rest] = file
        for rest, file in hand_written.items():
            kept.append(File.generated(config, rest, abs_src_path=file.abs_src_path))
        for rest, file in english.items():
            if rest not in hand_written and rest.endswith(".md"):
                kept.append(File.generated(config, rest, content=fallback(Path(file.abs_src_path))))
        for path, content in self.files.items():
            kept.append(File.generated(config, path, content=content))
        return kept

    def on_serve(self, server, config: MkDocsConfig, builder):
        # Live reload: a change to the data or the templates rebuilds this language.
        for folder in ("rules_data", "examples", "generator/templates"):
            if (self.root / folder).exists():
                server.watch(str(self.root / folder))
        return server


def html_text(text: str) -> Markup:
    """Plain text as HTML, once: text that is already :class:`Markup` is left alone."""
    return text if isinstance(text, Markup) else Markup(html.escape(str(text)))


def _escape_titles(items: list) -> None:
    for item in items:
        # A page without a title from the navigation takes it from its Markdown later.
        if item.title is not None:
            item.title = html_text(item.title)
        if getattr(item, "children", None):
            _escape_titles(item.children)


def fallback(path: Path) -> str:
    """An English hand-written page shown in another language: marked, and tagged lang="en"."""
    body, meta = get_data(path.read_text(encoding="utf-8"))
    meta = dict(meta or {})
    meta["rulesite_fallback"] = True
    # English text stays out of this language's search index: no mixed results.
    meta["search"] = {"exclude": True}
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{front}---\n\n<div lang=\"en\" markdown>\n\n{body}\n\n</div>\n"
