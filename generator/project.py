"""Load stage: :func:`load`, the one definition of the load stages (read, validate, check,
score, translations, terms), and the :class:`Project` every later stage reads, assembled
from their results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.check import terms
from generator.check.known import Known
from generator.check.references import References, check_references
from generator.score.examples import Scored, ScoredExample, score_examples
from generator.cache.load_memo import NONE, LoadMemo
from generator.cache.state import Derived
from generator.model.data import Page, Rulesets, Site, TermBase, Ui
from generator.core.problem import DataError, Problems
from generator.check.rulesets import RulesetTable
from generator.read import cache as read_cache
from generator.read.source import Source, read_all
from generator.model.tiles import Catalogue
from generator.check.translations import TranslationDoc, Translations, check_terms, load_translations
from generator.model.units import UnitInfo
from generator.model.validate import Data, validate_all

__all__ = ["DataError", "Project", "TranslationDoc", "assemble", "checked", "load", "load_checked"]


@dataclass(eq=False)  # compared and hashed by identity: later stages cache per project
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
    known: Known
    translations: dict[str, dict[str, TranslationDoc]] = field(default_factory=dict)
    termbases: list[TermBase] = field(default_factory=list)
    term_findings: list[terms.Finding] = field(default_factory=list)
    """Every ``term`` warning of the translations, with its language, document and unit."""
    tiles: Catalogue = field(default_factory=Catalogue)
    markdown: dict[str, str] = field(default_factory=dict)
    """Every hand-written page, ``content/<lang>/….md`` to its text (for ``rulesite status``)."""
    derived: Derived = field(default_factory=Derived, repr=False)
    """What later stages work out of this project, kept with it (:mod:`generator.cache.state`)."""

    @cached_property
    def source_language(self) -> str:
        return next(lang.code for lang in self.site.languages if lang.source)

    @property
    def languages(self) -> list[str]:
        return [lang.code for lang in self.site.languages]

    @property
    def target_languages(self) -> list[str]:
        return [code for code in self.languages if code != self.source_language]

    @cached_property
    def concepts(self) -> terms.Concepts:
        """Every concept of the termbase, with one matcher for their English forms (built once)."""
        return terms.concepts(self.termbases)

    @property
    def documents(self) -> list[str]:
        """What translators work on, in order: every page, then the site texts and the interface."""
        return [*self.pages, "site", "ui"]

    def unit(self, doc: str, unit_id: str) -> UnitInfo | None:
        return self.units.get(doc, {}).get(unit_id)


def assemble(data: Data, refs: References, scored: Scored, translations: Translations,
             term_findings: list[terms.Finding]) -> tuple[Project | None, Problems]:
    """The project and every problem of every stage; no project without site.yaml and ui.yaml."""
    problems = Problems(data.files.problems + data.problems + refs.problems + scored.problems + translations.problems
                        + [finding.problem for finding in term_findings])
    if data.site is None or data.ui is None:
        return None, problems
    pages = sorted((valid.model for valid in data.pages.values()), key=lambda page: (page.order, page.id))
    return Project(
        root=data.files.root, site=data.site.model, ui=data.ui.model,
        rulesets=data.rulesets.model if data.rulesets else None, pages={page.id: page for page in pages},
        examples=scored.examples, table=refs.table, sources=data.files.sources, units=refs.units,
        known=refs.known, translations=translations.docs, termbases=refs.termbases, term_findings=term_findings,
        tiles=refs.tiles, markdown=data.files.markdown,
    ), problems


def load(root: Path, memo: LoadMemo = NONE, *, build_dir: Path | None = None) -> tuple[Project | None, Problems]:
    """The load stages, in order, for every caller (build, preview, check, each command); writes
    nothing but the kept parses. Callers time it (``rulesite build``) or reuse it (the preview).

    ``memo`` keeps each file's results for the next load of a long-running process (the
    preview). With ``build_dir`` the parses and clean checks the last build kept there are
    taken first, so only edited files are parsed again, and this load's are kept for the next.
    """
    if build_dir is not None:
        read_cache.take(build_dir)
    files = read_all(root)
    data = validate_all(files, memo)
    references = check_references(data)
    scored = score_examples(data, references.table, references.tiles, references.known.broken)
    translations = load_translations(data, references)
    term_findings = check_terms(references, translations, files.markdown)
    if build_dir is not None:
        # Kept whether or not the data has errors: each parse is the parse of its file's
        # text, and the build after a fix then parses only the fixed file again.
        read_cache.keep(build_dir, files.sources)
    return assemble(data, references, scored, translations, term_findings)


def checked(loaded: tuple[Project | None, Problems]) -> Project:
    """The project, or :class:`DataError` with every error found."""
    project, problems = loaded
    errors = [p for p in problems if p.level == "error"]
    if errors or project is None:
        raise DataError(errors or problems)
    return project


def load_checked(root: Path, memo: LoadMemo = NONE, *, build_dir: Path | None = None) -> Project:
    """:func:`load`, raising :class:`DataError` unless the data is free of errors."""
    return checked(load(root, memo, build_dir=build_dir))
