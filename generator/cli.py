"""The ``rulesite`` command line: a thin shell over the pipeline modules.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pkgutil
import select
import sys
from pathlib import Path
from typing import NoReturn

from generator import commands
from generator.core.io_failure import describe
from generator.cache import seal
from generator.core.problem import ProblemsFound, StageFailed, render


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulesite",
        description="Validate, score and build the Carcassonne rules reference site.")
    root_help = "project folder holding rules_data/ and examples/ (default: current folder)"
    parser.add_argument("--root", type=Path, default=Path("."), help=root_help)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        importlib.import_module(f"{commands.__name__}.{module.name}").register(sub)
    _root_after_commands(sub, root_help)
    return parser


def _root_after_commands(sub: argparse._SubParsersAction, root_help: str) -> None:
    """``--root`` after a command too (``rulesite po export --root DIR``); SUPPRESS keeps one given before it."""
    for command in {id(p): p for p in sub.choices.values()}.values():  # an alias names the same parser
        command.add_argument("--root", type=Path, default=argparse.SUPPRESS, help=root_help)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                _root_after_commands(action, root_help)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seal.given_key()
    except ValueError as exc:  # a mistyped CI secret: said once, before any cache is left unkept
        print(f"rulesite: {exc}", file=sys.stderr)
        return 1
    try:
        return int(args.run(args) or 0)
    except ProblemsFound as exc:
        # A command that stops on problems prints them all, never a traceback.
        print(render(exc.problems, getattr(args, "format", "text")), file=sys.stderr)
        return 1
    except StageFailed as exc:  # an IOFailure too: a file that could not be written, named in one line
        print(f"rulesite: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        if isinstance(exc, BrokenPipeError) and stdout_closed():  # `rulesite status | head`
            return quiet_after_closed_pipe()
        # The net under the stages, which name what they write: still one line, never a traceback.
        print(f"rulesite: {describe(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


# What a shell gives a command that a closed pipe stopped (128 + SIGPIPE), as `yes | head` ends.
PIPE_CLOSED = 141


def stdout_closed() -> bool:
    """Whether standard output is a pipe whose reader has gone (``rulesite status | head``)."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's capture)
        return False


def quiet_after_closed_pipe() -> int:
    """The reader of our output stopped reading, as ``head`` does once it has its lines: that is
    no failure to report. What is still buffered could never reach it, so standard output is
    pointed at the null device, and the flush at exit has nothing to fail on."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return PIPE_CLOSED


def exit_now(code: int) -> NoReturn:
    """End the process at once with ``code``, once its output is out.

    At exit Python frees every object one by one; after a build that is the whole loaded
    project, the kept renders and MkDocs' pages, about 0.3 s of CPU after a rebuild at 150
    pages (a fifteenth of it) and more the larger the site. Nothing else is left to do by
    then: the language workers have been joined, every file was written and closed by its
    own ``with`` block, and the output is flushed here."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # the reader left before the last lines (`| head`): not an error
            code = code or (quiet_after_closed_pipe() if stream is sys.stdout else 1)
        except (OSError, ValueError):  # a closed stream: nothing more can reach it
            code = code or 1
    os._exit(code)


def run() -> None:
    """The ``rulesite`` command (and ``python -m generator``): :func:`main`, then
    :func:`exit_now`. Tests call :func:`main`, which returns."""
    exit_now(main())


if __name__ == "__main__":  # pragma: no cover
    run()
