"""How far the expansion estimate (pipeline/expand/estimate.py) is from the real count.

Usage: ``python scripts/estimate_error.py [LANG ...]`` (default: every language of the
README's table). Per language it estimates as a build does before expanding (the bounded
mode applied) and compares with the real count of distinct forms: the language's last
expansion (``dist/work/<lang>/expansion.json``) where there is one, else the forms column
of the README's table, which ``scripts/language_table.py`` wrote from real builds. The
estimate takes seconds per language, so this re-measures the table's "estimate error"
column after a change to the estimator without expanding anything.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pipeline.config import load_language  # noqa: E402
from pipeline.core.paths import Paths  # noqa: E402
from pipeline.expand.bounded import language_expander  # noqa: E402
from pipeline.expand.estimate import collection_paused, estimate_expansion  # noqa: E402
from pipeline.sources import fetch  # noqa: E402

#: A row of the language table (docs/languages.md): | code | dictionary-…@… | forms | …
TABLE_ROW = re.compile(r"^\| ([a-z][a-z-]*) \| \S+@\S+ \| ([\d,]+) \|")


def readme_counts() -> dict[str, int]:
    counts = {}
    for line in (REPO / "docs" / "languages.md").read_text("utf-8").splitlines():
        if match := TABLE_ROW.match(line):
            counts[match.group(1)] = int(match.group(2).replace(",", ""))
    return counts


def real_count(code: str, paths: Paths, table: dict[str, int]) -> tuple[int | None, str]:
    info = paths.work(code) / "expansion.json"
    if info.exists():
        return json.loads(info.read_text("utf-8"))["forms"], "expansion.json"
    return table.get(code), "docs/languages.md table"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", metavar="LANG")
    args = parser.parse_args()
    table = readme_counts()
    paths = Paths(REPO)
    worst = 0.0
    for code in args.languages or list(table):
        start = time.perf_counter()
        language = load_language(code)
        files = fetch(language, paths)
        with collection_paused():
            estimate = estimate_expansion(language_expander(language, files.aff, files.dic))
        real, source = real_count(code, paths, table)
        seconds = time.perf_counter() - start
        if not real:
            print(f"{code:12} estimate {estimate.forms:>12,}  (no real count)  {seconds:.1f} s")
            continue
        error = (estimate.forms - real) / real
        worst = max(worst, abs(error))
        print(
            f"{code:12} estimate {estimate.forms:>12,}  real {real:>12,} ({source})  {error:+.1%}  {seconds:.1f} s",
            flush=True,
        )
    print(f"largest error {worst:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
