"""Reading the game lexicon (``game.tsv``), the shared input of all three games.

``game.tsv`` has one row per (key, display form): ``key<TAB>form<TAB>lists``, sorted by
key then form, where ``lists`` says which word lists the form belongs to: ``w`` (words),
``l`` (lemmas) or ``wl``. A game asks for the keys of one list:

>>> import io
>>> rows = io.StringIO("acaba\\tacaba\\tw\\nacaba\\tacabà\\tw\\namelarse\\tamelar-se\\tl\\n")
>>> read_game_lexicon(rows, "words")
{'acaba': ('acaba', 'acabà')}
>>> read_game_lexicon(io.StringIO("acaba\\tacaba\\tw\\namelarse\\tamelar-se\\tl\\n"), "lemmas")
{'amelarse': ('amelar-se',)}
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from pipeline.errors import RuscError
from pipeline.fsutil import sha256_file

LIST_CODES = {"words": "w", "lemmas": "l"}


def read_game_lexicon(handle: IO[str], list_name: str, source: str = "game.tsv") -> dict[str, tuple[str, ...]]:
    """Key → display forms (in file order) of the forms that belong to ``list_name``."""
    code = LIST_CODES[list_name]
    result: dict[str, list[str]] = {}
    for number, line in enumerate(handle, 1):
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 3:
            raise RuscError("expected 3 tab-separated fields: key, form, lists", source, number)
        key, form, lists = parts
        if code in lists:
            result.setdefault(key, []).append(form)
    return {key: tuple(forms) for key, forms in result.items()}


def load_game_lexicon(path: Path, list_name: str) -> dict[str, tuple[str, ...]]:
    """Read ``game.tsv`` at ``path`` for one list; a missing file says how to build it."""
    try:
        with open(path, encoding="utf-8") as handle:
            return read_game_lexicon(handle, list_name, str(path))
    except FileNotFoundError:
        raise RuscError("no game lexicon; build it with `rusc lists LANG` or `make dictionaries`", path) from None


def lexicon_checksum(path: Path) -> str:
    """SHA-256 of ``game.tsv``: daily choices depend on it, so a new dictionary reshuffles."""
    try:
        return sha256_file(path)
    except FileNotFoundError:
        raise RuscError("no game lexicon; build it with `rusc lists LANG` or `make dictionaries`", path) from None
