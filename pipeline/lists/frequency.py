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
from collections.abc import Iterable
from functools import lru_cache

from pipeline.config import Language


@lru_cache(maxsize=8)
def frequency_table(code: str) -> dict[str, float]:
    """wordfreq's word → frequency table of one language."""
    from wordfreq import get_frequency_dict

    return get_frequency_dict(code)


def to_zipf(frequency: float) -> float:
    """A frequency on the Zipf scale, rounded as ``wordfreq.zipf_frequency`` rounds (0 for none)."""
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def game_zipf(language: Language, forms: Iterable[str]) -> float:
    """The commonest of ``forms``' Zipf frequencies in ``language``, as the games' tiers
    count them: a form English writes at least ``english_zipf_margin`` more often counts 0
    (speed is Zipf 5.0 in English and 3.9 in Dutch: English's, quoted). 0 without a
    frequency language."""
    if not language.frequency_language:
        return 0.0
    table = frequency_table(language.frequency_language)
    margin = language.english_zipf_margin
    english = frequency_table("en") if margin else None
    best = 0.0
    for form in forms:
        zipf = zipf_in(table, form)
        if english is not None and zipf_in(english, form) - zipf >= margin:
            continue  # English's word, quoted
        best = max(best, zipf)
    return best


def zipf_in(table: dict[str, float], word: str) -> float:
    """``word``'s Zipf frequency in a wordfreq ``table``, whose words are case folded as
    wordfreq folds what it counts: a German noun is looked up in lower case and ß as ss.

    >>> zipf_in({"kerze": 4.9e-06, "heiss": 4.07e-05}, "Kerze"), zipf_in({"heiss": 4.07e-05}, "heiß")
    (3.69, 4.61)
    """
    return to_zipf(table.get(word.casefold(), 0.0))
