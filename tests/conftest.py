from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def minimal(tmp_path: Path) -> Path:
    """A private copy of the smallest valid project, to break on purpose."""
    target = tmp_path / "project"
    shutil.copytree(FIXTURES / "minimal", target)
    # The interface strings are the real ones: the renderer needs every one of them.
    shutil.copy(ROOT / "rules_data" / "ui.yaml", target / "rules_data" / "ui.yaml")
    return target
