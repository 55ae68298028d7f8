"""Wiki stage: the community wiki's pages (wikitext, rendered copies, XML exports) read into
:class:`~generator.wiki.source.WikiPage` objects and linted (:mod:`generator.wiki.lint`).

It sits after ``i18n`` and may use ``core``, ``read``, ``model``, ``check``, ``score``, the
scorer and ``project``: the lint reuses the translation checks and the termbase.
"""
