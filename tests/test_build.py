"""The whole site: every page in every language, strict MkDocs, hreflang, 404s, search,
no template syntax anywhere, and a failed build that leaves the previous site alone."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from generator.build import build
from generator.site.adapter import STEMMED
from generator.project import load_checked
from generator.core.problem import ProblemsFound, StageFailed

from .conftest import ROOT

pytestmark = pytest.mark.build
TEMPLATE = re.compile(r"\{\{|\{%|\{\{\{")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    site = tmp_path_factory.mktemp("site") / "site"
    # wait: another test (or test run) building the project at the same time is waited for, not failed
    result = build(ROOT, site_dir=site, wait=True)
    return result


@pytest.fixture(scope="module")
def project():
    return load_checked(ROOT)


def html(site: Path, lang: str, page: str) -> str:
    path = site / lang / (f"{page}/index.html" if page else "index.html")
    assert path.exists(), f"missing {path.relative_to(site)}"
    return path.read_text(encoding="utf-8")


def expected_pages(project) -> list[str]:
    pages = ["", "legend", "variants", "publishers", "translate", "reading", "contributing", "scenario-format"]
    pages += list(project.pages) + [f"translate/{p}" for p in project.pages]
    return pages + [f"publishers/{p.id}" for p in project.site.publishers]


def test_every_page_exists_in_every_language(built, project):
    assert built.languages == project.languages
    for lang in built.languages:
        for page in expected_pages(project):
            text = html(built.site, lang, page)
            assert f'<html lang="{lang}"' in text


def test_no_built_html_contains_template_syntax(built):
    files = list(built.site.rglob("*.html"))
    assert len(files) == built.pages
    offenders = [str(p.relative_to(built.site)) for p in files if TEMPLATE.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_hreflang_alternates_and_language_switcher_stay_on_the_same_page(built, project):
    for lang in built.languages:
        text = html(built.site, lang, "mage-and-witch-c1")
        alternates = dict(re.findall(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)"', text))
        assert set(alternates) == set(built.languages) | {"x-default"}
        for other in built.languages:
            assert alternates[other] == f"../../{other}/mage-and-witch-c1/"
        switcher = re.findall(r'<a href="([^"]+)" hreflang="([a-z]+)" lang="[a-z]+"\s+class="md-select__link', text)
        assert {code: href for href, code in switcher} == {o: f"../../{o}/mage-and-witch-c1/" for o in built.languages}


def test_each_language_has_its_own_404_and_theme_language(built):
    titles = {}
    for lang in built.languages:
        text = (built.site / lang / "404.html").read_text(encoding="utf-8")
        titles[lang] = re.search(r"<h1>(.*?)</h1>", text).group(1)
        assert f'<html lang="{lang}"' in text
    assert titles["en"] == "Page not found"
    assert len(set(titles.values())) == len(titles), titles  # each in its own language


def test_each_language_has_its_own_search_index_with_its_stemmer(built, project):
    for lang in built.languages:
        index = json.loads((built.site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
        config = index["config"]
        if lang not in STEMMED:
            assert config["pipeline"] == []  # no stemmer (and never English's) where Material has none
        else:
            assert config["lang"] == [lang]
        locations = {doc["location"].split("#")[0] for doc in index["docs"]}
        assert "mage-and-witch-c1/" in locations
        title = project.units["mage-and-witch-c1"]["title"].text
        mw = next(doc for doc in index["docs"] if doc["location"] == "mage-and-witch-c1/")
        if lang == "en":
            assert mw["title"] == title


def test_site_root_sends_visitors_to_a_language(built):
    text = (built.site / "index.html").read_text(encoding="utf-8")
    for lang in built.languages:
        assert f'href="{lang}/"' in text


def test_the_root_pages_escape_every_value_from_data():
    from generator.output.write import site_root

    hostile = '<b x="1">&\'</script>'
    pages = site_root([("en", hostile), ("nl", "Nederlands")], "en", hostile, "/base/</script>'/",
                      {"en": (hostile, hostile), "nl": ("Niet gevonden", "Niets")})
    for name, text in pages.items():
        assert "<b x=" not in text and text.count("</script>") == 1, name  # only the page's own script ends
        assert "&lt;b x=&#34;1&#34;&gt;&amp;&#39;&lt;/script&gt;" in text, name
    # In a script a value is JSON, with nothing that could end the script early.
    assert 'var base = "/base/\\u003c/script\\u003e\\u0027/"' in pages["404.html"]
    assert 'var codes = ["en", "nl"]' in pages["index.html"] and 'location.replace("en/" + page)' in pages["index.html"]


def test_build_reports_the_generator_share(built):
    timings = built.timings
    assert set(timings.stages) == {"load+check+score", "render", "write", "mkdocs", "finish"}
    assert all(seconds > 0 for seconds in timings.stages.values())
    assert timings.generator == pytest.approx(sum(timings.stages[n] for n in ("load+check+score", "render", "write")))
    assert f"= {timings.share:.1f}% of the build ({timings.wall_share:.1f}% of the wall-clock time)" in timings.report()


# --------------------------------------------------------------------------- a small project


@pytest.fixture
def small_project(minimal):
    for name in ("mkdocs.yml",):
        shutil.copy(ROOT / name, minimal / name)
    shutil.copytree(ROOT / "theme", minimal / "theme")
    for lang in ("en", "nl"):  # the small project has two languages
        shutil.copytree(ROOT / "content" / lang, minimal / "content" / lang)
    return minimal


def test_content_folder_of_an_unknown_language_is_reported(small_project):
    (small_project / "content" / "fr").mkdir()
    (small_project / "content" / "fr" / "reading.md").write_text("# Lecture\n")
    with pytest.raises(ProblemsFound) as failure:
        load_checked(small_project)
    assert [(p.file, p.code) for p in failure.value.problems] == [("content/fr/reading.md", "unknown-language")]


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_missing_translations_show_english_marked_and_counted(small_project, tmp_path):
    result = build(small_project, site_dir=tmp_path / "site")
    page = html(result.site, "nl", "alpha")
    assert '<span lang="en" class="rs-untranslated"' in page
    # Counted on the page's comparison view, which is the translators' (no longer on the rules page).
    assert re.search(r"\d+% .*translated|vertaald", html(result.site, "nl", "translate/alpha"))
    english = html(result.site, "en", "alpha")
    assert "rs-untranslated" not in english
    reading = html(result.site, "nl", "contributing")  # hand-written, English only: shown openly as English
    assert 'lang="en"' in reading and "rs-fallback" in reading


def test_failed_build_leaves_the_previous_site_untouched(small_project, tmp_path):
    site = tmp_path / "site"
    build(small_project, site_dir=site)
    before = digest(site)
    page = small_project / "rules_data" / "pages" / "alpha.yaml"
    original = page.read_text()
    page.write_text(original.replace("{fn:ruling}", "{fn:nowhere}"))
    with pytest.raises(ProblemsFound) as failure:
        build(small_project, site_dir=site)
    assert {p.code for p in failure.value.problems} >= {"unknown-footnote"}
    assert digest(site) == before
    # A failure inside MkDocs (a broken link in a hand-written page) must not touch it either.
    page.write_text(original)
    (small_project / "content" / "en" / "broken.md").write_text("# Broken\n\n[nowhere](missing-page.md)\n")
    with pytest.raises(StageFailed, match="MkDocs build failed"):  # library code raises; only the CLI exits
        build(small_project, site_dir=site)
    assert digest(site) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".site")]  # no staging left behind


def test_a_wrong_published_total_fails_the_build_naming_the_example(small_project, tmp_path):
    example = small_project / "examples" / "alpha-example.yaml"
    example.write_text(example.read_text().replace("expect: {red: 6}", "expect: {red: 7}"))
    with pytest.raises(ProblemsFound) as failure:
        build(small_project, site_dir=tmp_path / "site")
    message = "\n".join(p.message for p in failure.value.problems)
    assert "alpha-example" in message and "expected 7, computed 6" in message
    assert "completed city: 3 tiles" in message  # the breakdown
    assert not (tmp_path / "site").exists()


# An emphasised phrase of the reading guide quotes a word of the site: a label, a heading, a box.
_QUOTED = re.compile(r"(?<![*\w])\*([^*\n]+)\*(?!\*)")


def test_words_the_reading_guide_quotes_are_the_words_each_site_shows(built):
    stylesheet = (ROOT / "theme" / "assets" / "stylesheets" / "rulesite.css").read_text(encoding="utf-8")
    drawn_by_css = set(re.findall(r'content:\s*"([^"]+)"', stylesheet))  # marks the theme draws
    missing, read = [], []
    for lang in built.languages:
        own = ROOT / "content" / lang / "reading.md"
        if not own.exists():
            continue  # a language without its own guide shows the source language's, marked as such
        read.append(lang)
        quoted = set(_QUOTED.findall(own.read_text(encoding="utf-8").split("---", 2)[2]))
        assert quoted, f"{lang}: the reading guide quotes nothing any more; is this test still needed?"
        shown = " ".join(re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))))
                         for path in (built.site / lang).rglob("*.html") if "reading" not in path.parts)
        missing += [f"{lang}: *{phrase}*" for phrase in sorted(quoted) if phrase not in shown and phrase not in drawn_by_css]
    assert built.languages[0] in read and missing == [], missing
