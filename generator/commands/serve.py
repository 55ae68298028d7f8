"""``rulesite serve``: live preview of one language; data edits refresh the browser.
"""

from __future__ import annotations

import argparse
import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from generator.site.adapter import serve

# The signals that stop the preview as Ctrl-C does.
STOPPING = (signal.SIGTERM, signal.SIGINT)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("serve", help="preview one language with live reload",
                            description="Serve one language with MkDocs' live-reloading server. Editing a file in "
                                        "rules_data/, examples/ or the templates rebuilds the page.")
    parser.add_argument("--lang", default=None, help="language to preview (default: the source language)")
    parser.add_argument("--dev-addr", default="127.0.0.1:8000", help="address to serve on (default: 127.0.0.1:8000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with stopped_as_by_ctrl_c():
        serve(args.root.resolve(), args.lang, args.dev_addr)
    return 0


@contextmanager
def stopped_as_by_ctrl_c() -> Iterator[None]:
    """SIGTERM and SIGINT raise a KeyboardInterrupt in the main thread for the length of the block.

    Python's default for SIGTERM ends the process on the spot: the preview's site folder
    (some 4 MB under /tmp) stayed behind, and MkDocs' server never shut down. As a
    KeyboardInterrupt, the server stops as on Ctrl-C and :func:`serve` removes the folder on
    its way out. Only the first signal interrupts: a second one, while the server shuts down,
    would cut that cleanup short (which takes a fraction of a second)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # a signal handler can be set only there, and signals reach only that thread
        return
    stopping = False

    def interrupt(number: int, frame: Any) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            raise KeyboardInterrupt

    kept = {number: signal.signal(number, interrupt) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in kept.items():
            signal.signal(number, handler)
