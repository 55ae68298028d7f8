"""The MkDocs plugin: hands MkDocs the pages of one language. All real work is elsewhere.

Stage: build (MkDocs calls it; its settings and choices live in :mod:`generator.mkdocs_adapter`).

``rulesite build`` renders every language first and points this plugin at the result
(``prebuilt``); under ``mkdocs serve`` the plugin renders its language itself on every
rebuild, so editing a YAML file in ``rules_data/`` or ``examples/`` refreshes the page.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from . import mkdocs_adapter
from .problem import DataError
from .render.escape import escape_fields, escape_titles

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
            self.files = mkdocs_adapter.read_tree(Path(self.config.prebuilt))
            self.lang = self.config.lang or config.theme["language"]
            self.source = config.extra["rulesite"]["source"]
            self.codes = {alt["lang"] for alt in config.extra.get("alternate", [])} | {self.lang}
            return config
        try:
            generated = mkdocs_adapter.generate(self.root, self.config.lang)
        except DataError as exc:
            # Under `mkdocs serve` this keeps the last good site and prints every problem.
            raise PluginError("rules data has problems:\n" + exc.report) from None
        self.files, self.lang, self.source = generated.site.files, generated.site.code, generated.source
        self.codes = {code for code, _ in generated.languages}
        settings = mkdocs_adapter.mkdocs_settings(generated)
        config.site_name = settings["site_name"]
        config.theme["language"] = settings["theme"]["language"]
        config.extra.update(settings["extra"])
        if not config.nav:
            config.nav = settings["nav"]
        return config

    # Material prints the site name, nav titles and page titles unescaped
    # (aria-label="{{ config.site_name }}"); ours are plain text, escaped once here.
    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        escape_fields(config, ("site_name", "site_description"))
        escape_titles(nav.items)
        return nav

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        escape_fields(page.meta, ("title", "description"))
        return markdown

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        by_path = {file.src_uri: file for file in files}
        choice = mkdocs_adapter.choose_pages(by_path, self.lang, self.source, self.codes)
        kept = Files([by_path[path] for path in choice.shared])
        for rest, path in choice.own.items():
            kept.append(File.generated(config, rest, abs_src_path=by_path[path].abs_src_path))
        for rest, path in choice.fallback.items():
            text = Path(by_path[path].abs_src_path).read_text(encoding="utf-8")
            kept.append(File.generated(config, rest, content=mkdocs_adapter.fallback_page(text)))
        for path, content in self.files.items():
            kept.append(File.generated(config, path, content=content))
        return kept

    def on_serve(self, server, config: MkDocsConfig, builder):
        # Live reload: a change to the data or the templates rebuilds this language.
        for folder in mkdocs_adapter.WATCHED:
            if (self.root / folder).exists():
                server.watch(str(self.root / folder))
        return server
