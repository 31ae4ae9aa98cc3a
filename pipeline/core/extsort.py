"""Sorting more tab-separated rows than memory holds.

:func:`sorted_rows` sorts tuples of strings like ``sorted``. Up to ``in_memory`` rows it is
``sorted`` itself; past that it sorts runs of ``in_memory`` rows, writes each to a file of a
temporary folder (removed however the caller stops reading) and merges the runs, so memory
stays bounded by one run whatever the input: a Lithuanian expansion has 36 million forms.
(The expansion itself is sorted by :mod:`pipeline.expand.external_sort`, which buckets forms
by prefix across worker processes; these rows are made in one process, and a merge of
sorted runs is the simpler way to keep them bounded.)

>>> import tempfile
>>> rows = [("b", "2"), ("a", "9"), ("c", "1"), ("a", "1"), ("b", "1")]
>>> with tempfile.TemporaryDirectory() as spill:
...     list(sorted_rows(rows, spill, in_memory=2)) == sorted(rows)
True
"""

from __future__ import annotations

import heapq
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

#: A row: a tuple of strings, or a record that is one (a NamedTuple).
Row = TypeVar("Row", bound=tuple)

#: Rows sorted at once (a few hundred MB of Python tuples): Catalan's game rows fit in one run.
RUN_ROWS = 2_000_000


def sorted_rows(
    rows: Iterable[Row],
    spill_dir: Path | str | None,
    in_memory: int = RUN_ROWS,
    record: Callable[[list[str]], Row] = tuple,  # type: ignore[assignment]  # (mypy: a TypeVar's default)
) -> Iterator[Row]:
    """``rows`` in ``sorted`` order, spilling sorted runs to a temporary folder inside
    ``spill_dir`` when there are more than ``in_memory`` (no field may hold a tab or a
    newline). A spilled row is read back as ``record(fields)``: rows that are records
    (``GameRow._make``) come back as records, whether or not they were spilled."""
    source = iter(rows)
    run = _take(source, in_memory)
    if len(run) < in_memory:
        yield from sorted(run)
        return
    # The suffix lets pipeline.core.fsutil.remove_stale_temporaries clear a killed run's folder.
    with tempfile.TemporaryDirectory(prefix=".rows.", suffix=".tmp", dir=spill_dir) as folder:
        paths: list[Path] = []
        while run:
            run.sort()
            paths.append(Path(folder) / f"run-{len(paths):05d}.tsv")
            with open(paths[-1], "w", encoding="utf-8", newline="\n") as out:
                out.writelines("\t".join(row) + "\n" for row in run)
            run = _take(source, in_memory)
        handles = [open(path, encoding="utf-8", newline="\n") for path in paths]
        try:
            yield from heapq.merge(*(_rows_of(handle, record) for handle in handles))
        finally:
            for handle in handles:
                handle.close()


def _take(source: Iterator[Row], count: int) -> list[Row]:
    run = []
    for row in source:
        run.append(row)
        if len(run) == count:
            break
    return run


def read_rows(path: Path, record: Callable[[list[str]], Row] = tuple) -> Iterator[Row]:  # type: ignore[assignment]
    """The rows of a tab-separated file of lines, each as ``record(fields)`` (a tuple)."""
    with open(path, encoding="utf-8", newline="\n") as handle:
        yield from _rows_of(handle, record)


def _rows_of(handle, record: Callable[[list[str]], Row]) -> Iterator[Row]:
    for line in handle:
        yield record(line.rstrip("\n").split("\t"))
