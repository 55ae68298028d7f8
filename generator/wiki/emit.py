"""YAML text in the style of the project's hand-written files, that the safe loader reads back as written.

Block style, two spaces, short mappings of plain values in flow style (``{event: issued, date:
5/2014}``), long texts folded (``>-``) where folding keeps every character, plain scalars only
where YAML 1.1 reads them back as the same string (never ``yes``, ``on``, ``2012`` or ``1e3``
unquoted), and double quotes for everything else, with every character YAML treats as a line
break or refuses escaped. :func:`dump` reads its own text back and refuses to return a text
that would read otherwise.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from generator.core.problem import Problem
from generator.read.source import Source, parse, remember

WIDTH = 92
# What PyYAML refuses in a stream, and what it reads as a line break (NEL, LS, PS) or drops (BOM).
_UNSAFE = re.compile("[^\x09\x0a\x0d\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\x85\u2028\u2029\ufeff]")
_INDICATORS = "-?:,[]{}#&*!|>'\"%@`"
_FLOW_KEYS = frozenset({"text", "title", "source_text"})
_RESOLVER = yaml.resolver.Resolver()
Unit = tuple[str, str, str, str]
"""One translated unit: its id, its text, its English's fingerprint and that English."""


def _plain_ok(text: str, flow: bool = False) -> bool:
    if not text or text != text.strip() or _UNSAFE.search(text) or "\n" in text or "\t" in text:
        return False
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        return False
    if flow and any(ch in text for ch in ",[]{}"):
        return False
    # Not a bool, number, date or null to YAML 1.1: the safe loader's own implicit resolvers say.
    return _RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == "tag:yaml.org,2002:str"


def _foldable(text: str) -> bool:
    return (text == text.strip() and "  " not in text and not _UNSAFE.search(text)
            and not any(ch in text for ch in "\n\t\r") and " " in text)


def quoted(text: str) -> str:
    """A double-quoted scalar: JSON's escapes, which YAML shares, and the YAML traps escaped too."""
    return _UNSAFE.sub(lambda m: "\\u%04x" % ord(m.group()) if ord(m.group()) < 0x10000 else "\\U%08x" % ord(m.group()),
                       json.dumps(text, ensure_ascii=False))


def scalar(value: Any, flow: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return value if _plain_ok(value, flow) else quoted(value)


def _flow_ok(value: dict[str, Any]) -> bool:
    if not value or len(value) > 4 or _FLOW_KEYS & set(value):
        return False
    if not all(isinstance(v, (str, int)) and (not isinstance(v, str) or _plain_ok(v, True)) for v in value.values()):
        return False
    return all(_plain_ok(k, True) for k in value) and len(_flow_map(value)) <= 60


def _flow_map(value: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {scalar(v, True)}" for k, v in value.items()) + "}"


def _text_lines(pad: str, name: str, text: str) -> list[str]:
    line = f"{pad}{name}: {scalar(text)}"
    if len(line) <= WIDTH or not _foldable(text):
        return [line]
    lines, current = [f"{pad}{name}: >-"], ""
    inside = pad + "  "
    for word in text.split(" "):
        if current and len(inside) + len(current) + 1 + len(word) > WIDTH:
            lines.append(inside + current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(inside + current)
    return lines


def _mapping(data: dict[str, Any], indent: int) -> list[str]:
    pad, lines = " " * indent, []
    for name, value in data.items():
        label = scalar(name)
        if isinstance(value, dict):
            lines += [f"{pad}{label}: {_flow_map(value)}"] if _flow_ok(value) else [f"{pad}{label}:", *_mapping(value, indent + 2)]
        elif isinstance(value, list):
            flat = all(isinstance(v, (str, int)) and (not isinstance(v, str) or _plain_ok(v, True)) for v in value)
            if flat and len(pad) + len(label) + sum(len(str(v)) + 2 for v in value) < WIDTH:
                lines.append(f"{pad}{label}: [{', '.join(scalar(v, True) for v in value)}]")
            else:
                lines += [f"{pad}{label}:", *_sequence(value, indent + 2)]
        elif isinstance(value, str):
            lines += _text_lines(pad, label, value)
        else:
            lines.append(f"{pad}{label}: {scalar(value)}")
    return lines


def _sequence(items: list[Any], indent: int) -> list[str]:
    pad, lines = " " * indent, []
    for item in items:
        if isinstance(item, dict) and not _flow_ok(item):
            inner = _mapping(item, indent + 2)
            lines += [f"{pad}- {inner[0][indent + 2:]}", *inner[1:]]
        elif isinstance(item, dict):
            lines.append(f"{pad}- {_flow_map(item)}")
        else:
            lines.append(f"{pad}- {scalar(item)}")
    return lines


def dump_text(data: dict[str, Any], header: list[str], *, blank_before: tuple[str, ...] = ()) -> str:
    """``data`` as a YAML file under the ``header`` comment lines (not yet read back: see :func:`dump`)."""
    lines = [f"# {line}" if line else "#" for line in header]
    for field, value in data.items():
        if field in blank_before:
            lines.append("")
        lines += _mapping({field: value}, 0)
    return "\n".join(lines) + "\n"


def translation_lines(units: list[Unit], header: list[str]) -> str:
    """A translation file as ``rulesite po import`` writes one (not yet read back: see :func:`translation_text`)."""
    lines = [f"# {line}" for line in header] + ["units:"]
    for unit_id, text, source, source_text in units:
        lines += [f"  {scalar(unit_id)}:", f"    text: {quoted(text)}", f"    source: {quoted(source)}",
                  f"    source_text: {quoted(source_text)}"]
    return "\n".join(lines) + "\n"


def translation_data(units: list[Unit]) -> dict[str, Any]:
    """What a translation file of ``units`` reads as."""
    return {"units": {u: {"text": t, "source": s, "source_text": e} for u, t, s, e in units}}


def read_back(text: str, name: str, data: Any) -> tuple[Source, list[Problem]]:
    """``text`` parsed; ValueError unless it reads as ``data``, the data it was written from."""
    source, problems = parse(text, name)
    if problems or source.data != data:
        raise ValueError(f"{name}: the written YAML would not read back as the data it holds")
    return source, problems


def dump(data: dict[str, Any], header: list[str], name: str, *, blank_before: tuple[str, ...] = ()) -> str:
    """``data`` as a YAML file under the ``header`` comment lines; ValueError if it would not read back.
    The parse is kept (:func:`generator.read.source.parse_kept`) for the check after the writing."""
    text = dump_text(data, header, blank_before=blank_before)
    remember(text, *read_back(text, name, data))
    return text


def translation_text(units: list[Unit], header: list[str], name: str) -> str:
    """A translation file as ``rulesite po import`` writes one: (id, text, source, source_text) per unit."""
    text = translation_lines(units, header)
    remember(text, *read_back(text, name, translation_data(units)))
    return text
