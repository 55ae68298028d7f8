"""Material's icons on the pages written as HTML, drawn as Markdown pages draw them.

Markdown pages name an icon by its shortcode (``:material-earth:``), which Material's emoji
extension turns into an inline SVG. Pages written as HTML get the very same markup: each
icon is drawn once per process by that extension, with the index and generator
``mkdocs.yml`` names (written again here, since mkdocs.yml names them with YAML tags that
only MkDocs' loader reads; ``tests/test_html_pages.py`` fails if the two part).
"""

from __future__ import annotations

import re

from markupsafe import Markup

from generator.cache import memo

_DRAWN = re.compile(r'<p><span class="twemoji">(<svg .*</svg>)</span></p>', re.S)


@memo.pure(None)
def svg(shortcode: str) -> str:
    """The inline SVG Material draws for an icon shortcode such as ``:material-earth:``."""
    import markdown
    from material.extensions.emoji import to_svg, twemoji

    converter = markdown.Markdown(extensions=["pymdownx.emoji"], extension_configs={
        "pymdownx.emoji": {"emoji_index": twemoji, "emoji_generator": to_svg}})
    drawn = _DRAWN.fullmatch(converter.convert(shortcode))
    if drawn is None:  # a shortcode Material does not know: a programming error, not data
        raise ValueError(f"no Material icon {shortcode!r}")
    return drawn.group(1)


def icon(shortcode: str, classes: str = "", attributes: Markup = Markup("")) -> Markup:
    """The icon as a ``<span class="twemoji">``; ``classes`` are added to its class, and
    ``attributes`` (already escaped, each with its leading space, in name order after
    ``class``) to the span, as Markdown's attribute lists would add them."""
    names = f"twemoji {classes}" if classes else "twemoji"
    return Markup(f'<span class="{names}"{attributes}>{svg(shortcode)}</span>')
