"""A dictionary kept between builds as a base file and a journal of what changed since.

A rebuild after an edit of one text changes one parse and a few rendered pages of each
language, yet wrote every cache again in full: 100 MB at 150 pages in five languages, and
about 0.35 s of CPU time pickling it, a fourteenth of such a rebuild. Now:

- the base, ``<name>``, holds every entry, and is written in full only when many changed;
- the journal, ``<name>.journal``, holds the entries added or changed since the base and
  the names removed since, and is all a small edit writes;
- both name the base they belong to (a random id) and the ``tag`` of what wrote them
  (a format version and a fingerprint of the code), so a journal left beside a newer base,
  or files of other code, are ignored. An ignored entry costs only a miss: every cache
  here checks an entry against its own key before using it.

Both files are replaced in one step (``atomic.write_bytes``), the base before the journal
is removed, so a kill at any moment leaves a base and at most a journal it may ignore.
Written and read by this process only, under ``build/``: never a file from elsewhere.
"""

from __future__ import annotations

import pickle
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.atomic import write_bytes

# A journal longer than this share of the entries is folded into a new base.
MAX_SHARE = 0.25
_PROTOCOL = pickle.HIGHEST_PROTOCOL


@dataclass
class Kept:
    """What :func:`load` found: every entry, and the base it came from (for :func:`save`)."""

    entries: dict[Any, Any] = field(default_factory=dict)
    base: dict[Any, Any] = field(default_factory=dict)
    base_id: str | None = None


def _unpickle(path: Path) -> Any:
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)  # noqa: S301 (written by save() under build/, never from elsewhere)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError,
            IndexError, MemoryError):
        return None


def _journal(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def load(path: Path, tag: str) -> Kept:
    """The entries kept at ``path`` by code with the same ``tag`` (none if there are none)."""
    found = _unpickle(path)
    if not (isinstance(found, tuple) and len(found) == 3 and found[0] == tag and isinstance(found[2], dict)):
        return Kept()
    _, base_id, base = found
    kept = Kept(dict(base), base, base_id)
    journal = _unpickle(_journal(path))
    if isinstance(journal, tuple) and len(journal) == 4 and journal[:2] == (tag, base_id) \
            and isinstance(journal[2], dict) and isinstance(journal[3], list):
        kept.entries.update(journal[2])
        for name in journal[3]:
            kept.entries.pop(name, None)
    return kept


def save(path: Path, tag: str, entries: dict[Any, Any], kept: Kept | None) -> None:
    """Keep ``entries`` at ``path``: a journal against the base ``kept`` came from while the
    changes are few, else a new base. Writes nothing when nothing changed."""
    if kept is not None and kept.base_id is not None:
        if entries == kept.entries:  # kept entries are the very objects loaded: compared by identity first
            return
        base = kept.base
        changed = {name: value for name, value in entries.items() if name not in base or base[name] != value}
        removed = [name for name in base if name not in entries]
        if len(changed) + len(removed) <= MAX_SHARE * max(len(entries), 1):
            if changed or removed:
                write_bytes(_journal(path), pickle.dumps((tag, kept.base_id, changed, removed), protocol=_PROTOCOL))
            else:  # back to the base exactly
                _journal(path).unlink(missing_ok=True)
            return
    write_bytes(path, pickle.dumps((tag, uuid.uuid4().hex, entries), protocol=_PROTOCOL))
    _journal(path).unlink(missing_ok=True)
