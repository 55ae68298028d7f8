"""rulesite: a generator for a multilingual Carcassonne rules-clarification reference site.

The pipeline follows Pelican's naming: :mod:`source` reads YAML with positions,
:mod:`model` and :mod:`check` validate it, :mod:`scorer` recomputes worked examples,
:mod:`render` generates Markdown per language, :mod:`write` puts files in place, and
:mod:`mkdocs_plugin` is the thin adapter MkDocs calls.
"""

from __future__ import annotations

__version__ = "0.1.0"
