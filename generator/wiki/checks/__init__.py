"""The wiki lint's checks: one module each, found here, as yamllint keeps its rules.

A check module holds four names: ``ID``, its problem code (registered with its level in
:mod:`generator.core.codes`); ``LEVEL``; ``DESCRIPTION``, one line, which ``rulesite
wiki-lint --help`` prints and the guide's table of checks repeats; and ``check(linted,
context)``, which yields ``(offset, message)`` findings on one page. Every module of this
folder is a check, so adding one is adding its module, its code and its fixture
(``tests/fixtures/wiki/<ID>.wiki``); ``tests/test_wiki_checks.py`` holds the rest to it.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted


@dataclass(frozen=True)
class Check:
    """One check of the registry."""

    id: str
    level: Level
    description: str
    run: Callable[[Linted, Context], Iterable[Finding]]


def _found() -> Mapping[str, Check]:
    """Every module of this package as a check, by code, in the order of the codes."""
    checks = []
    for module in pkgutil.iter_modules(__path__):
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        checks.append(Check(loaded.ID, loaded.LEVEL, loaded.DESCRIPTION, loaded.check))
    # Read-only: the registry is the modules of this folder, never changed at run time.
    return MappingProxyType({check.id: check for check in sorted(checks, key=lambda check: check.id)})


CHECKS: Mapping[str, Check] = _found()
"""The registry, code -> check: the lint runs these, and the command's help and the guide list them."""
# The codes of each level, for the runner (generator.wiki.lint), which makes the problems of
# each level in a loop of its own so that tests/test_codes.py can read which codes are made at
# which level, as it reads them from a literal anywhere else.
ERRORS: tuple[str, ...] = tuple(code for code, check in CHECKS.items() if check.level == "error")
WARNINGS: tuple[str, ...] = tuple(code for code, check in CHECKS.items() if check.level == "warning")
