"""Validate stage: every parsed file checked against its model, with pydantic errors turned
into located problems. ``validate_all`` is the stage; ``validate`` checks one file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from generator.cache.load_memo import NONE, LoadMemo
from generator.model.data import Example, Page, Rulesets, Site, TermBase, Translation, Ui
from generator.core.problem import Problem
from generator.read.source import Files, PathKey, Source
from generator.model.tiles import TileFile
from generator.core.vocabulary import ID_PATTERN, PATTERN_HINTS

M = TypeVar("M", bound=BaseModel)

# Friendlier words for the regular expressions used in the model.
_PATTERN_HINTS = {
    **PATTERN_HINTS,
    r"^(?:[1-9]|1[0-2])/(?:19|20)[0-9]{2}$": "a month/year date such as 5/2014",
    r"^[0-9a-f]{12}$": "a 12-digit hexadecimal fingerprint",
    r"^#[0-9a-fA-F]{6}$": "a colour such as #c0392b",
    r"^[A-Z]{2}$": "a two-letter country code such as DE",
}

_TYPE_NAMES = {
    "string_type": "a string", "int_type": "a whole number", "bool_type": "true or false",
    "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping", "model_attributes_type": "a mapping",
    "int_from_float": "a whole number", "float_type": "a number",
}


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (YAML reads yes/no/on/off as true/false; quote it)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"{type(value).__name__} {value!r}"


def locate(data: Any, loc: tuple[Any, ...]) -> PathKey:
    """Follow pydantic's ``loc`` through the data, skipping segments it inserts itself.

    Tagged unions add the tag name to ``loc`` (``blocks, 0, paragraph, paragraph, 0``);
    only segments that really index the data are kept, so the path matches :class:`Source`.
    """
    path: list[str | int] = []
    current = data
    for position, segment in enumerate(loc):
        last = position == len(loc) - 1
        if isinstance(current, dict) and segment in current:
            current = current[segment]
            path.append(segment)
        elif isinstance(current, list) and isinstance(segment, int) and 0 <= segment < len(current):
            current = current[segment]
            path.append(segment)
        elif last and isinstance(current, dict) and isinstance(segment, str):
            # A key that is absent from the data: missing-key errors name it.
            path.append(segment)
        # other segments (tags, "function-after[...]") are pydantic's own and skipped
    return tuple(path)


def to_problems(source: Source, exc: ValidationError, base: PathKey = ()) -> list[Problem]:
    problems: list[Problem] = []
    data = source.data
    for key in base:
        data = data[key]
    for error in exc.errors(include_url=False):
        path = base + locate(data, tuple(error["loc"]))
        kind = error["type"]
        name = path[-1] if path else ""
        if kind == "missing":
            parent = path[:-1]
            problems.append(source.problem(parent, "missing-key", f"missing required key {name!r}"))
        elif kind == "extra_forbidden":
            problems.append(source.problem(path, "unknown-key", f"unknown key {name!r}", at_key=True))
        elif kind == "string_pattern_mismatch":
            pattern = error.get("ctx", {}).get("pattern", "")
            hint = _PATTERN_HINTS.get(pattern, f"text matching {pattern}")
            code = "bad-id" if pattern == ID_PATTERN else "bad-value"
            problems.append(source.problem(path, code, f"{error['input']!r} is not {hint}"))
        elif kind == "literal_error":
            expected = error.get("ctx", {}).get("expected", "")
            problems.append(source.problem(path, "bad-value", f"{_describe(error['input'])} is not allowed here; expected {expected}"))
        elif kind in _TYPE_NAMES:
            problems.append(source.problem(path, "bad-type", f"expected {_TYPE_NAMES[kind]}, found {_describe(error['input'])}"))
        elif kind == "unknown-block":
            found = ", ".join(map(str, error["input"])) if isinstance(error["input"], dict) else _describe(error["input"])
            problems.append(source.problem(path, "unknown-block", f"{error['msg']}; found {found}"))
        elif kind in ("too_short", "string_too_short"):
            problems.append(source.problem(path, "bad-value", "must not be empty"))
        else:
            problems.append(source.problem(path, "bad-value", error["msg"]))
    return problems


def validate(source: Source, model: type[M], base: PathKey = ()) -> tuple[M | None, list[Problem]]:
    """Validate ``source.data`` (or the part at ``base``) against ``model``."""
    data = source.data
    for key in base:
        data = data[key]
    if data is None:
        return None, [source.problem(base, "bad-type", "the file is empty; expected a mapping")]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, to_problems(source, exc, base)


@dataclass
class Valid(Generic[M]):
    """A file that passed its schema: the model and where each of its parts stands."""

    model: M
    source: Source


@dataclass
class Data:
    """Every file that passed its schema; files that did not are left out, their problems kept."""

    files: Files
    site: Valid[Site] | None = None
    ui: Valid[Ui] | None = None
    rulesets: Valid[Rulesets] | None = None
    pages: dict[str, Valid[Page]] = field(default_factory=dict)
    """File stem to page."""
    examples: dict[str, Valid[Example]] = field(default_factory=dict)
    tiles: dict[str, Valid[TileFile]] = field(default_factory=dict)
    """File stem to tile catalogue file."""
    translations: list[tuple[str, str, Valid[Translation]]] = field(default_factory=list)
    """(language folder, document stem, translation)."""
    terms: dict[str, Valid[TermBase]] = field(default_factory=dict)
    """File stem to termbase."""
    problems: list[Problem] = field(default_factory=list)
    memo: LoadMemo = field(default=NONE, repr=False)
    """Validations kept from an earlier load of the same process (the preview's)."""

    def _valid(self, source: Source | None, model: type[M]) -> Valid[M] | None:
        if source is None:
            return None
        value, problems = self.memo.get(("valid", source.file, model.__name__), (source,),
                                        lambda: validate(source, model))
        self.problems.extend(problems)
        return None if value is None else Valid(value, source)

    @cached_property
    def shared_version(self) -> int:
        """Changes whenever a file every check reads changes, or a page or example comes or goes."""
        files = self.files
        return self.memo.version("shared", (files.site, files.ui, files.rulesets, *files.terms.values(),
                                            *files.tiles.values(), tuple(self.pages), tuple(self.examples),
                                            tuple(files.content.items()), tuple(files.published)))

    @cached_property
    def examples_version(self) -> int:
        """Changes whenever a worked example's file changes."""
        return self.memo.version("examples", tuple(valid.source for valid in self.examples.values()))

    @cached_property
    def page_sources(self) -> dict[str, Source]:
        """Page id to its file: what a translation or check of that page depends on."""
        return {valid.model.id: valid.source for valid in self.pages.values()}


def validate_all(files: Files, memo: LoadMemo = NONE) -> Data:
    """Validate stage: each parsed file against its model, on its own (``memo``: see :mod:`generator.cache.load_memo`)."""
    data = Data(files, memo=memo)
    data.site = data._valid(files.site, Site)
    data.ui = data._valid(files.ui, Ui)
    data.rulesets = data._valid(files.rulesets, Rulesets)
    for kind, model, target in (("pages", Page, data.pages), ("examples", Example, data.examples),
                                ("tiles", TileFile, data.tiles), ("terms", TermBase, data.terms)):
        for stem, source in getattr(files, kind).items():
            if (valid := data._valid(source, model)) is not None:
                target[stem] = valid
    for language, doc, source in files.translations:
        if (translation := data._valid(source, Translation)) is not None:
            data.translations.append((language, doc, translation))
    return data
