"""``rulesite serve``: live preview of one language; data edits refresh the browser."""

from __future__ import annotations

import argparse
import sys

from ..pipeline import Generated, load_checked, mkdocs_settings, search_settings
from ..render.generate import render_language


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("serve", help="preview one language with live reload",
                            description="Serve one language with MkDocs' live-reloading server. Editing a file in "
                                        "rules_data/, examples/ or the templates rebuilds the page.")
    parser.add_argument("--lang", default=None, help="language to preview (default: the source language)")
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default: 127.0.0.1:8000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import yaml
    from mkdocs.commands.serve import serve

    root = args.root.resolve()
    project = load_checked(root)
    code = args.lang or project.source_language
    if code not in project.languages:
        print(f"rulesite serve: unknown language {code!r}; the site has {', '.join(project.languages)}", file=sys.stderr)
        return 2
    settings = mkdocs_settings(Generated(project, render_language(project, code)))
    # The preview configuration has no `prebuilt` folder: the plugin renders on every rebuild.
    config = {
        "INHERIT": str(root / "mkdocs.yml"),
        "docs_dir": str(root / "content"),
        **{k: v for k, v in settings.items() if k != "nav"},
        "theme": {**settings["theme"], "custom_dir": str(root / "theme")},
        "plugins": [{"search": search_settings(code)}, {"rulesite": {"lang": code, "root": str(root)}}],
    }
    build = root / "build"
    build.mkdir(exist_ok=True)
    path = build / f"mkdocs.serve.{code}.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    print(f"serving {code} at http://{args.dev_addr}/ (other languages are built by `make site`)")
    serve(config_file=str(path), dev_addr=args.dev_addr, livereload=True, watch=[str(root / "rules_data"), str(root / "examples")])
    return 0
