"""The MkDocs adapter: every setting MkDocs sees, and every call into MkDocs, in one place.

Where MkDocs' own code is changed, the change is one of :mod:`generator.site.patches`.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import os
import re
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from generator.cache import state
from generator.core import lock
from generator.core.problem import DataError, Problem
from generator.project import Project, load_checked
from generator.output.site_writer import SiteWriter
from generator.render import html_page
from generator.render import abbreviations
from generator.render.escape import html_text
from generator.render.language import Lang
from generator.render.generate import LanguageSite, render_language
from generator.render.memo import RenderMemo
from generator.core.vocabulary import LANGUAGE_CODE
from generator.site import offline as offline_site
from generator.site import patches, search

# Material has a lunr stemmer for these; for the others (Polish, Czech) no stemmer is
# applied at all, rather than an English one, and punctuation splits words so that
# diacritics at the edges of words survive (lunr's trimmer only knows ASCII letters).
STEMMED = {"en", "nl", "de", "fr", "it", "es", "pt", "sv", "da", "no", "fi", "hu", "ro", "ru", "tr"}
SEPARATOR = r"[\s\-,.;:!?()\[\]\"'„“”‚‘’«»–—/]+"
# What a live preview watches: a change here re-renders the language being served.
WATCHED = ("rules_data", "examples", "generator/templates")


@dataclass
class Generated:
    project: Project
    site: LanguageSite

    @property
    def source(self) -> str:
        return self.project.source_language

    @property
    def languages(self) -> list[tuple[str, str]]:
        return [(lang.code, lang.native_name) for lang in self.project.site.languages]


def _signature(root: Path) -> tuple:
    """What a rebuild depends on: every watched file (templates included), by its path and a
    digest of its bytes.

    By content, not by size and modification time: ``rsync -a``, ``cp -p`` and ``tar x``
    write a file and give it back its old modification time, an edit of the same length
    within one tick of the file system's clock keeps it too, and such an edit reached the
    preview only with the next one. Reading and hashing every file costs little more than
    the stat calls did (docs/preview.md has the figures at 300 pages)."""
    return tuple((path, _digest(path)) for folder in WATCHED for path in _files(str(root / folder)))


def _files(folder: str) -> Iterable[str]:
    """The files under ``folder`` in a fixed order, those the ``Path.rglob`` before found: symbolic
    links to files followed, to folders not; no FIFO or device, whose opening could block."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:  # no such folder (a project without templates), or unreadable: nothing to watch
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            yield from _files(entry.path)
        elif entry.is_file():
            yield entry.path


def _digest(path: str) -> bytes | None:
    try:
        with open(path, "rb") as file:
            return hashlib.sha1(file.read(), usedforsecurity=False).digest()  # a fingerprint, not a seal
    except OSError:  # gone since it was listed, or unreadable: the load reports what it finds
        return None


def generate(root: Path, lang: str | None = None) -> Generated:
    """Load and render one language, reusing the last result while no data file changed.

    The results, and each file's validation, checks and score, are kept in the process's
    state (:mod:`generator.cache.state`) between the preview's rebuilds."""
    root = root.resolve()
    key = (str(root), lang, _signature(root))
    kept = state.current()
    if key not in kept.generated:
        project = load_checked(root, kept.loads)
        code = lang or project.source_language
        if code not in project.languages:
            raise DataError([Problem("mkdocs.yml", 1, 1, "unknown-language", f"no language {code!r} in rules_data/site.yaml")])
        kept.generated.clear()
        memo = RenderMemo.in_memory(project, code)  # the preview renders again only edited pages
        kept.generated[key] = Generated(project, render_language(project, code, memo=memo))
        memo.remember()
    return kept.generated[key]


# Material removes from lunr's pipeline every function its ``pipeline`` setting does not
# name, and its translations name only "stopWordFilter": left at that, no stemmer runs.
FULL_PIPELINE = ["stemmer", "stopWordFilter", "trimmer"]


def search_settings(code: str) -> dict[str, Any]:
    """Material's search settings of one language; folding of diacritics and stemming of
    the query are added in the browser by theme/assets/javascripts/workers/rulesite-search.js."""
    if code in STEMMED:
        return {"lang": [code], "pipeline": FULL_PIPELINE, "separator": SEPARATOR}
    return {"lang": ["en"], "pipeline": [], "separator": SEPARATOR}


def mkdocs_settings(generated: Generated, site_url: str | None = None) -> dict[str, Any]:
    """The per-language part of the MkDocs configuration."""
    project, site = generated.project, generated.site
    settings: dict[str, Any] = {
        "site_name": site.strings["site.title"],
        "site_description": site.strings["site.description"],
        "theme": {"language": site.code},
        "nav": [entry.to_mkdocs() for entry in site.nav],
        "extra": {
            "alternate": [{"name": native, "lang": code, "link": f"../{code}/"} for code, native in generated.languages],
            "rulesite": {"source": project.source_language, "default": project.languages[0],
                         "strings": site.strings,
                         # The abbr extension's glossary: site.yaml's abbreviations, explained in this language.
                         "abbreviations": abbreviations.glossary(Lang(project, site.code)),
                         "search": search.index_config(project, site.code)},
        },
    }
    if site_url:
        settings["site_url"] = site_url.rstrip("/") + f"/{site.code}/"
        # The hreflang links (theme/main.html) are full addresses where the address is known.
        settings["extra"]["rulesite"]["site_root"] = site_url.rstrip("/") + "/"
    return settings


def write_config(root: Path, path: Path, generated: Generated, *, site_url: str | None = None,
                 site_dir: Path | None = None, prebuilt: Path | None = None, offline: bool = False) -> Path:
    """A MkDocs configuration for one language at ``path``, inheriting mkdocs.yml.

    With ``prebuilt`` (``rulesite build``) the plugin reads Markdown already rendered and the
    navigation is fixed here; without it (``rulesite serve``) the plugin renders on every
    rebuild and sets the navigation itself. An ``offline`` site is one to open from disk
    (:mod:`generator.site.offline`).
    """
    code = generated.site.code
    settings = mkdocs_settings(generated, site_url)
    plugin: dict[str, Any] = {"lang": code, "root": str(root.resolve())}
    if offline:
        plugin["offline"] = True
        settings["extra"]["polyfills"] = offline_site.POLYFILLS  # Material loads these before its bundle
    if prebuilt is None:
        del settings["nav"]
    else:
        plugin["prebuilt"] = str(prebuilt.resolve())
    config = {
        "INHERIT": os.path.relpath(root / "mkdocs.yml", path.parent),
        "docs_dir": str((root / "content").resolve()),
        **({"site_dir": str(site_dir.resolve())} if site_dir else {}),
        **settings,
        # Paths in an inheriting file are relative to it, so the theme folder is spelled out.
        "theme": {**settings["theme"], "custom_dir": str((root / "theme").resolve())},
        "plugins": [{"search": search_settings(code)}, {"rulesite": plugin}],
    }
    header = f"# Generated by rulesite for language {code!r}; edit mkdocs.yml or rules_data/ instead.\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    # libyaml's emitter where PyYAML has it: the same text, a fifth of the time.
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    path.write_text(header + yaml.dump(config, Dumper=dumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def translate_settings(config: Any) -> Any:
    """Words that mkdocs.yml gives in English only, in this build's language: the colour
    scheme toggles, the permalink title and the footnotes' back link; and the ``abbr``
    extension's glossary of abbreviations (``config`` is the MkDocs configuration the
    plugin's ``on_config`` receives)."""
    strings = config.extra["rulesite"]["strings"]
    for option in config.theme.get("palette") or []:
        toggle = option.get("toggle") if isinstance(option, dict) else None
        if toggle:
            # Material prints the toggle's name unescaped into title and aria-label attributes.
            toggle["name"] = html_text(strings["palette.light" if option.get("scheme") == "slate" else "palette.dark"])
    if isinstance(config.mdx_configs.get("toc"), dict) and config.mdx_configs["toc"].get("permalink"):
        config.mdx_configs["toc"]["permalink_title"] = strings["toc.permalink"]
    if "footnotes" in config.mdx_configs:
        config.mdx_configs["footnotes"]["BACKLINK_TITLE"] = strings["footnote.backlink"]
    glossary = config.extra["rulesite"].get("abbreviations")
    if glossary and "abbr" in config.markdown_extensions:
        config.mdx_configs["abbr"] = {**config.mdx_configs.get("abbr", {}), "glossary": dict(glossary)}
    return config


def adopt_html(page: Any, content: str, config: Any) -> None:
    """Give MkDocs a rules page's HTML (see :mod:`generator.render.html_page`) instead of
    letting it convert the page: MkDocs calls ``page.render`` next, and the render answered
    in its place (:func:`patches.answer_render`) gives the content, the table of contents
    and the anchors that its conversion would have produced."""
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.toc import get_toc

    if not config.use_directory_urls:
        # The page's links are addresses worked out for directory URLs, MkDocs' default.
        raise PluginError("rulesite pages need use_directory_urls: true")

    def render(config: Any, files: Any) -> None:
        html = content.strip("\n")
        tokens = html_page.headings(html)
        title = tokens[0]["name"] if tokens and tokens[0]["level"] == 1 else None
        patches.set_rendered(page, html, get_toc(tokens), title, html_page.anchors(html), {})

    patches.answer_render(page, render)


def preload() -> None:
    """Import MkDocs, Material and the Markdown extensions once, before the language workers
    are forked: each worker would otherwise import them again (about half a second each).
    The patches' guard runs here too, so another release fails before any language builds."""
    import markdown.extensions.toc  # noqa: F401
    import material.extensions.emoji  # noqa: F401
    import material.plugins.search.plugin  # noqa: F401
    import mkdocs.commands.build  # noqa: F401
    import mkdocs.config  # noqa: F401
    import pymdownx.emoji  # noqa: F401

    patches.guard()


def load_config(config_file: Path, **options: Any) -> Any:
    """MkDocs' own ``load_config``, once the patches' guard has passed, with the
    configuration files parsed by libyaml (:func:`patches.libyaml_configs`)."""
    from mkdocs.config import base

    patches.guard()
    with patches.libyaml_configs():
        return base.load_config(config_file=str(config_file), **options)


def build_language(config_file: Path, written: tuple[Path, dict[str, str]] | None = None,
                   writer: SiteWriter | None = None) -> tuple[float, list[str], bool]:
    """Build one language with MkDocs in strict mode: (seconds, messages, failed).

    ``written`` is the folder of generated Markdown the configuration names and the files
    just written there; with ``writer``, MkDocs' writes go through it (see
    :mod:`generator.output.site_writer`). A file that cannot be read or written raises its
    :class:`OSError`, named after the site folder if it names no file."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import Abort, MkDocsException

    messages: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                messages.append(f"{record.levelname}: {record.getMessage()}")

    logger = logging.getLogger("mkdocs")
    handler = Collect()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    start = time.perf_counter()
    # The Markdown `rulesite build` has just written, by folder, for :func:`read_tree` to take
    # from memory instead of reading every file back (kept only while that build runs).
    if written:
        state.current().written[written[0].resolve()] = written[1]
    config = None
    try:
        config = load_config(config_file, strict=True)  # the patches' guard first
        with patches.writing_through(writer):
            mkdocs_build(config)
    except (Abort, MkDocsException, SystemExit) as exc:
        messages.append(f"ERROR: {exc}")
        return time.perf_counter() - start, messages, True
    except OSError as exc:
        # Not a page's fault but the disk's (full, say): raised for the caller to report in one
        # line. A write that fills the disk names no file; MkDocs writes only the site folder.
        if exc.filename is None and exc.errno is not None and config is not None:
            raise OSError(exc.errno, exc.strerror, config.site_dir) from exc
        raise
    finally:
        logger.removeHandler(handler)
        state.current().written.clear()
    return time.perf_counter() - start, messages, any(m.startswith(("WARNING", "ERROR")) for m in messages)


def last_generated(root: Path, lang: str | None) -> Generated | None:
    """The language as last generated without errors (the preview shows it while the data has errors)."""
    root = root.resolve()
    return next((kept for (where, code, _), kept in state.current().generated.items()
                 if where == str(root) and code == lang), None)


def serve(root: Path, lang: str | None, dev_addr: str) -> str:
    """Serve one language with MkDocs' live-reloading server; returns the language served.

    This is ``mkdocs serve`` (:func:`mkdocs.commands.serve.serve`) with two changes for speed:
    the builds are *dirty* (see :class:`DirtyPreview`), and edits are seen through the
    operating system's file notifications instead of a scan of every watched file twice a
    second. The site is built into a temporary folder, removed however the server stops: a
    KeyboardInterrupt (Ctrl-C, or the SIGTERM that ``rulesite serve`` turns into one), an
    error, or a normal return.
    """
    patches.guard(preview=True)  # before the first load: a release it was not tested with stops here
    generated = generate(root, lang)
    code = generated.site.code
    # One preview per language: a second would write over this one's configuration and its
    # page cache (both named by the language) while this one reads them.
    with lock.acquire(root / "build" / f"serve.{code}.lock", f"a preview of {code} is already running",
                      hint="stop it first, or preview another language"):
        path = write_config(root, root / "build" / f"mkdocs.serve.{code}.yml", generated)
        site_dir = tempfile.mkdtemp(prefix="rulesite_serve_")
        try:
            _serve_from(path, site_dir, dev_addr, code)
        finally:
            shutil.rmtree(site_dir, ignore_errors=True)
    return code


def _serve_from(path: Path, site_dir: str, dev_addr: str, code: str) -> None:
    """MkDocs' live-reload server of the configuration at ``path``, building into ``site_dir``,
    until a KeyboardInterrupt stops it (as ``mkdocs serve`` does)."""
    from mkdocs.livereload import LiveReloadServer

    def get_config() -> Any:
        return load_config(path, site_dir=site_dir, dev_addr=dev_addr)

    config = get_config()
    config.plugins.on_startup(command="serve", dirty=True)
    try:
        host, port = config.dev_addr
        url = f"http://{host}:{port}/"
        print(f"serving {code} at {url} (other languages are built by `make site`)")
        server = LiveReloadServer(builder=lambda config=None: _rebuild(config or get_config(), url),
                                  host=host, port=port, root=site_dir)
        patches.serve_through(server, _observer(), lambda status: _error_page(site_dir, status))
        patches.refuse_malformed_paths(server)  # a 400, not a traceback, for "/%00/"
        _rebuild(config, url)
        server.watch(config.docs_dir)
        server.watch(str(path))
        server = config.plugins.on_serve(server, config=config, builder=server.builder)
        try:
            server.serve()
        except KeyboardInterrupt:
            logging.getLogger("mkdocs").info("Shutting down...")
        finally:
            server.shutdown()
    finally:
        config.plugins.on_shutdown()


def _rebuild(config: Any, url: str) -> None:
    from mkdocs.commands.build import build as mkdocs_build

    config.site_url = url
    mkdocs_build(config, serve_url=url, dirty=True)


def _observer() -> Any:
    """The file watcher: the system's notifications (inotify on Linux) where watchdog has them,
    for changes only. inotify also reports every file opened and closed unwritten, and a
    rebuild reads the watched files: MkDocs, which rebuilds on any event, would go on forever."""
    from watchdog import events
    from watchdog.observers import Observer

    changes = [events.FileCreatedEvent, events.FileModifiedEvent, events.FileDeletedEvent, events.FileMovedEvent,
               events.FileClosedEvent, events.DirCreatedEvent, events.DirDeletedEvent, events.DirMovedEvent]

    class Changes(Observer):  # type: ignore[misc, valid-type]
        def schedule(self, handler: Any, path: Any, *, recursive: bool = False, event_filter: Any = None,
                     follow_symlink: bool = False) -> Any:
            return super().schedule(handler, path, recursive=recursive, event_filter=event_filter or changes,
                                    follow_symlink=follow_symlink)

    return Changes()


def _error_page(site_dir: str, status: int) -> bytes | None:
    page = Path(site_dir) / f"{status}.html"
    return page.read_bytes() if status in (404, 500) and page.is_file() else None


class _DirtyNotice(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(("A 'dirty' build is being performed", "Page skipped: "))


# MkDocs warns that a dirty build may leave stale pages and links (the preview's does not;
# a warning would also keep the page cache from storing the rebuild's pages), and names
# every page it did not write (the preview writes only pages that changed).
DIRTY_NOTICE = _DirtyNotice()


class DirtyPreview:
    """The preview's rebuilds: MkDocs' dirty mode, made to give the pages a full build gives.

    Every page still goes through the build (the page cache makes an unchanged page cheap):
    a page shows the navigation and titles of the others, and the search index holds the
    pages built. What is left out is only writing what is already there: a page is written
    when its page-cache key (a fingerprint of everything its output depends on) differs from
    the one last written to its place, a generated file when its bytes differ. Files the last
    build wrote and this one did not (a page removed or renamed) are deleted.
    """

    def __init__(self) -> None:
        self.written: dict[str, str] = {}
        """Output path to the fingerprint of what is there ("" for unknown: write again)."""
        self.now: set[str] = set()
        self.timer: threading.Timer | None = None

    def start(self, files: Any, plugins: Any) -> None:
        self.now = set()
        for file in files:
            self.now.add(file.abs_dest_path)
            if file.is_documentation_page():
                patches.rebuilt_when(file, modified=True)
            elif file.abs_src_path is None:  # generated here, such as the pictures
                digest = hashlib.sha256(file.content_bytes).hexdigest()
                if self.written.get(file.abs_dest_path) == digest:
                    patches.rebuilt_when(file, modified=False)
                self.written[file.abs_dest_path] = digest
        patches.search_index_afresh(plugins)  # its entries are every page's, not one page's

    def page(self, page: Any, output: str) -> str:
        """The output to write; empty (MkDocs then writes nothing) when it is there already."""
        key, dest = getattr(page, "rulesite_page_key", None) or "", page.file.abs_dest_path
        if key and self.written.get(dest) == key and os.path.exists(dest):
            return ""
        self.written[dest] = key
        return output

    def finish(self) -> None:
        for path in set(self.written) - self.now:
            Path(path).unlink(missing_ok=True)
            del self.written[path]
        self.tidy_later()

    def tidy_later(self) -> None:
        """Collect the last rebuild's garbage a moment after this one, outside any rebuild.

        The preview's heap is long-lived (the project, the pages and the caches: some 600,000
        objects at 300 pages) and Python's collector walked all of it now and then in the
        middle of a rebuild, a third of a second each time. Once a rebuild is done, the
        previous one's garbage is collected and what lives on is frozen out of the collector's
        walks (:func:`gc.freeze`) until the next tidying.
        """
        if self.timer is not None:
            self.timer.cancel()
        self.timer = threading.Timer(TIDY_AFTER, _tidy)
        self.timer.daemon = True
        self.timer.start()

    def failed(self) -> None:
        """After a failed build nothing is known of what is in the site folder but where."""
        self.written = dict.fromkeys(self.written, "")


# Seconds after a rebuild before its garbage is collected: the browser has the page by then.
TIDY_AFTER = 1.0


def _tidy() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def read_tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` as relative POSIX path -> text."""
    written = state.current().written.get(folder.resolve())
    if written is not None:
        return dict(written)
    files = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = Path(dirpath) / name
            files[path.relative_to(folder).as_posix()] = path.read_text(encoding="utf-8")
    return files


# --------------------------------------------------------------------------- hand-written pages


@dataclass
class PageChoice:
    """Which files of ``content/`` one language's site shows, and at which path."""

    shared: list[str] = field(default_factory=list)
    """Files outside the language folders (theme assets), kept where they are."""
    own: dict[str, str] = field(default_factory=dict)
    """Path in the site to the language's own hand-written file."""
    fallback: dict[str, str] = field(default_factory=dict)
    """Path in the site to the source language's page, shown (marked) for lack of a translation."""


def choose_pages(paths: Iterable[str], lang: str, source: str, languages: Iterable[str]) -> PageChoice:
    """For one language: its own hand-written page where it has one, else the source language's.

    ``paths`` are POSIX paths under ``content/``. Folders of languages the site does not
    have are left out (``rulesite check`` reports them); only Markdown pages fall back. So is
    a path with a line break, a control character or bytes that are not UTF-8 (the reader's
    ``odd_name``, reported by ``rulesite check`` as ``bad-file-name``): no page is published there.
    """
    codes = set(languages) | {lang}
    choice = PageChoice()
    source_pages: dict[str, str] = {}
    for path in paths:
        if not path.isprintable():
            continue
        first, _, rest = path.partition("/")
        if not rest or not re.fullmatch(LANGUAGE_CODE, first):
            choice.shared.append(path)
        elif first == lang:
            choice.own[rest] = path
        elif first == source and first in codes:
            source_pages[rest] = path
    choice.fallback = {rest: path for rest, path in source_pages.items()
                       if rest not in choice.own and rest.endswith(".md")}
    return choice


def fallback_page(text: str, contributors: bool = False) -> str:
    """A source-language hand-written page shown in another language: marked, tagged lang="en".

    A players' page stays out of this language's search index, so that a player's results
    are never in another language; a contributors' page (``contributors``) stays in, since
    only the contributors' own search, which has no page of this language, shows it."""
    from mkdocs.utils.meta import get_data

    body, meta = get_data(text)
    meta = dict(meta or {})
    meta["rulesite_fallback"] = True
    if not contributors:
        meta["search"] = {"exclude": True}
    front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{front}---\n\n<div lang=\"en\" markdown>\n\n{body}\n\n</div>\n"
