"""Abbreviations: forms a dictionary accepts that are not words (bldg, tsp, ml, kg).

Start at :func:`abbreviation_forms`. They are left out of ``words`` and ``lemmas`` (and so of
every game); ``forms`` keeps them. How a dictionary reveals them is data in the language's
``[abbreviations]`` table (:class:`pipeline.config.Abbreviations`), three kinds of evidence:

* flags: the affix groups that make abbreviations (Catalan's unit symbols take the SI
  prefixes U1–U4: ``l`` → ``ml``, ``cl``; ``lx`` → ``klx``), or another flag the .dic gives
  only symbols (French: KEEPCASE); every form of a line carrying one is an abbreviation,
  but its bare stem when another line of it lacks them (French ``bar/S.``, the word,
  beside ``bar/||--``, the unit);
* a pinned list (English: SCOWL's own abbreviation lists, the word lists en_US is built
  from), except the listed forms the .dic inflects as words (``app/SM``, ``max/GMDS``)
  and those the language says are words (``listed_words``: aw, vocab);
* shape: a form with no vowel at all, unless the language lists it as a genuine word
  (brr, hmm, nth, cwm): :func:`is_vowelless`; and, where the language says so, a Roman
  numeral (clii, xviii), unless it lists it as a word (mix, mi): :func:`is_roman_numeral`.
  :func:`shape_reason` applies both;
* the language's own additions, for a dictionary that spells abbreviations like words
  (Catalan pàg, núm, ctra, esgl) where no list of them is pinned.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from pipeline.config import Language
from pipeline.expand import entry_forms

#: Why a form is an abbreviation, as metadata.json counts them.
BY_FLAG = "flag (unit symbols)"
LISTED = "abbreviation list"
NO_VOWEL = "no vowel"
ROMAN_NUMERAL = "Roman numeral"
#: A Roman numeral as the rules write them (1 to 3999), in lower case.
_ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
ADDED = "language file"


def abbreviation_forms(language: Language, expander, listed: list[str]) -> dict[str, str]:
    """Form → reason, for the abbreviations the flags and the list reveal (the shape rule
    is :func:`is_vowelless`, applied to every word as it is written)."""
    rules = language.abbreviations
    found: dict[str, str] = {}
    if rules.flags:
        words_too = {entry.stem for entry in expander.entries() if not entry.flags & rules.flags}
        for entry in expander.entries():
            if entry.flags & rules.flags:
                for form in entry_forms(expander, entry):
                    if form != entry.stem or entry.stem not in words_too:
                        found.setdefault(form, BY_FLAG)
    if listed:
        inflected = set()
        if rules.keep_inflected:
            vowels = set(rules.vowels or "aeiou")
            inflected = {
                entry.stem for entry in expander.entries() if entry.flags and not vowels.isdisjoint(entry.stem)
            }
        for form in listed:
            if form not in inflected and form not in rules.listed_words:
                found.setdefault(form, LISTED)
    if rules.add:
        # Every form of a listed stem (Spanish pág/S makes págs).
        for entry in expander.entries():
            if entry.stem in rules.add:
                for form in entry_forms(expander, entry):
                    found.setdefault(form, ADDED)
        for form in rules.add:
            found.setdefault(form, ADDED)
    return dict(sorted(found.items()))


def is_vowelless(form: str, language: Language) -> bool:
    """A form without any of the language's vowels, and not one of its genuine
    vowelless words: an abbreviation by its shape. A vowel with an accent is one (föhn,
    déjà: English loans).

    >>> from pipeline.config import load_language
    >>> en = load_language("en")
    >>> [w for w in ["bldg", "tsp", "brr", "hmm", "nth", "rhythm", "polyp", "cwm", "föhn", "déjà"] if is_vowelless(w, en)]
    ['bldg', 'tsp']
    """
    rules = language.abbreviations
    if not rules.vowels:
        return False
    vowels = _vowel_set(rules.vowels)
    return (
        vowels.isdisjoint(form)
        and vowels.isdisjoint(unicodedata.normalize("NFD", form))
        and form not in rules.vowelless_words
    )


def is_roman_numeral(form: str, language: Language) -> bool:
    """A Roman numeral of two letters or more, where the language's rules count them as
    abbreviations, and not one of its words spelled like one.

    >>> from pipeline.config import load_language
    >>> en = load_language("en")
    >>> [w for w in ["clii", "xviii", "mix", "mi", "civil", "dim", "iiii", "v"] if is_roman_numeral(w, en)]
    ['clii', 'xviii']
    """
    rules = language.abbreviations
    return (
        rules.roman_numerals
        and len(form) > 1
        and _ROMAN.fullmatch(form) is not None
        and form not in rules.roman_numeral_words
    )


def shape_reason(form: str, language: Language) -> str | None:
    """Why ``form``'s shape makes it an abbreviation (:data:`NO_VOWEL`,
    :data:`ROMAN_NUMERAL`), or None."""
    if is_vowelless(form, language):
        return NO_VOWEL
    if is_roman_numeral(form, language):
        return ROMAN_NUMERAL
    return None


@cache
def _vowel_set(vowels: str) -> frozenset[str]:
    return frozenset(vowels + vowels.upper())
