"""The browser benchmarks' page: Debian's Chromium through Playwright, on a blank page
served from a temporary folder by a local HTTP server (so fetch() and timings behave as
on the site). ``with blank_page() as (page, folder): ...`` — files written to ``folder``
are served at ``/<name>``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

#: Debian's Chromium (never a downloaded browser), as the tests drive it.
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def blank_page() -> Iterator[tuple[object, Path]]:
    """(Playwright page at ``/index.html``, the folder it is served from)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        folder = Path(tmp)
        (folder / "index.html").write_text("<!DOCTYPE html><title>bench</title>", encoding="utf-8")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=tmp))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            yield page, folder
        finally:
            browser.close()
            server.shutdown()
