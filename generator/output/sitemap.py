"""The site's sitemap index: one ``sitemap.xml`` at the root naming each language's sitemap.

Each language is its own MkDocs build, and MkDocs writes that language's ``sitemap.xml``
with every page's full address once it knows the site's address (``site_url``). Search
engines are given one file for the whole site, in the sitemaps.org index format.
"""

from __future__ import annotations

from xml.sax.saxutils import escape


def sitemap_index(site_url: str, codes: list[str]) -> str:
    """The sitemap index of a site published at ``site_url`` in the languages ``codes``."""
    root = site_url.rstrip("/") + "/"
    entries = "".join(f"  <sitemap><loc>{escape(root + code + '/sitemap.xml')}</loc></sitemap>\n" for code in codes)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{entries}</sitemapindex>\n")
