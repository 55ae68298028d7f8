"""The parses of the last build, kept under ``build/`` so a rebuild parses only edited files.

Stage: build (it wraps the read stage: taken before reading, kept once everything is checked).

Parsing YAML is most of the loading time of a large site. :func:`source.read` already
parses a file again only when its text changed, within one process (the preview); this
module carries those parses from one ``rulesite build`` to the next. An entry is used only
for a file whose whole text equals the text that was parsed, and the cache as a whole only
by the very code that wrote it (a fingerprint of the read stage's modules and PyYAML's
version), so a reused parse is exactly the parse the build would have made. The translation
checks found clean (``clean_memo``) travel in the same file, under the same rule.
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Iterable

import yaml

from . import clean_memo, source
from .atomic import write_bytes
from .fingerprint import digest

FILE = "read-cache.pickle"
# The modules whose code decides what a parse gives.
_CODE = ("source.py", "screen.py", "problem.py", "check.py", "terms.py", "markup.py", "vocabulary.py", "clean_memo.py")


def _version() -> str:
    return digest(yaml.__version__, *(Path(__file__).with_name(name).read_bytes() for name in _CODE))


def take(build_dir: Path) -> None:
    """Make the parses the last build kept available to :func:`source.read`."""
    try:
        with (build_dir / FILE).open("rb") as handle:
            version, kept = pickle.load(handle)  # noqa: S301 (written by keep() under build/, never from elsewhere)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        return  # no cache, or one this code cannot read: parse everything
    if version == _version() and isinstance(kept, tuple) and len(kept) == 2:
        parses, clean = kept
        if isinstance(parses, dict) and isinstance(clean, set):
            source.remember_parses(parses)
            clean_memo.take(clean)
            _TAKEN[build_dir] = (parses, clean)


# What take() read from each build folder: a build that changes nothing writes nothing.
_TAKEN: dict[Path, tuple[dict, set]] = {}


def keep(build_dir: Path, names: Iterable[str]) -> None:
    """Keep the parses of this build's files (``names``, display paths) for the next one."""
    parses, clean = source.parses(names), clean_memo.kept()
    taken = _TAKEN.pop(build_dir, None)
    if taken is not None and clean == taken[1] and parses.keys() == taken[0].keys() \
            and all(parses[name][0] == taken[0][name][0] for name in parses):
        return  # the folder holds the parses of these very texts, and these clean checks, already
    write_bytes(build_dir / FILE, pickle.dumps((_version(), (parses, clean)), protocol=pickle.HIGHEST_PROTOCOL))
