"""generator.core.atomic.write_files: many files, one flush, each replaced whole or not at all."""

from __future__ import annotations

import os

import pytest

from generator.core import atomic


def test_many_files_are_written_with_the_old_ones_modes_and_no_temporary_file_left(tmp_path):
    old = tmp_path / "old.yaml"
    old.write_text("before\n", encoding="utf-8")
    old.chmod(0o600)
    new = tmp_path / "deeper" / "new.yaml"
    atomic.write_files([(old, "after é\n"), (new, "new\n")])
    assert old.read_text(encoding="utf-8") == "after é\n" and new.read_text(encoding="utf-8") == "new\n"
    assert old.stat().st_mode & 0o777 == 0o600 and new.stat().st_mode & 0o777 == 0o644
    assert not [path for path in tmp_path.rglob("*.tmp")]


def test_a_failure_before_the_renames_replaces_no_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("a\n", encoding="utf-8")
    second.write_text("b\n", encoding="utf-8")

    def full_disk() -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "sync", full_disk)
    with pytest.raises(OSError):
        atomic.write_files([(first, "A\n"), (second, "B\n")])
    assert first.read_text(encoding="utf-8") == "a\n" and second.read_text(encoding="utf-8") == "b\n"
    assert not [path for path in tmp_path.rglob("*.tmp")]
