"""rulesite: a generator for a multilingual Carcassonne rules-clarification reference site.

The stages, in order (each module's docstring names its own; no module imports a later
stage, which ``tests/test_architecture.py`` checks): ``scorer`` (pure rules) and
``vocabulary`` (ids, language codes, editions, template syntax); ``read``
(:func:`source.read_all`); ``model``; ``validate`` (:func:`validate.validate_all`);
``check`` (:func:`check.check_references`, the tile catalogue
in :mod:`catalogue`); ``score`` (:func:`examples.score_examples`);
``translations`` (:func:`translations.load_translations`); ``load`` (:class:`project.Project`);
``render`` (per language: rules pages as HTML, the rest as Markdown); ``write``; ``build`` (:func:`build.build`, MkDocs through
:mod:`mkdocs_adapter`); ``command`` (the ``rulesite`` command line).

Stage: command.
"""

from __future__ import annotations

__version__ = "0.1.0"
