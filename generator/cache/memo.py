"""Memos of pure functions: the one way a stage may remember a result in memory by its arguments.

A pure function of immutable arguments (parsing a markup text, escaping a string, a
language's name in CLDR, a compiled template environment) gives the same answer every
time, so its answers cannot go stale the way derived state can; remembering them is only a
question of memory. Every such memo is made here, so that they are all known in one place
(:data:`MEMOS`), bounded where their arguments are open-ended, and emptied together by
:func:`clear` (what :func:`generator.cache.state.reset` does for a fresh start).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

MEMOS: list[Any] = []
"""Every memo made by :func:`pure`, in the order the modules were imported."""


def pure(maxsize: int | None) -> Callable[[F], F]:
    """Remember ``maxsize`` answers of a pure function (``None``: every answer, for a function
    whose arguments come from a small closed set such as language codes)."""
    def wrap(function: F) -> F:
        memo = lru_cache(maxsize=maxsize)(function)
        MEMOS.append(memo)
        return memo  # type: ignore[return-value]
    return wrap


def clear() -> None:
    for memo in MEMOS:
        memo.cache_clear()
