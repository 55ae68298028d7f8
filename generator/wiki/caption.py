"""A picture's caption as a reader sees it, each character with its offset in the page.

A caption is the last ``|`` part of a ``[[File:…]]`` link, and it may hold markup: a colour
template shows its word (``{{ColorRed|RED}}`` reads ``RED``), a link its text. The checks
that read captions judge the words a reader sees, but report at the place in the file, so
the visible text is built together with the offset of each of its characters.
"""

from __future__ import annotations

from typing import Any, Iterable

from mwparserfromhell.nodes import Heading, Tag, Template, Text, Wikilink

from generator.wiki.scan import children

# The namespace of a picture's link, in the wiki's languages (lower case).
PICTURE_PREFIXES = frozenset({"file", "image", "bestand", "afbeelding", "datei", "bild", "plik", "soubor", "obrázek"})


def is_picture(link: Wikilink) -> bool:
    """Whether a link shows a picture (``[[File:…]]``, ``[[Bestand:…]]``) rather than naming a page."""
    return str(link.title).strip().partition(":")[0].strip().lower() in PICTURE_PREFIXES


def _visible(nodes: Iterable[Any], offset: int, chars: list[str], where: list[int]) -> None:
    """What a reader sees of ``nodes`` (a colour template shows its word), each character with its offset."""
    for node in nodes:
        text = str(node)
        if isinstance(node, Text):
            chars.extend(text)
            where.extend(range(offset, offset + len(text)))
        elif isinstance(node, (Tag, Wikilink, Heading)):
            for child, at, _ in list(children(node, text))[-1:]:  # a link's text, a tag's contents
                _visible(child.nodes, offset + at, chars, where)
        elif isinstance(node, Template) and node.params and not node.params[0].showkey:
            child = next(iter(children(node, text)), None)  # {{ColorRed|RED}} shows RED
            if child is not None:
                _visible(child[0].nodes, offset + child[1], chars, where)
        else:
            chars.append(" ")
            where.append(offset)
        offset += len(text)


def caption(link: Wikilink, offset: int) -> tuple[str, list[int]] | None:
    """A picture's caption (the link's last ``|`` part) as a reader sees it, with the offset of
    each character; ``offset`` is where the link's text starts. None for a link with no text."""
    if link.text is None:
        return None
    nodes, cursor, start = list(link.text.nodes), offset, None
    for index, node in enumerate(nodes):
        if isinstance(node, Text) and "|" in str(node):
            start = (index, cursor + str(node).rindex("|") + 1)
        cursor += len(str(node))
    chars: list[str] = []
    where: list[int] = []
    if start is None:
        _visible(nodes, offset, chars, where)
    else:
        index, at = start  # ``at``: just after the last "|"
        piece = str(nodes[index])[str(nodes[index]).rindex("|") + 1:]
        chars.extend(piece)
        where.extend(range(at, at + len(piece)))
        _visible(nodes[index + 1:], at + len(piece), chars, where)
    return "".join(chars), where
