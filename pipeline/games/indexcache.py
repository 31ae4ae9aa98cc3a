"""The keys of the game indexes kept between runs in ``.cache/indexes/``
(:mod:`pipeline.core.cache` keeps them).

An index is made from a language's ``game.tsv`` by Rusc's code under the language file's
rules, so its key is a digest of all three (:func:`index_path`): the rack index
(:mod:`pipeline.games.racks`) and the hive lookup (:mod:`pipeline.games.hive_lookup`).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.config import Language
from pipeline.core.cache import kept_path, source_key
from pipeline.core.paths import Paths


def index_path(kind: str, language: Language, paths: Paths, checksum: str, suffix: str) -> Path:
    """``.cache/indexes/<kind>-<lang>-<key><suffix>``, the key a digest of ``game.tsv``'s
    ``checksum``, the language file and Rusc's source (and marshal's format version)."""
    return kept_path(paths.kept, kind, language.code, source_key(checksum, language.files), suffix)
