"""The games' downloadable data: the one writer of every file a game ships beside its lists.

Start at :func:`write_game_data`; :data:`GAME_FILES` says what each game writes:

=======================  ========  ==================================================
file                     game      rows
=======================  ========  ==================================================
``hives.tsv.gz``         beehive   every valid hive: word count, points, pangrams
``beehive-daily.tsv.gz`` beehive   one day each: the hive and its answers
``racks-daily.tsv.gz``   racks     one day each: the rack and its answers
=======================  ========  ==================================================

A *dated* file (one row per day, first column ``date``) is written only from the
schedule's start up to "today", and only when the caller says which day that is: the word
lists are published with the site, and nothing published may reveal a future answer.
Schedules may be computed ahead (the beehive's no-repeat rule needs the past); they are
never written ahead. :func:`pipeline.lists.downloads.list_downloads` refuses to publish a dated
file that runs past the site's day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_write, count_lines, gzip_bytes, human_bytes
from pipeline.games import beehive, racks
from pipeline.lists.lexicon import LIST_CODES, game_list


# The engines' own loaders, so the files hold exactly what the site and the CLI play
# (racks keep vulgar words, the beehive does not).
def _beehive_index(language: Language, game_tsv: Path) -> beehive.BeehiveIndex:
    return beehive.BeehiveIndex.load(language, None, game_tsv.parent)


def _rack_index(language: Language, game_tsv: Path) -> racks.RackIndex:
    return racks.RackIndex.load(language, None, game_tsv.parent)


#: Each game and how its index is built from ``game.tsv``.
INDEXES: dict[str, Callable[[Language, Path], object]] = {"beehive": _beehive_index, "racks": _rack_index}
#: Every game, in the order their files are written.
GAMES = tuple(INDEXES)

#: Peak memory of each game's index per word of the list it reads, a little over what
#: ca, es and fr measure (racks 744 to 788 bytes, beehive 394 to 425: the growth of
#: ``ru_maxrss`` while ``RackIndex.load`` / ``BeehiveIndex.load`` run, over the list's lines).
INDEX_BYTES_PER_WORD = {"beehive": 450, "racks": 850}


def _list_size(folder: Path, list_name: str) -> int:
    """Words in one list: the lines of its file beside game.tsv, else its rows of game.tsv."""
    listed = folder / f"{list_name}.txt"
    if listed.exists():
        return count_lines(listed)
    code = LIST_CODES[list_name]
    with open(folder / "game.tsv", encoding="utf-8", newline="\n") as handle:
        return sum(code in line.rsplit("\t", 1)[-1] for line in handle)


def available_memory() -> int | None:
    """Bytes of memory the system can give without swapping (Linux's MemAvailable), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def check_memory(language: Language, folder: Path, games: tuple[str, ...], available: int | None = None) -> int:
    """Estimate the memory the games' indexes take together (they are built at once) and
    refuse, in one line, when it exceeds the memory available; returns the estimate."""
    sizes = {game: _list_size(folder, game_list(language, game)) for game in games}
    needed = sum(INDEX_BYTES_PER_WORD[game] * words for game, words in sizes.items())
    available = available_memory() if available is None else available
    if available is not None and needed > available:
        biggest = max(sizes, key=lambda game: INDEX_BYTES_PER_WORD[game] * sizes[game])
        raise RuscError(
            f"game data refused: the indexes of {', '.join(f'{g} ({sizes[g]} words)' for g in sizes)} "
            f"need an estimated {human_bytes(needed)} of memory, more than the {human_bytes(available)} "
            f'available; turn a game off ([{biggest}] enabled = false, with unsupported = "why") or '
            f"build on a machine with more memory",
            language.path,
        )
    return needed


@dataclass(frozen=True)
class GameFile:
    """One downloadable file of a game."""

    #: File name inside ``dist/wordlists/<lang>/``.
    name: str
    #: The game it belongs to (a key of :data:`INDEXES`).
    game: str
    #: Rows are days: written only up to today, and only when today is known.
    dated: bool
    #: ``(index, today) -> the file's uncompressed bytes``.
    content: Callable[[Any, dt.date | None], bytes]


def _daily_hives(index: beehive.BeehiveIndex, today: dt.date | None) -> bytes:
    assert today is not None, "dated files are written only when today is known"
    started = today >= index.language.schedule_start
    return beehive.daily_tsv(index.schedule(today) if started else [])


def _daily_racks(index: racks.RackIndex, today: dt.date | None) -> bytes:
    assert today is not None, "dated files are written only when today is known"
    return racks.daily_tsv(index.schedule(today))  # empty before the schedule starts


#: Every game file, in the order they are written.
GAME_FILES = (
    GameFile("hives.tsv.gz", "beehive", False, lambda index, _today: beehive.all_hives_tsv(index)),
    GameFile("beehive-daily.tsv.gz", "beehive", True, _daily_hives),
    GameFile("racks-daily.tsv.gz", "racks", True, _daily_racks),
)


def write_game_data(
    language: Language, folder: Path, games: tuple[str, ...] = GAMES, today: dt.date | None = None
) -> list[Path]:
    """Write the files of ``games`` into ``folder`` (which holds ``game.tsv``); dated files
    only when ``today`` is given, with the days up to it. Returns the paths written."""
    folder = Path(folder)
    wanted = [f for f in GAME_FILES if f.game in games and (today is not None or not f.dated)]
    indexed = tuple(dict.fromkeys(f.game for f in wanted))
    check_memory(language, folder, indexed)
    indexes = {game: INDEXES[game](language, folder / "game.tsv") for game in indexed}
    return [atomic_write(folder / f.name, gzip_bytes(f.content(indexes[f.game], today))) for f in wanted]
