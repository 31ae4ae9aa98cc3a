"""The repository and its real data: where things are, and reading the real lists fast."""

from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
HUNSPELL_TESTS = REPO_ROOT.parent / "shared" / "hunspell-tests"


@contextlib.contextmanager
def environment(**settings: str):
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


def lists_are_current(folder: Path) -> bool:
    """Built, complete, and made by this Rusc with the locked libraries."""
    import json

    from pipeline import __version__
    from pipeline.core.resources import lock_sha256

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
        from pipeline.config import load_language
        from pipeline.games.beehive import BeehiveIndex

        return BeehiveIndex.load(load_language(code), self.paths, self.built_lists(code))

    @functools.cache
    def rack(self, code: str):
        from pipeline.config import load_language
        from pipeline.games.racks import RackIndex

        return RackIndex.load(load_language(code), self.paths, self.built_lists(code))


@functools.cache
def lines(path: Path) -> frozenset[str]:
    """The lines of a list file, as a set (read once per test process)."""
    return frozenset(path.read_text("utf-8").splitlines())


def whole_lines_in(path: Path, wanted: set[str]) -> set[str]:
    """Which of ``wanted`` are whole lines of ``path``: one byte search each, for the
    expansions of millions of lines, which a set of every line takes seconds to build."""
    text = b"\n" + path.read_bytes()
    return {line for line in wanted if b"\n" + line.encode("utf-8") + b"\n" in text}


def source_digest(folders: tuple[str, ...], pattern: str = "*") -> str:
    """:func:`pipeline.core.fsutil.source_digest` of the repository's ``folders``: the key of a
    shared build, so that any change to what it is made from makes a new one."""
    from pipeline.core.fsutil import source_digest as digest_of

    return digest_of(REPO_ROOT, folders, pattern)
