"""File locks that keep two builds from writing the same files at the same time.

A lock is ``fcntl.flock`` on a small file. The kernel holds it for the open file, so it
is released the moment the process that took it ends, however it ends (a ``SIGKILL``
included): a killed build never blocks the next one, and no stale file has to be
guessed at. While held, the file says which process holds it (its pid), so a build that
is refused can name the build it waits for.

A lock file may be removed when it is released (``tidy``: the one beside a site folder,
which would otherwise stay next to the site for good). That is safe only because the file
is removed while it is still held exclusively, and because :func:`acquire` checks, once it
has the lock, that the path still names the file it locked: a build that waited on a file
removed meanwhile starts again on the new one.
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from generator.core.problem import StageFailed


class Busy(StageFailed):
    """Another process holds the lock (the command line prints the message and exits 1)."""


@dataclass
class Lock:
    """A lock this process holds on ``path`` until :meth:`release` (or until it ends)."""

    path: Path
    fd: int
    exclusive: bool
    tidy: bool = False

    def release(self) -> None:
        if self.fd < 0:
            return
        try:
            if self.exclusive:
                os.ftruncate(self.fd, 0)  # no pid left behind that names a finished build
                if self.tidy and _names(self.path, self.fd):
                    self.path.unlink()  # still held: nobody else can be using this file now
        except OSError:
            pass  # the lock goes with the descriptor below all the same
        finally:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _names(path: Path, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (a tidy release may have removed it)."""
    try:
        there, held = os.stat(path, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


def holder(path: Path) -> int | None:
    """The pid written in the lock file ``path``, if that process is alive."""
    try:
        with open(path, encoding="ascii") as handle:
            pid = int(handle.read(32).strip() or 0)
    except (OSError, ValueError):
        return None
    if pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:  # alive, another user's
        pass
    return pid


def is_held(path: Path, flags: int = 0) -> bool:
    """Whether some process holds a lock on ``path`` (a shared one included); a lock this
    process holds counts too, since flock locks belong to the open file, not the process."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | flags)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def _open(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    # O_NOFOLLOW: a symbolic link planted at a lock's place must not make us create files elsewhere.
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)


def _write_pid(fd: int) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass  # a full disk: the lock holds all the same, only a refused build cannot name us


WAIT_HINT = "give --wait to wait for it"


def acquire(path: Path, busy: str, *, wait: bool = False, exclusive: bool = True, tidy: bool = False,
            others: list[Path] | None = None, hint: str = WAIT_HINT) -> Lock:
    """Take the lock on ``path``, or raise :class:`Busy` (``busy`` says what holds it, ``hint``
    what to do about it).

    With ``wait``, wait for it instead, saying once on stderr what is waited for. ``others``
    are lock files whose holders a refused build may name too (who holds a shared lock
    is written in no file of its own)."""
    mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    said = False
    while True:
        fd = _open(path)
        try:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _who(path, others or [])
                if not wait:
                    raise Busy(f"{busy} ({_pid(pid)})" + (f"; {hint}" if hint else "")) from None
                if not said:
                    print(f"rulesite: {busy} ({_pid(pid)}); waiting for it to finish", file=sys.stderr, flush=True)
                    said = True
                fcntl.flock(fd, mode)
            if _names(path, fd):
                if exclusive:
                    _write_pid(fd)
                return Lock(path, fd, exclusive, tidy)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # released and removed while we waited: lock the file there now


def _who(path: Path, others: list[Path]) -> int | None:
    """The holder's pid, to name it; a holder writes it just after it takes the lock, so a
    build refused in between looks again a few times before it says the pid is unknown."""
    for _ in range(20):
        for candidate in [path, *(other for other in others if is_held(other))]:
            pid = holder(candidate)
            if pid is not None:
                return pid
        time.sleep(0.01)
    return None


def _pid(pid: int | None) -> str:
    return f"pid {pid}" if pid is not None else "pid unknown"


def hold_folder(folder: Path) -> int:
    """Make ``folder`` and hold a lock on it until the returned descriptor is closed, so that a
    clean-up in another process (:func:`generator.output.sitedir.recover`) leaves it alone."""
    folder.mkdir(parents=True)
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new folder: nobody else can hold it
    return fd


def folder_in_use(folder: Path) -> bool:
    """Whether a live process holds ``folder`` with :func:`hold_folder`."""
    return is_held(folder, os.O_DIRECTORY)
