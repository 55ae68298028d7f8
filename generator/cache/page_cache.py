"""Incremental builds: MkDocs' two costly steps per page, reused while their inputs hold.

MkDocs rebuilds every page on every build. Most of that work is two pure functions of
known inputs, so the MkDocs plugin keeps their results under ``build/page-cache/<configuration>/``,
keyed by fingerprints of everything they read:

- **Markdown -> HTML** (``page.render``): the page's Markdown, its place, the list of
  every file of the site (links are resolved against it) and the build settings. Rules
  pages skip this step: they are HTML already (:mod:`generator.render.html_page`).
- **HTML -> finished page** (the theme template) and the page's entries in Material's
  search index: the page's HTML, table of contents, metadata and title, the whole
  navigation (every title and address, which also fixes the previous and next page),
  and the build settings.

The *build settings* fingerprint covers the generated MkDocs configuration (less its
output folder), ``mkdocs.yml``, the theme overrides, this package's MkDocs plugin, adapter,
raw-HTML module and this module, and the versions of MkDocs, Material, Markdown, pymdown-extensions and Jinja2. Whatever the result
depends on is in a key, so a reused page is byte for byte the page a cold build writes
(a test checks it). Links and anchors are still checked on every build: the results
kept include what MkDocs' validation reads. Entries are stored only after a build with
no warning, so a page whose build warned is always rebuilt and warns again; entries
no build used are removed, so the cache holds one build's pages.

Every entry is one file named by its key and sealed (:mod:`generator.cache.seal`) for that
key and this folder: a file that is missing, damaged in any byte, renamed, of other code or
of another machine is a miss, built again and written over, never a page of its own; and
nothing in it is unpickled before its signature holds. A reused page's search entries are
kept under the same inputs (page HTML, table of contents, title, address, metadata);
without them the page's real HTML is indexed, never the empty stand-in the cached page
template prints through.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import pickle
import uuid
from pathlib import Path
from typing import Any, Callable

from jinja2 import ChoiceLoader, DictLoader, Environment

from generator.cache import seal
from generator.cache.bytecode import SealedBytecodeCache
from generator.cache.version import code_version
from generator.core.fingerprint import digest

CACHED_TEMPLATE = "rulesite-cached-page.html"


def _tree(folder: Path) -> list[str]:
    out = []
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                out.append(path.relative_to(folder).as_posix())
                out.append(hashlib.sha256(path.read_bytes()).hexdigest())
    return out


def settings_fingerprint(config_file: Path, root: Path, theme_dir: Path | None) -> str:
    """Everything about a language build that is not a page: see the module text."""
    lines = [line for line in config_file.read_text(encoding="utf-8").splitlines() if not line.startswith("site_dir:")]
    base = root / "mkdocs.yml"
    return digest("\n".join(lines), base.read_bytes() if base.exists() else b"",
                   *(_tree(theme_dir) if theme_dir else []),
                   code_version())


def open_cache(root: Path, config_file: Path, theme_dir: Path | None) -> PageCache:
    """The cache of one configuration: one folder per configuration (mkdocs.nl,
    mkdocs.serve.nl), so a preview and a build of the same language keep their own pages."""
    settings = settings_fingerprint(config_file, root, theme_dir)
    return PageCache(root / "build" / "page-cache" / config_file.stem, settings)


def keep_theme_bytecode(env: Environment, root: Path) -> None:
    """Material's templates are compiled again by every language build and every preview
    rebuild; their bytecode is kept under build/theme-cache/ instead, sealed like every kept file."""
    env.bytecode_cache = SealedBytecodeCache(root / "build" / "theme-cache")


def serve_cached_pages(env: Environment, pages: Any, nav: Any, cache: PageCache) -> None:
    """Pages whose finished HTML is known are written through a template that only prints
    it: nothing else of the page changes. Their search entries come from the cache too
    (:func:`kept_search_entries`)."""
    env.loader = ChoiceLoader([DictLoader({CACHED_TEMPLATE: "{{ page.rulesite_cached }}"}), env.loader])
    nav_key = nav_fingerprint(nav) if nav else ""
    for page in pages:
        if page is None or page.content is None:
            continue
        page.rulesite_page_key = cache.template_key(page, nav_key)
        page.rulesite_cached = cache.cached_page(page.rulesite_page_key)
        if page.rulesite_cached is not None:
            page.meta["template"] = CACHED_TEMPLATE
            # The finished page holds the content already; Material's search plugin would
            # still strip attributes from it, a regular expression over every reused page.
            # The content stays at hand: a page whose search entries are not kept is indexed from it.
            page.rulesite_content, page.content = page.content, ""


class PageCache:
    """The cache of one language build; see the module text."""

    def __init__(self, folder: Path, settings: str):
        self.folder, self.settings = folder, settings
        self.used: set[str] = set()
        self.pending: dict[str, bytes] = {}
        self.hits = {"markdown": 0, "template": 0}
        self.misses = {"markdown": 0, "template": 0}
        self.warnings = _WarningCount()
        logging.getLogger("mkdocs").addHandler(self.warnings)

    # ------------------------------------------------------------------ storage

    def _purpose(self, key: str) -> str:
        # The entry's key and its configuration's folder: a file moved to another name is a miss.
        return f"page-cache\0{self.folder.name}\0{key}"

    def _get(self, key: str) -> memoryview | None:
        """The verified bytes kept under ``key``, or None (missing, damaged, from elsewhere)."""
        self.used.add(key)
        return seal.read(self.folder / key, self._purpose(key))

    def _put(self, key: str, data: bytes) -> None:
        self.used.add(key)
        self.pending[key] = data

    def save(self) -> dict[str, Any]:
        """Store the new entries (only after a build without warnings) and drop unused ones."""
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        stats = {"hits": self.hits, "misses": self.misses, "stored": 0}
        if self.warnings.count:
            return stats
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            stats["stored"] = sum(self._write(key, data) for key, data in self.pending.items())
            for path in self.folder.iterdir():
                if path.name not in self.used and not path.name.startswith("stats"):
                    path.unlink(missing_ok=True)
            (self.folder / "stats.json").write_text(json.dumps(stats) + "\n", encoding="utf-8")
        except OSError:  # a cache that cannot be written is only a slower next build
            pass
        return stats

    def _write(self, key: str, data: bytes) -> bool:
        sealed = seal.seal(data, self._purpose(key))
        if sealed is None:  # no key on this machine: nothing is kept
            return False
        temporary = self.folder / f".{key}.{uuid.uuid4().hex[:8]}"
        try:
            temporary.write_bytes(sealed)
            os.replace(temporary, self.folder / key)  # a killed build leaves no half entry
        except OSError:  # another build at once removed it, or the disk is full: a miss next time
            temporary.unlink(missing_ok=True)
            return False
        return True

    # ------------------------------------------------------------------ Markdown -> HTML

    def markdown_key(self, page: Any, markdown: str, files_fingerprint: str) -> str:
        return "md-" + digest(self.settings, files_fingerprint, page.file.src_uri, page.file.url, markdown)

    def reuse_render(self, page: Any, key: str) -> Callable[[Any, Any], None] | None:
        """The render that restores a page's kept HTML instead of converting its Markdown
        again, or None; MkDocs is handed it by :func:`generator.site.patches.answer_render`."""
        state = _render_state(self._get(key))
        if state is None:
            self.misses["markdown"] += 1
            return None
        self.hits["markdown"] += 1

        def render(config: Any, files: Any) -> None:
            # Links to other pages' anchors are kept by path; here they become this build's files.
            links = state.pop("links_to_anchors")
            page.links_to_anchors = {files.get_file_from_path(path): anchors for path, anchors in links.items()}
            for name, value in state.items():
                setattr(page, name, value)

        return render

    def keep_render(self, page: Any, key: str, content: str) -> None:
        state = {"content": content, "toc": page.toc, "_title_from_render": page._title_from_render,
                 "present_anchor_ids": page.present_anchor_ids,
                 "links_to_anchors": {file.src_uri: anchors for file, anchors in page.links_to_anchors.items()}}
        self._put(key, pickle.dumps(state))

    # ------------------------------------------------------------------ HTML -> page

    def template_key(self, page: Any, nav_fingerprint: str) -> str:
        meta = json.dumps(page.meta, sort_keys=True, default=str)
        return "page-" + digest(self.settings, nav_fingerprint, page.file.src_uri, page.url, str(page.title),
                                 meta, page.content or "", _toc(page.toc))

    def cached_page(self, key: str) -> str | None:
        data = self._get(key)
        try:
            text = str(data, "utf-8") if data is not None else None
        except UnicodeDecodeError:  # verified bytes are ours; never a traceback all the same
            text = None
        (self.hits if text is not None else self.misses)["template"] += 1
        return text

    def keep_page(self, key: str, output: str) -> None:
        self._put(key, output.encode("utf-8"))

    # ------------------------------------------------------------------ the plugin's hooks

    def before_conversion(self, page: Any, markdown: str, files_key: str) -> Callable[[Any, Any], None] | None:
        """The kept conversion of the page as a render for MkDocs to call, or None (convert it)."""
        page.rulesite_markdown_key = self.markdown_key(page, markdown, files_key)
        render = self.reuse_render(page, page.rulesite_markdown_key)
        page.rulesite_reused = render is not None
        return render

    def after_conversion(self, page: Any, html: str) -> None:
        if not getattr(page, "rulesite_reused", True):
            self.keep_render(page, page.rulesite_markdown_key, html)

    def after_page(self, page: Any, output: str) -> None:
        key = getattr(page, "rulesite_page_key", None)
        if key and getattr(page, "rulesite_cached", None) is None:
            self.keep_page(key, output)

    def drop(self) -> None:
        """A failed build: nothing of it is kept."""
        logging.getLogger("mkdocs").removeHandler(self.warnings)


def kept_search_entries(cache: PageCache, index: Any, original: Callable[[Any], None]) -> Callable[[Any], None]:
    """Material's search index: a reused page's entries come from the cache too.

    Indexing parses every page's HTML again, which was most of a rebuild once the pages
    themselves were reused. The entries depend on what the finished page depends on, so
    they are kept under the page's key. This is the index's ``add_entry_from_context`` with
    that done; :func:`generator.site.patches.index_search_through` puts it in place.
    """

    def add(page: Any) -> None:
        key = getattr(page, "rulesite_page_key", None)
        if key is None:
            return original(page)
        kept = _search_entries(cache._get("search-" + key))
        if kept is not None:
            index.entries.extend(kept)
            return None
        before = len(index.entries)
        stand_in = page.content
        page.content = getattr(page, "rulesite_content", stand_in)  # the page's real HTML, if it was set aside
        try:
            original(page)
        finally:
            page.content = stand_in
        cache._put("search-" + key, json.dumps(index.entries[before:]).encode("utf-8"))
        return None

    return add


_RENDER_STATE = {"content": str, "toc": object, "_title_from_render": object, "present_anchor_ids": object,
                 "links_to_anchors": dict}


def _render_state(data: memoryview | None) -> dict[str, Any] | None:
    """A kept Markdown conversion, or None. Only verified bytes get here (sealed by this code
    on this machine); a shape this module did not write is a miss all the same."""
    if data is None:
        return None
    try:
        state = pickle.loads(data)  # noqa: S301 (sealed: signed by this code with this machine's key)
    except Exception:  # noqa: BLE001 - a cache entry that does not load is a miss, never a traceback
        return None
    if not (isinstance(state, dict) and state.keys() == _RENDER_STATE.keys()
            and all(isinstance(state[name], kind) for name, kind in _RENDER_STATE.items())):
        return None
    return state


def _search_entries(data: memoryview | None) -> list[dict[str, Any]] | None:
    """A page's kept search entries, or None: a list of objects, as Material's index holds them."""
    if data is None:
        return None
    try:
        entries = json.loads(str(data, "utf-8"))
    except ValueError:  # JSON and UTF-8 errors alike
        return None
    if not (isinstance(entries, list) and all(isinstance(entry, dict) for entry in entries)):
        return None
    return entries


def _toc(items: Any) -> str:
    return "".join(f"[{item.level}\0{item.id}\0{item.title}{_toc(item.children)}]" for item in items)


def files_fingerprint(files: Any) -> str:
    return digest(*(f"{f.src_uri}\0{f.dest_uri}\0{f.url}" for f in files))


def nav_fingerprint(nav: Any) -> str:
    """Every title and address of the navigation, in order and nesting."""
    parts: list[str] = []

    def walk(items: Any, depth: int) -> None:
        for item in items:
            parts.append(f"{depth}\0{type(item).__name__}\0{item.title}\0{getattr(item, 'url', '')}")
            if getattr(item, "children", None):
                walk(item.children, depth + 1)

    walk(nav.items, 0)
    parts.extend(f"page\0{p.file.src_uri}\0{p.title}\0{p.url}" for p in nav.pages)
    return digest(*parts)


class _WarningCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
