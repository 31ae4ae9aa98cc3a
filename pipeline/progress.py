"""Progress of slow stages: a bar on a terminal, a line every few seconds otherwise.

CI logs and pipes get plain lines on stderr (``expanding: 41,200/142,303 entries (28%),
12 s``) every :data:`LINE_SECONDS`, so a long build is never silent there either.
"""

from __future__ import annotations

import sys
import time
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")

#: Seconds between two progress lines when stderr is not a terminal.
LINE_SECONDS = 5.0


def progress(iterable: Iterable[T], total: int | None = None, desc: str = "", unit: str = "it") -> Iterator[T]:
    """Wrap ``iterable`` in a tqdm bar on a terminal, or in timed log lines otherwise."""
    if not sys.stderr.isatty():
        yield from _lines(iterable, total, desc, unit)
        return
    from tqdm import tqdm

    yield from tqdm(iterable, total=total, desc=desc, unit=unit, leave=False, dynamic_ncols=True)


def _lines(iterable: Iterable[T], total: int | None, desc: str, unit: str) -> Iterator[T]:
    started = last = time.monotonic()
    done = 0
    for item in iterable:
        yield item
        done += 1
        now = time.monotonic()
        if now - last >= LINE_SECONDS:
            last = now
            print(progress_line(desc, done, total, unit, now - started), file=sys.stderr, flush=True)


def progress_line(desc: str, done: int, total: int | None, unit: str, seconds: float) -> str:
    """
    >>> progress_line("expanding", 41200, 142303, "entries", 12.4)
    'expanding: 41,200/142,303 entries (28%), 12 s'
    >>> progress_line("hives", 7, None, "hives", 3)
    'hives: 7 hives, 3 s'
    """
    if total:
        return f"{desc}: {done:,}/{total:,} {unit} ({done * 100 // total}%), {seconds:.0f} s"
    return f"{desc}: {done:,} {unit}, {seconds:.0f} s"
