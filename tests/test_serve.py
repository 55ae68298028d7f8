"""`rulesite serve`: a live preview that rebuilds when a file of the data changes, refuses a
malformed address without a traceback, and leaves nothing behind when it is stopped."""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.build


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.read().decode("utf-8")
    except OSError:
        return None


def status(base: str, path: str) -> int | None:
    """The HTTP status of ``GET path``, the path sent exactly as written (urllib would refuse
    or rewrite some malformed ones); None while nothing answers."""
    host, _, port = base.removeprefix("http://").partition(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    except OSError:
        return None
    finally:
        connection.close()


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.3)
    return False


def servable(project: Path) -> Path:
    """``project`` (the minimal one) with what ``serve`` needs besides the data: the real
    mkdocs.yml, theme and hand-written pages."""
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", project / "theme")
    for lang in ("en", "nl"):
        shutil.copytree(ROOT / "content" / lang, project / "content" / lang)
    return project


def start(root: Path, lang: str, log: Path, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """``rulesite serve`` of one language of ``root`` with its output in ``log``: the process and its base URL."""
    port = free_port()
    with log.open("w") as out:
        server = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(root), "serve", "--lang", lang,
                                   "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT, stdout=out,
                                  stderr=subprocess.STDOUT, env=env)
    return server, f"http://127.0.0.1:{port}"


@contextmanager
def preview(root: Path, lang: str, log: Path | None = None) -> Iterator[str]:
    """``rulesite serve`` of one language of ``root``, once it answers; yields its base URL and stops it afterwards."""
    log = log or root.parent / "serve.log"
    server, base = start(root, lang, log)
    try:
        assert wait_for(lambda: status(base, "/") is not None, 120), "the preview did not start:\n" + log.read_text()
        yield base
    finally:
        stop(server)


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def test_editing_a_yaml_file_rebuilds_the_page(minimal):
    with preview(servable(minimal), "nl") as base:
        url = f"{base}/alpha/"
        assert wait_for(lambda: fetch(url) is not None, 60), "the preview server did not start"
        assert "Alfa" in fetch(url)
        translation = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
        translation.write_text(translation.read_text().replace("text: Alfa", "text: Alfa Centauri"))
        assert wait_for(lambda: "Alfa Centauri" in (fetch(url) or ""), 60), "the page was not rebuilt"
        # The live-reload script is in the page, so the browser refreshes by itself.
        assert "livereload" in fetch(url)


def test_an_edit_that_keeps_the_size_and_the_modification_time_reaches_the_page(minimal, tmp_path):
    # rsync -a, cp -p and tar x give a file its old modification time back: only its bytes tell.
    translation = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
    with preview(servable(minimal), "nl", tmp_path / "serve.log") as base:
        url = f"{base}/alpha/"
        assert "Alfa" in fetch(url) and "Zeta" not in fetch(url)
        before = translation.stat()
        translation.write_text(translation.read_text().replace("text: Alfa", "text: Zeta"))
        os.utime(translation, ns=(before.st_atime_ns, before.st_mtime_ns))
        after = translation.stat()
        assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
        assert wait_for(lambda: "Zeta" in (fetch(url) or ""), 60), "the edit did not reach the page"


# Addresses that name no file: a NUL, bytes that are not UTF-8 once decoded, a way out of the
# site folder (written out or percent-encoded). MkDocs' server answered the first with a 500
# and a traceback, and served the home page for the second (it dropped the bytes).
REFUSED = ["/%00/", "/alpha/%00", "/alpha/index.html%00.png", "/%ff/", "/alpha/%c3%28/", "/%e2%82/",
           "/../../../etc/passwd", "/alpha/%2e%2e/%2e%2e/%2e%2e/etc/passwd"]


def test_a_malformed_address_is_refused_without_a_traceback(minimal, tmp_path):
    log = tmp_path / "serve.log"
    with preview(servable(minimal), "nl", log) as base:
        assert status(base, "/alpha/") == 200
        assert {path: status(base, path) for path in REFUSED} == dict.fromkeys(REFUSED, 400)
        # An escape that is not one (wsgiref leaves it as it is) names no file.
        assert status(base, "/%zz/") in (400, 404)
        # A ".." that stays inside the site is an ordinary address, and the server still serves.
        assert status(base, "/alpha/../alpha/") == 200
        assert status(base, "/alpha/") == 200
    assert "Traceback" not in log.read_text(), log.read_text()


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stopped_server_removes_its_site_folder(minimal, tmp_path, signal_number):
    # TMPDIR of its own, where the server makes the folder it serves from: the check is exact.
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    log = tmp_path / "serve.log"
    server, base = start(servable(minimal), "nl", log, env={**os.environ, "TMPDIR": str(temporary)})
    try:
        assert wait_for(lambda: status(base, "/alpha/") == 200, 120), "the preview did not start:\n" + log.read_text()
        assert len(list(temporary.glob("rulesite_serve_*"))) == 1
        server.send_signal(signal_number)
        server.wait(timeout=15)  # TimeoutExpired: it did not stop
    finally:
        stop(server)
    assert server.returncode == 0, log.read_text()
    assert list(temporary.glob("rulesite_serve_*")) == []
    assert "Traceback" not in log.read_text(), log.read_text()


def test_a_second_preview_of_the_same_language_is_refused_and_leaves_the_first_one_serving(minimal, tmp_path):
    project = servable(minimal)
    config = project / "build" / "mkdocs.serve.nl.yml"
    with preview(project, "nl", tmp_path / "first.log") as base:
        written = config.read_bytes()
        moved = config.stat().st_mtime_ns
        second = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "serve", "--lang", "nl",
                                 "--dev-addr", f"127.0.0.1:{free_port()}"], cwd=ROOT, capture_output=True, text=True,
                                timeout=300)
        lines = second.stderr.strip().splitlines()
        assert second.returncode == 1 and len(lines) == 1, second.stderr
        assert "a preview of nl is already running (pid " in lines[0], lines
        assert (config.read_bytes(), config.stat().st_mtime_ns) == (written, moved)  # not written over
        assert status(base, "/alpha/") == 200
        # Another language is no conflict: it previews beside the first.
        with preview(project, "en", tmp_path / "other.log") as other:
            assert status(other, "/alpha/") == 200


# --------------------------------------------------------------------------- the same, without a server


def test_the_signature_tells_an_edit_by_its_bytes_not_its_size_and_time(tmp_path):
    from generator.site.adapter import _signature

    data = tmp_path / "rules_data" / "pages"
    data.mkdir(parents=True)
    page = data / "alpha.yaml"
    page.write_text("title: Alfa\n", encoding="utf-8")
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "one.yaml").write_text("a: 1\n", encoding="utf-8")
    before, kept = _signature(tmp_path), page.stat()
    assert _signature(tmp_path) == before and len(before) == 2
    page.write_text("title: Zeta\n", encoding="utf-8")
    os.utime(page, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    assert (page.stat().st_size, page.stat().st_mtime_ns) == (kept.st_size, kept.st_mtime_ns)
    assert _signature(tmp_path) != before
    page.write_text("title: Alfa\n", encoding="utf-8")  # the old bytes: the old key, whatever the time
    assert _signature(tmp_path) == before


@pytest.mark.parametrize("path_info, malformed", [
    ("/", False), ("/alpha/", False), ("/alpha/../beta/", False), ("/./alpha/", False), ("/caf\xc3\xa9/", False),
    ("/%zz/", False), ("/livereload/1/2", False),
    ("/\x00/", True), ("/alpha/index.html\x00.png", True), ("/\xff/", True), ("/\xc3\x28/", True),
    ("/\xe2\x82/", True), ("/../x", True), ("/alpha/../../x", True), ("/alpha/./../..", True)])
def test_a_path_that_names_no_file_is_malformed(path_info, malformed):
    # PATH_INFO as wsgiref gives it: percent-decoded, one character per byte.
    from generator.site.patches import malformed_path

    assert malformed_path(path_info) is malformed


def test_sigterm_stops_the_block_as_ctrl_c_does_and_only_once():
    from generator.commands.serve import stopped_as_by_ctrl_c

    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    with stopped_as_by_ctrl_c():
        # Were the handlers not set, SIGTERM would end the test run itself.
        assert signal.getsignal(signal.SIGTERM) is not before[0] and signal.getsignal(signal.SIGINT) is not before[1]
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGTERM)
        signal.raise_signal(signal.SIGINT)  # a second signal, while the server shuts down, lets it finish
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == before
