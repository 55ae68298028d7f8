"""Read stage: YAML text to plain Python data plus the position of every node.

Only PyYAML's safe loader constructs values (the same resolver and constructors as
``yaml.safe_load``), so no tag can build a Python object. On top of it this module
records, for every path such as ``("sections", 0, "title")``, where its key and its value
start, so later stages can report ``FILE:LINE:COL`` without re-reading the file, and
where each scalar ends, so translation import can rewrite one value in place.
Duplicate keys, which ``safe_load`` silently lets win, are reported as problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .problem import Problem

PathKey = tuple[str | int, ...]

# libyaml's parser, when PyYAML was built with it, reads twenty times faster and gives the
# same nodes, marks and errors; the constructors are the safe ones either way.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Source:
    """One YAML file: its data and where each part of it stands."""

    file: str
    text: str
    data: Any = None
    # 1-based (line, column) of each value node, and of each mapping key node.
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    # Character offsets [start, end) of each scalar value, and its YAML style.
    spans: dict[PathKey, tuple[int, int, str]] = field(default_factory=dict)
    # Character offset where each node (mappings and lists included) ends.
    ends: dict[PathKey, int] = field(default_factory=dict)

    def where(self, path: PathKey) -> tuple[int, int]:
        """Position of ``path``, or of its nearest existing ancestor."""
        path = tuple(path)
        while path:
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), (1, 1))

    def where_key(self, path: PathKey) -> tuple[int, int]:
        """Position of the key that introduces ``path`` (falls back to the value)."""
        path = tuple(path)
        if path in self.keys:
            return self.keys[path]
        return self.where(path)

    def where_in_text(self, path: PathKey, offset: int) -> tuple[int, int]:
        """Line and column of character ``offset`` of a scalar's value.

        Exact for one-line scalars and for folded or plain multi-line text, where each line
        break became one space; for anything with escapes it falls back to the node's start.
        """
        line, column = self.where(path)
        span = self.spans.get(tuple(path))
        if span is None:
            return line, column
        start, end, style = span
        raw = self.text[start:end]
        if style in ("'", '"'):
            if "\\" in raw or "\n" in raw or "''" in raw:
                return line, column
            return line, column + 1 + offset
        if "\n" not in raw:
            return line, column + offset
        lines = raw.split("\n")
        if style in (">", "|"):
            # Skip the indicator line; content lines share one indentation.
            lines, line = lines[1:], line + 1
            first_column = None
        else:
            first_column = column
        consumed = 0
        for number, text in enumerate(lines):
            stripped = text.lstrip(" ")
            col = first_column if (number == 0 and first_column is not None) else len(text) - len(stripped) + 1
            if offset <= consumed + len(stripped):
                return line + number, col + (offset - consumed)
            consumed += len(stripped) + 1
        return line, column

    def problem(self, path: PathKey, code: str, message: str, level: str = "error", *, at_key: bool = False) -> Problem:
        line, column = self.where_key(path) if at_key else self.where(path)
        return Problem(self.file, line, column, code, message, level)  # type: ignore[arg-type]


def _mark(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


class _Builder:
    """Turns a composed node tree into data, recording positions on the way."""

    def __init__(self, loader: Loader, source: Source, problems: list[Problem]):
        self.loader = loader
        self.source = source
        self.problems = problems

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        self.source.values[path] = _mark(node.start_mark)
        self.source.ends[path] = node.end_mark.index
        if isinstance(node, yaml.ScalarNode):
            self.source.spans[path] = (node.start_mark.index, node.end_mark.index, node.style or "")
            return self.loader.construct_object(node, deep=True)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)  # resolves "<<" merge keys the way safe_load does
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    line, col = _mark(key_node.start_mark)
                    self.problems.append(Problem(self.source.file, line, col, "bad-type", "mapping keys must be plain values"))
                    continue
                key = self.loader.construct_object(key_node, deep=True)
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    # YAML 1.1 turns keys like "no" or "on" into booleans; keep them as written.
                    key = key_node.value
                if key in result:
                    line, col = _mark(key_node.start_mark)
                    first = self.source.keys[path + (key,)]
                    self.problems.append(Problem(
                        self.source.file, line, col, "duplicate-key",
                        f"key {key!r} appears twice in this mapping (first at line {first[0]})"))
                    continue
                self.source.keys[path + (key,)] = _mark(key_node.start_mark)
                result[key] = self.build(value_node, path + (key,))
            return result
        raise TypeError(f"unexpected YAML node {node!r}")  # pragma: no cover - PyYAML has no other kinds


def parse(text: str, file: str) -> tuple[Source, list[Problem]]:
    """Parse ``text``; never raises on bad YAML, returns problems instead."""
    source = Source(file=file, text=text)
    problems: list[Problem] = []
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            source.data = _Builder(loader, source, problems).build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _mark(mark) if mark else (1, 1)
        what = " ".join(filter(None, [exc.context, exc.problem])) or "invalid YAML"
        problems.append(Problem(file, line, col, "yaml-syntax", what))
    except yaml.reader.ReaderError as exc:  # a control character the YAML reader refuses
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        problems.append(Problem(file, line, column, "yaml-syntax", f"character {exc.character!r} is not allowed in YAML"))
    finally:
        loader.dispose()
    return source, problems


def read(path: Path, display: str | None = None) -> tuple[Source, list[Problem]]:
    """Read and parse one file; ``display`` is the path shown in messages."""
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return Source(file=name, text=""), [Problem(name, 1, 1, "unreadable", exc.strerror or str(exc))]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        return Source(file=name, text=""), [Problem(name, line, column, "bad-encoding", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")]
    return parse(text, name)
