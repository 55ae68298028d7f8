"""The parses of the last build, kept under ``build/`` so a rebuild parses only edited files.

Parsing YAML is most of the loading time of a large site. :func:`source.read` already
parses a file again only when its text changed, within one process (the preview); this
module carries those parses from one ``rulesite build`` to the next. An entry is used only
for a file whose whole text equals the text that was parsed, and the cache as a whole only
by the very code that wrote it (:func:`generator.cache.version.code_version`, part of each
file's seal), so a reused parse is exactly the parse the build would have made. The translation
checks found clean (``clean_memo``) travel beside them, under the same rule. Both are kept
with :mod:`generator.cache.journal`, so a rebuild after one edit writes only what changed,
sealed with this machine's key: a file from elsewhere, or damaged, is no cache (and is never
unpickled), and the next build writes it anew.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from generator.cache import clean_memo, journal, state
from generator.cache.version import code_version
from generator.read import source

FILE = "read-cache.pickle"
CLEAN_FILE = "clean-checks.pickle"


def take(build_dir: Path) -> None:
    """Make the parses the last build kept available to :func:`source.read`."""
    version = code_version()
    parses = journal.load(build_dir / FILE, version)
    clean = journal.load(build_dir / CLEAN_FILE, version)
    source.remember_parses({name: entry for name, entry in parses.entries.items()
                            if isinstance(entry, tuple) and len(entry) == 3})
    clean_memo.take(set(clean.entries))
    # What take() read from each build folder: only what changed since is written.
    state.current().taken[build_dir] = (parses, clean)


def keep(build_dir: Path, names: Iterable[str]) -> None:
    """Keep the parses of this build's files (``names``, display paths) for the next one."""
    version = code_version()
    parses, clean = state.current().taken.pop(build_dir, (None, None))
    journal.save(build_dir / FILE, version, source.parses(names), parses)
    journal.save(build_dir / CLEAN_FILE, version, dict.fromkeys(clean_memo.kept(), True), clean)
