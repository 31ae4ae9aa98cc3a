"""Which guess to play next: the words left, weighted by how likely each is the answer.

Where to start reading: :func:`suggest`, the helper's whole policy, which ``site/wordle-core.js``
follows step for step (``tests/test_wordle_js.py`` checks 200 random states per language).
Each step is a module of its own:

1. No clue yet: the precomputed opening ranking (:class:`Opening`, made at build time by
   :func:`pipeline.games.wordle.book.opening`), with the mode's opener, the guess whose
   games do best there, first.
2. The candidates are the words that fit every clue; the guesses are every word, or in
   hard mode the words hard mode allows (:mod:`pipeline.games.wordle.filters`).
3. Each guess is scored by the prior weight it leaves to find, within the phone's budget
   (:mod:`pipeline.games.wordle.ranking`), on the feedback computed in bulk
   (:mod:`pipeline.games.wordle.feedback`) — unless the state is the opening and one
   feedback, whose exact ranking the build ships (:func:`shipped_second`).
4. The best are ordered again by what they are sure to find within the guesses left, so
   that no rare word fails where it need not (:mod:`pipeline.games.wordle.endgame`).
5. Where the build found, by playing every candidate's game out, that another guess does
   better (hard mode's second and third guesses; a state in which some word would not be
   found in time), that one comes first: the book (:mod:`pipeline.games.wordle.book`),
   shipped with the opening and looked up by :func:`book_key`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from pipeline.games.wordle.endgame import ENDGAME_TOP, SPLIT_DEPTH, in_time_first, with_splitters
from pipeline.games.wordle.feedback import Patterns, code_of
from pipeline.games.wordle.filters import fitting, hard_pool
from pipeline.games.wordle.ranking import BUDGET, Suggestion, guesses_to_rank, likeliest, rank
from pipeline.games.wordle.rules import GUESSES, TOP, Clue, compile_clues
from pipeline.games.wordle.words import Words


@dataclass(frozen=True)
class Opening:
    """What the build precomputes: the best first guesses and, for each feedback of the best
    one, the ranking of the second guesses, in normal and in hard mode; and the book."""

    first: list[Suggestion]
    #: Hard mode? → feedback number of the opening → best second guesses (word indices).
    second: dict[bool, dict[int, list[int]]]
    #: Hard mode? → :func:`book_key` of a state → the guess to play there, where playing the
    #: helper's games out (:func:`pipeline.games.wordle.book.build_book`) chose another than the
    #: ranking's first.
    book: dict[bool, dict[str, int]] = field(default_factory=lambda: {False: {}, True: {}})
    #: Hard mode? → the mode's first guess (a word index), where playing the games out chose
    #: another of :attr:`first` than its first (:meth:`pipeline.games.wordle.book._Bookmaker.opener`);
    #: the mode's second guesses of :attr:`second` follow it.
    openers: dict[bool, int] = field(default_factory=dict)

    def opener(self, hard: bool) -> Suggestion:
        """The first guess the helper plays in the mode."""
        chosen = self.openers.get(hard)
        return self.first[0] if chosen is None else next(s for s in self.first if s.index == chosen)

    def first_in(self, hard: bool) -> list[Suggestion]:
        """The opening ranking as the mode suggests it: its :meth:`opener` first."""
        opener = self.opener(hard)
        return [opener] + [s for s in self.first if s is not opener]


def shipped_second(table: Opening | None, clues: Sequence[Clue], hard: bool) -> list[int] | None:
    """The build's second guesses for ``clues`` if they are the mode's opening and one
    feedback of it that the table holds, else None."""
    if table is None or not table.first or len(clues) != 1 or clues[0].guess != table.opener(hard).key:
        return None
    return table.second[hard].get(code_of(clues[0].pattern))


def suggest(
    patterns: Patterns,
    clues: Sequence[Clue],
    hard: bool = False,
    top: int = TOP,
    opening_table: Opening | None = None,
    budget: int = BUDGET,
) -> list[Suggestion]:
    """The helper's suggestions after ``clues`` (see the module docstring for the policy)."""
    words = patterns.words
    everything = np.arange(words.size)
    if not clues:
        if opening_table is not None:
            return opening_table.first_in(hard)[:top]
        return rank(patterns, everything, everything, top)
    candidates, pool = state_of(words, clues, hard)
    return suggest_among(patterns, clues, candidates, pool, hard, top, opening_table, budget)


def state_of(words: Words, clues: Sequence[Clue], hard: bool) -> tuple[np.ndarray, np.ndarray]:
    """(the words that fit ``clues``, the guesses the mode allows after them)."""
    constraints = compile_clues(clues, words.length)
    return fitting(words, constraints), hard_pool(words, constraints) if hard else np.arange(words.size)


def first_suggestion(
    patterns: Patterns, clues: Sequence[Clue], hard: bool = False, opening_table: Opening | None = None
) -> int:
    """The index of :func:`suggest`'s first suggestion, the guess the page plays
    (:func:`helper_choice`)."""
    if not clues:
        return suggest(patterns, clues, hard=hard, top=1, opening_table=opening_table)[0].index
    candidates, pool = state_of(patterns.words, clues, hard)
    booked = opening_table.book[hard].get(book_key(clues)) if opening_table is not None else None
    return helper_choice(
        booked,
        patterns.words,
        candidates,
        pool,
        lambda: suggest_among(patterns, clues, candidates, pool, hard, 1, opening_table)[0].index,
    )


def helper_choice(
    booked: int | None, words: Words, candidates: np.ndarray, pool: np.ndarray, ranked_first: Callable[[], int]
) -> int:
    """The guess the helper plays after some clues: the book's (``booked``) where it has one,
    which :func:`suggest_among` puts first; else :func:`plain_choice`'s, known without
    ranking; else the ranking's first (``ranked_first``, called only then)."""
    if booked is not None:
        return booked
    plain = plain_choice(words, candidates, pool)
    return plain if plain is not None else ranked_first()


def suggest_among(
    patterns: Patterns,
    clues: Sequence[Clue],
    candidates: np.ndarray,
    pool: np.ndarray,
    hard: bool = False,
    top: int = TOP,
    opening_table: Opening | None = None,
    budget: int = BUDGET,
) -> list[Suggestion]:
    """:func:`suggest` after at least one clue, given the candidates and the guesses the
    clues allow."""
    words = patterns.words
    if not len(candidates):
        return []
    ranked = max(top, ENDGAME_TOP)
    left = GUESSES - len(clues)
    shipped = shipped_second(opening_table, clues, hard)
    if shipped is not None and len(pool) * len(candidates) > budget:
        best = rank(patterns, np.array(shipped[:ranked], dtype=np.int64), candidates, ranked)
    else:
        guesses = guesses_to_rank(words, pool, candidates, budget)
        best = rank(patterns, guesses, candidates, ranked)
        if left <= SPLIT_DEPTH:
            best = with_splitters(patterns, best, guesses, candidates)
    booked = opening_table.book[hard].get(book_key(clues)) if opening_table is not None else None
    if booked is not None and booked not in {s.index for s in best}:
        # A planned guess (pipeline.games.wordle.book) need not be one the ranking keeps.
        union = np.array(sorted({s.index for s in best} | {booked}), dtype=np.int64)
        best = rank(patterns, union, candidates, len(union))
    best = in_time_first(patterns, best, candidates, left, hard)
    if booked is not None:
        best = sorted(best, key=lambda s: s.index != booked)
    return best[:top]


def plain_choice(words: Words, candidates: np.ndarray, pool: np.ndarray, budget: int = BUDGET) -> int | None:
    """The first of :func:`suggest_among`'s suggestions, where no ranking is needed to know
    it (else None), the book aside: with one or two candidates, when the ranking weighs
    every guess of the pool, the likelier (:func:`pipeline.games.wordle.ranking.likeliest`).
    The ranking puts it first, and nothing moves it: with two guesses left or more it finds
    both candidates in time, and with one it finds itself, the heavier and so no less
    common; so neither the splitters nor :func:`in_time_first` put another first. The
    book's games reach such states by the hundred thousand (Catalan's hard mode: 126,000)."""
    if not 0 < len(candidates) <= 2 or len(pool) * len(candidates) > budget:
        return None
    return likeliest(candidates, words.weights[candidates])


def book_key(clues: Sequence[Clue]) -> str:
    """A state as the book knows it: its clues as ``guess:pattern``, space-separated.

    >>> book_key([Clue("raise", "y...y"), Clue("deter", "...gg")])
    'raise:y...y deter:...gg'
    """
    return " ".join(f"{clue.guess}:{clue.pattern}" for clue in clues)


def keys_of(words: Words, indices: Sequence[int]) -> list[str]:
    return [words.keys[i] for i in indices]
