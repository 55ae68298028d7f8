"""``rulesite serve``: live preview of one language; data edits refresh the browser.
"""

from __future__ import annotations

import argparse

from generator.site.adapter import serve


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("serve", help="preview one language with live reload",
                            description="Serve one language with MkDocs' live-reloading server. Editing a file in "
                                        "rules_data/, examples/ or the templates rebuilds the page.")
    parser.add_argument("--lang", default=None, help="language to preview (default: the source language)")
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default: 127.0.0.1:8000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    serve(args.root.resolve(), args.lang, args.dev_addr)
    return 0
