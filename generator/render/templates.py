"""The page templates: one Jinja environment per process, and the renderer every page kind uses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from generator.cache import memo
from generator.cache.bytecode import SealedBytecodeCache
from generator.render.escape import attr

if TYPE_CHECKING:
    from generator.project import Project
    from generator.render.language import Lang

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
def _attrsafe(value: object) -> Markup:
    # Values inside attributes that Markdown itself parses (link titles, attribute lists):
    # no quote or brace may end them early, and no entity is needed.
    text = str(value).replace('"', "'").replace("{", "(").replace("}", ")").replace("\n", " ")
    # Inline patterns run inside these values too: no link, emphasis or code may start.
    text = text.replace("[", "(").replace("]", ")").replace("*", "∗").replace("`", "ʼ").replace("_", " ")
    if not _balanced(text):
        # Python-Markdown ends a link at the first ")" that closes nothing, title or not.
        text = text.replace("(", "[").replace(")", "]")
    return Markup(text.replace("<", "‹").replace(">", "›"))


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@memo.pure(4)
def environment(cache: Path | None = None) -> Environment:
    """The template environment; one per process is enough, so its compiled templates are kept."""
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        # Compiling the templates costs more than rendering them; keep the bytecode (sealed:
        # Jinja's own cache would unpickle and run whatever a file under build/ holds).
        bytecode_cache=SealedBytecodeCache(cache) if cache else None,
        autoescape=True,  # any value that is not already escaped Markdown gets HTML-escaped
        undefined=StrictUndefined,  # a missing value is an error, never an empty hole on a page
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["yaml"] = lambda v: Markup(json.dumps(str(v), ensure_ascii=False))
    env.filters["attrsafe"] = _attrsafe
    env.filters["htmlattr"] = attr  # plain text into an HTML attribute inside Markdown
    return env




class Renderer:
    """One language's templates: what the glossary and translator views need of a renderer."""

    def __init__(self, project: Project, lang: Lang, env: Environment | None = None):
        self.project = project
        self.lang = lang
        self.env = env or environment()

    def render(self, template: str, path: str, **context: Any) -> str:
        lang = self.lang
        return self.env.get_template(template).render(
            ui=lang.ui, ui_text=lang.ui_text, lang=lang, path=path, **context)
