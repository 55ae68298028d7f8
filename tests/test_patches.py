"""The patches of MkDocs and Material (generator/site/patches.py) run only where they were
tested: another release, or a name a release took away, stops a build with one line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from generator.core.problem import StageFailed
from generator.site import patches

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_guard():
    # guard() keeps a passed check for the process: each test starts and ends without one.
    patches.guard.cache_clear()
    yield
    patches.guard.cache_clear()


def _fake_version(monkeypatch, distribution: str, version: str) -> None:
    real = patches.installed
    monkeypatch.setattr(patches, "installed", lambda name: version if name == distribution else real(name))


def test_the_installed_releases_pass():
    patches.check()
    patches.check(preview=True)
    assert patches.installed("mkdocs") == "1.6.1" and patches.installed("mkdocs-material") == "9.8.2"


@pytest.mark.parametrize("distribution, version", [("mkdocs", "1.7.0"), ("mkdocs", "1.6.0"), ("mkdocs", "2.0"),
                                                   ("mkdocs-material", "9.9.0"), ("mkdocs-material", "9.7.6"),
                                                   ("mkdocs-material", "unknown")])
def test_a_release_outside_the_tested_range_fails_with_one_line(monkeypatch, distribution, version):
    _fake_version(monkeypatch, distribution, version)
    with pytest.raises(StageFailed) as failure:
        patches.guard()
    message = str(failure.value)
    assert "\n" not in message
    assert message == (f"{distribution} {version} is installed, but rulesite's patches of its internals "
                       f"(generator/site/patches.py) are tested with {patches.TESTED[distribution]}: "
                       "install the versions of requirements.lock (pip install -r requirements.lock)")


@pytest.mark.parametrize("version", ["1.6.1", "1.6.9", "1.6.1.post1"])
def test_releases_inside_the_range_pass(monkeypatch, version):
    _fake_version(monkeypatch, "mkdocs", version)
    patches.guard()


def test_a_missing_function_fails_with_its_name(monkeypatch):
    from mkdocs import utils

    monkeypatch.delattr(utils, "write_file")
    with pytest.raises(StageFailed, match=r"^mkdocs\.utils\.write_file is missing from the installed MkDocs "
                                          r"or Material, and rulesite patches it \(generator/site/patches\.py\)"):
        patches.guard()


def test_a_missing_instance_attribute_fails_too(monkeypatch):
    # MkDocs sets Page._title_from_render in its methods, not on the class: the guard reads their code.
    from mkdocs.structure import pages

    assert patches._present("mkdocs.structure.pages", "Page", "_title_from_render")
    assert not hasattr(pages.Page, "_title_from_render")

    class Page:  # a release whose pages keep their title elsewhere
        present_anchor_ids = links_to_anchors = None

        def render(self, config, files):
            self.title_from_render = "renamed"

    monkeypatch.setattr(pages, "Page", Page)
    with pytest.raises(StageFailed, match=r"^mkdocs\.structure\.pages\.Page\._title_from_render is missing"):
        patches.guard()


def test_the_preview_checks_its_own_patches_as_well(monkeypatch):
    from mkdocs import livereload

    class LiveReloadServer:  # a release with another way of watching files
        def __init__(self):
            self.error_handler = None
            self.watcher = None

    monkeypatch.setattr(livereload, "LiveReloadServer", LiveReloadServer)
    patches.guard()  # a build does not use the server
    with pytest.raises(StageFailed, match=r"^mkdocs\.livereload\.LiveReloadServer\.observer is missing"):
        patches.guard(preview=True)


def test_a_passed_guard_is_kept_and_a_failed_one_is_not(monkeypatch):
    patches.guard()
    _fake_version(monkeypatch, "mkdocs", "1.7.0")
    patches.guard()  # kept: the installed code does not change under a running process
    patches.guard.cache_clear()
    for _ in range(2):
        with pytest.raises(StageFailed):
            patches.guard()


def test_the_plugin_refuses_with_the_same_line_under_mkdocs_itself(monkeypatch):
    from mkdocs.exceptions import PluginError

    from generator.site.plugin import RulesitePlugin

    _fake_version(monkeypatch, "mkdocs-material", "9.9.1")
    with pytest.raises(PluginError, match=r"^mkdocs-material 9\.9\.1 is installed, but rulesite's patches"):
        RulesitePlugin().on_config(None)  # before the configuration is even looked at


def test_a_build_stops_at_the_guard_with_one_line_and_no_site(monkeypatch, minimal, tmp_path, capsys):
    from generator.cli import main

    _fake_version(monkeypatch, "mkdocs", "1.7.0")
    site = tmp_path / "site"
    assert main(["--root", str(minimal), "build", "--site-dir", str(site)]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"rulesite: mkdocs 1.7.0 is installed, but rulesite's patches of its "
                                         f"internals (generator/site/patches.py) are tested with mkdocs>=1.6.1,<1.7: "
                                         f"install the versions of requirements.lock (pip install -r requirements.lock)"]
    assert "Traceback" not in captured.err and not site.exists()


def test_pyproject_states_the_tested_ranges_and_the_lock_pins_inside_them():
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    pins = dict(re.findall(r"^([a-z0-9-]+)==(\S+)$", (ROOT / "requirements.lock").read_text(encoding="utf-8"), re.M))
    for distribution, tested in patches.TESTED.items():
        assert tested in dependencies, f"pyproject.toml must state {tested}"
        assert not patches._outside(distribution, pins[distribution]), f"requirements.lock pins {pins[distribution]}"


def test_no_other_module_assigns_what_the_patches_replace():
    # One home for patches: replacing one of these anywhere else in the package is a patch
    # outside the guard's sight. (The fields a render sets on a page, which a render answered
    # in MkDocs' place sets too, are not replacements: the page cache restores them itself.)
    import ast

    names = {"get_yaml_loader", "write_file", "copy_file", "get_env", "render", "add_entry_from_context",
             "is_modified", "search_index_prev", "observer", "error_handler"}
    assert names <= {name for _, _, name in patches.PATCHED + patches.PATCHED_BY_THE_PREVIEW}
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and part.attr in names:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {part.attr}")
    assert found and all(line.startswith("generator/site/patches.py:") for line in found), found
