"""``python -m generator``: the ``rulesite`` command.

Stage: command.
"""

from __future__ import annotations

from .cli import run

run()
