"""Inline wikitext (bold, links, templates, footnotes) as the project's inline markup.

:class:`Inline` is the half of a page's conversion that works inside a text; the block walk
(:class:`generator.wiki.convert.Converter`) builds on it. Every problem is a warning at the
node's place in the page's file, at most :data:`MAX_REPORTS` per code and page.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterator

from mwparserfromhell.nodes import Comment, ExternalLink, Heading, HTMLEntity, Tag, Template, Text, Wikilink

from generator.core.problem import Problem
from generator.model import markup
from generator.wiki.draft import MARK, DFootnote, DPage, Mention, SiteIndex, drop_markers, key, marker
from generator.wiki.mapping import Mapping, normal_name
from generator.wiki.source import line_col, split_title

# Enough of one kind to see the pattern; a hostile page cannot make the report grow without bound.
MAX_REPORTS = 25
_QUOTES = re.compile(r"'{2,}")  # emphasis markers the parser left unpaired
_TAG_LIKE = re.compile(r"<(?=\s*[A-Za-z!/?])")  # what the project's texts would read as HTML
_DATED = re.compile(r"^(?:(\D+?)\s+)?((?:[1-9]|1[0-2])/(?:19|20)[0-9]{2})$")
_SIZE = re.compile(r"^[0-9]*x?[0-9]+\s*px$")
_KEYED_OPTION = re.compile(r"^(?:link|alt|class|upright|page|lang|thumb|thumbnail|frame)\s*=")
_OPTIONS = frozenset({"frame", "framed", "thumb", "thumbnail", "frameless", "border", "none", "left", "right",
                      "center", "centre", "upright", "baseline", "sub", "super", "top", "text-top", "middle",
                      "bottom", "text-bottom", ""})
_SPACE_BEFORE_MARK = re.compile(f" (?={MARK}[0-9]+{MARK})")


def escape(text: str) -> str:
    """Plain text in the inline markup: its backslashes, asterisks and braces made literal."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("{", "\\{").replace("}", "\\}")


def clean(text: str) -> str:
    """One line, single spaces, and a footnote reference straight after the word it follows."""
    return _SPACE_BEFORE_MARK.sub("", " ".join(text.split()))


def to_plain(text: str) -> str:
    """Markup as the reader sees it: labels stay, markup and escapes go (draft markers stay)."""
    return markup.plain(markup.parse(text)[0])


def one_line(text: str) -> str:
    return " ".join(text.split())


def nodes_at(code: Any, base: int) -> Iterator[tuple[Any, int]]:
    """The nodes of ``code`` with their offsets in the page's text."""
    offset = base
    for node in code.nodes:
        yield node, offset
        offset += len(str(node))


def inner(node: Any, offset: int, code: Any) -> int:
    """The offset of ``code``, a part of ``node`` (its contents, a parameter), in the page's text."""
    return offset + max(str(node).find(str(code)), 0)


def param(node: Template, offset: int, names: list[str]) -> tuple[Any, int]:
    """The value of the first of ``names`` the template is given, and its offset."""
    for name in names:
        if node.has(name):
            value = node.get(name).value
            return value, inner(node, offset, value)
    return None, offset


class Inline:
    """Inline conversion for one page: footnotes, links and templates into markup."""

    def __init__(self, draft: DPage, mapping: Mapping, site: SiteIndex, problems: list[Problem]):
        self.draft, self.mapping, self.site, self.problems = draft, mapping, site, problems
        self.fuzzy = False
        self.emphasis = True
        self.in_ref = False
        self.mentions: list[Mention] | None = None
        self.names: dict[str, int] = {}
        self.reported: Counter[str] = Counter()
        self.file_namespaces = {normal_name(name) for name in mapping.pictures.namespaces}
        self.category_namespaces = {normal_name(name) for name in mapping.categories.namespaces}
        self.icons = {normal_name(name): kind for name, kind in mapping.pictures.footnote_kinds.items()}
        self.category_names = {key(name): ids for name, ids in mapping.categories.names.items()}

    def warn(self, offset: int, code: str, message: str) -> None:
        self.reported[code] += 1
        count = self.reported[code]
        if count > MAX_REPORTS + 1:
            return
        if count == MAX_REPORTS + 1:
            message = f"more of the same on this page ({code}); the first {MAX_REPORTS} are listed"
        line, column = line_col(self.draft.page, offset)
        self.problems.append(Problem(self.draft.page.file, line, column, code, message, "warning"))

    def rule(self, node: Template) -> Any:
        return self.mapping.template(str(node.name).strip(), self.site.languages)

    def inline(self, code: Any, base: int) -> str:
        return "".join(self.inline_node(node, offset) for node, offset in nodes_at(code, base))

    def plain(self, code: Any, base: int) -> str:
        return to_plain(self.inline(code, base))

    def inline_node(self, node: Any, offset: int) -> str:
        if isinstance(node, Text):
            return self.plain_text(str(node).replace("\n", " "), offset)
        if isinstance(node, HTMLEntity):
            return escape(node.normalize())
        if isinstance(node, Tag):
            return self.inline_tag(node, offset)
        if isinstance(node, Template):
            return self.inline_template(node, offset)
        if isinstance(node, Wikilink):
            return self.inline_link(node, offset)
        if isinstance(node, ExternalLink):
            return self.external(node, offset)
        if isinstance(node, Comment):
            return ""
        if isinstance(node, Heading):
            return self.inline(node.title, inner(node, offset, node.title))
        # {{{name}}}: a template's parameter, which no page should show.
        self.warn(offset, "unmapped-template", f"{one_line(str(node))[:60]!r} is a template parameter outside a "
                  "template: its text stays, escaped")
        return escape(one_line(str(node)))

    def plain_text(self, text: str, offset: int) -> str:
        for word in self.mapping.magic_words:
            text = text.replace(word, "")
        text = _QUOTES.sub("", text)
        if _TAG_LIKE.search(text):
            self.warn(offset, "unmapped-tag", "text that reads as an HTML tag the parser did not take (unclosed or "
                      "misspelt): its '<' is written as '‹'")
            text = _TAG_LIKE.sub("‹", text)
        return escape(text)

    # ------------------------------------------------------------------ tags

    def inline_tag(self, node: Tag, offset: int) -> str:
        name = str(node.tag).strip().lower()
        contents = node.contents
        at = inner(node, offset, contents) if contents is not None else offset
        if node.wiki_markup and node.wiki_markup in "*#:;" and not contents:
            return " "  # list markup inside a footnote or caption: the items run on
        if name in ("b", "strong"):
            return self.wrap("**", contents, at)
        if name in ("i", "em"):
            return self.wrap("*", contents, at)
        if name == "ref":
            return self.ref(node, offset)
        if name in self.mapping.tags.breaks:
            return " "
        if node.wiki_markup == "{|" or name == "table":
            self.warn(offset, "unmapped-tag", "a wiki table inside a text: not imported")
            return ""
        if name in self.mapping.tags.ignore or self.hidden(node):
            return ""
        if name not in self.mapping.tags.transparent:
            self.warn(offset, "unmapped-tag", f"the tag <{name}> is not in the mapping: its text stays, the tag goes")
        return self.inline(contents, at) if contents is not None else ""

    def wrap(self, mark: str, contents: Any, at: int) -> str:
        text = self.inline(contents, at) if contents is not None else ""
        core = text.strip()
        # Emphasis around emphasis would write *** and read back otherwise: the inner one is kept.
        if not self.emphasis or not drop_markers(core) or core.startswith("*") or core.endswith("*"):
            return text
        return text[:len(text) - len(text.lstrip())] + mark + core + mark + text[len(text.rstrip()):]

    def hidden(self, node: Tag) -> bool:
        style = str(node.get("style").value).replace(" ", "").lower() if node.has("style") else ""
        return any(hidden.replace(" ", "").lower() in style for hidden in self.mapping.tags.hidden_styles)

    def outdated(self, node: Tag) -> bool:
        classes = str(node.get("class").value).split() if node.has("class") else []
        return self.mapping.tags.outdated_class in classes

    # ------------------------------------------------------------------ footnotes

    def ref(self, node: Tag, offset: int) -> str:
        body = None if node.self_closing else node.contents
        if self.in_ref:
            self.warn(offset, "unmapped-tag", "a footnote inside a footnote: its text stays in the outer one")
            return self.inline(body, inner(node, offset, body)) if body is not None else ""
        name = self.ref_name(node, offset)
        if body is None or not str(body).strip():
            if name is None:
                self.warn(offset, "broken-ref", "an empty <ref> without a name: there is nothing to show")
                return ""
            if name not in self.names:  # used before it is defined, as the wiki allows
                self.draft.footnotes.append(DFootnote(name, "note", offset, defined=False))
                self.names[name] = len(self.draft.footnotes) - 1
            return marker(self.names[name])
        index = self.names.get(name) if name else None
        if index is not None and self.draft.footnotes[index].defined:
            return marker(index)  # a name defined twice: the wiki shows the first
        footnote = self.footnote(body, inner(node, offset, body), name, offset)
        if index is None:
            self.draft.footnotes.append(footnote)
            index = len(self.draft.footnotes) - 1
            if name:
                self.names[name] = index
        else:
            self.draft.footnotes[index] = footnote
        return marker(index)

    def ref_name(self, node: Tag, offset: int) -> str | None:
        if not node.has("name"):
            return None
        attribute = node.get("name")
        value = str(attribute.value).strip()
        if attribute.quotes is None and value[:1] in ("'", '"'):
            value = value.strip("'\"")
            self.warn(offset, "broken-ref", f"the ref name {value!r} lacks its closing quote: read as the "
                      f"name {value!r}")
        return value.rstrip("/").strip() or None

    def footnote(self, body: Any, base: int, name: str | None, offset: int) -> DFootnote:
        kind, rest = self.footnote_kind(list(nodes_at(body, base)))
        self.in_ref, self.mentions = True, []
        text = clean("".join(self.inline_node(node, at) for node, at in rest))
        mentions, self.in_ref, self.mentions = self.mentions, False, None
        footnote = DFootnote(name, kind or "note", offset, text, mentions=mentions, fuzzy=self.fuzzy)
        if kind is None:
            self.warn(offset, "footnote-kind", "a footnote that opens with no kind icon the mapping knows: "
                      "imported as an editors' note")
        if footnote.kind == "ruling":
            self.dates(footnote)
        elif footnote.kind == "printing":
            self.claim(footnote)
        return footnote

    def footnote_kind(self, nodes: list[tuple[Any, int]]) -> tuple[str | None, list[tuple[Any, int]]]:
        """The kind the footnote opens with (an icon template or picture), and the nodes after it."""
        for position, (node, _) in enumerate(nodes):
            if isinstance(node, Comment) or (isinstance(node, Text) and not str(node).strip()):
                continue
            kind = None
            if isinstance(node, Template):
                kind = getattr(self.rule(node), "kind", None) if getattr(self.rule(node), "to", "") == "footnote-kind" else None
            elif isinstance(node, Wikilink) and self.namespace(str(node.title)) in self.file_namespaces:
                kind = self.icons.get(normal_name(str(node.title).partition(":")[2]))
            return (kind, nodes[position + 1:]) if kind else (None, nodes)
        return None, nodes

    def dates(self, footnote: DFootnote) -> None:
        """A ruling's "(updated 5/2014; corrected 3/2020)" as its history, taken out of its text."""
        text = footnote.text.rstrip()
        start = text.rfind("(")
        if not text.endswith(")") or start < 0:
            return
        words = self.mapping.ruling_dates.get(self.draft.language)
        history = []
        for part in re.split(r"[;,]", text[start + 1:-1]):
            found = _DATED.match(part.strip())
            if found is None:
                return  # a parenthesis that holds no dates
            word = (found.group(1) or "").strip().casefold()
            events = [event for event in ("issued", "updated", "corrected")
                      if word and words and word in [w.casefold() for w in getattr(words, event)]]
            if word and not events:
                self.warn(footnote.offset, "unmapped-date", f"the ruling's date {part.strip()!r}: the mapping has no "
                          f"word {word!r} for {self.draft.language}; the date stays in the text")
                return
            history.append((events[0] if events else "issued", found.group(2)))
        footnote.history, footnote.text = history, text[:start].rstrip()

    def claim(self, footnote: DFootnote) -> None:
        """What a printing note claims, by the words of its sentence (the printing comes later)."""
        cues = self.mapping.printing_claims.get(self.draft.language)
        if cues is None:
            return
        sentence = to_plain(footnote.text).casefold()
        for field in ("missing_from", "since", "only_in"):
            if any(cue.casefold() in sentence for cue in getattr(cues, field)):
                footnote.claim = field
                break
        footnote.part = "end" if any(cue.casefold() in sentence for cue in cues.end) else "sentence"

    # ------------------------------------------------------------------ links

    def namespace(self, title: str) -> str:
        space, colon, _ = title.strip().lstrip(":").partition(":")
        return normal_name(space) if colon else ""

    def inline_link(self, node: Wikilink, offset: int) -> str:
        title = str(node.title).strip()
        space = self.namespace(title)
        if space in self.file_namespaces:
            self.warn(offset, "unmapped-picture", f"the picture {title!r} inside a text: not imported")
            return ""
        if space in self.category_namespaces:
            self.category(title.lstrip(":").partition(":")[2], offset)
            return ""
        shown = self.inline(node.text, inner(node, offset, node.text)) if node.text is not None else escape(title)
        label = label_of(shown)
        target = split_title(title.lstrip(":").partition("#")[0].strip(), self.site.languages)[0]
        found = self.link_target(target, label, offset) if target else None
        if found is not None:
            return found
        self.warn(offset, "unmapped-link", f"a link to {title!r}, which is no page, publisher or printing the "
                  "site knows: its text stays")
        return shown

    def link_target(self, target: str, label: str, offset: int) -> str | None:
        publisher = self.site.publisher(target)
        if publisher is not None:
            self.mention("publisher", publisher, label, offset)
            if not self.in_ref and self.draft.publisher is None:
                self.draft.publisher = (publisher, offset)
            same = not label or key(label) == key(self.site.publisher_names[publisher])
            return f"{{publisher:{publisher}}}" if same else f"{{publisher:{publisher}|{label}}}"
        printings = self.site.printings_named(target)
        if len(printings) == 1:
            self.mention("printing", target, label, offset)
            return f"{{printing:{printings[0].id}|{label}}}" if label else f"{{printing:{printings[0].id}}}"
        page = self.site.page_titled(target)
        if page is not None:
            return f"{{page:{page}|{label}}}" if label and key(label) != key(target) else f"{{page:{page}}}"
        return None

    def mention(self, kind: str, target: str, label: str, offset: int) -> None:
        if self.mentions is not None:
            self.mentions.append(Mention(kind, target, label, offset))

    def external(self, node: ExternalLink, offset: int) -> str:
        self.warn(offset, "unmapped-link", f"a link to the address {str(node.url).strip()!r}: its text stays, the "
                  "address is not imported")
        return self.inline(node.title, inner(node, offset, node.title)) if node.title is not None else escape(str(node.url))

    def category(self, name: str, offset: int) -> None:
        ids = self.category_names.get(key(name)) or ([self.site.categories[key(name)]]
                                                    if key(name) in self.site.categories else [])
        if not ids:
            self.warn(offset, "unmapped-category", f"the category {name.strip()!r} is no category of site.yaml "
                      "and not in the mapping: not imported")
        self.draft.categories.extend((category, offset) for category in ids)

    def picture(self, node: Wikilink, offset: int) -> tuple[str, bool]:
        """A File link's caption, and whether it is a worked example (framed, with a caption)."""
        options, caption = set(), None
        for part in self.link_parts(node, offset):
            text = "".join(str(child) for child, _ in part).strip()
            if text.lower() in _OPTIONS or _SIZE.match(text.lower()) or _KEYED_OPTION.match(text.lower()):
                options.add(text.lower())
            else:
                caption = part
        framed = options & {option.lower() for option in self.mapping.pictures.example_options}
        if not framed or caption is None or self.in_ref:
            return "", False
        text = clean("".join(self.inline_node(child, at) for child, at in caption))
        return text, bool(drop_markers(text))

    @staticmethod
    def link_parts(node: Wikilink, offset: int) -> list[list[tuple[Any, int]]]:
        """The ``|``-separated parts of a link's text; a bar inside a template or link does not count."""
        if node.text is None:
            return []
        parts: list[list[tuple[Any, int]]] = [[]]
        for child, at in nodes_at(node.text, inner(node, offset, node.text)):
            if not isinstance(child, Text):
                parts[-1].append((child, at))
                continue
            position = at
            for number, piece in enumerate(str(child).split("|")):
                if number:
                    parts.append([])
                if piece:
                    parts[-1].append((Text(piece), position))
                position += len(piece) + 1
        return parts

    # ------------------------------------------------------------------ templates

    def inline_template(self, node: Template, offset: int) -> str:
        rule = self.rule(node)
        if rule is None:
            return self.unmapped(node, offset)
        return getattr(self, "t_" + rule.to.replace("-", "_"), self.t_text)(rule, node, offset)

    def unmapped(self, node: Template, offset: int, why: str = "is not in the mapping") -> str:
        name = one_line(str(node.name))[:60]
        self.warn(offset, "unmapped-template", f"the template {name!r} {why}: its text stays, escaped")
        return escape(one_line(str(node)))

    def t_ignore(self, rule: Any, node: Template, offset: int) -> str:
        return ""

    t_footnote_kind = t_ignore  # an icon: it shows no text

    def t_text(self, rule: Any, node: Template, offset: int) -> str:
        """A block template met inside a text: the texts of its title and text parameters."""
        names = [n for field in ("title", "text") for n in getattr(rule, field, [])]
        return " ".join(self.inline(value, at) for n in names
                        for value, at in [param(node, offset, [n])] if value is not None)

    def t_colour(self, rule: Any, node: Template, offset: int) -> str:
        value, at = param(node, offset, ["1"])
        label = label_of(self.inline(value, at)) if value is not None else ""
        if rule.colour not in self.site.colours:
            return self.unmapped(node, offset, f"names the colour {rule.colour!r}, which site.yaml does not list")
        return f"{{player:{rule.colour}|{label}}}" if label else f"{{player:{rule.colour}}}"

    def t_year(self, rule: Any, node: Template, offset: int) -> str:
        value, at = param(node, offset, rule.value)
        text = clean(self.plain(value, at)) if value is not None else ""
        if text.isdigit() and 1990 <= int(text) <= 2100 and not self.in_ref and self.draft.year is None:
            self.draft.year = (int(text), offset)
        return escape(text)

    def t_figure(self, rule: Any, node: Template, offset: int) -> str:
        value, at = param(node, offset, rule.name)
        variant, variant_at = param(node, offset, [rule.picture_param])
        if variant is not None and clean(self.plain(variant, variant_at)) in rule.pictures:
            return ""  # a picture of the figure: no text on the page
        name = clean(self.plain(value, at)) if value is not None else ""
        figure = rule.figures.get(name)
        if figure is None or figure not in self.site.figures:
            return self.unmapped(node, offset, f"names the figure {name!r}, which the mapping or site.yaml does not know")
        return f"{{figure:{figure}}}"

    def t_symbol(self, rule: Any, node: Template, offset: int) -> str:
        return self.unmapped(node, offset, "is a tile symbol, which a text cannot show")

    def t_page_link(self, rule: Any, node: Template, offset: int) -> str:
        value, at = param(node, offset, rule.edition)
        edition = clean(self.plain(value, at)) if value is not None else ""
        pages = self.site.expansion_page(rule.expansion, edition or None)
        if len(pages) == 1:
            return f"{{page:{pages[0]}}}"
        self.warn(offset, "unmapped-link", f"a link to {rule.expansion!r}{' (' + edition + ')' if edition else ''}, "
                  f"which {'several pages' if pages else 'no page'} of the site cover: its name stays as text")
        return escape(self.site.expansion_names.get(rule.expansion, rule.expansion))

    def t_printing_link(self, rule: Any, node: Template, offset: int) -> str:
        value, at = param(node, offset, rule.printing)
        name = clean(self.plain(value, at)) if value is not None else ""
        printings = self.site.printings_named(name) if name else []
        self.mention("printing", name, name, offset)
        if len(printings) == 1:
            return f"{{printing:{printings[0].id}}}"
        self.warn(offset, "unmapped-link", f"a link to the printing {name!r}, which is "
                  f"{'more than one' if printings else 'none'} of site.yaml's printings: its name stays as text")
        return escape(name)

    t_page_head = t_editions = t_tile_list = t_tile = t_tile_list_end = t_ignore

    def symbols(self, config: Any, at: int) -> tuple[str, ...]:
        """The tile symbols a tile row's config names."""
        found = []
        for template in config.filter_templates(recursive=True):
            rule = self.rule(template)
            if getattr(rule, "to", None) != "symbol":
                if rule is None:
                    self.unmapped(template, at)
                continue
            value = template.get(rule.name[0]).value if template.has(rule.name[0]) else None
            symbol = rule.symbols.get(one_line(str(value))) if value is not None else None
            if symbol is None:
                self.unmapped(template, at, "names a symbol the mapping does not know")
            else:
                found.append(symbol)
        return tuple(sorted(set(found)))


def label_of(text: str) -> str:
    """A label for ``{tag:id|label}``: plain, one line, without the characters that end one."""
    plain = drop_markers(to_plain(text))
    return clean("".join(ch for ch in plain if ch not in "{}|\\"))
