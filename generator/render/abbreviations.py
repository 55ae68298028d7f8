"""Abbreviations explained where they stand, from the one list in ``site.yaml``.

Each entry names the edition, publisher or printing it abbreviates, so its explanation is
made of texts the site already translates (an edition's name, a country's name from CLDR)
and one interface string per kind. Markdown pages get the list as the ``abbr`` extension's
glossary (``generator/site/adapter.py``), which wraps every whole-word use in
``<abbr title>``; rules pages, written as HTML, wrap the labels they write themselves.
Material's ``content.tooltips`` shows the title as a tooltip in both.
"""

from __future__ import annotations

from markupsafe import Markup

from generator.model.data import Abbreviation
from generator.render.escape import attr, md_text
from generator.render.language import Lang
from generator.render.names import country_name


def explain(lang: Lang, entry: Abbreviation) -> str:
    """What one abbreviation stands for, as plain text in ``lang``."""
    site = lang.project.site
    if entry.edition is not None:
        edition = next(e for e in site.editions if e.id == entry.edition)
        return lang.ui_text("abbr.edition", name=lang.site_text(f"edition.{edition.id}.name"), year=edition.year)
    if entry.publisher is not None:
        publisher = lang.publishers[entry.publisher]
        return lang.ui_text("abbr.publisher", name=publisher.name, country=country_name(publisher.country, lang.code))
    return lang.ui_text("abbr.printing", name=lang.printing_name_text(str(entry.printing)))


def glossary(lang: Lang) -> dict[str, str]:
    """Abbreviation -> explanation, for the ``abbr`` extension of one language's build."""
    return {entry.text: explain(lang, entry) for entry in lang.project.site.abbreviations}


def edition(lang: Lang, edition_id: str, note: str | None = None) -> Markup:
    """An edition id ("C2") as an ``<abbr>`` whose title says what it is, then ``note``
    (one tooltip: an element inside another's title would give two)."""
    entry = next((a for a in lang.project.site.abbreviations if a.edition == edition_id and a.text == edition_id), None)
    parts = ([explain(lang, entry)] if entry else [lang.site_text(f"edition.{edition_id}.name")]) + ([note] if note else [])
    return Markup(f'<abbr title="{attr(". ".join(parts))}">{md_text(edition_id)}</abbr>')


def printing(lang: Lang, printing_id: str) -> Markup:
    """A printing's short label ("HiG C2") as an ``<abbr>`` naming that very printing."""
    return Markup(f'<abbr title="{attr(lang.printing_label_text(printing_id))}">'
                  f'{md_text(lang.printings[printing_id].short)}</abbr>')
