"""Inline markup nodes to Markdown, with every piece of data text escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from markupsafe import Markup

from generator.model import markup
from generator.render.escape import attr, md_text


@dataclass
class Resolver:
    """What inline references point at, in the language being rendered."""

    link: Callable[[str], str]
    """Relative link from the current page to a target path such as ``publishers/hig.md``."""
    page_title: Callable[[str], str]
    figure_name: Callable[[str], str]
    colour: Callable[[str], tuple[str, str]]
    """Colour id -> (localized name, css colour)."""
    publisher_name: Callable[[str], str]
    printing: Callable[[str], tuple[str, str]]
    """Printing id -> (label, target path with anchor)."""
    anchor: Callable[[str, str], str]
    """(label markup, target path) -> a link: Markdown, or HTML on pages written as HTML."""
    footnote: Callable[[str], str]
    """Footnote id -> its reference: Markdown, or a mark :mod:`.footnotes` numbers."""


def render(nodes: tuple[markup.Node, ...], resolve: Resolver) -> Markup:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, markup.Text):
            out.append(md_text(node.text, line_start=not out))
        elif isinstance(node, markup.Span):
            tag = "strong" if node.style == "strong" else "em"
            out.append(f"<{tag}>{render(node.children, resolve)}</{tag}>")
        else:
            out.append(_ref(node, resolve))
    return Markup("".join(out))


def _ref(ref: markup.Ref, resolve: Resolver) -> str:
    if ref.tag == "fn":
        return resolve.footnote(ref.target)
    if ref.tag in ("page", "publisher"):
        name = resolve.page_title if ref.tag == "page" else resolve.publisher_name
        path = f"{ref.target}.md" if ref.tag == "page" else f"publishers/{ref.target}.md"
        return resolve.anchor(md_text(ref.label or name(ref.target)), path)
    if ref.tag == "printing":
        name, target = resolve.printing(ref.target)
        return resolve.anchor(md_text(ref.label or name), target)
    if ref.tag == "figure":
        label = ref.label or resolve.figure_name(ref.target)
        return f'<span class="rs-figure rs-figure--{ref.target}">{md_text(label)}</span>'
    if ref.tag == "player":
        name, css = resolve.colour(ref.target)
        return player_span(ref.target, ref.label or name, css)
    raise ValueError(f"unknown reference tag {ref.tag!r}")  # the loader refuses these first


def player_span(colour: str, name: str, css: str) -> str:
    """A player's name drawn in the player's colour (the one place this span is written)."""
    # css is validated by the schema as #rrggbb; attr() escapes it anyway, as it does the id.
    return f'<span class="rs-player rs-player--{attr(colour)}" style="color:{attr(css)}">{md_text(name)}</span>'


def plain_text(nodes: tuple[markup.Node, ...], resolve: Resolver) -> str:
    """Readable text of a unit without markup (for excerpts and titles)."""
    labels = {}
    for ref in markup.refs(nodes):
        if ref.tag == "page":
            labels[(ref.tag, ref.target)] = resolve.page_title(ref.target)
        elif ref.tag == "figure":
            labels[(ref.tag, ref.target)] = resolve.figure_name(ref.target)
        elif ref.tag == "player":
            labels[(ref.tag, ref.target)] = resolve.colour(ref.target)[0]
        elif ref.tag == "publisher":
            labels[(ref.tag, ref.target)] = resolve.publisher_name(ref.target)
        elif ref.tag == "printing":
            labels[(ref.tag, ref.target)] = resolve.printing(ref.target)[0]
    return markup.plain(nodes, labels)
