"""Everything a build keeps under ``build/``: damaged, deleted, planted or from another machine,
it never runs code and never changes the site.

What is covered:

- **The seal** (no build): the per-machine key (made once, mode 0600 in a 0700 folder
  outside the project; a key others could read, or a link, is replaced; a folder others may
  write in is made private; no usable folder, no cache);
  a sealed file opens only for its own purpose, key, code and bytes (every byte flipped in
  turn, every truncation); a pickle whose ``__reduce__`` creates a marker file runs only
  when sealed with this machine's key (the control that shows the marker would show), never
  otherwise; Jinja bytecode, sealed or planted in Jinja's own format.
- **Every kind of kept file** (builds of the small project, each in a fresh process forked
  from one that imported the generator and MkDocs once): the kinds are the files a real
  build leaves under ``build/`` (:data:`KINDS`, checked against a walk of ``build/`` after a
  build and a rebuild after an edit, which leaves a journal too). Each kind's largest file
  is damaged one at a time, by every mutation (:data:`MUTATIONS`: truncated to half,
  emptied, one byte flipped, deleted, random bytes of the same length); for the kinds kept
  per language, the English file takes the first four and the Dutch one random bytes, so
  every language's file of every kind is damaged. After each damage a rebuild must exit 0
  without a traceback, write the very site a cold build writes (every file, byte for byte:
  pages, search indexes, sitemaps), leave the damaged file rewritten, not damaged still, and
  have reused the rest (page cache hits in every language: the damage met a warm build, in
  the project's own folder, which the page cache's keys name). A clear refusal (exit 1) would
  be allowed by the contract; none is needed, so none is accepted. 13 kinds x 5 mutations:
  65 rebuilds, about a minute on two cores.
- **Planted and foreign files** (builds): a malicious pickle in every file under ``build/``
  (and in Jinja's own bytecode format beside each bytecode file) runs nothing and the site
  is the cold build's; a ``build/`` made on another machine (another key) is dropped whole,
  even a malicious pickle sealed with that machine's key; the audit's reproducer (every
  English search entry deleted) gives the full search index, and still does a build later.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import pickle
import random
import re
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from generator.cache import journal, seal
from generator.cache.bytecode import SealedBytecodeCache
from generator.cache.version import code_version

from .conftest import FIXTURES, ROOT

LANGUAGES = ("en", "nl")  # the small project's
EPOCH = "1700000000"  # the sitemaps' dates


# --------------------------------------------------------------------------- a planted pickle

class Plant:
    """Unpickled, creates ``marker``: what a hostile ``build/`` would hold."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def planted(marker: Path) -> bytes:
    return pickle.dumps(Plant(marker), protocol=pickle.HIGHEST_PROTOCOL)


@pytest.fixture
def keys(tmp_path, monkeypatch):
    """This test's own key folder ($XDG_CACHE_HOME): never the real one."""
    folder = tmp_path / "keys"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder


# --------------------------------------------------------------------------- the seal, no build

def test_the_key_is_made_once_private_and_outside_the_project(keys):
    key = seal.secret()
    path = keys / "rulesite" / "key"
    assert key is not None and len(key) == seal.KEY_BYTES and path.read_bytes() == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert seal.secret() == key
    assert ROOT not in path.parents


def test_a_key_others_could_read_or_a_link_is_replaced(keys, tmp_path):
    path = keys / "rulesite" / "key"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"k" * seal.KEY_BYTES)
    path.chmod(0o644)
    assert seal.secret() not in (None, b"k" * seal.KEY_BYTES)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    seal._key_at.cache_clear()
    elsewhere = tmp_path / "theirs"
    elsewhere.write_bytes(b"t" * seal.KEY_BYTES)
    elsewhere.chmod(0o600)
    path.unlink()
    path.symlink_to(elsewhere)
    assert seal.secret() not in (None, b"t" * seal.KEY_BYTES)
    assert not path.is_symlink() and elsewhere.read_bytes() == b"t" * seal.KEY_BYTES


def test_a_key_folder_others_may_write_in_is_made_private(keys):
    folder = keys / "rulesite"
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    assert seal.secret() is not None
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_without_a_key_nothing_is_kept_and_nothing_read(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the key folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert seal.secret() is None and seal.seal(b"x", "p") is None
    path = tmp_path / "cache.pickle"
    journal.save(path, "t", {"a": 1}, None)
    assert not path.exists() and journal.load(path, "t").entries == {}


def test_a_sealed_payload_opens_only_for_its_purpose_key_code_and_bytes(keys, tmp_path, monkeypatch):
    payload = pickle.dumps({"page.md": ("key", "text")})
    sealed = seal.seal(payload, "render-cache/en.pickle")
    assert bytes(seal.unseal(sealed, "render-cache/en.pickle")) == payload
    assert seal.unseal(sealed, "render-cache/nl.pickle") is None  # moved to another cache's name
    for at in range(len(sealed)):  # every byte, header and payload alike
        damaged = bytearray(sealed)
        damaged[at] ^= 0x01
        assert seal.unseal(bytes(damaged), "render-cache/en.pickle") is None, at
    for length in range(len(sealed)):
        assert seal.unseal(sealed[:length], "render-cache/en.pickle") is None, length
    monkeypatch.setattr(seal, "code_version", lambda: "other code")
    assert seal.unseal(sealed, "render-cache/en.pickle") is None
    monkeypatch.setattr(seal, "code_version", code_version)
    assert seal.unseal(sealed, "render-cache/en.pickle") is not None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-machine"))
    assert seal.unseal(sealed, "render-cache/en.pickle") is None


def test_a_key_given_by_the_environment_opens_on_another_machine_and_only_with_itself(keys, tmp_path, monkeypatch):
    monkeypatch.setenv(seal.KEY_VARIABLE, "ab" * seal.KEY_BYTES)
    sealed = seal.seal(b"payload", "render-cache/en.pickle")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-new-runner"))  # no key file there
    assert seal.unseal(sealed, "render-cache/en.pickle") == b"payload"
    assert not (tmp_path / "a-new-runner" / "rulesite" / "key").exists()  # the given key is never written
    monkeypatch.setenv(seal.KEY_VARIABLE, "cd" * seal.KEY_BYTES)
    assert seal.unseal(sealed, "render-cache/en.pickle") is None
    monkeypatch.delenv(seal.KEY_VARIABLE)  # the runner's own key: not the secret's either
    assert seal.unseal(sealed, "render-cache/en.pickle") is None


@pytest.mark.parametrize("value", ["ab" * 31, "ab" * 33, "zz" * 32, "secret"])
def test_a_mistyped_given_key_keeps_nothing_and_stops_every_command_in_one_line(keys, monkeypatch, capsys, value):
    from generator import cli

    monkeypatch.setenv(seal.KEY_VARIABLE, value)
    assert seal.secret() is None and seal.seal(b"payload", "render-cache/en.pickle") is None
    assert cli.main(["check"]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"rulesite: {seal.KEY_VARIABLE} must be 64 hexadecimal digits")


def test_a_planted_pickle_runs_only_when_sealed_with_this_machines_key(keys, tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    path = tmp_path / "build" / "read-cache.pickle"
    path.parent.mkdir()
    tag = code_version()
    for unsealed in (planted(marker), seal.MAGIC + b"\0" * 32 + planted(marker)):
        path.write_bytes(unsealed)
        assert journal.load(path, tag).entries == {} and not marker.exists()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-machine"))
    path.write_bytes(seal.seal(planted(marker), journal.purpose(path, tag)))
    monkeypatch.setenv("XDG_CACHE_HOME", str(keys))
    assert journal.load(path, tag).entries == {} and not marker.exists()
    # The control: sealed with this key, the same file is trusted, and the marker shows it ran.
    path.write_bytes(seal.seal(planted(marker), journal.purpose(path, tag)))
    journal.load(path, tag)
    assert marker.exists()


def test_template_bytecode_is_used_only_sealed_for_its_template(keys, tmp_path):
    from jinja2 import DictLoader, Environment
    from jinja2.bccache import bc_magic

    def environment(source: str) -> Environment:
        return Environment(loader=DictLoader({"page.html": source}), bytecode_cache=SealedBytecodeCache(tmp_path / "bc"))

    assert environment("Hello {{ name }}").get_template("page.html").render(name="you") == "Hello you"
    (kept,) = (tmp_path / "bc").glob("*.code")
    assert environment("Hello {{ name }}").get_template("page.html").render(name="you") == "Hello you"
    # Another template's bytecode, sealed here but for another template: compiled afresh, and written over.
    other = seal.seal(marshal.dumps(compile("environment = None", "<planted>", "exec")), "jinja\0another\0x")
    kept.write_bytes(other)
    assert environment("Hello {{ name }}").get_template("page.html").render(name="you") == "Hello you"
    assert kept.read_bytes() != other
    marker = tmp_path / "ran"
    kept.write_bytes(planted(marker))
    (tmp_path / "bc" / f"__jinja2_{kept.stem}.cache").write_bytes(bc_magic + planted(marker))  # Jinja's own format
    assert environment("Bye {{ name }}").get_template("page.html").render(name="you") == "Bye you"
    assert not marker.exists()


# --------------------------------------------------------------------------- builds

# Runs one `rulesite build` per line of stdin ({"cwd", "env", "log"}), each in a child forked
# from this process, which imported the generator and MkDocs once; answers each exit code.
# It first answers the code version its children stamp their caches with.
DRIVER = r"""
import json, os, sys, traceback
import markdown.extensions.toc, material.plugins.search.plugin, mkdocs.commands.build, mkdocs.config
import generator.build
from generator import cli
from generator.cache.version import code_version
print(json.dumps(code_version()), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 70
        try:
            os.environ.update(job["env"])
            os.chdir(job["cwd"])
            log = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(log, 1)
            os.dup2(log, 2)
            code = cli.main(["build"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    print(json.dumps(os.waitstatus_to_exitcode(status)), flush=True)
"""


class Builder:
    """Builds with a copy of the generator taken when the tests start: edits of the working
    tree while they run (which change the code version, so every cache) reach none of them."""

    def __init__(self, code: Path) -> None:
        shutil.copytree(ROOT / "generator", code / "generator", ignore=shutil.ignore_patterns("__pycache__"))
        env = {**os.environ, "PYTHONPATH": str(code)}
        self.process = subprocess.Popen([sys.executable, "-c", DRIVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, cwd=code, env=env)
        assert self.process.stdout
        self.version = json.loads(self.process.stdout.readline())

    def build(self, project: Path, keys: Path, given_key: str = "") -> tuple[int, str]:
        """Exit code and output of ``rulesite build`` in ``project`` with the key folder ``keys``
        (and ``$RULESITE_CACHE_KEY`` set to ``given_key``: empty is unset)."""
        log = project.with_name(project.name + ".log")
        env = {"XDG_CACHE_HOME": str(keys), "SOURCE_DATE_EPOCH": EPOCH, seal.KEY_VARIABLE: given_key}
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"cwd": str(project), "env": env, "log": str(log)}) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the build driver died"
        return json.loads(answer), log.read_text(encoding="utf-8", errors="replace")

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# The build's locks (generator/core/lock.py) are no cache: a lock file holds only the pid of
# the build holding it, for the message a second build prints, and nothing is read back from it.
LOCKS = re.compile(r"build\.lock|locks/[^/]+\.lock")


def kept_files(project: Path) -> list[str]:
    build = project / "build"
    return sorted(name for p in build.rglob("*") if p.is_file()
                  and not LOCKS.fullmatch(name := p.relative_to(build).as_posix()))


# Every kind of file a build leaves under build/, by path; (?P<lang>) for those kept per language.
KINDS = {
    "parses": r"read-cache\.pickle",
    "parses journal": r"read-cache\.pickle\.journal",
    "clean checks": r"clean-checks\.pickle",
    "rendered pages": r"render-cache/(?P<lang>[a-z]+)\.pickle",
    "Markdown conversion": r"page-cache/mkdocs\.(?P<lang>[a-z]+)/md-[0-9a-f]{64}",
    "finished page": r"page-cache/mkdocs\.(?P<lang>[a-z]+)/page-[0-9a-f]{64}",
    "search entries": r"page-cache/mkdocs\.(?P<lang>[a-z]+)/search-page-[0-9a-f]{64}",
    "page cache figures": r"page-cache/mkdocs\.(?P<lang>[a-z]+)/stats\.json",
    "template bytecode": r"jinja-cache/[0-9a-f]{40}\.code",
    "theme bytecode": r"theme-cache/[0-9a-f]{40}\.code",
    "generated Markdown": r"docs/(?P<lang>[a-z]+)/.+\.md",
    "generated picture": r"docs/(?P<lang>[a-z]+)/.+\.svg",
    "MkDocs configuration": r"mkdocs\.(?P<lang>[a-z]+)\.yml",
}
PER_LANGUAGE = {kind for kind, pattern in KINDS.items() if "(?P<lang>" in pattern}


def _kind(name: str) -> tuple[str, str | None] | None:
    for kind, pattern in KINDS.items():
        if found := re.fullmatch(pattern, name):
            return kind, found.groupdict().get("lang")
    return None


def _truncated(data: bytes) -> bytes:
    return data[:len(data) // 2]


def _flipped(data: bytes) -> bytes:
    at = len(data) // 2
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]


def _random(data: bytes) -> bytes:
    return random.Random(len(data)).randbytes(len(data))


MUTATIONS: dict[str, Callable[[bytes], bytes] | None] = {
    "truncated": _truncated, "emptied": lambda data: b"", "flipped": _flipped, "deleted": None, "random": _random}
CASES = [(kind, mutation, ("en" if mutation != "random" else "nl") if kind in PER_LANGUAGE else None)
         for kind in KINDS for mutation in MUTATIONS]


@dataclass
class Primed:
    project: Path
    """Where the project was built; each test puts :attr:`snapshot` back there (the page
    cache's keys name the project's folder: elsewhere it would be a cold cache, tested for nothing)."""
    snapshot: Path
    keys: Path
    cold: dict[str, str]
    files: dict[tuple[str, str | None], str]
    """(kind, language) -> the kind's largest file of that language, relative to build/."""
    walked: list[str]


@pytest.fixture(scope="module")
def builder(tmp_path_factory):
    driver = Builder(tmp_path_factory.mktemp("code"))
    yield driver
    driver.close()


def _small_project(target: Path) -> Path:
    shutil.copytree(FIXTURES / "minimal", target)
    shutil.copy(ROOT / "rules_data" / "ui.yaml", target / "rules_data" / "ui.yaml")
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", target / "theme")
    for lang in LANGUAGES:
        shutil.copytree(ROOT / "content" / lang, target / "content" / lang)
    return target


def _stats(project: Path, lang: str) -> dict:
    return json.loads((project / "build" / "page-cache" / f"mkdocs.{lang}" / "stats.json").read_text())


@pytest.fixture(scope="module")
def primed(tmp_path_factory, builder):
    """The small project built, edited and built again (a journal is kept too), and its cold build."""
    base = tmp_path_factory.mktemp("kept")
    keys, project = base / "keys", _small_project(base / "project")
    assert builder.build(project, keys)[0] == 0
    page = project / "rules_data" / "pages" / "alpha.yaml"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "text: Only in one printing.", "text: Found in one printing only.", 1), encoding="utf-8")
    code, log = builder.build(project, keys)
    assert code == 0, log
    for lang in LANGUAGES:  # the rebuild reused pages: the caches are there to be damaged
        assert _stats(project, lang)["hits"]["markdown"] > 0
    cold = base / "cold"
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns("build", "site"))
    assert builder.build(cold, base / "cold-keys")[0] == 0
    walked = kept_files(project)
    files: dict[tuple[str, str | None], str] = {}
    for name in sorted(walked, key=lambda name: -(project / "build" / name).stat().st_size):
        kind = _kind(name)
        if kind is not None:
            files.setdefault(kind, name)
    primed = Primed(project, base / "snapshot", keys, digest(cold / "site"), files, walked)
    assert digest(project / "site") == primed.cold  # unharmed, the rebuild is the cold build
    shutil.copytree(project, primed.snapshot, symlinks=True)
    return primed


@pytest.mark.build
def test_every_file_a_build_keeps_is_of_a_kind_the_damage_covers(primed):
    assert [name for name in primed.walked if _kind(name) is None] == []
    wanted = {(kind, lang) for kind in KINDS for lang in (LANGUAGES if kind in PER_LANGUAGE else (None,))}
    assert wanted - set(primed.files) == set()


def _restore(primed: Primed) -> Path:
    """The primed project, as it was after its builds, in its own folder."""
    shutil.rmtree(primed.project)
    shutil.copytree(primed.snapshot, primed.project, symlinks=True)
    return primed.project


def _used_the_page_cache(project: Path) -> bool:
    return all(_stats(project, lang)["hits"]["template"] > 0 for lang in LANGUAGES)


@pytest.mark.build
@pytest.mark.parametrize("kind, mutation, lang", CASES,
                         ids=[f"{k.replace(' ', '-')}-{m}-{lang or 'all'}" for k, m, lang in CASES])
def test_a_damaged_kept_file_is_rebuilt_and_the_site_is_the_cold_build(primed, builder, kind, mutation, lang):
    project = _restore(primed)
    target = project / "build" / primed.files[(kind, lang)]
    mutate = MUTATIONS[mutation]
    damaged = None if mutate is None else mutate(target.read_bytes())
    if damaged is None:
        target.unlink()
    else:
        target.write_bytes(damaged)
    code, log = builder.build(project, primed.keys)
    assert code == 0 and "Traceback" not in log, log
    assert digest(project / "site") == primed.cold
    assert target.exists() and target.read_bytes() != damaged  # dropped and rebuilt: the damage did not stay
    assert _used_the_page_cache(project)  # the rest was reused: the damage met a warm build


@pytest.mark.build
def test_a_malicious_pickle_in_every_kept_file_runs_nothing(primed, builder, tmp_path):
    from jinja2.bccache import bc_magic

    project = _restore(primed)
    marker = tmp_path / "ran"
    for name in primed.walked:
        (project / "build" / name).write_bytes(planted(marker))
        if name.endswith(".code"):  # Jinja's own format and name beside it: its cache is not used at all
            path = project / "build" / name
            path.with_name(f"__jinja2_{path.stem}.cache").write_bytes(bc_magic + planted(marker))
    code, log = builder.build(project, primed.keys)
    assert code == 0 and "Traceback" not in log, log
    assert not marker.exists()
    assert digest(project / "site") == primed.cold


@pytest.mark.build
def test_a_build_folder_from_another_machine_is_dropped(primed, builder, tmp_path, monkeypatch):
    project = _restore(primed)
    marker = tmp_path / "ran"
    parses = project / "build" / "read-cache.pickle"
    monkeypatch.setenv("XDG_CACHE_HOME", str(primed.keys))  # sealed as the machine that made build/ would
    monkeypatch.setattr(seal, "code_version", lambda: builder.version)
    parses.write_bytes(seal.seal(planted(marker), journal.purpose(parses, builder.version)))
    journal.load(parses, builder.version)  # the control: read with the key that sealed it, it runs
    assert marker.exists()
    marker.unlink()
    code, log = builder.build(project, tmp_path / "this-machine")
    assert code == 0 and "Traceback" not in log, log
    assert not marker.exists()
    assert digest(project / "site") == primed.cold
    for lang in LANGUAGES:  # not one entry of the other machine's was used
        assert _stats(project, lang)["hits"] == {"markdown": 0, "template": 0}


@pytest.mark.build
def test_a_build_folder_restored_on_a_new_runner_is_warm_with_the_given_key_and_cold_without(builder, tmp_path):
    given = "5e" * seal.KEY_BYTES
    project = _small_project(tmp_path / "project")
    code, log = builder.build(project, tmp_path / "first-runner", given)
    assert code == 0, log
    site = digest(project / "site")
    restored = tmp_path / "restored"  # what a CI cache gives back: build/ alone, no key folder
    shutil.copytree(project / "build", restored, symlinks=True)
    code, log = builder.build(project, tmp_path / "second-runner", given)
    assert code == 0, log
    assert digest(project / "site") == site
    for lang in LANGUAGES:
        stats = _stats(project, lang)
        assert stats["hits"]["markdown"] > 0 and stats["misses"]["markdown"] == 0, (lang, stats)
    shutil.rmtree(project / "build")
    shutil.copytree(restored, project / "build", symlinks=True)
    code, log = builder.build(project, tmp_path / "third-runner")  # the control: no secret, a cold build
    assert code == 0, log
    assert digest(project / "site") == site
    for lang in LANGUAGES:
        assert _stats(project, lang)["hits"] == {"markdown": 0, "template": 0}


@pytest.mark.build
def test_search_entries_deleted_give_the_whole_search_index_then_and_later(primed, builder):
    project = _restore(primed)
    for path in (project / "build" / "page-cache" / "mkdocs.en").glob("search-*"):
        path.unlink()
    index = "en/search/search_index.json"
    for _ in range(2):
        code, log = builder.build(project, primed.keys)
        assert code == 0, log
        assert digest(project / "site") == primed.cold
        assert len(json.loads((project / "site" / index).read_text())["docs"]) > 1
