"""An offline build: a site that works opened from disk (``file://``), search included.

What Material's offline plugin (``material/plugins/offline``) does, done so that it fits
this generator. That plugin turns MkDocs' directory URLs off, but the rules pages arrive as
finished HTML whose links are the directory URLs MkDocs would give (see
:mod:`generator.render.html_page`), and it loads a worker shim from a CDN. So the pages
are built as for a server and their links made explicit afterwards: a link to a folder
(``../reading/``) becomes a link to its ``index.html``, which a browser opens from disk
where it would otherwise show a folder listing. The search index is handed to the page as
a script (``search/search_index.js``, which Material's bundle loads itself under
``file:``). Chromium starts no Web Worker from a ``file:`` page and lets no script read a
file, so the text of every script the search worker loads is handed over as a script too
(:data:`SOURCES`), and ``theme/assets/javascripts/rulesite-offline.js`` starts the worker
from a blob of that text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

# The scripts an offline page loads before Material's bundle (its ``extra.polyfills``): the
# worker's scripts as text, then what starts the worker from them.
SOURCES = "assets/javascripts/rulesite-offline-sources.js"
POLYFILLS = [SOURCES, "assets/javascripts/rulesite-offline.js"]
# Where the search worker's scripts are, under assets/javascripts/: rulesite's worker,
# Material's, lunr's languages, and the stemmers rulesite adds.
WORKER_SCRIPTS = ("workers", "lunr/min", "vendor")

# href/src attributes as MkDocs, Material and the templates write them: double-quoted. A value
# with a scheme ("https:", "mailto:", "data:") or from the server root is left alone.
_ATTRIBUTE = re.compile(r'(\s(?:href|src)=")([^"#?:]*)([?#][^"]*)?"')
_REFRESH = re.compile(r'(<meta http-equiv="refresh" content="\d+; url=)([^"#?:]*)([?#][^"]*)?"')


def file_path(path: str) -> str:
    """``path`` as a browser opens it from disk: a folder's address as its ``index.html``."""
    if not path or path.startswith("/"):
        return path  # a link within the page, or from the server root (there is none offline)
    if path.endswith("/"):
        return path + "index.html"
    last = path.rsplit("/", 1)[-1]
    return path + "/index.html" if last in (".", "..") else path


def file_links(html: str) -> str:
    """Every relative link and source of ``html`` (a built page) made to work from disk."""
    def replace(match: re.Match[str]) -> str:
        return f'{match.group(1)}{file_path(match.group(2))}{match.group(3) or ""}"'

    return _REFRESH.sub(replace, _ATTRIBUTE.sub(replace, html))


def search_script(index: str) -> str:
    """``search/search_index.js`` from Material's ``search_index.json``: the index as a script
    (as Material's offline plugin writes it), with each result's address made to work from disk."""
    data = json.loads(index)
    for entry in data.get("docs", []):
        path, mark, anchor = entry.get("location", "").partition("#")
        entry["location"] = (file_path(path) if path else "index.html") + mark + anchor
    return "var __index = " + json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def worker_sources(site_dir: Path) -> str:
    """``rulesite-offline-sources.js`` of a built language: the text of each script the search
    worker may load, by its path under ``assets/javascripts/``."""
    scripts = site_dir / "assets" / "javascripts"
    texts = {path.relative_to(scripts).as_posix(): path.read_text(encoding="utf-8")
             for folder in WORKER_SCRIPTS for path in sorted((scripts / folder).glob("*.js"))}
    return "window.__rulesiteScripts = " + json.dumps(texts, ensure_ascii=False, separators=(",", ":")) + ";\n"
