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


@pytest.mark.parametrize("site_url", [None, "https://rules.example.org/carcassonne/"], ids=["no address", "address"])
def test_parts_built_by_language_assemble_into_the_single_build(small_project, tmp_path, monkeypatch,  # noqa: F811
                                                                site_url):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the sitemap's dates
    codes = load_checked(small_project).languages
    single = build(small_project, site_dir=tmp_path / "single", site_url=site_url).site
    assert (single / "sitemap.xml").exists() == bool(site_url)  # the root sitemap, compared below too
    address = ["--site-url", site_url] if site_url else []
    parts = []
    for code in reversed(codes):  # the order of the parts must not matter
        part = tmp_path / "parts" / code
        assert main(["--root", str(small_project), "build", "--lang", code, "--out", str(part), *address]) == 0
        parts.append(part)
    assert main(["--root", str(small_project), "assemble", *map(str, parts), "--out", str(tmp_path / "site")]) == 0
    assembled = digest(tmp_path / "site")
    assert sorted({name.split("/")[0] for name in assembled if "/" in name}) == sorted(codes)
    assert assembled == digest(single)
    for code in codes:  # the pictures, written per language, are part of what is compared
        assert any(name.startswith(f"{code}/") and name.endswith(".svg") for name in assembled), code


def test_parts_built_for_two_addresses_on_one_path_are_refused(small_project, tmp_path):  # noqa: F811
    # The same base path (/rules/), so only the address itself tells the parts apart: the root
    # sitemap would name one host while the other part's pages link to theirs.
    codes = load_checked(small_project).languages[:2]
    for name, code, host in (("a", codes[0], "one.example.org"), ("b", codes[1], "two.example.org")):
        build(small_project, site_dir=tmp_path / name, languages=[code], part=True, site_url=f"https://{host}/rules/")
    with pytest.raises(ProblemsFound) as failure:
        assemble([tmp_path / "a", tmp_path / "b"], tmp_path / "site", small_project)
    assert [p.code for p in failure.value.problems] == ["part-mismatch"]


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


# --------------------------------------------------------------------------- parts built side by side


def test_parts_of_other_languages_build_side_by_side_and_the_same_language_waits(small_project, tmp_path,  # noqa: F811
                                                                                 monkeypatch):
    from .test_race import BUSY, Holder, rulesite

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # as in the builds below (tests/test_race.py)
    first, second = load_checked(small_project).languages
    parts = tmp_path / "parts"
    # One part is held inside its locks while the other is built from start to end.
    holder = Holder(small_project, tmp_path, "build", "--lang", first, "--out", str(parts / first))
    try:
        beside = rulesite(small_project, "build", "--lang", second, "--out", str(parts / second))
        same = rulesite(small_project, "build", "--lang", first, "--out", str(tmp_path / "again"))
        whole = rulesite(small_project, "build", "--site-dir", str(tmp_path / "whole"))
    finally:
        held = holder.go()
    assert beside.code == 0 and held.code == 0, (beside.err, held.err)
    for refused in (same, whole):  # the same language's files, or every language's
        assert refused.code == 1 and refused.err.strip() == f"rulesite: {BUSY}{holder.pid}); give --wait to wait for it"
    assert not (tmp_path / "again").exists() and not (tmp_path / "whole").exists()
    single = build(small_project, site_dir=tmp_path / "single").site
    assert main(["--root", str(small_project), "assemble", str(parts / first), str(parts / second),
                 "--out", str(tmp_path / "site")]) == 0
    assert digest(tmp_path / "site") == digest(single)


def test_the_five_parts_of_the_documented_split_build_run_at_once(tmp_path, monkeypatch):
    from .test_race import copy_project, finish, rulesite, start

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = copy_project(tmp_path / "project")
    codes = load_checked(project).languages
    assert len(codes) == 5
    processes = [start(project, "build", "--lang", code, "--out", str(tmp_path / "parts" / code)) for code in codes]
    runs = [finish(process) for process in processes]
    assert [run.code for run in runs] == [0] * len(codes), [run.err for run in runs]
    assert not any("Traceback" in run.err for run in runs)
    assembled = rulesite(project, "assemble", *(str(tmp_path / "parts" / code) for code in codes),
                         "--out", str(tmp_path / "site"))
    assert assembled.code == 0, assembled.err
    single = rulesite(project, "build", "--site-dir", str(tmp_path / "single"))
    assert single.code == 0, single.err
    assert digest(tmp_path / "site") == digest(tmp_path / "single")
