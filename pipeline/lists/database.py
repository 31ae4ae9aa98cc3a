"""``words.sqlite``: every form's facts in one file people can query (docs/database.md).

Start at :func:`write_database`. It writes the records of :func:`pipeline.lists.wordfacts.form_facts`
into an SQLite database with Python's :mod:`sqlite3`, so that the same lists give the same
bytes: a fixed page size, no journal, no time anywhere, rows inserted in code-point order of
the form, the indexes made after the rows, and ``VACUUM`` last. The SQLite library's version
is in the file's header (and in the ``about`` table), so byte-identity holds for one library
version, as it does for the ``.gz`` files and one zlib.

Tables (the schema is :data:`SCHEMA`):

``forms``    one row per form: game key, length and letters of the key, Zipf frequency, and
             for each list (``words``, ``lemmas``) and game (``beehive``, ``racks``,
             ``wordle``) a 0/1 column and a ``*_why`` column: the ``reasons`` row saying why
             it is out (the view ``facts`` has the reasons' text in their place)
``origins``  the .dic stem and affix rules each form was made by (``rusc expand --stem``)
``sources``  every pinned input: dictionary, word lists, wordfreq, with licence
``about``    the language, Rusc's version, the lock's SHA-256, counts

Before writing, the size is estimated from the lists' line counts
(:func:`estimate_bytes`) and refused in one line above :data:`MAX_BYTES`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_path, count_lines, human_bytes
from pipeline.lists.wordfacts import GAMES, FormFacts, ListDecisions, form_facts

#: The file's name beside the lists.
DATABASE = "words.sqlite"
#: Bumped when a table or column changes meaning.
SCHEMA_VERSION = 1
#: Refused above this estimate (lt's 36 million words would take about 6 GB).
MAX_BYTES = 1 << 30
#: Bytes per line of words.txt, lemmas.txt and game.tsv together, measured: ca 86, en 75.
BYTES_PER_LINE = 90
#: The page size every database is written with.
PAGE_SIZE = 4096

#: The lists and games of the ``forms`` table, each a 0/1 column and a ``*_why`` column.
MEMBERSHIPS = ("words", "lemmas") + GAMES

SCHEMA = f"""
CREATE TABLE forms (
  id INTEGER PRIMARY KEY,   -- the form's rank in code-point order
  form TEXT NOT NULL,       -- as spelled
  key TEXT,                 -- the game key (NULL: none)
  length INTEGER,           -- letters of the key
  letters TEXT,             -- the key's distinct letters, sorted
  zipf REAL,                -- wordfreq's Zipf frequency (NULL: no frequency language)
  lists TEXT,               -- game.tsv's lists field (NULL: no row in game.tsv)
  {", ".join(f"{name} INTEGER NOT NULL, {name}_why INTEGER REFERENCES reasons(id)" for name in MEMBERSHIPS)}
);
CREATE TABLE reasons (
  id INTEGER PRIMARY KEY,   -- in the order the forms first meet them
  reason TEXT NOT NULL UNIQUE
);
CREATE VIEW facts AS SELECT forms.id, form, key, length, letters, zipf, lists,
  {", ".join(f"{name}, (SELECT reason FROM reasons WHERE id = {name}_why) AS {name}_why" for name in MEMBERSHIPS)}
  FROM forms;
CREATE TABLE origins (
  form_id INTEGER NOT NULL REFERENCES forms(id),
  stem TEXT NOT NULL,       -- the .dic entry's stem
  affixes TEXT NOT NULL,    -- 'SFX 00#3 + PFX A#1'; '' for the stem itself
  PRIMARY KEY (form_id, stem, affixes)
) WITHOUT ROWID;
CREATE TABLE sources (
  role TEXT PRIMARY KEY,    -- dictionary, abbreviations, blocklist, conjugations, names, vocabulary, frequency
  kind TEXT, name TEXT, version TEXT, integrity TEXT, licence TEXT, note TEXT
) WITHOUT ROWID;
CREATE TABLE about (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
"""

INDEXES = """
CREATE UNIQUE INDEX forms_form ON forms(form);
CREATE INDEX forms_key ON forms(key);
CREATE INDEX forms_length_letters ON forms(length, letters);
CREATE INDEX origins_stem ON origins(stem);
"""


@dataclass(frozen=True)
class DatabaseReport:
    """What :func:`write_database` wrote, for metadata.json."""

    forms: int
    origins: int
    #: Forms of forms.txt the database leaves out (see :mod:`pipeline.lists.wordfacts`).
    forms_not_listed: int
    bytes: int

    def as_json(self) -> dict:
        return {
            "file": DATABASE,
            "forms": self.forms,
            "origins": self.origins,
            "forms_not_listed": self.forms_not_listed,
            "bytes": self.bytes,
            "schema_version": SCHEMA_VERSION,
        }


class DatabaseRefused(RuscError):
    """The database would be bigger than the bound: it is not written."""


def estimate_bytes(folder: Path) -> int:
    """The database's size, from the lines of the lists it is made of (an upper bound of its rows)."""
    return BYTES_PER_LINE * sum(count_lines(folder / name) for name in ("words.txt", "lemmas.txt", "game.tsv"))


def check_size(language: Language, folder: Path, max_bytes: int = MAX_BYTES, named: Path | None = None) -> int:
    """Refuse, in one line naming the file (``named``: where it would be published), a
    database estimated over ``max_bytes``."""
    estimate = estimate_bytes(folder)
    if estimate > max_bytes:
        raise DatabaseRefused(
            f"{language.code}: {DATABASE} estimated at {human_bytes(estimate)}, over the bound of "
            f"{human_bytes(max_bytes)}; not written (the text lists hold the same words)",
            named or folder / DATABASE,
        )
    return estimate


def write_database(
    language: Language,
    folder: Path,
    decisions: ListDecisions,
    sources: list[dict],
    about: dict[str, str],
    max_bytes: int = MAX_BYTES,
    named: Path | None = None,
) -> DatabaseReport:
    """Write ``folder/words.sqlite`` from the lists in ``folder`` (atomically); ``named``
    is the path a refusal names (the file's published place, the folder being temporary)."""
    check_size(language, folder, max_bytes, named)
    target = folder / DATABASE
    with atomic_path(target) as tmp:
        tmp.unlink()
        forms, origins = _fill(
            tmp, form_facts(language, folder, decisions), sources, about, count_lines(folder / "forms.txt")
        )
    not_listed = count_lines(folder / "forms.txt") - len(decisions.origins)
    return DatabaseReport(forms, origins, max(not_listed, 0), target.stat().st_size)


def _fill(
    path: Path, facts: Iterable[FormFacts], sources: list[dict], about: dict[str, str], forms_lines: int
) -> tuple[int, int]:
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.executescript(SCHEMA)
        connection.execute("BEGIN")
        reasons: dict[str, int] = {}
        origin_rows: list[tuple[int, str, str]] = []
        columns = 7 + 2 * len(MEMBERSHIPS)

        def form_rows() -> Iterator[tuple]:
            for number, fact in enumerate(facts, 1):
                key = fact.key
                memberships: list[int | None] = []
                for name in MEMBERSHIPS:
                    why = fact.out_of[name]
                    if why is None:
                        memberships += (1, None)
                    else:
                        memberships += (0, reasons.setdefault(why, len(reasons) + 1))
                origin_rows.extend((number, origin.stem, origin.affixes) for origin in fact.origins)
                yield (
                    number,
                    fact.form,
                    key,
                    len(key) if key else None,
                    "".join(sorted(set(key))) if key else None,
                    fact.zipf,
                    fact.lists,
                    *memberships,
                )

        cursor = connection.executemany(f"INSERT INTO forms VALUES ({', '.join('?' * columns)})", form_rows())
        forms = cursor.rowcount
        # After the forms, not between them: VACUUM lays out each table on its own anyway.
        connection.executemany("INSERT INTO origins VALUES (?, ?, ?)", origin_rows)
        origins = len(origin_rows)
        connection.executemany("INSERT INTO reasons VALUES (?, ?)", ((i, why) for why, i in reasons.items()))
        for source in sorted(sources, key=lambda row: row["role"]):
            connection.execute(
                "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?, ?)",
                tuple(source.get(name) for name in ("role", "kind", "name", "version", "integrity", "licence", "note")),
            )
        about = dict(
            about,
            schema_version=str(SCHEMA_VERSION),
            sqlite_version=sqlite3.sqlite_version,
            forms=str(forms),
            forms_txt_lines=str(forms_lines),
        )
        connection.executemany("INSERT INTO about VALUES (?, ?)", sorted(about.items()))
        connection.execute("COMMIT")
        connection.executescript(INDEXES)
        connection.execute("VACUUM")
        return forms, origins
    finally:
        connection.close()


def provenance_rows(metadata: dict) -> list[dict]:
    """The ``sources`` rows, from what metadata.json says of every pinned input."""
    from importlib.metadata import version

    source = metadata["source"]
    rows = [
        {
            "role": "dictionary",
            "kind": source.get("kind"),
            "name": source.get("name"),
            "version": source.get("version"),
            "integrity": source.get("integrity"),
            "licence": metadata["licence"],
        }
    ]
    for role, described in sorted(metadata.get("word_lists", {}).items()):
        pinned = described.get("source")
        rows.append(
            {"role": role, "note": described.get("note")}
            if pinned is None
            else {
                "role": role,
                **{name: pinned.get(name) for name in ("kind", "name", "version", "integrity", "licence")},
            }
        )
    vocabulary = metadata.get("game_vocabulary")
    if vocabulary:
        rows.append({"role": "vocabulary", **vocabulary["source"]})
    rows.append(
        {
            "role": "frequency",
            "kind": "python",
            "name": "wordfreq",
            "version": version("wordfreq"),
            "licence": "Apache-2.0 (code); CC-BY-SA-4.0 (data)",
            "note": f"requirements.lock sha256 {metadata['requirements_lock_sha256']}",
        }
    )
    return rows


def about_rows(metadata: dict) -> dict[str, str]:
    """The ``about`` table's language-level facts, from metadata.json."""
    return {
        "language": metadata["language"],
        "name": metadata["name"],
        "licence": metadata["licence"],
        "rusc_version": metadata["rusc_version"],
        "requirements_lock_sha256": metadata["requirements_lock_sha256"],
        "source": json.dumps(metadata["source"], sort_keys=True, ensure_ascii=False),
    }
