"""``python -m generator``: the ``rulesite`` command.
"""

from __future__ import annotations

from generator.cli import run

run()
