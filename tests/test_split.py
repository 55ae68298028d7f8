"""Split builds: languages built apart and assembled give the site a single build gives."""

from __future__ import annotations

import pytest

from generator.output.assemble import assemble
from generator.build import build
from generator.cli import main
from generator.core.problem import ProblemsFound
from generator.project import load_checked

from .test_build import digest, small_project  # noqa: F401 (a fixture)

pytestmark = pytest.mark.build


def test_parts_built_by_language_assemble_into_the_single_build(small_project, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the sitemap's dates
    codes = load_checked(small_project).languages
    single = build(small_project, site_dir=tmp_path / "single").site
    parts = []
    for code in reversed(codes):  # the order of the parts must not matter
        part = tmp_path / "parts" / code
        assert main(["--root", str(small_project), "build", "--lang", code, "--out", str(part)]) == 0
        parts.append(part)
    assert main(["--root", str(small_project), "assemble", *map(str, parts), "--out", str(tmp_path / "site")]) == 0
    assembled = digest(tmp_path / "site")
    assert sorted({name.split("/")[0] for name in assembled if "/" in name}) == sorted(codes)
    assert assembled == digest(single)
    for code in codes:  # the pictures, written per language, are part of what is compared
        assert any(name.startswith(f"{code}/") and name.endswith(".svg") for name in assembled), code


def test_a_language_in_two_parts_is_refused(small_project, tmp_path):  # noqa: F811
    code = load_checked(small_project).languages[0]
    for name in ("a", "b"):
        build(small_project, site_dir=tmp_path / name, languages=[code], part=True)
    with pytest.raises(ProblemsFound) as failure:
        assemble([tmp_path / "a", tmp_path / "b"], tmp_path / "site", small_project)
    assert [p.code for p in failure.value.problems] == ["part-mismatch"]
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_a_part_is_refused(tmp_path):
    (tmp_path / "site").mkdir()
    with pytest.raises(ProblemsFound) as failure:
        assemble([tmp_path / "site"], tmp_path / "out", tmp_path / "project")
    assert [p.code for p in failure.value.problems] == ["not-a-part"]


@pytest.mark.parametrize("manifest", ["[]", "{}", '{"languages": [], "base": "/", "built": {"en": "x"}}',
                                      '{"languages": [], "base": "/", "built": {"en": "x"}, "notfound": {}}'])
def test_a_part_with_a_broken_manifest_is_refused_without_a_traceback(tmp_path, manifest):
    from generator.output.assemble import MANIFEST

    (tmp_path / "part").mkdir()
    (tmp_path / "part" / MANIFEST).write_text(manifest, encoding="utf-8")
    with pytest.raises(ProblemsFound) as failure:
        assemble([tmp_path / "part"], tmp_path / "out", tmp_path / "project")
    assert [p.code for p in failure.value.problems] == ["not-a-part"]


def test_assemble_never_replaces_the_project(small_project, tmp_path):  # noqa: F811
    code = load_checked(small_project).languages[0]
    build(small_project, site_dir=tmp_path / "a", languages=[code], part=True)
    before = sorted(p.name for p in small_project.iterdir())
    assert main(["--root", str(small_project), "assemble", str(tmp_path / "a"), "--out", str(small_project)]) == 1
    assert sorted(p.name for p in small_project.iterdir()) == before
