"""``make bench``: every benchmark in this folder, one after another, on a quiet machine.

Each ``bench_*.py`` measures Rusc against a reference in the same run and prints medians
and ratios; this runner only sequences them (so they never compete for the two cores) and
reports which missed their goal (a benchmark exits 1 when it does).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    missed = []
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.stem} ===", flush=True)
        started = time.monotonic()
        result = subprocess.run([sys.executable, str(script), *sys.argv[1:]], cwd=HERE.parent)
        print(f"--- {script.stem}: {time.monotonic() - started:.0f} s, exit {result.returncode}", flush=True)
        if result.returncode != 0:
            missed.append(script.stem)
    print("\nall goals met" if not missed else f"\ngoals missed or failed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
