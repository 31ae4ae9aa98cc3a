"""Static indexes of the in-browser solvers: the hive solver and the rack finder pages.

The pages solve letters only their player knows, so the whole answer space of a language
ships as two compact files, fetched on first use and cached under content-hashed names
(:mod:`pipeline.browser.assets`). ``site/solver-core.js`` reads them and must
give exactly the answers of :mod:`pipeline.games.beehive` and :mod:`pipeline.games.racks`
(``tests/test_solvers_js.py`` checks thousands of random hives and racks under Node).

Where to start reading:

* :func:`hive_index` — every playable beehive key filed by its *letter set* (the letters in
  alphabet order), one line per set: ``letters<TAB>entry<TAB>entry…``. The browser files the
  lines under their bitmask and answers a hive with the 64 lookups
  :meth:`pipeline.games.beehive.BeehiveIndex.solve` makes.
* :func:`hive_index_files` — the same index as the page fetches it: its rules (the head)
  and one file per pair of letters of the letter sets whose two rarest letters they are, so
  a hive fetches the files of its own pairs only (a set within the hive has its two rarest
  letters there): the median daily Catalan hive of 2026 needs 19 files, 25 KB gzipped of
  the index's 403.
* :func:`rack_index` — every playable rack word spelled in *tile codes* (one character per
  tile, ``A`` + the tile's position in the TOML), sorted by that spelling and front-coded.
  The browser walks the sorted spellings as a trie (a node's children by binary search in
  its range), spending a real tile while the rack has one and a blank after: the words and
  blank positions of :meth:`pipeline.games.racks.RackIndex.solve`'s signature walk, from a file
  that needs no signature order. (Filed by signature, the Catalan words gzip to 5.1 MB;
  sorted by spelling, to 0.7 MB, since neighbours share prefixes and inflections.)
* :func:`rack_index_files` — the same index as the page fetches it: its rules (the head)
  and one file of spellings per number of tiles, so a rack of 7 tiles fetches the words of
  2 to 7 tiles (Catalan: 139 KB gzipped, where the whole index is 706 KB; the files
  together weigh 1.06 MB, as neighbours of other lengths no longer share their prefixes)
  and shows its answers within seconds on a slow phone network.
* display forms are written only where they differ from what the browser can rebuild (the
  key; the tiles' texts), as edits of it (:func:`pipeline.browser.wire.encode_forms`).

Both files are JSON objects: the rules the engines need (points, ranks, tiles, folding) and
one string of lines, so ``JSON.parse`` does the unescaping in native code. The output is a
pure function of the word lists and the language TOML: byte-identical on every run.
"""

from __future__ import annotations

import json
import re

from pipeline.browser.wire import (
    SOLVER_INDEX_FORMAT,
    TILE_CODE_BASE,
    WireError,
    encode_forms,
    front_coded,
    shared_count,
)
from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.games.beehive import BeehiveIndex
from pipeline.games.racks import RackIndex
from pipeline.lists.tiles import BLANK, MAX_RACK

#: What a display form may not hold besides the wire format's marks: the index's own separators.
_SEPARATORS = re.compile("[\t\n]")


def _encoded_forms(key: str, forms: tuple[str, ...], where: Language) -> str:
    """:func:`~pipeline.browser.wire.encode_forms`, or a one-line error naming the TOML."""
    try:
        if any(_SEPARATORS.search(form) for form in forms):
            raise WireError(f"a display form of {key!r} holds a tab or a line break")
        return encode_forms(key, forms)
    except WireError as error:
        raise RuscError(f"{error}: it cannot be written in the solver index", where.path) from error


def _fold_data(language: Language) -> dict:
    """What site/fold.js's makeFolder needs to fold typed text as :func:`pipeline.lists.clean.fold`."""
    from pipeline.browser.fold import folding_table

    return {
        "replace": [list(pair) for pair in language.folding.replace],
        "drop": language.folding.drop,
        "chars": folding_table(language),
    }


def _dump(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def hive_index(index: BeehiveIndex) -> bytes:
    """The hive solver's index of one language (see the module docstring).

    Each entry is the key, or the key, a space and its
    :func:`~pipeline.browser.wire.encode_forms`.
    """
    language = index.language
    rules = language.beehive
    alphabet = language.alphabet
    groups: list[tuple[str, str]] = []
    for mask, members in index.by_mask.items():
        letters = "".join(letter for i, letter in enumerate(alphabet) if mask >> i & 1)
        entries = []
        for i in sorted(members, key=index.keys.__getitem__):
            key, forms = index.keys[i], index.forms[i]
            extra = _encoded_forms(key, forms, language)
            entries.append(key + (" " + extra if extra else ""))
        groups.append((letters, "\t".join(entries)))
    groups.sort()
    return _dump(
        {
            "format": SOLVER_INDEX_FORMAT,
            "kind": "hive",
            "language": language.code,
            "alphabet": alphabet,
            "min_length": rules.min_length,
            "points": {str(n): p for n, p in sorted(rules.points.items())},
            "pangram_bonus": rules.pangram_bonus,
            "ranks": [[name, share] for name, share in rules.ranks],
            "fold": _fold_data(language),
            "sets": "\n".join(f"{letters}\t{entries}" for letters, entries in groups),
        }
    )


def hive_index_files(index: BeehiveIndex) -> tuple[bytes, dict[str, bytes]]:
    """The hive solver's index split as the page fetches it: (the head: :func:`hive_index`
    without its sets, with ``rarity``, the alphabet rarest letter first — the fewest letter
    sets hold it — and the list of ``shards``; shard → the lines of the letter sets it files,
    as ``{"format", "kind": "hive-sets", "shard", "sets"}``).

    A letter set is filed under its two rarest letters, rarest first (a set of one letter
    under that letter): a hive needs the shards whose letters are all its own, at most 28,
    which hold only sets with two of its letters at least. (Filed under the rarest letter
    alone, the median daily Catalan hive needed 80 KB gzipped; under the two rarest, 25 KB.)
    ``site/solver-core.js`` adds each to the head it decodes (``addSets``)."""
    data = json.loads(hive_index(index))
    alphabet = data["alphabet"]
    lines = data["sets"].split("\n") if data["sets"] else []
    holding = dict.fromkeys(alphabet, 0)
    for line in lines:
        for letter in line.partition("\t")[0]:
            holding[letter] += 1
    rarity = sorted(alphabet, key=lambda letter: (holding[letter], alphabet.index(letter)))
    rank = {letter: i for i, letter in enumerate(rarity)}
    by_shard: dict[str, list[str]] = {}
    for line in lines:
        shard = "".join(sorted(line.partition("\t")[0], key=rank.__getitem__)[:2])
        by_shard.setdefault(shard, []).append(line)
    order = sorted(by_shard, key=lambda shard: [alphabet.index(letter) for letter in shard])
    shards = {
        shard: _dump(
            {
                "format": SOLVER_INDEX_FORMAT,
                "kind": "hive-sets",
                "language": data["language"],
                "shard": shard,
                "sets": "\n".join(by_shard[shard]),
            }
        )
        for shard in order
    }
    return _dump({**data, "sets": "", "rarity": "".join(rarity), "shards": order}), shards


def rack_index(index: RackIndex) -> bytes:
    """The rack finder's index of one language (see the module docstring), kept beside the
    rack index in its cache (:meth:`pipeline.games.racks.RackIndex.kept_beside`): making
    Catalan's takes about 7 s."""
    return index.kept_beside("finder.json", _rack_index)


def _rack_index(index: RackIndex) -> bytes:
    """The rack finder's index of one language, made from ``index``.

    Each line is one (key, spelling): one character saying how many codes it shares with
    the previous line's spelling (:func:`~pipeline.browser.wire.position`), the rest of its
    codes, and, if its display forms are not just its tiles' texts joined, a tab and their
    :func:`~pipeline.browser.wire.encode_forms`. The key is the tiles' keys joined
    (``tile_keys``): the writer checks that this rebuilds every key.
    """
    from pipeline.lists.clean import fold

    language = index.language
    tiles = index.tileset
    tile_keys = [fold(text, language) for text in tiles.texts]
    # Each tile's code must stay a printable ASCII character (up to "~").
    if any(key is None for key in tile_keys) or len(tiles.texts) > 0x7E - TILE_CODE_BASE:
        raise RuscError("the tiles cannot be written in the rack finder's index", language.path)
    # Tile code -> the tile's key: a code string translated by it is the key it rebuilds.
    key_of_code = {TILE_CODE_BASE + i: key for i, key in enumerate(tile_keys)}
    rows: list[tuple[str, str]] = []
    for entries in index.by_signature.values():
        for entry in entries:
            if entry.codes.translate(key_of_code) != entry.key:
                raise RuscError(
                    f"game key {entry.key!r} is not its tiles' keys joined; the rack index cannot rebuild it",
                    language.path,
                )
            rows.append((entry.codes, _encoded_forms("".join(entry.texts), entry.forms, language)))
    rows.sort()
    lines = _front_coded(rows)
    rules = language.racks
    return _dump(
        {
            "format": SOLVER_INDEX_FORMAT,
            "kind": "rack",
            "language": language.code,
            "alphabet": language.alphabet,
            "tiles": [[t.text, t.points, key] for t, key in zip(rules.tiles, tile_keys)],
            "blank": BLANK,
            "blanks": rules.blanks,
            "rack_size": rules.rack_size,
            "bingo_bonus": rules.bingo_bonus,
            "max_rack": MAX_RACK,
            "variants": [list(pair) for pair in tiles.variants],
            "fold": _fold_data(language),
            "words": "\n".join(lines),
        }
    )


def rack_index_files(index: RackIndex) -> tuple[bytes, dict[int, bytes]]:
    """The rack finder's index split as the page fetches it: (the head: :func:`rack_index`
    without its words, with the ``lengths`` of the spellings it holds; number of tiles →
    that length's spellings, front-coded on their own, as ``{"format", "kind": "rack-words",
    "length", "words"}``). ``site/solver-core.js`` adds each to the head it decodes
    (``addWords``); together they hold the words of :func:`rack_index`, line for line."""
    data = json.loads(rack_index(index))
    by_length: dict[int, list[tuple[str, str]]] = {}
    previous = ""
    for line in data["words"].split("\n") if data["words"] else []:
        head, _tab, extra = line.partition("\t")
        codes = previous[: shared_count(head)] + head[1:]
        by_length.setdefault(len(codes), []).append((codes, extra))
        previous = codes
    shards = {}
    for length, rows in sorted(by_length.items()):
        shards[length] = _dump(
            {
                "format": SOLVER_INDEX_FORMAT,
                "kind": "rack-words",
                "language": data["language"],
                "length": length,
                "words": "\n".join(_front_coded(rows)),
            }
        )
    return _dump({**data, "words": "", "lengths": sorted(shards)}), shards


def _front_coded(rows: list[tuple[str, str]]) -> list[str]:
    """Sorted (tile codes, encoded forms) as the index's lines: the codes front-coded
    (:func:`~pipeline.browser.wire.front_coded`), and a tab and the forms if any."""
    coded = front_coded(codes for codes, _extra in rows)
    return [line + ("\t" + extra if extra else "") for line, (_codes, extra) in zip(coded, rows)]
