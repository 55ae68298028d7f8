"""The MkDocs adapter: hands MkDocs the pages of one language. All real work is elsewhere.

``rulesite build`` renders every language first and points this plugin at the result
(``prebuilt``); under ``mkdocs serve`` the plugin renders its language itself on every
rebuild, so editing a YAML file in ``rules_data/`` or ``examples/`` refreshes the page.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import yaml
from jinja2 import ChoiceLoader, DictLoader, FileSystemBytecodeCache
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.utils.meta import get_data

from . import pipeline
from .page_cache import (
    CACHED_TEMPLATE,
    PageCache,
    files_fingerprint,
    nav_fingerprint,
    reuse_search_entries,
    settings_fingerprint,
)

log = logging.getLogger("mkdocs.plugins.rulesite")


class RulesiteConfig(Config):
    lang = c.Optional(c.Type(str))
    """Language of this build (a code from rules_data/site.yaml); default: the source language."""
    root = c.Optional(c.Type(str))
    """Project folder holding rules_data/ and examples/; default: the folder of mkdocs.yml."""
    prebuilt = c.Optional(c.Type(str))
    """Folder of Markdown already generated for this language; unset: generate on every build."""
    cache = c.Type(bool, default=True)
    """Reuse unchanged pages' HTML from the last build (build/page-cache/; see generator/page_cache.py)."""


# Written by the templates around generated raw HTML only (never around data text alone).
RAW_BLOCK = re.compile(r"<!-- rulesite:raw -->\n(.*?)\n<!-- /rulesite:raw -->", re.S)


class RulesitePlugin(BasePlugin[RulesiteConfig]):
    raw: dict[str, list[str]]

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.root = Path(self.config.root or Path(config.config_file_path).parent).resolve()
        self.raw = {}
        self.cache: PageCache | None = None
        self.nav = None
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

    def on_pre_build(self, config: MkDocsConfig) -> None:
        if self.config.cache:
            # One folder per configuration (mkdocs.nl, mkdocs.serve.nl): a preview and a
            # build of the same language each keep their own pages.
            config_file = Path(config.config_file_path)
            theme = Path(config.theme.custom_dir) if config.theme.custom_dir else None
            settings = settings_fingerprint(config_file, self.root, theme)
            self.cache = PageCache(self.root / "build" / "page-cache" / config_file.stem, settings)

    def on_nav(self, nav, config: MkDocsConfig, files: Files):
        self.files_fingerprint, self.nav = files_fingerprint(files), nav
        return nav

    def on_post_page(self, output: str, page, config: MkDocsConfig) -> str:
        key = getattr(page, "rulesite_page_key", None)
        if self.cache and key and getattr(page, "rulesite_cached", None) is None:
            self.cache.keep_page(key, output)
        return output

    def on_post_build(self, config: MkDocsConfig) -> None:
        if self.cache:
            stats = self.cache.save()
            log.info(f"page cache: {stats['hits']} reused, {stats['misses']} built")
            self.cache = None

    def on_build_error(self, error: Exception) -> None:
        if self.cache:  # nothing of a failed build is kept
            logging.getLogger("mkdocs").removeHandler(self.cache.warnings)
            self.cache = None

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

    def on_env(self, env, config: MkDocsConfig, files: Files):
        # Material's templates are compiled again by every language build and every
        # preview rebuild; their bytecode is kept under build/ instead.
        cache = self.root / "build" / "theme-cache"
        cache.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(cache))
        if self.cache:
            # Pages whose finished HTML is known are written through a template that
            # only prints it: nothing else of the page changes.
            env.loader = ChoiceLoader([DictLoader({CACHED_TEMPLATE: "{{ page.rulesite_cached }}"}), env.loader])
            nav = nav_fingerprint(self.nav) if self.nav else ""
            for file in files.documentation_pages():
                page = file.page
                if page is None or page.content is None:
                    continue
                page.rulesite_page_key = self.cache.template_key(page, nav)
                page.rulesite_cached = self.cache.cached_page(page.rulesite_page_key)
                if page.rulesite_cached is not None:
                    page.meta["template"] = CACHED_TEMPLATE
            reuse_search_entries(config.plugins, self.cache)
        return env

    def on_page_markdown(self, markdown: str, page, config: MkDocsConfig, files: Files) -> str:
        # Large raw-HTML blocks (the translators' tables, a cell per text and language) go
        # round Markdown: it would pass them through unchanged, but only after parsing
        # every tag twice, which was half of a language's Markdown time.
        raw: list[str] = []

        def keep(match: re.Match[str]) -> str:
            raw.append(match.group(1))
            return f"<!-- rulesite:raw {len(raw) - 1} -->"

        markdown = RAW_BLOCK.sub(keep, markdown)
        if raw:
            self.raw[page.file.src_uri] = raw
        if self.cache:
            page.rulesite_markdown_key = self.cache.markdown_key(page, markdown, self.files_fingerprint)
            page.rulesite_reused = self.cache.reuse_render(page, page.rulesite_markdown_key)
        return markdown

    def on_page_content(self, html: str, page, config: MkDocsConfig, files: Files) -> str:
        if self.cache and not getattr(page, "rulesite_reused", True):
            self.cache.keep_render(page, page.rulesite_markdown_key, html)
        for index, block in enumerate(self.raw.pop(page.file.src_uri, [])):
            html = html.replace(f"<!-- rulesite:raw {index} -->", block, 1)
        return html

    def on_serve(self, server, config: MkDocsConfig, builder):
        # Live reload: a change to the data or the templates rebuilds this language.
        for folder in ("rules_data", "examples", "generator/templates"):
            if (self.root / folder).exists():
                server.watch(str(self.root / folder))
        return server


def fallback(path: Path) -> str:
    """An English hand-written page shown in another language: marked, and tagged lang="en"."""
    body, meta = get_data(path.read_text(encoding="utf-8"))
    meta = dict(meta or {})
    meta["rulesite_fallback"] = True
    # English text stays out of this language's search index: no mixed results.
    meta["search"] = {"exclude": True}
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{front}---\n\n<div lang=\"en\" markdown>\n\n{body}\n\n</div>\n"
