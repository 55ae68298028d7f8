"""The benchmark corpus's pages as the community wiki holds them (``benchmarks/corpus.py --wikitext``).

A source page carries ``<languages />``, ``<translate>`` and a ``<!--T:n-->`` marker per unit;
a language subpage carries none. Both are view-source copies whose first line names them.
The texts are the project's own, turned into wikitext: headings, footnotes with their icon
(named, reused as ``<ref name=…/>``), lists, the captioned worked examples, the tile list, and
what the import needs to know of a page: its publisher's link, its year and its categories.
"""

from __future__ import annotations

import re
from typing import Any

_ICONS = {"ruling": "IconBook", "note": "IconWorld", "printing": "IconArrow"}
_COLOURS = {"red": "ColorRed", "blue": "ColorBlue", "green": "ColorGreen", "yellow": "ColorYellow",
            "black": "ColorBlack", "grey": "ColorGrey", "pink": "ColorPink"}
_INLINE = re.compile(r"\{([a-z]+):([^}|]*)(?:\|([^}]*))?\}")


class WikiPage:
    """One page of the corpus as wikitext: the English source (``code`` None) or a language subpage."""

    def __init__(self, page: dict[str, Any], code: str | None, units: dict[str, Any], names: dict[str, str]):
        self.page, self.code, self.units, self.names = page, code, units, names
        self.notes = {note["id"]: note for note in page.get("footnotes", [])}
        self.used: set[str] = set()
        self.marker = 0

    def said(self, key: str, english: str) -> str:
        """The unit's text in the page's language (its English where it has none)."""
        unit = self.units.get(key) if self.code else None
        return unit["text"] if isinstance(unit, dict) and unit.get("text") else english

    def mark(self) -> str:
        # Translate's markers stand in the source page only; its subpages carry none.
        if self.code:
            return ""
        self.marker += 1
        return f"<!--T:{self.marker}-->"

    def inline(self, text: str) -> str:
        text = re.sub(r"\*\*(.+?)\*\*", r"'''\1'''", text)
        text = re.sub(r"(?<![*\\])\*(?!\*)(.+?)(?<!\\)\*", r"''\1''", text)
        return _INLINE.sub(self._reference, text).replace("\\*", "*")

    def _reference(self, match: re.Match[str]) -> str:
        tag, target, label = match.group(1), match.group(2), match.group(3)
        if tag == "fn":
            return self.footnote(target)
        if tag == "player":
            return "{{" + _COLOURS.get(target, "ColorRed") + "|" + (label or target) + "}}"
        if tag == "page":
            return f"[[{target}|{label}]]" if label else f"[[{target}]]"
        return label or target

    def footnote(self, name: str) -> str:
        if name in self.used or name not in self.notes:
            return f'<ref name="{name}"/>'
        self.used.add(name)
        note = self.notes[name]
        dates = [event["date"] for event in note.get("history", []) if event.get("date")]
        when = f" ({'; '.join(dates)})" if dates else ""
        # A printing difference without a text of its own is worded by the site: name its printings.
        printings = note.get("only_in") or note.get("missing_from") or [note.get("since", "")]
        text = self.inline(self.said(f"footnote.{name}", note.get("text") or f"[[{printings[0]}]]"))
        return f'<ref name="{name}">\n{{{{{_ICONS.get(note.get("kind"), "IconWorld")}}}}}\n{text}{when}\n</ref>'

    def text(self) -> str:
        title = self.said("title", self.page["title"])
        suffix = f"/{self.code}" if self.code else ""
        lines = [f"View source for {self.page['title']}{suffix}", "{{UX", "|seotitle={{TextCarcassonne}} - {{TranslatedPageName}}",
                 f"|sortingtitle={title}", f"|image={{{{filepath:Box_{self.page['id']}.png|nowiki}}}}", "}}",
                 "<languages />"]
        info = self.page.get("info", {})
        # Who published the box and when, as the wiki's pages link and date it (outside the translated units).
        lines += [f"[[{self.names.get(info.get('publisher', ''), info.get('publisher', ''))}]] "
                  f"{{{{Year|{info.get('year', '')}}}}}", ""] if info.get("publisher") and info.get("year") else []
        lines += ["<translate>"] if not self.code else []
        if self.page.get("flavour"):
            lines += [self.mark(), "{{DottedFrameMessage|text=''" + self.inline(self.said("flavour", self.page["flavour"])) + "''}}", ""]
        tiles: list[str] = []
        for section in self.page["sections"]:
            lines += self.section(section, 2, tiles)
        lines += ["</translate>"] if not self.code else []
        categories = [f"[[Category:{self.names.get('category:' + c, c)}]]" for c in self.page.get("categories", [])]
        if self.page.get("expansion") != "base-game":
            categories.append(f"[[Category:{self.names.get('category:major-expansion', 'Major expansions')}]]")
        return "\n".join(lines + tiles + ["", "{{FootnoteIconPara}}", "", *categories, ""])

    def section(self, section: dict[str, Any], level: int, tiles: list[str]) -> list[str]:
        bar = "=" * level
        lines = [f"{bar} {self.said('section.' + section['id'], section['title'])} {bar} {self.mark()}".rstrip(), ""]
        for block in section.get("blocks") or []:
            lines += self.block(block, tiles)
        for child in section.get("sections") or []:
            lines += self.section(child, min(level + 1, 4), tiles)
        return lines

    def block(self, block: dict[str, Any], tiles: list[str]) -> list[str]:
        units = block.get("paragraph") or block.get("special_case")
        if isinstance(units, list):
            text = " ".join(self.inline(self.said(unit["id"], unit["text"])) for unit in units)
            return [self.mark(), ("'''!''' " if "special_case" in block else "") + text, ""]
        if "list" in block:
            items = ["* " + self.inline(self.said(unit["id"], unit["text"])) for unit in block["list"]]
            return [self.mark(), *items, ""]
        if "example" in block and isinstance(block["example"].get("caption"), dict):
            caption = block["example"]["caption"]
            text = self.inline(self.said(caption["id"], caption["text"]))
            return [self.mark(), f"[[File:{block['example']['ref']}.png|frame|none|{text}]]", ""]
        if "tiles" in block:
            found = [tile for group in block["tiles"].get("groups", []) for tile in group.get("tiles", [])]
            tiles += [f"{{{{BeginTileList|width=700px|tiles={block['tiles'].get('total', len(found))}}}}}"]
            tiles += [f"{{{{Tile|image={tile['id']}.png|count={tile.get('count', 1)}}}}}" for tile in found]
            tiles += ["{{EndTileList}}"]
        return []
