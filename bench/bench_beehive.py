"""Benchmark: solving one hive, and scoring every valid hive, against the seed's method.

Goals (issue 5): one hive in under 1 ms; every valid Catalan hive scored in under 10 s.
The reference, measured in the same run, is the seed solver's method: a linear scan of the
whole list per hive (every key tested for "only hive letters, contains the centre").
Scoring every hive that way is far too slow to run, so its total is the median per-hive
scan times the number of hives (stated as extrapolated). Medians throughout.

    .venv/bin/python bench/bench_beehive.py [--languages ca en] [--hives 200] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.games.beehive import BeehiveIndex

ONE_HIVE_GOAL = 1e-3
ALL_HIVES_GOAL = 10.0


def seed_solve(keys: list[str], letters: str) -> list[str]:
    """The seed's method: scan every key of the list."""
    allowed = set(letters)
    centre = letters[0]
    return [key for key in keys if centre in key and set(key) <= allowed]


def median_time(function, repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def bench(code: str, hives: int, runs: int) -> bool:
    language = load_language(code)
    started = time.perf_counter()
    index = BeehiveIndex.load(language, Paths.from_env())
    load = time.perf_counter() - started
    rows = index.all_hives()
    step = max(1, len(rows) // hives)
    sample = [r.centre + r.letters.replace(r.centre, "") for r in rows[::step]][:hives]
    keys = list(index.keys)

    ours = statistics.median(median_time(lambda h=h: index.solve(h), 5) for h in sample)
    seed_sample = sample[:: max(1, len(sample) // 20)]
    seed = statistics.median(median_time(lambda h=h: seed_solve(keys, h)) for h in seed_sample)
    for letters in seed_sample:  # same answers, or the comparison means nothing
        assert sorted(a.key for a in index.solve(letters).answers) == sorted(seed_solve(keys, letters)), letters

    all_times = []
    for _ in range(runs):
        index._all_hives = None
        all_times.append(median_time(index.all_hives))
    all_ours = statistics.median(all_times)
    all_seed = seed * len(rows)

    print(
        f"{code}: {len(keys)} playable keys, {len(rows)} valid hives ({len(rows) // 7} letter sets); load {load:.2f} s"
    )
    print(
        f"{code}: one hive: {ours * 1e3:.3f} ms median over {len(sample)} hives; seed's scan {seed * 1e3:.1f} ms "
        f"-> {seed / ours:.0f}x faster (goal < {ONE_HIVE_GOAL * 1e3:.0f} ms)"
    )
    print(
        f"{code}: every hive: {all_ours:.2f} s median of {runs}; seed's scan ~{all_seed:.0f} s (extrapolated) "
        f"-> {all_seed / all_ours:.0f}x faster (goal < {ALL_HIVES_GOAL:.0f} s)"
    )
    met = ours < ONE_HIVE_GOAL and all_ours < ALL_HIVES_GOAL
    print(f"{code}: {'goals met' if met else 'GOAL MISSED'}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", nargs="+", default=["ca", "en"])
    parser.add_argument("--hives", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args, _ = parser.parse_known_args()
    results = [bench(code, args.hives, args.runs) for code in args.languages]
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
