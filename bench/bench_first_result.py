"""Benchmark: the solver pages' first result on a slow phone network (issue 36).

A fresh Chromium (no cache, no service worker) opens a solver page whose URL holds the
query, on Chrome DevTools' "Slow 4G" profile (1.44 Mbit/s down, 562.5 ms round trips) with
the CPU slowed 4×, the site served gzipped as Pages serves it; the time is from the
navigation to the first answer shown. Pages: the Catalan and English rack finder (a rack of
7 tiles, and of 5 tiles and 2 blanks) and hive solver. Reference for the rack finder, same
run and profile: a page of the site and then the whole rack index of the language as one
file (what the rack finder fetched before the index was split by number of tiles,
pipeline/solvers.py rack_index_files), fetched and parsed. Goal: 3 s.

The local server answers in HTTP/1.0, one connection per request, each paying its round
trips; Pages' HTTP/2 shares one, so these times are an upper bound (keeping connections
alive moved them by at most 0.5 s either way in a trial run).

    .venv/bin/python bench/bench_first_result.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import http.server
import io
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.chromium import ARGS, CHROMIUM  # noqa: E402
from pipeline.config import load_language  # noqa: E402
from pipeline.paths import Paths  # noqa: E402
from pipeline.racks import RackIndex  # noqa: E402
from pipeline.render import build_site  # noqa: E402
from pipeline.solvers import rack_index  # noqa: E402
from pipeline.urls import Urls  # noqa: E402

DAY = dt.date(2026, 2, 14)
BASE = "/rusc/"
GOAL_S = 3.0
#: Chrome DevTools' "Slow 4G": 1.6 Mbit/s down and 750 kbit/s up, each × 0.9, and a 150 ms
#: latency × 3.75.
SLOW_4G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
           "uploadThroughput": 750 * 1024 / 8 * 0.9}
CPU_SLOWDOWN = 4
#: (what, page with its query, the element of the first answer).
PAGES = {
    "ca": [("rack finder, 7 tiles", "ca/rack-finder/?rack=casalet", "#rf-groups li"),
           ("rack finder, 5 tiles + 2 blanks", "ca/rack-finder/?rack=casal%3F%3F", "#rf-groups li"),
           ("hive solver", "ca/hive-solver/?letters=dioustp", "#hs-result")],
    "en": [("rack finder, 7 tiles", "en/rack-finder/?rack=retains", "#rf-groups li"),
           ("rack finder, 5 tiles + 2 blanks", "en/rack-finder/?rack=retai%3F%3F", "#rf-groups li"),
           ("hive solver", "en/hive-solver/?letters=nacilpr", "#hs-result")],
}


def gzip_server(folder: Path) -> http.server.ThreadingHTTPServer:
    """Serves ``folder`` under :data:`BASE`, text files gzipped when the browser asks."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send_head(self):
            path = self.path.split("?")[0]
            if not path.startswith(BASE):
                self.send_error(404)
                return None
            file = folder / path[len(BASE):]
            if file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                self.send_error(404)
                return None
            data = file.read_bytes()
            packed = "gzip" in self.headers.get("Accept-Encoding", "") and file.suffix in (".html", ".js", ".css", ".json", ".svg")
            if packed:
                data = gzip.compress(data, 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(file)))
            self.send_header("Content-Length", str(len(data)))
            if packed:
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            return io.BytesIO(data)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def timed(browser, url: str, ready) -> float:
    """Seconds from a fresh context's navigation to ``ready(page)`` on the slow profile."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        started = time.perf_counter()
        page.goto(url, timeout=180000)
        ready(page)
        return time.perf_counter() - started
    finally:
        context.close()


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per page (the median is reported)")
    args = parser.parse_args()
    paths = Paths(ROOT)
    languages = [load_language(code) for code in PAGES]
    rows, failed = [], False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        build_site(paths, languages, DAY, Urls.create(BASE, "https://rusc.test" + BASE), out=folder)
        for language in languages:  # the reference: the whole index as one file
            (folder / f"whole-{language.code}.json").write_bytes(rack_index(RackIndex.load(language, paths)))
        server = gzip_server(folder)
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for code, pages in PAGES.items():
                    whole = statistics.median(timed(
                        browser, f"{origin}{BASE}{code}/about/",
                        lambda page: page.evaluate(f"fetch('{BASE}whole-{code}.json').then(r => r.json()).then(d => d.words.length)"))
                        for _ in range(args.repeat))
                    for what, path, selector in pages:
                        seconds = statistics.median(timed(
                            browser, f"{origin}{BASE}{path}",
                            lambda page: page.locator(selector).first.wait_for(state="visible", timeout=180000))
                            for _ in range(args.repeat))
                        rows.append((code, what, seconds, whole))
                        failed |= seconds > GOAL_S
                browser.close()
        finally:
            server.shutdown()
    print(f"First result on Slow 4G, CPU x{CPU_SLOWDOWN}, gzip, no cache (median of {args.repeat}; goal {GOAL_S:.0f} s):")
    for code, what, seconds, whole in rows:
        reference = (f"   (the page and the whole rack index as one file, same profile: {whole:.1f} s; {whole / seconds:.1f}x)"
                     if what.startswith("rack") else "")
        print(f"  {code} {what:32} {seconds:5.1f} s{reference}")
    print("all goals met" if not failed else "GOAL MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
