"""Per-language cleaning: which forms are ordinary words, and how a form folds to a game key.

Everything language-specific comes from the :class:`~pipeline.config.Language` (its TOML);
nothing here tests a language code. Two questions are answered:

* :func:`is_ordinary_word` — is a generated form an ordinary word (the ``words`` list)?
* :func:`fold` — the game key of a spelled form: what a player types in the beehive, on a
  rack or in Wordle.

Folding, step by step (Catalan examples; ``ca`` is the real Catalan configuration):

>>> from pipeline.config import load_language
>>> ca, es, en = load_language("ca"), load_language("es"), load_language("en")

Lower case first, then the language's multi-letter replacements — the geminated l in all
its spellings becomes plain ll (plain unidecode would turn the middle dot into ``*``):

>>> fold("col·lecció", ca)
'colleccio'
>>> fold("COL·LECCIÓ", ca)
'colleccio'
>>> fold("coŀlecció", ca)
'colleccio'
>>> fold("col.lecció", ca)
'colleccio'

Letters of the language's own alphabet are kept; other diacritics go:

>>> fold("plaça", ca)
'plaça'
>>> fold("pingüí", ca)
'pingui'
>>> fold("acabà", ca)
'acaba'
>>> fold("niño", es), fold("niño", en)
('niño', 'nino')

Hyphens and apostrophes are dropped:

>>> fold("amelar-se", ca)
'amelarse'
>>> fold("l'àvia", ca)
'lavia'

A key with anything left outside the alphabet is refused:

>>> fold("10a", ca) is None
True
>>> fold("ε", ca) is None
True
"""

from __future__ import annotations

import unicodedata
from functools import cache

from unidecode import unidecode

from pipeline.config import Language


def fold(form: str, language: Language) -> str | None:
    """The game key of ``form`` in ``language``, or None if it has no valid key."""
    return _folder(language)(form)


def is_ordinary_word(form: str, language: Language) -> bool:
    """An ordinary word: letters only (no digits, periods, apostrophes, hyphens), no
    capitals — except an initial capital where the language capitalises common nouns.

    >>> from pipeline.config import load_language
    >>> ca = load_language("ca")
    >>> [w for w in ["gata", "col·lecció", "Barcelona", "l'àvia", "10a", "eBay", "amelar-se", "etc."]
    ...  if is_ordinary_word(w, ca)]
    ['gata', 'col·lecció']
    """
    body = form[1:] if language.capitalised_nouns else form
    if not form or body != body.lower() or (not language.capitalised_nouns and form[0] != form[0].lower()):
        return False
    # A non-letter may stand only inside one of the language's letter groups (Catalan's l·l).
    return form.isalpha() or language.folding.ungroup(form).isalpha()


def ordinary_words(forms: list[str], language: Language) -> list[str]:
    """The forms of ``forms`` that are ordinary words, in order: :func:`is_ordinary_word`
    over a whole list, with a fast path for the common case (pure lower-case letters),
    because the Catalan expansion has 16 million forms.

    >>> from pipeline.config import load_language
    >>> ordinary_words(["Barcelona", "col·lecció", "gata", "l'àvia"], load_language("ca"))
    ['col·lecció', 'gata']
    """
    if language.capitalised_nouns:
        return [form for form in forms if is_ordinary_word(form, language)]
    joiners = language.folding.joiners
    return [
        form
        for form in forms
        if (form.isalpha() and (form.islower() or form == form.lower()))
        or (joiners and not joiners.isdisjoint(form) and is_ordinary_word(form, language))
    ]


class _CharFolds(dict):
    """``str.translate`` table that folds each character the first time it is seen.

    Folding a million words one character at a time in Python is slow; ``translate`` runs
    in C and only calls :meth:`__missing__` once per distinct character.
    """

    def __init__(self, kept: frozenset[str], drop: str):
        super().__init__({ord(ch): None for ch in drop})
        self.kept = kept

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        folded = ch
        if ch not in self.kept and not ch.isascii():
            # Decompose first so a kept base letter survives (e.g. a ç with an extra accent).
            base = unicodedata.normalize("NFD", ch)[0]
            if base in self.kept:
                folded = base
            elif unicodedata.name(ch, "").startswith("LATIN"):
                folded = unidecode(ch).lower()
            # Other scripts stay as they are (ε must not become e), so the key is refused.
        self[code] = folded
        return folded


@cache
def _folder(language: Language):
    alphabet = frozenset(language.alphabet)
    char_folds = _CharFolds(frozenset(language.kept_letters), language.folding.drop)
    replacements = language.folding.replace

    def folder(form: str) -> str | None:
        key = unicodedata.normalize("NFC", form).lower()
        for old, new in replacements:
            key = key.replace(old, new)
        key = key.translate(char_folds)
        if not key or not alphabet.issuperset(key):
            return None
        return key

    return folder
