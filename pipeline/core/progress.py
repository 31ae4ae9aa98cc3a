"""Progress of slow stages: a bar on a terminal, a line every few seconds otherwise.

CI logs and pipes get plain lines on stderr (``expanding: 41,200/142,303 entries (28%),
12 s``) every :data:`LINE_SECONDS`, so a long build is never silent there either. A slow
step with nothing to count (one long computation) says how long it has run instead:
:func:`heartbeat` (``it Wordle page data, 5 letters: 25 s``).
"""

from __future__ import annotations

import re
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

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
    for done, item in enumerate(iterable, 1):
        yield item
        now = time.monotonic()
        if now - last >= LINE_SECONDS:
            last = now
            print(progress_line(desc, done, total, unit, now - started), file=sys.stderr, flush=True)


@contextmanager
def heartbeat(desc: str) -> Iterator[None]:
    """While the block runs, ``desc: N s`` every :data:`LINE_SECONDS` on stderr, or rewritten
    in place every second on a terminal (and cleared at the end); nothing if it ends sooner."""
    done = threading.Event()
    started = time.monotonic()
    terminal = sys.stderr.isatty()

    def beat() -> None:
        while not done.wait(1.0 if terminal else LINE_SECONDS):
            line = f"{desc}: {time.monotonic() - started:.0f} s"
            print("\r" + line if terminal else line, end="" if terminal else "\n", file=sys.stderr, flush=True)

    thread = threading.Thread(target=beat, name="heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if terminal and time.monotonic() - started >= 1.0:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)


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


#: What :func:`progress_line` and :func:`heartbeat` write (and every other timed line of a
#: slow stage: ``ca words: 4 MB, 5 s``), so that a reader of stderr can tell progress from
#: what a command says.
PROGRESS_LINE = re.compile(r"[^:\n]+: (?:[\d,.]+(?:/[\d,.]+)? \S+(?: \(\d+%\))?, )?\d+ s")


def is_progress_line(line: str) -> bool:
    """
    >>> is_progress_line(progress_line("expanding", 41200, 142303, "entries", 12.4))
    True
    >>> is_progress_line(progress_line("scoring hives", 2989, None, "set", 16)), is_progress_line("ca words: 4 MB, 5 s")
    (True, True)
    >>> is_progress_line("it Wordle page data, 5 letters: 25 s")
    True
    >>> is_progress_line("rusc: game.tsv: holds answers up to 2026-01-26, after the site's day 2026-01-21")
    False
    """
    return PROGRESS_LINE.fullmatch(line) is not None
