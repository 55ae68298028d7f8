"""A file that cannot be read or written (a full disk, a folder without permission): one line
naming the path and the cause, never a traceback.

An :class:`OSError` often does not say which file it is about (a ``write`` that fills the
disk carries no file name), so each stage that writes names the folder it writes into
(:func:`naming`), and the command line prints the result (:class:`IOFailure`) as it prints
every :class:`~generator.core.problem.StageFailed`.
"""

from __future__ import annotations

import os
import re
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from generator.core.problem import StageFailed


class IOFailure(StageFailed):
    """Reading or writing a file failed; the message is ``PATH: cause``."""


def _cause(text: str) -> str:
    text = re.sub(r"^\[Errno \d+\] ", "", text)  # shutil.Error holds the str() of the error
    return text[:1].lower() + text[1:]


def describe(exc: OSError, where: Path | str | None = None,
             rename: Callable[[str], str] | None = None) -> str:
    """``PATH: cause`` for ``exc``; ``where`` is the path when the error names none, and
    ``rename`` shows a path as the user knows it (a staging folder as the site it becomes)."""
    path: object = exc.filename
    cause = _cause(exc.strerror or str(exc))
    if isinstance(exc, shutil.Error) and exc.args and isinstance(exc.args[0], list) and exc.args[0]:
        _, path, why = exc.args[0][0]  # copytree's (source, destination, error) of each file
        cause = _cause(str(why))
    shown = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(where) if where else None
    if shown is not None and rename is not None:
        shown = rename(shown)
    return f"{shown}: {cause}" if shown else cause


@contextmanager
def naming(where: Path | str, note: str = "", rename: Callable[[str], str] | None = None) -> Iterator[None]:
    """Turn an :class:`OSError` raised inside into :class:`IOFailure`: ``PATH: cause`` and
    ``note`` (what was left as it was), with ``where`` as the path when the error has none."""
    try:
        yield
    except IOFailure:
        raise
    except OSError as exc:
        raise IOFailure(describe(exc, where, rename) + (f"; {note}" if note else "")) from None


def inside(folder: Path, shown_as: Path) -> Callable[[str], str]:
    """A ``rename`` for :func:`naming`: paths in ``folder`` shown as the same paths in ``shown_as``."""
    prefix = str(folder)

    def rename(path: str) -> str:
        if path == prefix or path.startswith(prefix + os.sep):
            return str(shown_as) + path[len(prefix):]
        return path

    return rename
