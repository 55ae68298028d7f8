"""Load + render, shared by ``rulesite build`` and the MkDocs plugin, and the MkDocs settings
of one language build."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .problem import Problem, ProblemsFound, render
from .project import Project, load
from .render.generate import LanguageSite, render_language

# Material has a lunr stemmer for these; for the others (Polish, Czech) no stemmer is
# applied at all, rather than an English one, and punctuation splits words so that
# diacritics at the edges of words survive (lunr's trimmer only knows ASCII letters).
STEMMED = {"en", "nl", "de", "fr", "it", "es", "pt", "sv", "da", "no", "fi", "hu", "ro", "ru", "tr"}
SEPARATOR = r"[\s\-,.;:!?()\[\]\"'„“”‚‘’«»–—/]+"


class DataError(ProblemsFound):
    """The data has errors; ``report`` lists them all, one per line."""

    @property
    def report(self) -> str:
        return render(self.problems)


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


def load_checked(root: Path) -> Project:
    """The project, or :class:`DataError` with every error found."""
    project, problems = load(root)
    errors = [p for p in problems if p.level == "error"]
    if errors or project is None:
        raise DataError(errors or problems)
    return project


def _signature(root: Path) -> tuple:
    # What a rebuild depends on: every data file's name, size and modification time.
    entries = []
    for folder in ("rules_data", "examples"):
        base = root / folder
        if base.is_dir():
            for path in sorted(base.rglob("*")):
                if path.is_file():
                    stat = path.stat()
                    entries.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


_CACHE: dict[tuple, Generated] = {}


def generate(root: Path, lang: str | None = None) -> Generated:
    """Load and render one language, reusing the last result while no data file changed."""
    root = root.resolve()
    key = (str(root), lang, _signature(root))
    if key not in _CACHE:
        project = load_checked(root)
        code = lang or project.source_language
        if code not in project.languages:
            raise DataError([Problem("mkdocs.yml", 1, 1, "unknown-language", f"no language {code!r} in rules_data/site.yaml")])
        _CACHE.clear()
        _CACHE[key] = Generated(project, render_language(project, code))
    return _CACHE[key]


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
                         "strings": site.strings},
        },
    }
    if site_url:
        settings["site_url"] = site_url.rstrip("/") + f"/{site.code}/"
    return settings


def read_tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` as relative POSIX path -> text."""
    files = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = Path(dirpath) / name
            files[path.relative_to(folder).as_posix()] = path.read_text(encoding="utf-8")
    return files
