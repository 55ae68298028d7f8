"""Read stage, first pass: refuse YAML that could hang, exhaust or crash the reader.

PyYAML builds nodes recursively, shares aliased nodes (so a "billion laughs" file is small
on disk and exponential once walked) and turns a 5,000-digit number into a ``ValueError``.
Before any of that runs, this module reads the file's event stream once (linear, and
libyaml's parser keeps its own stack, so depth costs no recursion) and reports, each at
its line and column:

``too-large``
    a file over :data:`MAX_CHARS` characters (nothing else is read).
``yaml-alias``
    an anchor (``&name``) or alias (``*name``): data files write every value out, so
    sharing can never multiply the work of later stages.
``too-deep``
    mappings and lists nested deeper than :data:`MAX_DEPTH` (the formats need a handful).
``too-long``
    one string longer than :data:`MAX_STRING` characters.
``bad-value``
    a number with more than :data:`MAX_NUMBER_CHARS` characters (no count, year or
    strength in any format comes near, and Python would refuse to convert some of them),
    or an explicit tag such as ``!!set`` or ``!!float``.

The limits are far above anything the real data needs (its deepest file nests about 12
levels, its longest text is a few hundred characters).

The hand-written pages (``content/**/*.md``) are screened here too, by
:func:`screen_markdown`: converted as MkDocs will convert them, they may not publish
markup the site did not write (``raw-html``, ``unsafe-link``, ``template-syntax``).
"""

from __future__ import annotations

import html
import re
from typing import Any

import markdown
import yaml
from markdown.inlinepatterns import HTML_RE, HtmlInlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from generator.core.problem import Problem
from generator.core.vocabulary import TEMPLATE_OPENING

# The safe loader (libyaml's where PyYAML has it), for the front matter of hand-written pages.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_CHARS = 4_000_000
MAX_DEPTH = 40
MAX_STRING = 100_000
MAX_NUMBER_CHARS = 24
# A file that trips a limit thousands of times needs one message per kind, not thousands.
MAX_PROBLEMS = 20

_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
_UNTAGGED = (None, "!")  # "!" is the tag of a quoted scalar: not an explicit tag


def _at(file: str, mark: Any, code: str, message: str) -> Problem:
    return Problem(file, mark.line + 1, mark.column + 1, code, message)


def _number_too_long(loader: Any, event: yaml.ScalarEvent) -> bool:
    if len(event.value) <= MAX_NUMBER_CHARS or " " in event.value:  # no number holds a space
        return False
    tag = event.tag if event.tag not in _UNTAGGED else loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    return tag in _NUMBER_TAGS


def _scalar(loader: Any, file: str, event: yaml.ScalarEvent) -> Problem | None:
    if len(event.value) > MAX_STRING:
        return _at(file, event.start_mark, "too-long",
                   f"a text of {len(event.value):,} characters; at most {MAX_STRING:,} are read")
    if _number_too_long(loader, event):
        return _at(file, event.start_mark, "bad-value",
                   f"a number of {len(event.value)} characters; no value in these files needs more than "
                   f"{MAX_NUMBER_CHARS}")
    return None


def screen(loader: Any, text: str, file: str) -> list[Problem]:
    """Problems that make ``text`` unsafe to compose; empty when it may be loaded.

    ``loader`` is a fresh loader over ``text``; the caller disposes of it. YAML syntax errors
    are left for the real load to report, with its own message.
    """
    if len(text) > MAX_CHARS:
        return [Problem(file, 1, 1, "too-large", f"the file has {len(text):,} characters; at most {MAX_CHARS:,} are read")]
    found: list[Problem] = []
    depth = 0
    check_event, get_event = loader.check_event, loader.get_event
    try:
        while len(found) < MAX_PROBLEMS and check_event():
            event = get_event()
            # Most events are short untagged scalars without an anchor: nothing to look at.
            if (type(event) is yaml.ScalarEvent and event.anchor is None and event.tag in _UNTAGGED
                    and len(event.value) <= MAX_NUMBER_CHARS):
                continue
            if isinstance(event, yaml.AliasEvent):
                found.append(_at(file, event.start_mark, "yaml-alias",
                                 f"alias *{event.anchor} is not allowed in data files; write the value out"))
                continue
            if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag not in _UNTAGGED:
                # Tags build sets, ordered maps, binary and dates: none is a value of these
                # formats, and some of PyYAML's builders fail with errors of their own.
                found.append(_at(file, event.start_mark, "bad-value",
                                 f"the tag {event.tag.replace('tag:yaml.org,2002:', '!!')} is not used in data files; "
                                 "write the plain value"))
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                found.append(_at(file, event.start_mark, "yaml-alias",
                                 f"anchor &{event.anchor} is not allowed in data files; aliases are refused"))
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    found.append(_at(file, event.start_mark, "too-deep",
                                     f"lists and mappings nest more than {MAX_DEPTH} levels deep here"))
                    break
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                problem = _scalar(loader, file, event)
                if problem is not None:
                    found.append(problem)
    except yaml.YAMLError:
        pass  # reported by the load itself
    return found


# --------------------------------------------------------------------------- hand-written pages

# The Markdown extensions MkDocs converts the hand-written pages with: those of mkdocs.yml
# (but the emoji one, whose icons are the theme's own pictures) and the three MkDocs always
# adds. tests/test_data_folders.py holds this list to mkdocs.yml.
EXTENSIONS = ("abbr", "admonition", "attr_list", "md_in_html", "tables", "toc", "footnotes", "fenced_code")
# Attributes the conversion writes itself (links, pictures, footnotes, headings, ordered
# lists) and the harmless ones an attribute list may add (``{ #id .class width=300 }``).
# Any other is refused: an event handler (``{: onclick=... }``) above all.
ATTRIBUTES = frozenset({"href", "src", "alt", "title", "id", "class", "start", "lang", "width", "height", "align"})
# The one style the conversion writes: a table column's alignment.
_ALIGNED = re.compile(r"text-align: (?:left|right|center);?")
# Addresses that run or embed instead of leading somewhere, as a browser reads them: entities
# decoded, tabs and line breaks dropped, leading controls and spaces ignored.
_UNSAFE_SCHEME = re.compile(r"(?:javascript|vbscript|data):", re.IGNORECASE)
# An HTML comment no browser can read differently: no "--", "<" or ">" inside, and not the
# abrupt "<!-->" or "<!--->" that ends at once and lets what follows be markup.
_COMMENT = re.compile(r"<!--(?!-?>)(?:(?!--)[^<>])*-->")
# The generator's own markers (generator/site/raw_html.py): a page holding one would have the
# text between them published as it is, Markdown code blocks included.
_GENERATOR_MARKER = "rulesite:raw"
# Front matter as MkDocs reads it (mkdocs.utils.meta.get_data): YAML between "---" lines, else
# MultiMarkdown "key: value" lines up to the first blank line.
_YAML_FRONT = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_META = re.compile(r"^[ ]{0,3}(?P<key>[A-Za-z0-9_-]+):\s*(?P<value>.*)")
_META_MORE = re.compile(r"^([ ]{4}|\t)(\s*)(?P<value>.*)")
# A tag, a comment or a declaration in front matter, which is never HTML.
_TAG = re.compile(r"<[A-Za-z!/?]")


def _position(text: str, offset: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


class _Page:
    """One hand-written page being screened: its text, where its body starts, what was found."""

    def __init__(self, text: str, file: str):
        self.text, self.file = text, file
        self.problems: list[Problem] = []

    def at(self, offset: int, code: str, message: str) -> None:
        line, column = _position(self.text, offset)
        self.problems.append(Problem(self.file, line, column, code, message))


def screen_markdown(text: str, file: str) -> list[Problem]:
    """What a hand-written page must not publish, each at its line and column.

    The pages are held to the rule of the data's texts: nothing in them becomes markup the
    site did not write. Raw HTML (a tag, an entity-free ``<script>``, a processing instruction)
    is refused wherever Python-Markdown, converting the page as MkDocs will, passes it through;
    HTML comments alone are allowed (the guide marks its generated table with them). So are
    attributes an attribute list sets beyond :data:`ATTRIBUTES`, addresses that run scripts,
    the generator's own markers and front-matter keys, and template syntax, which a built
    page must never show.
    """
    if len(text) > MAX_CHARS:  # as for a data file: nothing of it is converted
        return [Problem(file, 1, 1, "too-large", f"the page has {len(text):,} characters; at most {MAX_CHARS:,} are read")]
    page = _Page(text, file)
    for match in TEMPLATE_OPENING.finditer(text):
        page.at(match.start(), "template-syntax",
                f"template syntax {match.group()!r}: hand-written pages are published as they are written")
    for at in _occurrences(text, _GENERATOR_MARKER):
        page.at(at, "raw-html", f"the marker {_GENERATOR_MARKER!r} belongs to generated pages")
    body = _front_matter(page)
    if len(page.problems) < MAX_PROBLEMS:
        _convert(page, body)
    return page.problems[:MAX_PROBLEMS]


def _occurrences(text: str, needle: str) -> list[int]:
    found, at = [], text.find(needle)
    while at >= 0 and len(found) < MAX_PROBLEMS:
        found.append(at)
        at = text.find(needle, at + 1)
    return found


def _front_matter(page: _Page) -> int:
    """Screen the page's front matter; returns where its Markdown body starts."""
    text = page.text
    match = _YAML_FRONT.match(text)
    if match is None:
        return _multimarkdown_meta(page)
    front, start = match.group(1), match.start(1)
    loader = Loader(front)
    try:
        refused = screen(loader, front, page.file)
    finally:
        loader.dispose()
    shift = text.count("\n", 0, start)
    page.problems += [Problem(p.file, p.line + shift, p.column, p.code, p.message) for p in refused]
    if refused:
        return match.end()
    for tag in _TAG.finditer(front):
        page.at(start + tag.start(), "raw-html", "HTML in the front matter")
    try:
        data = yaml.load(front, Loader=Loader)  # noqa: S506 - the safe loader, as MkDocs reads it
    except yaml.YAMLError:
        data = None
    for key in data if isinstance(data, dict) else ():
        if str(key).lower().startswith("rulesite"):
            page.at(start + max(0, front.find(str(key))), "raw-html",
                    f"the front-matter key {str(key)!r} belongs to generated pages")
    return match.end()


def _multimarkdown_meta(page: _Page) -> int:
    """MultiMarkdown metadata (``key: value`` lines before the first blank line), as MkDocs reads it."""
    offset, key = 0, None
    for line in page.text.split("\n"):
        meta, more = _META.match(line), _META_MORE.match(line)
        if not line.strip() or not (meta or (more and key)):
            break
        if meta:
            key = meta.group("key")
            if key.lower().startswith("rulesite"):
                page.at(offset, "raw-html", f"the metadata key {key!r} belongs to generated pages")
        if (tag := _TAG.search(line)) is not None:
            page.at(offset + tag.start(), "raw-html", "HTML in the page's metadata")
        offset += len(line) + 1
    return min(offset, len(page.text))


class _Found:
    """What one conversion passed through: raw HTML as written, attributes and addresses it set."""

    def __init__(self) -> None:
        self.html: list[str] = []
        self.attributes: list[str] = []
        self.addresses: list[str] = []


class _InlineHtml(HtmlInlineProcessor):
    """Python-Markdown's inline HTML, noting each piece of it as it is written."""

    def __init__(self, pattern: str, md: markdown.Markdown, found: _Found):
        super().__init__(pattern, md)
        self.found = found

    def handleMatch(self, m: re.Match[str], data: str) -> Any:  # noqa: N802 - Python-Markdown's name
        self.found.html.append(m.group(1))
        return super().handleMatch(m, data)


class _BlockHtml(Preprocessor):
    """Python-Markdown's HTML blocks (md_in_html's included), noting each block it sets aside."""

    def __init__(self, md: markdown.Markdown, inner: Preprocessor, found: _Found):
        super().__init__(md)
        self.inner, self.found = inner, found

    def run(self, lines: list[str]) -> list[str]:
        stash = self.md.htmlStash.rawHtmlBlocks
        before = len(stash)
        lines = self.inner.run(lines)
        # An element is a block md_in_html converts inside: its tag was written by hand too.
        self.found.html += [block if isinstance(block, str) else f"<{block.tag}>" for block in stash[before:]]
        return lines


class _Attributes(Treeprocessor):
    """Every attribute of the converted page, once attribute lists and links have set theirs."""

    def __init__(self, md: markdown.Markdown, found: _Found):
        super().__init__(md)
        self.found = found

    def run(self, root: Any) -> None:
        for element in root.iter():
            for name, value in element.attrib.items():
                if name not in ATTRIBUTES and not (name == "style" and _ALIGNED.fullmatch(value)):
                    self.found.attributes.append(name)
                if unsafe_address(value):
                    self.found.addresses.append(value)


def unsafe_address(value: str) -> bool:
    """An attribute value a browser would take for a script or embedded address (``javascript:``)."""
    cleaned = re.sub(r"[\t\n\r]", "", html.unescape(value)).lstrip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e"
                                                                     "\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19"
                                                                     "\x1a\x1b\x1c\x1d\x1e\x1f ")
    return _UNSAFE_SCHEME.match(cleaned) is not None


def _converter(found: _Found) -> markdown.Markdown:
    md = markdown.Markdown(extensions=list(EXTENSIONS))
    md.inlinePatterns.register(_InlineHtml(HTML_RE, md, found), "html", 90)
    md.preprocessors.register(_BlockHtml(md, md.preprocessors["html_block"], found), "html_block", 20)
    # Last but Python-Markdown's own unescaping: after attribute lists (8) and the inline patterns (20).
    md.treeprocessors.register(_Attributes(md, found), "rulesite_attributes", 1)
    return md


def _convert(page: _Page, start: int) -> None:
    """Convert the body as MkDocs will and refuse, where it is written, what passed through."""
    found = _Found()
    try:
        _converter(found).convert(page.text[start:])
    except RecursionError:
        page.at(start, "too-deep", "the page nests lists or quotes too deeply to be converted")
        return
    places = _Places(page.text, start)
    for piece in found.html:
        if not only_comments(piece):
            tag = _FIRST_TAG.search(piece)
            written = tag.group() if tag else "<"
            page.at(places.find(written), "raw-html",
                    f"raw HTML ({written}…): hand-written pages are Markdown, and only HTML comments pass")
    for name in found.attributes:
        page.at(places.find(name, word=True, after=_ATTRIBUTE_BEFORE), "raw-html",
                f"an attribute list sets {_printable(name)!r}; pages may set only #id, .class, lang, width, height "
                "and align")
    for address in found.addresses:
        scheme = re.sub(r"[^A-Za-z]", "", html.unescape(address).split(":", 1)[0]).lower()
        page.at(places.find(address, after=_ADDRESS_BEFORE, fallback=scheme), "unsafe-link",
                f"a {scheme}: address runs a script or embeds data instead of leading to a page")


_FIRST_TAG = re.compile(r"<!--|<!\[CDATA\[|<[!?/]?[A-Za-z][\w:-]*|<\?")


def only_comments(piece: str) -> bool:
    """Raw HTML that is nothing but plain comments (see :data:`_COMMENT`) and white space."""
    return not _COMMENT.sub("", piece).strip()


def _printable(text: str) -> str:
    return text if text.isprintable() else repr(text)[1:-1]


class _Places:
    """Where in a page's body each thing the conversion passed through is written.

    Python-Markdown keeps no positions, so each is searched for in the body, outside code
    first (code spans and fenced blocks are blanked out), each occurrence used once; what
    cannot be found is reported at the start of the body."""

    def __init__(self, text: str, start: int):
        self.start = start
        self.body = text[start:]
        self.masked = _masked(self.body)
        self.used: set[int] = set()

    def find(self, needle: str, *, word: bool = False, after: str = "", fallback: str | None = None) -> int:
        """Where ``needle`` is written: first where the Markdown ``after`` leads to it (a link's
        "](" before an address, an attribute list's "{" before a name), outside code, then
        anywhere; ``fallback`` last."""
        pattern = re.escape(needle)
        if word:
            pattern = rf"(?<![\w-]){pattern}(?![\w-])"
        tries = [(rf"{after}({pattern})", self.masked)] if after else []
        tries += [(f"({pattern})", self.masked), (f"({pattern})", self.body)]
        if fallback:
            tries.append((f"({re.escape(fallback)})", self.body))
        for regex, text in tries:
            for match in re.finditer(regex, text, re.IGNORECASE | re.MULTILINE):
                if match.start(1) not in self.used:
                    self.used.add(match.start(1))
                    return self.start + match.start(1)
        return self.start


# What leads to an address in Markdown: a link or picture "](", a reference definition, an
# attribute list's "=" (an optional "<" or quote between); and to an attribute list's name.
_ADDRESS_BEFORE = r"(?:\]\(\s*<?|^[ ]{0,3}\[[^\]\n]+\]:\s*<?|=\s*[\"']?)"
_ATTRIBUTE_BEFORE = r"\{[^}\n]*?"


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_INDENTED = re.compile(r"^(?: {4}|\t)")
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


def _masked(body: str) -> str:
    """``body`` with its code blanked out (line breaks kept): fenced blocks, indented blocks
    after a blank line, and code spans. An approximation of Python-Markdown's reading (a list
    item's indented lines look like code here), good enough to choose among occurrences."""
    lines: list[str] = []
    fence, indented, blank = None, False, True
    for line in body.split("\n"):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1).startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
            code = True
        elif opening:
            fence, code = opening.group(1), True
        else:
            indented = bool(_INDENTED.match(line)) and (blank or indented) if line.strip() else indented
            code = indented
        blank = not line.strip()
        lines.append(" " * len(line) if code else line)
    text = "\n".join(lines)
    return _CODE_SPAN.sub(lambda m: "".join("\n" if c == "\n" else " " for c in m.group()), text)
