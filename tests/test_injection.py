"""Hostile text in every kind of string the data has, built and opened in real Chromium.

Every vector of :data:`VECTORS` goes into every string of the data (titles, names, unit
texts, captions, interface strings, site title and description, publisher and printing
names, translations), all in one build: each string receives its original text followed by
every vector that ``rulesite check`` accepts in it (tile catalogue and termbase files
included); vectors that check refuses are
recorded as refused (that is a pass too: they never reach a page). The site, every
language of it, is then opened page by page, and no page may open a dialog, create an
element or attribute carrying the marker, run the marker script, or request anything
outside the site.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.build import build
from generator.project import load
from generator.read.source import read

from .conftest import ROOT
from .test_browser import CHROMIUM, FLAGS

pytestmark = [pytest.mark.browser, pytest.mark.build]

MARK = "rsxss"
VECTORS = {
    "script-tag": f"<script>window.{MARK}=1;alert('{MARK}')</script>",
    "event-handler": f"<img src=x data-{MARK}=1 onerror=alert('{MARK}')>",
    "attr-break-double": f'x" data-{MARK}="1" autofocus onfocus="alert(\'{MARK}\')" y="',
    "attr-break-single": f"x' data-{MARK}='1' autofocus onfocus='alert(1)' y='",
    "meta-refresh": f'0;url=https://{MARK}.invalid/" http-equiv="refresh',
    "entity-tags": f"&lt;/title&gt;&lt;img src=x data-{MARK}=1 onerror=alert(1)&gt;",
    "javascript-url": f"[go](javascript:alert('{MARK}')) javascript:alert('{MARK}')",
    "template-syntax": "{{ config.site_name }}{% if true %}{# c #}",
    "attr-list": f"x{{: onclick=\"alert('{MARK}')\" data-{MARK}=1 }}",
    "svg-onload": f"<svg onload=alert('{MARK}')></svg>",
    "json-break": f"\"}}];alert('{MARK}');//",
    "close-title": f"</title><img src=x data-{MARK}=1 onerror=alert(1)>",
}
_ID = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$|^[A-Z]{1,3}[0-9]*$|^#[0-9a-fA-F]{3,6}$|^[0-9a-f]{12}$")
# Keys whose values are ids, codes or fingerprints: changing them breaks references, not escaping.
# ("source" is not skipped: a tile file's source is text; a translation's source fingerprint
# and a term's source id are ids, which _ID leaves alone.)
_SKIP_KEYS = {"id", "ref", "page", "section", "publisher", "printing", "edition", "code", "css",
              "source_text", "lang", "language", "icon", "date", "years", "country_code", "type", "kind"}


# Any element or attribute the marker created, an event handler or javascript: URL
# carrying it, or the marker script having run.
DETECT = """mark => {
    const bad = [];
    for (const el of document.querySelectorAll('*'))
      for (const a of el.attributes)
        if (a.name.includes(mark) || (a.name.startsWith('on') && a.value.includes(mark))
            || /^\\s*javascript:/i.test(a.value))
          bad.push(el.tagName + ' ' + a.name);
    if (window[mark]) bad.push('script ran');
    return bad;
}"""


def _kind(relative: str, path: tuple) -> str:
    folder = "translation" if relative.startswith("rules_data/translations/") else Path(relative).parent.name
    parts = [str(p) if not isinstance(p, int) else "[]" for p in path]
    if parts[:1] in (["units"], ["strings"]) and len(parts) > 1:
        parts[1] = "*"  # one kind for all units or strings of a document
    return f"{folder}/{Path(relative).stem if folder in ('rules_data', 'translation') else '*'}:{'.'.join(parts)}"


def _targets(root: Path) -> list[tuple[Path, tuple]]:
    files = sorted((root / "rules_data").glob("*.yaml")) + sorted((root / "rules_data" / "pages").glob("*.yaml"))
    files += sorted((root / "rules_data" / "translations").glob("*/*.yaml")) + sorted((root / "examples").glob("*.yaml"))
    # The tile catalogue (names, sources, statements) and the termbase (terms, notes).
    files += sorted((root / "rules_data" / "tiles").glob("*.yaml")) + sorted((root / "rules_data" / "terms").glob("*.yaml"))
    found = []
    for path in files:
        source, _ = read(path)
        for key, (start, end, style) in source.spans.items():
            value = _value(source.data, key)
            if not isinstance(value, str) or not key or key[-1] in _SKIP_KEYS or _ID.match(value) or len(value) < 2:
                continue
            found.append((path, key))
    return found


def _value(data, key):
    for part in key:
        data = data[part]
    return data


def _inject(root: Path, plan: dict[tuple[Path, tuple], str]) -> None:
    """Rewrite each planned string as its original text plus the planned vectors."""
    by_file: dict[Path, list[tuple[tuple, str]]] = {}
    for (path, key), addition in plan.items():
        by_file.setdefault(path, []).append((key, addition))
    for path, items in by_file.items():
        original = ROOT / path.relative_to(root)
        source, _ = read(original)
        text = source.text
        edits = []
        for key, addition in items:
            start, end, _ = source.spans[key]
            # A block scalar's span takes its line break with it; the one-line value needs it back.
            tail = "\n" if text[start:end].endswith("\n") else ""
            edits.append((start, end, json.dumps(_value(source.data, key) + (" " + addition if addition else ""),
                                                 ensure_ascii=False) + tail))
        for start, end, value in sorted(edits, reverse=True):
            text = text[:start] + value + text[end:]
        path.write_text(text, encoding="utf-8")


def _refused(root: Path, plan: dict) -> set[tuple[Path, tuple]]:
    """The planned strings that the loader reports an error in (matched by line)."""
    _inject(root, plan)
    _, problems = load(root)
    lines = {(p.file, p.line) for p in problems if p.level == "error"}
    refused = set()
    for path, key in plan:
        source, _ = read(path, path.relative_to(root).as_posix())
        if (source.file, source.where(key)[0]) in lines:
            refused.add((path, key))
    return refused


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile") / "project"
    for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, root / name)
    targets = _targets(root)
    accepted: dict[tuple, list[str]] = {t: [] for t in targets}
    refused_pairs = 0
    for name, vector in VECTORS.items():  # one load per vector: which strings refuse it
        refused = _refused(root, {t: vector for t in targets})
        refused_pairs += len(refused)
        for target in targets:
            if target not in refused:
                accepted[target].append(name)
    plan = {t: " ".join(VECTORS[n] for n in names) for t, names in accepted.items()}
    for _ in range(3):  # vectors that pass alone may still clash together (e.g. '*' pairs)
        clash = _refused(root, plan)
        if not clash:
            break
        for target in clash:
            plan[target] = ""
            accepted[target] = []
    _inject(root, plan)
    built = build(root, site_dir=root / "site")
    kinds = {_kind(t[0].relative_to(root).as_posix(), t[1]) for t in targets}
    in_build = sum(len(names) for names in accepted.values())
    return built, targets, kinds, in_build, refused_pairs


def test_every_vector_is_inert_in_chromium(hostile_site, capsys):
    built, targets, kinds, in_build, refused_pairs = hostile_site
    site = built.site
    assert in_build > 0 and len(kinds) > 20
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(type("Q", (SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}),
                                                   directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    from playwright.sync_api import sync_playwright

    findings: list[str] = []
    searched = 0
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        context = browser.new_context()
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                      else (findings.append(f"request off the site: {route.request.url}"), route.abort()))
        page = context.new_page()
        page.on("dialog", lambda dialog: (findings.append(f"dialog {dialog.message!r} on {page.url}"), dialog.dismiss()))
        try:
            for relative in pages:
                page.goto(f"{base}/{relative}", wait_until="load", timeout=60000)
                page.wait_for_timeout(150)
                created = page.evaluate(DETECT, MARK)
                findings += [f"{relative}: {item}" for item in created]
                if not page.url.startswith(base):
                    findings.append(f"{relative}: navigated to {page.url}")
            for code in built.languages:  # each search index, rendered as results
                page.goto(f"{base}/{code}/", wait_until="networkidle", timeout=60000)
                page.locator("input.md-search__input").click()
                page.locator("input.md-search__input").press_sequentially("onerror", delay=20)
                page.locator(".md-search-result__item").first.wait_for(state="visible", timeout=30000)
                searched += page.locator(".md-search-result__item").count()
                page.wait_for_timeout(500)
                findings += [f"search {code}: {item}" for item in page.evaluate(DETECT, MARK)]
        finally:
            browser.close()
            server.shutdown()
    with capsys.disabled():
        print(f"\ninjection: {len(VECTORS)} vectors x {len(kinds)} kinds of string ({len(targets)} strings); "
              f"{in_build} vector-string pairs built and inert on {len(pages)} pages, "
              f"{refused_pairs} refused by check; {searched} search results shown")
    assert searched > 0
    assert findings == []
