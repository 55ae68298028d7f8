"""The contributor guide's everyday changes, done to a copy of the project.

Each function makes one change the way ``content/en/contributing.md`` describes it and
returns the files it touched (relative POSIX paths), so the walk-through test can run
the checks on the result and the number of files a change needs can be measured:
``python -m tests.walkthrough DIR`` applies all of them to the project copy in DIR and
prints the files.

Two of the pages are there to catch tests written for today's content: one nobody has
translated, of an expansion that already has pages for every edition (and placed before
them), and the only page of a new expansion, for a single edition.
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

# A page of an expansion the site already has, with no translation file in any language.
# It comes first in site order, so the edition chooser of the expansion's other pages
# changes with it: a test that names today's pages of the expansion sees the difference.
UNTRANSLATED_PAGE = """\
# yaml-language-server: $schema=../../schema/page.schema.json
id: mage-and-witch-house-rule
expansion: mage-and-witch
editions: [C1, C2, C3]
order: 9
title: "Mage and Witch: a house rule"
info:
  publisher: hig
  year: 2012
sections:
  - id: general
    title: General information
    blocks:
      - paragraph:
          - id: general.house-rule
            text: >-
              Some groups add a rule of their own to the {figure:mage|mage} and the
              {figure:witch|witch}: a player who draws a tile that fits nowhere may
              move one of the two figures before drawing again.
          - id: general.not-official
            text: >-
              This is a house rule, not part of the published game, so agree on it
              before the first turn.
"""

# A new expansion: its entry under expansions: in site.yaml, and its one page, for one edition.
EXPANSION = """\
  - id: lantern-festival
    name: Lantern Festival
"""

SINGLE_EDITION_PAGE = """\
# yaml-language-server: $schema=../../schema/page.schema.json
id: lantern-festival-c3
expansion: lantern-festival
editions: [C3]
order: 30
title: Lantern Festival
info:
  publisher: hig
  year: 2024
sections:
  - id: general
    title: General information
    blocks:
      - paragraph:
          - id: general.made-up
            text: >-
              The Lantern Festival is made up: the walk-through test adds it to show that
              a new expansion needs one entry in site.yaml and one page.
  - id: rules
    title: Rules
    blocks:
      - list:
          - id: rules.lantern
            text: >-
              Whoever closes a city may put a lantern on it, and a city with a lantern
              scores one more point at the end of the game.
          - id: rules.supply
            text: When the lanterns run out, closing a city brings none.
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


def _append_to_list(path: Path, key: str, text: str) -> None:
    """Add ``text`` as the last entries of the top-level list ``key:`` of a YAML file."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"{key}:\n")
    # The list ends where the next top-level line (a key or a comment) starts, blank lines aside.
    end = next((i for i in range(start + 1, len(lines)) if lines[i][:1] not in (" ", "\n")), len(lines))
    while lines[end - 1] == "\n":
        end -= 1
    path.write_text("".join(lines[:end] + [text] + lines[end:]), encoding="utf-8")


def add_page(root: Path) -> set[str]:
    """Step 2 of "Adding an expansion page": one file under rules_data/pages/."""
    (root / "rules_data" / "pages" / "crop-circles-c2-c3.yaml").write_text(PAGE, encoding="utf-8")
    return {"rules_data/pages/crop-circles-c2-c3.yaml"}


def add_untranslated_page(root: Path) -> set[str]:
    """"Adding an expansion page" for an expansion that has pages: one file, translated later."""
    (root / "rules_data" / "pages" / "mage-and-witch-house-rule.yaml").write_text(UNTRANSLATED_PAGE, encoding="utf-8")
    return {"rules_data/pages/mage-and-witch-house-rule.yaml"}


def add_expansion(root: Path) -> set[str]:
    """"Adding an expansion page" for a new expansion: step 1's entry in site.yaml, then the page."""
    _append_to_list(root / "rules_data" / "site.yaml", "expansions", EXPANSION)
    (root / "rules_data" / "pages" / "lantern-festival-c3.yaml").write_text(SINGLE_EDITION_PAGE, encoding="utf-8")
    return {"rules_data/site.yaml", "rules_data/pages/lantern-festival-c3.yaml"}


def add_language(root: Path) -> set[str]:
    """"Adding a language": one entry under languages: in site.yaml; untranslated text falls back."""
    _append_to_list(root / "rules_data" / "site.yaml", "languages", LANGUAGE)
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
    touched = (add_page(target) | add_untranslated_page(target) | add_expansion(target) | add_language(target)
               | add_scoring_option(target))
    print("\n".join(sorted(touched)))
