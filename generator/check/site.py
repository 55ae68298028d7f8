"""Check stage for ``site.yaml``: unique ids, one source language, the footnote kinds,
the printings' publishers and editions, language names against CLDR; and, for every
file, that names outside the text units are plain text.
"""

from __future__ import annotations

from typing import Iterator

from babel import Locale, UnknownLocaleError

from generator.core.problem import Problem
from generator.core.vocabulary import TEMPLATE_SYNTAX
from generator.check.known import Known, duplicates, unknown_refs
from generator.model import markup
from generator.model.data import Site
from generator.read.source import PathKey, Source


def check_site(site: Site, source: Source) -> list[Problem]:
    problems: list[Problem] = []
    for collection in ("languages", "editions", "publishers", "printings", "footnote_kinds", "figures",
                       "colours", "expansions", "series", "categories", "sources"):
        key = "code" if collection == "languages" else "id"
        items = [(getattr(item, key), (collection, i, key)) for i, item in enumerate(getattr(site, collection))]
        problems += duplicates(source, items, collection.rstrip("s").replace("_", " "))
    sources = [i for i, lang in enumerate(site.languages) if lang.source]
    if len(sources) != 1:
        problems.append(source.problem(("languages",), "bad-value",
                                       f"exactly one language must be the source language (found {len(sources)})"))
    kinds = {k.id for k in site.footnote_kinds}
    if kinds != {"ruling", "note", "printing"}:
        problems.append(source.problem(("footnote_kinds",), "bad-value", "footnote kinds must be ruling, note and printing"))
    for i, publisher in enumerate(site.publishers):
        if publisher.id == "index":  # publishers/index.md is the list of publishers
            problems.append(source.problem(("publishers", i, "id"), "reserved-id",
                                           "publisher id 'index' would take the place of the list of publishers; "
                                           "choose another id"))
    known = Known.from_site(site)
    for i, printing in enumerate(site.printings):
        problems += unknown_refs(source, ("printings", i, "publisher"), "publisher", printing.publisher, known.publishers)
        problems += unknown_refs(source, ("printings", i, "edition"), "edition", printing.edition, known.editions)
    return (problems + list(_abbreviations(site, source, known)) + list(_language_names(site, source))
            + list(_links(site, source, known)))


def _links(site: Site, source: Source, known: Known) -> Iterator[Problem]:
    """An expansion's links are sources a reader can follow: known, and with a web address."""
    addresses = {r.id: r.where or "" for r in site.sources}
    for i, expansion in enumerate(site.expansions):
        where = ("expansions", i, "links")
        yield from unknown_refs(source, where, "source", expansion.links, known.sources)
        for j, link in enumerate(expansion.links):
            if link in addresses and not addresses[link].startswith(("https://", "http://")):
                yield source.problem(where + (j,), "bad-value",
                                     f"source {link!r} has no web address (its where is {addresses[link]!r}): "
                                     "a link needs one")


def _abbreviations(site: Site, source: Source, known: Known) -> Iterator[Problem]:
    """Each abbreviation once, naming an edition, publisher or printing that exists, with known sources."""
    yield from duplicates(source, [(a.text, ("abbreviations", i, "text")) for i, a in enumerate(site.abbreviations)],
                          "abbreviation")
    for i, abbreviation in enumerate(site.abbreviations):
        where = ("abbreviations", i)
        yield from unknown_refs(source, where + ("edition",), "edition", abbreviation.edition, known.editions)
        yield from unknown_refs(source, where + ("publisher",), "publisher", abbreviation.publisher, known.publishers)
        yield from unknown_refs(source, where + ("printing",), "printing", abbreviation.printing, known.printings)
        yield from unknown_refs(source, where + ("sources",), "source", abbreviation.sources, known.sources)


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
