"""The interface strings the renderer needs; ``rulesite check`` insists that ui.yaml has them all.

A test records every key the renderer asks for while rendering the real site and fails if
one is missing here, so this list cannot fall behind the templates.
"""

from __future__ import annotations

from generator import scorer
from generator.model import plurals
from generator.scorer import board as boards

STATIC_KEYS = frozenset({
    "abbr.edition", "abbr.printing", "abbr.publisher", "chooser.label", "picture.pennants", "chooser.none", "diff.kept", "diff.missing-end", "diff.only-end", "diff.since-end", "diff.missing", "diff.only", "diff.since",
    "differences.difference", "differences.has", "differences.intro", "differences.lacks", "differences.unknown", "differences.none", "differences.text",
    "differences.title", "differences.unknown-short", "differences.unknown-means", "translate.outdated-only", "example.checked", "example.feature", "example.ruleset", "example.total",
    "fallback.banner", "fn.kept", "footnote.close", "footnote.backlink", "nav.path", "footer.made-with", "palette.dark",
    "palette.light", "toc.permalink", "box.label", "box.none", "box.lacks", "box.only", "box.note", "fn.missing", "fn.missing-end", "fn.only", "fn.only-end", "fn.since",
    "fn.since-end", "footnotes.title", "home.contributing", "home.expansions", "home.legend",
    "home.publishers", "home.reading", "home.reference", "home.translate", "home.variants",
    "info.categories", "info.editions", "info.legend", "info.printings", "info.publisher", "info.series",
    "label.special-case", "legend.checked", "legend.diff", "legend.diff-sample", "legend.example",
    "legend.footnotes", "legend.icon", "legend.intro", "legend.kind", "legend.marks", "legend.meaning",
    "legend.outdated", "legend.outdated-sample", "legend.title", "legend.untranslated", "list.and",
    "list.separator", "mark.outdated", "mark.untranslated", "nav.contributing", "nav.contributing-guide",
    "nav.expansions", "nav.home", "nav.overview", "nav.reading", "nav.reference", "nav.scenario-format",
    "nav.moving-a-wiki", "search.contributors", "nav.translate", "notfound.home", "notfound.text", "notfound.title", "printing.differences",
    "printing.edition", "printing.language", "printing.no-differences", "printing.pages", "printing.short",
    "printing.years", "publisher.country", "publishers.country", "publishers.intro", "publishers.printings",
    "publishers.publisher", "publishers.title", "related.title", "ruling.corrected", "ruling.issued",
    "ruling.updated", "state.missing", "state.outdated", "state.source", "state.translated",
    "status.translations", "status.line", "tiles.count", "tiles.note", "tiles.tile",
    "translate.back", "translate.columns", "translate.compare-intro", "translate.compare-title",
    "translate.diff", "translate.document", "translate.intro", "translate.language", "translate.missing",
    "translate.outdated", "translate.percent", "translate.site-doc", "translate.title", "translate.total",
    "translate.translated", "translate.ui-doc", "translate.unit", "variants.default", "variants.intro",
    "variants.name", "variants.source", "variants.title",
    "example.illustration", "picture.board", "picture.followers", "picture.tile", "picture.tile-unknown", "picture.marks",
    "legend.pictures", "legend.pictures-intro", "catalogue.base-game", "catalogue.counts", "catalogue.intro",
    "catalogue.source", "catalogue.start", "catalogue.title",
})

# The shapes of the icons page, in order: each feature measured in tiles, what stands in or
# beside one, the symbols printed on tiles, the figures, the outline of a scored feature and
# the placeholder of a tile whose layout is not known.
SYMBOLS = ("mage-symbol", "crop-circle-pitchfork", "crop-circle-club", "crop-circle-shield", boards.VOLCANO,
           f"{boards.DRAGON}-symbol", boards.PORTAL, boards.TOWER_FOUNDATION)
PRINCESS = "princess"
"""The princess printed in a city (The Princess and the Dragon)."""
LEGEND: tuple[str, ...] = (*scorer.carriers("tiles"), "pennant", *(f for f in scorer.FLAGS if f not in scorer.FIGURES),
                           PRINCESS, *SYMBOLS, boards.RIVER, *boards.FIGURES, "scored", "placeholder")
# What a tile's text alternative adds for the River: water through it, or its spring or lake.
RIVER_KEYS = frozenset(f"picture.{name}" for name in (boards.RIVER, boards.SPRING, boards.LAKE))


def picture_keys() -> frozenset[str]:
    """The strings a picture's text alternative is made of, from the scorer's feature table."""
    kinds = {f"picture.{kind}" for kind in scorer.FEATURE_TYPES}
    unfinished = {f"picture.{kind}-open" for kind in scorer.carriers("complete")}
    return frozenset(kinds | unfinished | {f"picture.{flag}" for flag in scorer.FLAGS} | {"picture.pigs"}
                     | {f"legend.picture.{name}" for name in LEGEND} | RIVER_KEYS)


# The translators' glossary page and its link from the dashboard.
GLOSSARY_KEYS = frozenset({
    "glossary.avoid", "glossary.concept", "glossary.english", "glossary.intro", "glossary.language",
    "glossary.link", "glossary.not-known", "glossary.notes", "glossary.preferred", "glossary.printings", "glossary.title",
})


# Rules for playing expansions together: the block on its page, the section on the partners'
# pages and the combinations page.
COMBINATION_KEYS = frozenset({
    "combination.all", "combination.from", "combination.intro", "combination.none", "combination.not-known",
    "combination.section", "combination.title", "combination.with",
    # The list of sources a rules page cites, at its end.
    "sources.title",
    # A worked example no source publishes, drawn for the site.
    "example.own",
    # An expansion's pages on other sites, in a rules page's information list.
    "info.links",
})


# How a board can come about: the order of play under a worked example, one phrase per figure.
ORDER_KEYS = frozenset({
    "order.all", "order.found", "order.next", "order.picture", "order.previous", "order.stated", "order.status",
    "order.summary", "order.tile", *(f"order.{figure}" for figure in boards.FIGURES),
})


def required_keys() -> frozenset[str]:
    """Every key ui.yaml must define: the fixed ones plus one per scorer step and feature kind."""
    steps = {f"step.{code}" for code in scorer.STEP_TEMPLATES}
    # Besides the feature types: cities scored on their own by the first farm rule, and goods tokens.
    features = {f"feature.{kind}" for kind in scorer.FEATURE_TYPES} | {"feature.farm-city", "feature.goods"}
    return STATIC_KEYS | GLOSSARY_KEYS | COMBINATION_KEYS | ORDER_KEYS | steps | features | picture_keys() | plurals.COUNT_KEYS
