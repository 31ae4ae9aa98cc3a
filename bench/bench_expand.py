"""Benchmark: the expander against Hunspell's C++ unmunch and spylls' unmunch demo.

Run by ``make bench`` (or ``python bench/bench_expand.py [LANG ...]``). For ca, en, es, fr,
from the cached dictionaries, in the same run:

* ours, end to end (read, expand with 2 worker processes, deduplicate, sort, write);
* Debian's ``unmunch`` (hunspell-tools) on the same files: its wall time, how many lines it
  prints, and how many of those libhunspell rejects (checked on an evenly spaced sample);
* spylls' ``examples/unmunch.py`` demo, when ``SPYLLS_UNMUNCH`` names that file (fetch the
  zverok/spylls repository yourself, outside this one); otherwise a notice says it was skipped.

Wall time and peak RSS come from ``/usr/bin/time -v`` when it exists, else from
``resource.getrusage(RUSAGE_CHILDREN)``. Each measurement is repeated ``BENCH_REPEATS``
times (default 3) and the median is reported; ratios compare medians from this run.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

LANGUAGES = ("ca", "en", "es", "fr")
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))
#: Lines of unmunch's output checked by libhunspell (evenly spaced).
SAMPLE_LINES = 200_000
TIME = "/usr/bin/time"


def measure(command: list[str], cwd: Path, stdout=subprocess.DEVNULL) -> tuple[float, int]:
    # unmunch and the spylls demo chatter on stderr; only their timing matters here.
    """(wall seconds, peak RSS in KiB of the biggest process) of one run of ``command``."""
    if Path(TIME).exists():
        report = cwd / ".time.txt"
        start = time.perf_counter()
        subprocess.run(
            [TIME, "-v", "-o", str(report), *command], cwd=cwd, stdout=stdout, stderr=subprocess.DEVNULL, check=True
        )
        wall = time.perf_counter() - start
        text = report.read_text()
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
        return wall, rss
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=stdout, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    return wall, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def median_run(command: list[str], cwd: Path) -> tuple[float, int]:
    runs = [measure(command, cwd) for _ in range(REPEATS)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def ours(aff: Path, dic: Path, scratch: Path) -> tuple[float, int, int]:
    out = scratch / "ours" / "forms.txt"
    code = (
        "import sys; from pipeline.expand import expand_to_file; "
        "expand_to_file(sys.argv[1], sys.argv[2], sys.argv[3], workers=2)"
    )
    wall, rss = median_run([sys.executable, "-c", code, str(aff), str(dic), str(out)], REPO)
    forms = sum(1 for _ in open(out, "rb"))
    return wall, rss, forms


def unmunch(aff: Path, dic: Path, scratch: Path) -> tuple[float, int, int, float]:
    """(median wall, peak RSS, lines printed, share of sampled lines libhunspell rejects)."""
    from expand_support import oracle_binary

    wall, rss = median_run(["unmunch", str(dic), str(aff)], scratch)
    # One more run, counting lines and keeping an evenly spaced sample (not timed).
    sample_file = scratch / "unmunch-sample.txt"
    lines, kept, stride = 0, [], 1
    with subprocess.Popen(
        ["unmunch", str(dic), str(aff)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=scratch
    ) as process:
        for line in process.stdout:
            if lines % stride == 0:
                kept.append(line)
                if len(kept) >= 2 * SAMPLE_LINES:  # keep the sample evenly spaced
                    kept, stride = kept[::2], stride * 2
            lines += 1
    sample = [line for line in kept if line.strip()]
    sample_file.write_bytes(b"".join(line if line.endswith(b"\n") else line + b"\n" for line in sample))
    result = subprocess.run(
        [str(oracle_binary()), "-r", str(aff), str(dic)], stdin=open(sample_file, "rb"), capture_output=True, check=True
    )
    rejected = len(result.stdout.splitlines())
    return wall, rss, lines, rejected / max(1, len(sample))


def spylls_demo(aff: Path, dic: Path, scratch: Path) -> tuple[float, int] | None:
    script = os.environ.get("SPYLLS_UNMUNCH")
    if not script or not Path(script).is_file():
        return None
    folder = scratch / "spylls"
    folder.mkdir(exist_ok=True)
    shutil.copy(aff, folder / "d.aff")
    shutil.copy(dic, folder / "d.dic")
    return median_run([sys.executable, script, "-d", str(folder / "d")], folder)


def main(codes: list[str]) -> int:
    from pipeline.config import load_language
    from pipeline.core.paths import Paths
    from pipeline.sources import fetch

    if not os.environ.get("SPYLLS_UNMUNCH"):
        print(
            "notice: SPYLLS_UNMUNCH is not set: skipping spylls' examples/unmunch.py reference "
            "(fetch zverok/spylls outside this repository and point SPYLLS_UNMUNCH at it)"
        )
    print(f"expander benchmark: medians of {REPEATS} runs; RSS = peak of the largest process")
    header = (
        f"{'lang':4} {'ours s':>8} {'ours MiB':>8} {'forms':>10} {'forms/s':>10} | "
        f"{'unmunch s':>9} {'lines':>11} {'rejected':>8} {'ours/unm':>8} | {'spylls s':>8} {'ours/spy':>8}"
    )
    print(header)
    with tempfile.TemporaryDirectory(prefix="rusc-bench-expand.") as tmp:
        for code in codes:
            files = fetch(load_language(code), Paths(REPO))
            scratch = Path(tmp) / code
            scratch.mkdir()
            wall, rss, forms = ours(Path(files.aff), Path(files.dic), scratch)
            u_wall, _u_rss, u_lines, u_rejected = unmunch(Path(files.aff), Path(files.dic), scratch)
            spy = spylls_demo(Path(files.aff), Path(files.dic), scratch)
            spy_text = f"{spy[0]:8.1f} {wall / spy[0]:8.2f}" if spy else f"{'skipped':>8} {'-':>8}"
            print(
                f"{code:4} {wall:8.2f} {rss / 1024:8.0f} {forms:10d} {forms / wall:10.0f} | "
                f"{u_wall:9.2f} {u_lines:11d} {u_rejected:8.1%} {wall / u_wall:8.2f} | {spy_text}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(LANGUAGES)))
