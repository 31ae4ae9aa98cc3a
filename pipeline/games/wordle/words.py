"""The Wordle list of one length and how likely each word is to be the day's answer.

Where to start reading: :func:`load_words` reads ``wordle.tsv`` (every length the language
plays, see :mod:`pipeline.lists.wordlists`) for one length into a :class:`Words` table: the keys,
their display forms, their letters as numbers (for :mod:`pipeline.games.wordle.strategy`) and an
integer answer weight per word, the *prior*.

Daily answers are common dictionary entries, so the prior grows with the word's frequency
(wordfreq's Zipf scale, the best of the key's spellings): a logistic curve centred on the
language's ``prior_centre`` with ``prior_width`` (both in its TOML), divided by its
``inflection_odds`` for a key none of whose spellings is in ``lemmas.txt`` beside the list
(a plural, a conjugated verb: Wordle's answers are headwords). It is quantised to one of
:data:`LEVELS` levels spread geometrically from 1 to :data:`MAX_WEIGHT`, so the page ships one
character per word and Python and JavaScript compute the same exact integer sums:

>>> [weight_of_level(k) for k in (0, 1, 31, 63)]
[1, 1, 30, 1000]
>>> level_of(1.0), level_of(0.5), level_of(1e-6)
(63, 57, 0)
"""

from __future__ import annotations

import math
from collections.abc import Container
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import lf_lines, verified_sha256
from pipeline.lists.frequency import game_zipf

#: Levels of the quantised prior (one character of the page data each).
LEVELS = 64
#: The weight of the commonest words; the rarest weigh 1.
MAX_WEIGHT = 1000


def weight_of_level(level: int) -> int:
    """The integer weight of a prior level (0 → 1, :data:`LEVELS` - 1 → :data:`MAX_WEIGHT`)."""
    return round(MAX_WEIGHT ** (level / (LEVELS - 1)))


#: Level → weight, shipped with the page so the browser needs no floating point to agree.
WEIGHTS = tuple(weight_of_level(k) for k in range(LEVELS))


def level_of(probability: float) -> int:
    """The level nearest (on the log scale) to a prior between 0 and 1 (1 = commonest)."""
    if probability <= 0:
        return 0
    return max(0, min(LEVELS - 1, round((LEVELS - 1) * (1 + math.log(probability, MAX_WEIGHT)))))


def prior(zipf: float, centre: float, width: float) -> float:
    """How likely (0..1) a word of this Zipf frequency is to be an answer, before any clue."""
    return 1 / (1 + math.exp(-(zipf - centre) / width))


def common_weight(settings) -> int:
    """The prior weight of a lemma whose Zipf frequency is the language's ``common_zipf``
    (``settings``: its :class:`pipeline.config.Wordle`): the words the simulated seasons
    draw their answers from weigh at least this, the words a helper must never fail on.

    >>> from pipeline.config import Wordle
    >>> common_weight(Wordle(prior_centre=3.0, common_zipf=3.0))  # half as likely as the commonest
    518
    """
    return weight_of_level(level_of(prior(settings.common_zipf, settings.prior_centre, settings.prior_width)))


def pinned_hard_opener(language: Language, words: Words) -> int | None:
    """The word index of the language's ``[wordle] hard_opener`` for a list of the page's
    length that names one, else None; an error if the list lacks it."""
    settings = language.wordle
    if not settings.hard_opener or words.length != settings.length:
        return None
    found = words.index().get(settings.hard_opener)
    if found is None:
        raise RuscError(
            f"[wordle] hard_opener {settings.hard_opener!r} is not a word of the Wordle list", language.path
        )
    return found


@dataclass(frozen=True, eq=False)
class Words:
    """One length of a language's Wordle list."""

    #: Word length.
    length: int
    #: Game keys, sorted by code point; a word is known by its index here.
    keys: tuple[str, ...]
    #: Key → display forms as spelled (``acaba`` → ``("acaba", "acabà")``).
    forms: dict[str, tuple[str, ...]] = field(repr=False)
    #: The game alphabet; letter ``c`` is number ``alphabet.index(c)`` in :attr:`codes`.
    alphabet: str
    #: Per word, its prior level (see the module docstring).
    levels: np.ndarray = field(repr=False)
    #: Best wordfreq Zipf frequency of the word's spellings.
    zipf: np.ndarray = field(repr=False)
    #: Per word, whether one of its spellings is a lemma (all True without a lemma list);
    #: None: not known (a word list made by hand).
    lemma: np.ndarray | None = field(default=None, repr=False)
    #: The weight from which a word is common (:func:`common_weight`; 0: no word is set
    #: apart): the helper finds these in time before any other.
    common: int = 0

    @property
    def size(self) -> int:
        return len(self.keys)

    @cached_property
    def headwords(self) -> np.ndarray:
        """Per word, whether it is a headword: :attr:`lemma`, or every word where that is
        not known."""
        return self.lemma if self.lemma is not None else np.ones(self.size, dtype=bool)

    @cached_property
    def letter_index(self) -> dict[str, int]:
        """Letter → its number in :attr:`codes`."""
        return {c: i for i, c in enumerate(self.alphabet)}

    @cached_property
    def codes(self) -> np.ndarray:
        """``(size, length)`` letter numbers."""
        index = self.letter_index
        return np.array([[index[c] for c in key] for key in self.keys], dtype=np.uint8).reshape(-1, self.length)

    @cached_property
    def letter_counts(self) -> np.ndarray:
        """``(size, len(alphabet))``: how many times each word has each letter (uint8)."""
        counts = np.zeros((self.size, len(self.alphabet)), dtype=np.uint8)
        np.add.at(counts, (np.arange(self.size)[:, None], self.codes), 1)
        return counts

    @cached_property
    def weights(self) -> np.ndarray:
        """Integer answer weight of every word (int64)."""
        return np.array(WEIGHTS, dtype=np.int64)[self.levels]

    def index(self) -> dict[str, int]:
        return {key: i for i, key in enumerate(self.keys)}


def zipf_of(forms: tuple[str, ...], language: Language, own: Container[str] = ()) -> float:
    """The word's frequency: the best of its spellings' (0 if wordfreq does not know it),
    as the games count it with the language's ``own`` words
    (:func:`pipeline.lists.frequency.game_zipf`)."""
    return game_zipf(language, forms, own)


#: The code the frequencies are computed by, under ``pipeline/``.
FREQUENCY_SOURCES = ("games/wordle/words.py", "lists/frequency.py")


def frequencies(
    keys: tuple[str, ...],
    forms: dict[str, tuple[str, ...]],
    language: Language,
    list_key: str,
    cache: Path | None,
    own: frozenset[str] = frozenset(),
) -> np.ndarray:
    """:func:`zipf_of` each key, in order (float64). Reading wordfreq's table takes a
    command line most of its time (0.4 s of 0.7), so with ``cache`` the values are kept
    there (:mod:`pipeline.core.cache`), one file per language and length, under a key of
    the list (``list_key``: its checksum, which covers ``own``, and length), the frequency
    language, wordfreq's version and the code that computes them."""
    if cache is None:
        return np.array([zipf_of(forms[k], language, own) for k in keys], dtype=np.float64)
    import hashlib
    from importlib.metadata import version

    from pipeline.core.cache import keep_bytes, kept_path
    from pipeline.core.fsutil import source_digest
    from pipeline.core.resources import PACKAGE

    settings = f"{language.frequency_language}\0{language.english_zipf_margin}"
    digest = hashlib.sha256(f"{list_key}\0{settings}\0{version('wordfreq')}\0".encode())
    digest.update(source_digest(PACKAGE, FREQUENCY_SOURCES).encode())
    length = len(keys[0]) if keys else 0
    kept = kept_path(cache, "zipf", f"{language.code}-{length}", digest.hexdigest(), ".f64")
    kept_bytes = keep_bytes(kept, lambda: frequencies(keys, forms, language, list_key, None, own).tobytes())
    return np.frombuffer(kept_bytes, dtype=np.float64)


def lemma_list_path(wordle_tsv: Path) -> Path:
    """The lemma list the lists stage writes beside ``wordle.tsv``."""
    return Path(wordle_tsv).with_name("lemmas.txt")


def lemma_forms(wordle_tsv: Path) -> frozenset[str] | None:
    """The forms of :func:`lemma_list_path` (None if there is none: a list made by hand)."""
    path = lemma_list_path(wordle_tsv)
    try:
        verified_sha256(path)
        return frozenset(lf_lines(path.read_bytes().decode("utf-8")))
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise RuscError("not UTF-8", path) from None


def load_words(path: Path, language: Language, length: int | None = None, cache: Path | None = None) -> Words:
    """Read the words of ``length`` (default: the language's) from ``wordle.tsv``
    (``key<TAB>form form…``, keys of every Wordle length, then ``<TAB>form…`` for the
    language's own words English writes more often, then ``<TAB>form…`` for the headwords of
    a game vocabulary the dictionary lacks: :func:`pipeline.lists.wordlists.wordle_rows`),
    checking every line, and which are lemmas from ``lemmas.txt`` beside it or those
    headwords (without ``lemmas.txt``, every word counts as a lemma). With ``cache`` (a
    folder), their frequencies are kept there
    (:func:`frequencies`). Keys are the Wordle's (:attr:`pipeline.config.Language.wordle_language`)."""
    language = language.wordle_language
    length = language.wordle.length if length is None else length
    if length not in language.wordle.lengths:
        raise RuscError(
            f"wordle length {length} is not one of wordle.lengths {list(language.wordle.lengths)}", language.path
        )
    alphabet = set(language.alphabet)
    forms: dict[str, tuple[str, ...]] = {}
    own: set[str] = set()
    headwords: set[str] = set()
    try:
        checksum = verified_sha256(path)  # a damaged list is refused, not read
        handle = open(path, encoding="utf-8", newline="\n")
    except FileNotFoundError:
        raise RuscError("no Wordle list; build it with `rusc lists LANG` or `make dictionaries`", path) from None
    with handle:
        try:
            for number, line in enumerate(handle, 1):
                key, tab, rest = line.rstrip("\n").partition("\t")
                rest, _tab, marked = rest.partition("\t")
                own_forms, _tab, headword_forms = marked.partition("\t")
                if not tab or not rest or "\t" in headword_forms:
                    raise RuscError("expected key<TAB>forms[<TAB>own forms[<TAB>headwords]]", path, number)
                if not key or not set(key) <= alphabet:
                    raise RuscError(f"key {key!r} is not letters of the alphabet", path, number)
                if len(key) != length:
                    continue
                if key in forms:
                    raise RuscError(f"key {key!r} repeated", path, number)
                forms[key] = tuple(rest.split(" "))
                if own_forms:
                    own.update(own_forms.split(" "))
                if headword_forms:
                    headwords.update(headword_forms.split(" "))
        except UnicodeDecodeError:
            raise RuscError("not UTF-8", path) from None
    keys = tuple(sorted(forms))
    zipf = frequencies(keys, forms, language, f"{checksum}-{length}", cache, frozenset(own))
    lemmas = lemma_forms(path)
    if lemmas is not None:
        lemmas |= headwords
    lemma = np.array([lemmas is None or not lemmas.isdisjoint(forms[k]) for k in keys], dtype=bool)
    settings = language.wordle
    odds = np.where(lemma, 1.0, settings.inflection_odds)
    levels = np.array(
        [
            level_of(prior(z, settings.prior_centre, settings.prior_width) / against)
            for z, against in zip(zipf.tolist(), odds.tolist())
        ],
        dtype=np.int64,
    )
    return Words(length, keys, forms, language.alphabet, levels, zipf, lemma, common_weight(settings))
