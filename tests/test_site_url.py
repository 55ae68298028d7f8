"""The site's address as data: ``site_url`` in rules_data/site.yaml, ``--site-url`` over it.

With an address, every language's sitemap lists every page by its full address, the root
``sitemap.xml`` names each language's sitemap, and every page has a canonical link and
hreflang links that are full addresses. Without one (``not-known``), none of that is
written, and ``rulesite build`` says so.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from generator.build import build

from .conftest import ROOT
from .test_build import small_project  # noqa: F401 (a fixture)

pytestmark = pytest.mark.build
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def set_address(root: Path, value: str) -> None:
    site = root / "rules_data" / "site.yaml"
    text = site.read_text(encoding="utf-8")
    site.write_text(re.sub(r"^title: .*$", lambda m: f"{m.group()}\nsite_url: {value}", text, count=1, flags=re.M),
                    encoding="utf-8")


def pages_of(site: Path, code: str) -> list[str]:
    """Every page of a language as the address path under the language (``alpha/``)."""
    return sorted(p.relative_to(site / code).as_posix().removesuffix("index.html")
                  for p in (site / code).rglob("index.html"))


def locations(path: Path, tag: str) -> list[str]:
    return sorted(e.text or "" for e in ElementTree.parse(path).getroot().iter(f"{SITEMAP}{tag}"))


def test_the_address_in_site_yaml_gives_a_full_sitemap_canonical_and_hreflang_links(small_project, tmp_path):  # noqa: F811
    address = "https://rules.example.org/carcassonne/"
    set_address(small_project, address)
    result = build(small_project, site_dir=tmp_path / "site")
    site, codes = result.site, result.languages
    assert locations(site / "sitemap.xml", "loc") == sorted(f"{address}{code}/sitemap.xml" for code in codes)
    for code in codes:
        pages = pages_of(site, code)
        assert locations(site / code / "sitemap.xml", "loc") == sorted(f"{address}{code}/{p}" for p in pages)
        for page in pages:
            text = (site / code / page / "index.html").read_text(encoding="utf-8")
            assert f'<link rel="canonical" href="{address}{code}/{page}">' in text, (code, page)
            for other in codes:
                assert f'hreflang="{other}" href="{address}{other}/{page}"' in text, (code, page, other)
    # --site-url wins over the data.
    other = build(small_project, site_dir=tmp_path / "other", site_url="https://mirror.example.net/")
    assert locations(other.site / "sitemap.xml", "loc")[0].startswith("https://mirror.example.net/")


def test_an_unknown_address_writes_no_absolute_links_and_the_build_says_so(small_project, tmp_path):  # noqa: F811
    set_address(small_project, "not-known")
    built = subprocess.run([sys.executable, "-m", "generator", "--root", str(small_project), "build",
                            "--site-dir", str(tmp_path / "site")], capture_output=True, text=True, cwd=ROOT)
    assert built.returncode == 0, built.stderr
    assert "the site's address is not known" in built.stderr
    assert not (tmp_path / "site" / "sitemap.xml").exists()
    page = (tmp_path / "site" / "nl" / "alpha" / "index.html").read_text(encoding="utf-8")
    assert 'rel="canonical"' not in page and 'hreflang="en" href="../../en/alpha/"' in page


def test_a_site_url_that_is_no_address_is_refused_at_its_line(small_project):  # noqa: F811
    set_address(small_project, "www.example.org")
    checked = subprocess.run([sys.executable, "-m", "generator", "--root", str(small_project), "check"],
                             capture_output=True, text=True, cwd=ROOT)
    lines = (small_project / "rules_data" / "site.yaml").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(lines, 1) if text.startswith("site_url:"))
    assert checked.returncode == 1, checked.stderr
    assert f"rules_data/site.yaml:{line}:11: error [bad-value] 'www.example.org' is not text matching" in checked.stderr
