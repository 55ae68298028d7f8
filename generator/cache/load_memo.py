"""Per-file results of the load stages, kept by a long-running process between loads.

``rulesite serve`` loads the whole project again after every edit. :func:`generator.read.source.read`
already hands back the very same :class:`~generator.read.source.Source` object for a file whose
text did not change, so what a stage computed from one file (its schema validation, its
checks, its score, its translation checks) can be kept under the file's name together with
the objects it was computed from, and reused while those are the same objects again:

- each result is stored with its *inputs*: sources (compared by identity: the same parse)
  and plain values (ids, names, version numbers; compared by equality);
- the files that every check reads (site, interface, rulesets, termbase, tile catalogue,
  the list of pages and examples) make one *version* number; a result that depends on
  them names that number among its inputs, so an edit of a shared file redoes every
  check that reads it, and an edit of one page redoes that page's own checks only.

A result is never changed after it is stored (the stages copy lists before adding to
them), so a reused result is the result a fresh load computes. ``rulesite build`` loads
once and uses :data:`NONE`, which keeps nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence, TypeVar

T = TypeVar("T")
_PLAIN = (str, int, float, bool, type(None), tuple, frozenset)


def _same(old: tuple, new: tuple) -> bool:
    if len(old) != len(new):
        return False
    for a, b in zip(old, new):
        if a is b:
            continue
        if not (isinstance(a, _PLAIN) and isinstance(b, _PLAIN) and a == b):
            return False
    return True


class LoadMemo:
    """Results of the load stages by file, reused while their inputs are the same; see the module text."""

    def __init__(self) -> None:
        self._results: dict[Hashable, tuple[tuple, Any]] = {}
        self._versions: dict[str, tuple[tuple, int]] = {}
        self.hits = self.misses = 0

    def version(self, name: str, inputs: Sequence[Any]) -> int:
        """A number that changes whenever one of ``inputs`` is no longer the same."""
        old = self._versions.get(name)
        if old is not None and _same(old[0], tuple(inputs)):
            return old[1]
        number = old[1] + 1 if old is not None else 0
        self._versions[name] = (tuple(inputs), number)
        return number

    def get(self, name: Hashable, inputs: Sequence[Any], compute: Callable[[], T]) -> T:
        """The result kept under ``name`` if it was computed from the same ``inputs``, else ``compute()``."""
        old = self._results.get(name)
        if old is not None and _same(old[0], tuple(inputs)):
            self.hits += 1
            return old[1]
        self.misses += 1
        value = compute()
        self._results[name] = (tuple(inputs), value)
        return value


class _Nothing(LoadMemo):
    """Keeps nothing: every result is computed (a build loads once)."""

    def version(self, name: str, inputs: Sequence[Any]) -> int:
        return 0

    def get(self, name: Hashable, inputs: Sequence[Any], compute: Callable[[], T]) -> T:
        return compute()


NONE: LoadMemo = _Nothing()
