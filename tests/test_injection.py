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

The hand-written pages (``content/<lang>/*.md``) are held to the same rule: every vector goes
into every place of every one of them (a paragraph, a heading, a list, a table, a quote, an
admonition, emphasis, the front matter's title), and is refused by ``rulesite check`` or
built and inert (:func:`test_every_vector_in_a_hand_written_page_is_refused_or_inert`).
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


def _browse(site: Path, pages: list[str], languages: list[str]) -> tuple[list[str], int]:
    """Open each page of ``pages`` (paths under ``site``) and each language's search results
    in Chromium: what the marker made, every dialog and request off the site; and how many
    search results were shown."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(type("Q", (SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}),
                                                   directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    from playwright.sync_api import sync_playwright

    findings: list[str] = []
    searched = 0
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
            for code in languages:  # each search index, rendered as results
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
    return findings, searched


def test_every_vector_is_inert_in_chromium(hostile_site, capsys):
    built, targets, kinds, in_build, refused_pairs = hostile_site
    site = built.site
    assert in_build > 0 and len(kinds) > 20
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    findings, searched = _browse(site, pages, built.languages)
    with capsys.disabled():
        print(f"\ninjection: {len(VECTORS)} vectors x {len(kinds)} kinds of string ({len(targets)} strings); "
              f"{in_build} vector-string pairs built and inert on {len(pages)} pages, "
              f"{refused_pairs} refused by check; {searched} search results shown")
    assert searched > 0
    assert findings == []


# --------------------------------------------------------------------------- hand-written pages

# Where a vector goes in a hand-written page (content/<lang>/*.md): each a block appended to
# the page ({} is the vector), or the front matter's title. Lines are counted as appended.
CONTEXTS = {
    "paragraph": "{}\n",
    "heading": "## Heading {}\n\nText.\n",
    "list": "- item {}\n- other\n",
    "table": "| a | b |\n|---|---|\n| {} | x |\n",
    "quote": "> {}\n",
    "admonition": '!!! note "Note {}"\n    Text {}\n',
    "emphasis": "*{}* and **{}**\n",
}
FRONT = "title"


def _titled(text: str) -> bool:
    return text.startswith("---\n") and "\ntitle: " in text.split("\n---\n", 1)[0]


def _content_targets(root: Path) -> list[tuple[Path, str]]:
    """Every place of every hand-written page: each context, and the title where there is one."""
    pages = sorted((root / "content").rglob("*.md"))
    return [(page, context) for page in pages for context in CONTEXTS] + [
        (page, FRONT) for page in pages if _titled(page.read_text(encoding="utf-8"))]


def _inject_content(root: Path, plan: dict[tuple[Path, str], str]) -> dict[tuple[Path, str], set[int]]:
    """Write every hand-written page as the original plus its planned vectors; the lines of each."""
    lines: dict[tuple[Path, str], set[int]] = {}
    for page in sorted({path for path, _ in plan}):
        text = (ROOT / page.relative_to(root)).read_text(encoding="utf-8")
        title = plan.get((page, FRONT), "")
        if title and _titled(text):
            old = re.search(r"^title: (.*)$", text, re.MULTILINE)
            value = json.dumps(old.group(1).strip("\"'") + " " + title, ensure_ascii=False)
            text = text[:old.start(1)] + value + text[old.end(1):]
            lines[(page, FRONT)] = {text.count("\n", 0, old.start()) + 1}
        for context, block in CONTEXTS.items():
            vector = plan.get((page, context), "")
            if vector:
                text = text.rstrip("\n") + "\n\n"
                first = text.count("\n") + 1
                lines[(page, context)] = {first + number for number, line in enumerate(block.split("\n"))
                                          if "{}" in line}
                text += block.replace("{}", vector)
        page.write_text(text, encoding="utf-8")
    return lines


def _refused_content(root: Path, plan: dict[tuple[Path, str], str]) -> set[tuple[Path, str]]:
    """The planned targets that the loader reports an error at (by page and line)."""
    lines = _inject_content(root, plan)
    _, problems = load(root)
    errors = {(p.file, p.line) for p in problems if p.level == "error"}
    return {target for target, numbers in lines.items()
            if any((target[0].relative_to(root).as_posix(), line) in errors for line in numbers)}


@pytest.fixture(scope="module")
def hostile_content(tmp_path_factory):
    """The project with every vector in every context of every hand-written page: those that
    check refuses are left out, the others built together."""
    root = tmp_path_factory.mktemp("hostile-content") / "project"
    for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, root / name)
    targets = _content_targets(root)
    accepted: dict[tuple, list[str]] = {t: [] for t in targets}
    refused: dict[str, int] = {}
    for name, vector in VECTORS.items():
        found = _refused_content(root, {t: vector for t in targets})
        refused[name] = len(found)
        for target in targets:
            if target not in found:
                accepted[target].append(name)
    plan = {t: " ".join(VECTORS[n] for n in names) for t, names in accepted.items()}
    for _ in range(3):
        clash = _refused_content(root, plan)
        if not clash:
            break
        for target in clash:
            plan[target], accepted[target] = "", []
    _inject_content(root, plan)
    built = build(root, site_dir=root / "site")
    return built, targets, accepted, refused


def test_every_vector_in_a_hand_written_page_is_refused_or_inert(hostile_content, capsys):
    """The same vectors in the hand-written pages (a translator's content/pl/reading.md as much
    as the guide): refused by ``rulesite check`` where they would become markup, and inert in
    Chromium where they are built."""
    built, targets, accepted, refused = hostile_content
    site = built.site
    in_build = sum(len(names) for names in accepted.values())
    # Each page a hand-written one shows: its own, or the source language's as a fallback.
    names = sorted({"/".join(page.with_suffix("").relative_to(site.parent / "content").parts[1:]) for page, _ in targets})
    pages = sorted(f"{code}/{name}/index.html" for code in built.languages for name in names
                   if (site / code / name / "index.html").exists())
    findings, searched = _browse(site, pages, built.languages)
    with capsys.disabled():
        print(f"\ninjection, hand-written pages: {len(VECTORS)} vectors x {len(targets)} places "
              f"({len(CONTEXTS) + 1} per page); {sum(refused.values())} vector-place pairs refused by check "
              f"({', '.join(f'{name} {count}' for name, count in refused.items())}), "
              f"{in_build} built and inert on {len(pages)} pages; {searched} search results shown")
    # Every vector that Python-Markdown would pass on as a tag, and template syntax, is refused
    # in every place. The others may be built: Python-Markdown writes the event-handler vector
    # as text (its quoted attribute is no tag to it), and a title's javascript: link is text.
    for name in ("script-tag", "svg-onload", "close-title", "template-syntax"):
        assert refused[name] == len(targets), (name, refused[name])
    titles = sum(1 for _, context in targets if context == FRONT)
    assert refused["javascript-url"] >= len(targets) - titles, refused  # a title is text, not a link
    assert in_build > 0 and searched > 0
    assert findings == []
