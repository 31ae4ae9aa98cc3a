"""Writing an expansion: every distinct form, sorted by code point, in bounded memory.

Bird's-eye view (start at :func:`expand_to_file`):

1. The entries are dealt out to worker processes (:func:`pipeline.core.workers.process_pool`),
   each getting its share of the expander pickled as a task argument (no globals, nothing
   inherited through ``fork``). :func:`expand_share` buffers the forms of its entries in
   buckets keyed by their first two characters and, when the buffer is full, spills every
   bucket into one run file, with an index of where each bucket's piece is (creating a
   file per bucket is slow on some file systems).
2. The buckets are dealt out again, largest first to the least loaded worker;
   :func:`sort_buckets` deduplicates and sorts each into one file per worker. A bucket
   over ``bucket_bytes`` is split by one more character first (:func:`_split_bucket`),
   so memory is bounded by the spill buffer and the largest bucket.
3. The sorted buckets are copied out in key order into the output (written to a temporary
   file, then renamed), and ``expansion.json`` beside it says what was expanded.

The bytes do not depend on the number of workers, the start method, the hash seed or the
locale: sorting is by UTF-8 bytes, which is code point order. With one worker nothing is
started: the same functions run in this process.

Why not :func:`pipeline.core.extsort.sorted_rows`, the other external sort: that one
merges sorted runs of rows made one by one in one process (the lists stage's game rows);
an expansion's forms are made by several processes at once, so it buckets them by prefix,
sorts and deduplicates the buckets in parallel, and never merges: each bucket's forms all
sort before the next bucket's.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from pipeline.core.fsutil import atomic_path, atomic_write, sha256_file
from pipeline.core.progress import progress
from pipeline.core.workers import process_pool
from pipeline.expand.affixes import Entry
from pipeline.expand.engine import Expander
from pipeline.expand.fastpath import OrdinaryForms, fast_variant
from pipeline.expand.walk import emit_forms

#: Forms a worker buffers before spilling them to its run file.
SPILL_FORMS = 1_500_000
#: A bucket bigger than this (bytes) is split by one more character before sorting.
BUCKET_BYTES = 96 << 20


@dataclass
class ExpansionStats:
    """What :func:`expand_to_file` did (also written to expansion.json)."""

    #: Distinct forms written.
    forms: int
    #: Forms the affix paths made, before Hunspell's acceptance checks and deduplication.
    generated: int
    #: Dictionary entries read / expanded (the fast path skips some).
    entries: int
    expanded_entries: int
    compounds: bool
    fast: bool
    #: Buckets too big to sort at once, split by one more character (never written to
    #: expansion.json: it depends on ``bucket_bytes``).
    split_buckets: int = 0
    #: Wall seconds per phase (read, expand, sort, concatenate): for benchmarks, never
    #: written to expansion.json (it would make the output depend on the machine).
    seconds: dict[str, float] = field(default_factory=dict)


class Piece(NamedTuple):
    """Where a piece of a bucket lives in a run file."""

    path: str
    offset: int
    length: int


class SortedBucket(NamedTuple):
    """A bucket's distinct forms, sorted, in a worker's sorted file."""

    path: str
    offset: int
    length: int
    #: Distinct forms in the bucket.
    forms: int


class ShareResult(NamedTuple):
    """What :func:`expand_share` made."""

    #: Forms generated (before acceptance and deduplication).
    generated: int
    #: Bucket key -> its pieces in this worker's run files.
    buckets: dict[str, list[Piece]]


class SortResult(NamedTuple):
    """What :func:`sort_buckets` wrote."""

    buckets: dict[str, SortedBucket]
    #: Buckets that had to be split.
    splits: int


def expand_to_file(
    aff_path: Path | str,
    dic_path: Path | str,
    out_path: Path | str,
    workers: int = 2,
    fast: bool = False,
    ordinary: OrdinaryForms = OrdinaryForms(),
    *,
    start_method: str | None = None,
    bucket_bytes: int = BUCKET_BYTES,
    spill_forms: int = SPILL_FORMS,
    expander: Expander | None = None,
    metadata: dict | None = None,
) -> ExpansionStats:
    """Write every distinct form, sorted by code point, to ``out_path`` (and expansion.json).

    ``expander``: one already read (and perhaps bounded, :mod:`pipeline.expand.bounded`) by
    the caller's estimate (:func:`pipeline.expand.estimate.plan_expansion`); ``metadata``:
    extra fields for expansion.json (the estimate, the bounded mode).

    ``fast``: the word-game fast path (:func:`~pipeline.expand.fastpath.fast_variant`), keeping
    what ``ordinary`` says an ordinary word of the language may hold.
    ``start_method``: how worker processes start (default
    :func:`pipeline.core.workers.default_start_method`); the output is the same for every one.
    """
    aff_path, dic_path, out_path = Path(aff_path), Path(dic_path), Path(out_path)
    laps = _Laps()
    if expander is None:
        expander = Expander.from_files(aff_path, dic_path)
    total_entries = len(expander.entries())
    if fast:
        expander = fast_variant(expander, ordinary)
    workers = max(1, int(workers))
    out_path.parent.mkdir(parents=True, exist_ok=True)
    laps.lap("read")
    # pipeline.core.progress draws a bar on a terminal and prints a line every few seconds otherwise.
    show = True
    with tempfile.TemporaryDirectory(prefix=".expand.", suffix=".tmp", dir=out_path.parent) as folder:
        if workers == 1:
            generated, index = expand_share(expander, 0, folder, show, spill_forms)
            laps.lap("expand")
            keys = sorted(index)
            placed, splits = sort_buckets(keys, index, folder, 0, bucket_bytes)
        else:
            with process_pool(workers, start_method) as pool:
                shares = [
                    pool.submit(expand_share, expander.share(s, workers), s, folder, show and s == 0, spill_forms)
                    for s in range(workers)
                ]
                results = [share.result() for share in shares]
                laps.lap("expand")
                generated = sum(r.generated for r in results)
                index = {}
                for result in results:
                    for key, pieces in result.buckets.items():
                        index.setdefault(key, []).extend(pieces)
                keys = sorted(index)
                jobs = [
                    pool.submit(sort_buckets, part, {k: index[k] for k in part}, folder, i, bucket_bytes)
                    for i, part in enumerate(_deal_out(index, workers))
                ]
                placed, splits = {}, 0
                for job in jobs:
                    sorted_part = job.result()
                    placed.update(sorted_part.buckets)
                    splits += sorted_part.splits
        laps.lap("sort")
        _concatenate([placed[key] for key in keys], out_path)
        laps.lap("concatenate")
    stats = ExpansionStats(
        forms=sum(bucket.forms for bucket in placed.values()),
        generated=generated,
        entries=total_entries,
        expanded_entries=len(expander.entries()),
        compounds=expander.compounds,
        fast=fast,
        split_buckets=splits,
        seconds=laps.seconds,
    )
    write_metadata(out_path.with_name("expansion.json"), stats, expander, aff_path, dic_path, metadata)
    return stats


class _Laps:
    """Wall seconds per phase."""

    def __init__(self):
        self.seconds: dict[str, float] = {}
        self._last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.seconds[name] = round(now - self._last, 3)
        self._last = now


def _deal_out(index: dict[str, list[Piece]], workers: int) -> list[list[str]]:
    """The bucket keys per worker: largest bucket first to the least loaded (each list sorted)."""
    sizes = {key: sum(p.length for p in pieces) for key, pieces in index.items()}
    loads: list[list] = [[0, []] for _ in range(workers)]
    for key in sorted(index, key=lambda k: (-sizes[k], k)):
        target = min(loads, key=lambda load: load[0])
        target[0] += sizes[key]
        target[1].append(key)
    return [sorted(keys) for _, keys in loads]


# --- phase 1: expanding into run files ----------------------------------------------------


def expand_share(
    expander: Expander, share: int, folder: str, show_progress: bool, spill_forms: int = SPILL_FORMS
) -> ShareResult:
    """Expand every entry of ``expander`` (one worker's share, number ``share``) into run files.

    Each spill is one file holding every bucket's forms one after the other; the returned
    index says where each bucket's pieces are.
    """
    buffers: dict[str, list[str]] = {}
    index: dict[str, list[Piece]] = {}
    pending = 0
    spills = 0

    def spill() -> None:
        nonlocal spills
        path = os.path.join(folder, f"run-{share}-{spills}")
        spills += 1
        offset = 0
        with open(path, "wb") as handle:
            for key, forms in buffers.items():
                if forms:
                    data = ("\n".join(forms) + "\n").encode("utf-8")
                    handle.write(data)
                    index.setdefault(key, []).append(Piece(path, offset, len(data)))
                    offset += len(data)
                    forms.clear()

    def sink(forms: list[str], key: str | None) -> None:
        nonlocal pending
        pending += len(forms)
        if key is not None and len(key) == 2:
            bucket = buffers.get(key)
            if bucket is None:
                bucket = buffers[key] = []
            bucket.extend(forms)
            return
        for form in forms:
            key = form[:2]
            bucket = buffers.get(key)
            if bucket is None:
                bucket = buffers[key] = []
            bucket.append(form)

    entries = expander.entries()
    work: Iterable[Entry] = (
        progress(entries, total=len(entries), desc="expanding", unit="entries") if show_progress else entries
    )
    generated = 0
    for entry in work:
        generated += emit_forms(expander, entry, sink)
        if pending > spill_forms:
            spill()
            pending = 0
    spill()
    return ShareResult(generated, index)


# --- phase 2: sorting the buckets ----------------------------------------------------------


def sort_buckets(
    keys: list[str], index: dict[str, list[Piece]], folder: str, worker: int, bucket_bytes: int = BUCKET_BYTES
) -> SortResult:
    """Deduplicate and sort the buckets ``keys`` (in that order) into one file."""
    path = os.path.join(folder, f"sorted-{worker}")
    buckets: dict[str, SortedBucket] = {}
    splits = 0
    with open(path, "wb") as out:
        for key in keys:
            start = out.tell()
            count, split = _sort_bucket(index[key], out, len(key), folder, bucket_bytes)
            buckets[key] = SortedBucket(path, start, out.tell() - start, count)
            splits += split
    return SortResult(buckets, splits)


def _read_piece(piece: Piece) -> bytes:
    with open(piece.path, "rb") as handle:
        handle.seek(piece.offset)
        return handle.read(piece.length)


def _sort_bucket(pieces: list[Piece], out, depth: int, folder: str, bucket_bytes: int) -> tuple[int, int]:
    """Write one bucket's distinct lines, sorted (UTF-8 byte order is code point order).

    Returns (distinct forms, buckets split). The lines are sorted as bytes in the order
    they were read (sorting first keeps the objects' memory order close to the comparison
    order, much faster than sorting a set's scrambled order), then duplicates go through
    an ordered dict.
    """
    if sum(p.length for p in pieces) > bucket_bytes:
        return _split_bucket(pieces, out, depth, folder, bucket_bytes)
    lines: list[bytes] = []
    for piece in pieces:
        lines.extend(_read_piece(piece).split(b"\n"))
    lines.sort()
    unique = dict.fromkeys(lines)
    del lines
    unique.pop(b"", None)
    if unique:
        out.write(b"\n".join(unique))
        out.write(b"\n")
    return len(unique), 0


def _split_bucket(pieces: list[Piece], out, depth: int, folder: str, bucket_bytes: int) -> tuple[int, int]:
    """A bucket too big to sort in memory: split it by one more character, streaming."""
    sub_folder = tempfile.mkdtemp(prefix="split.", dir=folder)
    handles: dict[bytes, io.BufferedWriter] = {}
    try:
        for piece in pieces:
            with open(piece.path, "rb") as handle:
                handle.seek(piece.offset)
                remaining = piece.length
                for line in handle:
                    if remaining <= 0:
                        break
                    remaining -= len(line)
                    key = line[:-1].decode("utf-8")[: depth + 1].encode("utf-8")
                    sub = handles.get(key)
                    if sub is None:
                        sub = handles[key] = open(os.path.join(sub_folder, key.hex()), "wb")
                    sub.write(line)
    finally:
        for sub in handles.values():
            sub.close()
    total, splits = 0, 1
    for key in sorted(handles):
        piece_path = os.path.join(sub_folder, key.hex())
        if len(key.decode("utf-8")) <= depth:  # the whole form is the key: one distinct form
            total += 1
            out.write(key + b"\n")
            continue
        count, split = _sort_bucket(
            [Piece(piece_path, 0, os.path.getsize(piece_path))], out, depth + 1, sub_folder, bucket_bytes
        )
        total += count
        splits += split
    shutil.rmtree(sub_folder)
    return total, splits


# --- phase 3: the output --------------------------------------------------------------------


def _concatenate(buckets: list[SortedBucket], out_path: Path) -> None:
    """Copy the sorted buckets, in order, into ``out_path`` (atomically)."""
    with atomic_path(out_path) as tmp, open(tmp, "wb") as target:
        sources: dict[str, io.BufferedReader] = {}
        try:
            for bucket in buckets:
                source = sources.get(bucket.path)
                if source is None:
                    source = sources[bucket.path] = open(bucket.path, "rb")
                source.seek(bucket.offset)
                target.write(source.read(bucket.length))
        finally:
            for source in sources.values():
                source.close()


def write_metadata(
    path: Path, stats: ExpansionStats, expander: Expander, aff_path: Path, dic_path: Path, extra: dict | None = None
) -> None:
    """``expansion.json``: what was expanded and how many forms came out (machine-independent)."""
    data = expander.data
    meta = {
        "aff_sha256": sha256_file(aff_path),
        "break": list(data.break_patterns),
        "compound_directives": list(data.compound_directives),
        "compounds": stats.compounds,
        "dic_sha256": sha256_file(dic_path),
        "entries": stats.entries,
        "expanded_entries": stats.expanded_entries,
        "fast": stats.fast,
        "forms": stats.forms,
        "generated": stats.generated,
        **(extra or {}),
    }
    atomic_write(path, json.dumps(meta, sort_keys=True, indent=2, ensure_ascii=False) + "\n")
