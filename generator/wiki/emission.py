"""The texts of the files an import writes, made on every core.

Each file the import writes is made as YAML text and read back (:mod:`generator.wiki.emit`),
so that no file is written that reads otherwise than its data; for a whole wiki that is
thousands of files and a third of the import's time. Each text depends only on its own
data, so :func:`emitted` hands the orders to one forked worker per core, which send back
each text with the data it read back as; that parse is kept
(:func:`generator.read.source.remember`), and the check after the import does not parse
the file again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core import workers
from generator.core.problem import Problem
from generator.read.source import Source, remember
from generator.wiki.emit import Unit, dump_text, read_back, translation_data, translation_lines

SMALL = 64
"""Orders below which the texts are made in this process: starting workers would cost more."""


@dataclass(frozen=True)
class Order:
    """One file to write: a page's or an example's data, or a translation's units."""

    name: str
    """The file as messages name it (relative to the project)."""
    header: list[str]
    """The comment lines above the data."""
    data: dict[str, Any] | None = None
    """A page's or an example's data (dumped), or None for a translation."""
    units: list[Unit] | None = None
    """A translation's units, when ``data`` is None."""
    blank_before: tuple[str, ...] = ()
    """Fields of ``data`` with a blank line above them."""


Made = tuple[str, Any, list[Problem]]
"""A file's text, the data it reads back as and what the reading found."""


def made(order: Order) -> Made:
    """``order``'s text, read back; ValueError if it would not read as its data."""
    if order.data is not None:
        text, wanted = dump_text(order.data, order.header, blank_before=order.blank_before), order.data
    else:
        text, wanted = translation_lines(order.units or [], order.header), translation_data(order.units or [])
    source, problems = read_back(text, order.name, wanted)
    return text, source.data, problems


def emitted(orders: list[Order], jobs: int = 0) -> list[str]:
    """The text of each of ``orders``, in order, ``jobs`` processes at a time (0: one per core)."""
    processes = workers.count(jobs, len(orders))
    if processes == 1 or len(orders) < SMALL:
        found = [made(order) for order in orders]
    else:
        with workers.pool(processes, orders) as pool:
            found = list(pool.map(_made_in_worker, range(len(orders)), chunksize=32))
    for order, (text, data, problems) in zip(orders, found):
        remember(text, Source(file=order.name, text=text, data=data), problems)
    return [text for text, _, _ in found]


def _made_in_worker(index: int) -> Made:
    orders: list[Order] = workers.state()
    return made(orders[index])
