"""The contributor guide's three everyday changes, done to a copy of the project.

Each function makes one change the way ``content/en/contributing.md`` describes it and
returns the files it touched (relative POSIX paths), so the walk-through test can run
the checks on the result and the number of files a change needs can be measured:
``python -m tests.walkthrough DIR`` applies all three to the project copy in DIR and
prints the files.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PAGE = """\
# yaml-language-server: $schema=../../schema/page.schema.json
id: crop-circles-c2-c3
expansion: crop-circles
editions: [C2, C3]
order: 25
title: Crop Circles (later editions)
info:
  publisher: hig
  year: 2016
sections:
  - id: general
    title: General information
    blocks:
      - paragraph:
          - id: general.walkthrough
            text: >-
              This page was added by the walk-through test, to show that a new page needs
              one file.
"""

LANGUAGE = """\
  - code: fr
    english_name: French
    native_name: Français
"""

OPTION = '''\
    road_complete_per_tile: int = rule(1, "Points per tile of a completed road without an inn.")
'''


def _insert_after(path: Path, anchor: str, text: str) -> None:
    source = path.read_text(encoding="utf-8")
    assert source.count(anchor) == 1, f"{path}: the anchor {anchor!r} is not there exactly once"
    path.write_text(source.replace(anchor, anchor + text), encoding="utf-8")


def add_page(root: Path) -> set[str]:
    """Step 2 of "Adding an expansion page": one file under rules_data/pages/."""
    (root / "rules_data" / "pages" / "crop-circles-c2-c3.yaml").write_text(PAGE, encoding="utf-8")
    return {"rules_data/pages/crop-circles-c2-c3.yaml"}


def add_language(root: Path) -> set[str]:
    """"Adding a language": one entry under languages: in site.yaml; untranslated text falls back."""
    _insert_after(root / "rules_data" / "site.yaml", "    native_name: Deutsch\n", LANGUAGE)
    return {"rules_data/site.yaml"}


def add_scoring_option(root: Path) -> set[str]:
    """"Adding a scoring option": a field of the scorer's Ruleset, its use, the regenerated schema."""
    ruleset = root / "generator" / "scorer" / "ruleset.py"
    _insert_after(ruleset, '    road_per_tile: int = rule(1, "Points per road tile.")\n', OPTION)
    compute = root / "generator" / "scorer" / "compute.py"
    _insert_after(compute, '        code, rate = "road", rules.road_per_tile\n',
                  "        if feature.is_complete:\n            rate = rules.road_complete_per_tile\n")
    before = (root / "schema" / "rulesets.schema.json").read_text(encoding="utf-8")
    run(root, "schema")
    changed = {"generator/scorer/ruleset.py", "generator/scorer/compute.py"}
    if (root / "schema" / "rulesets.schema.json").read_text(encoding="utf-8") != before:
        changed.add("schema/rulesets.schema.json")
    return changed


def run(root: Path, *args: str, timeout: int = 1800) -> subprocess.CompletedProcess[str]:
    """``rulesite ARGS`` on the copy, with the copy's own generator package."""
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "HOME": str(root)}
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), *args], cwd=root, env=env,
                          capture_output=True, text=True, timeout=timeout)


if __name__ == "__main__":
    target = Path(sys.argv[1]).resolve()
    touched = add_page(target) | add_language(target) | add_scoring_option(target)
    print("\n".join(sorted(touched)))
