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
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.utils import normalize_url
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
            return translate_settings(config)
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
        return translate_settings(config)

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
        for folder in ("rules_data", "examples", "generator/templates"):
            if (self.root / folder).exists():
                server.watch(str(self.root / folder))
        return server


def translate_settings(config: MkDocsConfig) -> MkDocsConfig:
    """Words that mkdocs.yml gives in English only, in this build's language: the colour
    scheme toggles, the permalink title and the footnotes' back link."""
    strings = config.extra["rulesite"]["strings"]
    for option in config.theme.get("palette") or []:
        toggle = option.get("toggle") if isinstance(option, dict) else None
        if toggle:
            toggle["name"] = strings["palette.light" if option.get("scheme") == "slate" else "palette.dark"]
    if isinstance(config.mdx_configs.get("toc"), dict) and config.mdx_configs["toc"].get("permalink"):
        config.mdx_configs["toc"]["permalink_title"] = strings["toc.permalink"]
    if "footnotes" in config.mdx_configs:
        config.mdx_configs["footnotes"]["BACKLINK_TITLE"] = strings["footnote.backlink"]
    return config


def fallback(path: Path) -> str:
    """An English hand-written page shown in another language: marked, and tagged lang="en"."""
    body, meta = get_data(path.read_text(encoding="utf-8"))
    meta = dict(meta or {})
    meta["rulesite_fallback"] = True
    # English text stays out of this language's search index: no mixed results.
    meta["search"] = {"exclude": True}
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{front}---\n\n<div lang=\"en\" markdown>\n\n{body}\n\n</div>\n"
