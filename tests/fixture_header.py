"""The one header convention of every fixture under ``tests/fixtures/``.

A fixture starts with comment lines, before any YAML::

    # expect: LINE:COL code      one or more: a problem the fixture must produce, exactly there
    # file: rules_data/x.yaml    project fixtures: where the fixture is put in a copy of the
                                 minimal project (scenario fixtures are read where they are)
    # level: warning             the level of every problem it produces (default: error)
    # keep: strings              the fixture's mapping under this key comes first and the
                                 target file's own entries of that key follow, so a fixture
                                 can add one entry to a long file and still state exact lines

Line and column numbers count the header lines too: they are positions in the file as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_LINE = re.compile(r"^# (expect|file|level|keep): (.+)$")
_EXPECT = re.compile(r"^(\d+):(\d+) ([a-z-]+)$")


@dataclass
class Header:
    expected: list[tuple[int, int, str]] = field(default_factory=list)
    file: str | None = None
    level: str = "error"
    keep: str | None = None


def read_header(path: Path) -> Header:
    header = Header()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        match = _LINE.match(line)
        if not match:
            if line.startswith("#"):
                continue  # an ordinary comment among the header lines
            break
        name, value = match.groups()
        if name == "expect":
            found = _EXPECT.match(value)
            assert found, f"{path.name}: '# expect: {value}' is not LINE:COL code"
            header.expected.append((int(found[1]), int(found[2]), found[3]))
        else:
            setattr(header, name, value.strip())
    assert header.expected, f"{path.name} has no '# expect: LINE:COL code' header"
    return header


def place(project: Path, fixture: Path) -> Path:
    """Put a project fixture where its header says, in the project copy ``project``."""
    header = read_header(fixture)
    assert header.file, f"{fixture.name} needs a '# file:' header"
    destination = project / header.file
    destination.parent.mkdir(parents=True, exist_ok=True)
    data = fixture.read_bytes()
    if header.keep:
        own = destination.read_text(encoding="utf-8").splitlines(keepends=True)
        start = own.index(f"{header.keep}:\n") + 1
        data += "".join(own[start:]).encode("utf-8")
    destination.write_bytes(data)
    return destination
