"""Benchmark: a player's question at the terminal, ``rusc beehive|rack|wordle LANG …``.

Goal (issue 34): an answer within 0.5 s, the whole process timed (start-up, imports, the
language file, the lookup, printing). The reference, measured in the same run, is the cold
run: the same command when nothing is kept yet, which reads ``game.tsv`` and files every
key (beehive, rack), or reads wordfreq's table for the words' frequencies (wordle), and
keeps what it made (what every run did before they were kept). Medians of ``--runs`` runs
of each command, each in a fresh process as a player runs it.

    .venv/bin/python bench/bench_cli.py [--languages ca en] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL = 0.5
#: A question per game: letters any language of the site can take.
QUESTIONS = {
    "beehive": {"ca": "dioustp", "en": "lacemop"},
    "rack": {"ca": "messages", "en": "retains"},
    "wordle": {"ca": "carta:g....", "en": "crane:.y..."},
}


def timed(command: list[str], environment: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=environment, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", nargs="+", default=["ca", "en"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rusc = [sys.executable, "-m", "pipeline"]
    met = True
    with tempfile.TemporaryDirectory(prefix="rusc-bench-cli-") as cold_cache:
        for code in args.languages:
            for game, letters in QUESTIONS.items():
                command = [*rusc, game, code, letters[code]]
                warm_environment = dict(os.environ)
                # Cold: an empty cache (these commands read the lists in dist/, never a dictionary).
                cold_environment = dict(os.environ, RUSC_CACHE=cold_cache)
                timed(command, warm_environment)  # the kept lookup exists before the warm runs
                warm = statistics.median(timed(command, warm_environment) for _ in range(args.runs))
                cold = timed(command, cold_environment)
                ok = warm <= GOAL
                met &= ok
                verdict = "met" if ok else "MISSED"
                print(
                    f"{code} {game:8} {letters[code]:12} warm {warm:5.2f} s  cold {cold:5.2f} s  "
                    f"({cold / warm:4.1f}x)  goal {GOAL} s: {verdict}",
                    flush=True,
                )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
