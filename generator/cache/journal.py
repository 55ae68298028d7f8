"""A dictionary kept between builds as a base file and a journal of what changed since.

A rebuild after an edit of one text changes one parse and a few rendered pages of each
language, yet wrote every cache again in full: 100 MB at 150 pages in five languages, and
about 0.35 s of CPU time pickling it, a fourteenth of such a rebuild. Now:

- the base, ``<name>``, holds every entry, and is written in full only when many changed;
- the journal, ``<name>.journal``, holds the entries added or changed since the base and
  the names removed since, and is all a small edit writes;
- both name the base they belong to (a random id) and the ``tag`` of what wrote them
  (a format version), so a journal left beside a newer base is ignored. An ignored entry
  costs only a miss: every cache here checks an entry against its own key before using it.

Both files are sealed (:mod:`generator.cache.seal`): signed with this machine's key for
this code and this file's name, and unpickled only once the signature holds, so a file
from elsewhere, of other code, or damaged in any byte is no cache (never code that runs);
the next save then writes a new base. Both are replaced in one step
(``atomic.write_bytes``), the base before the journal is removed, so a kill at any moment
leaves a base and at most a journal it may ignore; two builds at once each write whole
files, and the one that loses a race leaves only misses behind.
(``benchmarks/kept_store.py`` weighs this against SQLite, a row an entry: this loads in half
the time, saves in full in 40-60 % of it, and ties with it on saving one edit.)
"""

from __future__ import annotations

import pickle
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.cache import seal
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
    journal_ok: bool = True
    """False when a journal file was there but not read (damaged, of another base): the next
    save writes it again or removes it, so it is never left to be tried build after build."""


def purpose(path: Path, tag: str) -> str:
    """What a kept file is sealed for: its cache (folder and name) and the writer's tag."""
    return f"journal\0{path.parent.name}/{path.name}\0{tag}"


def _unpickle(path: Path, tag: str) -> Any:
    payload = seal.read(path, purpose(path, tag))
    if payload is None:
        return None
    try:
        return pickle.loads(payload)  # noqa: S301 (sealed: written by this code with this machine's key)
    except Exception:  # noqa: BLE001 - verified bytes that still do not load are no cache, never a traceback
        return None


def _write(path: Path, tag: str, value: Any) -> None:
    sealed = seal.seal(pickle.dumps(value, protocol=_PROTOCOL), purpose(path, tag))
    if sealed is not None:  # no key: nothing is kept
        write_bytes(path, sealed)


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def changes(path: Path, tag: str) -> tuple[dict[Any, Any], list[Any]] | None:
    """What the journal beside ``path`` holds (entries changed, names removed), if it verifies."""
    found = _unpickle(journal_path(path), tag)
    return (found[1], found[2]) if isinstance(found, tuple) and len(found) == 3 else None


def load(path: Path, tag: str) -> Kept:
    """The entries kept at ``path`` by code with the same ``tag`` (none if there are none)."""
    found = _unpickle(path, tag)
    if not (isinstance(found, tuple) and len(found) == 3 and isinstance(found[1], str) and isinstance(found[2], dict)):
        return Kept()
    _, base_id, base = found
    kept = Kept(dict(base), base, base_id)
    log = journal_path(path)
    journal = _unpickle(log, tag)
    if isinstance(journal, tuple) and len(journal) == 3 and journal[0] == base_id \
            and isinstance(journal[1], dict) and isinstance(journal[2], list):
        kept.entries.update(journal[1])
        for name in journal[2]:
            kept.entries.pop(name, None)
    elif log.exists():
        kept.journal_ok = False
    return kept


def save(path: Path, tag: str, entries: dict[Any, Any], kept: Kept | None) -> None:
    """Keep ``entries`` at ``path``: a journal against the base ``kept`` came from while the
    changes are few, else a new base. Writes nothing when nothing changed."""
    if kept is not None and kept.base_id is not None:
        # kept entries are the very objects loaded: compared by identity first
        if kept.journal_ok and entries == kept.entries:
            return
        base = kept.base
        changed = {name: value for name, value in entries.items() if name not in base or base[name] != value}
        removed = [name for name in base if name not in entries]
        if len(changed) + len(removed) <= MAX_SHARE * max(len(entries), 1):
            if changed or removed:
                _write(journal_path(path), tag, (kept.base_id, changed, removed))
            else:  # back to the base exactly
                journal_path(path).unlink(missing_ok=True)
            return
    _write(path, tag, (tag, uuid.uuid4().hex, entries))
    journal_path(path).unlink(missing_ok=True)
