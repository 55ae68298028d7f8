"""Compiled Jinja templates kept between builds, sealed like every other kept file.

Jinja's own ``FileSystemBytecodeCache`` reads a pickle (the source checksum) and then
marshalled code that the template runs: a file under ``build/`` from elsewhere would run
whatever it holds. This cache keeps the same bytecode in files sealed by
:mod:`generator.cache.seal` for the template's cache key and its source's checksum, and
unmarshals nothing before the signature holds; a missing, damaged or foreign file is a
miss, and the template is compiled again (and written over).

Keeping it is worth it (measured by ``benchmarks/kept_store.py --only bytecode``): the 128
templates of ours and Material's take 1.3 s to compile and 0.02 s to load and verify; a
build compiles its share of them in the rendering process and in each language's MkDocs build.
"""

from __future__ import annotations

import marshal
import os
import secrets
from pathlib import Path
from types import CodeType

from jinja2.bccache import Bucket, BytecodeCache

from generator.cache import seal


class SealedBytecodeCache(BytecodeCache):
    """Template bytecode under ``folder``, one sealed file per template; see the module text."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _path(self, bucket: Bucket) -> Path:
        return self.folder / f"{bucket.key}.code"

    @staticmethod
    def _purpose(bucket: Bucket) -> str:
        # The template (its name and file) and the very source it was compiled from.
        return f"jinja\0{bucket.key}\0{bucket.checksum}"

    def load_bytecode(self, bucket: Bucket) -> None:
        payload = seal.read(self._path(bucket), self._purpose(bucket))
        if payload is None:
            return
        try:
            code = marshal.loads(payload)
        except (EOFError, ValueError, TypeError):  # verified, yet not code of this Python: compile again
            return
        if isinstance(code, CodeType):
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is None:
            return
        sealed = seal.seal(marshal.dumps(bucket.code), self._purpose(bucket))
        if sealed is None:  # no key on this machine: nothing is kept
            return
        path = self._path(bucket)
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(sealed)
            os.replace(temporary, path)  # a reader sees the old file or the new, never half
        except OSError:  # a cache that cannot be written is only a slower next build
            temporary.unlink(missing_ok=True)

    def clear(self) -> None:
        for path in self.folder.glob("*.code"):
            path.unlink(missing_ok=True)
