"""Live preview: editing a worked example's board redraws its picture."""

from __future__ import annotations

import shutil

import pytest

from .conftest import ROOT
from .test_serve import fetch, preview, wait_for

pytestmark = pytest.mark.build

BOARD = """id: alpha-example
page: alpha
section: rules
illustration: true
scenario:
  scoring: during-game
  tile_types:
    cap:
      features:
        - {type: city, edges: [N]}
        - {type: field, edges: [EL, ER, SL, SR, WL, WR], cities: [N]}
    band:
      features:
        - {type: city, edges: [N, S]}
        - {type: field, edges: [EL, ER], cities: [N]}
        - {type: field, edges: [WL, WR], cities: [N]}
  board:
    - {tile: cap, at: [0, 0], turn: 2}
    - {tile: band, at: [0, 1]}
    - {tile: cap, at: [0, 2]}
  figures:
    - {figure: follower, player: red, at: [0, 1], location: N}
  expect: {red: 6}
"""


def test_editing_a_board_redraws_its_picture(minimal):
    shutil.copy(ROOT / "mkdocs.yml", minimal / "mkdocs.yml")
    shutil.copytree(ROOT / "theme", minimal / "theme")
    shutil.copytree(ROOT / "content" / "en", minimal / "content" / "en")
    example = minimal / "examples" / "alpha-example.yaml"
    example.write_text(BOARD, encoding="utf-8")
    with preview(minimal, "en") as base:
        url = f"{base}/img/boards/alpha-example.svg"
        assert wait_for(lambda: fetch(url) is not None, 90), "the preview server did not start"
        before = fetch(url)
        assert before and before.startswith("<svg")
        page = fetch(f"{base}/alpha/") or ""
        assert "img/boards/alpha-example.svg" in page and "rs-board" in page
        example.write_text(BOARD.replace("at: [0, 1], location: N}", "at: [0, 2], location: N}"), encoding="utf-8")
        assert wait_for(lambda: (fetch(url) or before) != before, 90), "the picture was not redrawn"
