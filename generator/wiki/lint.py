"""``rulesite wiki-lint``: the defects of the wiki's pages, each at ``FILE:LINE:COL``.

Every page is parsed once by mwparserfromhell (:meth:`WikiPage.parsed`) and walked once
(:func:`scan`), each node with its offset in the page's text, so every finding maps back to
the file through :func:`~generator.wiki.source.line_col`. The checks:

- ``wrong-language``: lingua, restricted to the site's languages, reads the page's prose
  (``strip_code``: templates and markup gone) and names another language than the page's;
  texts of fewer than :data:`MIN_WORDS` words (stubs, names) are not judged.
- ``unresolved-parameter``: a ``{{{name}}}`` without a default outside a template
  definition (``<includeonly>``, ``<onlyinclude>``), in wikitext or rendered text.
- ``malformed-ref``: a ``<ref`` or ``</ref>`` the parser left as text (unclosed, stray), or a
  ref tag with an attribute whose quote never closes (``<ref name="BB4/>``: the parser
  reads the value as ``"BB4`` with no quotes and the tag as self-closing).
- ``numbering-gap``: inline numbered items ``1) … 3)`` that skip, in one footnote or one
  unit, or a unit numbered otherwise than its source unit.
- ``structure-differs``: a translated unit whose footnote references, numbers or bold and
  italics differ from its source unit. Units are the paragraphs, headings and lists of a
  page (blank lines and ``<!--T:n-->`` markers divide them) and are paired with the source
  page's by their shape, so one lost paragraph does not shift every later pair. The
  project's own translation checks (:mod:`generator.check.structure`) read rulesite's
  ``{fn:…}`` markup and report at YAML paths: they do not fit wikitext, so the same three
  comparisons are made here on the wiki's own nodes.
- ``caption-arithmetic``: a picture caption whose sum, product or halving does not compute,
  recomputed with exact fractions (:func:`claims`): ``3 + 2 + 1 = 7``, or a bracketed
  reckoning after the number it explains (``3 points … [5/2 rounded up]``).
- ``outdated-translation``: a ``mw-translate-fuzzy`` div.
- ``untranslated-field``: ``{{UX|sortingtitle=…}}`` of a translation equal to the source's
  (or, with no source read, to the English title).
- ``unknown-template``: a template the mapping (``generator/wiki/mapping.yaml``, when it
  exists) does not list; until it exists, :data:`KNOWN_TEMPLATES`.
- ``avoided-term``: a word the termbase (``rules_data/terms/*.yaml``) says a language should
  avoid, matched as :mod:`generator.check.terms` matches it.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

from mwparserfromhell.nodes import Argument, Comment, ExternalLink, Heading, Tag, Template, Text, Wikilink

from generator.check.terms import pattern
from generator.core.problem import Level, Problem
from generator.model.data import Site, TermBase
from generator.model.validate import validate
from generator.read.source import read
from generator.wiki.source import WikiPage, detect_language, language_detector, line_col

MIN_WORDS = 40
"""Fewer prose words than this and the language is not judged: a stub or a list of names."""
LANGUAGE_SAMPLE = 1000
"""Characters of prose lingua reads (at least :data:`MIN_WORDS` words): enough to tell the
site's five languages apart, in a millisecond (three times more text costs three times more
and changed no verdict on the seeds, the fixtures or the benchmark's corpus)."""
MAX_PER_CODE = 100
"""Findings of one code reported on one page; the rest are counted in one more."""
MAPPING = Path(__file__).resolve().parent / "mapping.yaml"
# The templates the rules pages use (wiki-markup.md), until mapping.yaml lists them.
KNOWN_TEMPLATES = frozenset({
    "UX", "ChooseDesign", "Breadcrumbs", "DottedFrameMessage", "GreyStrip", "Feature", "Figure", "Year",
    "MageWitchLink", "CropCirclesLink", "VariantsLink", "CarcassonneLink", "TextCarcassonne", "TranslatedPageName",
    "IconBook", "IconWorld", "IconArrow", "FootnoteIconPara", "BeginTileList", "Tile", "EndTileList",
    "RulesPlacingTile", "RulesPlacingMeeple", "RulesScoring", "ScoringDefaultEdition",
    "ColorRed", "ColorBlue", "ColorGreen", "ColorYellow", "ColorBlack", "ColorGrey", "ColorGray", "ColorPink",
    "ColorPurple", "ColorOrange",
})
# Template parameters whose value is text a reader sees (the rest are file names, switches, sizes).
PROSE_PARAMETERS = frozenset({"text", "title", "rules", "tiles", "caption", "description"})
DEFINITION_TAGS = frozenset({"includeonly", "onlyinclude"})
_MARKER = re.compile(r"T:(\d+)")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
# "1) … 2)" of a sentence's steps; not "3/2020)" (a date) nor "(2)" (a number in brackets).
_ITEM = re.compile(r"(?<![\w)/.,(-])(\d{1,2})\)")
MAX_GAP = 5
"""A jump of more numbers than this is no lost item but another numbering."""
# A number, an ordinal's suffix aside ("7th", "1ste", "7e"; "7<sup>e</sup>" leaves a bare 7); not the
# year of a date "5/2014", whose month the number before the slash already counts.
_NUMBER = re.compile(r"(?<![\w.,/])(\d+)(?:st|nd|rd|th|ste|de|e)?(?![\w])")
_REF_TEXT = re.compile(r"</?ref(?=[\s>/])", re.IGNORECASE)
_EMPHASIS = ("'''", "''")
_LIST_MARKUP = frozenset("*#:;")


# --------------------------------------------------------------------------- walking a page

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


def _contents_at(node: Tag, text: str) -> int:
    """Where a tag's contents start in ``text`` (``str(node)``), worked out from its parts."""
    if node.wiki_markup in _EMPHASIS:
        return len(node.wiki_markup)
    if not node.wiki_markup:
        return 1 + len(str(node.tag)) + sum(len(str(a)) for a in node.attributes) + len(node.padding) + 1
    # Tables and their cells: attributes and padding vary; look the contents up.
    return text.find(str(node.contents), len(node.wiki_markup))


def _children(node: Any, text: str) -> Iterator[tuple[Any, int, bool]]:
    """The child wikicodes of ``node`` (whose text is ``text``), each with its offset in
    ``text`` and whether it is prose."""
    if isinstance(node, Tag):
        if node.contents is not None and not node.self_closing:
            at = _contents_at(node, text)
            if at >= 0:
                yield node.contents, at, True
    elif isinstance(node, Template):
        cursor = 2 + len(str(node.name))
        for param in node.params:
            # Each parameter follows its "|": name=value, or the value alone.
            length = len(str(param))
            name = str(param.name)
            shift = len(name) + 1 if param.showkey else 0
            yield param.value, cursor + 1 + shift, not param.showkey or name.strip().lower() in PROSE_PARAMETERS
            cursor += 1 + length
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
            name = _tag_name(node)
            inner_ref = offset if name == "ref" else ref
            inner_defining = defining or name in DEFINITION_TAGS
            inner_top = top and name == "translate"
        for child, at, child_prose in _children(node, text):
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
        return [spot for spot in self.of(Tag) if not spot.node.wiki_markup and _tag_name(spot.node) == "ref"]


def _tag_name(tag: Tag) -> str:
    return str(tag.tag).strip().lower()


def template_name(template: Template) -> str:
    """A template's name as the wiki resolves it: first letter upper-case, underscores as spaces."""
    name = " ".join(str(template.name).replace("_", " ").split())
    return name[:1].upper() + name[1:]


# --------------------------------------------------------------------------- settings

@dataclass
class Settings:
    """What the lint knows of the project: its languages, the templates, the avoided terms."""

    languages: tuple[str, ...] = ()
    templates: frozenset[str] | None = KNOWN_TEMPLATES
    avoided: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """Language -> (word to avoid, the preferred term)."""
    detector: Any = None

    matchers: dict[str, re.Pattern[str] | None] = field(default_factory=dict)
    """Language -> one expression for all its avoided words, built on first use."""

    def avoided_matcher(self, language: str | None) -> re.Pattern[str] | None:
        """All of ``language``'s avoided words in one expression, each matched as :func:`pattern` matches it."""
        if (language or "") not in self.matchers:
            words = sorted({word for word, _ in self.avoided.get(language or "", [])}, key=len, reverse=True)
            # As terms.pattern(word, False) matches each: at the start of a word; one pass for all.
            self.matchers[language or ""] = (re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + ")")
                                             if words else None)
        return self.matchers[language or ""]

    def detect(self, text: str) -> str | None:
        if self.detector is None and len(self.languages) > 1:
            self.detector = language_detector(self.languages)
        return detect_language(self.detector, text)


def load_settings(root: Path) -> tuple[Settings, list[Problem]]:
    """The site's languages (``rules_data/site.yaml``), the termbase's avoided words and the
    templates the mapping lists; what cannot be read is a problem, and its part is left out."""
    settings, problems = Settings(), []
    source, found = read(root / "rules_data" / "site.yaml", "rules_data/site.yaml")
    site, invalid = validate(source, Site) if not found else (None, [])
    problems += found + invalid
    if site is not None:
        settings.languages = tuple(language.code for language in site.languages)
    for path in sorted((root / "rules_data" / "terms").glob("*.yaml")):
        source, found = read(path, f"rules_data/terms/{path.name}")
        base, invalid = validate(source, TermBase) if not found else (None, [])
        problems += found + invalid
        for concept in base.concepts if base else ():
            for term in concept.terms:
                settings.avoided.setdefault(term.language, []).extend((word, term.preferred) for word in term.avoid)
    settings.templates, trouble = known_templates(MAPPING)
    problems += trouble
    return settings, problems


def known_templates(path: Path) -> tuple[frozenset[str], list[Problem]]:
    """The template names ``path`` lists under ``templates:`` (a mapping by name, or a list of
    names or of mappings with a ``name``); :data:`KNOWN_TEMPLATES` when there is no such file."""
    if not path.exists():
        return KNOWN_TEMPLATES, []
    source, problems = read(path, path.name)
    templates = source.data.get("templates") if isinstance(source.data, dict) else None
    if isinstance(templates, dict):
        names = list(templates)
    elif isinstance(templates, list):
        names = [item.get("name") if isinstance(item, dict) else item for item in templates]
    else:
        return KNOWN_TEMPLATES, problems
    return frozenset(str(name) for name in names if name), problems


# --------------------------------------------------------------------------- units

@dataclass
class Unit:
    """A paragraph, heading, list or table of a page: what Translate translates as one piece."""

    start: int
    end: int
    kind: str
    """Its shape, for pairing with the source: ``h2``, ``list``, ``para``, ``t:Name``, ``file`` …"""
    marker: str | None = None
    """The number of its ``<!--T:n-->`` marker, where the page has one."""

    @property
    def name(self) -> str:
        return f"unit T:{self.marker}" if self.marker else "unit"


def _kind(node: Any) -> str:
    if isinstance(node, Heading):
        return f"h{node.level}"
    if isinstance(node, Tag) and node.wiki_markup:
        return "list" if node.wiki_markup[0] in _LIST_MARKUP else "table" if node.wiki_markup == "{|" else "para"
    if isinstance(node, Tag):
        return "tag:" + _tag_name(node)
    if isinstance(node, Template):
        return "t:" + template_name(node)
    if isinstance(node, Wikilink) and ":" in str(node.title):
        return "file"
    return "para"


@dataclass
class _Units:
    """Builds a page's units from its top-level nodes, one node at a time."""

    text: str
    found: list[Unit] = field(default_factory=list)
    current: Unit | None = None
    marker: str | None = None

    def close(self) -> None:
        if self.current is not None:
            self.found.append(self.current)
        self.current = None

    def extend(self, node: Any, start: int, end: int) -> None:
        if self.current is None:
            self.current = Unit(start, end, _kind(node), self.marker)
            self.marker = None
        self.current.end = end

    def comment(self, node: Comment, offset: int) -> None:
        match = _MARKER.fullmatch(str(node.contents).strip())
        if match is None:
            return
        unit = self.current
        if unit is not None and unit.kind[0] == "h" and unit.marker is None and "\n" not in self.text[unit.end:offset]:
            unit.marker = match.group(1)  # glued to its heading: "== Contents == <!--T:5-->"
            return
        self.close()
        self.marker = match.group(1)

    def text_node(self, node: Text, offset: int) -> None:
        value, cursor = str(node), 0
        if self.current is not None and self.current.kind[0] == "h" and "\n" in value:
            cursor = value.index("\n")  # a heading ends with its line
            self.close()
        for gap in _BLANK_LINE.finditer(value, cursor):
            self._piece(node, offset, value, cursor, gap.start())
            self.close()
            cursor = gap.end()
        self._piece(node, offset, value, cursor, len(value))

    def _piece(self, node: Text, offset: int, value: str, start: int, end: int) -> None:
        piece = value[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            self.extend(node, offset + start + lead, offset + start + len(piece.rstrip()))


def units(scanned: Scanned) -> list[Unit]:
    """The units of a page in order, from its top-level nodes (a source page's ``<translate>`` opened)."""
    builder = _Units(scanned.page.text)
    for spot in scanned.spots:
        node = spot.node
        if not spot.top or (isinstance(node, Tag) and not node.wiki_markup and _tag_name(node) == "translate"):
            continue
        if isinstance(node, Comment):
            builder.comment(node, spot.offset)
        elif isinstance(node, Text):
            builder.text_node(node, spot.offset)
        else:
            if isinstance(node, Heading):
                builder.close()
            builder.extend(node, spot.offset, spot.end)
    builder.close()
    return builder.found


@dataclass
class Shape:
    """What a unit's translation must keep: its footnotes, numbers, emphasis and numbered items."""

    refs: list[str] = field(default_factory=list)
    """Each footnote as its kind (the icon template it opens with) or its name, in order."""
    numbers: dict[str, int] = field(default_factory=dict)
    """Each number to how often it stands (a plain dict: a Counter costs more to make than a unit's checks)."""
    bold: int = 0
    italic: int = 0
    items: list[tuple[int, int, int]] = field(default_factory=list)
    """Numbered items ``n)``: (number, offset, the footnote that holds it or -1)."""


def _ref_label(tag: Tag) -> str:
    name = tag.get("name").value.strip() if tag.has("name") else ""
    first = next((template_name(t) for t in tag.contents.filter_templates(recursive=False)), "") if tag.contents else ""
    return f"{first or 'ref'}{' ' + repr(name) if name else ''}"


def shapes(scanned: Scanned, found: list[Unit]) -> list[Shape]:
    """The shape of each unit, from one pass over the page's nodes."""
    result = [Shape() for _ in found]
    starts = [unit.start for unit in found]
    for spot in scanned.spots:
        node = spot.node
        if isinstance(node, Text) and spot.prose:
            _count_numbers(spot, starts, found, result)
            continue
        index = _unit_at(starts, found, spot.offset)
        if index is None:
            continue
        shape = result[index]
        if isinstance(node, Tag) and node.wiki_markup in _EMPHASIS:
            shape.bold += node.wiki_markup == "'''"
            shape.italic += node.wiki_markup == "''"
        elif isinstance(node, Tag) and not node.wiki_markup and _tag_name(node) == "ref" and spot.ref < 0:
            shape.refs.append(_ref_label(node))
    return result


def _count_numbers(spot: Spot, starts: list[int], found: list[Unit], result: list[Shape]) -> None:
    """A text's numbered items and other numbers, each counted in the unit it stands in (one
    text node may run across several units)."""
    value = str(spot.node)
    items = {match.start(): int(match.group(1)) for match in _ITEM.finditer(value)}
    for at, number in items.items():
        index = _unit_at(starts, found, spot.offset + at)
        if index is not None:
            result[index].items.append((number, spot.offset + at, spot.ref))
    for match in _NUMBER.finditer(value):
        index = None if match.start() in items else _unit_at(starts, found, spot.offset + match.start())
        if index is not None:
            numbers = result[index].numbers
            numbers[match.group(1)] = numbers.get(match.group(1), 0) + 1


def _unit_at(starts: list[int], found: list[Unit], offset: int) -> int | None:
    index = bisect.bisect_right(starts, offset) - 1
    return index if index >= 0 and offset < found[index].end else None


# --------------------------------------------------------------------------- caption arithmetic

_TOKEN = re.compile(r"(?P<number>\d+)|(?P<op>[+×*/÷−-])|(?P<open>[\[(])|(?P<close>[\])])|(?P<eq>=)"
                    r"|(?P<word>[^\W\d_]+)|(?P<stop>[.;:!?])")
_OPERATORS = {"+": "+", "-": "-", "−": "-", "×": "*", "*": "*", "x": "*", "/": "/", "÷": "/"}
# Words that say which way a halving rounds, in the site's languages (lower case, a word's start).
_ROUND_UP = ("up", "boven", "nahoru", "aufgerundet", "aufrunden", "górę", "gore")
_ROUND_DOWN = ("down", "beneden", "dolů", "abgerundet", "abrunden", "dół", "dol")
_PICTURE_PREFIXES = frozenset({"file", "image", "bestand", "afbeelding", "datei", "bild", "plik", "soubor", "obrázek"})


@dataclass(frozen=True)
class Token:
    kind: str
    value: str
    at: int


def _tokens(text: str) -> list[Token]:
    found = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or ""
        value = match.group()
        if kind == "word" and value.lower() == "x":
            kind = "op"  # "[8 + 2] x 2": the letter x as a multiplication sign
        found.append(Token(kind, value, match.start()))
    return found


class _Expression:
    """A recursive-descent reading of ``+ - x /`` over numbers and brackets, in exact fractions.

    Words inside brackets are dropped ("[8 tiles + 2 pennants]"); a division rounds as the
    words around it say, or must come out whole."""

    def __init__(self, tokens: list[Token]):
        words = [t.value.lower() for t in tokens if t.kind == "word"]
        self.rounding = ("up" if any(w.startswith(_ROUND_UP) for w in words)
                         else "down" if any(w.startswith(_ROUND_DOWN) for w in words) else None)
        self.tokens = [t for t in tokens if t.kind in ("number", "op", "open", "close")]
        self.position = 0

    def value(self) -> Fraction | None:
        try:
            result = self._sum()
        except (ValueError, ZeroDivisionError, IndexError):
            return None
        return result if self.position == len(self.tokens) else None

    def _peek(self) -> Token | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def _take(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def _sum(self) -> Fraction:
        total = self._product()
        while (token := self._peek()) is not None and _OPERATORS.get(token.value.lower()) in ("+", "-"):
            sign = _OPERATORS[self._take().value.lower()]
            total = total + self._product() if sign == "+" else total - self._product()
        return total

    def _product(self) -> Fraction:
        total = self._factor()
        while (token := self._peek()) is not None and _OPERATORS.get(token.value.lower()) in ("*", "/"):
            operator = _OPERATORS[self._take().value.lower()]
            right = self._factor()
            if operator == "/" and right >= 1000:
                raise ValueError("a date such as 5/2014, not a division")
            total = total * right if operator == "*" else self._rounded(total / right)
        return total

    def _rounded(self, quotient: Fraction) -> Fraction:
        if quotient.denominator == 1 or self.rounding is None:
            return quotient
        return Fraction(-(-quotient.numerator // quotient.denominator) if self.rounding == "up" else quotient.numerator // quotient.denominator)

    def _factor(self) -> Fraction:
        token = self._take()
        if token.kind == "number":
            return Fraction(int(token.value))
        if token.kind != "open":
            raise ValueError(token.value)
        inner = self._sum()
        if self._take().kind != "close":
            raise ValueError("unbalanced")
        return inner


def _group_end(tokens: list[Token], start: int) -> int | None:
    """The index of the bracket closing the one at ``start``."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += {"open": 1, "close": -1}.get(tokens[index].kind, 0)
        if depth == 0:
            return index
    return None


def _matches(claimed: int, value: Fraction | None) -> bool:
    if value is None:
        return True  # nothing to judge
    if value.denominator == 1:
        return value == claimed
    # An unrounded half: the caption does not say which way; either whole neighbour stands.
    return claimed in (value.numerator // value.denominator, -(-value.numerator // value.denominator))


def claims(text: str) -> Iterator[tuple[int, int, str, Fraction]]:
    """Every reckoning of ``text`` that does not compute: (offset, claimed, the reckoning, its value).

    Two forms: ``3 + 2 + 1 = 7`` (a reckoning, then ``=`` and a number) and
    ``20 points ([8 tiles + 2 pennants] x 2 points each)`` (a bracketed reckoning after the
    number it explains, in the same sentence)."""
    tokens = _tokens(text)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.kind != "open":
            index += 1
            continue
        end = _group_end(tokens, index)
        if end is None:
            return
        group = tokens[index:end + 1]
        if any(t.kind == "op" for t in group):
            yield from _judge_group(text, tokens, index, end, group)
        index = end + 1
    yield from _equations(text, tokens)


def _judge_group(text: str, tokens: list[Token], index: int, end: int, group: list[Token]) -> Iterator[tuple[int, int, str, Fraction]]:
    after = tokens[end + 1] if end + 1 < len(tokens) else None
    if (after is not None and after.kind in ("eq", "op")) or (index > 0 and tokens[index - 1].kind == "op"):
        return  # part of a longer reckoning, "(6 + 1) × 3 = 21": judged as an equation, or not at all
    before = None
    for earlier in reversed(tokens[:index]):
        if earlier.kind in ("stop", "eq", "close", "op"):
            break
        if earlier.kind == "number":
            before = earlier
            break
    value = _Expression(group).value()
    if before is not None and not _matches(int(before.value), value):
        yield before.at, int(before.value), text[group[0].at:group[-1].at + 1], value  # type: ignore[misc]


def _equations(text: str, tokens: list[Token]) -> Iterator[tuple[int, int, str, Fraction]]:
    for index, token in enumerate(tokens):
        if token.kind != "eq" or index + 1 >= len(tokens) or tokens[index + 1].kind != "number":
            continue
        start = index
        while start > 0 and tokens[start - 1].kind in ("number", "op", "open", "close", "word"):
            if tokens[start - 1].kind == "word" and not _inside_brackets(tokens, start - 1, index):
                break
            if tokens[start - 1].kind == "number" and tokens[start].kind == "number":
                break  # "Example 1 3 + 2": the reckoning starts after the label
            start -= 1
        expression = tokens[start:index]
        if not any(t.kind == "op" for t in expression):
            continue
        value = _Expression(expression).value()
        claimed = int(tokens[index + 1].value)
        if not _matches(claimed, value):
            yield expression[0].at, claimed, text[expression[0].at:expression[-1].at + len(expression[-1].value)], value  # type: ignore[misc]


def _inside_brackets(tokens: list[Token], position: int, limit: int) -> bool:
    depth = sum({"open": 1, "close": -1}.get(t.kind, 0) for t in tokens[position:limit])
    return depth < 0  # more closings than openings after it: the word sits inside a bracket


# --------------------------------------------------------------------------- the checks

def _problem(page: WikiPage, offset: int, code: str, message: str, level: Level = "error") -> Problem:
    line, column = line_col(page, offset)
    return Problem(page.file, line, column, code, message, level)


@dataclass
class Linted:
    """One page with what the checks share: its nodes, units and their shapes."""

    page: WikiPage
    scanned: Scanned
    units: list[Unit]
    shapes: list[Shape]

    @classmethod
    def of(cls, page: WikiPage) -> Linted:
        scanned = Scanned(page, list(scan(page.parsed())))
        found = units(scanned)
        return cls(page, scanned, found, shapes(scanned, found))


def _language_name(code: str) -> str:
    from babel import Locale, UnknownLocaleError

    try:
        return f"{Locale(code).english_name} ({code})"
    except (ValueError, UnknownLocaleError):
        return code


def wrong_language(linted: Linted, settings: Settings) -> list[Problem]:
    """The page's prose, markup stripped, in another of the site's languages than its own."""
    page = linted.page
    expected = page.language or "en"
    if expected not in settings.languages:
        return []  # a language the site does not have: nothing to compare with
    words = page.parsed().strip_code().split()
    if len(words) < MIN_WORDS:
        return []
    found = settings.detect(" ".join(words)[:LANGUAGE_SAMPLE])
    if found is None or found == expected:
        return []
    first = next((spot.offset + len(str(spot.node)) - len(str(spot.node).lstrip()) for spot in linted.scanned.prose_texts()
                  if len(str(spot.node).split()) >= 5), 0)
    where = "the source page" if page.is_source else f"the page for {_language_name(expected)}"
    return [_problem(page, first, "wrong-language",
                     f"{where} is written in {_language_name(found)}: its text was never translated")]


def unresolved_parameters(linted: Linted) -> list[Problem]:
    """``{{{name}}}`` outside a template definition: a parameter no template filled in."""
    return [_problem(linted.page, spot.offset, "unresolved-parameter",
                     f"the template parameter {{{{{{{str(spot.node.name).strip()}}}}}}} was never filled in: "
                     "a section of the page is missing")
            for spot in linted.scanned.of(Argument) if not spot.defining and spot.node.default is None]


def malformed_refs(linted: Linted) -> list[Problem]:
    """Footnote tags the parser could not read as the author meant."""
    page, problems = linted.page, []
    for spot in linted.scanned.refs():
        tag: Tag = spot.node
        for attribute in tag.attributes:
            value = str(attribute.value)
            if attribute.quotes is None and value[:1] in ("'", '"'):
                problems.append(_problem(page, spot.offset, "malformed-ref",
                                         f"the quote of {str(attribute.name).strip()}={value} never closes: "
                                         f"{str(tag)!r} is not the footnote it means to be"))
        if not tag.has("name") and (tag.self_closing or not str(tag.contents or "").strip()):
            problems.append(_problem(page, spot.offset, "malformed-ref", "a footnote with neither a text nor a name"))
    for spot in linted.scanned.of(Text):
        for match in _REF_TEXT.finditer(str(spot.node)):
            what = "a closing </ref> without its opening" if match.group()[1] == "/" else "an unclosed <ref"
            problems.append(_problem(page, spot.offset + match.start(), "malformed-ref",
                                     f"{what}: the parser reads it as text, not as a footnote"))
    return problems


def numbering_gaps(linted: Linted) -> tuple[list[Problem], set[int]]:
    """Numbered items ``1) … 3)`` that skip, in one footnote or one unit; and the units with a gap."""
    problems, gapped = [], set()
    for index, shape in enumerate(linted.shapes):
        last: dict[int, int] = {}
        for number, offset, ref in shape.items:
            before = last.get(ref)
            last[ref] = number
            if before is not None and before + 1 < number <= before + 1 + MAX_GAP:
                missing = f"{before + 1}) is" if number == before + 2 else f"{before + 1}) to {number - 1}) are"
                problems.append(_problem(linted.page, offset, "numbering-gap",
                                         f"item {number}) follows {before}): {missing} missing"))
                gapped.add(index)
    return problems, gapped


def _pairs(source: Linted, translated: Linted) -> Iterator[tuple[int, int]]:
    """Source and translated units that stand for each other, paired by their shapes in order."""
    matcher = difflib.SequenceMatcher(None, [u.kind for u in source.units], [u.kind for u in translated.units],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            yield from zip(range(i1, i2), range(j1, j2))


def _differences(english: Shape, translated: Shape) -> list[str]:
    found = []
    if english.refs != translated.refs:
        found.append(f"footnotes {translated.refs or 'none'} where the source has {english.refs or 'none'}")
    if english.numbers != translated.numbers:
        extra, lost = Counter(translated.numbers) - Counter(english.numbers), Counter(english.numbers) - Counter(translated.numbers)
        found.append("numbers " + "; ".join(part for part in (
            f"{sorted(extra.elements(), key=int)} not in the source" if extra else "",
            f"{sorted(lost.elements(), key=int)} missing" if lost else "") if part))
    if (english.bold, english.italic) != (translated.bold, translated.italic):
        found.append(f"{translated.bold} bold and {translated.italic} italic where the source has "
                     f"{english.bold} and {english.italic}")
    return found


def structure(source: Linted, translated: Linted, gapped: set[int]) -> list[Problem]:
    """Translated units whose footnotes, numbers, emphasis or numbered items differ from their source unit."""
    problems = []
    for i, j in _pairs(source, translated):
        english, shape, unit = source.shapes[i], translated.shapes[j], translated.units[j]
        label = source.units[i].name + f" (line {line_col(source.page, source.units[i].start)[0]} of the source)"
        differences = _differences(english, shape)
        if differences:
            problems.append(_problem(translated.page, unit.start, "structure-differs",
                                     f"{label}: " + "; ".join(differences), "warning"))
        items, english_items = [n for n, _, _ in shape.items], [n for n, _, _ in english.items]
        if items != english_items and j not in gapped:
            shown = lambda numbers: " ".join(f"{n})" for n in numbers) or "none"
            problems.append(_problem(translated.page, shape.items[0][1] if shape.items else unit.start, "numbering-gap",
                                     f"{label}: numbered items {shown(items)} where the source has {shown(english_items)}"))
    return problems


def outdated(linted: Linted) -> list[Problem]:
    """Translations Translate marked as behind their source (``mw-translate-fuzzy``)."""
    return [_problem(linted.page, spot.offset, "outdated-translation",
                     "an outdated translation: its source text changed since it was translated", "warning")
            for spot in linted.scanned.of(Tag) if not spot.node.wiki_markup and _tag_name(spot.node) == "div"
            and spot.node.has("class") and "mw-translate-fuzzy" in str(spot.node.get("class").value).split()]


def _sorting_title(linted: Linted) -> tuple[str, int] | None:
    for spot in linted.scanned.of(Template):
        template: Template = spot.node
        if template_name(template) == "UX" and template.has("sortingtitle"):
            param = template.get("sortingtitle")
            at = str(template).find(str(param))
            value = str(param.value)
            lead = len(value) - len(value.lstrip())
            return value.strip(), spot.offset + at + len(str(param.name)) + 1 + lead
    return None


def untranslated_fields(linted: Linted, source: Linted | None) -> list[Problem]:
    """A translation's ``sortingtitle`` left as the source's (or the English title)."""
    page = linted.page
    if page.is_source or page.language == "en" or page.rendered:
        return []
    found = _sorting_title(linted)
    english = _sorting_title(source) if source is not None else None
    reference = english[0] if english else page.title
    if found is None or not found[0] or found[0] != reference:
        return []
    return [_problem(page, found[1], "untranslated-field",
                     f"sortingtitle={found[0]!r} is the English one: the {page.language} page sorts under an English title",
                     "warning")]


def _known(name: str, settings: Settings) -> bool:
    if settings.templates is None or name in settings.templates:
        return True
    base, _, suffix = name.rpartition(" ")
    # Year_nl is the Dutch Year: a per-language copy of a template the mapping knows.
    return bool(base) and suffix in settings.languages and base in settings.templates


def unknown_templates(linted: Linted, settings: Settings) -> list[Problem]:
    """Templates the mapping does not list, each once per page at its first use."""
    uses: dict[str, list[int]] = {}
    for spot in linted.scanned.of(Template):
        name = template_name(spot.node)
        # Parser functions (#lst:), magic words (FULLPAGENAME) and namespaced calls (filepath:)
        # are the wiki software's, not templates of the wiki.
        if not name or name.startswith("#") or ":" in name or "{" in name or name.isupper():
            continue
        if not _known(name, settings):
            uses.setdefault(name, []).append(spot.offset)
    return [_problem(linted.page, offsets[0], "unknown-template",
                     f"the template {{{{{name}}}}} (used {len(offsets)} time{'s' * (len(offsets) > 1)}) is not in "
                     "the mapping: the importer cannot translate it", "warning")
            for name, offsets in uses.items()]


def avoided_terms(linted: Linted, settings: Settings) -> list[Problem]:
    """Words the termbase says this page's language should not use."""
    page = linted.page
    matcher = settings.avoided_matcher(page.language) if not page.is_source else None
    problems = []
    for spot in linted.scanned.prose_texts() if matcher else ():
        # Lower-casing keeps offsets for the site's languages' letters (a dotted İ aside).
        for match in matcher.finditer(spot.node.value.lower()):  # type: ignore[union-attr]
            word = match.group()
            preferred = next((p for w, p in settings.avoided[page.language or ""] if pattern(w, False).match(word)), "")
            problems.append(_problem(page, spot.offset + match.start(), "avoided-term",
                                     f"{word!r} is a word to avoid in {page.language}: the termbase prefers "
                                     f"{preferred!r}", "warning"))
    return problems


def _visible(nodes: Iterable[Any], offset: int, chars: list[str], where: list[int]) -> None:
    """What a reader sees of ``nodes`` (a colour template shows its word), each character with its offset."""
    for node in nodes:
        text = str(node)
        if isinstance(node, Text):
            chars.extend(text)
            where.extend(range(offset, offset + len(text)))
        elif isinstance(node, (Tag, Wikilink, Heading)):
            children = list(_children(node, text))
            for child, at, _ in children[-1:]:  # a link's text, a tag's contents
                _visible(child.nodes, offset + at, chars, where)
        elif isinstance(node, Template) and node.params and not node.params[0].showkey:
            child = next(iter(_children(node, text)), None)  # {{ColorRed|RED}} shows RED
            if child is not None:
                _visible(child[0].nodes, offset + child[1], chars, where)
        else:
            chars.append(" ")
            where.append(offset)
        offset += len(text)


def _caption(link: Wikilink, offset: int) -> tuple[str, list[int]] | None:
    """A picture's caption (the link's last ``|`` part) as a reader sees it, with offsets."""
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


def caption_arithmetic(linted: Linted) -> list[Problem]:
    """Picture captions whose reckoning does not compute."""
    problems = []
    for spot in linted.scanned.of(Wikilink):
        prefix = str(spot.node.title).strip().partition(":")[0].strip().lower()
        if prefix not in _PICTURE_PREFIXES:
            continue
        caption = _caption(spot.node, spot.offset + 3 + len(str(spot.node.title)))
        if caption is None:
            continue
        text, where = caption
        for at, claimed, reckoning, value in claims(text):
            shown = f"{value}" if value.denominator == 1 else f"{value} ({float(value):g})"
            problems.append(_problem(linted.page, where[at] if at < len(where) else spot.offset, "caption-arithmetic",
                                     f"the caption says {claimed}, but {' '.join(reckoning.split())} makes {shown}"))
    return problems


# --------------------------------------------------------------------------- the lint

def lint(pages: list[WikiPage], settings: Settings) -> list[Problem]:
    """Every finding on ``pages``; a translation is compared with the source page of its title."""
    linted = [Linted.of(page) for page in pages]
    sources: dict[str, Linted] = {}
    for item in linted:
        if item.page.is_source:
            sources.setdefault(item.page.title, item)
    problems: list[Problem] = []
    for item in linted:
        source = sources.get(item.page.title) if not item.page.is_source else None
        gaps, gapped = numbering_gaps(item)
        found = wrong_language(item, settings) + unresolved_parameters(item) + malformed_refs(item) + gaps
        if source is not None and not item.page.rendered and not source.page.rendered:
            found += structure(source, item, gapped)
        found += caption_arithmetic(item) + outdated(item) + untranslated_fields(item, source)
        found += unknown_templates(item, settings) + avoided_terms(item, settings)
        problems += _capped(found)
    return problems


def _capped(found: list[Problem]) -> list[Problem]:
    """At most :data:`MAX_PER_CODE` findings of one code on one page, the last one saying how
    many more there are: a page that repeats one mistake is fixed the same way everywhere."""
    by_code: dict[str, list[Problem]] = {}
    for problem in sorted(found):
        by_code.setdefault(problem.code, []).append(problem)
    kept: list[Problem] = []
    for same in by_code.values():
        kept += same[:MAX_PER_CODE]
        if len(same) > MAX_PER_CODE:
            last = same[MAX_PER_CODE]
            kept.append(Problem(last.file, last.line, last.column, last.code,
                                f"{len(same) - MAX_PER_CODE:,} more like the above on this page from here on", last.level))
    return kept


@dataclass(frozen=True)
class Row:
    """One line of the summary: how many findings of one code a page has."""

    page: str
    language: str
    code: str
    count: int


def summary(pages: list[WikiPage], problems: list[Problem]) -> list[Row]:
    """Findings counted per page, language and code (a problem outside any page: its file)."""
    spans: dict[str, list[tuple[int, WikiPage]]] = {}
    for page in pages:
        spans.setdefault(page.file, []).append((page.first_line, page))
    counts: Counter[tuple[str, str, str]] = Counter()
    for problem in problems:
        found = [page for first, page in sorted(spans.get(problem.file, []), key=lambda item: item[0])
                 if first <= problem.line]
        page = found[-1] if found else None
        key = (page.title, page.language or "source", problem.code) if page else (problem.file, "-", problem.code)
        counts[key] += 1
    return [Row(page, language, code, count) for (page, language, code), count in sorted(counts.items())]
