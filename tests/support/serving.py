"""The site served over local HTTP, as a GitHub project page would be, and the day the
shared real-data site is built for."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import http.server
import os
import tempfile
import threading
from pathlib import Path

from support.repo import REPO_ROOT, source_digest

#: The base path the test site is served under, as a GitHub project page would be.
SITE_BASE = "/rusc/"
#: The day the real-data site is built for (inside both languages' schedules).
SITE_DAY = dt.date(2026, 2, 14)


#: Where the real site is built once for every worker, by a key of all it is made from.
SHARED_SITES = REPO_ROOT / ".cache" / "test-site"
#: The site URL of the shared build (canonical and share links only; nothing loads from it).
SHARED_SITE_URL = "https://rusc.test" + SITE_BASE


def site_key(paths) -> str:
    """What the real site is built from: Rusc's code, templates, assets and catalogs, the
    two languages' word lists (their SHA256SUMS), and the day."""
    import hashlib

    digest = hashlib.sha256(SITE_DAY.isoformat().encode())
    digest.update(source_digest(("pipeline", "templates", "site")).encode())
    for code in ("ca", "en"):
        digest.update((paths.wordlists(code) / "SHA256SUMS").read_bytes())
    return digest.hexdigest()[:24]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that logs nothing and ignores a browser hanging up mid-file."""

    def log_message(self, *args):
        pass

    def handle(self):
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


@contextlib.contextmanager
def serve(folder: Path, base: str = SITE_BASE, handler: type = QuietHandler):
    """Serve ``folder`` under ``base`` on a free local port; yields the origin. ``folder``
    may be built inside the block (a site whose URLs name the port is built after it)."""
    with tempfile.TemporaryDirectory(prefix="rusc-www.") as docroot:
        os.symlink(folder, Path(docroot) / base.strip("/"))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=docroot))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
