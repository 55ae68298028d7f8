"""Pages for translators: a dashboard per language and a side-by-side view per page.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from markupsafe import Markup

from generator.check import terms
from generator.i18n.status import page_statuses, summarize, unit_status
from generator.render.escape import attr, md_text
from generator.render.glossary import marked

if TYPE_CHECKING:
    from generator.project import Project
    from generator.model.units import UnitInfo
    from generator.render.templates import Renderer
    from generator.render.language import Lang

_WORDS = re.compile(r"\S+|\s+")


# Above this many token pairs in the part that differs, the exact diff (quadratic or worse
# in SequenceMatcher) gives way to one replacement of that part: a translator of a
# 10,000-word unit gets its page in seconds, with the unchanged start and end still shown.
MAX_DIFF_PAIRS = 2_000_000


def _opcodes(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    """SequenceMatcher's opcodes after trimming the common start and end (both linear)."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    a, b = old[start:len(old) - end], new[start:len(new) - end]
    ops: list[tuple[str, int, int, int, int]] = [("equal", 0, start, 0, start)] if start else []
    if len(a) * len(b) <= MAX_DIFF_PAIRS:
        ops += [(op, a1 + start, a2 + start, b1 + start, b2 + start)
                for op, a1, a2, b1, b2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()]
    elif a or b:
        ops.append(("replace" if a and b else "delete" if a else "insert", start, start + len(a), start, start + len(b)))
    if end:
        ops.append(("equal", len(old) - end, len(old), len(new) - end, len(new)))
    return ops


def word_diff(before: str, after: str) -> Markup:
    """Word-level difference of two English texts: removed words struck, added underlined."""
    old, new = _WORDS.findall(before), _WORDS.findall(after)
    out: list[str] = []
    for op, a1, a2, b1, b2 in _opcodes(old, new):
        if op == "equal":
            out.append(md_text("".join(old[a1:a2])))
            continue
        if op in ("delete", "replace"):
            out.append(f"<del>{md_text(''.join(old[a1:a2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{md_text(''.join(new[b1:b2]))}</ins>")
    return Markup("".join(out))


def documents(renderer: Renderer) -> list[tuple[str, str]]:
    """(document id, title) for everything translators work on."""
    lang = renderer.lang
    titles = {"site": lang.ui_text("translate.site-doc"), "ui": lang.ui_text("translate.ui-doc")}
    return [(doc, titles[doc] if doc in titles else lang.page_title_text(doc)) for doc in renderer.project.documents]


def dashboard(renderer: Renderer, lang: Lang) -> str:
    project = renderer.project
    path = "translate/index.md"
    resolve = lang.resolver(path)
    rows = []
    languages = project.target_languages if lang.is_source else [lang.code]
    for code in languages:
        for doc, title in documents(renderer):
            summary = summarize(project, code, doc)
            link = resolve.link(f"translate/{doc}.md") if doc in project.pages else None
            rows.append({"language": code, "title": md_text(title), "link": link, "summary": summary})
        for page in page_statuses(project, code):  # hand-written pages, against their English page
            link = resolve.link(page.page)
            rows.append({"language": code, "title": md_text(page.page), "link": link, "summary": page.summary()})
    glossary_link = Markup(f"[{md_text(lang.ui_text('glossary.title'))}]({resolve.link('glossary.md')})")
    return renderer.render("translate_index.md.j2", path, title=lang.ui("translate.title"),
                           title_plain=lang.ui_text("translate.title"), rows=rows, glossary_link=glossary_link)


def _marked(project: Project, unit: UnitInfo, text: str, used: list, code: str | None) -> Markup:
    # A cell's marks depend on its text, its language and the English it answers, not on the
    # language of the page showing it; every language's comparison page shows every column, so
    # each cell is marked once per project (in each process) instead of once per language.
    memo = project.derived.marked
    key = (unit.doc, unit.id, code, text)
    found = memo.get(key)
    if found is None:
        found = memo[key] = marked(text, used, code)
    return found


def premark(project: Project, docs: list[str]) -> None:
    """Mark the glossary terms of every cell of these pages' comparison tables now.

    Called before the language workers are forked, they inherit the marks: every language's
    comparison page shows every column, so each worker would otherwise mark every cell again."""
    for doc in docs:
        for unit in project.units[doc].values():
            used = terms.english_concepts(project.concepts, unit.text)
            _marked(project, unit, unit.text, used, None)
            for code in project.target_languages:
                status = unit_status(project, code, unit)
                if status.translation:
                    _marked(project, unit, status.translation.text, used, code)


def _breakable(text: str) -> str:
    """A unit id that may break after its dots and hyphens (``section.magic-figures.text``),
    so that on a phone its column stays narrow without breaking inside a word."""
    return re.sub(r"([.-])", r"\1<wbr>", str(text))  # str: joined as Markup, the <wbr> would be escaped


def comparison(renderer: Renderer, lang: Lang, doc: str) -> str:
    project = renderer.project
    path = f"translate/{doc}.md"
    others = [code for code in project.target_languages if code != lang.code]
    shown = [lang.code] if not lang.is_source else []
    columns = shown + others
    labels = {state: attr(lang.ui_text(f"state.{state}")) for state in ("source", "translated", "outdated", "missing")}
    diff_title = attr(lang.ui_text("translate.diff"))
    # The table is raw HTML built here rather than in Jinja: it has a cell per unit and
    # language, thousands per page, and string building is several times faster.
    rows: list[str] = []
    for unit in project.units[doc].values():
        cells, outdated = [], []
        # Glossary terms are marked in every column, so a translator sees which word answers which.
        used = terms.english_concepts(project.concepts, unit.text)
        for code in columns:
            status = unit_status(project, code, unit)
            text = _marked(project, unit, status.translation.text, used, code) if status.translation else ""
            hidden = "" if code in shown else " rs-col--hidden"
            if status.state == "outdated":
                outdated.append(code)
            # data-rs-label names the column where a phone shows the row as a card (layout CSS).
            cells.append(f'<td lang="{code}" class="rs-col rs-col--{code} rs-state rs-state--{status.state}{hidden}" data-rs-label="{code}">'
                         f'<span class="rs-state__label">{labels[status.state]}</span> {text}</td>')
        mine = unit_status(project, lang.code, unit)
        diff = ""
        if mine.state == "outdated" and mine.translation is not None:
            diff = f'<div class="rs-diff-words" title="{diff_title}">{word_diff(mine.translation.source_text, unit.text)}</div>'
        anchor = "u-" + re.sub(r"[^a-z0-9-]", "-", unit.id.lower())
        # The "outdated only" filter (rulesite-compare.js) keeps the rows outdated in a language shown.
        flagged = f' data-rs-outdated="{" ".join(outdated)}"' if outdated else ""
        rows.append(f'<tr id="{anchor}"{flagged}><td><code>{_breakable(md_text(unit.id))}</code><br><small lang="en">{md_text(unit.kind)}</small></td>'
                    f'<td lang="en" data-rs-label="English">{_marked(project, unit, unit.text, used, None)}{diff}</td>{"".join(cells)}</tr>')
    summary = summarize(project, lang.code, doc)
    # The line that rules pages used to open with: how far each language has got with this page.
    translations = [(code, summarize(project, code, doc)) for code in project.target_languages]
    return renderer.render("translate_page.md.j2", path, translations=translations,
                           title=lang.ui("translate.compare-title", page=md_text(lang.page_title_text(doc))),
                           title_plain=lang.ui_text("translate.compare-title", page=lang.page_title_text(doc)),
                           doc=doc, rows=Markup("\n".join(rows)), languages=columns, shown=shown, summary=summary,
                           page_link=lang.resolver(path).link(f"{doc}.md"))
