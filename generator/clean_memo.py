"""Per-text checks found clean, remembered by a fingerprint of their inputs.

Stage: read (the check stages consult it; ``read_cache`` carries it from one build to the next).

The translation checks (structure and terms) run on every translated text of every build,
and almost every text is clean. A check that found nothing records a fingerprint of all it
read; the next time the same inputs come, the check is skipped and finds nothing again.
Only clean results are kept: a text with warnings is checked afresh, so its warnings keep
their exact positions and wording.
"""

from __future__ import annotations

from .fingerprint import digest

_KNOWN: set[str] = set()
"""Fingerprints found clean, by this process or by the build that kept them."""
_USED: set[str] = set()
"""Fingerprints asked about by this process: what is worth keeping for the next build."""


def key(*inputs: str) -> str:
    return digest(*inputs)


def is_clean(fingerprint: str) -> bool:
    _USED.add(fingerprint)
    return fingerprint in _KNOWN


def found_clean(fingerprint: str) -> None:
    _KNOWN.add(fingerprint)


def kept() -> set[str]:
    """The clean fingerprints this process asked about (a cache holding one build's texts)."""
    return _KNOWN & _USED


def take(fingerprints: set[str]) -> None:
    _KNOWN.update(fingerprints)
