"""Shared fixtures: the repository, Hunspell's test suite, and the real built word lists.

Real-data fixtures build what is missing through the pipeline itself (fetch → expand →
lists), so `pytest` works on a fresh checkout; `make test` builds them first.
Nothing here skips: a missing tool or input is a failure, since CI must run every test.

`make test` runs on both cores with pytest-xdist (``-n 2 --dist loadscope``: each test file
on one worker, so its module fixtures are made once). What is costly is built once for the
whole run and shared on disk, whichever worker asks first, under a file lock (the other
waits and reuses it): the word lists, the expansions (tests/expand_support.py), the real
site (:func:`real_site`) and its page sweep; each worker only serves that site on its own port.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
HUNSPELL_TESTS = REPO_ROOT.parent / "shared" / "hunspell-tests"


#: The test files that take longest on two cores (about 30 to 100 s each), longest first but
#: for the pages: while one worker builds the real site (the first page file), the other has
#: two files to run that need no site, so it does not wait for the build. `make test`
#: (``--no-loadscope-reorder``) starts these before every other file, so what is left at the
#: end is short and both workers finish together.
LONGEST_FIRST = (
    "test_solver_pages.py",
    "test_expand_fastpath.py",
    "test_expand_recall.py",
    "test_wordle_page.py",
    "test_site_layout.py",
    "test_new_languages.py",
    "test_games_browser.py",
    "test_expand_forms.py",
    "test_racks.py",
    "test_wordle.py",
    "test_reproducible.py",
    "test_blocklist.py",
    "test_beehive.py",
    "test_expand_precision.py",
    "test_lists.py",
)


#: Fixtures that reach the real dictionaries (fetched, expanded and listed by the pipeline):
#: a test using one, directly or through another fixture, is ``slow``.
REAL_DATA_FIXTURES = frozenset({"paths", "built_lists", "dictionary", "conjugation_files", "game_indexes"})
#: Fixtures that drive Chromium: a test using one is ``browser`` (and ``slow``).
BROWSER_FIXTURES = frozenset({"browser", "tabs"})


def pytest_collection_modifyitems(items):
    """Marks each test by the fixtures it uses (``slow``: real dictionaries; ``browser``:
    Chromium), so the fast lane (``make check``: ``-m "not slow"``) is chosen by what a test
    needs, not by hand. Then the files of :data:`LONGEST_FIRST` first, in its order; the rest
    after them, as collected (a stable sort, the same on every worker, as pytest-xdist requires)."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if used & (REAL_DATA_FIXTURES | BROWSER_FIXTURES):
            item.add_marker(pytest.mark.slow)
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def hunspell_tests() -> Path:
    """Hunspell's own test dictionaries (read-only; never copied into the repo)."""
    assert HUNSPELL_TESTS.is_dir(), f"Hunspell's test suite is missing: {HUNSPELL_TESTS}"
    return HUNSPELL_TESTS


@pytest.fixture(scope="session")
def paths():
    from pipeline.paths import Paths

    return Paths(REPO_ROOT)


@pytest.fixture(scope="session")
def built_lists(paths):
    """``built_lists("ca")`` → ``dist/wordlists/ca``, building it first if needed."""
    from pipeline.build import build_dictionaries
    from pipeline.config import load_language

    def build(code: str) -> Path:
        from filelock import FileLock

        folder = paths.wordlists(code)
        paths.dist.mkdir(parents=True, exist_ok=True)
        with FileLock(str(paths.dist / f".test-lists-{code}.lock")):
            if not _lists_are_current(folder):
                # Wait for a build another test runs in this checkout, for this build only
                # (a test of the lock starts its own builds, which must not inherit it).
                with _environment(RUSC_LOCK_WAIT="3600"):
                    build_dictionaries([load_language(code)], paths, log=lambda *_: None)
        return folder

    return build


@contextlib.contextmanager
def _environment(**settings: str):
    """os.environ with ``settings`` for the duration of the block, then as it was."""
    saved = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _lists_are_current(folder: Path) -> bool:
    """Built, complete, and made by this Rusc with the locked libraries."""
    import json

    from pipeline import __version__
    from pipeline.resources import lock_sha256

    if not (folder / "SHA256SUMS").exists() or not (folder / "metadata.json").exists():
        return False
    meta = json.loads((folder / "metadata.json").read_text(encoding="utf-8"))
    return meta.get("rusc_version") == __version__ and meta.get("requirements_lock_sha256") == lock_sha256()


@dataclass(frozen=True, eq=False)  # hashed by identity, for functools.cache
class GameIndexes:
    """The engines' indexes of the real word lists, each loaded once per worker (the
    Catalan rack index takes half a minute to build). Tests read them, never change them."""

    paths: object
    built_lists: object

    @functools.cache
    def beehive(self, code: str):
        from pipeline.beehive import BeehiveIndex
        from pipeline.config import load_language

        return BeehiveIndex.load(load_language(code), self.paths, self.built_lists(code))

    @functools.cache
    def rack(self, code: str):
        from pipeline.config import load_language
        from pipeline.racks import RackIndex

        return RackIndex.load(load_language(code), self.paths, self.built_lists(code))


@pytest.fixture(scope="session")
def game_indexes(paths, built_lists) -> GameIndexes:
    """``game_indexes.beehive("ca")``, ``game_indexes.rack("en")``: see :class:`GameIndexes`."""
    return GameIndexes(paths, built_lists)


@pytest.fixture(scope="session")
def dictionary():
    """``dictionary("ca")`` → the fetched, normalised DictionaryFiles of a language."""
    from pipeline.config import load_language
    from pipeline.paths import Paths
    from pipeline.sources import fetch

    def get(code: str):
        return fetch(load_language(code), Paths(REPO_ROOT))

    return get


@pytest.fixture(scope="session")
def conjugation_files():
    """``conjugation_files("ca")`` → the fetched files of a language's conjugation table."""
    from pipeline.config import load_language
    from pipeline.paths import Paths
    from pipeline.sources import fetch_package_files

    def get(code: str) -> tuple[Path, ...]:
        language = load_language(code)
        return tuple(fetch_package_files(language.lemma_evidence.conjugations, language, Paths(REPO_ROOT)))

    return get


@dataclass(frozen=True)
class CliResult:
    """What one in-process ``rusc`` run did."""

    #: The exit status main() returned (or SystemExit carried, for --help).
    returncode: int
    stdout: str
    stderr: str

    @property
    def said(self) -> list[str]:
        """:func:`said` of stderr."""
        return said(self.stderr)


@pytest.fixture
def english_root(tmp_path, built_lists, paths, monkeypatch) -> Path:
    """A temporary checkout root (``RUSC_ROOT``) holding the real English lists and
    expansion, linked, with none of the settings that would change what a command writes."""
    shutil.copytree(built_lists("en"), tmp_path / "dist" / "wordlists" / "en", copy_function=os.link)
    shutil.copytree(paths.work("en"), tmp_path / "dist" / "work" / "en", copy_function=os.link)
    monkeypatch.setenv("RUSC_ROOT", str(tmp_path))
    monkeypatch.setenv("RUSC_CACHE", str(paths.cache))
    for name in ("SOURCE_DATE_EPOCH", "SITE_LANGS", "BASE_PATH", "SITE_URL", "RUSC_RELEASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@functools.cache
def lines(path: Path) -> frozenset[str]:
    """The lines of a list file, as a set (read once per test process)."""
    return frozenset(path.read_text("utf-8").splitlines())


def whole_lines_in(path: Path, wanted: set[str]) -> set[str]:
    """Which of ``wanted`` are whole lines of ``path``: one byte search each, for the
    expansions of millions of lines, which a set of every line takes seconds to build."""
    text = b"\n" + path.read_bytes()
    return {line for line in wanted if b"\n" + line.encode("utf-8") + b"\n" in text}


def said(stderr: str) -> list[str]:
    """The lines of ``stderr`` but the progress lines: a stage that runs a few seconds prints
    them (on a loaded machine any stage may), so a one-line error is one line of this."""
    from pipeline.progress import is_progress_line

    return [line for line in stderr.strip().splitlines() if not is_progress_line(line)]


@pytest.fixture
def cli(capsys, monkeypatch):
    """``cli(*argv, env={...}, unset=(...))`` runs ``rusc`` in-process through
    ``pipeline.cli.main(argv)`` — a subprocess would only add an interpreter start — with
    environment variables set (or removed) for that call alone."""
    from pipeline.cli import main

    def run(*argv: str, env: dict[str, str] | None = None, unset: tuple[str, ...] = ()) -> CliResult:
        with monkeypatch.context() as patch:
            for name in unset:
                patch.delenv(name, raising=False)
            for name, value in (env or {}).items():
                patch.setenv(name, value)
            capsys.readouterr()
            try:
                code = main(list(argv))
            except SystemExit as done:  # argparse's --help and --version
                code = done.code or 0
            captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


def wait_for_promise(page, function: str, arg=None, timeout: float = 20000) -> None:
    """Until the JS ``function`` of ``arg``, which returns a promise, resolves to a truthy
    value. Playwright's wait_for_function takes any promise for true, so each poll starts
    the promise and reads the answer of the previous one."""
    page.evaluate("() => { window.ruscWaited = false; }")
    page.wait_for_function(
        f"""(arg) => {{
        Promise.resolve(({function})(arg)).then((value) => {{ window.ruscWaited = !!value; }});
        return window.ruscWaited === true;
    }}""",
        arg=arg,
        timeout=timeout,
    )


def require_tool(name: str) -> str:
    """Path of an external tool; a missing one fails the test (CI installs them all)."""
    path = shutil.which(name)
    assert path, f"{name} is not installed; `make system-deps` installs the test tools"
    return path


# --- the real site, served, and a browser -------------------------------------------------

#: Debian's Chromium, driven by Playwright (never a downloaded browser).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The base path the test site is served under, as a GitHub project page would be.
SITE_BASE = "/rusc/"
#: The day the real-data site is built for (inside both languages' schedules).
SITE_DAY = __import__("datetime").date(2026, 2, 14)


#: Where the real site is built once for every worker, by a key of all it is made from.
SHARED_SITES = REPO_ROOT / ".cache" / "test-site"
#: The site URL of the shared build (canonical and share links only; nothing loads from it).
SHARED_SITE_URL = "https://rusc.test" + SITE_BASE


def source_digest(folders: tuple[str, ...], pattern: str = "*") -> str:
    """:func:`pipeline.fsutil.source_digest` of the repository's ``folders``: the key of a
    shared build, so that any change to what it is made from makes a new one."""
    from pipeline.fsutil import source_digest as digest_of

    return digest_of(REPO_ROOT, folders, pattern)


def _site_key(paths) -> str:
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


@pytest.fixture(scope="session")
def real_site(built_lists, paths):
    """(origin, site folder): the real ca + en site for :data:`SITE_DAY`, served by a
    local HTTP server under :data:`SITE_BASE`. Built once for the whole run, whichever
    worker asks first (the others wait on a lock and reuse it), into .cache/test-site
    (never dist/site, which `make site` owns); each worker serves it on its own port."""
    from filelock import FileLock

    from pipeline.config import load_language
    from pipeline.render import build_site
    from pipeline.urls import Urls

    for code in ("ca", "en"):
        built_lists(code)
    SHARED_SITES.mkdir(parents=True, exist_ok=True)
    folder = SHARED_SITES / _site_key(paths)
    with FileLock(str(SHARED_SITES / ".build.lock")):
        if not (folder / "index.html").exists():
            for stale in SHARED_SITES.iterdir():
                if stale.is_dir():
                    shutil.rmtree(stale, ignore_errors=True)
            build_site(
                paths,
                [load_language("ca"), load_language("en")],
                SITE_DAY,
                Urls.create(SITE_BASE, SHARED_SITE_URL),
                out=folder,
            )  # atomic: complete or absent
    with serve(folder) as origin:
        yield origin, folder


@dataclass
class Tab:
    """A browser context with one page, recording what the page requests and the uncaught
    errors of its scripts: what every page test checks (nothing from other hosts, no error)."""

    context: object
    page: object
    #: URLs the page requested, in order.
    requests: list[str]
    #: Uncaught script errors (``pageerror``), as text.
    errors: list[str]

    def goto(self, url: str):
        """Load ``url``, which must answer 200."""
        response = self.page.goto(url)
        assert response is not None and response.status == 200, url
        return response

    def clear_storage(self) -> None:
        """Forget what the site's pages stored (the games keep progress there)."""
        self.page.evaluate("localStorage.clear(); sessionStorage.clear()")


def open_tab(browser, **options) -> Tab:
    """A new context of ``browser`` (``options``: Playwright's ``new_context`` arguments)
    and its page; the caller closes ``tab.context``.

    The site's service worker is blocked unless ``service_workers="allow"`` is asked for:
    once installed it precaches every asset of the site (the solvers' indexes among them),
    which each new context would pay for again. tests/test_offline.py and the solvers'
    offline test are the ones that try it."""
    context = browser.new_context(**{"service_workers": "block", **options})
    page = context.new_page()
    tab = Tab(context, page, [], [])
    page.on("request", lambda request: tab.requests.append(request.url))
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    return tab


class TabPool:
    """Tabs kept open between the tests of a worker and lent again to tests that ask for the
    same options: a new browser context costs Chromium more than a second of CPU (a renderer
    process and a profile of its own), a page load in an open one about a third of that.

    A tab given back has its storage cleared and is left on about:blank, so the next test
    finds it as a new one, but for the HTTP cache (the site's assets are hashed, so a cached
    one is the same file). A test that changes a tab in a way that lasts (routes, offline,
    permissions) opens its own with :func:`open_tab` instead."""

    def __init__(self, browser):
        self.browser = browser
        #: Options (as a key) -> tabs given back, ready to lend.
        self.idle: dict[str, list[Tab]] = {}
        #: id() of each tab out on loan -> the key of the options it was opened with.
        self.lent: dict[int, str] = {}

    def lend(self, **options) -> Tab:
        """A tab opened with ``options`` (Playwright's ``new_context`` arguments)."""
        key = repr(sorted(options.items()))
        idle = self.idle.setdefault(key, [])
        tab = idle.pop() if idle else open_tab(self.browser, **options)
        self.lent[id(tab)] = key
        return tab

    def give_back(self, tab: Tab) -> None:
        """Take a lent ``tab`` back; a tab that cannot be reset is closed."""
        key = self.lent.pop(id(tab))
        try:
            if tab.page.url.startswith("http"):
                tab.clear_storage()
            tab.page.goto("about:blank")
        except Exception:  # the test closed it, or left it unusable: it is not lent again
            with contextlib.suppress(Exception):
                tab.context.close()
            return
        tab.requests.clear()
        tab.errors.clear()
        self.idle[key].append(tab)

    def close(self) -> None:
        for tabs in self.idle.values():
            for tab in tabs:
                tab.context.close()
        self.idle.clear()


@pytest.fixture(scope="session")
def tabs(browser):
    """The worker's :class:`TabPool`."""
    pool = TabPool(browser)
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium through Playwright."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is not installed (make system-deps)"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def page_sweep(real_site, tabs):
    """Every page type of the real site visited once per width (tests/page_sweep.py), for
    the layout and accessibility tests: swept once for the whole run, by whichever worker
    asks first (the other waits on a lock); the record is kept with the screenshots it took
    (dist/screenshots/), under a key of the shared site and of the sweep's code."""
    import hashlib
    import json
    from dataclasses import asdict

    import page_sweep as sweep_module
    from filelock import FileLock
    from page_sweep import SCREENSHOTS, PageVisit, sweep

    from pipeline.fsutil import atomic_write

    origin, site = real_site
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # Keyed by the site and by the sweep's own code, so a changed check sweeps again.
    key = hashlib.sha256(site.name.encode() + Path(sweep_module.__file__).read_bytes()).hexdigest()[:24]
    saved = SCREENSHOTS / f"sweep-{key}.json"
    with FileLock(str(SCREENSHOTS / ".sweep.lock")):
        if not saved.exists():
            for stale in SCREENSHOTS.glob("sweep-*.json"):
                stale.unlink()
            records = [asdict(visit) for visit in sweep(tabs, origin, site)]
            atomic_write(saved, json.dumps(records, ensure_ascii=False, indent=1) + "\n")
    records = json.loads(saved.read_text("utf-8"))
    tuples = ("broken_racks", "small_targets", "violations")
    return [PageVisit(**{k: tuple(v) if k in tuples and v is not None else v for k, v in r.items()}) for r in records]
