"""What the data folders may hold: regular files, under names that print.

A FIFO, a socket or a device where a data file or hand-written page is read would hang or
never end the read; a symbolic link could read, or publish, a file from anywhere; a name
with a line break would split the ``FILE:LINE:COL`` line of its problem. Git cannot hold
FIFOs or sockets, so each is made here, at test time, in a copy of the minimal project, in
every folder the reader reads (``content/`` too, every file of which MkDocs publishes),
and ``rulesite check`` runs in a subprocess with a timeout: a reader that hangs again fails
the test instead of blocking the suite. Then page ids that would take a generated page's
place (``reserved-id``), and the hand-written pages' own rule: no raw HTML.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from generator.core import vocabulary
from generator.core.vocabulary import reserved_names
from generator.check.known import published_names
from generator.project import load
from generator.read import screen, source
from generator.read.screen import screen_markdown

from .conftest import FIXTURES, ROOT

SECRET = "root:x:0:0:SECRET-LINE-OF-AN-OUTSIDE-FILE:/root:/bin/bash"
# Every folder the reader lists, by a file name pattern there ({} is the name).
FOLDERS = {
    "pages": "rules_data/pages/{}.yaml",
    "tiles": "rules_data/tiles/{}.yaml",
    "translations": "rules_data/translations/nl/{}.yaml",
    "terms": "rules_data/terms/{}.yaml",
    "examples": "examples/{}.yaml",
    "content": "content/en/{}.md",
    "content-file": "content/en/{}.txt",
    "content-shared": "content/{}.css",
}
# A problem line as the command prints it: FILE:LINE:COL: level [code] message, one line each.
PROBLEM_LINE = re.compile(r"^\S.*:\d+:\d+: (?:error|warning) \[[a-z-]+\] .+$")
TIMEOUT = 60


def rulesite(root: Path, *args: str | Path, timeout: int = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """The command line in a subprocess, killed (and the test failed) after ``timeout`` seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *map(str, args)],
                          capture_output=True, text=True, cwd=root, env=env, timeout=timeout)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The minimal project with hand-written pages, and a file outside it holding a secret."""
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "minimal", target)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", target / "rules_data" / "ui.yaml")
    (target / "content" / "en").mkdir(parents=True)
    (target / "content" / "en" / "guide.md").write_text("# Guide\n\nText <!-- a comment -->.\n", encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    return target


def _socket(path: Path) -> None:
    # A socket's path is limited to about 100 bytes: bound from its own folder, by its name.
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(path.name)
        sock.close()  # the socket file stays
    finally:
        os.chdir(here)


def _device(path: Path) -> None:
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # /dev/null's numbers
    except PermissionError:
        pytest.skip("making a device needs privileges this run does not have")


def _inside(path: Path) -> None:
    # A link to a file of the project: the real file is kept in rules_data/store/, which no
    # listing reads, and the link takes its place.
    store = _root(path) / "rules_data" / "store" / path.relative_to(_root(path))
    store.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.move(path, store)
    else:
        store.write_text("body { color: black; }\n" if path.suffix == ".css" else "text\n", encoding="utf-8")
    path.symlink_to(os.path.relpath(store, path.parent))


def _root(path: Path) -> Path:
    return next(parent for parent in path.parents if (parent / "rules_data").is_dir())


# What each kind of hazard is made of: (a name for the file, how it is made, the code, words of the message).
MAKERS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "fifo": ("pipe", os.mkfifo),
    "socket": ("sock", _socket),
    "device": ("null", _device),
    "folder": ("folder", lambda path: path.mkdir()),
    "outside": ("leak", lambda path: path.symlink_to(_root(path).parent / "outside" / "passwd")),
    "folder-link": ("linked", lambda path: path.symlink_to(_root(path) / "rules_data", target_is_directory=True)),
    "loop": ("loop", lambda path: path.symlink_to(path.name)),
    "dangling": ("gone", lambda path: path.symlink_to("nowhere.yaml")),
    "inside": ("", _inside),
    "newline": ("two\nlines", lambda path: path.write_text("x", encoding="utf-8")),
    "control": ("bell\x07", lambda path: path.write_text("x", encoding="utf-8")),
    "not-utf8": (os.fsdecode(b"caf\xe9"), lambda path: path.write_text("x", encoding="utf-8")),
}


def _existing(project: Path, pattern: str) -> Path:
    """The folder's first real file, made when the folder has none (content/en/x.txt)."""
    folder = project / Path(pattern).parent
    found = sorted(folder.glob("*" + Path(pattern).suffix))
    return found[0] if found else folder / pattern.rsplit("/", 1)[1].format("kept")


@pytest.mark.parametrize("kind, code, words", [
    ("fifo", "not-a-file", "a named pipe (FIFO), not a file"),
    ("socket", "not-a-file", "a socket, not a file"),
    ("device", "not-a-file", "a device, not a file"),
    ("folder", "not-a-file", "a folder, not a file"),
    ("outside", "bad-symlink", "outside the project's rules_data/, examples/, content/"),
    ("folder-link", "bad-symlink", "a symbolic link to a folder"),
    ("loop", "bad-symlink", "a symbolic link in a loop"),
    ("dangling", "bad-symlink", "a symbolic link to nothing"),
    ("inside", None, ""),
    ("newline", "bad-file-name", "a file name with a line break"),
    ("control", "bad-file-name", "a file name with a line break"),
    ("not-utf8", "bad-file-name", "a file name with a line break"),
], ids=["fifo", "socket", "device", "folder", "outside", "folder-link", "loop", "dangling", "inside", "newline",
        "control", "not-utf8"])
def test_every_data_folder_refuses_what_is_not_a_file(project, kind, code, words):
    """Each hazard in every folder at once: ``rulesite check`` ends in bounded time, with each
    one's problem at its escaped path, on one line, quoting nothing of what it refused."""
    name, make = MAKERS[kind]
    expected = []
    for folder, pattern in FOLDERS.items():
        if kind == "folder" and folder.startswith("content"):
            continue  # a folder under content/ is walked: its files are looked at one by one
        path = _existing(project, pattern) if kind == "inside" else project / pattern.format(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        make(path)
        expected.append(source.shown(path.relative_to(project).as_posix()))
    run = rulesite(project, "check")
    output = run.stdout + run.stderr
    assert "Traceback" not in output and "SECRET" not in output, output
    if code is None:  # links inside the project are followed: the project stays clean
        assert run.returncode == 0, output
        return
    assert run.returncode == 1, output
    lines = [line for line in run.stderr.splitlines() if not re.fullmatch(r"\d+ error\(s\), \d+ warning\(s\)", line)]
    assert all(PROBLEM_LINE.match(line) for line in lines), lines
    for display in expected:
        assert any(line.startswith(f"{display}:1:1: error [{code}] ") and words in line for line in lines), \
            (display, lines)
    assert len(lines) == len(expected), lines  # nothing else: no cascade from a refused file


def test_build_refuses_the_same_files_before_mkdocs_sees_them(tmp_path):
    """``rulesite build`` on the real project with hazards in content/: every one reported, in
    bounded time, and no site written (the leak of /etc/passwd as site/en/leak.txt among them)."""
    project = tmp_path / "project"
    for name in ("rules_data", "examples", "content", "theme", "mkdocs.yml"):
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, project / name)
    (tmp_path / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    en = project / "content" / "en"
    os.mkfifo(en / "pipe.md")
    (en / "leak.txt").symlink_to(tmp_path / "passwd")
    (en / "folder").symlink_to(tmp_path, target_is_directory=True)
    (en / "loop.md").symlink_to("loop.md")
    (en / "odd\nname.md").write_text("# Odd\n", encoding="utf-8")
    (en / "hostile.md").write_text("# Hostile\n\n<script>alert(1)</script>\n", encoding="utf-8")
    run = rulesite(project, "build", timeout=300)
    assert run.returncode == 1 and "Traceback" not in run.stderr and "SECRET" not in run.stderr, run.stderr
    for line in ("content/en/pipe.md:1:1: error [not-a-file]", "content/en/leak.txt:1:1: error [bad-symlink]",
                 "content/en/folder:1:1: error [bad-symlink]", "content/en/loop.md:1:1: error [bad-symlink]",
                 "content/en/odd\\nname.md:1:1: error [bad-file-name]", "content/en/hostile.md:3:1: error [raw-html]"):
        assert line in run.stderr, run.stderr
    assert not (project / "site").exists()


def test_mkdocs_is_handed_only_the_files_the_reader_admits(tmp_path):
    """The MkDocs plugin filters content/ as the reader does (MkDocs itself follows linked
    folders and copies every file): run on MkDocs' own listing of a hostile content folder."""
    from mkdocs.structure.files import get_files

    from generator.site import adapter
    from generator.site.plugin import RulesitePlugin

    project = tmp_path / "project"
    (project / "content" / "en").mkdir(parents=True)
    (project / "rules_data").mkdir()
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "passwd").write_text(SECRET, encoding="utf-8")
    en = project / "content" / "en"
    (en / "guide.md").write_text("# Guide\n", encoding="utf-8")
    (project / "rules_data" / "kept.md").write_text("# Kept\n", encoding="utf-8")
    (en / "kept.md").symlink_to(project / "rules_data" / "kept.md")  # inside: followed
    os.mkfifo(en / "pipe.md")
    (en / "leak.txt").symlink_to(tmp_path / "outside" / "passwd")
    (en / "outside").symlink_to(tmp_path / "outside", target_is_directory=True)
    (en / "inner").symlink_to(project / "rules_data", target_is_directory=True)
    (en / "loop.md").symlink_to("loop.md")
    (en / "odd\x07.md").write_text("# Odd\n", encoding="utf-8")
    mkdocs_yml = project / "mkdocs.yml"
    mkdocs_yml.write_text(f"site_name: t\ndocs_dir: {project / 'content'}\nsite_dir: {tmp_path / 'site'}\n",
                          encoding="utf-8")
    config = adapter.load_config(mkdocs_yml)
    config.plugins._current_plugin = "rulesite"  # as MkDocs sets it while the plugin's event runs
    plugin = RulesitePlugin()
    plugin.root, plugin.lang, plugin.source, plugin.codes, plugin.files, plugin.dirty = \
        project.resolve(), "en", "en", {"en"}, {}, None
    kept = plugin.on_files(get_files(config), config)
    assert sorted(file.src_uri for file in kept) == ["guide.md", "kept.md"]


def test_an_odd_path_is_never_chosen_for_a_page():
    choice = adapter_choose(["en/guide.md", "en/odd\n.md", "en/bad\udce9.md", "shared\x07.css"])
    assert (choice.own, choice.shared) == ({"guide.md": "en/guide.md"}, [])


def adapter_choose(paths: list[str]):
    from generator.site.adapter import choose_pages

    return choose_pages(paths, "en", "en", ["en"])


def test_file_names_are_shown_on_one_line_and_read_back():
    assert source.shown("content/en/reading.md") == "content/en/reading.md"
    assert source.shown("a\nb") == "a\\nb"
    assert source.shown(os.fsdecode(b"caf\xe9\\.md")) == "caf\\xe9\\\\.md"
    assert source.shown("bell\x07\u2028") == "bell\\x07\\u2028"
    assert all(source.shown(name).isprintable() for name in ("a\nb", "\x00", os.fsdecode(b"\xff\xfe")))


@pytest.mark.parametrize("command", ["score", "draw"])
def test_score_and_draw_refuse_a_fifo_and_a_rulesets_link_out_of_the_project(project, tmp_path, command):
    shutil.copy(ROOT / "rules_data" / "rulesets.yaml", project / "rules_data" / "rulesets.yaml")
    os.mkfifo(project / "board.yaml")
    out = ["-o", str(tmp_path / "board.svg")] if command == "draw" else []
    run = rulesite(project, command, "board.yaml", *out)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith("board.yaml:1:1: error [not-a-file] a named pipe (FIFO)"), run.stderr
    rulesets = project / "rules_data" / "rulesets.yaml"
    rulesets.unlink()
    rulesets.symlink_to(tmp_path / "outside" / "passwd")
    run = rulesite(project, command, FIXTURES / "scenarios" / "valid" / "city-mage-tie.yaml", *out)
    assert run.returncode == 1 and "SECRET" not in run.stderr and "[bad-symlink]" in run.stderr, run.stderr


# --------------------------------------------------------------------------- reserved ids


def _content_names() -> dict[str, str]:
    """The names the project's own content/ publishes at the top of a language's site."""
    files = source.Files(ROOT)
    source.read_content(files)
    return published_names(files.published)


RESERVED = reserved_names(_content_names())
PAGE = """id: "{id}"
expansion: alpha
editions: [C1]
title: Reserved
info: {{publisher: hig, year: 2012}}
sections:
  - id: rules
    title: Rules
    blocks:
      - paragraph: [{{id: a, text: Text.}}]
"""


def test_the_reserved_names_are_every_name_the_site_writes_beside_its_pages(minimal):
    """The list and the renderer agree: every name the generator writes at the top of a
    language's site, but the rules pages' own, is reserved, and every generated name is written."""
    from generator.project import load_checked
    from generator.render.generate import render_language
    from generator.render.pictures import picture_files

    project = load_checked(minimal)
    written = set(render_language(project, "en").files)
    tops = {name.split("/", 1)[0] for name in written} - {f"{page}.md" for page in project.pages}
    assert {name.removesuffix(".md") for name in tops} <= set(RESERVED)
    assert set(vocabulary.GENERATED) <= tops  # no stale name in the list
    assert all(path.startswith(vocabulary.PICTURES_FOLDER + "/") for path in picture_files(project))
    assert {"reading", "contributing", "scenario-format"} <= set(RESERVED)  # the hand-written pages


def test_the_reserved_names_hold_what_mkdocs_and_material_write():
    """The theme's static templates and the files MkDocs copies from the theme (asked of
    MkDocs itself, on the project's mkdocs.yml), the search plugin's folder, the gzipped sitemap."""
    from mkdocs.structure.files import Files

    from generator.site.adapter import load_config

    config = load_config(ROOT / "mkdocs.yml")
    files = Files([])
    files.add_files_from_theme(config.theme.get_env(), config)
    outputs = {file.dest_uri.split("/", 1)[0] for file in files} | set(config.theme.static_templates)
    outputs |= {"search", "sitemap.xml.gz"}  # written by the search plugin and by MkDocs beside sitemap.xml
    assert outputs <= set(vocabulary.SITE_FILES), outputs - set(vocabulary.SITE_FILES)


@pytest.fixture
def with_content(minimal):
    """The minimal project with every hand-written page of the real one (in its source language)."""
    for path in sorted((ROOT / "content").rglob("*")):
        parts = path.relative_to(ROOT / "content").parts
        target = minimal / "content" / "en" / Path(*parts[1:]) if len(parts) > 1 else minimal / "content" / parts[0]
        if path.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return minimal


@pytest.mark.parametrize("page_id", sorted(RESERVED))
def test_every_reserved_id_is_refused_where_the_id_is(with_content, page_id):
    (with_content / "rules_data" / "pages" / f"{page_id}.yaml").write_text(PAGE.format(id=page_id), encoding="utf-8")
    _, problems = load(with_content)
    errors = [p for p in problems if p.level == "error"]
    assert [(p.file, p.line, p.column, p.code) for p in errors] == [
        (f"rules_data/pages/{page_id}.yaml", 1, 5, "reserved-id")]
    assert RESERVED[page_id].rsplit(" ", 1)[-1].rsplit("/", 1)[-1] in errors[0].message


def test_a_page_id_beside_the_reserved_ones_is_accepted(with_content):
    (with_content / "rules_data" / "pages" / "legends.yaml").write_text(PAGE.format(id="legends"), encoding="utf-8")
    assert [p for p in load(with_content)[1] if p.level == "error"] == []


# --------------------------------------------------------------------------- raw HTML in hand-written pages

@pytest.mark.parametrize("text, expected", [
    ("# T\n\nSome <script>alert(1)</script>.\n", [(3, 6, "raw-html"), (3, 22, "raw-html")]),
    ("# T\n\n<div onclick=alert(1)>\nhi\n</div>\n", [(3, 1, "raw-html")]),
    ("# T\n\n<img src=x onerror=alert(1)>\n", [(3, 1, "raw-html")]),
    ("# T\n\n<!--> <script>alert(1)</script> -->\n", [(3, 1, "raw-html")]),
    ("# T\n\n<div markdown>\n*md in html*\n</div>\n", [(3, 1, "raw-html")]),
    ("# T\n\n<?php echo 1; ?>\n", [(3, 1, "raw-html")]),
    ("# T {: onclick=\"alert(1)\" }\n", [(1, 8, "raw-html")]),
    ("# T\n\nText.\n{: data-x=1 }\n", [(4, 4, "raw-html")]),
    ("# T\n\n[go](javascript:alert(1))\n", [(3, 6, "unsafe-link")]),
    ("# T\n\n[go](jav&#x61;script:alert(1)) ![x](data:image/svg+xml,x)\n", [(3, 6, "unsafe-link"),
                                                                         (3, 37, "unsafe-link")]),
    ("# T\n\n[go][1]\n\n[1]: VBScript:x\n", [(5, 6, "unsafe-link")]),
    ("# T {{ config.site_name }}\n", [(1, 5, "template-syntax")]),
    ("# T\n\n    <!-- rulesite:raw -->\n    <script>x</script>\n    <!-- /rulesite:raw -->\n",
     [(3, 10, "raw-html"), (5, 11, "raw-html")]),
    ("---\ntitle: T\nrulesite_body: html\n---\n\n    <script>x</script>\n", [(3, 1, "raw-html")]),
    ("rulesite_body: html\n\n    <script>x</script>\n", [(1, 1, "raw-html")]),
    ("---\ntitle: <b>T</b>\n---\n\n# T\n", [(2, 8, "raw-html"), (2, 12, "raw-html")]),
    ("---\na: &a [1]\nb: *a\n---\n\n# T\n", [(2, 4, "yaml-alias"), (3, 4, "yaml-alias")]),
    ("`<script>` here, then <b>bold</b>\n", [(1, 23, "raw-html"), (1, 30, "raw-html")]),
], ids=["script-tag", "html-block", "event-handler", "abrupt-comment", "md-in-html", "processing-instruction",
        "attribute-list-handler", "attribute-list-data", "javascript-link", "escaped-and-data-links",
        "reference-link", "template-syntax", "generator-marker", "front-matter-key", "metadata-key",
        "front-matter-html", "front-matter-alias", "code-span-first"])
def test_raw_html_in_a_hand_written_page_is_refused_where_it_is_written(minimal, text, expected):
    """raw-html, unsafe-link and template-syntax at the tag's line and column, through ``load``."""
    page = minimal / "content" / "nl" / "reading.md"
    page.parent.mkdir(parents=True)
    page.write_text(text, encoding="utf-8")
    _, problems = load(minimal)
    assert sorted((p.line, p.column, p.code) for p in problems) == expected, [p.format_text() for p in problems]
    assert {p.file for p in problems} == {"content/nl/reading.md"}


@pytest.mark.parametrize("text", [
    "# T\n\n<!-- codes:start -->\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n<!-- codes:end -->\n",
    "# T { #anchor .wide }\n\nText <!-- inline --> and `<id>` in code, &lt;script&gt; as text.\n",
    "# T\n\n```html\n<script>alert(1)</script>\n```\n\n    <b>indented code</b>\n",
    "---\ntitle: A title\n---\n\n# T\n\n![Tile](img/a.svg){ width=\"60\" } [next](other.md#part \"Title\")\n",
    "# T\n\n!!! note \"Admonition\"\n    Text[^1] and *[HTML]: abbreviation\n\n[^1]: A footnote.\n",
], ids=["comments-and-table", "attribute-list-and-code", "fenced-and-indented-code", "picture-and-link",
        "admonition-footnote"])
def test_markdown_without_raw_html_passes(text):
    assert screen_markdown(text, "content/en/page.md") == []


def test_a_page_too_deep_or_too_large_to_convert_is_refused_not_a_traceback():
    deep = "".join("  " * depth + "- x\n" for depth in range(600))
    assert [(p.line, p.column, p.code) for p in screen_markdown(deep, "deep.md")] == [(1, 1, "too-deep")]
    large = "x" * (screen.MAX_CHARS + 1)
    assert [(p.line, p.column, p.code) for p in screen_markdown(large, "large.md")] == [(1, 1, "too-large")]


def test_the_project_s_own_hand_written_pages_pass():
    for path in sorted((ROOT / "content").rglob("*.md")):
        assert screen_markdown(path.read_text(encoding="utf-8"), str(path)) == [], path


def test_the_screen_converts_with_the_extensions_mkdocs_uses():
    # mkdocs.yml's extensions (names only: the file holds !!python/name tags) and MkDocs' own three.
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = text.split("markdown_extensions:", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"^  - ([a-z_.]+)", block, re.MULTILINE)) | {"toc", "tables", "fenced_code"}
    assert named - {"pymdownx.emoji"} == set(screen.EXTENSIONS)
