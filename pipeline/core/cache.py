"""Files kept between runs, named by what they are made from: one convention for every
cache of derived data (``.cache/indexes/``: the rack index, the hive lookup, the Wordle
page data, the games' vocabularies).

* **key -> path.** A kept file is named ``<kind>-<owner>-<key><suffix>``
  (:func:`kept_path`), the key a digest of everything it is made from (its input's
  checksum, the language file, Rusc's code): a change to any of them names a new file,
  never a stale answer.
* **made once, under a lock.** :func:`keep_bytes` and :func:`keep_file` make a missing file
  while holding the lock of its kind and owner, so two processes that want it (a site build
  and a test beside it) make it once: the second waits and reads what the first kept.
* **whole or absent.** It is written to a temporary file and renamed; bytes are kept with
  their SHA-256 (:func:`~pipeline.core.fsutil.write_checked`), so a damaged file is made
  again. Once a file is made, the files of older keys of its kind and owner go
  (:func:`remove_older`).

The expansion (``dist/work/<lang>/forms.txt``) is not such a cache: it is a build output
a maintainer reads, hundreds of megabytes, kept once per language where ``rusc expand``
writes it; ``inputs.json`` beside it records the key it was made under and the build lock
(:func:`~pipeline.core.fsutil.build_lock`) serialises its writers.
"""

from __future__ import annotations

import hashlib
import marshal
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from filelock import FileLock

from pipeline.core.fsutil import atomic_path, read_checked, source_digest, write_checked
from pipeline.core.resources import PACKAGE

#: Hex digits of the key in a kept file's name.
KEY_DIGITS = 24


def kept_path(folder: Path, kind: str, owner: str, key: str, suffix: str) -> Path:
    """``<folder>/<kind>-<owner>-<key><suffix>``, the key cut to :data:`KEY_DIGITS`.

    >>> kept_path(Path("idx"), "rack", "en-za", "0123456789abcdef" * 4, ".sqlite").name
    'rack-en-za-0123456789abcdef01234567.sqlite'
    """
    return folder / f"{kind}-{owner}-{key[:KEY_DIGITS]}{suffix}"


def source_key(made_from: str, language_files: Iterable[Path]) -> str:
    """The key of a file made from ``made_from`` (a digest of its inputs) under the rules of
    ``language_files`` (:attr:`pipeline.config.Language.files`) by Rusc's code, kept in
    :mod:`marshal`'s format or beside such a file: a digest of all three and marshal's version."""
    digest = hashlib.sha256(f"{made_from}\0{marshal.version}\0".encode())
    for language_file in language_files:
        digest.update(Path(language_file).read_bytes())
    digest.update(source_digest(PACKAGE.parent, (PACKAGE.name,), "*.py").encode())
    return digest.hexdigest()


def keep_bytes(path: Path, make: Callable[[], bytes]) -> bytes:
    """What is kept at ``path`` (a :func:`kept_path`), or ``make()``, kept there first."""
    data = read_checked(path)
    if data is not None:
        return data
    with _lock(path):
        data = read_checked(path)
        if data is None:
            data = make()
            write_checked(path, data)
            remove_older(path)
    return data


def keep_file(path: Path, write: Callable[[Path], None]) -> Path:
    """``path`` (a :func:`kept_path`), written first by ``write(temporary path)`` if absent."""
    if path.exists():
        return path
    with _lock(path):
        if not path.exists():
            with atomic_path(path) as tmp:
                write(tmp)
            remove_older(path)
    return path


def remove_older(kept: Path) -> None:
    """Remove the files of ``kept``'s kind and owner under other keys, and their companions
    (``<file>.<name>``); not en-za's for en: the key's length is part of the pattern."""
    stem = _kind_and_owner(kept)
    for stale in kept.parent.glob(f"{stem}{'?' * KEY_DIGITS}{kept.suffix}*"):
        if not stale.name.startswith(kept.name):  # kept's own companions share its name
            stale.unlink(missing_ok=True)


def _kind_and_owner(kept: Path) -> str:
    """``<kind>-<owner>-`` of a :func:`kept_path`."""
    return kept.name[: len(kept.name) - KEY_DIGITS - len(kept.suffix)]


def _lock(path: Path) -> FileLock:
    """The lock of ``path``'s kind, owner and suffix, whatever the key. The suffix is part
    of it because one kept file may be made from another of the same kind and owner (the
    rack lookup's ``.sqlite`` from the index's ``.marshal``), each under its own lock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(str(path.parent / f".{_kind_and_owner(path)}{path.suffix.lstrip('.')}.lock"))


# --- Mappings kept in SQLite ----------------------------------------------------------------


def write_tables(target: Path, tables: Mapping[str, Mapping[str, Any]]) -> None:
    """Write each of ``tables`` (name -> text keys -> marshal-able values) as a table of a
    new SQLite file at ``target``, for :class:`KeptMapping` (through :func:`keep_file`)."""
    database = sqlite3.connect(target)
    try:
        for name, rows in tables.items():
            database.execute(f"CREATE TABLE {name} (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID")
            database.executemany(
                f"INSERT INTO {name} VALUES (?, ?)", ((key, marshal.dumps(value)) for key, value in rows.items())
            )
        database.commit()
    finally:
        database.close()


class KeptMapping(Mapping[str, Any]):
    """One table of a :func:`write_tables` file as a read-only mapping: each lookup reads one
    row, so a question that needs a few keys never reads the rest. ``decode`` makes each
    value read back what its owner keeps in memory (marshal reads plain tuples)."""

    def __init__(self, path: Path, table: str, decode: Callable[[Any], Any] | None = None):
        self._decode = decode
        self._rows = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._get = f"SELECT value FROM {table} WHERE key = ?"
        self._keys = f"SELECT key FROM {table} ORDER BY key"
        self._count = f"SELECT count(*) FROM {table}"

    def __getitem__(self, key: str) -> Any:
        row = self._rows.execute(self._get, (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        value = marshal.loads(row[0])
        return value if self._decode is None else self._decode(value)

    def __contains__(self, key: object) -> bool:
        return self._rows.execute(self._get, (key,)).fetchone() is not None

    def __iter__(self) -> Iterator[str]:
        return (key for (key,) in self._rows.execute(self._keys))

    def __len__(self) -> int:
        return self._rows.execute(self._count).fetchone()[0]
