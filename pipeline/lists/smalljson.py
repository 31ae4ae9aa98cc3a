"""The small lists web games embed, as JSON: lemmas and game keys by length.

Start at :func:`write_small_json`. Two files beside the text lists, each with the lists'
provenance (source, licence, Rusc's version, the lock's SHA-256) so an embedded copy still
says where it came from:

``keys-by-length.json``    the game keys of the words list (``w`` in ``game.tsv``) but
                           blocked ones (``x`` and ``v``): what a game may accept
``lemmas-by-length.json``  the lemmas as spelled, by the length of their game key

Each is ``{"lengths": {"4": [...], ...}, "provenance": {...}}``, lengths in numeric order,
words in code-point order; bytes are deterministic (sorted keys, no time). One over the
downloads' plain-size limit (Italian's keys: 53 MB) gets a ``.gz`` beside it, as the text
lists do, so the downloads page can publish it (:mod:`pipeline.lists.downloads`).
"""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.config import Language
from pipeline.core.fsutil import atomic_write, gzip_file
from pipeline.lists.clean import fold
from pipeline.lists.downloads import MAX_PLAIN_BYTES
from pipeline.lists.lexicon import BLOCKED, LIST_CODES, VULGAR, read_game_rows

KEYS_JSON = "keys-by-length.json"
LEMMAS_JSON = "lemmas-by-length.json"
FILES = (KEYS_JSON, LEMMAS_JSON)


def provenance(metadata: dict) -> dict:
    """What an embedded list must carry: where it came from and under which licence (keys
    sorted at every level)."""
    chosen = {
        name: metadata[name] for name in ("language", "licence", "requirements_lock_sha256", "rusc_version", "source")
    }
    return json.loads(json.dumps(chosen, sort_keys=True))


def by_length(words: list[str], length_of) -> dict[str, list[str]]:
    """``words`` grouped by ``length_of(word)``, lengths in numeric order, each group sorted.

    >>> by_length(["gat", "ca", "gos"], len)
    {'2': ['ca'], '3': ['gat', 'gos']}
    """
    groups: dict[int, set[str]] = {}
    for word in words:
        groups.setdefault(length_of(word), set()).add(word)
    return {str(length): sorted(groups[length]) for length in sorted(groups)}


def write_small_json(language: Language, folder: Path, metadata: dict) -> list[Path]:
    """Write :data:`FILES` into ``folder`` (atomically), each with a ``.gz`` copy when it is
    over :data:`MAX_PLAIN_BYTES`; return their paths."""
    word = LIST_CODES["words"]
    keys = [
        key
        for key, _form, lists in read_game_rows(folder / "game.tsv")
        if word in lists and lists[-1] not in (BLOCKED, VULGAR)
    ]
    with open(folder / "lemmas.txt", encoding="utf-8", newline="\n") as handle:
        lemmas = [line.rstrip("\n") for line in handle]
    lemmas = [lemma for lemma in lemmas if fold(lemma, language) is not None]
    made = {
        KEYS_JSON: by_length(keys, len),
        LEMMAS_JSON: by_length(lemmas, lambda lemma: len(fold(lemma, language) or "")),
    }
    paths = []
    for name, lengths in made.items():
        # Not sort_keys: the lengths stay in numeric order ("10" after "9").
        text = json.dumps(
            {"lengths": lengths, "provenance": provenance(metadata)}, ensure_ascii=False, separators=(",", ":")
        )
        path = atomic_write(folder / name, text + "\n")
        paths.append(path)
        if path.stat().st_size > MAX_PLAIN_BYTES:
            gzip_file(path, folder / f"{name}.gz")
            paths.append(folder / f"{name}.gz")
    return paths
