"""What the wiki lint knows of the project: its languages, the templates, the avoided terms.

Linting wiki files needs no project: a team may lint its pages before it has one. The
project, when there is one, adds its languages (``wrong-language`` and the ``Year_nl``
copies of templates) and its termbase (``avoided-term``); the templates come from the
mapping, which ships with the generator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.problem import Problem
from generator.model.data import Site, TermBase
from generator.model.validate import validate
from generator.read.source import read
from generator.wiki.detect import any_language_detector, detect_language

SITE_FILE = Path("rules_data") / "site.yaml"
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


@dataclass
class Settings:
    """What the lint knows of the project: its languages, the templates, the avoided terms."""

    languages: tuple[str, ...] = ()
    templates: frozenset[str] | None = KNOWN_TEMPLATES
    avoided: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """Language -> (word to avoid, the preferred term)."""
    detector: Any = None
    expansions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Expansion id -> the English names pages, file names and captions call it by (the wiki
    mapping's list, which holds expansions the site may not have yet)."""

    matchers: dict[str, re.Pattern[str] | None] = field(default_factory=dict)
    """Language -> one expression for all its avoided words, built on first use."""

    def avoided_matcher(self, language: str | None) -> re.Pattern[str] | None:
        """All of ``language``'s avoided words in one expression, each matched as
        :func:`generator.check.terms.pattern` matches it."""
        if (language or "") not in self.matchers:
            words = sorted({word for word, _ in self.avoided.get(language or "", [])}, key=len, reverse=True)
            # As terms.pattern(word, False) matches each: at the start of a word; one pass for all.
            self.matchers[language or ""] = (re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + ")")
                                             if words else None)
        return self.matchers[language or ""]

    def detect(self, text: str) -> str | None:
        """The language of ``text`` among every language the detector knows, not only the site's."""
        if self.detector is None:
            self.detector = any_language_detector()
        return detect_language(self.detector, text)


def find_project(root: Path) -> Path | None:
    """The project to lint with. ``root`` itself when it holds ``rules_data/site.yaml``, or
    when it was named (anything but the current folder: a wrong ``--root`` is reported, not
    passed over); from the current folder, the nearest folder at or above it that is a
    project, as git finds its repository; None when there is none."""
    if (root / SITE_FILE).is_file() or root != Path("."):
        return root
    here = Path.cwd()
    return next((folder for folder in (here, *here.parents) if (folder / SITE_FILE).is_file()), None)


def without_project() -> tuple[Settings, list[Problem]]:
    """The settings of a lint with no project: the mapping's templates, no languages, no terms."""
    settings = Settings()
    settings.templates, problems = known_templates(MAPPING)
    settings.expansions = expansion_names()
    return settings, problems


def load_settings(root: Path) -> tuple[Settings, list[Problem]]:
    """The site's languages (``rules_data/site.yaml``), the termbase's avoided words and the
    templates the mapping lists; what cannot be read is a problem, and its part is left out."""
    settings, problems = Settings(), []
    source, found = read(root / SITE_FILE, SITE_FILE.as_posix())
    site, invalid = validate(source, Site) if not found else (None, [])
    problems += found + invalid
    settings.expansions = expansion_names()
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
    return settings, problems + trouble


def expansion_names() -> dict[str, tuple[str, ...]]:
    """The wiki mapping's expansion names (``expansion_names``); none when it cannot be read,
    which the import reports where it reads the mapping."""
    from generator.wiki.mapping import load_mapping

    mapping, _ = load_mapping()
    return {key: tuple(names) for key, names in mapping.expansion_names.items()} if mapping else {}


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
