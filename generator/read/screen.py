"""Read stage, first pass: refuse YAML that could hang, exhaust or crash the reader.

PyYAML builds nodes recursively, shares aliased nodes (so a "billion laughs" file is small
on disk and exponential once walked) and turns a 5,000-digit number into a ``ValueError``.
Before any of that runs, this module reads the file's event stream once (linear, and
libyaml's parser keeps its own stack, so depth costs no recursion) and reports, each at
its line and column:

``too-large``
    a file over :data:`MAX_CHARS` characters (nothing else is read).
``yaml-alias``
    an anchor (``&name``) or alias (``*name``): data files write every value out, so
    sharing can never multiply the work of later stages.
``too-deep``
    mappings and lists nested deeper than :data:`MAX_DEPTH` (the formats need a handful).
``too-long``
    one string longer than :data:`MAX_STRING` characters.
``bad-value``
    a number with more than :data:`MAX_NUMBER_CHARS` characters (no count, year or
    strength in any format comes near, and Python would refuse to convert some of them),
    or an explicit tag such as ``!!set`` or ``!!float``.

The limits are far above anything the real data needs (its deepest file nests about 12
levels, its longest text is a few hundred characters).
"""

from __future__ import annotations

from typing import Any

import yaml

from generator.core.problem import Problem

MAX_CHARS = 4_000_000
MAX_DEPTH = 40
MAX_STRING = 100_000
MAX_NUMBER_CHARS = 24
# A file that trips a limit thousands of times needs one message per kind, not thousands.
MAX_PROBLEMS = 20

_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
_UNTAGGED = (None, "!")  # "!" is the tag of a quoted scalar: not an explicit tag


def _at(file: str, mark: Any, code: str, message: str) -> Problem:
    return Problem(file, mark.line + 1, mark.column + 1, code, message)


def _number_too_long(loader: Any, event: yaml.ScalarEvent) -> bool:
    if len(event.value) <= MAX_NUMBER_CHARS or " " in event.value:  # no number holds a space
        return False
    tag = event.tag if event.tag not in _UNTAGGED else loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    return tag in _NUMBER_TAGS


def _scalar(loader: Any, file: str, event: yaml.ScalarEvent) -> Problem | None:
    if len(event.value) > MAX_STRING:
        return _at(file, event.start_mark, "too-long",
                   f"a text of {len(event.value):,} characters; at most {MAX_STRING:,} are read")
    if _number_too_long(loader, event):
        return _at(file, event.start_mark, "bad-value",
                   f"a number of {len(event.value)} characters; no value in these files needs more than "
                   f"{MAX_NUMBER_CHARS}")
    return None


def screen(loader: Any, text: str, file: str) -> list[Problem]:
    """Problems that make ``text`` unsafe to compose; empty when it may be loaded.

    ``loader`` is a fresh loader over ``text``; the caller disposes of it. YAML syntax errors
    are left for the real load to report, with its own message.
    """
    if len(text) > MAX_CHARS:
        return [Problem(file, 1, 1, "too-large", f"the file has {len(text):,} characters; at most {MAX_CHARS:,} are read")]
    found: list[Problem] = []
    depth = 0
    check_event, get_event = loader.check_event, loader.get_event
    try:
        while len(found) < MAX_PROBLEMS and check_event():
            event = get_event()
            # Most events are short untagged scalars without an anchor: nothing to look at.
            if (type(event) is yaml.ScalarEvent and event.anchor is None and event.tag in _UNTAGGED
                    and len(event.value) <= MAX_NUMBER_CHARS):
                continue
            if isinstance(event, yaml.AliasEvent):
                found.append(_at(file, event.start_mark, "yaml-alias",
                                 f"alias *{event.anchor} is not allowed in data files; write the value out"))
                continue
            if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag not in _UNTAGGED:
                # Tags build sets, ordered maps, binary and dates: none is a value of these
                # formats, and some of PyYAML's builders fail with errors of their own.
                found.append(_at(file, event.start_mark, "bad-value",
                                 f"the tag {event.tag.replace('tag:yaml.org,2002:', '!!')} is not used in data files; "
                                 "write the plain value"))
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                found.append(_at(file, event.start_mark, "yaml-alias",
                                 f"anchor &{event.anchor} is not allowed in data files; aliases are refused"))
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    found.append(_at(file, event.start_mark, "too-deep",
                                     f"lists and mappings nest more than {MAX_DEPTH} levels deep here"))
                    break
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                problem = _scalar(loader, file, event)
                if problem is not None:
                    found.append(problem)
    except yaml.YAMLError:
        pass  # reported by the load itself
    return found
