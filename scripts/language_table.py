"""``make all-languages``: build every language one after another and print the language table of docs/languages.md.

Usage: ``python scripts/language_table.py [--timeout S] [LANG ...]`` (default: every file in
pipeline/languages/). Each language is built by ``rusc dictionaries LANG`` in a process of
its own, never two at once (the machine has two cores); one that runs longer than
``--timeout`` seconds is stopped (SIGTERM: it removes its temporary files) and reported as
such, and a refused one (its estimate over the bound) is reported with the refusal.

Per language the table gives: the source (package@version), forms, words and lemmas (from
its metadata.json), whether the expansion is bounded, whether the dictionary accepts
compounds (not listed), the expansion's wall time (the build's own log line) and the peak
RSS of the largest process of the build (``resource.getrusage`` of a wrapper process), and
how far the estimate printed before the expansion was from the real count.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Measures one build: runs it, prints "<exit code> <peak RSS KiB>" on its last line.
WRAPPER = """
import resource, subprocess, sys
code = subprocess.call(sys.argv[1:])
print("RESULT", code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
"""


def build(code: str, timeout: float) -> dict:
    """Build one language; return what the table needs (or why there is nothing)."""
    command = [sys.executable, "-c", WRAPPER, sys.executable, "-m", "pipeline", "dictionaries", code]
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, RUSC_LOCK_WAIT="3600"),
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        out, err = process.communicate()
        return {"code": code, "status": f"stopped after {timeout:.0f} s"}
    wall = time.monotonic() - started
    result = re.search(r"RESULT (-?\d+) (\d+)", err)
    status, rss = (int(result.group(1)), int(result.group(2))) if result else (process.returncode, 0)
    if status != 0:
        reason = [line for line in err.splitlines() if line.startswith("rusc:")]
        return {"code": code, "status": (reason[-1] if reason else f"exit {status}")[:200]}
    expanded = re.search(rf"^{re.escape(code)}: \d+ forms expanded \(([\d.]+) s\)", out, re.MULTILINE)
    meta = json.loads((REPO / "dist" / "wordlists" / code / "metadata.json").read_text("utf-8"))
    expansion = json.loads((REPO / "dist" / "work" / code / "expansion.json").read_text("utf-8"))
    meta["estimate"] = expansion.get("estimate", {}).get("forms")
    return {
        "code": code,
        "status": "built",
        "meta": meta,
        "wall": wall,
        "expand_seconds": float(expanded.group(1)) if expanded else None,
        "rss_kib": rss,
    }


def row(result: dict) -> str:
    code = result["code"]
    if result["status"] != "built":
        return f"| {code} | | | | | | | | | not built: {result['status']} |"
    meta = result["meta"]
    source = meta["source"]
    counts = meta["counts"]
    bounded = "bounded" if meta.get("bounded") else "full"
    seconds = f"{result['expand_seconds']:.1f} s" if result["expand_seconds"] is not None else "?"
    estimate = meta.get("estimate")
    forms = counts.get("forms", 0)
    accuracy = f"{(estimate - forms) / forms:+.1%}" if estimate and forms else "?"
    return (
        f"| {code} | {source['name']}@{source['version']} | {counts.get('forms', 0):,} | {counts.get('words', 0):,} "
        f"| {counts.get('lemmas', 0):,} | {bounded} | {'yes' if meta.get('compounds') else 'no'} | {seconds} "
        f"| {result['rss_kib'] / 1024:.0f} MiB | {accuracy} |"
    )


HEADER = (
    "| language | source | forms | words | lemmas | expansion | compounds | expansion time | peak RSS "
    "| estimate error |\n"
    "| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*")
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a build is stopped")
    args = parser.parse_args()
    codes = args.languages or sorted(p.stem for p in (REPO / "pipeline" / "languages").glob("*.toml"))
    print(HEADER, flush=True)
    failed = 0
    for code in codes:
        result = build(code, args.timeout)
        failed += result["status"] != "built"
        print(row(result), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
