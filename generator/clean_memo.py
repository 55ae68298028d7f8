"""Per-text checks found clean, remembered by their inputs.

Stage: read (the check stages consult it; ``read_cache`` carries it from one build to the next).

The translation checks (structure and terms) run on every translated text of every build,
and almost every text is clean. A check that found nothing records a fingerprint of all it
read (the texts themselves: a set lookup hashes them in C, where a SHA-256 of each of the
tens of thousands of texts cost a third of a second); the next time the same inputs
come, the check is skipped and finds nothing again.
Only clean results are kept: a text with warnings is checked afresh, so its warnings keep
their exact positions and wording.
"""

from __future__ import annotations

Key = tuple[str, ...]

_KNOWN: set[Key] = set()
"""Inputs found clean, by this process or by the build that kept them."""
_USED: set[Key] = set()
"""Inputs asked about by this process: what is worth keeping for the next build."""


def key(*inputs: str) -> Key:
    return inputs


def is_clean(fingerprint: Key) -> bool:
    _USED.add(fingerprint)
    return fingerprint in _KNOWN


def found_clean(fingerprint: Key) -> None:
    _KNOWN.add(fingerprint)


def kept() -> set[Key]:
    """The clean inputs this process asked about (a cache holding one build's texts)."""
    return _KNOWN & _USED


def take(fingerprints: set[Key]) -> None:
    _KNOWN.update(fingerprints)
