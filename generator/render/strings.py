"""The interface strings the renderer needs; ``rulesite check`` insists that ui.yaml has them all.

A test records every key the renderer asks for while rendering the real site and fails if
one is missing here, so this list cannot fall behind the templates.
"""

from __future__ import annotations

from .. import scorer

STATIC_KEYS = frozenset({
    "chooser.label", "chooser.none", "diff.kept", "diff.missing-end", "diff.only-end", "diff.since-end", "diff.missing", "diff.only", "diff.since",
    "differences.difference", "differences.has", "differences.intro", "differences.lacks", "differences.unknown", "differences.none", "differences.text",
    "differences.title", "example.checked", "example.feature", "example.ruleset", "example.total",
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
    "nav.translate", "notfound.home", "notfound.text", "notfound.title", "printing.differences",
    "printing.edition", "printing.language", "printing.no-differences", "printing.pages", "printing.short",
    "printing.years", "publisher.country", "publishers.country", "publishers.intro", "publishers.printings",
    "publishers.publisher", "publishers.title", "related.title", "ruling.corrected", "ruling.issued",
    "ruling.updated", "state.missing", "state.outdated", "state.source", "state.translated",
    "status.compare", "status.translations", "status.legend", "status.line", "tiles.count", "tiles.note", "tiles.tile",
    "translate.back", "translate.columns", "translate.compare-intro", "translate.compare-title",
    "translate.diff", "translate.document", "translate.intro", "translate.language", "translate.missing",
    "translate.outdated", "translate.percent", "translate.site-doc", "translate.title", "translate.total",
    "translate.translated", "translate.ui-doc", "translate.unit", "variants.default", "variants.intro",
    "variants.name", "variants.source", "variants.title",
})


def required_keys() -> frozenset[str]:
    """Every key ui.yaml must define: the fixed ones plus one per scorer step and feature kind."""
    steps = {f"step.{code}" for code in scorer.STEP_TEMPLATES}
    features = {f"feature.{kind}" for kind in scorer.FEATURE_TYPES} | {"feature.farm-city"}
    return STATIC_KEYS | steps | features
