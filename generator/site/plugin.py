"""The MkDocs plugin: hands MkDocs the pages of one language. All real work is elsewhere.

``rulesite build`` renders every language first and points this plugin at the result
(``prebuilt``); under ``mkdocs serve`` the plugin renders its language itself on every
rebuild, so editing a YAML file in ``rules_data/`` or ``examples/`` refreshes the page.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs import utils as mkdocs_utils
from mkdocs.utils import normalize_url
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from generator.site import adapter as mkdocs_adapter
from generator.site import offline as offline_site
from generator.site import patches
from generator.cache import page_cache
from generator.site import raw_html
from generator.read import source as reader
from generator.core.problem import DataError, StageFailed
from generator.render import html_page
from generator.render.generate import CONTRIBUTORS_PAGES
from generator.render.escape import escape_fields, escape_titles

log = logging.getLogger("mkdocs.plugins.rulesite")


class RulesiteConfig(Config):
    lang = c.Optional(c.Type(str))
    """Language of this build (a code from rules_data/site.yaml); default: the source language."""
    root = c.Optional(c.Type(str))
    """Project folder holding rules_data/ and examples/; default: the folder of mkdocs.yml."""
    prebuilt = c.Optional(c.Type(str))
    """Folder of Markdown already generated for this language; unset: generate on every build."""
    cache = c.Type(bool, default=True)
    """Reuse unchanged pages' HTML from the last build (build/page-cache/; see generator/cache/page_cache.py)."""
    offline = c.Type(bool, default=False)
    """A site to open from disk: links to folders made links to files, search as a script (generator/site/offline.py)."""


class RulesitePlugin(BasePlugin[RulesiteConfig]):
    # Defining on_startup makes MkDocs keep this one instance across the preview's rebuilds.
    dirty: mkdocs_adapter.DirtyPreview | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.dirty = mkdocs_adapter.DirtyPreview() if dirty else None
        if dirty:
            logging.getLogger("mkdocs.commands.build").addFilter(mkdocs_adapter.DIRTY_NOTICE)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        try:  # `mkdocs build` and `mkdocs serve` too: no patch before the guard has passed
            patches.guard()
        except StageFailed as exc:
            raise PluginError(str(exc)) from None
        self.root = Path(self.config.root or Path(config.config_file_path).parent).resolve()
        self.raw: dict[str, list[str]] = {}
        self.cache: page_cache.PageCache | None = None
        self.nav = None
        patches.lean_theme_listing(config.theme)
        if self.config.prebuilt:
            # `rulesite build` already checked, scored and rendered; its configuration
            # file carries the navigation and language settings.
            self.files = mkdocs_adapter.read_tree(Path(self.config.prebuilt))
            self.lang = self.config.lang or config.theme["language"]
            self.source = config.extra["rulesite"]["source"]
            self.codes = {alt["lang"] for alt in config.extra.get("alternate", [])} | {self.lang}
            patches.search_index_config(config.plugins, config.extra["rulesite"]["search"])
            return mkdocs_adapter.translate_settings(config)
        try:
            generated = mkdocs_adapter.generate(self.root, self.config.lang)
        except DataError as exc:
            # The preview prints every problem and builds its last good pages again: MkDocs'
            # server holds every request while a rebuild fails, so it would stop answering.
            generated = mkdocs_adapter.last_generated(self.root, self.config.lang) if self.dirty else None
            if generated is None:
                raise PluginError("rules data has problems:\n" + exc.report) from None
            log.error("rules data has problems; the preview shows the last pages without them:\n" + exc.report)
        self.files, self.lang, self.source = generated.site.files, generated.site.code, generated.source
        self.codes = {code for code, _ in generated.languages}
        settings = mkdocs_adapter.mkdocs_settings(generated)
        config.site_name = settings["site_name"]
        config.theme["language"] = settings["theme"]["language"]
        config.extra.update(settings["extra"])
        if not config.nav:
            config.nav = settings["nav"]
        patches.search_index_config(config.plugins, config.extra["rulesite"]["search"])
        return mkdocs_adapter.translate_settings(config)

    def on_pre_build(self, config: MkDocsConfig) -> None:
        if self.config.cache:
            theme = Path(config.theme.custom_dir) if config.theme.custom_dir else None
            self.cache = page_cache.open_cache(self.root, Path(config.config_file_path), theme)

    # Material prints the site name, nav titles and page titles unescaped
    # (aria-label="{{ config.site_name }}"); ours are plain text, escaped once here.
    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        escape_fields(config, ("site_name", "site_description"))
        escape_titles(nav.items)
        self.files_key, self.nav = page_cache.files_fingerprint(files), nav
        return nav

    def on_env(self, env, config: MkDocsConfig, files: Files):
        page_cache.keep_theme_bytecode(env, self.root)
        if self.cache:
            pages = [file.page for file in files.documentation_pages()]
            page_cache.serve_cached_pages(env, pages, self.nav, self.cache)
            patches.index_search_through(config.plugins, functools.partial(page_cache.kept_search_entries, self.cache))
        return env

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        escape_fields(page.meta, ("title", "description"))
        if page.meta.get(html_page.FLAG) == "html":  # a rules page: already HTML, nothing to convert
            mkdocs_adapter.adopt_html(page, markdown, config)
            return markdown
        markdown, self.raw[page.file.src_uri] = raw_html.set_aside(markdown)
        if self.cache:  # a page whose conversion is kept is rendered from it
            patches.answer_render(page, self.cache.before_conversion(page, markdown, self.files_key))
        return markdown

    def on_page_content(self, html: str, page, config: MkDocsConfig, files: Files) -> str:
        if self.cache:
            self.cache.after_conversion(page, html)
        return raw_html.restore(html, self.raw.pop(page.file.src_uri, []))

    def on_post_page(self, output: str, page, config: MkDocsConfig) -> str:
        if self.cache:
            self.cache.after_page(page, output)
        if self.config.offline:  # after the cache, which keeps the page as a server build has it
            output = offline_site.file_links(output)
        return self.dirty.page(page, output) if self.dirty else output

    def on_post_build(self, config: MkDocsConfig) -> None:
        if self.config.offline:  # after the search plugin's, which comes first in the list
            site = Path(config.site_dir)
            index = site / "search" / "search_index.json"
            if index.is_file():
                script = offline_site.search_script(index.read_text(encoding="utf-8"))
                mkdocs_utils.write_file(script.encode("utf-8"), str(index.with_suffix(".js")))
            sources = offline_site.worker_sources(site).encode("utf-8")
            mkdocs_utils.write_file(sources, str(site / offline_site.SOURCES))
        if self.dirty:
            self.dirty.finish()
        if self.cache:
            stats = self.cache.save()
            log.info(f"page cache: {stats['hits']} reused, {stats['misses']} built")
            self.cache = None

    def on_build_error(self, error: Exception) -> None:
        if self.dirty:
            self.dirty.failed()
        if self.cache:  # nothing of a failed build is kept
            self.cache.drop()
            self.cache = None

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        # MkDocs found every file of content/ (following linked folders) and will copy each:
        # only those the reader admits go on (`rulesite check` reports the others), so no FIFO
        # is read, no odd name reaches a path and no link publishes a file from elsewhere.
        # The theme's own files (another src_dir) are not content.
        docs = Path(config.docs_dir)
        by_path = {file.src_uri: file for file in files
                   if file.src_dir != config.docs_dir or reader.publishable(docs, file.src_uri, self.root)}
        choice = mkdocs_adapter.choose_pages(by_path, self.lang, self.source, self.codes)
        kept = Files([by_path[path] for path in choice.shared])
        for rest, path in choice.own.items():
            kept.append(File.generated(config, rest, abs_src_path=by_path[path].abs_src_path))
        for rest, path in choice.fallback.items():
            raw, _ = reader.read_bytes(Path(by_path[path].abs_src_path), path, self.root)
            if raw is not None:  # read a moment ago by the check, unless it has just changed
                text = raw.decode("utf-8", errors="replace")
                contributors = rest.startswith(CONTRIBUTORS_PAGES)
                kept.append(File.generated(config, rest, content=mkdocs_adapter.fallback_page(text, contributors)))
        # In path order: the build reads its pages from disk, the preview from memory, and the
        # order of the pages is the order of the search index and the sitemap.
        for path, content in sorted(self.files.items()):
            kept.append(File.generated(config, path, content=content))
        if self.dirty:
            self.dirty.start(kept, config.plugins)
        return kept

    def on_template_context(self, context: dict, template_name: str, config: MkDocsConfig) -> dict:
        """Links of a language's 404 page from that language's root.

        MkDocs gives error pages absolute links from the server root ("/assets/...") when
        no ``site_url`` is set, but each language is served from ``/<lang>/``: without this
        the 404 page of every language loses its styles, scripts and navigation.
        """
        if template_name != "404.html" or config.site_url:
            return context
        base = f"/{self.lang}/"
        context["base_url"] = base
        context["extra_css"] = [normalize_url(str(path), None, base) for path in config.extra_css]
        context["extra_javascript"] = [normalize_url(str(path), None, base) for path in config.extra_javascript]
        return context

    def on_serve(self, server, config: MkDocsConfig, builder):
        # Live reload: a change to the data or the templates rebuilds this language.
        for folder in mkdocs_adapter.WATCHED:
            if (self.root / folder).exists():
                server.watch(str(self.root / folder))
        return server
