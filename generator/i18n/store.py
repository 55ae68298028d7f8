"""Translation files on disk: changing a value in place without disturbing the rest.

Both ``rulesite po import`` and ``rulesite minor`` write through here. Only the scalars
that change are replaced, new units are appended in English order, and a file that is
created gets a schema comment, so comments, order and formatting that people wrote stay.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from generator.core import atomic
from generator.project import Project
from generator.read.source import parse
from generator.i18n.status import unit_status
from generator.model.units import UnitInfo, fingerprint

_PLAIN_KEY = re.compile(r"^[a-z][a-z0-9]*(?:[-.][A-Za-z0-9]+)*$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


@dataclass
class Edit:
    unit: UnitInfo
    text: str
    source: str
    source_text: str



def _scalar(text: str) -> str:
    # JSON strings are valid YAML double-quoted scalars: one line, every character kept.
    return json.dumps(text, ensure_ascii=False)


def _key(unit_id: str) -> str:
    return unit_id if _PLAIN_KEY.match(unit_id) and unit_id.lower() not in _YAML_WORDS else _scalar(unit_id)


def _block(edit: Edit) -> str:
    return (f"  {_key(edit.unit.id)}:\n    text: {_scalar(edit.text)}\n"
            f"    source: {_scalar(edit.source)}\n    source_text: {_scalar(edit.source_text)}\n")


def write_translation(target: Path, doc: str, language: str, edits: list[Edit], project: Project) -> None:
    """Change only what the edits touch; new units go at the end, in English order.

    The file is replaced in one step, and only once its new text is known to read back.
    """
    atomic.write_text(target, planned_text(target, doc, language, edits, project))


def planned_text(target: Path, doc: str, language: str, edits: list[Edit], project: Project) -> str:
    """The new text of ``target`` with ``edits`` applied; ValueError if it would not read back."""
    ids = [edit.unit.id for edit in edits]
    if len(set(ids)) != len(ids):
        # Two replacements of one value would garble the file; the callers merge first.
        twice = sorted({unit_id for unit_id in ids if ids.count(unit_id) > 1})
        raise ValueError(f"{target}: more than one edit of unit(s) {', '.join(twice)}")
    old = target.read_text(encoding="utf-8") if target.exists() else None
    text = _edited(old, target, doc, language, edits, project)
    source, problems = parse(text, str(target))
    units = source.data.get("units") if isinstance(source.data, dict) else None
    if problems or not isinstance(units, dict):
        raise ValueError(f"{target}: the edited file would not read back: "
                         + "; ".join(p.format_text() for p in problems[:3]))
    for edit in edits:
        got = units.get(edit.unit.id)
        wanted = {"text": edit.text, "source": edit.source, "source_text": edit.source_text}
        if not isinstance(got, dict) or any(got.get(k) != v for k, v in wanted.items()):
            raise ValueError(f"{target}: unit {edit.unit.id!r} would not read back as written")
    return text


def _edited(text: str | None, target: Path, doc: str, language: str, edits: list[Edit], project: Project) -> str:
    if text is None:
        order = list(project.units[doc])
        edits = sorted(edits, key=lambda e: order.index(e.unit.id))
        header = (f"# yaml-language-server: $schema=../../../schema/translation.schema.json\n"
                  f"# {language}: translation of {doc}. Edit the texts, or round-trip with `rulesite po`.\n")
        return header + "units:\n" + "".join(_block(e) for e in edits)
    source, problems = parse(text, str(target))
    if problems or not isinstance(source.data, dict):
        raise ValueError(f"{target}: cannot update a file that does not parse")
    units = source.data.get("units") or {}
    replacements: list[tuple[int, int, str]] = []
    new_blocks: list[Edit] = []
    for edit in edits:
        if edit.unit.id not in units:
            new_blocks.append(edit)
            continue
        for name in ("text", "source", "source_text"):
            value = getattr(edit, name)
            path = ("units", edit.unit.id, name)
            if units[edit.unit.id].get(name) == value:
                continue
            start, end, _ = source.spans[path]
            replacements.append((start, end, _scalar(value)))
    order = list(project.units[doc])
    addition = "".join(_block(e) for e in sorted(new_blocks, key=lambda e: order.index(e.unit.id)))
    if new_blocks and units:
        # New entries go at the end of the units mapping (after its last line). The offset is
        # one of the original text, so the insertion joins the other replacements.
        end = source.ends[("units",)]
        replacements.append((end, end, ("" if text[:end].endswith("\n") else "\n") + addition))
    for start, end, value in sorted(replacements, reverse=True):
        text = text[:start] + value + text[end:]
    if new_blocks and not units:
        # No entries yet (missing, null or {}): write the key afresh where it stood.
        if "units" in source.data:
            line, column = source.keys[("units",)]
            start = sum(len(l) for l in text.splitlines(keepends=True)[:line - 1]) + column - 1
            text = text[:start] + text[source.ends[("units",)]:].lstrip("{} \n")
        text = text.rstrip("\n") + ("\n" if text.strip() else "") + "units:\n" + addition
    return text


def accept_minor_edit(project: Project, doc: str, unit_ids: list[str]) -> list[Path]:
    """Declare the English edit of these units minor: every existing translation of them is
    current again (its text is kept; it now records the English as it reads today)."""
    written = []
    for language in project.target_languages:
        translation = project.translations.get(language, {}).get(doc)
        if translation is None:
            continue
        edits = []
        for unit_id in unit_ids:
            unit = project.units[doc][unit_id]
            status = unit_status(project, language, unit)
            if status.state == "outdated" and status.translation is not None:
                edits.append(Edit(unit, status.translation.text, fingerprint(unit.text), unit.text))
        if edits:
            path = project.root / translation.file
            write_translation(path, doc, language, edits, project)
            written.append(path)
    return written
