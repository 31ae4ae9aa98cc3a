"""Benchmark: cleaning and writing every list variant against the expansion itself.

Goal (issue 4): building the lists (words, lemmas, game keys, Wordle, the .gz of each,
metadata and checksums) takes no longer than expanding the dictionary. Both are measured
here, in the same run, from the cached dictionaries; medians of ``--runs``.

    .venv/bin/python bench/bench_lists.py [--runs 3] [--languages ca en es fr]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.expand import expand_to_file
from pipeline.lists.wordlists import ListInputs, build_lists
from pipeline.sources import fetch


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--languages", nargs="+", default=["ca", "en", "es", "fr"])
    args = parser.parse_args()
    paths = Paths(Path(__file__).resolve().parent.parent)
    ok = True
    print(f"{'lang':5} {'expand s':>9} {'lists s':>8} {'ratio':>6}  forms/words/lemmas")
    for code in args.languages:
        language = load_language(code)
        files = fetch(language, paths)
        expand_times, list_times = [], []
        with tempfile.TemporaryDirectory() as tmp:
            forms = Path(tmp) / "work" / "forms.txt"
            for _ in range(args.runs):
                start = time.perf_counter()
                expand_to_file(files.aff, files.dic, forms, workers=2)
                expand_times.append(time.perf_counter() - start)
                info = json.loads((forms.parent / "expansion.json").read_text("utf-8"))
                inputs = ListInputs(forms, info, files.aff, files.dic, files.licence, files.provenance)
                start = time.perf_counter()
                metadata = build_lists(language, inputs, Path(tmp) / "lists")
                list_times.append(time.perf_counter() - start)
        expand, lists = statistics.median(expand_times), statistics.median(list_times)
        counts = metadata["counts"]
        print(
            f"{code:5} {expand:9.1f} {lists:8.1f} {lists / expand:6.2f}  "
            f"{counts['forms']}/{counts['words']}/{counts['lemmas']}",
            flush=True,
        )
        ok &= lists <= expand
    peak = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    )
    print(f"peak RSS of any process: {peak // 1024} MiB")
    print("goal (lists <= expansion):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
