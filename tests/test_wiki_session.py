"""The session that ``content/en/moving-a-wiki.md`` shows is replayed, and must say what the page says.

The page's console blocks are real output: a folder of the four source pages (saved as the
page describes), the export ``tests/fixtures/wiki/import/catapult-export.xml``, its import into a
copy of the project, and the build. Each command is run here the same way, and every line
the page shows (its paths shortened with "…", lines it leaves out marked "…") must be in
what the command prints, so the guide cannot drift from what the tools do.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_wiki_lint import CROP_CIRCLES, CZECH, DUTCH, POLISH, _seeds

_LOOSE = re.compile(r"\d+(?:\.\d+)?|\([a-z, ]+\)")
GUIDE = ROOT / "content" / "en" / "moving-a-wiki.md"
CATAPULT = ROOT / "tests" / "fixtures" / "wiki" / "import" / "catapult-export.xml"


def _shown(command: str) -> list[str]:
    """The lines the guide's session shows under ``$ command`` (up to the next command or block end)."""
    session = GUIDE.read_text(encoding="utf-8").split("## A session, start to end", 1)[1]
    for block in re.findall(r"```console\n(.*?)```", session, re.S):
        lines = block.splitlines()
        if lines and lines[0] == f"$ {command}":
            return [line for line in lines[1:] if line.strip() and line.strip() != "…"]
    raise AssertionError(f"the guide's session shows no '$ {command}'")


def _matches(shown: str, printed: list[str]) -> bool:
    pattern = ".*?".join(map(re.escape, shown.split("…")))
    return any(re.fullmatch(pattern, line) for line in printed)


def _run(project: Path, *args: str) -> tuple[int, list[str]]:
    run = subprocess.run([sys.executable, "-m", "generator", *args], cwd=project, capture_output=True, text=True,
                         timeout=600)
    return run.returncode, (run.stdout + run.stderr).splitlines()


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> Path:
    _seeds()
    project = tmp_path_factory.mktemp("session") / "project"
    for name in ("rules_data", "examples", "content", "theme"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    exports = project / "exports"
    for source, target in ((DUTCH, "mage-and-witch-c1-nl.txt"), (POLISH, "mage-and-witch-c1-pl.txt"),
                           (CZECH, "Mage_and_Witch/cs.txt"), (CROP_CIRCLES, "Crop_Circles_(1st_edition)/nl.txt")):
        (exports / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, exports / target)
    shutil.copy(CATAPULT, project / "catapult-export.xml")
    return project


@pytest.mark.parametrize("command, status", [
    ("rulesite wiki-lint exports/", 1),
    ("rulesite wiki-lint catapult-export.xml", 0),
    ("rulesite import wiki catapult-export.xml", 0),
])
def test_each_step_of_the_guide_s_session_prints_what_the_guide_shows(session, command, status):
    code, printed = _run(session, *command.split()[1:])
    missing = [line for line in _shown(command) if not _matches(line, printed)]
    assert code == status and not missing, (missing, printed[-20:])


@pytest.mark.build
def test_the_imported_page_of_the_session_is_built_in_every_language(session):
    code, printed = _run(session, "import", "wiki", "catapult-export.xml")  # again, if the test above ran: a no-op
    assert code == 0, printed[-5:]
    code, printed = _run(session, "build")
    # Counts, times and the language list grow with the project: the build's line is compared without them.
    loose = [_LOOSE.sub("0", line) for line in printed]
    missing = [line for line in _shown("rulesite build") if not _matches(_LOOSE.sub("0", line), loose)]
    assert code == 0 and not missing, printed[-10:]
    languages = sorted(path.name for path in (session / "site").iterdir() if (path / "index.html").is_file())
    assert len(languages) > 1 and all((session / "site" / code / "the-catapult-1st-edition" / "index.html").is_file()
                                      for code in languages)
