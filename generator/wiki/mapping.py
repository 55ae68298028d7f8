"""The importer's mapping (``generator/wiki/mapping.yaml``) as validated data, and its look-ups.

The YAML is read by the project's reader (safe loader, every value located) and checked by the
models below, so a wiki team that extends it gets each mistake at its line, with the codes every
data file uses (``unknown-key``, ``bad-value`` ...).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from generator.core.problem import Problem
from generator.core.vocabulary import EDITION_PATTERN
from generator.model.data import Id
from generator.model.validate import validate
from generator.read.source import read

MAPPING_FILE = Path(__file__).resolve().parent / "mapping.yaml"
# The words a page title ends with in parentheses: "Mage and Witch (1st edition)".
_CLOSING_PARENTHESES = re.compile(r"\(([^()]*)\)\s*$")

Params = Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=1)]
Kind = Literal["ruling", "note", "printing"]
Words = list[Annotated[str, Field(min_length=1)]]
# An edition id in the project's one pattern; which editions exist is the target project's site.yaml.
Editions = Annotated[list[Annotated[str, Field(pattern=EDITION_PATTERN)]], Field(min_length=1)]


class _Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FootnoteKindRule(_Rule):
    to: Literal["footnote-kind"]
    kind: Kind


class ColourRule(_Rule):
    to: Literal["colour"]
    colour: Id


class YearRule(_Rule):
    to: Literal["year"]
    value: Params = ["1"]


class FigureRule(_Rule):
    to: Literal["figure"]
    name: Params
    figures: dict[str, Id]
    picture_param: str = "variant"
    pictures: Words = []


class SymbolRule(_Rule):
    to: Literal["symbol"]
    name: Params
    symbols: dict[str, Id]


class EditionsRule(_Rule):
    to: Literal["editions"]
    picture: Params


class TileListRule(_Rule):
    to: Literal["tile-list"]
    total: Params


class TileRule(_Rule):
    to: Literal["tile"]
    picture: Params
    count: Params
    config: Params = ["config"]


class TileListEndRule(_Rule):
    to: Literal["tile-list-end"]


class SubheadingRule(_Rule):
    to: Literal["subheading"]
    title: Params


class FlavourRule(_Rule):
    to: Literal["flavour"]
    text: Params


class RulesBoxRule(_Rule):
    to: Literal["rules-box"]
    level: Params
    title: Params
    text: Params


class PageLinkRule(_Rule):
    to: Literal["page-link"]
    expansion: Id
    edition: Params = ["edition"]


class PrintingLinkRule(_Rule):
    to: Literal["printing-link"]
    printing: Params


class PageHeadRule(_Rule):
    to: Literal["page-head"]
    title: Params


class IgnoreRule(_Rule):
    to: Literal["ignore"]


TemplateRule = Annotated[
    Union[FootnoteKindRule, ColourRule, YearRule, FigureRule, SymbolRule, EditionsRule, TileListRule, TileRule,
          TileListEndRule, SubheadingRule, FlavourRule, RulesBoxRule, PageLinkRule, PrintingLinkRule, PageHeadRule,
          IgnoreRule],
    Field(discriminator="to"),
]


class Pictures(_Rule):
    namespaces: Words
    example_options: Words
    footnote_kinds: dict[str, Kind] = {}


class Categories(_Rule):
    namespaces: Words
    names: dict[str, list[Id]] = {}


class PageEditions(_Rule):
    """Where a page says its tile edition besides its edition chooser, and that it is an expansion's page."""

    titles: dict[str, Editions] = {}
    """The words in the parentheses that end a title ("1st edition"), in lower case."""
    categories: dict[Id, Editions] = {}
    """site.yaml category ids (as ``categories`` above gives them) that name an edition."""
    expansion_categories: list[Id] = []
    """site.yaml category ids that mark an expansion's page."""

    def title_editions(self, title: str) -> list[str]:
        words = _CLOSING_PARENTHESES.search(title)
        return list(self.titles.get(" ".join(words.group(1).lower().split()), [])) if words else []


class Tags(_Rule):
    ignore: Words = []
    transparent: Words = []
    breaks: Words = []
    hidden_styles: Words = []
    outdated_class: str = "mw-translate-fuzzy"


class DateWords(_Rule):
    updated: Words = []
    corrected: Words = []
    issued: Words = []


class ClaimWords(_Rule):
    missing_from: Words = []
    since: Words = []
    only_in: Words = []
    end: Words = []


class Mapping(_Rule):
    """``mapping.yaml``: what each piece of the wiki's markup becomes."""

    templates: dict[str, TemplateRule]
    pictures: Pictures
    categories: Categories
    tags: Tags
    magic_words: Words = []
    ruling_dates: dict[str, DateWords] = {}
    printing_claims: dict[str, ClaimWords] = {}
    points_words: dict[str, Words] = {}
    special_case_labels: dict[str, Words] = {}
    page_editions: PageEditions = PageEditions()
    expansion_names: dict[str, Words] = {}
    """The wiki's expansions by a short id, each with the English names its pages and file names
    use: the ``caption-expansion`` check tells by them which expansion a picture and its caption name."""
    _rules: dict[str, Any] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any) -> None:
        # The rules by the name MediaWiki compares, worked out once: a page looks up every template.
        self._rules = {normal_name(name): rule for name, rule in self.templates.items()}

    def template(self, name: str, languages: tuple[str, ...] = ()) -> Any:
        """The rule for a template name as the wiki writes it, or None when the mapping has none."""
        rules = self._rules
        key = normal_name(name)
        if key in rules:
            return rules[key]
        # Year_nl is Year in Dutch: a per-language copy of a template the mapping knows.
        base, _, suffix = key.rpartition(" ")
        return rules.get(base) if base and suffix in languages else None


def normal_name(name: str) -> str:
    """A template or page name as MediaWiki compares them: "_" is " ", runs of blanks are one,
    and the first letter's case does not count."""
    words = " ".join(name.replace("_", " ").split())
    return words[:1].upper() + words[1:]


def load_mapping(path: Path = MAPPING_FILE) -> tuple[Mapping | None, list[Problem]]:
    """The mapping at ``path``, or None and every problem that kept it from validating."""
    source, problems = read(path, path.name)
    if problems or source.data is None:
        return None, problems or [Problem(path.name, 1, 1, "bad-type", "the mapping file is empty")]
    return validate(source, Mapping)
