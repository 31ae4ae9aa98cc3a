"""Benchmark: the full site (ca + en, a year of archive) from already-built word lists.

Goal (issue 7): under 60 s wall on the 2-core machine. Reported: median wall time of the
runs, the page count and total size of the site, and, as a reference measured in the same
run, the time to merely copy the published word lists (the floor any build pays), so the
ratio shows what rendering costs on top of the copying.

    .venv/bin/python bench/bench_site.py [--runs 3] [--date 2026-12-31]
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.lists.downloads import list_downloads
from pipeline.render import build_site
from pipeline.render.urls import Urls

GOAL_SECONDS = 60.0
LANGUAGES = ("ca", "en")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--date",
        type=dt.date.fromisoformat,
        default=None,
        help="the puzzle day (default: a year after the schedule starts)",
    )
    args = parser.parse_args()
    paths = Paths(Path(__file__).resolve().parent.parent)
    languages = [load_language(code) for code in LANGUAGES]
    day = args.date or max(lang.schedule_start for lang in languages) + dt.timedelta(days=364)
    urls = Urls.create("/rusc/", "https://example.github.io/rusc/")

    copy_times, build_times, report = [], [], None
    with tempfile.TemporaryDirectory(dir=paths.dist) as tmp:
        for run in range(args.runs):
            start = time.perf_counter()
            for lang in languages:
                for download in list_downloads(paths.wordlists(lang.code)):
                    target = Path(tmp) / "copy" / lang.code / download.name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(download.source, target)
            copy_times.append(time.perf_counter() - start)
            shutil.rmtree(Path(tmp) / "copy")

            start = time.perf_counter()
            report = build_site(paths, languages, day, urls, out=Path(tmp) / "site")
            build_times.append(time.perf_counter() - start)
            print(f"run {run + 1}: build {build_times[-1]:.1f} s, copy reference {copy_times[-1]:.1f} s", flush=True)

    build, copy = statistics.median(build_times), statistics.median(copy_times)
    verdict = "meets" if build < GOAL_SECONDS else "MISSES"
    print(
        f"site for {day} ({', '.join(LANGUAGES)}): {report.pages} pages, {report.files} files, "
        f"{report.bytes / 1e6:.1f} MB"
    )
    print(
        f"median build {build:.1f} s over {args.runs} runs ({verdict} the {GOAL_SECONDS:.0f} s goal); "
        f"copying the word lists alone {copy:.1f} s; ratio {build / copy:.1f}×"
    )
    return 0 if build < GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
