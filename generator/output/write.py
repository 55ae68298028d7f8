"""Write stage: generated Markdown, the site root, and the final swap that replaces
``site/`` only once everything has been built.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Container

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator.cache import memo
from generator.core.problem import Problem
from generator.core.vocabulary import TEMPLATE_OPENING

ROOT_TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "root"
SAFE_PATH = re.compile(r"^(?:[a-z0-9][a-z0-9.-]*/)*[a-z0-9][a-z0-9.-]*\.(?:md|svg)$")


def safe_join(base: Path, relative: str) -> Path:
    """``base / relative``, refusing anything that could leave ``base``.

    Generated paths are built from ids that the schema already restricts; this is the last
    guard, so that no id can ever become a path outside the output folder.
    """
    return _Guard(base).join(relative)


class _Guard:
    """:func:`safe_join` for many paths under one folder: each folder on the way is
    resolved once, not once per file (resolving is most of the cost of writing a page)."""

    def __init__(self, base: Path):
        self.root = base.resolve()
        self.folders: set[Path] = {self.root}

    def join(self, relative: str) -> Path:
        if not SAFE_PATH.match(relative) or ".." in relative.split("/"):
            raise ValueError(f"refusing to write outside the output folder: {relative!r}")
        path = self.root / relative
        folder = path.parent
        if folder not in self.folders:
            # A symbolic link on the way would lead out: the resolved folder must be this one.
            if folder.resolve() != folder or self.root not in folder.parents:
                raise ValueError(f"refusing to write outside the output folder: {relative!r}")
            self.folders.add(folder)
        if path.is_symlink():
            raise ValueError(f"refusing to write through a symbolic link: {relative!r}")
        return path


def sync_tree(target: Path, files: dict[str, str]) -> int:
    """Make ``target`` hold exactly ``files``: write what changed, delete what is gone.

    The folder is an intermediate product (MkDocs reads it, ``site/`` is what gets
    swapped atomically), so rewriting only changed files is enough and keeps rebuilds
    cheap. Returns the number of files written.
    """
    target.mkdir(parents=True, exist_ok=True)
    guard = _Guard(target)
    wanted = {guard.join(relative): content for relative, content in files.items()}
    written = 0
    for path, content in wanted.items():
        try:
            if path.read_text(encoding="utf-8") == content:
                continue
        except (OSError, UnicodeDecodeError):
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        written += 1
    for path in sorted(guard.root.rglob("*"), reverse=True):
        if path.is_symlink() or (path.is_file() and path not in wanted):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written


def site_root(languages: list[tuple[str, str]], default: str, title: str, base: str = "/",
              notfound: dict[str, tuple[str, str]] | None = None) -> dict[str, str]:
    """The files at the top of site/: a language chooser that sends visitors on.

    ``index.html`` picks the visitor's preferred language (the default one without
    JavaScript); ``404.html`` says "not found" in the language of the address asked for,
    else in the visitor's preferred language, else in the default one, and lists the
    languages, with links from ``base``, the path the site is served under, since a 404
    page can be shown at any depth. Both are templates (``generator/templates/root/``)
    that escape every value: HTML-escaped in the page, JSON for a script (``tojson``).
    """
    env = _root_templates()
    values = {"languages": languages, "default": default, "title": title,
              "codes": [code for code, _ in languages]}
    return {"index.html": env.get_template("index.html.j2").render(values, prefix=""),
            "404.html": env.get_template("404.html.j2").render(values, prefix=base, notfound=notfound or {})}


@memo.pure(1)  # compiled once per process: a build writes the root once, `assemble` once
def _root_templates() -> Environment:
    return Environment(loader=FileSystemLoader(str(ROOT_TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def write_language(build_dir: Path, code: str, files: dict[str, str]) -> Path:
    """Write stage: one language's Markdown into ``build/docs/<code>/``; returns that folder."""
    docs = build_dir / "docs" / code
    sync_tree(docs, files)
    return docs


_OPENING_BYTES = re.compile(TEMPLATE_OPENING.pattern.encode("ascii"))


def template_syntax(path: str, data: bytes) -> Problem | None:
    """Template syntax left in a built HTML file, which must never happen (``None`` if there is none)."""
    # Searched as bytes first: a whole site is hundreds of megabytes, almost all clean.
    if not path.endswith(".html") or not _OPENING_BYTES.search(data):
        return None
    text = data.decode("utf-8", errors="replace")
    match = TEMPLATE_OPENING.search(text)
    if match is None:
        return None
    line = text.count("\n", 0, match.start()) + 1
    return Problem(path, line, match.start() - text.rfind("\n", 0, match.start()), "template-syntax",
                   f"unresolved template syntax {match.group()!r} in a built page")


def html_files(site: Path) -> list[str]:
    """Every HTML file of a built site, by absolute path, in order."""
    return sorted(os.path.join(folder, name) for folder, _, names in os.walk(site)
                  for name in names if name.endswith(".html"))


def scan_template_syntax(paths: list[str], checked: Container[str] = frozenset()) -> list[Problem]:
    """Template syntax in any of the HTML files ``paths`` but those ``checked`` as they were written."""
    problems = []
    for path in paths:
        if path not in checked:
            with open(path, "rb") as handle:
                found = template_syntax(path, handle.read())
            if found is not None:
                problems.append(found)
    return problems
