"""What an import adds to the target project's ``rules_data/site.yaml``: a new expansion and its source.

A page of an expansion that site.yaml does not list yet needs the expansion there before its
data can check. The import adds it (id and name) and, unless a source already names the page's
file, a source of kind ``page`` for the wiki page, which the page's sections then cite. The
file is hand-written, so it is never rewritten: each entry is inserted as text after the last
entry of its list, in the list's own indentation, and everything else keeps its bytes
(comments, order, quoting). A list the import cannot place an entry in (written in flow style,
or absent) is a located error, and nothing is written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.core.problem import Problem
from generator.model.data import Reference
from generator.wiki import titles
from generator.wiki.draft import SiteIndex, key
from generator.wiki.page_data import Meta
from generator.wiki.source import WikiPage

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _&'.,()/-]*")
_ENTRY = re.compile(r"^(\s*)- ")


@dataclass
class Additions:
    """The entries one import adds to site.yaml, in the order they were found."""

    expansions: list[tuple[str, str]] = field(default_factory=list)
    """(id, name) of each expansion."""
    sources: list[Reference] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.expansions or self.sources)


def add_expansion(site: SiteIndex, additions: Additions, page: WikiPage, stem: str, meta: Meta,
                  named: list[str]) -> str:
    """Add ``meta``'s new expansion and, unless a source of ``named`` is the page, the page as a source;
    the report's words for what was added."""
    name = meta.new_expansion or meta.expansion
    additions.expansions.append((meta.expansion, name))
    # Later pages of the same run (the expansion's other editions) find it like any other.
    site.expansions[key(name)] = site.expansions[key(meta.expansion)] = meta.expansion
    site.expansion_names[meta.expansion] = name
    if named:
        source_id, how = named[0], "already a source of site.yaml"
    else:
        taken = {reference.id for reference in site.sources}
        source_id = next(candidate for number in range(1, len(taken) + 2)
                         if (candidate := f"wiki-{stem}" + (f"-{number}" if number > 1 else "")) not in taken)
        source = Reference(id=source_id, kind="page", title=f"The community wiki's page \"{page.title}\"",
                           where=_where(page))
        additions.sources.append(source)
        site.sources.append(source)
        how = "added to its sources"
    return (f"site.yaml lists no expansion {name!r}: the import adds it to rules_data/site.yaml as "
            f"{meta.expansion!r}, with this wiki page as its source {source_id!r} ({how}), which the page's "
            "sections cite; check the name there")


def _where(page: WikiPage) -> str:
    """How the new source names the page's file: its name, with its folder when the name is only a language."""
    path = Path(page.file)
    return "/".join(path.parts[-2:]) if titles.is_language(path.stem) else path.name


def scalar(value: str) -> str:
    """``value`` as a YAML scalar that reads back as the same string: plain where that is safe."""
    if _PLAIN.fullmatch(value) and value == value.strip():
        try:
            if yaml.safe_load(value) == value:
                return value
        except yaml.YAMLError:
            pass
    return json.dumps(value, ensure_ascii=False)


def _expansion_lines(expansion_id: str, name: str) -> list[str]:
    return [f"- id: {expansion_id}", f"  name: {scalar(name)}"]


def _source_lines(source: Reference) -> list[str]:
    lines = [f"- id: {source.id}", f"  kind: {source.kind}", f"  title: {scalar(source.title)}"]
    return lines + ([f"  where: {scalar(source.where)}"] if source.where else [])


def _insert(lines: list[str], key: str, entry: list[str]) -> bool:
    """Insert ``entry`` after the last item of the top-level block list ``key``; False when there is none."""
    start = next((i for i, line in enumerate(lines) if line.rstrip() == f"{key}:"), None)
    if start is None:
        return False
    last, indent = None, None
    for index in range(start + 1, len(lines)):
        line = lines[index]
        if not line.strip() or line.lstrip().startswith("#"):
            continue  # blank lines and comments inside the list (or after it) say nothing of its end
        if not line.startswith((" ", "-")):
            break
        found = _ENTRY.match(line)
        if indent is None and found:
            indent = found.group(1)
        last = index
    if last is None or indent is None:
        return False
    lines[last + 1:last + 1] = [indent + part for part in entry]
    return True


def site_text(path: Path, additions: Additions) -> tuple[str | None, Problem | None]:
    """The text of site.yaml at ``path`` with the additions placed, or None and the problem that stops it."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, Problem("rules_data/site.yaml", 1, 1, "unreadable", str(exc))
    changed, failed = _placed(text, additions)
    if changed is None:
        return None, Problem("rules_data/site.yaml", 1, 1, "bad-value",
                             f"the import cannot add to the {failed!r} list of site.yaml (it places entries in a "
                             "block list of '- id:' entries only): add the new entries by hand; nothing was written")
    return changed, None


def _placed(text: str, additions: Additions) -> tuple[str | None, str]:
    """``text`` with the additions placed, or None and the list that could not take one."""
    lines = text.splitlines()
    for expansion_id, name in additions.expansions:
        if not _insert(lines, "expansions", _expansion_lines(expansion_id, name)):
            return None, "expansions"
    for source in additions.sources:
        if not _insert(lines, "sources", _source_lines(source)):
            return None, "sources"
    changed = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    return (changed, "") if _holds(changed, additions) else (None, "expansions")


def _holds(text: str, additions: Additions) -> bool:
    """The changed text reads as YAML and lists every added id where it was meant to go."""
    try:
        data: Any = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    if not isinstance(data, dict):
        return False
    expansions = {e.get("id") for e in data.get("expansions") or [] if isinstance(e, dict)}
    sources = {s.get("id") for s in data.get("sources") or [] if isinstance(s, dict)}
    return all(e in expansions for e, _ in additions.expansions) and all(s.id in sources for s in additions.sources)
