"""rulesite: a generator for a multilingual Carcassonne rules-clarification reference site.

Each package is one stage, in pipeline order; no module imports a later stage
(``tests/test_architecture.py`` computes the import graph and checks it):

``scorer`` (the pure rules) → ``core`` (problems, codes, vocabulary) → ``cache`` (what
builds keep) → ``read`` (YAML to data) → ``model`` (formats and validation) → ``check``
(cross-references, catalogue, translations, termbase) → ``score`` (worked examples) →
``project`` (:func:`project.load`) → ``i18n`` (translators' tools) → ``render`` (pages in
memory) → ``output`` (files on disk, the site folder) → ``site`` (MkDocs) → ``build``
(:func:`build.build`) → ``commands`` (the ``rulesite`` command line, with ``cli``).
"""

from __future__ import annotations

__version__ = "0.1.0"
