"""Choose a language's hard-mode Wordle opening on the TUNING half of the answers.

Usage: ``python scripts/wordle_hard_opening.py LANG [--top N] [WORD ...]``: for each
candidate opening (the given words, else the opening ranking's ``N`` best), builds the
page's hard-mode tables with it (:func:`pipeline.wordle.page.page_opening`: the second
guess after every feedback played out) and plays every answer of the tuning half
(:func:`pipeline.wordle.season.answer_lists`, never the held-out half that
bench/bench_wordle.py plays) in hard mode with the helper. Prints each candidate's mean
guesses and failures, best first (fewest failures, then lowest mean, then key); the best
goes into the language's TOML as ``[wordle] hard_opening``. Reads
``dist/wordlists/LANG/wordle.tsv``; one candidate takes a minute or two.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pipeline.config import load_language  # noqa: E402
from pipeline.paths import Paths  # noqa: E402
from pipeline.wordle.page import page_opening  # noqa: E402
from pipeline.wordle.season import answer_lists, helper_player, play_season  # noqa: E402
from pipeline.wordle.strategy import Patterns, rank  # noqa: E402
from pipeline.wordle.words import load_words  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language")
    parser.add_argument("words", nargs="*", help="candidate openings (default: the ranking's --top best)")
    parser.add_argument("--top", type=int, default=10, help="how many of the opening ranking to try")
    args = parser.parse_args()
    language = load_language(args.language)
    words = load_words(Paths(REPO).wordlists(args.language) / "wordle.tsv", language)
    tune, _ = answer_lists(words, language)
    patterns = Patterns(words).precompute()
    everything = np.arange(words.size)
    candidates = args.words or [s.key for s in rank(patterns, everything, everything, args.top)]
    print(f"{args.language}: {len(tune)} tuning answers, hard mode", flush=True)
    results = []
    for key in candidates:
        start = time.perf_counter()
        trial = dataclasses.replace(language, wordle=dataclasses.replace(language.wordle, hard_opening=key))
        season = play_season(helper_player(patterns, True, page_opening(patterns, trial)), tune)
        results.append((season.failures, round(season.mean, 6), key))
        print(f"  {key}: mean {season.mean:.3f}, failures {season.failures} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    print("best first:")
    for failures, mean, key in sorted(results):
        print(f"  {key}  mean {mean:.3f}  failures {failures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
