"""Check stage: what a schema cannot say. ``references`` is the stage's entry point
(:func:`~generator.check.references.check_references`); each other module is one subject:
``known`` (the id registry and the broken files), ``site`` (site.yaml and plain names),
``pages`` (pages and worked examples), ``texts`` (the markup of a unit), ``interface``
(interface strings and their placeholders), ``structure`` (a translation's structure
against its English), ``catalogue`` (the tile catalogue), ``rulesets`` (the scoring
variants), ``translations`` (translation files against their English units) and ``terms``
(the termbase).
"""
