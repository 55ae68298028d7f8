"""``python -m generator``: the ``rulesite`` command.

Stage: command.
"""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
