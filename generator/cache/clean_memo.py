"""Per-text checks found clean, remembered by their inputs.

The translation checks (structure and terms) run on every translated text of every build,
and almost every text is clean. A check that found nothing records a fingerprint of all it
read (the texts themselves: a set lookup hashes them in C, where a SHA-256 of each of the
tens of thousands of texts cost a third of a second); the next time the same inputs
come, the check is skipped and finds nothing again.
Only clean results are kept: a text with warnings is checked afresh, so its warnings keep
their exact positions and wording.
"""

from __future__ import annotations

from generator.cache import state

Key = tuple[str, ...]
# Kept in the process's state: ``clean_known`` (inputs found clean, by this process or by the
# build that kept them) and ``clean_used`` (inputs asked about: what is worth keeping).


def key(*inputs: str) -> Key:
    return inputs


def is_clean(fingerprint: Key) -> bool:
    now = state.current()
    now.clean_used.add(fingerprint)
    return fingerprint in now.clean_known


def found_clean(fingerprint: Key) -> None:
    state.current().clean_known.add(fingerprint)


def kept() -> set[Key]:
    """The clean inputs this process asked about (a cache holding one build's texts)."""
    now = state.current()
    return now.clean_known & now.clean_used


def take(fingerprints: set[Key]) -> None:
    state.current().clean_known.update(fingerprints)
