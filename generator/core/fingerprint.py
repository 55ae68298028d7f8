"""Fingerprints the build caches are keyed by: of texts, and of the libraries that shape a result.
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from typing import Iterable


def digest(*parts: str | bytes) -> str:
    """SHA-256 of ``parts``, each length-prefixed so that no two lists of parts collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def library_versions(names: Iterable[str]) -> list[str]:
    """``name==version`` of each installed distribution (``name missing`` when it is not)."""
    versions = []
    for name in names:
        try:
            versions.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} missing")
    return versions
