"""The inline markup of unit texts: small, validated, never raw HTML.

Grammar (everything else is plain text, escaped when rendered)::

    **strong**        *emphasis*
    {fn:name}         reference to a footnote of the page
    {page:id}         link to another page, labelled with its title in the same language
    {page:id|label}   the same with the translator's own label
    {figure:id|label} the name of a wooden figure (label optional)
    {player:colour|label}  a player's colour, drawn in that colour
    {publisher:id}    link to a publisher's page (label optional, as for pages)
    {printing:id}     link to a printing on its publisher's page (label optional)
    \\*  \\{  \\}  \\\\   a literal character

Parsing returns a tree and a list of :class:`MarkupError` with character offsets, so one
text can carry several mistakes and each is reported.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Union

from generator.cache import memo
from generator.core.vocabulary import ID, TEMPLATE_SYNTAX

TAGS = ("fn", "page", "figure", "player", "publisher", "printing")
_TAG = re.compile(r"\{([a-z]+):(" + ID + r")(?:\|([^{}|]*))?\}")
HTML = re.compile(r"<\s*[A-Za-z!/?]")
# Template syntax is reported once per run, then treated as text so it does not also
# count as broken inline markup.
_TEMPLATE = TEMPLATE_SYNTAX
_TAG_START = re.compile(r"\{([a-z]+):")
# A text with more mistakes than this is reported up to here: enough to fix, and the
# check of a hostile megabyte of braces stays linear.
MAX_ERRORS = 100


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Ref:
    """A ``{tag:target|label}`` reference."""

    tag: str
    target: str
    label: str | None = None
    offset: int = 0


@dataclass(frozen=True)
class Span:
    """``strong`` or ``em`` around more inline nodes."""

    style: str
    children: tuple[Node, ...] = field(default_factory=tuple)


Node = Union[Text, Ref, Span]


@dataclass(frozen=True)
class MarkupError:
    offset: int
    code: str
    message: str


# One token per match: an escape, a bold or italic marker, a brace, or a run of plain text.
_TOKEN = re.compile(r"\\[*{}\\|]|\*\*|\*|\{|\}|[^\\*{}]+|\\")


@memo.pure(8192)
def parse(text: str) -> tuple[tuple[Node, ...], tuple[MarkupError, ...]]:
    """Parse ``text`` into nodes; problems are returned, never raised.

    Cached: the same texts are parsed for checking, for every language's page and for the
    translator views, and parsing is pure.
    """
    return _Parser(text).run()


class _Parser:
    """One parse: a stack of open emphasis spans over a token scan of the text."""

    def __init__(self, text: str):
        self.text = text
        self.errors: list[MarkupError] = []
        self.template_spans: dict[int, int] = {}
        # A stack of open spans: (style, children, offset of the opening marker).
        self.stack: list[tuple[str, list[Node], int]] = [("root", [], 0)]
        self.buffer: list[str] = []

    def run(self) -> tuple[tuple[Node, ...], tuple[MarkupError, ...]]:
        self._forbidden()
        starts = sorted(self.template_spans)
        text, i = self.text, 0
        while i < len(text):
            if i in self.template_spans:
                self.buffer.append(text[i:self.template_spans[i]])
                i = self.template_spans[i]
                continue
            token = _TOKEN.match(text, i).group()
            if token[0] == "\\" and len(token) == 2:
                self.buffer.append(token[1])
            elif token in ("*", "**"):
                self._emphasis("strong" if token == "**" else "em", i)
            elif token == "{":
                after = self._brace(i)
                if after is not None:
                    i = after
                    continue
            elif token == "}":
                self.errors.append(MarkupError(i, "bad-markup", "unbalanced '}'; write \\} for a literal brace"))
                self.buffer.append(token)
            else:
                # Plain text; a run never crosses the start of a template span.
                following = bisect.bisect_right(starts, i)
                end = starts[following] if following < len(starts) and starts[following] < i + len(token) else i + len(token)
                self.buffer.append(text[i:end])
                i = end
                continue
            i += len(token)
        self._flush()
        self._close_unclosed()
        return tuple(self.stack[0][1]), tuple(self._capped())

    def _forbidden(self) -> None:
        """Template syntax and raw HTML, each reported where it starts."""
        for match in _TEMPLATE.finditer(self.text):
            self.template_spans[match.start()] = match.end()
            self.errors.append(MarkupError(match.start(), "template-syntax",
                                           f"template syntax {match.group()!r} is not allowed in text; no placeholder may reach a page"))
        for match in HTML.finditer(self.text):
            self.errors.append(MarkupError(match.start(), "raw-html",
                                           "raw HTML is not allowed; use the inline markup (*em*, **strong**, {page:…})"))

    def _flush(self) -> None:
        if self.buffer:
            self.stack[-1][1].append(Text("".join(self.buffer)))
            self.buffer.clear()

    def _emphasis(self, style: str, i: int) -> None:
        """A ``*`` or ``**`` marker: closes the open span of that style, or opens one."""
        self._flush()
        if self.stack[-1][0] == style:
            closed_style, children, _ = self.stack.pop()
            if not children:
                self.errors.append(MarkupError(i, "bad-markup", f"empty {closed_style} markup"))
            self.stack[-1][1].append(Span(closed_style, tuple(children)))
        else:
            self.stack.append((style, [], i))

    def _brace(self, i: int) -> int | None:
        """A ``{`` at ``i``: a reference (returns the offset after it) or a mistake (None)."""
        text = self.text
        match = _TAG.match(text, i)
        if match and match.group(1) in TAGS:
            self._flush()
            tag, target, label = match.groups()
            if tag == "fn" and label is not None:
                self.errors.append(MarkupError(i, "bad-markup", "a footnote reference takes no label"))
            if label is not None and not label.strip():
                self.errors.append(MarkupError(i, "bad-markup", f"empty label in {{{tag}:{target}|}}"))
            self.stack[-1][1].append(Ref(tag, target, label, i))
            return match.end()
        tag = _TAG_START.match(text, i)
        if tag and tag.group(1) in TAGS:
            self.errors.append(MarkupError(i, "bad-markup", f"malformed {{{tag.group(1)}:…}} reference: ids are lower-case words joined by '-' or '.'"))
        else:
            self.errors.append(MarkupError(i, "bad-markup",
                                           f"unknown inline markup {text[i:i + 16]!r}; known: " + ", ".join("{" + t + ":…}" for t in TAGS)
                                           + "; write \\{ for a literal brace"))
        self.buffer.append("{")
        return None

    def _close_unclosed(self) -> None:
        """Spans still open at the end are reported and kept as the literal markers they were."""
        while len(self.stack) > 1:
            style, children, offset = self.stack.pop()
            self.errors.append(MarkupError(offset, "bad-markup", f"unclosed {'**' if style == 'strong' else '*'} ({style})"))
            self.stack[-1][1].append(Text("**" if style == "strong" else "*"))
            self.stack[-1][1].extend(children)

    def _capped(self) -> list[MarkupError]:
        errors = self.errors
        if len(errors) > MAX_ERRORS:
            errors.sort(key=lambda e: e.offset)
            errors[MAX_ERRORS:] = [MarkupError(errors[MAX_ERRORS].offset, errors[MAX_ERRORS].code,
                                               f"{len(errors) - MAX_ERRORS} more mistakes from here on; fix the ones above first")]
        return errors


def refs(nodes: tuple[Node, ...], tag: str | None = None) -> list[Ref]:
    """Every reference in document order, optionally of one tag."""
    found: list[Ref] = []
    for node in nodes:
        if isinstance(node, Ref) and (tag is None or node.tag == tag):
            found.append(node)
        elif isinstance(node, Span):
            found.extend(refs(node.children, tag))
    return found


def plain(nodes: tuple[Node, ...], labels: dict[tuple[str, str], str] | None = None) -> str:
    """Readable text without markup: labels stay, footnote references vanish."""
    out: list[str] = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, Span):
            out.append(plain(node.children, labels))
        elif node.tag != "fn":
            out.append(node.label or (labels or {}).get((node.tag, node.target), node.target))
    return "".join(out)


_FN = re.compile(r" ?\{fn:[^{}]*\}")
_SPACE = re.compile(r"\s+")


def wording(text: str) -> str:
    """The part of a text that a translation depends on: no footnote references, folded spaces.

    Moving a footnote reference or re-wrapping a line changes no wording, so a translation
    made before such an edit is still current.
    """
    # Spaces are folded first, so the space before a reference is one character: a run of
    # blanks can never be rescanned from every position.
    return _SPACE.sub(" ", _FN.sub("", _SPACE.sub(" ", text))).strip()
