"""The one code version every kept artefact is stamped with.

A kept entry is only ever used by the very code that made it: the package's own code and
templates, the theme overrides shipped with it, Python itself and the libraries whose
output a build keeps (parses, renders, MkDocs pages). An edit of any ``.py`` or ``.j2``
file of ``generator/``, or another version of one of these libraries, is a new version,
and every cache stamped with the old one is dropped.
"""

from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path

from generator.core.fingerprint import digest, library_versions

PACKAGE = Path(__file__).resolve().parent.parent
# Every library whose output a kept artefact holds: YAML parses, models, renders, MkDocs pages.
LIBRARIES = ("pyyaml", "pydantic", "jinja2", "markupsafe", "babel", "markdown", "pymdown-extensions",
             "mkdocs", "mkdocs-material", "polib")


@lru_cache(maxsize=1)  # the code of a running process does not change under it
def code_version() -> str:
    files = sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".j2") and p.is_file())
    return digest(sys.version, *library_versions(LIBRARIES),
                  *(f"{p.relative_to(PACKAGE)}:{hashlib.sha256(p.read_bytes()).hexdigest()}" for p in files))
