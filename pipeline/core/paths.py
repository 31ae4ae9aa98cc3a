"""Where everything lives. One place, so no stage invents a path of its own.

The root is the current directory unless ``RUSC_ROOT`` says otherwise; the cache can be
moved with ``RUSC_CACHE`` (CI restores it between runs).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.core.errors import UsageError


def number_from_env(name: str, default: float, cast: type = float) -> Any:
    """A number of at least 0 from the environment variable ``name`` (``default`` when it is
    unset or empty); anything else is a one-line usage error, never a traceback.

    >>> number_from_env("RUSC_TEST_UNSET", 3)
    3
    """
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = cast(text)
    except ValueError:
        value = -1
    if not (value >= 0 and math.isfinite(value)):
        raise UsageError(f"{name} must be a number of at least 0, not {text!r}")
    return value


@dataclass(frozen=True)
class Paths:
    #: The checkout (or any folder) the build runs in.
    root: Path
    #: The cache when it is not the environment's or the root's (an earlier dictionary
    #: version's build shares the checkout's cache: :mod:`pipeline.lists.diff`).
    cache_dir: Path | None = None

    @classmethod
    def from_env(cls) -> Paths:
        return cls(Path(os.environ.get("RUSC_ROOT", ".")).resolve())

    @property
    def cache(self) -> Path:
        """Fetched archives and normalised dictionaries, keyed by hash."""
        if self.cache_dir is not None:
            return self.cache_dir
        env = os.environ.get("RUSC_CACHE")
        return Path(env).resolve() if env else self.root / ".cache"

    @property
    def kept(self) -> Path:
        """Data a build makes and keeps between runs, named by what it is made from
        (:mod:`pipeline.core.cache`): the game indexes, the Wordle pages' data and the
        games' vocabularies. In the cache, so that every checkout sharing it shares them."""
        return self.cache / "indexes"

    @property
    def dist(self) -> Path:
        return self.root / "dist"

    def work(self, code: str) -> Path:
        """Intermediate files of one language (the expansion)."""
        return self.dist / "work" / code

    @property
    def wordlists_root(self) -> Path:
        return self.dist / "wordlists"

    def wordlists(self, code: str) -> Path:
        return self.wordlists_root / code

    def version_root(self, code: str, version: str) -> Path:
        """Where an earlier pinned version of a language's dictionary is built (a root of
        its own, with ``dist/work`` and ``dist/wordlists`` inside, and this cache)."""
        return self.dist / "versions" / f"{code}-{version}"

    @property
    def site(self) -> Path:
        return self.dist / "site"
