"""How the site's scripts fold typed text into game keys, and where they need help.

Every page script folds typed text through ``site/fold.js`` (the games, the solvers and the
Wordle helper share it) the way :func:`pipeline.lists.clean.fold` does, with one cheap
default rule per character (:func:`default_fold_char`) plus a table of the characters where that rule and Python's
fold disagree (:func:`folding_table`), which the page data ships.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from pipeline.config import Language

#: Unicode planes scanned for the page's folding exceptions (the Basic Multilingual Plane).
SCAN = range(0x80, 0x10000)


@lru_cache(maxsize=8)
def folding_table(language: Language) -> dict[str, str | None]:
    """Characters the browser must fold differently from its default rule.

    ``site/wordle-core.js`` folds a typed guess like :func:`pipeline.lists.clean.fold`: NFC, lower
    case, the language's replacements, dropped characters, then each remaining character:
    a letter of the alphabet stays; otherwise its canonical decomposition's first character
    if that is a letter of the alphabet followed only by combining marks; otherwise invalid.
    This table lists every character of the Basic Multilingual Plane where that default
    disagrees with Python's fold (``ß`` → ``ss``, ``ø`` → ``o``; None = invalid), so the
    two fold alike without shipping a transliteration library.
    """
    from pipeline.lists.clean import fold

    alphabet = set(language.alphabet)
    table: dict[str, str | None] = {}
    for code in SCAN:
        ch = chr(code)
        if 0xD800 <= code <= 0xDFFF or ch != ch.lower() or ch in language.folding.drop:
            continue
        expected = fold(ch, language)
        if default_fold_char(ch, alphabet) != expected:
            table[ch] = expected
    return table


def default_fold_char(ch: str, alphabet: set[str]) -> str | None:
    """What ``site/wordle-core.js`` does with a character absent from the folding table."""
    if ch in alphabet:
        return ch
    parts = unicodedata.normalize("NFD", ch)
    if parts[0] in alphabet and len(parts) > 1 and all(unicodedata.category(p).startswith("M") for p in parts[1:]):
        return parts[0]
    return None
