"""Check stage: what a schema cannot say. Cross-references and the id registry, the tile
catalogue, the scoring variants, translation files against their English units, and the termbase.
"""
