"""The Wordle page's data: one compact JSON per language and length, built at site build.

Where to start reading: :func:`build_wordle_data`. It ships the words (front-coded), their
display forms, their prior levels (one character each), what the browser needs to fold
typed letters, and the precomputed steps of :func:`pipeline.games.wordle.strategy.suggest`: the
opening ranking and, per mode, the second guesses after each feedback of the opening whose
exact ranking is too big for the browser. ``site/wordle-core.js`` decodes it and computes the
rest exactly as Python would.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pipeline.browser.fold import folding_table
from pipeline.browser.wire import LEVEL_CHARS, WORDLE_DATA_FORMAT, encode_forms, front_coded
from pipeline.config import Language
from pipeline.core.cache import keep_bytes, kept_path
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import source_digest, verified_sha256
from pipeline.core.resources import PACKAGE
from pipeline.games.wordle.book import opening
from pipeline.games.wordle.endgame import (
    COMMON_UNIT,
    ENDGAME_DEPTH,
    ENDGAME_EXACT,
    ENDGAME_TOP,
    FOUND_UNIT,
    SPLIT_DEPTH,
    SPLITTERS,
)
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.ranking import BUDGET
from pipeline.games.wordle.rules import GUESSES, TOP
from pipeline.games.wordle.words import (
    LEVELS,
    WEIGHTS,
    common_weight,
    lemma_list_path,
    load_words,
    pinned_hard_opener,
)

#: The code the page data is made by, under ``pipeline/``: the helper, this module and the
#: wire format.
WORDLE_SOURCES = ("games/wordle", "browser/wordle_data.py", "browser/wire.py", "lists/frequency.py")

#: The page data's name of each mode, and whether it is hard mode.
MODES = (("normal", False), ("hard", True))

#: Word pairs up to which the build keeps every feedback in memory (one byte or two each):
#: Portuguese's 17,811 five-letter words are 317 million pairs, 317 MB, and the book's
#: repairs read them hundreds of thousands of times; computed again each time, they made
#: its build over an hour long.
PRECOMPUTE_PAIRS = 400_000_000

assert len(LEVEL_CHARS) == LEVELS


def build_wordle_data(
    language: Language, wordle_tsv_path: Path, length: int | None = None, cache: Path | None = None
) -> dict:
    """The static JSON of the language's Wordle page for one word length.

    The opening and the books take every guess against every word (seconds for 5,000
    words, minutes for 12,000), so with ``cache`` (a folder:
    :attr:`pipeline.core.paths.Paths.kept`) the result is kept in
    ``wordle-<code>-<length>-<key>.json`` there, named by a key of the list, the language's
    Wordle settings and the code of :mod:`pipeline.games.wordle` (:func:`_cache_key`).

    Compact, since the whole page must stay small (the Catalan list has over 12,000 keys):

    * ``keys``: the sorted keys front-coded (:func:`pipeline.browser.wire.front_coded`: one
      character, a digit here, for the letters shared with the previous key, and the rest of
      the key), back to back: ``abaca``, ``abacs`` → ``0abaca4s``;
    * ``forms``: only for keys whose display forms are not just the key, a flat list of
      (steps since the previous such key, :func:`pipeline.browser.wire.encode_forms`) pairs;
    * ``levels``: one character of :data:`pipeline.browser.wire.LEVEL_CHARS` per key, its prior level, and
      ``weights``: the weight of each level;
    * ``first``: the opening ranking (word indices, best first); ``opener``: per mode
      (``normal``, ``hard``), the first guess the helper plays (another of ``first`` than its
      first where playing the games out chose it: :meth:`pipeline.games.wordle.book._Bookmaker.opener`); ``second``: per mode,
      feedback number of the mode's opener → the best second guesses, only where guesses ×
      candidates exceed ``budget``; ``book``: per mode, the book
      (:func:`pipeline.games.wordle.book.build_book`); ``endgame``: Wordle's number of
      guesses and how the best guesses are ordered by what they find in time
      (:func:`pipeline.games.wordle.endgame.in_time_first`, ``unit``, ``common_unit``,
      ``common``: :func:`pipeline.games.wordle.endgame.found_weights`)
      with the splitters beside them (``split``, ``splitters``:
      :func:`pipeline.games.wordle.endgame.with_splitters`);
    * ``fold``: what the browser needs to fold typed letters as :func:`pipeline.lists.clean.fold`;
    * ``shortcuts``: the keys that set a tile green, yellow or grey in this language.

    Keys, alphabet and folding are the Wordle's (:attr:`pipeline.config.Language.wordle_language`).

    >>> "".join(front_coded(["abaca", "abacs", "abaix"]))
    '0abaca4s3ix'
    """
    language = language.wordle_language
    length = length or language.wordle.length
    if cache is not None and Path(wordle_tsv_path).exists():
        return _cached(language, Path(wordle_tsv_path), length, Path(cache))
    if any(ord(ch) > 0xFFFF for ch in language.alphabet):
        raise RuscError("the Wordle page needs alphabet letters of the Basic Multilingual Plane", language.path)
    words = load_words(Path(wordle_tsv_path), language, length)
    if not words.size:
        raise RuscError(f"the Wordle list has no word of {length} letters", wordle_tsv_path)
    forms: list = []
    previous = 0
    for index, key in enumerate(words.keys):
        if words.forms[key] != (key,):
            forms += [index - previous, encode_forms(key, words.forms[key])]
            previous = index
    patterns = Patterns(words)
    if words.size**2 <= PRECOMPUTE_PAIRS:
        patterns.precompute()
    # Hard mode's book for the length the page opens on (and the seasons play): it takes
    # the build tens of seconds per length.
    common = common_weight(language.wordle) if length == language.wordle.length else None
    table = opening(
        patterns, TOP, TOP, only_over=BUDGET, common=common, hard_opener=pinned_hard_opener(language, words)
    )
    shortcuts = language.wordle.shortcuts
    return {
        "format": WORDLE_DATA_FORMAT,
        "language": language.code,
        "length": length,
        "alphabet": language.alphabet,
        "fold": {
            "replace": [list(pair) for pair in language.folding.replace],
            "drop": language.folding.drop,
            "chars": folding_table(language),
        },
        "count": words.size,
        "keys": "".join(front_coded(words.keys)),
        "forms": forms,
        "levels": "".join(LEVEL_CHARS[level] for level in words.levels.tolist()),
        "weights": list(WEIGHTS),
        "budget": BUDGET,
        "top": TOP,
        "endgame": {
            "guesses": GUESSES,
            "top": ENDGAME_TOP,
            "exact": ENDGAME_EXACT,
            "depth": ENDGAME_DEPTH,
            "unit": FOUND_UNIT,
            "common_unit": COMMON_UNIT,
            "common": words.common,
            "split": SPLIT_DEPTH,
            "splitters": SPLITTERS,
        },
        "first": [s.index for s in table.first],
        "second": {
            mode: {str(code): ranked for code, ranked in sorted(table.second[hard].items())} for mode, hard in MODES
        },
        "book": {mode: table.book[hard] for mode, hard in MODES},
        "opener": {mode: table.opener(hard).index for mode, hard in MODES},
        "shortcuts": {"green": shortcuts.green, "yellow": shortcuts.yellow, "grey": shortcuts.grey},
    }


def _cache_key(language: Language, wordle_tsv_path: Path, length: int) -> str:
    """What the page data depends on: the list and the lemmas beside it, the language's
    settings, the helper's code and this module's."""
    digest = hashlib.sha256()
    digest.update(verified_sha256(wordle_tsv_path).encode())
    lemmas = lemma_list_path(wordle_tsv_path)
    digest.update(verified_sha256(lemmas).encode() if lemmas.exists() else b"no lemmas")
    settings = (length, language.alphabet, language.folding, language.wordle, language.english_zipf_margin)
    digest.update(repr((*settings, WORDLE_DATA_FORMAT)).encode())
    digest.update(source_digest(PACKAGE, WORDLE_SOURCES, "*.py").encode())
    return digest.hexdigest()


def _cached(language: Language, wordle_tsv_path: Path, length: int, folder: Path) -> dict:
    """The page data kept in ``folder`` under its key (:mod:`pipeline.core.cache`), made first
    if it is not: two processes that want the same data (a site build and a test beside it)
    make it once."""
    path = kept_path(
        folder, "wordle", f"{language.code}-{length}", _cache_key(language, wordle_tsv_path, length), ".json"
    )
    made = keep_bytes(
        path,
        lambda: json.dumps(
            build_wordle_data(language, wordle_tsv_path, length), ensure_ascii=False, sort_keys=True
        ).encode(),
    )
    return json.loads(made)


def wordle_json(data: dict) -> bytes:
    """The page data as deterministic, compact UTF-8 JSON (the one serialiser the site uses)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
