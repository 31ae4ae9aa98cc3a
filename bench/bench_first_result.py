"""Benchmark: the solver pages' first result on a slow phone network (issue 36).

A fresh Chromium (no cache, no service worker) opens a solver page whose URL holds the
query, on Chrome DevTools' "Slow 4G" profile (1.44 Mbit/s down, 562.5 ms round trips) with
the CPU slowed 4×, the site served gzipped as Pages serves it; the time is from the
navigation to the first answer shown. Pages: the Catalan and English rack finder (a rack of
7 tiles, and of 5 tiles and 2 blanks) and hive solver. Reference for the rack finder, same
run and profile: a page of the site and then the whole rack index of the language as one
file (what the rack finder fetched before the index was split by number of tiles,
pipeline/browser/solvers.py rack_index_files), fetched and parsed. Goal: 3 s.

Two local servers, each page timed on both:

* **HTTP/2 over TLS**, as Pages serves (hypercorn, a certificate made for the run by
  trustme): one connection carries every request, so a page's files arrive together. The
  goal is judged here.
* **HTTP/1.0**, one connection per request: Chromium opens at most six to a host, so a
  page's tenth file waits for a free one. An upper bound, for a host without HTTP/2.

    .venv/bin/python bench/bench_first_result.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime as dt
import gzip
import http.server
import io
import mimetypes
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.chromium import ARGS, CHROMIUM  # noqa: E402
from pipeline.browser.solvers import rack_index  # noqa: E402
from pipeline.config import load_language  # noqa: E402
from pipeline.core.paths import Paths  # noqa: E402
from pipeline.games.racks import RackIndex  # noqa: E402
from pipeline.render import build_site  # noqa: E402
from pipeline.render.urls import Urls  # noqa: E402

DAY = dt.date(2026, 2, 14)
BASE = "/rusc/"
GOAL_S = 3.0
#: Chrome DevTools' "Slow 4G": 1.6 Mbit/s down and 750 kbit/s up, each × 0.9, and a 150 ms
#: latency × 3.75.
SLOW_4G = {
    "offline": False,
    "latency": 150 * 3.75,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
    "uploadThroughput": 750 * 1024 / 8 * 0.9,
}
CPU_SLOWDOWN = 4
#: (what, page with its query, the element of the first answer).
PAGES = {
    "ca": [
        ("rack finder, 7 tiles", "ca/rack-finder/?rack=casalet", "#rf-groups li"),
        ("rack finder, 5 tiles + 2 blanks", "ca/rack-finder/?rack=casal%3F%3F", "#rf-groups li"),
        ("hive solver", "ca/hive-solver/?letters=dioustp", "#hs-result"),
    ],
    "en": [
        ("rack finder, 7 tiles", "en/rack-finder/?rack=retains", "#rf-groups li"),
        ("rack finder, 5 tiles + 2 blanks", "en/rack-finder/?rack=retai%3F%3F", "#rf-groups li"),
        ("hive solver", "en/hive-solver/?letters=nacilpr", "#hs-result"),
    ],
}


#: Files served gzipped when the browser asks, as Pages does.
PACKED = (".html", ".js", ".css", ".json", ".svg")


@dataclasses.dataclass(frozen=True)
class Response:
    """What either server answers for one path of the site."""

    status: int
    content_type: str = "text/plain"
    body: bytes = b""
    gzipped: bool = False


def respond(folder: Path, path: str, accepts_gzip: bool) -> Response:
    """The file of ``folder`` at ``path`` (under :data:`BASE`), gzipped when asked."""
    path = path.split("?")[0]
    if not path.startswith(BASE):
        return Response(404)
    file = folder / path[len(BASE) :]
    if file.is_dir():
        file = file / "index.html"
    if not file.is_file() or folder.resolve() not in file.resolve().parents:
        return Response(404)
    data = file.read_bytes()
    content_type = mimetypes.guess_type(str(file))[0] or "application/octet-stream"
    if accepts_gzip and file.suffix in PACKED:
        return Response(200, content_type, gzip.compress(data, 6), gzipped=True)
    return Response(200, content_type, data)


@contextlib.contextmanager
def http1_server(folder: Path) -> Iterator[str]:
    """Serves ``folder`` in HTTP/1.0, one connection per request; yields its origin."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send_head(self):
            response = respond(folder, self.path, "gzip" in self.headers.get("Accept-Encoding", ""))
            if response.status != 200:
                self.send_error(response.status)
                return None
            self.send_response(200)
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
            if response.gzipped:
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            return io.BytesIO(response.body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def http2_server(folder: Path) -> Iterator[str]:
    """Serves ``folder`` in HTTP/2 over TLS with a certificate made for the run; yields its
    origin (the browser context ignores the certificate's unknown issuer)."""
    import asyncio

    import trustme
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        accepts = dict(scope["headers"]).get(b"accept-encoding", b"")
        response = respond(folder, scope["path"], b"gzip" in accepts)
        headers = [
            (b"content-type", response.content_type.encode()),
            (b"content-length", str(len(response.body)).encode()),
        ]
        if response.gzipped:
            headers.append((b"content-encoding", b"gzip"))
        await send({"type": "http.response.start", "status": response.status, "headers": headers})
        await send({"type": "http.response.body", "body": response.body})

    with tempfile.TemporaryDirectory() as keys:
        pem = Path(keys) / "server.pem"
        trustme.CA().issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(str(pem))
        with socket.socket() as probe:  # a free port
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        config = Config()
        config.bind = [f"127.0.0.1:{port}"]
        config.certfile = config.keyfile = str(pem)
        config.alpn_protocols = ["h2"]
        config.loglevel = "ERROR"
        loop = asyncio.new_event_loop()
        stopping = asyncio.Event()
        thread = threading.Thread(
            target=loop.run_until_complete,
            args=(serve(app, config, mode="asgi", shutdown_trigger=stopping.wait),),
            daemon=True,
        )
        thread.start()
        try:
            for _ in range(200):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                time.sleep(0.05)
            yield f"https://127.0.0.1:{port}"
        finally:
            loop.call_soon_threadsafe(stopping.set)
            thread.join()


#: (name, server) — every page is timed on each.
SERVERS = [("HTTP/2", http2_server), ("HTTP/1.0", http1_server)]


def timed(browser, url: str, ready) -> float:
    """Seconds from a fresh context's navigation to ``ready(page)`` on the slow profile."""
    context = browser.new_context(service_workers="block", ignore_https_errors=True)
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
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for protocol, server in SERVERS:
                with server(folder) as origin:
                    for code, pages in PAGES.items():
                        whole = statistics.median(
                            timed(
                                browser,
                                f"{origin}{BASE}{code}/about/",
                                lambda page, code=code: page.evaluate(
                                    f"fetch('{BASE}whole-{code}.json').then(r => r.json()).then(d => d.words.length)"
                                ),
                            )
                            for _ in range(args.repeat)
                        )
                        for what, path, selector in pages:
                            seconds = statistics.median(
                                timed(
                                    browser,
                                    f"{origin}{BASE}{path}",
                                    lambda page, selector=selector: page.locator(selector).first.wait_for(
                                        state="visible", timeout=180000
                                    ),
                                )
                                for _ in range(args.repeat)
                            )
                            rows.append((protocol, code, what, seconds, whole))
                            failed |= protocol == SERVERS[0][0] and seconds > GOAL_S
            browser.close()
    print(
        f"First result on Slow 4G, CPU x{CPU_SLOWDOWN}, gzip, no cache (median of {args.repeat}; "
        f"goal {GOAL_S:.0f} s over {SERVERS[0][0]}):"
    )
    for protocol, code, what, seconds, whole in rows:
        reference = (
            f"   (the page and the whole rack index as one file, same profile: {whole:.1f} s; {whole / seconds:.1f}x)"
            if what.startswith("rack")
            else ""
        )
        print(f"  {protocol:8} {code} {what:32} {seconds:5.1f} s{reference}")
    print("all goals met" if not failed else "GOAL MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
