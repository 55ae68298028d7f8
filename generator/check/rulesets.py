"""``rules_data/rulesets.yaml``: the named scoring variants, read and checked.

The file is validated against :class:`generator.model.data.Rulesets`; on top of the schema
this module checks what a schema cannot say: ids are unique (``duplicate-id``), every
edition C1, C2 and C3 has exactly one default (``bad-value``), and the numbers make
sense to the scorer (``bad-value``). Each entry is then paired with the scorer's own
:class:`generator.scorer.Ruleset`, so callers get the descriptive and the numeric side
together.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator import scorer
from generator.model import data as model
from generator.core.problem import Problem
from generator.read.source import Source, read
from generator.model.validate import validate
from generator.core.vocabulary import EDITIONS

RULESETS_FILE = Path("rules_data") / "rulesets.yaml"
# The scorer's Ruleset has exactly these fields; everything else in the YAML describes.
SCORING_FIELDS = tuple(f for f in scorer.Ruleset.__dataclass_fields__)

Entry = tuple[model.Ruleset, scorer.Ruleset]

BUILTIN_STANDARD = model.Ruleset(
    id="standard",
    name="Current rules",
    description="The scoring of the base game and its expansions as it stands today.",
    source="Hans im Glück rules as currently published",
    default_for=list(EDITIONS),
)


@dataclass(frozen=True)
class RulesetTable(Mapping[str, Entry]):
    """Ruleset id to (YAML entry, scorer ruleset), plus each edition's default id."""

    entries: dict[str, Entry]
    defaults: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Entry:
        return self.entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def for_edition(self, edition: str) -> str:
        return for_edition(self, edition)

    def rules(self, ruleset_id: str) -> scorer.Ruleset:
        return self.entries[ruleset_id][1]


def for_edition(table: RulesetTable, edition: str) -> str:
    """The id of the ruleset an edition uses when a scenario names none."""
    # A table with no default for the edition still scores: the current rules apply.
    return table.defaults.get(edition, "standard" if "standard" in table else next(iter(table)))


def to_scorer(entry: model.Ruleset) -> scorer.Ruleset:
    """The numbers of one YAML ruleset as the scorer's Ruleset; raises ScoringError if impossible."""
    values = {name: getattr(entry, name) for name in SCORING_FIELDS}
    if entry.small_city is not None:
        values["small_city"] = scorer.SmallCity(**entry.small_city.model_dump())
    values["farm"] = scorer.FarmRules(**entry.farm.model_dump())
    return scorer.Ruleset(**values)


def builtin() -> RulesetTable:
    """Only the current rules, for when the project has no rulesets file."""
    return RulesetTable({"standard": (BUILTIN_STANDARD, scorer.STANDARD)},
                        {edition: "standard" for edition in EDITIONS})


def check(source: Source, rulesets: model.Rulesets,
          editions: tuple[str, ...] = EDITIONS) -> tuple[RulesetTable, list[Problem]]:
    """Cross-entry checks and conversion of an already validated file.

    ``editions`` are the tile editions of the site (from site.yaml) that need a default.
    """
    problems: list[Problem] = []
    entries: dict[str, Entry] = {}
    defaults: dict[str, str] = {}
    for index, entry in enumerate(rulesets.rulesets):
        at = ("rulesets", index)
        if entry.id in entries:
            problems.append(source.problem(at + ("id",), "duplicate-id", f"ruleset id {entry.id!r} is used twice"))
            continue
        try:
            numbers = to_scorer(entry)
        except scorer.ScoringError as exc:
            path = at + tuple(exc.field.split(".")) if exc.field else at
            problems.append(source.problem(path, "bad-value", str(exc)))
            continue
        entries[entry.id] = (entry, numbers)
        for position, edition in enumerate(entry.default_for):
            where = at + ("default_for", position)
            if edition not in editions:
                problems.append(source.problem(where, "bad-value",
                                               f"{edition} is not a tile edition; expected one of {', '.join(editions)}"))
            elif edition in defaults:
                problems.append(source.problem(where, "bad-value",
                                               f"{edition} already defaults to ruleset {defaults[edition]!r}; "
                                               "an edition has exactly one default"))
            else:
                defaults[edition] = entry.id
    for edition in editions:
        if edition not in defaults:
            problems.append(source.problem(("rulesets",), "bad-value",
                                           f"no ruleset is the default for {edition}; "
                                           f"add {edition} to the default_for of one of them", at_key=True))
    return RulesetTable(entries, defaults), problems


def load_rulesets(root: Path, *, required: bool = False) -> tuple[RulesetTable, list[Problem]]:
    """Read ``<root>/rules_data/rulesets.yaml``.

    Without the file the built-in current rules are used, unless ``required`` (then a
    ``missing-file`` problem is reported too). With problems the table holds whatever
    entries were sound, so a caller may still go on to find more mistakes elsewhere.
    """
    path = root / RULESETS_FILE
    if not path.is_file():
        problems = [Problem(str(path), 1, 1, "missing-file", "the rulesets file does not exist")] if required else []
        return builtin(), problems
    source, problems = read(path)
    if source.data is None and problems:
        return builtin(), problems
    parsed, invalid = validate(source, model.Rulesets)
    problems += invalid
    if parsed is None:
        return builtin(), problems
    table, found = check(source, parsed)
    return table, problems + found
