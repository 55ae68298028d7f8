"""One wiki page's wikitext, parsed by mwparserfromhell, made into a :class:`~generator.wiki.draft.DPage`.

The walk is over the parser's nodes, each with its offset in the page's text (so that every
problem has a line and column): block-level nodes (headings, list markers, block templates,
pictures standing alone, tables) shape sections and blocks, everything else is inline text,
converted by :mod:`generator.wiki.inline` into the project's markup. Nothing is dropped
silently: what the mapping does not know keeps its text (escaped) and is reported.
"""

from __future__ import annotations

import re
from typing import Any

from mwparserfromhell.nodes import Comment, Heading, Tag, Template, Text, Wikilink

from generator.core.problem import Problem
from generator.core.vocabulary import EDITION_PATTERN
from generator.wiki.draft import DBlock, DItem, DPage, DSection, DTileRow, DTiles, DUnit, SiteIndex, drop_markers, markers
from generator.wiki.inline import Inline, clean, escape, inner, nodes_at, param
from generator.wiki.mapping import Mapping
from generator.wiki.source import WikiPage

_MARKER = re.compile(r"^\s*T:([0-9]{1,7})\s*$")
_LEADING_NUMBER = re.compile(r"^\s*([0-9]{1,6})")
# An edition id inside a picture's name (MageWitch_C1-06.png): the project's edition pattern, unanchored.
_EDITION = re.compile(r"(?<![A-Za-z0-9])" + EDITION_PATTERN.strip("^$") + r"(?![0-9])")
_LIST = frozenset("*#:;")
_BLOCK_TAGS = frozenset({"div", "p", "center", "blockquote"})
_BLOCK_TEMPLATES = frozenset({"page-head", "editions", "flavour", "subheading", "rules-box", "tile-list", "tile",
                              "tile-list-end"})


class Converter(Inline):
    """One page's conversion: the section stack and the paragraph, list and tile list being built."""

    def __init__(self, page: WikiPage, mapping: Mapping, site: SiteIndex, problems: list[Problem]):
        language = page.language or site.source_language
        root = DSection("", 0, 0)
        super().__init__(DPage(page, language, root), mapping, site, problems)
        self.stack: list[DSection] = [root]
        self.para: list[str] = []
        self.para_unit: DUnit | None = None
        self.list_block: DBlock | None = None
        self.item: DItem | None = None
        self.markers = ""
        self.tiles: DTiles | None = None
        self.newlines = 0
        self.line_used = False
        """The current line holds something (text, a list marker, a template): it is no blank line."""
        self.pending: int | None = None
        self.heading_line: DSection | None = None

    def run(self) -> DPage:
        tree = self.draft.page.parsed()
        self.blocks(tree, 0)
        self.finish()
        return self.draft

    # ------------------------------------------------------------------ the block walk

    def blocks(self, code: Any, base: int) -> None:
        for node, offset in nodes_at(code, base):
            self.block(node, offset)

    def block(self, node: Any, offset: int) -> None:
        if isinstance(node, Text):
            self.text(str(node), offset)
        elif isinstance(node, Heading):
            self.heading(node, offset)
        elif isinstance(node, Tag):
            self.tag(node, offset)
        elif isinstance(node, Template):
            self.template(node, offset)
        elif isinstance(node, Wikilink):
            self.wikilink(node, offset)
        elif isinstance(node, Comment):
            self.comment(node)
        else:
            self.add(self.inline_node(node, offset), offset)

    def text(self, text: str, offset: int) -> None:
        position = offset
        for number, line in enumerate(text.split("\n")):
            if number:
                self.newline()
            if line:
                self.add(self.plain_text(line, position), position)
            position += len(line) + 1

    def add(self, markup: str, offset: int) -> None:
        """Inline content at ``offset``: into the list item being written, else the paragraph."""
        if not markup:
            return
        self.line_used = self.line_used or not markup.isspace()
        if markup.isspace():
            (self.item.parts if self.item is not None else self.para).append(" ")
            return
        if self.markers:
            self.begin_item(self.markers, offset)
        if self.item is not None:
            self.item.parts.append(markup)
            self.newlines = 0
            return
        if self.newlines and self.list_block is not None:
            self.close_list()  # text on the line after a list starts a paragraph
        if self.para_unit is None:
            self.para_unit = DUnit("", offset, self.take_marker(), self.fuzzy)
        self.para.append(markup)
        self.newlines = 0

    def newline(self) -> None:
        self.heading_line = None
        # A line of only a list marker and a picture is no blank line: the list goes on.
        self.newlines = 1 if self.line_used or self.markers else self.newlines + 1
        self.line_used = False
        self.markers = ""
        self.item = None
        if self.newlines >= 2:
            self.finish_paragraph()
            self.close_list()
        elif self.para:
            self.para.append(" ")

    def take_marker(self) -> int | None:
        found, self.pending = self.pending, None
        return found

    # ------------------------------------------------------------------ paragraphs and lists

    def finish_paragraph(self) -> None:
        unit, text = self.para_unit, clean("".join(self.para))
        self.para, self.para_unit = [], None
        if unit is None or not text:
            return
        unit.text = text
        kind, unit.text = self.special_case(text)
        self.section.blocks.append(DBlock(kind, [unit], offset=unit.offset))

    def special_case(self, text: str) -> tuple[str, str]:
        """A paragraph that opens with the language's special-case label in bold is set apart."""
        for label in self.mapping.special_case_labels.get(self.draft.language, []):
            opening = f"**{label}**"
            if text.startswith(opening):
                rest = text[len(opening):].lstrip(" :").strip()
                if rest:
                    return "special_case", rest
        return "paragraph", text

    def begin_item(self, run: str, offset: int) -> None:
        self.markers = ""
        last = run[-1]
        if last in ":;":
            if self.list_block is not None and self.list_block.items and run[0] in "*#":
                self.item = self._last_item(self.list_block.items)
                self.item.parts.append(" ")  # a continuation line of the item above
            return  # an indented line outside a list is a paragraph of its own
        self.finish_paragraph()
        kind = "numbered" if last == "#" else "list"
        if self.list_block is not None and self.list_block.kind != kind and len(run) == 1:
            self.close_list()
        if self.list_block is None:
            self.list_block = DBlock(kind, offset=offset)
        item = DItem(DUnit("", offset, self.take_marker(), self.fuzzy))
        siblings = self.list_block.items
        for _ in range(len(run) - 1):
            if not siblings:
                break
            siblings = siblings[-1].children
        siblings.append(item)
        self.item = item

    @staticmethod
    def _last_item(items: list[DItem]) -> DItem:
        item = items[-1]
        while item.children:
            item = item.children[-1]
        return item

    def close_list(self) -> None:
        block, self.list_block, self.item = self.list_block, None, None
        if block is None:
            return
        block.items = _finished(block.items)
        if block.items:
            self.section.blocks.append(block)

    def finish(self) -> None:
        """Everything still open: the paragraph, the list, a tile list without its end."""
        self.finish_paragraph()
        self.close_list()
        self.finish_tiles()

    @property
    def section(self) -> DSection:
        return self.stack[-1]

    # ------------------------------------------------------------------ headings and comments

    def heading(self, node: Heading, offset: int) -> None:
        self.finish()
        title = self.title(node.title, inner(node, offset, node.title), offset)
        self.push(title, node.level, offset, strip=False)

    def push(self, title: tuple[str, list[int]], level: int, offset: int, *, strip: bool) -> DSection:
        text, moved = title
        # A heading closes the sections of its level and deeper; a strip closes only strips.
        while len(self.stack) > 1 and (self.section.strip if strip else self.section.level >= level):
            self.stack.pop()
        if strip:
            level = self.section.level + 1 if len(self.stack) > 1 else 2
        section = DSection(text, level, offset, self.take_marker(), strip, moved=moved, fuzzy=self.fuzzy)
        self.section.sections.append(section)
        self.stack.append(section)
        self.heading_line = None if strip else section
        self.newlines = 2
        return section

    def title(self, code: Any, base: int, offset: int) -> tuple[str, list[int]]:
        """A heading's text as a plain title, and the footnotes it referred to (moved to its first text)."""
        text = self.plain(code, base)
        moved = markers(text)
        if moved:
            self.warn(offset, "footnote-place", "a footnote referred to from a heading: a title holds no "
                      "footnote, so the reference moves to the section's first text")
        return escape(clean(drop_markers(text))) or self.site_text("section"), moved

    def site_text(self, what: str) -> str:
        return {"section": "Section"}.get(what, what)

    def comment(self, node: Comment) -> None:
        found = _MARKER.match(str(node.contents))
        if found is None:
            return  # an HTML comment shows nothing on the wiki
        number = int(found.group(1))
        if self.heading_line is not None and self.heading_line.marker is None:
            self.heading_line.marker = number  # glued to the end of the heading line
        else:
            self.pending = number

    # ------------------------------------------------------------------ tags, links and templates

    def tag(self, node: Tag, offset: int) -> None:
        name = str(node.tag).strip().lower()
        markup = node.wiki_markup
        if markup and markup in _LIST and not node.contents:
            self.markers += markup
            return
        if markup == "{|" or name == "table":
            self.finish()
            self.table(node, offset)
            return
        if name in self.mapping.tags.ignore or self.hidden(node):
            return
        if name in _BLOCK_TAGS and (name in self.mapping.tags.transparent or self.outdated(node)):
            self.finish_paragraph()
            fuzzy, self.fuzzy = self.fuzzy, self.fuzzy or self.outdated(node)
            if node.contents is not None:
                self.blocks(node.contents, inner(node, offset, node.contents))
            self.finish_paragraph()
            self.fuzzy = fuzzy
            return
        if name in self.mapping.tags.transparent and name != "nowiki" and node.contents is not None:
            self.blocks(node.contents, inner(node, offset, node.contents))
            return
        self.add(self.inline_node(node, offset), offset)

    def table(self, node: Tag, offset: int) -> None:
        pictures = [str(link.title).strip() for link in node.contents.filter_wikilinks()
                    if self.namespace(str(link.title)) in self.file_namespaces] if node.contents else []
        held = f"; it holds {', '.join(pictures[:6])}{' …' if len(pictures) > 6 else ''}" if pictures else ""
        self.warn(offset, "unmapped-tag", f"a wiki table is layout the pages do not have: not imported{held}")

    def wikilink(self, node: Wikilink, offset: int) -> None:
        space = self.namespace(str(node.title))
        if space not in self.file_namespaces:
            self.add(self.inline_node(node, offset), offset)
            return
        caption, example = self.picture(node, offset)
        if not example:
            self.warn(offset, "unmapped-picture", f"the picture {str(node.title).strip()!r} is not a worked example "
                      "(a framed picture with a caption, on its own): not imported")
            return
        self.finish_paragraph()
        self.close_list()
        unit = DUnit(caption, offset, self.take_marker(), self.fuzzy)
        self.section.blocks.append(DBlock("example", [unit], picture=str(node.title).strip(), offset=offset))
        self.newlines = 2

    def template(self, node: Template, offset: int) -> None:
        rule = self.rule(node)
        kind = getattr(rule, "to", None)
        if kind not in _BLOCK_TEMPLATES:
            self.add(self.inline_node(node, offset), offset)
            return
        getattr(self, "on_" + kind.replace("-", "_"))(rule, node, offset)

    # ------------------------------------------------------------------ block templates

    def on_page_head(self, rule: Any, node: Template, offset: int) -> None:
        value, at = param(node, offset, rule.title)
        if value is not None and self.draft.head_title is None:
            self.draft.head_title = escape(clean(drop_markers(self.plain(value, at)))) or None

    def on_editions(self, rule: Any, node: Template, offset: int) -> None:
        value, at = param(node, offset, rule.picture)
        if value is not None:
            for found in _EDITION.findall(self.plain(value, at)):
                if found in self.site.editions:
                    self.draft.editions.append((found, at))
        # The chooser's links lead to the same expansion's other editions.
        for parameter in node.params:
            for template in parameter.value.filter_templates(recursive=True):
                linked = self.rule(template)
                if getattr(linked, "to", None) == "page-link":
                    self.draft.expansions.append(linked.expansion)

    def on_flavour(self, rule: Any, node: Template, offset: int) -> None:
        value, at = param(node, offset, rule.text)
        if value is None:
            return
        opening = len(self.stack) == 1 and not self.section.blocks and not self.para
        if opening and self.draft.flavour is None:
            self.emphasis = False  # the frame is the emphasis; the page draws it itself
            text = clean(self.inline(value, at))
            self.emphasis = True
            if text:
                self.draft.flavour = DUnit(text, at, self.take_marker(), self.fuzzy)
            return
        self.finish_paragraph()
        self.blocks(value, at)
        self.finish_paragraph()

    def on_subheading(self, rule: Any, node: Template, offset: int) -> None:
        value, at = param(node, offset, rule.title)
        self.finish()
        self.push(self.title(value, at, offset) if value is not None else (self.site_text("section"), []),
                  0, offset, strip=True)

    def on_rules_box(self, rule: Any, node: Template, offset: int) -> None:
        level_value, _ = param(node, offset, rule.level)
        title, title_at = param(node, offset, rule.title)
        text, text_at = param(node, offset, rule.text)
        signs = str(level_value).strip() if level_value is not None else ""
        level = len(signs) if signs and set(signs) == {"="} else 2
        self.finish()
        if title is not None:
            self.push(self.title(title, title_at, offset), level, offset, strip=False)
        if text is not None:
            self.blocks(text, text_at)
            self.finish()

    def on_tile_list(self, rule: Any, node: Template, offset: int) -> None:
        self.finish()
        value, at = param(node, offset, rule.total)
        summary = clean(self.inline(value, at)) if value is not None else ""
        number = _LEADING_NUMBER.match(self.plain(value, at)) if value is not None else None
        self.tiles = DTiles(DUnit(summary, at, self.take_marker(), self.fuzzy) if summary else None,
                            int(number.group(1)) if number else None, offset=offset)

    def on_tile(self, rule: Any, node: Template, offset: int) -> None:
        if self.tiles is None:
            self.finish()
            self.tiles = DTiles(None, None, offset=offset)
        picture, picture_at = param(node, offset, rule.picture)
        count, count_at = param(node, offset, rule.count)
        config, config_at = param(node, offset, rule.config)
        number = self.plain(count, count_at).strip() if count is not None else ""
        self.tiles.rows.append(DTileRow(self.plain(picture, picture_at).strip() if picture is not None else "",
                                        int(number) if number.isdigit() and len(number) < 7 else None,
                                        self.symbols(config, config_at) if config is not None else (), offset))

    def on_tile_list_end(self, rule: Any, node: Template, offset: int) -> None:
        self.finish_tiles()

    def finish_tiles(self) -> None:
        tiles, self.tiles = self.tiles, None
        if tiles is not None:
            self.section.blocks.append(DBlock("tiles", tiles=tiles, offset=tiles.offset))
            self.newlines = 2


def _finished(items: list[DItem]) -> list[DItem]:
    """Items with their texts joined; an item left empty (a line of only a picture) is dropped."""
    kept = []
    for item in items:
        item.unit.text = clean("".join(item.parts))
        item.children = _finished(item.children)
        if item.unit.text:
            kept.append(item)
        else:
            kept.extend(item.children)
    return kept


def convert(page: WikiPage, mapping: Mapping, site: SiteIndex) -> tuple[DPage, list[Problem]]:
    """The draft of ``page`` and what its conversion reported."""
    problems: list[Problem] = []
    try:
        draft = Converter(page, mapping, site, problems).run()
    except RecursionError:  # the parser bounds nesting; this is the net behind it
        problems.append(Problem(page.file, page.first_line, 1, "too-deep",
                                "the page's markup nests deeper than the importer follows"))
        return DPage(page, page.language or site.source_language, DSection("", 0, 0)), problems
    return draft, problems
