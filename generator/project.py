"""Load stage: read every data file, validate it, check it and score every example.

``load(root)`` is the one entry point. Like MkDocs' ``build()`` it names its stages and
writes nothing: it returns a :class:`Project` together with every problem found, and the
caller decides whether the problems allow going on.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from . import check
from .examples import ScoredExample, caption_problems, score_example
from .model import Example, Page, Rulesets, Site, Translation, Ui
from .problem import Problems
from .render.strings import required_keys
from .rulesets import EDITIONS, RulesetTable, builtin
from .rulesets import check as check_rulesets
from .source import Source, read
from .units import UnitInfo, page_units, site_units, ui_units, walk_sections
from .validate import validate

DATA = "rules_data"
EXAMPLES = "examples"


@dataclass
class TranslationDoc:
    """One translation file: a language's texts for one document."""

    language: str
    doc: str
    file: str
    source: Source
    model: Translation


@dataclass
class Project:
    root: Path
    site: Site
    ui: Ui
    rulesets: Rulesets | None
    pages: dict[str, Page]
    examples: dict[str, ScoredExample]
    table: RulesetTable
    sources: dict[str, Source]
    units: dict[str, dict[str, UnitInfo]]
    translations: dict[str, dict[str, TranslationDoc]] = field(default_factory=dict)
    # A loaded project never changes, so derived answers can be kept (see status.unit_status).
    memo: dict[tuple, object] = field(default_factory=dict, repr=False)

    @cached_property
    def source_language(self) -> str:
        return next(lang.code for lang in self.site.languages if lang.source)

    @property
    def languages(self) -> list[str]:
        return [lang.code for lang in self.site.languages]

    @property
    def target_languages(self) -> list[str]:
        return [code for code in self.languages if code != self.source_language]

    def unit(self, doc: str, unit_id: str) -> UnitInfo | None:
        return self.units.get(doc, {}).get(unit_id)


def _display(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


class _Loader:
    def __init__(self, root: Path):
        self.root = root
        self.problems = Problems()
        self.sources: dict[str, Source] = {}

    def read(self, path: Path) -> Source | None:
        name = _display(self.root, path)
        source, problems = read(path, name)
        self.problems.extend(problems)
        self.sources[name] = source
        # A file that did not parse has no data worth validating: its syntax problem says it all.
        unreadable = source.data is None or any(p.code in ("yaml-syntax", "bad-encoding", "unreadable") for p in problems)
        return None if problems and unreadable else source

    def model(self, path: Path, model: type, required: bool = True) -> tuple[Any, Source | None]:
        if not path.exists():
            if required:
                self.problems.add(_display(self.root, path), 1, 1, "missing-file", f"{path.name} is required")
            return None, None
        source = self.read(path)
        if source is None:
            return None, None
        value, problems = validate(source, model)
        self.problems.extend(problems)
        return value, source


def load(root: Path) -> tuple[Project | None, Problems]:
    """Read, validate, check and score everything under ``root``; write nothing."""
    root = root.resolve()
    loader = _Loader(root)
    data = root / DATA

    # 1. Read and validate each file on its own.
    site, site_source = loader.model(data / "site.yaml", Site)
    ui, ui_source = loader.model(data / "ui.yaml", Ui)
    rulesets, rulesets_source = loader.model(data / "rulesets.yaml", Rulesets, required=False)
    pages: dict[str, tuple[Page, Source]] = {}
    for path in sorted((data / "pages").glob("*.yaml")):
        page, source = loader.model(path, Page)
        if page is not None and source is not None:
            pages[path.stem] = (page, source)
    examples: dict[str, tuple[Example, Source]] = {}
    for path in sorted((root / EXAMPLES).glob("*.yaml")):
        example, source = loader.model(path, Example)
        if example is not None and source is not None:
            examples[path.stem] = (example, source)

    # 2. Check references between files.
    known = check.Known.from_site(site)
    known.pages = set(pages)
    known.examples = set(examples)
    if site is not None and site_source is not None:
        loader.problems.extend(check.check_site(site, site_source))
    table = builtin()
    if rulesets is not None and rulesets_source is not None:
        table, found = check_rulesets(rulesets_source, rulesets, tuple(e for e in known.editions_in_order) or EDITIONS)
        loader.problems.extend(found)

    units: dict[str, dict[str, UnitInfo]] = {}
    if site is not None and site_source is not None:
        site_list = list(site_units(site, rulesets, site_source.file, rulesets_source.file if rulesets_source else ""))
        units["site"] = {u.id: u for u in site_list}
        for unit in site_list:
            source = loader.sources[unit.file]
            loader.problems.extend(check.check_text(source, unit.path, unit.text, unit.syntax, set(), known))
        for source in (site_source, rulesets_source):
            if source is not None:
                skip = {u.path for u in site_list if u.file == source.file}
                loader.problems.extend(check.check_names(source, skip))
    if ui is not None and ui_source is not None:
        required = required_keys()
        missing = sorted(required - set(ui.strings))
        if missing:
            loader.problems.append(ui_source.problem(("strings",), "missing-ui-string",
                                                     f"the interface needs these strings: {', '.join(missing)}", at_key=True))
        for key in sorted(set(ui.strings) - required):
            loader.problems.append(ui_source.problem(("strings", key), "unused-ui-string",
                                                     f"no part of the site uses the string {key!r}", "warning", at_key=True))
        ui_list = list(ui_units(ui, ui_source.file))
        units["ui"] = {u.id: u for u in ui_list}
        loader.problems.extend(check.check_units(ui_source, ui_list, set(), known))

    example_models = {stem: ex for stem, (ex, _) in examples.items()}
    for stem, (page, source) in pages.items():
        page_list = list(page_units(page, source.file))
        loader.problems.extend(check.check_page(page, source, stem, known, page_list, example_models))
        loader.problems.extend(check.check_units(source, page_list, {f.id for f in page.footnotes}, known))
        units[page.id] = {}
        for unit in page_list:
            units[page.id].setdefault(unit.id, unit)

    page_models = {page.id: page for page, _ in pages.values()}
    for stem, (example, source) in examples.items():
        loader.problems.extend(check.check_example(example, source, stem, page_models))
    shown = Counter(b.example.ref for page in page_models.values()
                    for section, _ in walk_sections(page.sections) for b in section.blocks if hasattr(b, "example"))
    for ref, count in shown.items():
        if count > 1 and ref in examples:
            ex_source = examples[ref][1]
            loader.problems.append(ex_source.problem(("id",), "duplicate-id", f"example {ref!r} is shown {count} times; show it once"))

    # 3. Score every worked example against its published totals.
    scored: dict[str, ScoredExample] = {}
    for example, source in examples.values():
        result, problems = score_example(example, source, table)
        loader.problems.extend(problems)
        if result is not None:
            scored[example.id] = result
    for page, source in pages.values():
        for section, path in walk_sections(page.sections):
            for b, block in enumerate(section.blocks):
                if hasattr(block, "example") and block.example.ref in scored:
                    loader.problems.extend(caption_problems(block.example.caption.text, scored[block.example.ref], source,
                                                            path + ("blocks", b, "example", "caption", "text")))

    # Hand-written pages: content/<language>/ for languages of the site only.
    content = root / "content"
    if content.is_dir():
        for folder in sorted(p for p in content.iterdir() if p.is_dir() and re.fullmatch(r"[a-z]{2,3}", p.name)):
            if folder.name not in known.languages:
                page = next(iter(sorted(folder.rglob("*.md"))), folder)
                loader.problems.add(_display(root, page), 1, 1, "unknown-language",
                                    f"content/{folder.name}/ is for a language that site.yaml does not list")

    # 4. Translations.
    translations = _load_translations(loader, data / "translations", known, units, page_models)

    if site is None or ui is None:
        return None, loader.problems
    project = Project(
        root=root, site=site, ui=ui, rulesets=rulesets,
        pages=dict(sorted(((p.id, p) for p, _ in pages.values()), key=lambda kv: (kv[1].order, kv[0]))),
        examples=scored, table=table, sources=loader.sources, units=units, translations=translations,
    )
    return project, loader.problems


def _load_translations(loader: _Loader, folder: Path, known: check.Known, units: dict[str, dict[str, UnitInfo]],
                       pages: dict[str, Page]) -> dict[str, dict[str, TranslationDoc]]:
    result: dict[str, dict[str, TranslationDoc]] = {}
    if not folder.is_dir():
        return result
    for lang_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        lang = lang_dir.name
        files = sorted(lang_dir.glob("*.yaml"))
        for path in files:
            model, source = loader.model(path, Translation)
            if model is None or source is None:
                continue
            if lang not in known.languages or lang == known.source_language:
                what = "the source language" if lang == known.source_language else "not a language of the site"
                loader.problems.append(source.problem((), "unknown-language", f"translations/{lang}/: {lang!r} is {what}"))
                continue
            doc = path.stem
            if doc not in units:
                loader.problems.append(source.problem((), "unknown-page", f"no document {doc!r} to translate (no page, site or ui of that name)"))
                continue
            footnotes = {f.id for f in pages[doc].footnotes} if doc in pages else set()
            for unit_id, translated in model.units.items():
                english = units[doc].get(unit_id)
                if english is None:
                    loader.problems.append(source.problem(("units", unit_id), "unknown-unit",
                                                          f"{doc} has no unit {unit_id!r} to translate", at_key=True))
                    continue
                where = ("units", unit_id, "text")
                loader.problems.extend(check.check_text(source, where, translated.text,
                                                        english.syntax, footnotes, known, english=english.text))
                loader.problems.extend(check.structure_warnings(source, where, english.text, translated.text, english.syntax))
            result.setdefault(lang, {})[doc] = TranslationDoc(lang, doc, source.file, source, model)
    return result
