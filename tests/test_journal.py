"""Caches kept as a base and a journal: a small change writes only the journal, and what is
read back is always exactly what was last saved (or nothing)."""

from __future__ import annotations

import pickle

import pytest

from generator.cache import journal

TAG = "test 1"


@pytest.fixture(autouse=True)
def keys(tmp_path, monkeypatch):
    """This test's own sealing key ($XDG_CACHE_HOME), never the user's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "keys"))


@pytest.fixture
def path(tmp_path):
    return tmp_path / "cache.pickle"


def _log(path):
    return path.with_name(path.name + ".journal")


def _entries(count: int) -> dict[str, tuple[str, str]]:
    return {f"page-{n}.md": (f"key-{n}", f"text {n}") for n in range(count)}


def test_a_first_save_writes_a_base_that_loads_back(path):
    entries = _entries(10)
    journal.save(path, TAG, entries, journal.load(path, TAG))
    assert path.exists() and not _log(path).exists()
    assert journal.load(path, TAG).entries == entries


def test_a_small_change_writes_only_the_journal(path):
    journal.save(path, TAG, _entries(20), None)
    base = path.read_bytes()
    kept = journal.load(path, TAG)
    entries = dict(kept.entries)
    entries["page-3.md"] = ("key-3b", "text 3, edited")
    del entries["page-4.md"]
    entries["page-new.md"] = ("key-new", "a new page")
    journal.save(path, TAG, entries, kept)
    assert path.read_bytes() == base and _log(path).exists()
    assert journal.load(path, TAG).entries == entries

    again = journal.load(path, TAG)  # a later build changes another page: the journal holds both
    entries["page-5.md"] = ("key-5b", "text 5, edited")
    journal.save(path, TAG, entries, again)
    assert path.read_bytes() == base
    assert journal.load(path, TAG).entries == entries


def _one_edit_kept(path):
    """A base of ten entries, then one of them changed: kept as a journal; loaded back."""
    journal.save(path, TAG, _entries(10), None)
    kept = journal.load(path, TAG)
    journal.save(path, TAG, {**kept.entries, "page-1.md": ("key-1b", "edited")}, kept)
    assert _log(path).exists()
    return journal.load(path, TAG)


def test_many_changes_write_a_new_base_and_drop_the_journal(path):
    kept = _one_edit_kept(path)
    entries = {name: (key + "c", text) for name, (key, text) in kept.entries.items()}
    journal.save(path, TAG, entries, kept)
    assert not _log(path).exists()
    assert journal.load(path, TAG).entries == entries


def test_nothing_changed_writes_nothing(path):
    kept = _one_edit_kept(path)
    stamps = path.stat().st_mtime_ns, _log(path).stat().st_mtime_ns
    journal.save(path, TAG, dict(kept.entries), kept)
    assert (path.stat().st_mtime_ns, _log(path).stat().st_mtime_ns) == stamps


def test_going_back_to_the_base_removes_the_journal(path):
    kept = _one_edit_kept(path)
    journal.save(path, TAG, _entries(10), kept)
    assert not _log(path).exists()
    assert journal.load(path, TAG).entries == _entries(10)


def test_a_journal_of_another_base_or_tag_is_ignored(path):
    journal.save(path, TAG, _entries(10), None)
    kept = journal.load(path, TAG)
    journal.save(path, TAG, {**kept.entries, "page-1.md": ("stale", "stale")}, kept)
    stale = _log(path).read_bytes()
    journal.save(path, TAG, _entries(3), None)  # a new base (as a killed build could leave it)
    _log(path).write_bytes(stale)
    assert journal.load(path, TAG).entries == _entries(3)
    assert journal.load(path, "test 2").entries == {}


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05K\x01."])
def test_a_damaged_file_is_no_cache(path, damage):
    journal.save(path, TAG, _entries(3), None)
    path.write_bytes(damage)
    assert journal.load(path, TAG).entries == {}


def _damages(data: bytes) -> dict[str, bytes | None]:
    middle = len(data) // 2
    return {"truncated": data[:middle], "emptied": b"", "flipped": data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1:],
            "deleted": None, "random": bytes(range(256)) * (len(data) // 256 + 1)}


@pytest.mark.parametrize("damage", ["truncated", "emptied", "flipped", "deleted", "random"])
def test_a_damaged_journal_leaves_the_base_and_is_written_again(path, damage):
    kept = _one_edit_kept(path)
    edited = dict(kept.entries)
    changed = _damages(_log(path).read_bytes())[damage]
    if changed is None:
        _log(path).unlink()
    else:
        _log(path).write_bytes(changed)
    found = journal.load(path, TAG)
    assert found.entries == _entries(10)  # the base alone: never a damaged entry
    journal.save(path, TAG, _entries(10), found)
    assert not _log(path).exists()  # nothing changed since the base, yet the damaged journal is not left to be tried again
    journal.save(path, TAG, edited, journal.load(path, TAG))
    assert journal.load(path, TAG).entries == edited


@pytest.mark.parametrize("damage", ["truncated", "emptied", "flipped", "deleted", "random"])
def test_a_damaged_base_is_no_cache_and_the_next_save_writes_a_new_one(path, damage):
    kept = _one_edit_kept(path)
    edited = dict(kept.entries)
    changed = _damages(path.read_bytes())[damage]
    if changed is None:
        path.unlink()
    else:
        path.write_bytes(changed)
    found = journal.load(path, TAG)
    assert found.entries == {}  # its journal is not read without it either
    journal.save(path, TAG, edited, found)
    assert not _log(path).exists() and journal.load(path, TAG).entries == edited


def test_a_file_moved_to_another_cache_or_sealed_elsewhere_is_no_cache(path, tmp_path, monkeypatch):
    journal.save(path, TAG, _entries(3), None)
    other = tmp_path / "other.pickle"
    other.write_bytes(path.read_bytes())
    assert journal.load(other, TAG).entries == {}
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-machine"))
    assert journal.load(path, TAG).entries == {}


class _Plant:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (type(self.marker).touch, (self.marker,))


def test_a_planted_pickle_in_the_base_or_the_journal_runs_nothing(path, tmp_path):
    marker = tmp_path / "ran"
    planted = pickle.dumps(_Plant(marker))
    journal.save(path, TAG, _entries(3), None)
    _log(path).write_bytes(planted)
    assert journal.load(path, TAG).entries == _entries(3)
    path.write_bytes(planted)
    assert journal.load(path, TAG).entries == {}
    assert not marker.exists()
