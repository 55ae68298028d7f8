"""The output folder: which folder a build may replace, and how it is replaced.

A build writes into a staging sibling (``.site.new.<id>``) and exchanges it with the
output folder at the end. This module makes sure that

* the output folder is never the project, a folder holding the project, or an existing
  folder that a rulesite build did not make (every build leaves :data:`MARKER` in it);
* a kill at any moment leaves the previous site or the new one: the exchange is atomic
  where the kernel allows, and :func:`recover`, run first by every build, puts back a
  site left missing between two renames and removes staging folders of killed builds;
* one build at a time writes an output folder: :func:`hold` takes the lock beside it
  (``.<name>.lock``), and a staging folder is locked by the build writing it for as long as
  it exists (:func:`generator.core.lock.hold_folder`), so :func:`recover` never removes one
  a live build holds (see the design notes, "Two builds at once").
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from generator.core.atomic import exchange, remove_tree
from generator.core.lock import WAIT_HINT, Busy, Lock, acquire, folder_in_use, is_held
from generator.core.problem import StageFailed

MARKER = ".rulesite-site"
_MARK_TEXT = "This folder is built by `rulesite build`; a build replaces it whole.\n"


class SiteDirError(StageFailed):
    """The output folder is not one a build may replace (the command line reports it and exits 1)."""


def _is_inside(child: Path, parent: Path) -> bool:
    return child == parent or parent in child.parents


def _earlier_build(folder: Path) -> bool:
    # Builds from before the marker existed left this language chooser at the top.
    index = folder / "index.html"
    try:
        return (folder / "404.html").is_file() and "location.replace(" in index.read_text(encoding="utf-8")[:20000]
    except (OSError, UnicodeDecodeError):
        return False


def refuse_unsafe(root: Path, site_dir: Path) -> None:
    """Raise :class:`SiteDirError` unless ``site_dir`` may be replaced by a build of ``root``."""
    root, site_dir = root.resolve(), site_dir.resolve()
    if _is_inside(root, site_dir):
        raise SiteDirError(f"refusing --site-dir {site_dir}: it holds the project itself, "
                           "and a build replaces its output folder whole; choose a new folder")
    for part in ("rules_data", "examples", "content", "theme", "generator", ".git"):
        if _is_inside(site_dir, root / part):
            raise SiteDirError(f"refusing --site-dir {site_dir}: it is inside the project's {part}/")
    if not site_dir.exists():
        return
    if not site_dir.is_dir():
        raise SiteDirError(f"refusing --site-dir {site_dir}: it is a file, not a folder")
    if (site_dir / MARKER).is_file() or not any(site_dir.iterdir()):
        return
    if site_dir == root / "site" and _earlier_build(site_dir):
        return
    raise SiteDirError(f"refusing --site-dir {site_dir}: it exists and was not made by rulesite build "
                       f"(no {MARKER} in it); remove it or choose another folder")


def _leftovers(site_dir: Path, kind: str) -> list[Path]:
    return sorted(site_dir.parent.glob(f".{site_dir.name}.{kind}.*"))


def lock_path(site_dir: Path) -> Path:
    return site_dir.with_name(f".{site_dir.name}.lock")


def hold(site_dir: Path, wait: bool = False, hint: str = WAIT_HINT) -> Lock:
    """The lock on the output folder ``site_dir``, held until released or until the process
    ends; raises :class:`~generator.core.lock.Busy` if another build holds it (unless ``wait``)."""
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    return acquire(lock_path(site_dir), f"another build is writing {site_dir}", wait=wait, tidy=True, hint=hint)


def recover(site_dir: Path) -> None:
    """Undo what a killed build left: a missing site comes back, staging folders go.

    A folder that a live build holds (its staging folder) is left alone, and so is the lock
    file while anyone holds it; a lock file left by a killed build is removed."""
    if not site_dir.exists():
        olds = [p for p in _leftovers(site_dir, "old") if (p / MARKER).is_file() or _earlier_build(p)]
        if olds:
            os.replace(olds[-1], site_dir)
    for path in _leftovers(site_dir, "new") + _leftovers(site_dir, "old"):
        if path.is_dir() and not folder_in_use(path):
            remove_tree(path)
    lock = lock_path(site_dir)
    if lock.is_file() and not is_held(lock):  # held by this very build when a build recovers: it stays
        try:
            acquire(lock, "", tidy=True).release()  # removed only while held
        except (Busy, OSError):
            pass  # taken by another build in the meantime: it is theirs now


def staging_for(site_dir: Path) -> Path:
    return site_dir.with_name(f".{site_dir.name}.new.{uuid.uuid4().hex[:8]}")


def mark(folder: Path) -> None:
    (folder / MARKER).write_text(_MARK_TEXT, encoding="utf-8")


def swap(new: Path, target: Path) -> None:
    """Put ``new`` in place of ``target``; the old tree is removed only afterwards."""
    if target.exists() and exchange(new, target):
        remove_tree(new)  # now holds the previous site
        return
    old = target.with_name(f".{target.name}.old.{uuid.uuid4().hex[:8]}")
    if target.exists():
        os.replace(target, old)
    # A kill here leaves no target; recover() on the next run renames the old one back.
    os.replace(new, target)
    if old.exists():
        remove_tree(old)
