"""Reading the game lexicon (``game.tsv``), the shared input of all three games.

``game.tsv`` has one row per (key, display form): ``key<TAB>form<TAB>lists``, sorted by
key then form, where ``lists`` says which word lists the form belongs to: ``w`` (words),
``l`` (lemmas) or ``wl``, then, where the language has a game vocabulary
(:mod:`pipeline.lists.vocabulary`), ``B``, ``R`` and ``W`` for the forms of the beehive's, the
racks' and Wordle's own vocabularies, then ``n`` for a word of the language that English writes
more often (:func:`pipeline.lists.frequency.own_words`: its frequency counts all the same),
followed for a blocked key by its class: ``x`` (out of every game) or ``v`` (vulgar: out of the
answers, allowed on racks; see :mod:`pipeline.lists.blocklist`). A game asks for the keys of
one list (:func:`game_list`), blocked keys left out:

>>> import io
>>> rows = io.StringIO("acaba\\tacaba\\tw\\nacaba\\tacabà\\tw\\namelarse\\tamelar-se\\tl\\n")
>>> read_game_lexicon(rows, "words")
{'acaba': ('acaba', 'acabà')}
>>> read_game_lexicon(io.StringIO("acaba\\tacaba\\tw\\namelarse\\tamelar-se\\tl\\n"), "lemmas")
{'amelarse': ('amelar-se',)}
>>> rows = "merda\\tmerda\\twlv\\nmerder\\tmerder\\twl\\nxarnego\\txarnego\\twlx\\n"
>>> sorted(read_game_lexicon(io.StringIO(rows), "words"))
['merder']
>>> sorted(read_game_lexicon(io.StringIO(rows), "words", allow_vulgar=True))
['merda', 'merder']
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, NamedTuple

from pipeline.config import Language
from pipeline.core.collector import collection_paused
from pipeline.core.errors import RuscError
from pipeline.core.extsort import read_rows
from pipeline.core.fsutil import verified_sha256
from pipeline.core.paths import Paths

#: The lists of game.tsv and their codes: the dictionary's words and lemmas, and each game's
#: own vocabulary.
LIST_CODES = {"words": "w", "lemmas": "l", "beehive": "B", "racks": "R", "wordle": "W"}
#: Class codes of blocked keys (pipeline.lists.blocklist.EVERY_GAME, VULGAR).
BLOCKED, VULGAR = "x", "v"
#: The mark of a form English writes more often that is the language's own word all the
#: same (legal: legale), whose frequency the games count (:func:`pipeline.lists.frequency.game_zipf`).
OWN_WORD = "n"


class GameRow(NamedTuple):
    """One row of ``game.tsv`` (a tuple, so the external sort can write and merge it)."""

    #: The game key (the form folded: :func:`pipeline.lists.clean.fold`).
    key: str
    #: The display form.
    form: str
    #: The codes of the lists the form belongs to (:data:`LIST_CODES`), then a blocked
    #: key's class (:data:`BLOCKED` or :data:`VULGAR`).
    lists: str


def read_game_rows(path: Path) -> Iterator[GameRow]:
    """The rows of a ``game.tsv`` file."""
    return read_rows(path, GameRow._make)


def game_list(language: Language, game: str) -> str:
    """The list of game.tsv that ``game`` ("beehive", "racks", "wordle") reads: its own
    vocabulary where the language has one, else the beehive's configured list or the words."""
    if game in language.vocabulary.games:
        return game
    return language.beehive.list if game == "beehive" else "words"


def read_game_lexicon(
    handle: IO[str],
    list_name: str,
    source: str = "game.tsv",
    allow_vulgar: bool = False,
    own: set[str] | None = None,
) -> dict[str, tuple[str, ...]]:
    """Key → display forms (in file order) of the forms that belong to ``list_name``,
    without blocked keys (``allow_vulgar``: but with the vulgar ones, for racks). ``own``,
    if given, gains those of them marked :data:`OWN_WORD`."""
    code = LIST_CODES[list_name]
    skip = BLOCKED if allow_vulgar else BLOCKED + VULGAR
    result: dict[str, list[str]] = {}
    for number, line in enumerate(handle, 1):
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 3:
            raise RuscError("expected 3 tab-separated fields: key, form, lists", source, number)
        key, form, lists = parts
        if code in lists and lists[-1] not in skip:
            result.setdefault(key, []).append(form)
            if own is not None and OWN_WORD in lists:
                own.add(form)
    return {key: tuple(forms) for key, forms in result.items()}


def load_game_lexicon(
    path: Path, list_name: str, allow_vulgar: bool = False, own: set[str] | None = None
) -> dict[str, tuple[str, ...]]:
    """Read ``game.tsv`` at ``path`` for one list (:func:`read_game_lexicon`); a missing file
    says how to build it."""
    try:
        # Catalan's: 800,000 keys and their forms, read in 0.9 s instead of 2.0 (pipeline.core.collector).
        with open(path, encoding="utf-8", newline="\n") as handle, collection_paused():
            return read_game_lexicon(handle, list_name, str(path), allow_vulgar, own)
    except FileNotFoundError:
        raise RuscError("no game lexicon; build it with `rusc lists LANG` or `make dictionaries`", path) from None


def game_tsv(language: Language, paths: Paths | None, directory: Path | None = None) -> Path:
    """``game.tsv`` in ``directory``, by default the language's word-list folder of ``paths``."""
    if directory is None:
        if paths is None:
            raise ValueError("game.tsv needs a folder or the paths of a build")
        directory = paths.wordlists(language.code)
    return Path(directory) / "game.tsv"


def lexicon_checksum(path: Path) -> str:
    """SHA-256 of ``game.tsv``: daily choices depend on it, so a new dictionary reshuffles.
    It must be the one ``SHA256SUMS`` recorded beside it (:func:`verified_sha256`): a
    damaged list is refused before a game reads it or an index is keyed by it."""
    try:
        return verified_sha256(path)
    except FileNotFoundError:
        raise RuscError("no game lexicon; build it with `rusc lists LANG` or `make dictionaries`", path) from None
