"""Progress bars for slow stages: shown on a terminal, silent otherwise (CI, pipes)."""

from __future__ import annotations

import sys
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")


def progress(iterable: Iterable[T], total: int | None = None, desc: str = "", unit: str = "it") -> Iterator[T]:
    """Wrap ``iterable`` in a tqdm bar when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield from iterable
        return
    from tqdm import tqdm

    yield from tqdm(iterable, total=total, desc=desc, unit=unit, leave=False, dynamic_ncols=True)
