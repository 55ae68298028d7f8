"""Forked worker processes that share one piece of read-only state: the site build's languages,
the wiki lint's groups and the wiki import's drafts all run this way.

The workers are forked, so they inherit the parent's loaded modules and the state without
pickling it; each is killed when its parent dies (a killed command must not leave workers
running for minutes). A task reads the state with :func:`state`.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from generator.core.atomic import die_with_parent

# The state of this worker process, set once by the pool's initializer (only ever in workers).
_state: Any = None


def count(jobs: int, tasks: int) -> int:
    """How many workers ``jobs`` asks for (0: one per core), never more than there are tasks."""
    return max(1, min(jobs or os.cpu_count() or 1, tasks))


def pool(workers: int, shared: Any) -> ProcessPoolExecutor:
    """A pool of ``workers`` forked processes, each holding ``shared`` as its :func:`state`."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork"), initializer=_start,
                               initargs=(shared, os.getpid()))


def _start(shared: Any, parent: int) -> None:
    global _state
    die_with_parent(parent)
    _state = shared


def state() -> Any:
    """In a worker of :func:`pool`: what the pool was made with."""
    assert _state is not None, "not in a worker of generator.core.workers.pool"
    return _state
