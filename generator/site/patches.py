"""Every change rulesite makes to MkDocs' and Material's own code, in one place, and why.

MkDocs' plugin events cover most of what rulesite needs. Where they do not, rulesite
replaces one function or attribute of MkDocs or Material, here and only here: each patch
below says what it replaces and why. The adapter (:mod:`generator.site.adapter`) and the
plugin (:mod:`generator.site.plugin`) apply them through these functions; nothing else
assigns to an MkDocs or Material object.

These are private parts of MkDocs and Material, so they hold only for the releases they
were tested with (:data:`TESTED`, the ranges ``pyproject.toml`` states; ``requirements.lock``
pins the exact versions). :func:`guard` runs before any of them is used: another release,
or an attribute a release renamed, stops the build with one line saying which, instead of
a traceback deep in MkDocs or, worse, a site built wrong.

Not patches, and so not here: what MkDocs' events hand a plugin to change, such as the
Jinja environment of ``on_env`` (the page cache gives it a bytecode cache and a template of
its own, :mod:`generator.cache.page_cache`), a page's ``meta`` or the configuration.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import re
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

import yaml

from generator.cache import memo
from generator.core.problem import StageFailed

if TYPE_CHECKING:
    from generator.output.site_writer import SiteWriter

# The releases the patches were tested with, as pyproject.toml states them (a test compares).
TESTED = {"mkdocs": "mkdocs>=1.6.1,<1.7", "mkdocs-material": "mkdocs-material>=9.8.2,<9.9"}
# Where each distribution says its version: read from the module, not importlib.metadata,
# which scans every installed package (about 10 ms per name, for every language build).
VERSION_OF = {"mkdocs": "mkdocs", "mkdocs-material": "material"}
# Every name the patches replace or read: (module, object in it, name). A release that
# renames one fails the guard with its name. The preview's extra ones are checked only by it.
PATCHED = [
    ("mkdocs.config.defaults", None, "get_yaml_loader"),
    ("mkdocs.utils", None, "write_file"),
    ("mkdocs.utils", None, "copy_file"),
    ("mkdocs.structure.files", "File", "copy_file"),
    ("mkdocs.structure.files", "File", "_content"),
    ("mkdocs.theme", "Theme", "get_env"),
    ("mkdocs.theme", "Theme", "dirs"),
    ("mkdocs.structure.toc", None, "get_toc"),
    ("mkdocs.structure.pages", "Page", "render"),
    ("mkdocs.structure.pages", "Page", "_title_from_render"),
    ("mkdocs.structure.pages", "Page", "present_anchor_ids"),
    ("mkdocs.structure.pages", "Page", "links_to_anchors"),
    ("material.plugins.search.plugin", "SearchPlugin", "search_index"),
    ("material.plugins.search.plugin", "SearchIndex", "add_entry_from_context"),
    ("material.plugins.search.plugin", "SearchIndex", "entries"),
    ("material.plugins.search.plugin", "SearchIndex", "generate_search_index"),
]
PATCHED_BY_THE_PREVIEW = [
    ("mkdocs.structure.files", "File", "is_modified"),
    ("material.plugins.search.plugin", "SearchPlugin", "search_index_prev"),
    ("mkdocs.livereload", "LiveReloadServer", "observer"),
    ("mkdocs.livereload", "LiveReloadServer", "error_handler"),
    ("mkdocs.livereload", "LiveReloadServer", "serve_request"),
]
ADVICE = "install the versions of requirements.lock (pip install -r requirements.lock)"


# --------------------------------------------------------------------------- the guard


def installed(distribution: str) -> str:
    """The version of ``distribution`` this process runs (the guard's one lookup)."""
    return str(getattr(importlib.import_module(VERSION_OF[distribution]), "__version__", "unknown"))


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", re.match(r"[\d.]*", version).group())) or (0,)


def _outside(distribution: str, version: str) -> bool:
    low, high = re.fullmatch(rf"{re.escape(distribution)}>=([\d.]+),<([\d.]+)", TESTED[distribution]).groups()
    return not _release(low) <= _release(version) < _release(high)


def _present(module: str, owner: str | None, name: str) -> bool:
    """``module.owner.name`` exists: as an attribute, or as one the class's own code sets."""
    try:
        where: Any = importlib.import_module(module)
    except ImportError:
        return False
    if owner is not None:
        where = getattr(where, owner, None)
        if where is None:
            return False
    if hasattr(where, name):
        return True
    # An instance attribute (self.name = ...) is named in the code of the class's methods.
    return isinstance(where, type) and any(
        name in getattr(getattr(member, "__code__", None), "co_names", ()) for member in vars(where).values())


def check(*, preview: bool = False) -> None:
    """Raise :class:`StageFailed` (one line) unless MkDocs and Material are releases the
    patches were tested with and every name they patch is there (``preview``: its ones too)."""
    for distribution in TESTED:
        version = installed(distribution)
        if _outside(distribution, version):
            raise StageFailed(f"{distribution} {version} is installed, but rulesite's patches of its internals "
                              f"(generator/site/patches.py) are tested with {TESTED[distribution]}: {ADVICE}")
    for module, owner, name in PATCHED + (PATCHED_BY_THE_PREVIEW if preview else []):
        if not _present(module, owner, name):
            where = ".".join(part for part in (module, owner, name) if part)
            raise StageFailed(f"{where} is missing from the installed MkDocs or Material, and rulesite patches it "
                              f"(generator/site/patches.py): {ADVICE}")


@memo.pure(2)  # the installed code does not change under a running process; a failure is not kept
def guard(*, preview: bool = False) -> None:
    """:func:`check`, once per process (forked language workers inherit a passed guard)."""
    check(preview=preview)


# --------------------------------------------------------------------------- configurations


@contextmanager
def libyaml_configs() -> Iterator[None]:
    """MkDocs' configuration files parsed by libyaml for the length of the block.

    MkDocs reads them with PyYAML's pure-Python loader: one language's generated
    configuration and the mkdocs.yml it inherits took 26 ms of every language build (and of
    every preview rebuild). PyYAML's C loader has the same constructors, so the same tags
    (``!ENV``, ``!relative``, Material's ``!!python/name``) give the same objects, in a
    tenth of the time. MkDocs asks for its loader through ``get_yaml_loader`` in
    :mod:`mkdocs.config.defaults`; that one name is swapped, and put back afterwards."""
    from mkdocs.config import defaults

    fast = getattr(yaml, "CLoader", None)  # absent where PyYAML was built without libyaml
    kept = defaults.get_yaml_loader
    if fast is not None:
        defaults.get_yaml_loader = functools.partial(kept, fast)
    try:
        yield
    finally:
        defaults.get_yaml_loader = kept


def lean_theme_listing(theme: Any) -> None:
    """Make MkDocs list the theme's files without walking its hidden folders.

    Before any page is read, MkDocs lists every file of the theme to find the static ones,
    then drops each whose path has a part starting with "." (its own filter). Material keeps
    over ten thousand icons in ``.icons/``: walking them was about 0.15 s of every language
    build. ``Theme.get_env`` of this one theme object (it lives as long as one configuration)
    now gives an environment whose loader skips hidden folders while listing; what MkDocs
    keeps is the same (``tests/test_mkdocs_adapter.py`` compares both), and templates there
    still load."""
    from jinja2 import FileSystemLoader

    class _Loader(FileSystemLoader):
        def list_templates(self) -> list[str]:
            found: set[str] = set()
            for folder in self.searchpath:
                for where, folders, names in os.walk(folder, followlinks=self.followlinks):
                    folders[:] = [name for name in folders if not name.startswith(".")]
                    prefix = os.path.relpath(where, folder).replace(os.sep, "/")
                    found.update(name if prefix == "." else f"{prefix}/{name}" for name in names)
            return sorted(found)

    make_env = theme.get_env

    def get_env() -> Any:
        env = make_env()
        env.loader = _Loader(theme.dirs)
        return env

    theme.get_env = get_env


# --------------------------------------------------------------------------- a build's pages and files


def answer_render(page: Any, render: Callable[[Any, Any], None] | None) -> None:
    """MkDocs calls ``page.render(config, files)`` to turn a page's Markdown into HTML, with
    no event to skip it: an instance attribute answers instead (a rules page, already HTML;
    a page whose conversion the page cache kept). ``None`` leaves MkDocs' own."""
    if render is not None:
        page.render = render


def set_rendered(page: Any, content: str, toc: Any, title: str | None, anchors: set[str],
                 links: dict[Any, dict[str, str]]) -> None:
    """What MkDocs' ``Page.render`` leaves on a page, set by a render answered in its place:
    the HTML, the table of contents, the title of its first heading (MkDocs' private
    ``_title_from_render``) and the anchors its link validation reads."""
    page.content, page.toc, page._title_from_render = content, toc, title
    page.present_anchor_ids, page.links_to_anchors = anchors, links


@contextmanager
def writing_through(writer: SiteWriter | None) -> Iterator[None]:
    """MkDocs' writers replaced by ``writer``'s for the length of one build (MkDocs has
    no hook for how a file is written, see :mod:`generator.output.site_writer`):
    ``mkdocs.utils.write_file`` and ``copy_file``, which its build, its static files and
    Material's search call through the module, and ``File.copy_file``, which writes a
    generated file (the pictures) itself, from its private ``_content``."""
    if writer is None:
        yield
        return
    from mkdocs import utils
    from mkdocs.structure.files import File

    kept = utils.write_file, utils.copy_file, File.copy_file

    def copy_generated(file: Any, dirty: bool = False) -> None:
        content = file._content  # what File.generated(..., content=...) was given
        if content is None:  # a file on disk: MkDocs copies it through utils.copy_file, replaced above
            return kept[2](file, dirty)
        data = content.encode("utf-8") if isinstance(content, str) else content
        return writer.write(data, file.abs_dest_path)

    utils.write_file, utils.copy_file, File.copy_file = writer.write, writer.copy, copy_generated
    try:
        yield
    finally:
        utils.write_file, utils.copy_file, File.copy_file = kept


def index_search_through(plugins: Any, wrap: Callable[[Any, Callable[[Any], None]], Callable[[Any], None]]) -> None:
    """Material's search index takes each page through ``SearchIndex.add_entry_from_context``,
    with no event between: for the page cache (:func:`generator.cache.page_cache.kept_search_entries`)
    it becomes ``wrap(index, original)`` on this build's index."""
    for plugin in plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is not None and hasattr(index, "add_entry_from_context"):
            index.add_entry_from_context = wrap(index, index.add_entry_from_context)


def search_index_config(plugins: Any, extra: dict[str, Any]) -> None:
    """Material writes only its own settings into the search index's ``config``, which is all
    of the index its page hands to the search worker; ``extra`` goes in beside them, as
    ``config.rulesite`` (see :mod:`generator.site.search`), on this build's index."""
    for plugin in plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is None or not hasattr(index, "generate_search_index"):
            continue
        generate = index.generate_search_index

        def with_extra(prev: Any, generate: Callable[[Any], str] = generate) -> str:
            data = json.loads(generate(prev))
            data["config"]["rulesite"] = extra
            return json.dumps(data, separators=(",", ":"), default=str)  # as Material writes it

        index.generate_search_index = with_extra


# --------------------------------------------------------------------------- the preview


def rebuilt_when(file: Any, modified: bool) -> None:
    """A dirty build (the preview's) writes a file only if ``File.is_modified()`` says so,
    which compares modification times; the preview knows better (its pages are generated)."""
    file.is_modified = _always if modified else _never


def search_index_afresh(plugins: Any) -> None:
    """Material's search merges a dirty build's entries into the last index (its private
    ``search_index_prev``), assuming they are one page's; the preview's are every page's,
    so the index is written afresh."""
    for plugin in plugins.values():
        if hasattr(plugin, "search_index_prev"):
            plugin.search_index_prev = None


def serve_through(server: Any, observer: Any, error_page: Callable[[int], bytes | None]) -> None:
    """MkDocs' live-reload server with the system's file notifications instead of its
    polling observer (a scan of every watched file twice a second), and the site's own
    404 page; the server has no setting for either."""
    server.observer = observer
    server.error_handler = error_page


# What a refused address is answered with.
BAD_REQUEST = b"400 Bad Request: the address names no file of the site\n"


def refuse_malformed_paths(server: Any) -> None:
    """A 400 for an address that cannot name a file of the site, before MkDocs' server reads it.

    MkDocs' server (its WSGI application, ``LiveReloadServer.serve_request``) opens the
    percent-decoded path under the site folder, read as UTF-8 less the bytes that are not
    UTF-8. A NUL in it (``/%00/``) made ``open`` raise, which it answered with a 500 and a
    traceback in the server's output; ``/%ff/`` lost its byte and served the home page; a
    ``..`` above the root it folded away. It has no setting for any of this, but wsgiref asks
    the server for its application (``get_app``) at every request: the one MkDocs set is
    wrapped in place, with the check of :func:`malformed_path` in front."""
    serve_request = server.get_app()

    def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if malformed_path(environ.get("PATH_INFO", "")):
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8"),
                                               ("Content-Length", str(len(BAD_REQUEST)))])
            return [BAD_REQUEST]
        return serve_request(environ, start_response)

    server.set_app(application)


def malformed_path(path_info: str) -> bool:
    """``PATH_INFO`` (wsgiref's percent-decoded path, one character per byte) names no file:
    its bytes are not UTF-8, it holds a NUL, or a ``..`` in it climbs above the root.

    An escape that is not one (``%zz``) wsgiref leaves as it is, indistinguishable from an
    encoded ``%`` (``%25zz``), which a file name may hold: MkDocs answers it, a 404."""
    try:
        path = path_info.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return True
    depth = 0
    for part in path.split("/"):
        depth += -1 if part == ".." else 0 if part in ("", ".") else 1
        if depth < 0:
            return True
    return "\x00" in path


def _always() -> bool:
    return True


def _never() -> bool:
    return False
