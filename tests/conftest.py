"""Shared fixtures: the repository, Hunspell's test suite, and the real built word lists.

Real-data fixtures build what is missing through the pipeline itself (fetch → expand →
lists), so `pytest` works on a fresh checkout; `make test` builds them first.
Nothing here skips: a missing tool or input is a failure, since CI must run every test.

`make test` runs on both cores with pytest-xdist (``-n 2 --dist loadscope``: each test file
on one worker, so its module fixtures are made once). What is costly is built once for the
whole run and shared on disk, whichever worker asks first, under a file lock (the other
waits and reuses it): the word lists, the expansions (tests/support/expansions.py), the real
site (:func:`real_site`) and its page sweep; each worker only serves that site on its own port.
"""

from __future__ import annotations

import gc
import os
import shutil
from pathlib import Path

import pytest
from support.browser import CHROMIUM, CHROMIUM_ARGS, PatientBrowser, TabPool
from support.cli import CliResult
from support.repo import HUNSPELL_TESTS, REPO_ROOT, GameIndexes, environment, lists_are_current
from support.schedule import mark_and_order
from support.serving import SHARED_SITE_URL, SHARED_SITES, SITE_BASE, SITE_DAY, serve, site_key


def pytest_configure(config):
    """The cyclic collector less often: the fixtures keep millions of objects alive (a
    language's lists, its indexes), and each of the collector's runs walks those a test
    just made. At Python's default (a run every 700 new objects) test_racks, test_wordle,
    test_lemmas, test_vocabulary and test_beehive took 88 and 92 CPU-s; at 100,000, 77
    and 78 (``/usr/bin/time pytest -n 0`` on those five files)."""
    gc.set_threshold(100_000, 10, 10)


def pytest_collection_modifyitems(items):
    """Each test marked by the fixtures it uses, the longest files first (support.schedule)."""
    mark_and_order(items)


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
    from pipeline.core.paths import Paths

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
            if not lists_are_current(folder):
                # Wait for a build another test runs in this checkout, for this build only
                # (a test of the lock starts its own builds, which must not inherit it).
                with environment(RUSC_LOCK_WAIT="3600"):
                    build_dictionaries([load_language(code)], paths, log=lambda *_: None)
        return folder

    return build


@pytest.fixture(scope="session")
def game_indexes(paths, built_lists) -> GameIndexes:
    """``game_indexes.beehive("ca")``, ``game_indexes.rack("en")``: see :class:`GameIndexes`."""
    return GameIndexes(paths, built_lists)


@pytest.fixture(scope="session")
def dictionary():
    """``dictionary("ca")`` → the fetched, normalised DictionaryFiles of a language."""
    from pipeline.config import load_language
    from pipeline.core.paths import Paths
    from pipeline.sources import fetch

    def get(code: str):
        return fetch(load_language(code), Paths(REPO_ROOT))

    return get


@pytest.fixture(scope="session")
def conjugation_files():
    """``conjugation_files("ca")`` → the fetched files of a language's conjugation table."""
    from pipeline.config import load_language
    from pipeline.core.paths import Paths
    from pipeline.sources import fetch_package_files

    def get(code: str) -> tuple[Path, ...]:
        language = load_language(code)
        return tuple(fetch_package_files(language.lemma_evidence.conjugations, language, Paths(REPO_ROOT)))

    return get


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


@pytest.fixture(scope="session")
def real_site(built_lists, paths):
    """(origin, site folder): the real ca + en site for :data:`SITE_DAY`, served by a
    local HTTP server under :data:`SITE_BASE`. Built once for the whole run, whichever
    worker asks first (the others wait on a lock and reuse it), into .cache/test-site
    (never dist/site, which `make site` owns); each worker serves it on its own port."""
    from filelock import FileLock

    from pipeline.config import load_language
    from pipeline.render import build_site
    from pipeline.render.urls import Urls

    for code in ("ca", "en"):
        built_lists(code)
    SHARED_SITES.mkdir(parents=True, exist_ok=True)
    folder = SHARED_SITES / site_key(paths)
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


@pytest.fixture(scope="session")
def tabs(browser):
    """The worker's :class:`TabPool`."""
    pool = TabPool(browser)
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium through Playwright, patient with a busy machine (support.browser)."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is not installed (make system-deps)"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield PatientBrowser(launched)
        launched.close()


@pytest.fixture(scope="session")
def page_sweep(real_site, tabs):
    """Every page type of the real site visited once per width (tests/support/page_sweep.py), for
    the layout and accessibility tests: swept once for the whole run, by whichever worker
    asks first (the other waits on a lock); the record is kept with the screenshots it took
    (dist/screenshots/), under a key of the shared site and of the sweep's code."""
    import hashlib
    import json
    from dataclasses import asdict

    import support.page_sweep as sweep_module
    from filelock import FileLock
    from support.page_sweep import SCREENSHOTS, PageVisit, sweep

    from pipeline.core.fsutil import atomic_write

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
