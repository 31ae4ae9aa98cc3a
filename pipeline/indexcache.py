"""Where the game indexes are kept between runs: ``.cache/indexes/``.

An index is made from a language's ``game.tsv`` by Rusc's code under the language file's
rules, so its file is named by a key of all three (:func:`index_path`): any change to one
makes a new file, never a stale answer. The rack index (:mod:`pipeline.racks`) and the hive
lookup (:mod:`pipeline.hive_lookup`) are kept this way; files of an older key for the same
language are removed when a new one is written (:func:`remove_older`).
"""

from __future__ import annotations

import hashlib
import marshal
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pipeline.config import Language
from pipeline.fsutil import atomic_path, source_digest
from pipeline.paths import Paths

#: Hex digits of the key in a file's name.
KEY_DIGITS = 24


def index_path(kind: str, language: Language, paths: Paths, checksum: str, suffix: str) -> Path:
    """``.cache/indexes/<kind>-<lang>-<key><suffix>``, the key a digest of ``game.tsv``'s
    ``checksum``, the language file and Rusc's source (and marshal's format version)."""
    digest = hashlib.sha256(f"{checksum}\0{marshal.version}\0".encode())
    digest.update(language.path.read_bytes())
    digest.update(source_digest(Path(__file__).resolve().parent.parent, ("pipeline",), "*.py").encode())
    return paths.cache / "indexes" / f"{kind}-{language.code}-{digest.hexdigest()[:KEY_DIGITS]}{suffix}"


def remove_older(kept: Path, kind: str, language: Language) -> None:
    """Remove the files of ``kind`` for ``language`` under other keys than ``kept``'s (not
    en-za's for en: the key's length is part of the pattern)."""
    for stale in kept.parent.glob(f"{kind}-{language.code}-{'?' * KEY_DIGITS}{kept.suffix}*"):
        if not stale.name.startswith(kept.name):  # kept's own companions share its name
            stale.unlink(missing_ok=True)


def write_tables(target: Path, tables: Mapping[str, Mapping[str, Any]]) -> Path:
    """Keep each of ``tables`` (name -> text keys -> marshal-able values) as a table of a
    SQLite file at ``target``, for :class:`KeptMapping`; atomically, so a file there is whole."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(target) as tmp:
        database = sqlite3.connect(tmp)
        try:
            for name, rows in tables.items():
                database.execute(f"CREATE TABLE {name} (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID")
                database.executemany(
                    f"INSERT INTO {name} VALUES (?, ?)", ((key, marshal.dumps(value)) for key, value in rows.items())
                )
            database.commit()
        finally:
            database.close()
    return target


class KeptMapping(Mapping[str, Any]):
    """One table of a :func:`write_tables` file as a read-only mapping: each lookup reads one
    row, so a question that needs a few keys never reads the rest."""

    def __init__(self, path: Path, table: str):
        self._rows = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._get = f"SELECT value FROM {table} WHERE key = ?"
        self._keys = f"SELECT key FROM {table} ORDER BY key"
        self._count = f"SELECT count(*) FROM {table}"

    def __getitem__(self, key: str) -> Any:
        row = self._rows.execute(self._get, (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        return marshal.loads(row[0])

    def __contains__(self, key: object) -> bool:
        return self._rows.execute(self._get, (key,)).fetchone() is not None

    def __iter__(self) -> Iterator[str]:
        return (key for (key,) in self._rows.execute(self._keys))

    def __len__(self) -> int:
        return self._rows.execute(self._count).fetchone()[0]
