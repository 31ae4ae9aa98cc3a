"""How big an expansion will be, found by counting before anything is generated.

Start at :func:`plan_expansion` (what a build calls before expanding) and
:func:`estimate_expansion`. An expansion's size is the sum over dictionary entries
of the forms each one makes, less the duplicates. Counting an entry's forms walks the same
batches the expander walks (:meth:`pipeline.expand.Expander.batches`) but only adds up
their lengths: no string is built. Two refinements keep the estimate honest:

* **Sampling.** Big dictionaries are not counted entry by entry: a deterministic sample of
  stems (every k-th distinct stem, in .dic order) is counted and scaled up. Entries that
  share a stem (homographs with different flags) are sampled together, because most
  duplicate forms come from them.
* **Duplicates and bytes.** Runs of :data:`RUN_STEMS` consecutive stems, spread evenly
  over the .dic, are actually generated, about :data:`GENERATE_CAP` forms in all, to
  measure the share of distinct forms and the bytes per form (UTF-8 plus the newline); the
  counted total is scaled by both. Runs, because the stems that make the same forms are
  mostly neighbours in the .dic (Italian's verbs and their pronominal entries): stems taken
  one by one see a twentieth of Italian's duplicates, runs of 20 nearly all.

:func:`check_bound` turns an estimate into a refusal (one line: the estimate, the bound,
what to do) and :func:`check_disk` checks the spill fits on the disk.
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pipeline.core.collector import collection_paused
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import human_bytes
from pipeline.expand.affixes import Entry
from pipeline.expand.batch import BatchKind
from pipeline.expand.engine import Expander
from pipeline.expand.walk import entry_forms

#: Stems counted at most (the sample); dictionaries with fewer are counted in full.
SAMPLE_STEMS = 12_000
#: Stems of the pilot sample that sets the sample's size: where stems make thousands of
#: forms each (Basque), fewer are counted, so that about :data:`COUNT_BUDGET` forms are.
PILOT_STEMS = 300
COUNT_BUDGET = 8_000_000
#: Forms generated (about) to measure duplicates and bytes per form ...
GENERATE_CAP = 300_000
#: ... in runs of this many consecutive stems.
RUN_STEMS = 20
#: Seconds an estimate may take: Catalan's takes about 1; an .aff whose rules multiply
#: (1,000 rules per class, each continued by the next) took minutes on one stem, so past
#: this the expansion counts as beyond any bound (:class:`EstimateTooSlow`).
ESTIMATE_SECONDS = 30.0
#: The spill (run files plus sorted files) holds each generated form about twice, and the
#: output once more while the run files still exist.
SPILL_FACTOR = 3.0


@dataclass(frozen=True)
class Estimate:
    """What an expansion is expected to produce."""

    #: Dictionary entries (lines of the .dic that make something).
    entries: int
    #: Distinct stems, and how many of them were counted.
    stems: int
    sampled_stems: int
    #: Forms the expander will generate, duplicates included.
    generated: int
    #: Distinct forms expected in forms.txt.
    forms: int
    #: Expected size of forms.txt in bytes, and the temporary space the spill needs.
    output_bytes: int
    spill_bytes: int

    def describe(self) -> str:
        """One line for the log.

        >>> Estimate(10, 9, 9, 120, 100, 800, 2900).describe()
        'estimate: 100 forms (120 generated) from 10 entries, 800 B output, 2.8 KiB of temporary space (counted all 9 stems)'
        """
        how = (
            f"counted all {self.stems} stems"
            if self.sampled_stems == self.stems
            else f"counted {self.sampled_stems} of {self.stems} stems"
        )
        return (
            f"estimate: {self.forms} forms ({self.generated} generated) from {self.entries} entries, "
            f"{human_bytes(self.output_bytes)} output, {human_bytes(self.spill_bytes)} of temporary space ({how})"
        )


def count_entry_forms(expander: Expander, entry: Entry) -> int:
    """Forms ``entry`` generates (duplicates included), counted without building them:
    what :func:`~pipeline.expand.forms.batch_forms` would make of each batch."""
    total = 0
    for kind, bases, ops, _chains in expander.batches(entry):
        if kind is BatchKind.STEM:
            total += 1
        elif kind is BatchKind.CROSS:
            total += len(ops) * len(bases)
        else:
            total += len(ops)
    return total


class EstimateTooSlow(RuscError):
    """The forms could not be counted within :data:`ESTIMATE_SECONDS`."""


@contextmanager
def time_limit(seconds: float, path: Path | str | None = None):
    """Raise :class:`EstimateTooSlow` (naming ``path``) if the block runs longer than
    ``seconds``. A SIGALRM timer, so it stops a count deep inside one
    stem's batches; in the main thread only (elsewhere the block runs unbounded). A timer
    already running (a caller's own limit) is put back, less the time spent here."""
    import signal
    import threading
    import time

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise EstimateTooSlow(
            f"counting the expansion's forms took over {seconds:.0f} s: its affix rules multiply "
            f"beyond any bound; bound the expansion (expand.bounded) or simplify the rules",
            path,
        )

    outer_left, _ = signal.getitimer(signal.ITIMER_REAL)
    previous = signal.signal(signal.SIGALRM, expire)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, min(seconds, outer_left) if outer_left else seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_left:
            signal.setitimer(signal.ITIMER_REAL, max(0.001, outer_left - (time.monotonic() - started)))


def estimate_expansion(
    expander: Expander,
    sample_stems: int = SAMPLE_STEMS,
    generate_cap: int = GENERATE_CAP,
    seconds: float | None = None,
    path: Path | str | None = None,
) -> Estimate:
    """Estimate what ``expander`` will write, within ``seconds`` (default
    :data:`ESTIMATE_SECONDS`; :func:`time_limit`, whose error names ``path``, the .aff)."""
    with time_limit(ESTIMATE_SECONDS if seconds is None else seconds, path):
        return _estimate(expander, sample_stems, generate_cap)


def _estimate(expander: Expander, sample_stems: int, generate_cap: int) -> Estimate:
    groups: dict[str, list] = {}
    entries = expander.entries()
    for entry in entries:
        groups.setdefault(entry.stem, []).append(entry)
    stems = list(groups.values())
    pilot = _every(stems, PILOT_STEMS)
    counted = _count(expander, pilot)
    mean = sum(counted) / max(1, len(pilot))
    wanted = max(len(pilot), min(sample_stems, round(COUNT_BUDGET / max(mean, 1.0))))
    sample = _every(stems, wanted)
    if len(sample) != len(pilot):
        counted = _count(expander, sample)
    scale = len(stems) / max(1, len(sample))
    generated = round(sum(counted) * scale)
    distinct_share, bytes_per_form = _measure_forms(expander, stems, sum(counted) / max(1, len(sample)), generate_cap)
    forms = round(generated * distinct_share)
    output = round(forms * bytes_per_form)
    spill = round(generated * bytes_per_form * SPILL_FACTOR)
    return Estimate(
        entries=len(entries),
        stems=len(stems),
        sampled_stems=len(sample),
        generated=generated,
        forms=forms,
        output_bytes=output,
        spill_bytes=spill,
    )


def _every(items: list, n: int) -> list:
    """About ``n`` items spread evenly over ``items`` (every k-th, in order)."""
    return items[:: max(1, -(-len(items) // max(1, n)))]


def _count(expander, groups: list) -> list[int]:
    return [sum(count_entry_forms(expander, e) for e in group) for group in groups]


def _measure_forms(expander, stems: list, mean_count: float, cap: int) -> tuple[float, float]:
    """(distinct share, bytes per form) of the forms of runs of :data:`RUN_STEMS` stems,
    evenly spread, about ``cap`` forms in all (``mean_count``: forms per stem)."""
    if not mean_count:
        return 1.0, 0.0
    # Shorter runs where stems make many forms each; a stem that alone makes more than the
    # cap is not generated (a Hungarian noun makes six million: such a dictionary is far
    # over any bound, and the share of the others is estimate enough).
    length = max(1, min(RUN_STEMS, round(cap / mean_count)))
    runs = max(1, min(len(stems) // length, round(cap / (mean_count * length))))
    starts = [len(stems) * k // runs for k in range(runs)]
    made = distinct = size = counted = 0
    for start in starts:
        forms: set[str] = set()
        for group in stems[start : start + length]:
            count = _count(expander, [group])[0]
            if count > cap:
                continue
            for entry in group:
                produced = entry_forms(expander, entry)
                made += len(produced)
                forms.update(produced)
            counted += count
        distinct += len(forms)
        size += sum(len(form.encode("utf-8")) + 1 for form in forms)
    if not made:
        return 1.0, 8.0
    # Counting does not walk libhunspell's unordered affix index (an .aff it stopped reading
    # early): the forms it never reaches are counted, so the share is of the counted forms.
    base = counted if expander.data.affix_index is not None else made
    return distinct / base, size / max(1, distinct)


def check_bound(estimate: Estimate, max_forms: int | None, max_bytes: int | None, where: str) -> None:
    """Refuse, in one line, an expansion whose estimate exceeds a bound.

    >>> e = Estimate(10, 9, 9, 120, 100, 800, 2900)
    >>> check_bound(e, 1000, None, "eu.toml")
    >>> check_bound(e, 50, None, "eu.toml")
    Traceback (most recent call last):
    ...
    pipeline.core.errors.RuscError: expansion refused: an estimated 100 forms exceed the bound of 50 (expand.max_forms in eu.toml); raise the bound (--max-forms) or use the bounded mode (expand.bounded)
    """
    if max_forms is not None and estimate.forms > max_forms:
        raise RuscError(
            f"expansion refused: an estimated {estimate.forms} forms exceed the bound of {max_forms} "
            f"(expand.max_forms in {where}); raise the bound (--max-forms) or use the bounded mode "
            f"(expand.bounded)"
        )
    if max_bytes is not None and estimate.output_bytes > max_bytes:
        raise RuscError(
            f"expansion refused: an estimated {human_bytes(estimate.output_bytes)} of forms exceed the "
            f"bound of {human_bytes(max_bytes)} (expand.max_bytes in {where}); raise the bound "
            f"(--max-bytes) or use the bounded mode (expand.bounded)"
        )


def check_disk(estimate: Estimate, folder: Path) -> None:
    """Refuse an expansion whose spill would not fit in the free space under ``folder``."""
    probe = Path(folder)
    while not probe.exists():
        probe = probe.parent
    free = shutil.disk_usage(probe).free
    if estimate.spill_bytes > free:
        raise RuscError(
            f"expansion refused: it needs about {human_bytes(estimate.spill_bytes)} of temporary space "
            f"but {probe} has {human_bytes(free)} free; free some space or use the bounded mode "
            f"(expand.bounded)"
        )


@dataclass(frozen=True)
class Plan:
    """An expansion cleared to run: the expander to use, its estimate and its mode."""

    expander: Expander
    estimate: Estimate
    #: The bounded mode ("" = full) and how metadata.json describes it (False = full).
    bounded: str
    bounded_description: str | bool

    def metadata(self) -> dict:
        """What expansion.json (and so metadata.json) records about the plan."""
        e = self.estimate
        return {
            "bounded": self.bounded_description,
            "estimate": {
                "forms": e.forms,
                "generated": e.generated,
                "output_bytes": e.output_bytes,
                "sampled_stems": e.sampled_stems,
                "stems": e.stems,
            },
        }


def plan_expansion(
    language, aff: Path, dic: Path, work: Path, max_forms: int | None = None, max_bytes: int | None = None, log=None
) -> Plan:
    """Read the dictionary, apply the language's bounded mode, estimate, and refuse (one
    line) if the estimate exceeds the bound (``max_forms``/``max_bytes`` override the
    TOML's) or the spill would not fit on the disk holding ``work``."""
    import sys

    from pipeline.expand.bounded import MODES, language_expander

    mode = language.expand.bounded
    with collection_paused():
        expander = language_expander(language, aff, dic)
        estimate = estimate_expansion(expander, path=aff)
    (log or (lambda line: print(line, file=sys.stderr, flush=True)))(
        f"{language.code}: {estimate.describe()}{f' (bounded: {mode})' if mode else ''}"
    )
    forms_bound = language.expand.max_forms if max_forms is None else max_forms
    bytes_bound = (language.expand.max_bytes or None) if max_bytes is None else max_bytes
    check_bound(estimate, forms_bound or None, bytes_bound, str(language.path))
    check_disk(estimate, work)
    return Plan(expander, estimate, mode, MODES[mode] if mode else False)
