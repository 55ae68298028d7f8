"""Golden Markdown: one rules page in two languages, exactly as the generator renders it.

Regenerate after an intended change with ``make golden`` (``python -m tests.golden``) and
review the diff like any other change.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [("en", "mage-and-witch-c1"), ("nl", "mage-and-witch-c1")]


def render_cases() -> dict[Path, str]:
    from generator.project import load_checked
    from generator.render.generate import SiteRenderer

    project = load_checked(ROOT)
    return {GOLDEN / lang / f"{page}.md": SiteRenderer(project, lang).page(page) for lang, page in CASES}


def main() -> int:
    for path, text in render_cases().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
