"""Golden pages: one rules page in two languages, exactly as the generator writes it
(front matter, then the HTML of ``page.html.j2``).

The page is the minimal fixture project's (``tests/fixtures/minimal``, with the real
interface strings), so adding a page or a language to the real data changes no golden
file; a change to the renderer, the templates or the interface strings does. Regenerate
after an intended change with ``make golden`` (``python -m tests.golden``) and review the
diff like any other change.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
MINIMAL = Path(__file__).resolve().parent / "fixtures" / "minimal"
CASES = [("en", "alpha"), ("nl", "alpha")]


def render_cases() -> dict[Path, str]:
    from generator.project import load_checked
    from generator.render.generate import SiteRenderer

    with tempfile.TemporaryDirectory() as folder:
        project_root = Path(folder) / "project"
        shutil.copytree(MINIMAL, project_root)
        shutil.copy(ROOT / "rules_data" / "ui.yaml", project_root / "rules_data" / "ui.yaml")
        project = load_checked(project_root)
        return {GOLDEN / lang / f"{page}.md": SiteRenderer(project, lang).page(page) for lang, page in CASES}


def main() -> int:
    for path, text in render_cases().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
