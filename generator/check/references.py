"""Check stage: the cross-references and rules that a schema cannot express.

Each function returns the problems it finds and never stops at the first, so one
``rulesite check`` run lists everything an editor has to fix.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Container, Iterable, Iterator

from babel import Locale, UnknownLocaleError

from generator.cache import clean_memo
from generator.model import markup
from generator.check import terms
from generator.check.catalogue import build_catalogue, check_tile_ids, statement_problems
from generator.model.data import Example, Footnote, Page, Site, TermBase, TileTable
from generator.core.problem import Problem
from generator.check.rulesets import RulesetTable, builtin
from generator.check.rulesets import check as check_rulesets
from generator.read.source import DATA, EXAMPLES, PathKey, Source
from generator.model.tiles import Catalogue
from generator.model.ui_strings import required_keys
from generator.model.units import UnitInfo, page_units, site_units, ui_units, walk_sections
from generator.model.validate import Data, Valid
from generator.core.vocabulary import EDITIONS, LANGUAGE_CODE, TEMPLATE_OPENING, TEMPLATE_SYNTAX

PAGES_DIR, EXAMPLES_DIR = f"{DATA}/pages/", f"{EXAMPLES}/"


@dataclass
class Known:
    """The ids that references may point at, gathered once from site data and file names."""

    languages: set[str] = field(default_factory=set)
    source_language: str = "en"
    editions: set[str] = field(default_factory=set)
    editions_in_order: tuple[str, ...] = ()
    publishers: set[str] = field(default_factory=set)
    printings: set[str] = field(default_factory=set)
    figures: set[str] = field(default_factory=set)
    colours: set[str] = field(default_factory=set)
    expansions: set[str] = field(default_factory=set)
    series: set[str] = field(default_factory=set)
    categories: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)
    pages: set[str] = field(default_factory=set)
    """Every page file's id, those that did not read or validate included (see ``broken``)."""
    examples: set[str] = field(default_factory=set)
    """Every example file's id, as ``pages``."""
    broken: set[str] = field(default_factory=set)
    """Files that are there but did not read or validate (:func:`_broken_files`). What reads
    or names one is not checked, the file's own problem is reported: one mistake, one
    message, not one more for every place that names the file."""

    @classmethod
    def from_site(cls, site: Site | None) -> Known:
        if site is None:
            return cls()
        sources = [lang.code for lang in site.languages if lang.source]
        return cls(
            languages={lang.code for lang in site.languages},
            source_language=sources[0] if sources else "en",
            editions={e.id for e in site.editions},
            editions_in_order=tuple(e.id for e in site.editions),
            publishers={p.id for p in site.publishers},
            printings={p.id for p in site.printings},
            figures={f.id for f in site.figures},
            colours={c.id for c in site.colours},
            expansions={e.id for e in site.expansions},
            series={s.id for s in site.series},
            categories={c.id for c in site.categories},
            sources={r.id for r in site.sources},
        )


def _unknown(source: Source, path: PathKey, kind: str, value: str, known: set[str]) -> Problem:
    hint = f"; known: {', '.join(sorted(known))}" if 0 < len(known) <= 12 else ""
    return source.problem(path, f"unknown-{kind}", f"unknown {kind} {value!r}{hint}")


def _refs(source: Source, path: PathKey, kind: str, values: Iterable[str] | str | None, known: set[str]) -> Iterator[Problem]:
    if values is None:
        return
    if isinstance(values, str):
        if values not in known:
            yield _unknown(source, path, kind, values, known)
        return
    for i, value in enumerate(values):
        if value not in known:
            yield _unknown(source, path + (i,), kind, value, known)


def _duplicates(source: Source, items: Iterable[tuple[str, PathKey]], what: str) -> Iterator[Problem]:
    seen: dict[str, PathKey] = {}
    for ident, path in items:
        if ident in seen:
            line = source.where(seen[ident])[0]
            yield source.problem(path, "duplicate-id", f"{what} id {ident!r} is already used at line {line}")
        else:
            seen[ident] = path


# --------------------------------------------------------------------------- site


def check_site(site: Site, source: Source) -> list[Problem]:
    problems: list[Problem] = []
    for collection in ("languages", "editions", "publishers", "printings", "footnote_kinds", "figures",
                       "colours", "expansions", "series", "categories", "sources"):
        key = "code" if collection == "languages" else "id"
        items = [(getattr(item, key), (collection, i, key)) for i, item in enumerate(getattr(site, collection))]
        problems += _duplicates(source, items, collection.rstrip("s").replace("_", " "))
    sources = [i for i, lang in enumerate(site.languages) if lang.source]
    if len(sources) != 1:
        problems.append(source.problem(("languages",), "bad-value",
                                       f"exactly one language must be the source language (found {len(sources)})"))
    kinds = {k.id for k in site.footnote_kinds}
    if kinds != {"ruling", "note", "printing"}:
        problems.append(source.problem(("footnote_kinds",), "bad-value", "footnote kinds must be ruling, note and printing"))
    known = Known.from_site(site)
    for i, printing in enumerate(site.printings):
        problems += _refs(source, ("printings", i, "publisher"), "publisher", printing.publisher, known.publishers)
        problems += _refs(source, ("printings", i, "edition"), "edition", printing.edition, known.editions)
    return problems + list(_language_names(site, source))


def _language_names(site: Site, source: Source) -> Iterator[Problem]:
    """Each language's names against CLDR (Babel): a menu may capitalise, but not misspell."""
    english = Locale("en").languages
    for i, language in enumerate(site.languages):
        try:
            native = Locale.parse(language.code).get_display_name(language.code)
        except (ValueError, UnknownLocaleError):
            continue  # a code CLDR does not know: the names are the data's word alone
        for field_name, expected in (("native_name", native), ("english_name", english.get(language.code))):
            given = getattr(language, field_name)
            if expected and given.casefold() != expected.casefold():
                yield source.problem(("languages", i, field_name), "language-name",
                                     f"{given!r} is not the name CLDR gives {language.code!r} ({expected!r})", "warning")


def check_names(source: Source, skip: set[PathKey]) -> list[Problem]:
    """Every other string of a file (publisher, printing and country names): plain text
    with no HTML and no template syntax, like an interface string. ``skip``: unit paths,
    which :func:`check_text` checks with their own syntax."""
    problems: list[Problem] = []
    stack: list[tuple[PathKey, object]] = [((), source.data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack += [(path + (k,), v) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(path + (i,), v) for i, v in enumerate(value)]
        elif isinstance(value, str) and path not in skip:
            found = (match for match in (markup.HTML.search(value), TEMPLATE_SYNTAX.search(value)) if match)
            bad = min(found, key=lambda match: match.start(), default=None)
            if bad:
                line, column = source.where_in_text(path, bad.start())
                code = "raw-html" if bad.group().startswith("<") else "template-syntax"
                problems.append(Problem(source.file, line, column, code,
                                        "names are plain text: no HTML and no template syntax"))
    return problems


# --------------------------------------------------------------------------- pages


def _check_footnote(source: Source, footnote: Footnote, path: PathKey, known: Known) -> Iterator[Problem]:
    printing_fields = ("only_in", "missing_from", "kept_in", "since")
    has_printing = any(getattr(footnote, f) for f in printing_fields)
    if footnote.kind == "printing":
        if not has_printing:
            yield source.problem(path, "bad-footnote", "a printing difference names its printings: only_in, missing_from or since")
        if footnote.kept_in and not footnote.missing_from:
            yield source.problem(path + ("kept_in",), "bad-footnote", "kept_in only makes sense together with missing_from")
        if footnote.history:
            yield source.problem(path + ("history",), "bad-footnote", "only official rulings have a dated history")
        for name in printing_fields:
            yield from _refs(source, path + (name,), "printing", getattr(footnote, name), known.printings)
        # A claim that a printing has or lacks a text is a fact, and facts need a source.
        if has_printing and not footnote.sources:
            yield source.problem(path, "unsourced-claim",
                                 "a printing claim needs a source: list the ids of site.yaml sources under sources")
        yield from _refs(source, path + ("sources",), "source", footnote.sources, known.sources)
    else:
        if not footnote.text:
            yield source.problem(path, "missing-key", f"a {footnote.kind} footnote needs a text")
        for name in printing_fields:
            if getattr(footnote, name):
                yield source.problem(path + (name,), "bad-footnote", f"{name} belongs to printing-difference footnotes only")
        if footnote.part != "sentence":
            yield source.problem(path + ("part",), "bad-footnote", "part belongs to printing-difference footnotes only")
        if footnote.sources:
            yield source.problem(path + ("sources",), "bad-footnote", "sources belong to printing-difference footnotes only")
        if footnote.kind == "note" and footnote.history:
            yield source.problem(path + ("history",), "bad-footnote", "only official rulings have a dated history")


def _check_tiles(source: Source, table: TileTable, path: PathKey) -> Iterator[Problem]:
    counted = sum(tile.count for group in table.groups for tile in group.tiles)
    if counted != table.total:
        yield source.problem(path + ("total",), "tile-count",
                             f"the tiles listed add up to {counted}, but total says {table.total}")
    if len(table.groups) > 1 and any(group.title is None for group in table.groups):
        yield source.problem(path + ("groups",), "missing-key", "with several tile groups every group needs a title")


def _example_block(source: Source, where: PathKey, ref: str, examples: dict[str, Example], known: Known,
                   place: tuple[str, str]) -> list[Problem]:
    """A page's example block: the example exists (or its file's own problem stands) and says it is shown here."""
    example = examples.get(ref)
    if example is None:
        # Known but not valid: that file has its own problem.
        return [] if ref in known.examples else [_unknown(source, where, "example", ref, known.examples)]
    if (example.page, example.section) != place:
        return [source.problem(where, "example-place",
                               f"example {ref!r} says it belongs to page {example.page!r}, section {example.section!r}")]
    return []


def check_page(page: Page, source: Source, stem: str, known: Known, units: list[UnitInfo],
               examples: dict[str, Example]) -> list[Problem]:
    problems: list[Problem] = []
    if page.id != stem:
        problems.append(source.problem(("id",), "id-mismatch", f"page id {page.id!r} differs from its file name {stem!r}.yaml"))
    problems += _refs(source, ("expansion",), "expansion", page.expansion, known.expansions)
    problems += _refs(source, ("editions",), "edition", page.editions, known.editions)
    problems += _refs(source, ("info", "publisher"), "publisher", page.info.publisher, known.publishers)
    if page.info.series:
        problems += _refs(source, ("info", "series", "series"), "series", page.info.series.series, known.series)
    for i, release in enumerate(page.info.releases):
        problems += _refs(source, ("info", "releases", i, "printing"), "printing", release.printing, known.printings)
    problems += _refs(source, ("categories",), "category", page.categories, known.categories)
    problems += _refs(source, ("related",), "page", page.related, known.pages)
    for i, related in enumerate(page.related):
        if related == page.id:
            problems.append(source.problem(("related", i), "bad-value", "a page does not need a link to itself"))

    problems += _duplicates(source, [(f.id, ("footnotes", i, "id")) for i, f in enumerate(page.footnotes)], "footnote")
    for i, footnote in enumerate(page.footnotes):
        problems += _check_footnote(source, footnote, ("footnotes", i), known)

    sections = list(walk_sections(page.sections))
    problems += _duplicates(source, [(s.id, p + ("id",)) for s, p in sections], "section")
    problems += _duplicates(source, [(u.id, u.path[:-1] + ("id",) if u.path[-1] == "text" else u.path) for u in units], "unit")
    page_editions = set(page.editions)
    for section, path in sections:
        problems += _refs(source, path + ("editions",), "edition", section.editions, known.editions)
        if not section.blocks and not section.sections:
            problems.append(source.problem(path, "empty-section",
                                           f"section {section.id!r} has no content; an empty section would render as a blank placeholder"))
        for b, block in enumerate(section.blocks):
            where = path + ("blocks", b)
            if hasattr(block, "tiles"):
                problems += _check_tiles(source, block.tiles, where + ("tiles",))
                if block.tiles.edition and block.tiles.edition not in page_editions:
                    problems.append(source.problem(where + ("tiles", "edition"), "unknown-edition",
                                                   f"edition {block.tiles.edition} is not one of this page's editions"))
            if hasattr(block, "example"):
                problems += _example_block(source, where + ("example", "ref"), block.example.ref, examples, known,
                                           (page.id, section.id))
    for unit in units:
        where = unit.path[:-1] + ("editions",)
        for e, edition in enumerate(unit.editions):
            if edition not in page_editions:
                problems.append(source.problem(where + (e,), "unknown-edition",
                                               f"edition {edition} is not one of this page's editions ({', '.join(page.editions)})"))
    used = {ref.target for unit in units if unit.syntax == "markup"
            for ref in markup.refs(markup.parse(unit.text)[0], "fn")}
    for i, footnote in enumerate(page.footnotes):
        if footnote.id not in used:
            problems.append(source.problem(("footnotes", i, "id"), "unused-footnote",
                                           f"footnote {footnote.id!r} is defined but no text refers to it with {{fn:{footnote.id}}}"))
    return problems


# --------------------------------------------------------------------------- texts

# In an interface string a placeholder is a bare name: no format spec ("{page:>9999}" grows a
# page without bound), no conversion, no attribute or index ("{page.__class__}"), never
# empty ("{}" has no value to take). "{{" and "}}" are literal braces.
_BRACE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def placeholders(text: str) -> list[str]:
    """Names of ``{name}`` placeholders in an interface string, in order."""
    # Read with the same pattern as placeholder_problems, so a malformed text never raises.
    return [m.group(1) for m in _BRACE.finditer(text) if m.group(1) and _NAME.fullmatch(m.group(1))]


def placeholder_problems(text: str) -> list[tuple[int, str]]:
    """(offset, message) of every placeholder that is not a plain ``{name}``."""
    found = []
    for match in _BRACE.finditer(text):
        whole, name = match.group(), match.group(1)
        if whole in ("{{", "}}"):
            continue
        if name is None:
            found.append((match.start(), f"lone {whole!r}; write {whole * 2!r} for a literal brace"))
        elif not _NAME.fullmatch(name):
            found.append((match.start(), f"placeholder {whole[:40]!r} is not a plain {{name}}: "
                                         "no format, conversion or empty name is allowed"))
    return found


def check_text(source: Source, path: PathKey, text: str, syntax: str, footnotes: set[str] | None,
               known: Known, english: str | None = None) -> list[Problem]:
    """Markup of one text (English or translated); ``english`` is the source text for a translation."""
    problems: list[Problem] = []
    if syntax == "placeholders":
        found = (match for match in (markup.HTML.search(text), TEMPLATE_OPENING.search(text)) if match)
        bad = min(found, key=lambda match: match.start(), default=None)
        if bad:
            problems.append(source.problem(path, "raw-html" if bad.group().startswith("<") else "template-syntax",
                                           "interface strings are plain text with {name} placeholders"))
        malformed = placeholder_problems(text)
        for offset, message in malformed:
            line, column = source.where_in_text(path, offset)
            problems.append(Problem(source.file, line, column, "bad-markup", message))
        if malformed:
            return problems
        names = placeholders(text)
        if english is not None and sorted(names) != sorted(placeholders(english)):
            problems.append(source.problem(path, "placeholder-mismatch",
                                           f"placeholders {sorted(set(names))} differ from the English {sorted(set(placeholders(english)))}"))
        return problems
    nodes, errors = markup.parse(text)
    for error in errors:
        line, column = source.where_in_text(path, error.offset)
        problems.append(Problem(source.file, line, column, error.code, error.message))
    found = markup.refs(nodes)
    if syntax == "plain" and (found or any(isinstance(n, markup.Span) for n in nodes)):
        problems.append(source.problem(path, "bad-markup", "titles and names are plain text without inline markup"))
    for ref in found:
        known_ids = {"fn": footnotes or set(), "page": known.pages, "figure": known.figures, "player": known.colours,
                     "publisher": known.publishers, "printing": known.printings}[ref.tag]
        kind = {"fn": "footnote", "player": "colour"}.get(ref.tag, ref.tag)
        if ref.target not in known_ids:
            line, column = source.where_in_text(path, ref.offset)
            hint = f"; known: {', '.join(sorted(known_ids))}" if 0 < len(known_ids) <= 12 else ""
            problems.append(Problem(source.file, line, column, f"unknown-{kind}", f"unknown {kind} {ref.target!r}{hint}"))
    return problems


def check_units(source: Source, units: list[UnitInfo], footnotes: set[str], known: Known) -> list[Problem]:
    problems: list[Problem] = []
    for unit in units:
        problems += check_text(source, unit.path, unit.text, unit.syntax, footnotes, known)
    return problems


# --------------------------------------------------------------------------- examples


def check_example(example: Example, source: Source, stem: str, pages: dict[str, Page],
                  all_pages: Container[str] = ()) -> list[Problem]:
    """An example's own checks. ``pages`` are the valid pages; a page of ``all_pages`` missing
    from them did not validate, and its own problem is reported instead of this one."""
    problems: list[Problem] = []
    if example.id != stem:
        problems.append(source.problem(("id",), "id-mismatch", f"example id {example.id!r} differs from its file name {stem!r}.yaml"))
    page = pages.get(example.page)
    if page is None:
        if example.page not in all_pages:
            problems.append(_unknown(source, ("page",), "page", example.page, set(pages)))
        return problems
    where = {s.id: s for s, _ in walk_sections(page.sections)}
    section = where.get(example.section)
    if section is None:
        problems.append(_unknown(source, ("section",), "section", example.section, set(where)))
    elif not any(hasattr(b, "example") and b.example.ref == example.id for b in section.blocks):
        problems.append(source.problem(("section",), "example-place",
                                       f"section {example.section!r} of page {example.page!r} does not show this example"))
    if "expect" not in example.scenario:
        problems.append(source.problem(("scenario",), "missing-key", "a worked example states its published totals under expect"))
    return problems


# --------------------------------------------------------------------------- translation structure

_NUMBERS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
_ENUMERATION = re.compile(r"(?<![\w)])(\d+)\)")
_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=8192)
def _numbers(text: str) -> tuple[str, ...]:
    plain = markup.plain(markup.parse(text)[0])
    return tuple(sorted(n.replace(",", ".") for n in _NUMBERS.findall(_ENUMERATION.sub(" ", plain))))


@lru_cache(maxsize=8192)
def _ref_targets(text: str) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for ref in markup.refs(markup.parse(text)[0]):
        found.setdefault(ref.tag, []).append(ref.target)
    return {tag: tuple(sorted(targets)) for tag, targets in found.items()}


def structure_warnings(source: Source, path: PathKey, english: str, translated: str, syntax: str) -> list[Problem]:
    """What no anchor-based tool catches: a translation whose structure differs from its source.

    All are warnings: the text still renders, but a translator should look at it.
    """
    fingerprint = clean_memo.key("structure", english, translated, syntax)
    if clean_memo.is_clean(fingerprint):
        return []
    problems = _structure_warnings(source, path, english, translated, syntax)
    if not problems:
        clean_memo.found_clean(fingerprint)
    return problems


def _structure_warnings(source: Source, path: PathKey, english: str, translated: str, syntax: str) -> list[Problem]:
    def warn(code: str, message: str) -> Problem:
        return source.problem(path, code, message, "warning")

    if not translated.strip():
        return [warn("empty-translation", "the translation is empty; the English text will be shown")]
    problems: list[Problem] = []
    if markup.wording(translated) == markup.wording(english) and len(_WORD.findall(english)) >= 4:
        problems.append(warn("untranslated", "the translation is identical to the English text"))
    if syntax != "markup":
        return problems
    source_refs, translated_refs = _ref_targets(english), _ref_targets(translated)

    def refs(found: dict[str, tuple[str, ...]], tag: str) -> list[str]:
        return list(found.get(tag, ()))

    if refs(source_refs, "fn") != refs(translated_refs, "fn"):
        problems.append(warn("footnote-mismatch",
                             f"footnote references {refs(translated_refs, 'fn')} differ from the English {refs(source_refs, 'fn')}"))
    for tag in ("page", "figure", "player", "publisher", "printing"):
        if sorted(set(refs(source_refs, tag))) != sorted(set(refs(translated_refs, tag))):
            problems.append(warn("markup-mismatch",
                                 f"{{{tag}:…}} references {sorted(set(refs(translated_refs, tag)))} differ from the English "
                                 f"{sorted(set(refs(source_refs, tag)))}"))
    english_items, translated_items = _ENUMERATION.findall(english), _ENUMERATION.findall(translated)
    if english_items != translated_items:
        shown = lambda items: " ".join(f"{i})" for i in items) or "none"
        problems.append(warn("list-mismatch",
                             f"numbered items {shown(translated_items)} differ from the English {shown(english_items)}"))
    if _numbers(english) != _numbers(translated):
        problems.append(warn("number-mismatch",
                             f"numbers {list(_numbers(translated))} differ from the English {list(_numbers(english))}"))
    return problems


# --------------------------------------------------------------------------- the stage


@dataclass
class References:
    """What the check stage establishes for the later ones: known ids, rulesets and text units."""

    known: Known
    table: RulesetTable
    units: dict[str, dict[str, UnitInfo]] = field(default_factory=dict)
    """Document (a page id, ``site`` or ``ui``) to unit id to unit."""
    termbases: list[TermBase] = field(default_factory=list)
    """The termbase files whose references hold, in file order."""
    tiles: Catalogue = field(default_factory=Catalogue)
    """The tile catalogue, which board scenarios and pictures draw on."""
    problems: list[Problem] = field(default_factory=list)


def check_references(data: Data) -> References:
    """Check stage: references between files, and every rule a schema cannot express."""
    site = data.site.model if data.site else None
    known = Known.from_site(site)
    known.broken = _broken_files(data)
    known.pages, known.examples = _stems(data, PAGES_DIR), _stems(data, EXAMPLES_DIR)
    refs = References(known, builtin())
    if data.rulesets is not None:
        refs.table, found = check_rulesets(data.rulesets.source, data.rulesets.model,
                                           known.editions_in_order or EDITIONS)
        refs.problems += found
    if data.site is None:
        # Every other file names languages, editions, printings or sources of site.yaml:
        # checked against nothing, each name would be one more false error. The tile
        # catalogue names none, and the worked examples are scored with it.
        refs.tiles, found = build_catalogue(data.tiles.values())
        refs.problems += found
        return refs
    refs.problems += check_site(data.site.model, data.site.source)
    _check_site_units(data, refs)
    _check_ui(data, refs)
    _check_pages(data, refs)
    _check_examples(data, refs)
    _check_content_folders(data, refs)
    _check_termbases(data, refs)
    _check_catalogue(data, refs)
    return refs


def _stems(data: Data, folder: str) -> set[str]:
    """Ids of the files read from ``folder`` (``examples/``), parsed or not."""
    return {name[len(folder):].removesuffix(".yaml") for name in data.files.sources
            if name.startswith(folder) and "/" not in name[len(folder):]}


def _broken_files(data: Data) -> set[str]:
    """Files found that did not read or validate: pages and examples by id; ``site``, ``ui``
    and ``rulesets``; ``tiles`` when any file of the tile catalogue is one."""
    broken = (_stems(data, PAGES_DIR) - set(data.pages)) | (_stems(data, EXAMPLES_DIR) - set(data.examples))
    for name, valid in (("site", data.site), ("ui", data.ui), ("rulesets", data.rulesets)):
        if valid is None and f"{DATA}/{name}.yaml" in data.files.sources:
            broken.add(name)
    if _stems(data, f"{DATA}/tiles/") - set(data.tiles):
        broken.add("tiles")
    return broken


def _check_site_units(data: Data, refs: References) -> None:
    if data.site is None:
        return
    rulesets_file = data.rulesets.source.file if data.rulesets else ""
    site_list = list(site_units(data.site.model, data.rulesets.model if data.rulesets else None,
                                data.site.source.file, rulesets_file))
    refs.units["site"] = {u.id: u for u in site_list}
    for unit in site_list:
        source = data.files.sources[unit.file]
        refs.problems += check_text(source, unit.path, unit.text, unit.syntax, set(), refs.known)
    # Every other string of site.yaml and rulesets.yaml (publisher, printing, source names).
    for valid in (data.site, data.rulesets):
        if valid is not None:
            skip = {u.path for u in site_list if u.file == valid.source.file}
            refs.problems += check_names(valid.source, skip)


def _check_ui(data: Data, refs: References) -> None:
    if data.ui is None:
        return
    ui, source = data.ui.model, data.ui.source
    required = required_keys()
    missing = sorted(required - set(ui.strings))
    if missing:
        refs.problems.append(source.problem(("strings",), "missing-ui-string",
                                            f"the interface needs these strings: {', '.join(missing)}", at_key=True))
    for key in sorted(set(ui.strings) - required):
        refs.problems.append(source.problem(("strings", key), "unused-ui-string",
                                            f"no part of the site uses the string {key!r}", "warning", at_key=True))
    ui_list = list(ui_units(ui, source.file))
    refs.units["ui"] = {u.id: u for u in ui_list}
    refs.problems += check_units(source, ui_list, set(), refs.known)


def _check_pages(data: Data, refs: References) -> None:
    examples = {stem: valid.model for stem, valid in data.examples.items()}
    for stem, valid in data.pages.items():
        # A page's checks read the page, the shared files and the examples (generator/cache/load_memo.py).
        problems, units = data.memo.get(("page", stem), (valid.source, data.shared_version, data.examples_version),
                                        lambda: _check_one_page(stem, valid, refs.known, examples))
        refs.problems += problems
        refs.units[valid.model.id] = units


def _check_one_page(stem: str, valid: Valid[Page], known: Known,
                    examples: dict[str, Example]) -> tuple[list[Problem], dict[str, UnitInfo]]:
    page, source = valid.model, valid.source
    page_list = list(page_units(page, source.file))
    problems = check_page(page, source, stem, known, page_list, examples)
    problems += check_units(source, page_list, {f.id for f in page.footnotes}, known)
    units: dict[str, UnitInfo] = {}
    for unit in page_list:
        units.setdefault(unit.id, unit)
    return problems, units


def _check_examples(data: Data, refs: References) -> None:
    pages = {valid.model.id: valid.model for valid in data.pages.values()}
    for stem, valid in data.examples.items():
        refs.problems += check_example(valid.model, valid.source, stem, pages, refs.known.pages)
    shown = Counter(block.example.ref for page in pages.values() for section, _ in walk_sections(page.sections)
                    for block in section.blocks if hasattr(block, "example"))
    for ref, count in shown.items():
        if count > 1 and ref in data.examples:
            refs.problems.append(data.examples[ref].source.problem(
                ("id",), "duplicate-id", f"example {ref!r} is shown {count} times; show it once"))


def _check_catalogue(data: Data, refs: References) -> None:
    """The tile catalogue: its tile types, the tile ids pages name, and the tile counts their texts state."""
    refs.tiles, found = build_catalogue(data.tiles.values())
    refs.problems += found
    if "tiles" in refs.known.broken:
        return  # a catalogue missing a file would find every tile of that file unknown
    pages = [(valid.model, valid.source) for valid in data.pages.values()]
    refs.problems += check_tile_ids(refs.tiles, pages, refs.known.expansions if data.site else None)
    page_ids = {page.id for page, _ in pages}
    refs.problems += statement_problems(refs.tiles, {(doc, unit.id): unit.text for doc, units in refs.units.items()
                                                     if doc in page_ids for unit in units.values()},
                                        refs.known.broken)


def _check_content_folders(data: Data, refs: References) -> None:
    # Hand-written pages: content/<language>/ for languages of the site only.
    for folder, file in data.files.content.items():
        if re.fullmatch(LANGUAGE_CODE, folder) and folder not in refs.known.languages:
            refs.problems.append(Problem(file, 1, 1, "unknown-language",
                                         f"content/{folder}/ is for a language that site.yaml does not list"))


def _check_termbases(data: Data, refs: References) -> None:
    # Each file's languages, printings and sources; then concept ids, which must be unique across files.
    printings = {p.id: p.language for p in data.site.model.printings} if data.site else {}
    languages = refs.known.languages - {refs.known.source_language}
    seen: set[str] = set()
    for valid in data.terms.values():
        base, source = valid.model, valid.source
        refs.problems += terms.check_termbase(base, source, printings, refs.known.sources, languages)
        for i, concept in enumerate(base.concepts):
            if concept.id in seen:
                refs.problems.append(source.problem(("concepts", i, "id"), "duplicate-id",
                                                    f"concept id {concept.id!r} is used twice"))
            seen.add(concept.id)
        refs.termbases.append(base)
