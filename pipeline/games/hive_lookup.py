"""One hive at a time, from disk: what ``rusc beehive LANG LETTERS`` answers with.

:class:`pipeline.games.beehive.BeehiveIndex` files every key of ``game.tsv`` by its letter set,
which is what the daily schedule and the all-hives file need, and takes seconds for
Catalan. One hive needs only the keys of the 64 letter sets it can make
(:func:`pipeline.games.beehive.hive_masks`), so this keeps the filed keys in a SQLite file of the
index cache (:mod:`pipeline.core.cache`) and reads just those. The file is made from a
:class:`BeehiveIndex` the first time, so both give the same answers in the same order.

Start at :meth:`HiveLookup.open`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from pipeline.config import Language
from pipeline.core.cache import keep_file
from pipeline.core.paths import Paths
from pipeline.games.beehive import HIVE_SIZE, Answer, BeehiveIndex, Hive, hive_masks, make_hive, parse_hive
from pipeline.games.indexcache import index_path
from pipeline.lists.lexicon import game_tsv, lexicon_checksum

#: Display forms of a key, joined in one column (no form holds a tab).
FORM_SEPARATOR = "\t"


@dataclass(frozen=True)
class HiveLookup:
    """A language's playable keys on disk, filed by letter set."""

    language: Language
    #: The SQLite file: one row per key, its letter set, forms, points, answer order and
    #: whether it is a bonus word (:func:`pipeline.games.beehive.answer_tiers`).
    path: Path

    @classmethod
    def open(cls, language: Language, paths: Paths) -> HiveLookup:
        """The lookup of the language's current ``game.tsv``, made first if it is not kept."""
        source = game_tsv(language, paths)
        kept = index_path("hive", language, paths, lexicon_checksum(source), ".sqlite")
        return cls(language, keep_file(kept, lambda tmp: _write(BeehiveIndex.load(language, paths), tmp)))

    def solve(self, letters: str) -> Hive:
        """Every answer of the hive ``letters`` (seven distinct letters, centre first), as
        :meth:`BeehiveIndex.solve` gives it."""
        normalised = parse_hive(self.language, letters)
        bits = {letter: 1 << i for i, letter in enumerate(self.language.alphabet)}
        masks = hive_masks(normalised, bits)
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as database:
            rows = database.execute(
                f"SELECT key, forms, points, bonus FROM keys WHERE mask IN ({','.join('?' * len(masks))}) "
                "ORDER BY position",
                masks,
            ).fetchall()
        tiers: tuple[list[Answer], list[Answer]] = ([], [])
        for key, forms, points, bonus in rows:
            tiers[bonus].append(Answer(key, tuple(forms.split(FORM_SEPARATOR)), points, len(set(key)) == HIVE_SIZE))
        return make_hive(self.language, normalised, tuple(tiers[0]), tuple(tiers[1]))


def _rows(index: BeehiveIndex, bonus: int, start: int) -> list[tuple[int, int, str, str, int, int]]:
    """The rows of one index's keys, in answer order from position ``start``."""
    masks = {i: mask for mask, members in index.by_mask.items() for i in members}
    order = sorted(range(len(index.keys)), key=lambda i: (-len(index.keys[i]), index.keys[i]))
    return [
        (masks[i], start + position, index.keys[i], FORM_SEPARATOR.join(index.forms[i]), index.points[i], bonus)
        for position, i in enumerate(order)
    ]


def _write(index: BeehiveIndex, target: Path) -> None:
    """Write ``index``'s keys, then its bonus words', into a new SQLite file at ``target``."""
    rows = _rows(index, 0, 0)
    if index.bonus is not None:
        rows += _rows(index.bonus, 1, len(rows))
    database = sqlite3.connect(target)
    try:
        database.execute(
            "CREATE TABLE keys (mask INTEGER NOT NULL, position INTEGER PRIMARY KEY, key TEXT NOT NULL, "
            "forms TEXT NOT NULL, points INTEGER NOT NULL, bonus INTEGER NOT NULL)"
        )
        database.executemany(
            "INSERT INTO keys (mask, position, key, forms, points, bonus) VALUES (?, ?, ?, ?, ?, ?)", rows
        )
        database.execute("CREATE INDEX keys_by_mask ON keys (mask)")
        database.commit()
    finally:
        database.close()
