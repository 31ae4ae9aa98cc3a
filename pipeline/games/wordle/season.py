"""Simulated seasons: every answer of a list played by a player, guesses counted.

Where to start reading: :func:`play_season`. A player is a function from the clues so far
to the next guess; :func:`helper_player` is the page's own policy
(:func:`pipeline.games.wordle.strategy.suggest`, first suggestion) and :func:`entropy_player` the
reference: a plain maximum-entropy player that treats every word as equally likely.
Players are deterministic, so a season's figures are reproducible; both cache their
choice per clue history, since answers share their first clues.

The answers come from three places, since a helper graded only on the answers its prior
expects flatters itself:

* :func:`answer_lists`: the list's common lemmas (wordfreq Zipf at least the language's
  ``common_zipf``; no plural or conjugated verb, as Wordle's answers are headwords), split
  in two by a hash of the key — one half to tune the prior on, the other held out for the
  benchmark, so the figures are not tuned on their own answers;
* every word of the list, equally likely: the worst a game could choose from it, and the
  words a helper fails on (:func:`failures`);
* :func:`independent_answers`: a list made without the prior's frequencies (English:
  SCOWL's small sizes; Catalan: the dictionary's own headwords), split likewise: the
  benchmark plays the half never used for tuning.

Published answer lists of real games are no source here: a helper fitted to yesterday's
answers loses tomorrow's game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from pipeline.config import Language
from pipeline.games.wordle.book import opening
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.ranking import BUDGET, entropy_rank
from pipeline.games.wordle.rules import GUESSES, Clue, feedback
from pipeline.games.wordle.strategy import Opening, first_suggestion, state_of
from pipeline.games.wordle.words import Words, lemma_forms

#: Wordle's limit; games go on past it to count the guesses a failure needed.
LIMIT = GUESSES
#: Give up (a player that loops would never end otherwise).
GIVE_UP = 15

Player = Callable[[tuple[Clue, ...]], int]


@dataclass(frozen=True)
class Season:
    """How a player did on a list of answers."""

    #: Guesses each answer took, in the order of the answers (> LIMIT: a failure).
    guesses: tuple[int, ...]

    @property
    def mean(self) -> float:
        return sum(self.guesses) / len(self.guesses)

    def within(self, n: int) -> float:
        """Share of the games solved in at most ``n`` guesses."""
        return sum(g <= n for g in self.guesses) / len(self.guesses)

    @property
    def failures(self) -> int:
        return sum(g > LIMIT for g in self.guesses)


def answer_lists(
    words: Words, language: Language, blocked: frozenset[str] = frozenset()
) -> tuple[list[str], list[str]]:
    """(tuning answers, held-out answers): the common lemmas, split by :func:`is_held_out`,
    without blocked words."""
    tune: list[str] = []
    held_out: list[str] = []
    for key, zipf, lemma in zip(words.keys, words.zipf.tolist(), words.headwords.tolist()):
        if zipf < language.wordle.common_zipf or not lemma or key in blocked:
            continue
        (held_out if is_held_out(key) else tune).append(key)
    return tune, held_out


def is_held_out(key: str) -> bool:
    """Whether ``key`` is in the half of an answer list the benchmark plays (the first byte
    of its SHA-256 is even); the prior's settings may be tuned on the other half only.

    >>> is_held_out("water"), is_held_out("house")
    (False, True)
    """
    return hashlib.sha256(key.encode("utf-8")).digest()[0] % 2 == 0


@dataclass(frozen=True)
class AnswerList:
    """A list of answers to play a season on, and where it comes from."""

    #: Short name for the benchmark's tables.
    name: str
    #: Where it comes from and why the prior does not decide it.
    source: str
    #: The answers, game keys of the Wordle list, in key order.
    answers: tuple[str, ...]
    #: The list's other half, which the prior's settings may be tuned on (:func:`is_held_out`).
    tuning: tuple[str, ...] = ()


#: SCOWL's smallest sizes (10, 20, 35: the words of the commonest dictionaries, sized by
#: SCOWL's own sources, not by wordfreq), from the package the English TOML pins.
SCOWL_SMALL = (
    "usr/share/dict/scowl/english-words.10",
    "usr/share/dict/scowl/english-words.20",
    "usr/share/dict/scowl/english-words.35",
)


def independent_answers(words: Words, language: Language, wordle_tsv: Path, paths=None) -> AnswerList:
    """The answer list made independently of the prior: the lemmas of the Wordle list
    (``lemmas.txt`` beside ``wordle_tsv``) that, for English, are in SCOWL's small sizes
    (:data:`SCOWL_SMALL`, read from the SCOWL package pinned as the English abbreviation
    source, through :func:`pipeline.sources.fetch_word_list`); for another language every
    lemma of the list, equally likely: the dictionary's own headwords (its affix rules, see
    :mod:`pipeline.lists.lemmas`), which no frequency chooses. Split in two like the
    common lemmas (:func:`is_held_out`): the benchmark plays one half, the prior's settings
    may be tuned on the other (Catalan's were)."""
    lemmas = lemma_forms(wordle_tsv) or frozenset()
    source = language.abbreviations.source
    if source is not None and source.name == "scowl":
        from pipeline.sources import fetch_word_list

        scowl = frozenset(fetch_word_list(replace(source, files=SCOWL_SMALL), language, paths))
        chosen = lemmas & scowl
        name, where = "SCOWL 10-35 lemmas", f"SCOWL {source.version} sizes 10, 20, 35, the forms that are lemmas"
    else:
        chosen = lemmas
        name, where = "dictionary lemmas", "every headword of the dictionary (lemmas.txt), equally likely"
    answers = [key for key in words.keys if not chosen.isdisjoint(words.forms[key])]
    return AnswerList(
        name,
        f"{where}, the half held out",
        tuple(key for key in answers if is_held_out(key)),
        tuple(key for key in answers if not is_held_out(key)),
    )


def failures(season: Season, answers: list[str] | tuple[str, ...]) -> list[str]:
    """The answers of ``season`` not found within Wordle's six guesses."""
    return [answer for answer, taken in zip(answers, season.guesses) if taken > LIMIT]


def play(player: Player, answer: str) -> int:
    """Guesses ``player`` needs to find ``answer``."""
    clues: tuple[Clue, ...] = ()
    words = player.words  # type: ignore[attr-defined]
    for turn in range(1, GIVE_UP + 1):
        guess = words.keys[player(clues)]
        if guess == answer:
            return turn
        clues += (Clue(guess, feedback(guess, answer)),)
    return GIVE_UP + 1


def play_season(player: Player, answers: list[str]) -> Season:
    return Season(tuple(play(player, answer) for answer in answers))


def _cached(words: Words, choose: Callable[[tuple[Clue, ...]], int]) -> Player:
    memo: dict[tuple[Clue, ...], int] = {}

    def player(clues: tuple[Clue, ...]) -> int:
        if clues not in memo:
            memo[clues] = choose(clues)
        return memo[clues]

    player.words = words  # type: ignore[attr-defined]
    return player


def helper_player(patterns: Patterns, hard: bool, table: Opening | None = None, common: int | None = None) -> Player:
    """The page's policy: its first suggestion at every step (without ``table``, the
    opening is computed, and with ``common`` hard mode's book, as the build does)."""
    table = table or opening(patterns, only_over=BUDGET, common=common)

    def choose(clues: tuple[Clue, ...]) -> int:
        return first_suggestion(patterns, clues, hard, table)

    return _cached(patterns.words, choose)


def entropy_player(patterns: Patterns, hard: bool) -> Player:
    """The reference: most entropy over equally likely candidates, searched exactly."""
    words = patterns.words
    everything = np.arange(words.size)

    def choose(clues: tuple[Clue, ...]) -> int:
        if not clues:
            return entropy_rank(patterns, everything, everything)
        candidates, pool = state_of(words, clues, hard)
        if len(candidates) <= 2:
            return int(candidates[0])
        return entropy_rank(patterns, pool, candidates)

    return _cached(words, choose)
