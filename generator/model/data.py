"""Model stage: the shape of every YAML file, as pydantic models.

These classes are the single definition of the data format: the loader validates with
them, and ``rulesite schema`` publishes JSON Schema generated from them (kept in sync by a
test), so an editor gets completion and validation while typing. Every field has a
docstring underneath it; pydantic turns those into the schema's descriptions.

Cross-references (does this footnote exist? this printing?) are not expressible in a
schema and live in :mod:`generator.check.references`.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, create_model, model_validator

from generator import scorer

from generator.core.vocabulary import EDITION_PATTERN, ID_PATTERN, LANGUAGE_CODE

Id = Annotated[str, Field(pattern=ID_PATTERN, max_length=80)]
EditionId = Annotated[str, Field(pattern=EDITION_PATTERN)]
LanguageCode = Annotated[str, Field(pattern=LANGUAGE_CODE)]
# Month/year as the rulings are dated in the sources: 5/2014, 3/2020.
MonthYear = Annotated[str, Field(pattern=r"^(?:[1-9]|1[0-2])/(?:19|20)[0-9]{2}$")]
Text = Annotated[str, Field(min_length=1)]
Year = Annotated[int, Field(ge=1990, le=2100)]
# The Translate extension numbers a page's units from 1 (``<!--T:5-->``).
WikiUnit = Annotated[int, Field(ge=1, le=1_000_000)]

# A block type is literally called "list"; this alias keeps the builtin reachable there.
List = list


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, use_attribute_docstrings=True, frozen=True)


# --------------------------------------------------------------------------- site.yaml


class Language(Strict):
    code: LanguageCode
    """ISO 639-1 code, used in URLs (``/nl/``) and ``lang`` attributes."""
    english_name: Text
    """The language's name in English, for translators and logs."""
    native_name: Text
    """The language's name in itself, shown in the language switcher."""
    source: bool = False
    """True for exactly one language: the one every other language translates from."""


class Edition(Strict):
    id: EditionId
    """C1, C2 or C3: the tile design generation."""
    year: Year
    """Year this tile design first appeared."""
    name: Text
    """Translatable: the edition's name ("first edition")."""
    recognise: Text
    """Translatable: how a player recognises tiles of this edition."""


class Publisher(Strict):
    id: Id
    """Short id used by printings (``hig``, ``rgg``)."""
    name: Text
    """The publisher's own name; a proper noun, never translated."""
    country: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
    """ISO 3166 country code of the publisher."""


class Printing(Strict):
    id: Id
    """Stable id referred to by printing-difference footnotes."""
    publisher: Id
    """Id of the publisher that printed it."""
    name: Text
    """Product name as printed (``Big Box 4``); not translated, unless ``name_translated``."""
    name_translated: bool = False
    """True when the name describes the box (``Mini expansion 5``) rather than being its printed
    title: it is then translatable, and a page shows it in its own language."""
    short: Text
    """Abbreviation used in footnotes (``RGG``, ``BB4``)."""
    edition: EditionId
    """Tile edition of this printing."""
    language: LanguageCode
    """Language of the rule booklet."""
    year: Year | None = None
    """Year of publication, where known."""
    reprints: list[Year] = []
    """Years of later printings with the same rules (Big Box 6 again in 2020)."""
    description: Text
    """Translatable: what this printing is."""


class Reference(Strict):
    id: Id
    """Stable id that printing claims and termbase entries cite."""
    kind: Literal["page", "ruling", "rulebook"]
    """page: a reference page (such as the seed wiki pages); ruling: an official clarification; rulebook: a printed rule booklet."""
    title: Text
    """What the source is, as a reader would look it up; not translated."""
    where: Text | None = None
    """File, address or shelf mark where the source can be read, where there is one."""


class Abbreviation(Strict):
    """A short form that pages use (``HiG``, ``BB4``, ``C2``), explained where it stands by
    what it abbreviates: exactly one of ``edition``, ``publisher`` and ``printing``."""

    text: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9 ]*[A-Za-z0-9]$", max_length=20)]
    """The abbreviation as pages write it, matched as a whole word."""
    edition: EditionId | None = None
    """The tile edition it names."""
    publisher: Id | None = None
    """The publisher it names."""
    printing: Id | None = None
    """The printing it names."""
    sources: list[Id] = Field(min_length=1)
    """Sources that use the abbreviation for what it names."""

    @model_validator(mode="after")
    def _one_meaning(self) -> Abbreviation:
        if sum(x is not None for x in (self.edition, self.publisher, self.printing)) != 1:
            raise ValueError("an abbreviation names exactly one of edition, publisher and printing")
        return self


class FootnoteKind(Strict):
    id: Literal["ruling", "note", "printing"]
    """One of the three kinds the renderer knows."""
    icon: Literal["book", "globe", "arrow"]
    """The icon drawn next to footnotes of this kind."""
    name: Text
    """Translatable: the kind's name."""
    description: Text
    """Translatable: what a footnote of this kind tells the reader."""


class Named(Strict):
    id: Id
    """Stable id used in inline markup and references."""
    name: Text
    """Translatable: the displayed name."""


class Expansion(Named):
    links: list[Id] = []
    """Ids of site.yaml ``sources`` with a web address that players look at next (the publisher's page of
    the expansion, a games database entry): every page of the expansion links to them. None where no
    source gives an address."""


class Colour(Named):
    css: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
    """Colour used to draw the player's name."""


class Series(Named):
    pattern: Text
    """Translatable: how a numbered member is written, ``{number}`` marks the number."""


# The public address of a built site: http(s), a host, optionally a path; no query or fragment.
SiteUrl = Annotated[str, Field(pattern=r"^https?://[A-Za-z0-9.-]+(?::[0-9]+)?(?:/[A-Za-z0-9._~%/-]*)?$",
                               max_length=200)]


class Site(Strict):
    """``rules_data/site.yaml``: everything pages refer to by id."""

    title: Text
    """Translatable: the site's name."""
    site_url: SiteUrl | Literal["not-known"] = "not-known"
    """The address the site is published at (``https://example.org/rules/``), from which the
    sitemap, the canonical links and the hreflang links are written as full addresses;
    ``rulesite build --site-url`` overrides it. ``not-known`` (the default): the sitemap lists
    no pages and the pages carry no canonical link, and ``rulesite build`` says so."""
    description: Text
    """Translatable: one sentence on what the site is."""
    languages: list[Language] = Field(min_length=1)
    """Every language the site is built in; the first is the default."""
    editions: list[Edition] = Field(min_length=1)
    """Tile editions, oldest first."""
    publishers: list[Publisher]
    """Publishers of printings."""
    printings: list[Printing]
    """Printed rule books whose texts differ."""
    footnote_kinds: list[FootnoteKind] = Field(min_length=3, max_length=3)
    """The three footnote kinds, with their icons."""
    figures: list[Named]
    """Wooden figures that inline ``{figure:…}`` markup may name."""
    colours: list[Colour]
    """Player colours that inline ``{player:…}`` markup may name."""
    expansions: list[Expansion]
    """Expansions; pages of the same expansion form one edition chooser."""
    series: list[Series] = []
    """Numbered series such as the mini expansions."""
    categories: list[Named] = []
    """Categories a page can be filed under."""
    sources: list[Reference] = []
    """Documents that printing claims and game terms cite as their source."""
    abbreviations: list[Abbreviation] = []
    """Short forms explained on every page where they stand (as a tooltip)."""


class Ui(Strict):
    """``rules_data/ui.yaml``: the English words of the interface."""

    strings: dict[Id, Text]
    """Interface string id to English text; ``{name}`` marks a value filled in by the generator."""


# --------------------------------------------------------------------------- rulesets.yaml


class _RulesetHead(Strict):
    """What describes a ruleset; the numbers come from the scorer (see :func:`_scoring_fields`)."""

    id: Id
    """Name passed to the scorer (``ruleset:`` in a scenario)."""
    name: Text
    """Translatable: short name of the variant."""
    description: Text
    """Translatable: what differs, in words."""
    source: Text
    """Where the variant comes from (printing, year, reference), in words for the reader."""
    sources: list[Id] = []
    """The sources (``sources`` ids of site.yaml) that give this variant's numbers."""
    default_for: list[EditionId] = []
    """Editions that use this ruleset unless a scenario names another."""


def _scoring_fields(rules: type, required: bool = False) -> dict[str, Any]:
    """Pydantic fields for a scorer dataclass: one ruleset definition, in ``generator.scorer.ruleset``.

    Names, defaults and descriptions are the scorer's; ``required`` makes every field
    required (a nested table such as ``farm:`` is written out in full).
    """
    result: dict[str, Any] = {}
    for item in dataclasses.fields(rules):
        kind = item.type if isinstance(item.type, str) else item.type.__name__
        default = item.default_factory() if item.default_factory is not dataclasses.MISSING else item.default
        if kind == "int":
            python: Any = Annotated[int, Field(ge=item.metadata["minimum"])] if required else int
        elif kind == "int | None":
            # A number no source gives is null: "not known", and the scorer refuses what needs it.
            python = Annotated[int, Field(ge=item.metadata["minimum"])] | None
        elif kind == "bool":
            python = bool
        elif item.name == "method":
            python = Literal[scorer.FARM_METHODS]  # type: ignore[valid-type]
        else:
            nested = _NESTED[kind.removesuffix(" | None")]
            python = nested | None if kind.endswith("| None") else nested
            default = nested(**dataclasses.asdict(default)) if default is not None else None
        description = item.metadata["doc"]
        result[item.name] = (python, Field(description=description) if required
                             else Field(default, description=description))
    return result


SmallCity = create_model("SmallCity", __base__=Strict, **_scoring_fields(scorer.SmallCity, required=True))
FarmRules = create_model("FarmRules", __base__=Strict, **_scoring_fields(scorer.FarmRules, required=True))
_NESTED = {"SmallCity": SmallCity, "FarmRules": FarmRules}
Ruleset = create_model("Ruleset", __base__=_RulesetHead, **_scoring_fields(scorer.Ruleset))


class Rulesets(Strict):
    """``rules_data/rulesets.yaml``: the scoring variants as data."""

    rulesets: list[Ruleset] = Field(min_length=1)
    """Every named ruleset the scorer can apply."""


# --------------------------------------------------------------------------- pages


class Unit(Strict):
    """A translatable piece of text with an id that never changes when the text does."""

    id: Id
    """Stable id; translations are keyed by it."""
    text: Text
    """English text in the inline markup (``*em*``, ``**strong**``, ``{fn:name}``, ``{page:id}``, ``{figure:id|text}``, ``{player:colour|text}``)."""
    editions: list[EditionId] = []
    """Limit the text to these editions; empty means all of the page's editions."""
    wiki_unit: WikiUnit | None = None
    """The number of the wiki's translation unit (``<!--T:n-->``) this text was imported from, so that
    importing the page again updates this unit (``rulesite import wiki``); absent for texts written here."""


class ListItem(Unit):
    items: list[ListItem] = []
    """Sub-items, one level deeper."""


class HistoryEntry(Strict):
    event: Literal["issued", "updated", "corrected"]
    """What happened to the ruling on that date."""
    date: MonthYear
    """Month and year, such as 5/2014."""


class Footnote(Strict):
    id: Id
    """Name used by ``{fn:…}`` references; one footnote may be referenced many times."""
    kind: Literal["ruling", "note", "printing"]
    """ruling: official clarification (book); note: editors' note (globe); printing: difference between printings (arrow)."""
    text: Text | None = None
    """English text; required for rulings and notes, an optional explanation for printing differences."""
    history: list[HistoryEntry] = []
    """For rulings: when the ruling was issued, updated and corrected."""
    only_in: list[Id] = []
    """Printing difference: the referencing text comes only from these printings."""
    missing_from: list[Id] = []
    """Printing difference: these printings lack the referencing text."""
    kept_in: list[Id] = []
    """Printing difference: these printings keep the text although others lack it."""
    since: Id | None = None
    """Printing difference: the text was added by this printing."""
    part: Literal["sentence", "end"] = "sentence"
    """Printing difference: the whole sentence, or only its last part."""
    sources: list[Id] = []
    """Printing difference: ids of the sources (site.yaml ``sources``) that state these claims. A printing the
    footnote names has (only_in, kept_in, since) or lacks (missing_from) the text; any printing it does not
    name is not known either way."""


class ExampleRef(Strict):
    ref: Id
    """Id of the worked example in ``examples/``."""
    caption: Unit
    """The published caption, with its totals."""


class TileEntry(Strict):
    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$", max_length=40)]
    """Tile label as printed in tile lists (``MW-C1-01``)."""
    count: Annotated[int, Field(ge=1)]
    """How many copies of the tile there are."""
    note: Unit | None = None
    """Translatable remark on the tile (a crop circle symbol, an extra illustration)."""


class TileGroup(Strict):
    title: Unit | None = None
    """Heading of the group (Crop Circles I); omitted for a single group."""
    tiles: list[TileEntry] = Field(min_length=1)
    """The tiles of the group."""


class TileTable(Strict):
    edition: EditionId | None = None
    """The edition these tiles belong to, for pages covering several."""
    total: Annotated[int, Field(ge=1)]
    """Declared number of tiles; must equal the sum of the counts."""
    summary: Unit
    """How the total splits (9 tiles: 8 + 1 crop circle)."""
    groups: list[TileGroup] = Field(min_length=1)
    """Groups of tiles."""


class ParagraphBlock(Strict):
    paragraph: list[Unit] = Field(min_length=1)
    """Sentences (or groups of sentences) shown as one paragraph."""


class ListBlock(Strict):
    list: List[ListItem] = Field(min_length=1)
    """A bulleted list."""


class NumberedBlock(Strict):
    numbered: list[ListItem] = Field(min_length=1)
    """A numbered list."""


class SpecialCaseBlock(Strict):
    special_case: list[Unit] = Field(min_length=1)
    """A special case, set apart and labelled."""


class Combination(Strict):
    """A rule that holds only when this page's expansion is played together with others."""

    partners: list[Id] = Field(min_length=1)
    """The other expansions (site.yaml ``expansions``) the rule needs besides this page's own. The rule is
    shown here, on every page of those expansions, and on the combinations page."""
    rules: list[Unit] = []
    """The rule, one unit per sentence or paragraph. Empty when no source gives it: then ``question`` says
    what is not known, and the site shows it as "not known"."""
    question: Unit | None = None
    """What a player asks about the combination, written as a question; needed when ``rules`` is empty."""
    sources: list[Id] = Field(min_length=1)
    """Ids of site.yaml ``sources`` that give the rule (or that were read and say nothing of it)."""


class CombinationBlock(Strict):
    combination: Combination
    """A rule for playing two (or more) expansions together."""


class ExampleBlock(Strict):
    example: ExampleRef
    """A worked example, confirmed by the scorer."""


class TilesBlock(Strict):
    tiles: TileTable
    """A tile distribution table."""


BLOCK_TYPES = {
    "paragraph": ParagraphBlock,
    "list": ListBlock,
    "numbered": NumberedBlock,
    "special_case": SpecialCaseBlock,
    "example": ExampleBlock,
    "tiles": TilesBlock,
    "combination": CombinationBlock,
}


def _block_tag(value: Any) -> str | None:
    # A block is a mapping with exactly one key naming its type; anything else has no tag
    # and pydantic reports it as such instead of listing every alternative's errors.
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in BLOCK_TYPES else None
    if isinstance(value, BaseModel):
        return next(iter(type(value).model_fields))
    return None


Block = Annotated[
    Union[tuple(Annotated[model, Tag(name)] for name, model in BLOCK_TYPES.items())],  # type: ignore[misc]
    Discriminator(_block_tag, custom_error_type="unknown-block",
                  custom_error_message=f"a block is a mapping with one key: {', '.join(BLOCK_TYPES)}"),
]


class Section(Strict):
    id: Id
    """Stable id; also the section's anchor."""
    title: Text
    """English heading."""
    editions: list[EditionId] = []
    """Limit the section to these editions."""
    wiki_unit: WikiUnit | None = None
    """The wiki's translation unit number of the heading this section was imported from (see ``Unit``)."""
    sources: list[Id] = []
    """Ids of site.yaml ``sources`` that give the facts of this section (its subsections name their own);
    the page lists every source it cites at its end."""
    blocks: list[Block] = []
    """Content, in order."""
    sections: list[Section] = []
    """Subsections."""


class SeriesNumber(Strict):
    series: Id
    """Id of a series in site.yaml."""
    number: Annotated[int, Field(ge=1)]
    """Position in the series (5 for Mini #5)."""


class Release(Strict):
    printing: Id
    """A printing that carries these rules."""
    year: Year | None = None
    """Year, when it differs from the printing's own."""


class Info(Strict):
    publisher: Id
    """Original publisher."""
    year: Year
    """Year of the first release."""
    series: SeriesNumber | None = None
    """Place in a numbered series, if any."""
    releases: list[Release] = []
    """Printings that carry these rules, in order of appearance."""


class Page(Strict):
    """``rules_data/pages/<id>.yaml``: one expansion in one edition group."""

    id: Id
    """Page id; equals the file name and is the page's URL in every language."""
    expansion: Id
    """Id of the expansion; pages of one expansion are linked by the edition chooser."""
    editions: list[EditionId] = Field(min_length=1)
    """Editions whose tiles these rules are for."""
    order: int = 0
    """Position among the site's pages (lower first)."""
    title: Text
    """English page title."""
    flavour: Text | None = None
    """Flavour text shown in a frame under the title."""
    info: Info
    """Publisher, year, series and printings."""
    categories: list[Id] = []
    """Ids of categories in site.yaml."""
    related: list[Id] = []
    """Ids of pages to link under "See also"."""
    footnotes: list[Footnote] = []
    """Footnotes, referenced from text by ``{fn:id}``."""
    sections: list[Section] = Field(min_length=1)
    """The page body, in order."""


# --------------------------------------------------------------------------- translations


class TranslatedUnit(Strict):
    text: str
    """The translation, in the same inline markup as the English (an empty one counts as missing)."""
    source: Annotated[str, Field(pattern=r"^[0-9a-f]{12}$")]
    """Fingerprint of the English text this translation was made from."""
    source_text: Text
    """The English text at the time of translation, for showing what changed since."""


class Translation(Strict):
    """``rules_data/translations/<lang>/<document>.yaml``: one language of one document."""

    units: dict[str, TranslatedUnit] = {}
    """Unit id to translation."""


# --------------------------------------------------------------------------- examples


class Example(Strict):
    """``examples/<id>.yaml``: one worked example and the page place it belongs to."""

    id: Id
    """Example id; equals the file name."""
    page: Id
    """Id of the page that shows the example."""
    section: Id
    """Id of the section (at any depth) where the example appears."""
    scenario: dict[str, Any]
    """The scoring scenario, in the format ``rulesite score`` reads."""
    illustration: bool = False
    """True when the board is not the published picture (not known as data) but a board consistent with
    every number the published text states; the page says so."""
    published: bool = True
    """False when no source publishes this example: its board and totals were made for this site to show
    a rule (the page says so, in place of the illustration note)."""


# --------------------------------------------------------------------------- terms


class PrintingTerm(Strict):
    printing: Id
    """Id of a printing in site.yaml, in this entry's language."""
    term: Text
    """The word that printing's rule booklet uses, as printed."""
    source: Id
    """Id of the site.yaml source that shows the printing uses this word."""


class LanguageTerm(Strict):
    language: LanguageCode
    """A translated language of the site."""
    preferred: Text
    """The term translations of this language use."""
    forms: list[Text] = []
    """Inflected forms or stems that also count; each matches at the start of a word."""
    inside_words: bool = False
    """Forms also count inside a longer word (compounds: landtegel, Landschaftskarte)."""
    printings: list[PrintingTerm] = []
    """The term each printing in this language uses, with its source."""
    avoid: list[Text] = []
    """Words a translation should not use for this concept (matched at the start of a word)."""
    sources: list[Id] = []
    """Ids of site.yaml sources that show the preferred term in use."""
    note: Text | None = None
    """A remark for translators (English)."""
    remark: Text | None = None
    """This entry's ``note`` in this language; this language's glossary shows it in place of the English."""


class Concept(Strict):
    id: Id
    """Stable id of the concept."""
    english: Text
    """The English term."""
    english_forms: list[Text] = []
    """Other English forms that signal the concept (plurals, verbs); like the term, each matches whole words only."""
    note: Text | None = None
    """What the concept means, for translators (English)."""
    meanings: dict[LanguageCode, Text] = {}
    """The ``note`` in each translated language; each language's glossary shows its own."""
    terms: list[LanguageTerm] = Field(min_length=1)
    """The term in each translated language."""


class TermBase(Strict):
    """``rules_data/terms/<group>.yaml``: game terms and their words in every language."""

    concepts: list[Concept] = Field(min_length=1)
    """The concepts of this group."""


Section.model_rebuild()
ListItem.model_rebuild()
