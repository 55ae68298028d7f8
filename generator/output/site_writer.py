"""How MkDocs' files reach the new site: checked as they are written, and taken from the last
site, as hard links, when their bytes are the same.

Every file goes through :meth:`SiteWriter.write`, which checks a page's bytes for template
syntax left unrendered (which must never reach a reader) while they are in memory, instead
of reading the whole site back at the end, and records the path, so that the final scan
(:func:`generator.output.write.scan_template_syntax`) reads only what came some other way.

A build writes a whole new site beside the old one and swaps them at the end, so that a
failed or killed build leaves the old site whole. After an edit of one text, though, almost
every file of the new site has the bytes of the same file in the old one: at 150 pages in
five languages a rebuild wrote 3,350 files (180 MB) and deleted as many, most of its
system time. A file whose bytes equal the old site's file at the same place is instead
hard-linked to it: one directory entry, no data written, and deleting the old site then
frees nothing but names.

Why this is safe:
* only equal bytes are linked, compared in full (a size or a time stamp is not proof: the
  old site may have been edited by hand);
* until the swap, a linked file belongs to both sites, so it must never be written in
  place: every write through here removes what is at the destination first and writes a
  new file, never opening an existing one for writing;
* where links are not possible (another file system, a file system without them), the
  file is written as before.
"""

from __future__ import annotations

import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path

from generator.core.problem import Problem
from generator.output.write import template_syntax


@dataclass
class SiteWriter:
    """Writes into ``new`` (the staging folder), linking from ``old`` (the site it replaces, if any)."""

    old: Path | None
    new: Path
    linked: int = 0
    written: int = 0
    paths: list[str] = field(default_factory=list)
    """Every file written or linked, by absolute path."""
    problems: list[Problem] = field(default_factory=list)
    """Template syntax found in what was written."""
    _folders: dict[str, bool] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._real_old = os.path.realpath(self.old) if self.old is not None else None

    def _old_file(self, output_path: str, size: int) -> str | None:
        """The old site's file at the place of ``output_path``, if it is a file of ``size`` bytes."""
        if self._real_old is None:
            return None
        old = os.path.join(self._real_old, os.path.relpath(output_path, self.new))
        if not self._inside(os.path.dirname(old)):  # also a path outside the new site ("../")
            return None
        try:
            found = os.lstat(old)
        except OSError:
            return None
        return old if stat.S_ISREG(found.st_mode) and found.st_size == size else None

    def _inside(self, folder: str) -> bool:
        """Whether ``folder`` really is the folder it names in the old site: a symbolic link or
        a ``..`` on the way could lead to a file elsewhere, which must not become part of the
        site (once per folder)."""
        known = self._folders.get(folder)
        if known is None:
            known = self._folders[folder] = os.path.realpath(folder) == folder
        return known

    def _link(self, old: str, output_path: str) -> bool:
        _clear(output_path)
        try:
            os.link(old, output_path)
        except OSError:  # no links here: the caller writes the file
            return False
        self.linked += 1
        return True

    def write(self, content: bytes, output_path: str) -> None:
        """``mkdocs.utils.write_file``: ``content`` at ``output_path``, parent folders made."""
        os.makedirs(os.path.dirname(output_path), exist_ok=True)
        found = template_syntax(output_path, content)
        if found is not None:
            self.problems.append(found)
        self.paths.append(output_path)
        old = self._old_file(output_path, len(content))
        if old is not None and _read(old) == content and self._link(old, output_path):
            return
        _clear(output_path)
        with open(output_path, "xb") as handle:  # "x": never into a file that is still there
            handle.write(content)
        self.written += 1

    def copy(self, source_path: str, output_path: str) -> None:
        """``mkdocs.utils.copy_file``: the bytes of ``source_path`` at ``output_path``, which
        may name a folder; like ``shutil.copyfile``, which MkDocs uses, the mode is not copied."""
        if os.path.isdir(output_path):
            output_path = os.path.join(output_path, os.path.basename(source_path))
        if os.path.exists(output_path) and os.path.samefile(source_path, output_path):
            raise shutil.SameFileError(f"{source_path!r} and {output_path!r} are the same file")
        self.write(_read(source_path), output_path)


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def _clear(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
