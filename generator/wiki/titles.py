"""Where a wiki page's title comes from, when nothing inside the file says it.

A "View source" copy saved without its first line begins with the page's own markup
(``{{UX``, ``<translate>``, a rule box), which is never a title. Such a file is named by
``--title`` or by its file name, the way a wiki team saves pages: ``Inns_and_Cathedrals.wikitext``
is the page "Inns and Cathedrals" (an underscore is a space, as in the wiki's addresses),
``The_Tower_nl.wikitext`` and ``The Tower/nl.wikitext`` its Dutch subpage "The Tower/nl".

A suffix counts as a language only when Babel knows a language of that code: ``Lord_of_the_zz``
keeps its last word, and a word that merely has the shape of a code is not taken for one.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from babel import localedata

from generator.core.vocabulary import LANGUAGE_CODE

# How each page says where its title came from, in the report's words ("title from ...").
FROM_EXPORT = "the export's <title>"
FROM_OPTION = "--title"
FROM_VIEW_SOURCE = "the 'View source for' line"
FROM_FILE_NAME = "the file name"

_LANGUAGE_CODE = re.compile(LANGUAGE_CODE)


def is_language(code: str) -> bool:
    """``code`` is a language code (lower case, as subpage titles write it) that Babel knows."""
    return bool(_LANGUAGE_CODE.match(code)) and localedata.exists(code)


def _spaced(name: str) -> str:
    return " ".join(name.replace("_", " ").split())


def file_name_title(path: Path) -> str:
    """The page title a file's name gives, with ``/xx`` when the name marks a language subpage."""
    stem = path.stem
    if is_language(stem):
        # "The Tower/nl.wikitext": the folder is the page. The absolute path gives a folder
        # name even when the file was named relative to the current folder.
        folder = Path(os.path.abspath(path)).parent.name
        if folder:
            return f"{_spaced(folder)}/{stem}"
    base, underscore, code = stem.rpartition("_")
    if underscore and base.strip("_ ") and is_language(code):
        return f"{_spaced(base)}/{code}"
    return _spaced(stem)


def with_language(title: str, named: str) -> str:
    """``title`` (from ``--title``) keeps the language subpage that ``named`` (the title found in
    the file) marks, unless it names a subpage itself."""
    if "/" in title:
        return title
    base, slash, code = named.rpartition("/")
    return f"{title}/{code}" if slash and base and is_language(code) else title


def described(title: str, language: str | None, origin: str) -> str:
    """One line of the report: which page a file was read as, and where its title came from."""
    page = f"{title}/{language}" if language else title
    return f"the page {page!r} (title from {origin})"
