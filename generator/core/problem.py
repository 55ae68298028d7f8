"""One type for every finding, and the two ways of printing a list of them.

Modelled on yamllint: each check appends a :class:`Problem` instead of raising, so an
editor sees every mistake in one run, sorted by file and position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal

Level = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Problem:
    """A finding at a 1-based line and column of one file."""

    file: str
    line: int
    column: int
    code: str
    message: str
    level: Level = field(default="error")

    def format_text(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.level} [{self.code}] {self.message}"

    def format_github(self) -> str:
        # GitHub workflow commands: the message must not contain raw newlines.
        message = f"[{self.code}] {self.message}".replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return f"::{self.level} file={self.file},line={self.line},col={self.column}::{message}"


class Problems(list[Problem]):
    """A collecting list with helpers; kept a plain list so tests can compare it."""

    def add(self, file: str, line: int, column: int, code: str, message: str, level: Level = "error") -> None:
        self.append(Problem(file, line, column, code, message, level))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self if p.level == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self if p.level == "warning"]


def render(problems: Iterable[Problem], fmt: str = "text") -> str:
    """All problems, sorted by file, line and column, one per line."""
    lines = [p.format_github() if fmt == "github" else p.format_text() for p in sorted(set(problems))]
    return "\n".join(lines)


class ProblemsFound(Exception):
    """Raised by a stage that cannot go on; carries everything found so far."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = Problems(problems)
        super().__init__(f"{len(self.problems)} problem(s)")


class StageFailed(Exception):
    """A stage cannot go on for a reason that is not a data problem (MkDocs failed, say).

    Library code raises it; only the command line turns it into a message and an exit code.
    """


class DataError(ProblemsFound):
    """The data has errors; ``report`` lists them all, one per line."""

    @property
    def report(self) -> str:
        return render(self.problems)
