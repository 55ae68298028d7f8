"""One walk over a parsed wiki page: every node with its offset in the page's text.

mwparserfromhell keeps no positions, and every finding of the lint must name a line and a
column of the file. So the page is walked once (:func:`scan`), each node's offset worked out
from the lengths of the parts before it, and what encloses the node (a footnote, a template
definition, prose or not) is carried down. The checks then read :class:`Scanned` instead of
walking the tree again, each asking for the node kinds it needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, NamedTuple

from mwparserfromhell.nodes import Argument, ExternalLink, Heading, Tag, Template, Text, Wikilink

from generator.wiki.source import WikiPage

# Template parameters whose value is text a reader sees (the rest are file names, switches, sizes).
PROSE_PARAMETERS = frozenset({"text", "title", "rules", "tiles", "caption", "description"})
# Inside these, a {{{parameter}}} is meant: it is a template's definition, not a page.
DEFINITION_TAGS = frozenset({"includeonly", "onlyinclude"})
EMPHASIS = ("'''", "''")


class Spot(NamedTuple):
    """One node of a page with where it stands and what encloses it (a tuple: a page has
    thousands, and a tuple is the cheapest object to make)."""

    node: Any
    offset: int
    end: int
    prose: bool
    """Text a reader sees (not a file name, a template's switch or a link's target)."""
    ref: int
    """Offset of the innermost ``<ref>`` around it, -1 outside footnotes."""
    defining: bool
    """Inside a template definition (``<includeonly>``, ``<onlyinclude>``)."""
    top: bool
    """A node of the page itself (or of its ``<translate>``), not inside another node."""


def tag_name(tag: Tag) -> str:
    """An HTML-like tag's name as the wiki reads it (``<Ref >`` is a ``ref``)."""
    return str(tag.tag).strip().lower()


def is_tag(node: Any, name: str) -> bool:
    """Whether ``node`` is the HTML-like tag ``name`` (not wiki markup such as ``'''`` or a list)."""
    return isinstance(node, Tag) and not node.wiki_markup and tag_name(node) == name


def template_name(template: Template) -> str:
    """A template's name as the wiki resolves it: first letter upper-case, underscores as spaces."""
    name = " ".join(str(template.name).replace("_", " ").split())
    return name[:1].upper() + name[1:]


def _contents_at(node: Tag, text: str) -> int:
    """Where a tag's contents start in ``text`` (``str(node)``), worked out from its parts."""
    if node.wiki_markup in EMPHASIS:
        return len(node.wiki_markup)
    if not node.wiki_markup:
        return 1 + len(str(node.tag)) + sum(len(str(a)) for a in node.attributes) + len(node.padding) + 1
    # Tables and their cells: attributes and padding vary; look the contents up.
    return text.find(str(node.contents), len(node.wiki_markup))


def _template_children(node: Template) -> Iterator[tuple[Any, int, bool]]:
    cursor = 2 + len(str(node.name))
    for param in node.params:
        # Each parameter follows its "|": name=value, or the value alone.
        length = len(str(param))
        name = str(param.name)
        shift = len(name) + 1 if param.showkey else 0
        yield param.value, cursor + 1 + shift, not param.showkey or name.strip().lower() in PROSE_PARAMETERS
        cursor += 1 + length


def children(node: Any, text: str) -> Iterator[tuple[Any, int, bool]]:
    """The child wikicodes of ``node`` (whose text is ``text``), each with its offset in
    ``text`` and whether it is prose."""
    if isinstance(node, Tag):
        if node.contents is not None and not node.self_closing:
            at = _contents_at(node, text)
            if at >= 0:
                yield node.contents, at, True
    elif isinstance(node, Template):
        yield from _template_children(node)
    elif isinstance(node, Wikilink):
        yield node.title, 2, False
        if node.text is not None:
            yield node.text, 3 + len(str(node.title)), True
    elif isinstance(node, Heading):
        yield node.title, node.level, True
    elif isinstance(node, ExternalLink) and node.title is not None:
        at = text.find(str(node.title), 1 + len(str(node.url)))
        if at >= 0:
            yield node.title, at, True
    elif isinstance(node, Argument) and node.default is not None:
        yield node.default, 3 + len(str(node.name)) + 1, False


def scan(code: Any, offset: int = 0, prose: bool = True, ref: int = -1, defining: bool = False,
         top: bool = True) -> Iterator[Spot]:
    """Every node of ``code``, depth first, with its offset (mwparserfromhell keeps none)."""
    for node in code.nodes:
        if isinstance(node, Text):
            text = node.value
            yield Spot(node, offset, offset + len(text), prose, ref, defining, top)
            offset += len(text)
            continue
        text = str(node)
        yield Spot(node, offset, offset + len(text), prose, ref, defining, top)
        inner_ref, inner_defining, inner_top = ref, defining, False
        if isinstance(node, Tag) and not node.wiki_markup:
            name = tag_name(node)
            inner_ref = offset if name == "ref" else ref
            inner_defining = defining or name in DEFINITION_TAGS
            inner_top = top and name == "translate"
        for child, at, child_prose in children(node, text):
            yield from scan(child, offset + at, prose and child_prose, inner_ref, inner_defining, inner_top)
        offset += len(text)


@dataclass
class Scanned:
    """A page walked once: its nodes by kind, in the order of the text."""

    page: WikiPage
    spots: list[Spot]
    kinds: dict[type, list[Spot]] = field(default_factory=dict)

    def of(self, kind: type) -> list[Spot]:
        """The spots of one node class (each list made once: several checks ask)."""
        if kind not in self.kinds:
            self.kinds[kind] = [spot for spot in self.spots if isinstance(spot.node, kind)]
        return self.kinds[kind]

    def prose_texts(self) -> list[Spot]:
        return [spot for spot in self.of(Text) if spot.prose]

    def refs(self) -> list[Spot]:
        return [spot for spot in self.of(Tag) if is_tag(spot.node, "ref")]
