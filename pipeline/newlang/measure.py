"""Measuring a dictionary for a new language file: alphabet, capitalisation, Wordle, tiles.

Start at :func:`measure`. Everything is counted on the dictionary's *stems* (its .dic
entries), which are cheap to read and close to the headwords the games use; nothing is
expanded. :mod:`pipeline.newlang.add_language` turns the result into a commented TOML.

* **Alphabet.** Letters of the ordinary stems (letters only, no capitals except where
  nouns are capitalised) by frequency. A letter is kept when it makes at least
  :data:`LETTER_SHARE` of all letters; rarer ones are loanword spellings: a rare letter with
  a diacritic folds to its base letter in game keys, any other is simply not in the games.
  A script with more than :data:`MAX_GAME_LETTERS` letters (Korean syllables) cannot make
  hives or a tile bag.
* **Capitalised nouns.** Where the language's commonest words are known (wordfreq's list,
  lower-cased), the share of those the dictionary has *only* capitalised: German about a
  third (its nouns), Czech or Lithuanian a few per cent (proper nouns), although their
  dictionaries hold so many names that a third of their stems taking suffixes are
  capitalised. Above :data:`CAPITALISED_COMMON_SHARE` nouns are capitalised. Without a
  frequency list, the share of stems that take a letters-only suffix (plural-like: no
  apostrophe, so not the English possessive) and start with a capital decides, above
  :data:`CAPITALISED_SHARE`, and the TOML asks a reviewer to check.
* **Wordle.** The length of five if at least :data:`WORDLE_MIN_WORDS` ordinary stems have
  it, else the commonest length from four to seven that does; none otherwise.
* **Tiles.** :func:`tile_set`: letter shares scaled to 98 lettered tiles plus two blanks,
  values by rarity.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from dataclasses import dataclass

from pipeline.config import Racks

#: A letter must make this share of the ordinary stems' letters to be in the alphabet.
LETTER_SHARE = 0.0005
#: More letters than this: no beehive (seven letters must make words) and no tile bag.
MAX_GAME_LETTERS = 40
#: Above this share of capitalised stems among those taking plural-like suffixes, nouns
#: are capitalised.
CAPITALISED_SHARE = 0.25
#: Above this share of the commonest words spelled only capitalised, nouns are capitalised.
CAPITALISED_COMMON_SHARE = 0.2
#: Ordinary stems of one length needed for a Wordle.
WORDLE_MIN_WORDS = 1000
#: Tiles in the bag, blanks included, and the blanks.
BAG_TILES = 100
BLANKS = Racks().blanks
#: The values a tile may have (the familiar Scrabble steps).
TILE_VALUES = (1, 2, 3, 4, 5, 8, 10)


@dataclass(frozen=True)
class Letter:
    """One letter of the ordinary stems."""

    letter: str
    count: int
    #: Share of all letters of the ordinary stems.
    share: float

    @property
    def base(self) -> str:
        """The letter without its diacritics (``é`` → ``e``; ``й`` → ``и``)."""
        return unicodedata.normalize("NFD", self.letter)[0]

    @property
    def has_diacritic(self) -> bool:
        return len(unicodedata.normalize("NFD", self.letter)) > 1


@dataclass(frozen=True)
class TileSpec:
    letter: str
    points: int
    count: int


@dataclass(frozen=True)
class Measurements:
    """What :func:`measure` found."""

    #: Every letter of the ordinary stems, commonest first.
    letters: tuple[Letter, ...]
    #: The game alphabet (letters of at least :data:`LETTER_SHARE`), in code-point order.
    alphabet: str
    #: Whether the script has upper and lower case at all.
    has_case: bool
    #: Stems taking a plural-like suffix, and the capitalised share of them.
    suffixed_stems: int
    capitalised_share: float
    #: Common words (of the frequency list) found as stems, and the share of them spelled
    #: only capitalised; None without a frequency list.
    common_found: int
    common_capitalised_share: float | None
    capitalised_nouns: bool
    #: Ordinary stems by length (in letters).
    lengths: dict[int, int]
    #: Ordinary stems measured.
    ordinary_stems: int
    wordle_length: int | None
    tiles: tuple[TileSpec, ...]

    @property
    def kept_diacritics(self) -> list[Letter]:
        return [letter for letter in self.letters if letter.has_diacritic and letter.letter in self.alphabet]

    @property
    def folded_diacritics(self) -> list[Letter]:
        return [letter for letter in self.letters if letter.has_diacritic and letter.letter not in self.alphabet]

    @property
    def games_possible(self) -> bool:
        return 7 <= len(self.alphabet) <= MAX_GAME_LETTERS


def measure(entries, suffix_flags: dict[str, bool], common_words: list[str] | None = None) -> Measurements:
    """Measure ``entries`` (:class:`pipeline.expand.affixes.Entry`); ``suffix_flags`` maps each
    suffix flag to whether all its rules add letters only (plural-like); ``common_words``
    are the language's commonest words, lower case, if known."""
    stems = [unicodedata.normalize("NFC", e.stem) for e in entries]
    # Case as the dictionary uses it: Georgian letters have upper-case forms in Unicode,
    # but a Georgian dictionary spells nothing with them.
    has_case = any(ch.isupper() for stem in stems for ch in stem[:1])
    plural_like = {flag for flag, letters_only in suffix_flags.items() if letters_only}
    suffixed = [s for s, e in zip(stems, entries) if e.flags & plural_like and s.isalpha()]
    capitalised = sum(1 for s in suffixed if s[0] != s[0].lower() and s[1:] == s[1:].lower())
    share = capitalised / len(suffixed) if suffixed else 0.0
    common_found, common_share = 0, None
    if common_words:
        spelled = set(stems)
        found = [w for w in common_words if w in spelled or w[:1].upper() + w[1:] in spelled]
        common_found = len(found)
        if found:
            common_share = sum(1 for w in found if w not in spelled) / len(found)
    if common_share is not None:
        capitalised_nouns = has_case and common_share > CAPITALISED_COMMON_SHARE
    else:
        capitalised_nouns = has_case and share > CAPITALISED_SHARE
    ordinary = sorted({s.lower() for s in stems if _ordinary_stem(s, capitalised_nouns)})
    counts = Counter(ch for stem in ordinary for ch in stem)
    total = sum(counts.values()) or 1
    letters = tuple(Letter(ch, n, n / total) for ch, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    alphabet = "".join(sorted(letter.letter for letter in letters if letter.share >= LETTER_SHARE))
    in_alphabet = set(alphabet)
    lengths = Counter(len(stem) for stem in ordinary if set(stem) <= in_alphabet)
    wordle = _wordle_length(lengths)
    tiles = (
        tile_set([letter for letter in letters if letter.letter in in_alphabet])
        if 7 <= len(alphabet) <= MAX_GAME_LETTERS
        else ()
    )
    return Measurements(
        letters=letters,
        alphabet=alphabet,
        has_case=has_case,
        suffixed_stems=len(suffixed),
        capitalised_share=share,
        common_found=common_found,
        common_capitalised_share=common_share,
        capitalised_nouns=capitalised_nouns,
        lengths=dict(sorted(lengths.items())),
        ordinary_stems=len(ordinary),
        wordle_length=wordle,
        tiles=tiles,
    )


def _ordinary_stem(stem: str, capitalised_nouns: bool) -> bool:
    """Letters only; lower case (an initial capital allowed where nouns are capitalised).

    >>> _ordinary_stem("gata", False), _ordinary_stem("Haus", True), _ordinary_stem("Haus", False)
    (True, True, False)
    >>> _ordinary_stem("l'àvia", False), _ordinary_stem("eBay", True)
    (False, False)
    """
    if not stem.isalpha():
        return False
    body = stem[1:] if capitalised_nouns else stem
    return body == body.lower()


def _wordle_length(lengths: Counter) -> int | None:
    """
    >>> _wordle_length(Counter({5: 1200, 6: 3000})), _wordle_length(Counter({5: 10, 6: 1500}))
    (5, 6)
    >>> _wordle_length(Counter({5: 10})) is None
    True
    """
    if lengths.get(5, 0) >= WORDLE_MIN_WORDS:
        return 5
    candidates = [(n, length) for length, n in lengths.items() if 4 <= length <= 7 and n >= WORDLE_MIN_WORDS]
    return max(candidates)[1] if candidates else None


def tile_set(letters: list[Letter]) -> tuple[TileSpec, ...]:
    """A Scrabble-like bag: counts by share (each letter at least one tile, 98 in all with
    the largest remainders rounding up), values by rarity on the Scrabble steps.

    >>> bag = tile_set([Letter("e", 50, .5), Letter("a", 30, .3), Letter("z", 1, .01)] +
    ...                [Letter(c, 4, .03) for c in "bcdfghi"])
    >>> sum(t.count for t in bag), [(t.letter, t.points, t.count) for t in bag][:3]
    (98, [('e', 1, 48), ('a', 1, 28), ('b', 5, 3)])
    >>> [t for t in bag if t.letter == "z"]
    [TileSpec(letter='z', points=10, count=1)]
    """
    lettered = BAG_TILES - BLANKS
    if not letters or len(letters) > lettered:
        return ()
    total = sum(letter.share for letter in letters)
    exact = {letter.letter: max(1.0, lettered * letter.share / total) for letter in letters}
    counts = {ch: int(x) for ch, x in exact.items()}
    spare = lettered - sum(counts.values())
    # Hand out (or take back) the difference by remainder, deterministically.
    order = sorted(exact, key=lambda ch: (-(exact[ch] - counts[ch]), ch))
    while spare > 0:
        for ch in order[:spare]:
            counts[ch] += 1
        spare = lettered - sum(counts.values())
    for ch in sorted(exact, key=lambda ch: (exact[ch] - counts[ch], -counts[ch], ch)):
        if spare >= 0:
            break
        if counts[ch] > 1:
            counts[ch] -= 1
            spare += 1
    top = max(letter.share for letter in letters)
    bottom = min(letter.share for letter in letters)
    span = math.log(top / bottom) if top > bottom else 1.0

    def value(share: float) -> int:
        rarity = math.log(top / share) / span  # 0 for the commonest letter, 1 for the rarest
        wanted = 1 + 9 * rarity**1.5
        return min(TILE_VALUES, key=lambda v: (abs(v - wanted), v))

    ranked = sorted(letters, key=lambda letter: (-counts[letter.letter], letter.letter))
    return tuple(TileSpec(letter.letter, value(letter.share), counts[letter.letter]) for letter in ranked)
