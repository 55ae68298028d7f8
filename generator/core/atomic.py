"""Replacing files and folders so that a reader, or a kill, sees either the old or the new.

A file is written to a temporary sibling, flushed to disk and renamed over the original
(``os.replace`` is atomic on POSIX). Two folders are exchanged with Linux's
``renameat2(RENAME_EXCHANGE)`` when the kernel offers it, so ``site/`` never disappears,
even for a moment; elsewhere two renames are used and :func:`recover` repairs the gap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_PR_SET_PDEATHSIG = 1


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step; the old file stays until then."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step; the old file stays until then."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(temp, path.stat().st_mode & 0o7777)
        else:
            os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_files(files: list[tuple[Path, str]]) -> None:
    """Replace each path with its text (UTF-8), each in one step, as :func:`write_text` does.

    Every text is written to its temporary sibling first and the disk is flushed once for all
    of them before the renames: one flush per file made thousands of files (a whole wiki's
    import) cost seconds of waiting on the disk alone."""
    temps: list[tuple[str, Path]] = []
    try:
        for path, text in files:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append((temp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(text.encode("utf-8"))
        os.sync()
        for temp, path in temps:
            os.chmod(temp, path.stat().st_mode & 0o7777 if path.exists() else 0o644)
            os.replace(temp, path)
    except BaseException:
        for temp, _ in temps:
            Path(temp).unlink(missing_ok=True)
        raise


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None


def exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths atomically; False when the system cannot."""
    libc = _libc()
    if libc is None or not hasattr(libc, "renameat2"):
        return False
    result = libc.renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return result == 0


def die_with_parent(parent: int) -> None:
    """In a worker process: be killed as soon as ``parent``, which started it, dies.

    Without this a killed build leaves its pool workers rendering for minutes.
    """
    libc = _libc()
    if libc is not None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the line above ran
        os._exit(1)


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
