"""Kept files signed with a key of this machine, so that nothing read back from ``build/`` can run code.

Every cache under ``build/`` holds pickles or marshalled bytecode, and unpickling (or
executing marshalled code) runs whatever the bytes say. ``build/`` is not ours alone: a CI
cache restored from another branch, a copied project, an archive unpacked over it. So
every kept file is *sealed*: it starts with

    MAGIC (8 bytes) | HMAC-SHA256 (32 bytes) | payload

where the HMAC is over the code version (:func:`generator.cache.version.code_version`), the
*purpose* the file was written for (which cache, and the key of the entry) and the payload,
under a secret key of this user on this machine. :func:`unseal` gives the payload back only
when all three match, before anything of it is parsed, so a file from elsewhere, from other
code, moved to another key's name or damaged in any byte is a miss, never an unpickling.

The key is 32 random bytes at ``$XDG_CACHE_HOME/rulesite/key`` (``~/.cache/rulesite/key``
when that is unset), created with mode 0600 in a folder of mode 0700, never in a project;
or, where ``$RULESITE_CACHE_KEY`` is set (a CI secret), the 32 bytes it spells in hexadecimal.
A key file that is not a regular file of this user, readable by others or of the wrong
length is replaced by a new one (every sealed file then becomes a miss); a folder others
may write in is made private, and one of another user is not used. Without a usable
key (no home folder, a read-only one) nothing is sealed and nothing is read back: builds
are cold, never unsafe.

HMAC-SHA256 runs at over a gigabyte a second here (SHA extensions), a few hundredths of a
second for the largest build's caches; see ``benchmarks/kept_store.py``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from functools import lru_cache
from pathlib import Path

from generator.cache.version import code_version

MAGIC = b"rskept1\n"
_MAC = 32
HEADER = len(MAGIC) + _MAC
KEY_BYTES = 32


def key_file() -> Path | None:
    """Where this user's key lives; None when there is no home folder to put it in."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative value is ignored
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError, OSError):
            return None
    return Path(base) / "rulesite" / "key"


def _trusted(fd: int) -> bool:
    """A key file only this user could have written and no one else can read."""
    info = os.fstat(fd)
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and not info.st_mode & 0o077 \
        and info.st_size == KEY_BYTES


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        return os.read(fd, KEY_BYTES + 1) if _trusted(fd) else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _new_key(path: Path, replace: bool) -> None:
    """Write a fresh key beside ``path`` and put it in place: linked (the first of two builds
    starting at once wins, the other reads the winner's) or, over an untrusted file, replaced."""
    temp = path.with_name(f".key.{secrets.token_hex(8)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, secrets.token_bytes(KEY_BYTES))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        if replace:
            os.replace(temp, path)
        else:
            os.link(temp, path)  # fails if another process made one first: its key stands
    except FileExistsError:
        pass
    finally:
        temp.unlink(missing_ok=True)


def _private_folder(folder: Path) -> bool:
    """The key's folder, made if need be: this user's, and only this user's to write in
    (else another could swap the key for one of theirs)."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
            return False
        if info.st_mode & 0o077:
            os.chmod(folder, 0o700)
    except OSError:
        return False
    return True


@lru_cache(maxsize=8)  # by file: a test (or a changed $XDG_CACHE_HOME) gets that file's key
def _key_at(path: Path) -> bytes | None:
    if not _private_folder(path.parent):
        return None
    for _ in range(3):
        key = _read_key(path)
        if key is not None and len(key) == KEY_BYTES:
            return key
        try:
            _new_key(path, replace=path.exists() or path.is_symlink())
        except OSError:
            return None
    return None


# A key given by the environment instead of the file: a CI job keeps it as a secret, so the
# build/ it restores from its cache on a new runner verifies, while a cache written by anyone
# without the secret (another branch's job, a pull request from a fork) still does not.
KEY_VARIABLE = "RULESITE_CACHE_KEY"


def given_key() -> bytes | None:
    """The key in ``$RULESITE_CACHE_KEY`` (64 hexadecimal digits), None when it is unset or empty.

    Raises ValueError for any other value: a mistyped secret must be said, not turn every
    build cold in silence."""
    text = os.environ.get(KEY_VARIABLE, "").strip()
    if not text:
        return None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise ValueError(f"{KEY_VARIABLE} must be {2 * KEY_BYTES} hexadecimal digits ({KEY_BYTES} random bytes, "
                         f"for instance from `python -c 'import secrets; print(secrets.token_hex(32))'`); "
                         f"it has {len(text)} characters that are not such a key")
    return key


def secret() -> bytes | None:
    """The key: ``$RULESITE_CACHE_KEY`` when set, else this user's key on this machine (made on
    first use); None when none can be had (a bad ``$RULESITE_CACHE_KEY`` included: keep nothing)."""
    try:
        given = given_key()
    except ValueError:
        return None
    if given is not None:
        return given
    path = key_file()
    return _key_at(path) if path is not None else None


def _mac(key: bytes, purpose: str, payload: bytes | memoryview) -> bytes:
    head = f"{len(code_version())}:{code_version()}{len(purpose)}:{purpose}".encode("utf-8", "surrogatepass")
    signer = hmac.new(key, head, hashlib.sha256)
    signer.update(payload)
    return signer.digest()


def seal(payload: bytes, purpose: str) -> bytes | None:
    """``payload`` with its header, for ``purpose``; None when there is no key (keep nothing)."""
    key = secret()
    if key is None:
        return None
    return MAGIC + _mac(key, purpose, payload) + payload


def unseal(blob: bytes, purpose: str) -> memoryview | None:
    """The payload of a file :func:`seal` made for ``purpose`` with this key and code, else None."""
    key = secret()
    if key is None or len(blob) < HEADER or not blob.startswith(MAGIC):
        return None
    view = memoryview(blob)
    payload = view[HEADER:]
    if not hmac.compare_digest(bytes(view[len(MAGIC):HEADER]), _mac(key, purpose, payload)):
        return None
    return payload


def read(path: Path, purpose: str) -> memoryview | None:
    """The verified payload of the sealed file ``path``; None if missing, unreadable or not verified."""
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    return unseal(blob, purpose)
