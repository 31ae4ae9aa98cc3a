"""The data a playable daily page carries: everything the game needs, no answer in plain sight.

A beehive or rack page is a game (``site/game-core.js`` holds its rules, the page scripts
``site/beehive-game.js`` and ``site/rack-game.js`` its interface). The page must check a
player's word without its source listing the answers, so each answer travels as a
**salted hash**: :func:`key_hash` of ``salt + key`` (for a rack, of the word's tiles), 48
bits written as 12 hex digits, all concatenated into one string. The salt names the
language and the date, so a table of hashes built for one day is useless on another.

What that costs and buys (measured on the real lists, see docs/site.md, "The games"): about 6
bytes gzipped per answer (hex digits do not compress below 4 bits each). A word that is
not an answer matches one of a hive's ~100 hashes with probability ~100 / 2**48, so "not
in the list" is as good as exact. It hides the answers from a glance and from a search of
the source; it cannot hide them from someone who hashes every word of the list, and does
not try to: the answers are one link away anyway.

Once found, a word is shown in its display form (``col·lecció`` for the key ``colleccio``).
Forms that differ from their key are stored, keyed by the hash, as **edits** of the key
(:func:`pipeline.browser.wire.encode_forms`), each replacing a stretch of the key by a
text — a middle dot or an accent, never the word.

Where to start reading: :func:`hive_play_data` and :func:`rack_play_data` (what the pages
embed as ``<script type="application/json">``); :func:`key_hash` is cyrb53, the same
arithmetic as ``hash`` in ``site/game-core.js``.

>>> key_hash("ca|2026-02-14|0|", "colleccio")
'9bcd4c1ff53f'
>>> from pipeline.browser.wire import encode_forms
>>> encode_forms("colleccio", ["col·lecció"])
'~33·~89ó'
"""

from __future__ import annotations

import array
import base64
import datetime as dt
import functools
import json
import sys

from pipeline.browser.wire import PLAY_DATA_FORMAT, encode_forms
from pipeline.config import Language
from pipeline.games.definitions import Glossary

#: Bits of each answer's hash (12 hex digits); see the module docstring for the trade-off.
HASH_BITS = 48
HASH_HEX = HASH_BITS // 4
#: A rack day's result is the share of its words found, in these levels: none, a quarter,
#: a half, three quarters, every word (a beehive day's is its rank).
RACK_LEVELS = 5
_M32 = 0xFFFFFFFF


def _imul(a: int, b: int) -> int:
    """JavaScript's Math.imul on unsigned 32-bit values (the bit pattern is what matters)."""
    return (a * b) & _M32


def _absorb(state: tuple[int, int], text: str) -> tuple[int, int]:
    """cyrb53's two words after ``text``'s UTF-16 code units (as JavaScript's charCodeAt
    sees the string), from ``state``."""
    units = array.array("H", text.encode("utf-16-le"))
    if sys.byteorder == "big":
        units.byteswap()
    h1, h2 = state
    for unit in units:  # _imul written out: a site hashes half a million answers
        h1 = ((h1 ^ unit) * 2654435761) & _M32
        h2 = ((h2 ^ unit) * 1597334677) & _M32
    return h1, h2


@functools.lru_cache(maxsize=256)
def _salted(salt: str) -> tuple[int, int]:
    """cyrb53's state after ``salt``: a day's hashes share their salt, and a meaning's
    keystream blocks a longer prefix (:func:`_keystream`), so it is absorbed once."""
    return _absorb((0xDEADBEEF, 0x41C6CE57), salt)


def key_hash(salt: str, text: str) -> str:
    """cyrb53 of ``salt + text`` over UTF-16 code units (as JavaScript's charCodeAt sees
    the string), its low :data:`HASH_BITS` bits as lower-case hex."""
    h1, h2 = _absorb(_salted(salt), text)
    h1 = _imul(h1 ^ (h1 >> 16), 2246822507)
    h1 ^= _imul(h2 ^ (h2 >> 13), 3266489909)
    h2 = _imul(h2 ^ (h2 >> 16), 2246822507)
    h2 ^= _imul(h1 ^ (h1 >> 13), 3266489909)
    value = ((h2 & 0x1FFFFF) << 32) | h1
    return f"{value & ((1 << HASH_BITS) - 1):0{HASH_HEX}x}"


def _hashes(salt_base: str, texts: list[str]) -> tuple[str, list[str]]:
    """(salt, hash of each text): the first salt under which the texts' hashes differ."""
    for attempt in range(100):
        salt = f"{salt_base}|{attempt}|"
        hashes = [key_hash(salt, text) for text in texts]
        if len(set(hashes)) == len(hashes):
            return salt, hashes
    raise AssertionError("100 salts in a row gave colliding 48-bit hashes")  # never in practice


def _forms(hashes: list[str], keys: list[str], forms: list[tuple[str, ...]]) -> dict[str, str]:
    """Hash -> the encoded display forms, only for answers shown other than as the key."""
    return {h: encode_forms(key, fs) for h, key, fs in sorted(zip(hashes, keys, forms)) if list(fs) != [key]}


def folding_data(language: Language, letters: set[str]) -> dict:
    """What site/fold.js needs to fold typed text as :func:`pipeline.lists.clean.fold` does: the
    replacements, dropped characters, and the folding exceptions of
    :func:`pipeline.browser.fold.folding_table` that matter to a game played with ``letters``:
    an exception whose right fold or whose default fold (the browser's rule without it)
    lands inside ``letters``. Every other character gives an unplayable word either way."""
    from pipeline.browser.fold import default_fold_char, folding_table

    alphabet = set(language.alphabet)

    def matters(ch: str, out: str | None) -> bool:
        default = default_fold_char(ch, alphabet)
        return (out is not None and set(out) <= letters) or (default is not None and default in letters)

    table = folding_table(language)
    return {
        "replace": [list(pair) for pair in language.folding.replace],
        "drop": language.folding.drop,
        "chars": {ch: out for ch, out in sorted(table.items()) if matters(ch, out)},
    }


def seal(salt: str, secret: str, text: str) -> str:
    """``text`` that only ``secret`` (an answer, as its hash covers it) opens: its UTF-8
    bytes XOR a keystream whose block ``i`` is the 6 bytes of :func:`key_hash` of
    ``meaning|i|secret``, in base64. What an answer means would name other answers (bake
    for baked, the words of a gloss), so a page carries it sealed; ``unseal`` in
    ``site/game-core.js`` opens it once the word is found.

    >>> sealed = seal("en|2026-02-14|0|", "bake", "cook in an oven")
    >>> sealed != seal("en|2026-02-14|0|", "cake", "cook in an oven") and "oven" not in sealed
    True
    >>> unseal("en|2026-02-14|0|", "bake", sealed)
    'cook in an oven'
    """
    data = text.encode("utf-8")
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, _keystream(salt, secret, len(data))))).decode("ascii")


def unseal(salt: str, secret: str, sealed: str) -> str:
    """The inverse of :func:`seal`."""
    data = base64.b64decode(sealed)
    return bytes(a ^ b for a, b in zip(data, _keystream(salt, secret, len(data)))).decode("utf-8")


def _keystream(salt: str, secret: str, size: int) -> bytes:
    block = HASH_BITS // 8
    prefix = f"{salt}meaning|"  # what key_hash hashes is the concatenation: one prefix for every block
    return b"".join(bytes.fromhex(key_hash(prefix, f"{i}|{secret}")) for i in range((size + block - 1) // block))


def meanings(
    glossary: Glossary | None, salt: str, hashes: list[str], secrets: list[str], words: list[str]
) -> dict[str, str]:
    """Hash → what the answer ``words[i]`` (its first display form) means
    (:meth:`pipeline.games.definitions.Definition.as_data` as JSON), sealed by what its hash
    covers (:func:`seal`), for the answers the glossary defines."""
    if glossary is None:
        return {}
    defined = glossary.define_all(words)
    return {
        digest: seal(salt, secret, json.dumps(defined[word].as_data(word), ensure_ascii=False, separators=(",", ":")))
        for digest, secret, word in sorted(zip(hashes, secrets, words))
        if word in defined
    }


def levels(count: int, streak: int | None = None) -> dict[str, int]:
    """A game's result levels as its page data carries them: how many, and the one from
    which a day counts towards the player's streak: ``streak``, by default the middle one
    (the beehive's Nice or Molt bé of ten ranks; half a rack's words).

    >>> levels(10), levels(RACK_LEVELS)
    ({'count': 10, 'streak': 5}, {'count': 5, 'streak': 2})
    """
    return {"count": count, "streak": count // 2 if streak is None else streak}


def dictionary_links(language: Language) -> list[list[str]]:
    """``[name, address with {word}]`` of each of the language's reference dictionaries."""
    return [[link.name, link.url] for link in language.dictionaries]


def hive_play_data(language: Language, date: dt.date, hive, hints, glossary: Glossary | None = None) -> dict:
    """The page data of one daily hive (``hive``: a solved :class:`pipeline.games.beehive.Hive`,
    ``hints`` its :class:`pipeline.games.beehive.Hints`; ``glossary``: the language's definitions,
    if it has any). Answer order is hidden: the hashes are sorted.

    A hive with bonus words (:func:`pipeline.games.beehive.answer_tiers`) has their hashes too,
    under the same salt, in ``bonus_hashes``; a hive without has no such field."""
    rules = language.beehive
    letters = set(hive.letters)
    count = len(hive.answers)
    every = hive.answers + hive.bonus
    salt, all_hashes = _hashes(f"{language.code}|{date.isoformat()}|beehive", [a.key for a in every])
    hashes = all_hashes[:count]
    order = sorted(range(len(hashes)), key=hashes.__getitem__)
    data = {
        "format": PLAY_DATA_FORMAT,
        "game": "beehive",
        "lang": language.code,
        "date": date.isoformat(),
        "letters": hive.letters,
        "alphabet": language.alphabet,
        "fold": folding_data(language, letters),
        "rules": {
            "min_length": rules.min_length,
            "points": {str(n): p for n, p in sorted(rules.points.items())},
            "bonus": rules.pangram_bonus,
            "ranks": [[name, share] for name, share in rules.ranks],
        },
        "levels": levels(len(rules.ranks)),
        "words": hive.word_count,
        "total": hive.total_points,
        "pangrams": hive.pangram_count,
        "salt": salt,
        "hashes": "".join(hashes[i] for i in order),
        "forms": _forms(all_hashes, [a.key for a in every], [a.forms for a in every]),
        "meanings": meanings(glossary, salt, hashes, [a.key for a in hive.answers], [a.forms[0] for a in hive.answers]),
        "dictionaries": dictionary_links(language),
        "hints": {
            "grid": {letter: {str(n): c for n, c in row.items()} for letter, row in hints.grid.items()},
            "two": dict(hints.two_letter),
        },
    }
    if hive.bonus:
        data["bonus_hashes"] = "".join(sorted(all_hashes[count:]))
    return data


def rack_text(tiles) -> str:
    """What a rack answer's hash covers: its tile texts, ``|``-separated (``c|o|l·l|…``), so
    ``colleccio`` typed with two L tiles is a different word from ``col·lecció``."""
    return "|".join(tiles)


def rack_play_data(language: Language, daily, glossary: Glossary | None = None) -> dict:
    """The page data of one daily rack (``daily``: a :class:`pipeline.games.racks.DailyRack`).
    Each answer is a (key, spelling) of the engine; its score is computed by the page."""
    from pipeline.lists.tiles import BLANK

    rules = language.racks
    answers = daily.solution.answers
    texts = [rack_text(a.tiles) for a in answers]
    salt, hashes = _hashes(f"{language.code}|{daily.date.isoformat()}|rack", texts)
    tile_chars = set("".join(t.text for t in rules.tiles))
    return {
        "format": PLAY_DATA_FORMAT,
        "game": "rack",
        "lang": language.code,
        "date": daily.date.isoformat(),
        "rack": [t for t in daily.tiles if t != BLANK],
        "blanks": sum(t == BLANK for t in daily.tiles),
        "alphabet": language.alphabet,
        "fold": folding_data(language, tile_chars),
        "tiles": [[t.text, t.points] for t in rules.tiles],
        "variants": _tile_variants(language),
        "rules": {"rack_size": rules.rack_size, "bingo": rules.bingo_bonus, "min_tiles": 2},
        "levels": levels(RACK_LEVELS),
        "words": len(answers),
        "best": max((a.score for a in answers), default=0),
        "hints": {"grid": {first: {str(n): c for n, c in row.items()} for first, row in tile_grid(answers).items()}},
        "salt": salt,
        "hashes": "".join(sorted(hashes)),
        "forms": _forms(hashes, [a.key for a in answers], [a.forms or (a.form,) for a in answers]),
        "meanings": meanings(glossary, salt, hashes, texts, [a.form for a in answers]),
        "dictionaries": dictionary_links(language),
    }


def tile_grid(answers) -> dict[str, dict[int, int]]:
    """A rack's hint grid: its answers counted by first tile and number of tiles (what
    site/game-core.js gridLeft counts down as words are found)."""
    grid: dict[str, dict[int, int]] = {}
    for answer in answers:
        row = grid.setdefault(answer.tiles[0], {})
        row[len(answer.tiles)] = row.get(len(answer.tiles), 0) + 1
    return grid


def _tile_variants(language: Language) -> list[list[str]]:
    """Alternative spellings of digraph tiles (``ŀl`` -> ``l·l``), as TileSet.of finds them."""
    from pipeline.lists.tiles import TileSet

    return [list(pair) for pair in TileSet.of(language).variants]
