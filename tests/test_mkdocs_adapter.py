"""The MkDocs adapter's pure parts: which hand-written page each language shows, search settings."""

from __future__ import annotations

from generator.site.adapter import choose_pages, fallback_page, search_settings

PATHS = ["en/index.md", "en/contributing.md", "en/img/board.png", "nl/index.md", "pl/index.md", "xx/index.md",
         "assets/site.css", "robots.txt"]


def test_a_language_shows_its_own_page_and_falls_back_to_the_source_for_the_rest():
    choice = choose_pages(PATHS, "nl", "en", ["en", "nl", "pl"])
    assert choice.own == {"index.md": "nl/index.md"}
    assert choice.fallback == {"contributing.md": "en/contributing.md"}
    assert choice.shared == ["assets/site.css", "robots.txt"]


def test_the_source_language_never_falls_back():
    choice = choose_pages(PATHS, "en", "en", ["en", "nl", "pl"])
    assert choice.own == {"index.md": "en/index.md", "contributing.md": "en/contributing.md",
                          "img/board.png": "en/img/board.png"}
    assert choice.fallback == {}


def test_only_markdown_falls_back_and_other_languages_folders_are_left_out():
    choice = choose_pages(PATHS, "pl", "en", ["en", "nl", "pl"])
    assert "img/board.png" not in choice.fallback  # a picture is not a page to mark as English
    assert all(not path.startswith(("nl/", "xx/")) for path in
               [*choice.shared, *choice.own.values(), *choice.fallback.values()])


def test_a_language_with_no_folder_gets_every_source_page_as_fallback():
    choice = choose_pages(PATHS, "cs", "en", ["en", "nl", "pl", "cs"])
    assert choice.own == {}
    assert choice.fallback == {"index.md": "en/index.md", "contributing.md": "en/contributing.md"}


def test_a_fallback_page_is_marked_english_and_kept_out_of_search():
    page = fallback_page("---\ntitle: Guide\n---\n\n# Guide\n\nText.\n")
    assert page.startswith("---\n")
    front, body = page.split("---\n")[1], page.split("---\n", 2)[2]
    assert "rulesite_fallback: true" in front.splitlines()
    assert "search:\n  exclude: true" in front and "title: Guide" in front.splitlines()
    assert body.strip().startswith('<div lang="en" markdown>') and body.strip().endswith("</div>")
    # A contributors' page stays in the index: only the contributors' own search shows it.
    assert "exclude" not in fallback_page("# Guide\n", contributors=True)


def test_search_uses_a_stemmer_only_where_material_has_one():
    # Material keeps only the lunr functions "pipeline" names: the stemmer must be named.
    dutch = search_settings("nl")
    assert dutch["lang"] == ["nl"] and "stemmer" in dutch["pipeline"] and "„" in dutch["separator"]
    czech = search_settings("cs")
    assert czech["pipeline"] == [] and czech["lang"] == ["en"] and "„" in czech["separator"]


def test_the_lean_theme_listing_adds_the_same_theme_files_and_still_loads_hidden_templates():
    from pathlib import Path

    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    from generator.site.patches import lean_theme_listing

    root = Path(__file__).resolve().parent.parent

    def theme_files(lean: bool) -> tuple[list[tuple[str, str]], object]:
        config = load_config(config_file=str(root / "mkdocs.yml"))
        if lean:
            lean_theme_listing(config.theme)
        env = config.theme.get_env()
        files = Files([])
        files.add_files_from_theme(env, config)
        return sorted((file.src_uri, file.abs_src_path) for file in files), env

    plain, plain_env = theme_files(lean=False)
    lean, env = theme_files(lean=True)
    assert len(plain) > 20 and lean == plain
    assert any(name.startswith(".icons/") for name in plain_env.list_templates())
    # The walk skips hidden folders, yet Material's icons there still load as templates.
    assert not any(name.startswith(".icons/") for name in env.list_templates())
    assert "<svg" in env.get_template(".icons/material/castle.svg").render()


def test_configurations_are_parsed_by_libyaml_into_the_configuration_mkdocs_itself_makes(tmp_path, monkeypatch):
    from pathlib import Path

    import yaml
    from mkdocs.config import load_config as mkdocs_load_config

    from generator.site.adapter import load_config

    root = Path(__file__).resolve().parent.parent
    monkeypatch.setenv("RULESITE_TEST_NAME", "Overridden name")
    # A language configuration as the build writes one: it inherits mkdocs.yml (Material's
    # !!python/name tags) and uses MkDocs' own !ENV tag.
    config_file = tmp_path / "mkdocs.nl.yml"
    config_file.write_text(f"INHERIT: {root / 'mkdocs.yml'}\ndocs_dir: {root / 'content'}\n"
                           f"site_name: !ENV [RULESITE_TEST_NAME, fallback]\ntheme:\n  language: nl\n  custom_dir: {root / 'theme'}\n", encoding="utf-8")
    loaders = []
    parse = yaml.load

    def spy(stream, Loader):  # noqa: N803 (PyYAML's name)
        if Loader.__qualname__.startswith("get_yaml_loader"):  # MkDocs' configuration loader, not a theme's
            loaders.append(Loader)
        return parse(stream, Loader=Loader)

    monkeypatch.setattr(yaml, "load", spy)
    ours = load_config(config_file, strict=True)
    assert loaders and all(issubclass(loader, yaml.CLoader) for loader in loaders)
    loaders.clear()
    theirs = mkdocs_load_config(config_file=str(config_file), strict=True)
    assert loaders and not any(issubclass(loader, yaml.CLoader) for loader in loaders)  # MkDocs' loader is back
    assert ours["site_name"] == "Overridden name" and ours["theme"]["language"] == "nl"
    assert ours["mdx_configs"]["pymdownx.emoji"]["emoji_index"].__name__ == "twemoji"
    assert list(ours) == list(theirs) and [key for key in ours if ours[key] != theirs[key]] == []
