"""One language's view of the project: its texts, its interface strings, its links.
"""

from __future__ import annotations

import posixpath
import re
import string
from functools import cached_property

from markupsafe import Markup
from mkdocs.utils import get_relative_url

from generator.model import markup, plurals
from generator.project import Project
from generator.i18n.status import UnitStatus, unit_status
from generator.model.units import UnitInfo
from generator.render import footnotes, inline
from generator.render.escape import attr, md_text


class Lang:
    """Texts of one language, with open fallback to English where a translation is missing.

    One naming rule: a method named after what it gives (``unit``, ``site``, ``ui``,
    ``printing_label``) returns :class:`Markup` to place in a page, escaped and marked where
    the text is still English; its ``_text`` twin returns the plain string, for navigation
    titles, attributes and picture descriptions.
    """

    def __init__(self, project: Project, code: str):
        self.project = project
        self.code = code
        self.is_source = code == project.source_language
        self.language = next(lang for lang in project.site.languages if lang.code == code)

    # ------------------------------------------------------------------ statuses

    def status(self, doc: str, unit_id: str) -> UnitStatus:
        unit = self.project.units[doc][unit_id]
        return unit_status(self.project, self.code, unit)

    def unit_text(self, doc: str, unit_id: str) -> str:
        """A title or name in this language (English when not translated yet)."""
        return self.status(doc, unit_id).text

    def site_text(self, unit_id: str) -> str:
        return self.unit_text("site", unit_id)

    def unit(self, doc: str, unit_id: str) -> Markup:
        """A plain-text unit escaped for Markdown, marked when it is still English."""
        status = self.status(doc, unit_id)
        return self.mark(status, md_text(status.text))

    def site(self, unit_id: str) -> Markup:
        return self.unit("site", unit_id)

    # ------------------------------------------------------------------ interface strings

    def ui(self, key: str, **params: object) -> Markup:
        return self.filled("ui", key, **params)

    def filled(self, doc: str, key: str, **params: object) -> Markup:
        """An interface string with its ``{name}`` placeholders filled in, safe for Markdown.

        Literal parts are escaped; values that are already :class:`Markup` (links, rendered
        text) go in as they are, anything else is escaped too.
        """
        status = self.status(doc, key)
        template, localized = status.text, status.state != "missing"
        out: list[str] = []
        for literal, name, _, _ in string.Formatter().parse(template):
            out.append(md_text(literal, line_start=not out) if literal else "")
            if name is not None:
                # A name the page does not supply shows as written rather than failing the build.
                value = self.param(params, name)
                out.append(value if isinstance(value, Markup) else md_text(str(value)))
        text = Markup("".join(out))
        if not localized:
            return Markup(f'<span lang="en" class="rs-untranslated">{text}</span>')
        return text

    def ui_text(self, key: str, **params: object) -> str:
        """An interface string as plain text (for navigation titles and attributes)."""
        # Filled in piece by piece, as filled() does: a format spec never reaches str.format.
        out = []
        for literal, name, _, _ in string.Formatter().parse(self.status("ui", key).text):
            out.append(literal)
            if name is not None:
                out.append(str(self.param(params, name)))
        return "".join(out)

    def param(self, params: dict[str, object], name: str) -> object:
        """The value of placeholder ``name``: a given one, or for ``{tiles_counted}`` the
        number ``tiles`` with its noun in the plural form CLDR gives it here."""
        if name in params:
            return params[name]
        base = name.removesuffix(plurals.SUFFIX)
        if base != name and base in plurals.COUNTED and isinstance(params.get(base), (int, float)):
            return self.count(plurals.COUNTED[base], params[base])  # type: ignore[arg-type]
        return "{" + name + "}"

    def count(self, unit: str, number: int | float) -> str:
        """``number`` with the form of ``count.<unit>`` for its plural category: "1 pennant",
        "3 proporce"; an English text (not translated yet) takes the English rule."""
        status = self.status("ui", plurals.PREFIX + unit)
        language = self.code if status.state != "missing" else self.project.source_language
        return plurals.choose(status.text, language, number).replace("{count}", str(number))

    def join(self, items: list[Markup]) -> Markup:
        """A localized list: "A", "A and B", "A, B and C"."""
        if not items:
            return Markup("")
        if len(items) == 1:
            return items[0]
        # The separator is interface text like any other: escaped, never markup.
        head = md_text(self.ui_text("list.separator"), line_start=False).join(items[:-1])
        return self.ui("list.and", first=head, last=items[-1])

    # ------------------------------------------------------------------ names

    @cached_property
    def printings(self):
        return {p.id: p for p in self.project.site.printings}

    @cached_property
    def publishers(self):
        return {p.id: p for p in self.project.site.publishers}

    def printing_label_text(self, printing_id: str) -> str:
        """"Publisher: name", with the tile edition and year added where another printing of
        the site has the same publisher and name (two printings of one box, years apart)."""
        printing = self.printings[printing_id]
        label = f"{self.publishers[printing.publisher].name}: {self.printing_name_text(printing_id)}"
        suffix = self.printing_suffix(printing_id)
        return f"{label} ({suffix})" if suffix else label

    def printing_suffix(self, printing_id: str) -> str:
        """What tells a printing from others of the same publisher and name: its edition and
        year, then its short label if those are the same too; empty when nothing shares its name."""
        printing = self.printings[printing_id]
        twins = [p for p in self.printings.values()
                 if p.id != printing_id and (p.publisher, p.name) == (printing.publisher, printing.name)]
        if not twins:
            return ""
        parts = [printing.edition] + ([str(printing.year)] if printing.year else [])
        if any((p.edition, p.year) == (printing.edition, printing.year) for p in twins):
            parts.append(printing.short)
        return self.ui_text("list.separator").join(parts)

    def printing_name_text(self, printing_id: str) -> str:
        printing = self.printings[printing_id]
        return self.site_text(f"printing.{printing_id}.name") if printing.name_translated else printing.name

    def printing_name(self, printing_id: str) -> Markup:
        """A printing's name: translated where the data says the name describes the box;
        otherwise as printed on it (what the reader finds on the box), marked as a proper name
        and tagged with the box's language when that is not this page's."""
        printing = self.printings[printing_id]
        if printing.name_translated:
            return self.site(f"printing.{printing_id}.name")
        name = md_text(printing.name)
        language = f' lang="{attr(printing.language)}"' if printing.language != self.code else ""
        return Markup(f'<span class="rs-name"{language}>{name}</span>')

    def printing_label(self, printing_id: str) -> Markup:
        """"Publisher: name" for running text, the name tagged with its language."""
        publisher = self.publishers[self.printings[printing_id].publisher].name
        return Markup(f"{md_text(publisher)}: {self.printing_name(printing_id)}")

    def page_title_text(self, page_id: str) -> str:
        return self.unit_text(page_id, "title")

    def resolver(self, current: str, html: bool = False) -> inline.Resolver:
        """Reference resolution for a page at ``current`` (a docs path such as ``publishers/hig.md``).

        ``html``: for a page written as HTML (:mod:`.html_page`), whose links MkDocs does not
        read: links are the addresses a reader follows, relative to the page's own address,
        worked out as MkDocs works out the links of a Markdown page."""
        site = self.project.site
        colours = {c.id: c.css for c in site.colours}
        here = address(current)

        def link(target: str) -> str:
            path, _, anchor = target.partition("#")
            if html:
                rel = get_relative_url(address(path), here)
            else:
                rel = posixpath.relpath(path, posixpath.dirname(current) or ".")
            return rel + (f"#{anchor}" if anchor else "")

        def anchor(label: str, target: str) -> str:
            return f'<a href="{link(target)}">{label}</a>' if html else f"[{label}]({link(target)})"

        return inline.Resolver(
            link=link,
            page_title=self.page_title_text,
            figure_name=lambda f: self.site_text(f"figure.{f}"),
            colour=lambda c: (self.site_text(f"colour.{c}"), colours[c]),
            publisher_name=lambda p: self.publishers[p].name,
            printing=lambda p: (self.printing_label_text(p), f"publishers/{self.printings[p].publisher}.md#{p}"),
            anchor=anchor,
            footnote=footnotes.mark if html else (lambda note: f"[^{note}]"),
        )

    # ------------------------------------------------------------------ unit texts

    def text(self, unit: UnitInfo, resolve: inline.Resolver) -> Markup:
        """A unit rendered for this language, marked when it is English or may be outdated."""
        status = unit_status(self.project, self.code, unit)
        nodes, _ = markup.parse(status.text) if unit.syntax == "markup" else ((markup.Text(status.text),), [])
        html = inline.render(nodes, resolve)
        return self.mark(status, html)

    def mark(self, status: UnitStatus, html: Markup) -> Markup:
        if status.state == "missing":
            title = attr(self.ui_text("mark.untranslated"))
            return Markup(f'<span lang="en" class="rs-untranslated" title="{title}">{html}</span>')
        if status.state == "outdated":
            title = attr(self.ui_text("mark.outdated"))
            return Markup(f'<span class="rs-outdated" title="{title}">{html}</span>')
        return html


# The first letter of a text, after any tags and spaces before it (a player's name is a span).
_FIRST_LETTER = re.compile(r"^((?:<[^>]*>|\s)*)([^\W\d_])")


def capitalised(html: Markup) -> Markup:
    """A text that starts a sentence, with its first letter in upper case ("blue 21 and red 0"
    becomes "Blue 21 and red 0"); markup is left as it is."""
    return Markup(_FIRST_LETTER.sub(lambda m: m.group(1) + m.group(2).upper(), str(html), count=1))


def address(path: str) -> str:
    """The address MkDocs gives a file of the docs folder (directory URLs, its default):
    ``rules.md`` -> ``rules/``, ``index.md`` -> ``./``, ``img`` -> ``img``."""
    if not path.endswith(".md"):
        return path
    folder, _, name = path[:-3].rpartition("/")
    if name == "index":
        return f"{folder}/" if folder else "./"
    return f"{path[:-3]}/"
