"""Word frequencies from wordfreq, read from its table directly.

For the ordinary words of the lists (no spaces, hyphens or apostrophes) a table look-up,
:func:`zipf_in`, is ``wordfreq.zipf_frequency`` (tests/test_frequency.py checks it), a hundred
times faster than tokenising each word. The Zipf scale: 3 is once per million words, 2 once
per ten million.

>>> to_zipf(1e-6), to_zipf(0.0)
(3.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container, Iterable
from functools import lru_cache

from pipeline.config import Language
from pipeline.expand import entry_forms
from pipeline.lists.clean import is_ordinary_word


@lru_cache(maxsize=8)
def frequency_table(code: str) -> dict[str, float]:
    """wordfreq's word → frequency table of one language."""
    from wordfreq import get_frequency_dict

    return get_frequency_dict(code)


def to_zipf(frequency: float) -> float:
    """A frequency on the Zipf scale, rounded as ``wordfreq.zipf_frequency`` rounds (0 for none)."""
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def game_zipf(language: Language, forms: Iterable[str], own: Container[str] = ()) -> float:
    """The commonest of ``forms``' Zipf frequencies in ``language``, as the games' tiers
    count them: a form English writes at least ``english_zipf_margin`` more often counts 0
    (speed is Zipf 5.0 in English and 3.9 in Dutch: English's, quoted), unless it is one of
    the language's ``own`` words (:func:`own_words`). 0 without a frequency language."""
    if not language.frequency_language:
        return 0.0
    table = frequency_table(language.frequency_language)
    quoted = english_quotes(language)
    best = 0.0
    for form in forms:
        if quoted(form) and form not in own:
            continue  # English's word, quoted
        best = max(best, zipf_in(table, form))
    return best


def english_quotes(language: Language) -> Callable[[str], bool]:
    """Whether English writes a form at least the language's ``english_zipf_margin`` more
    often than the language does (never, without a margin or a frequency language)."""
    margin = language.english_zipf_margin
    if not (margin and language.frequency_language):
        return lambda form: False
    table, english = frequency_table(language.frequency_language), frequency_table("en")
    return lambda form: zipf_in(english, form) - zipf_in(table, form) >= margin


def own_words(language: Language, expander) -> list[str]:
    """The entries English writes more often that are the language's own words all the
    same, sorted: each makes another ordinary word that the language writes and English
    does not write more (German legal → legale, Held → Helden, Last → Lasten; French four →
    fours, short → shorts; not Italian hard → dell'hard). A quoted form that is no entry
    stays English's, even where a verb of the language makes it (French banana, camera:
    bananer, camer).

    The lists stage marks them in ``game.tsv`` for :func:`game_zipf` (their entries are
    known only there)."""
    if not (language.english_zipf_margin and language.frequency_language):
        return []
    quoted = english_quotes(language)
    table = frequency_table(language.frequency_language)
    own: set[str] = set()
    for entry in expander.entries():
        if entry.stem in own or not quoted(entry.stem):
            continue
        inflections = entry_forms(expander, entry)
        if any(
            form != entry.stem and is_ordinary_word(form, language) and zipf_in(table, form) > 0 and not quoted(form)
            for form in inflections
        ):
            own.add(entry.stem)
    return sorted(own)


def zipf_in(table: dict[str, float], word: str) -> float:
    """``word``'s Zipf frequency in a wordfreq ``table``, whose words are case folded as
    wordfreq folds what it counts: a German noun is looked up in lower case and ß as ss.

    >>> zipf_in({"kerze": 4.9e-06, "heiss": 4.07e-05}, "Kerze"), zipf_in({"heiss": 4.07e-05}, "heiß")
    (3.69, 4.61)
    """
    return to_zipf(table.get(word.casefold(), 0.0))
