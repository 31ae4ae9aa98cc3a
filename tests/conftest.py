"""Shared fixtures: the repository, Hunspell's test suite, and the real built word lists.

Real-data fixtures build what is missing through the pipeline itself (fetch → expand →
lists), so `pytest` works on a fresh checkout; `make test` builds them first.
Nothing here skips: a missing tool or input is a failure, since CI must run every test.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
HUNSPELL_TESTS = REPO_ROOT.parent / "shared" / "hunspell-tests"


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
        folder = paths.wordlists(code)
        if not (folder / "metadata.json").exists() or not (folder / "SHA256SUMS").exists():
            os.environ.setdefault("RUSC_LOCK_WAIT", "3600")
            build_dictionaries([load_language(code)], paths, log=lambda *_: None)
        return folder

    return build


@pytest.fixture(scope="session")
def dictionary():
    """``dictionary("ca")`` → the fetched, normalised DictionaryFiles of a language."""
    from pipeline.config import load_language
    from pipeline.paths import Paths
    from pipeline.sources import fetch

    def get(code: str):
        return fetch(load_language(code), Paths(REPO_ROOT))

    return get


def require_tool(name: str) -> str:
    """Path of an external tool; a missing one fails the test (CI installs them all)."""
    path = shutil.which(name)
    assert path, f"{name} is not installed; `make system-deps` installs the test tools"
    return path
