"""`rulesite serve`: a live preview that rebuilds when a YAML file of the data changes."""

from __future__ import annotations

import shutil
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


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.3)
    return False


@contextmanager
def preview(root: Path, lang: str) -> Iterator[str]:
    """``rulesite serve`` of one language of ``root``; yields its base URL and stops it afterwards."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator", "--root", str(root), "serve", "--lang", lang,
                               "--dev-addr", f"127.0.0.1:{port}"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        yield f"http://127.0.0.1:{port}"
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
    shutil.copy(ROOT / "mkdocs.yml", minimal / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", minimal / "theme")
    for lang in ("en", "nl"):
        shutil.copytree(ROOT / "content" / lang, minimal / "content" / lang)
    with preview(minimal, "nl") as base:
        url = f"{base}/alpha/"
        assert wait_for(lambda: fetch(url) is not None, 60), "the preview server did not start"
        assert "Alfa" in fetch(url)
        translation = minimal / "rules_data" / "translations" / "nl" / "alpha.yaml"
        translation.write_text(translation.read_text().replace("text: Alfa", "text: Alfa Centauri"))
        assert wait_for(lambda: "Alfa Centauri" in (fetch(url) or ""), 60), "the page was not rebuilt"
        # The live-reload script is in the page, so the browser refreshes by itself.
        assert "livereload" in fetch(url)
