"""Wordle's feedback in bulk: the colours of many guesses against many answers at once, as
numbers (base 3, first letter most significant: grey 0, yellow 1, green 2), by the same
rule as :func:`pipeline.games.wordle.rules.feedback`.

Where to start reading: :func:`feedback_codes` (one matrix product for most guesses), then
:class:`Patterns`, which every ranking asks for the feedback between word indices.

>>> from pipeline.games.wordle.rules import feedback
>>> G = np.array([[0, 1, 1, 2, 2]], dtype=np.uint8)      # "abbcc"
>>> A = np.array([[1, 2, 0, 1, 3]], dtype=np.uint8)      # "bcabd"
>>> int(feedback_codes(G, A, 4)[0, 0]) == code_of(feedback("abbcc", "bcabd"))
True
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from pipeline.games.wordle.rules import GREEN, GREY, YELLOW
from pipeline.games.wordle.words import Words

#: Pattern pairs handled per numpy block (bounds memory).
BLOCK = 1 << 22


def code_of(pattern: str) -> int:
    """A ``g``/``y``/``.`` pattern as its feedback number."""
    value = 0
    for mark in pattern:
        value = value * 3 + {GREY: 0, YELLOW: 1, GREEN: 2}[mark]
    return value


def win_code(length: int) -> int:
    """The feedback number of "all green"."""
    return 3**length - 1


def feedback_codes(guesses: np.ndarray, answers: np.ndarray, alphabet_size: int) -> np.ndarray:
    """``(g, L)`` × ``(n, L)`` letter numbers → ``(g, n)`` feedback numbers (int32).

    A letter that occurs once in the guess is green in place and else yellow if the answer
    has it at all: mark = green + present, bilinear in one-hot encodings, so all of them
    take one matrix product. The letters a guess repeats take the general rule, guesses
    grouped by where they repeat: a non-green copy is yellow while the answer has more
    copies of the letter than the greens and the earlier non-green copies used.
    """
    g, length = guesses.shape
    n = len(answers)
    power = (3 ** np.arange(length - 1, -1, -1)).astype(np.int64)
    rows = np.arange(g)[:, None]
    positions = np.arange(length)
    repeated = np.zeros((g, length), dtype=bool)
    for i in range(length):
        repeated[:, i] = (guesses == guesses[:, i : i + 1]).sum(1) > 1
    weight = np.where(repeated, 0, power).astype(np.float32)
    left = np.zeros((g, (length + 1) * alphabet_size), dtype=np.float32)
    np.add.at(left, (rows, positions * alphabet_size + guesses), weight)  # green: in place
    np.add.at(left, (rows, length * alphabet_size + guesses), weight)  # + 1 if present
    right = np.zeros((n, (length + 1) * alphabet_size), dtype=np.float32)
    cols = np.arange(n)[:, None]
    right[cols, positions * alphabet_size + answers] = 1
    right[cols, length * alphabet_size + answers] = 1
    out = np.rint(left @ right.T).astype(np.int32)  # small integers: exact in float32
    if not repeated.any():
        return out
    counts = np.zeros((n, alphabet_size), dtype=np.int8)
    np.add.at(counts, (cols, answers), 1)
    groups: dict[tuple, list[int]] = {}
    for r, word in enumerate(guesses.tolist()):
        spots: dict[int, list[int]] = {}
        for i, c in enumerate(word):
            spots.setdefault(c, []).append(i)
        structure = tuple(tuple(s) for s in spots.values() if len(s) > 1)
        if structure:
            groups.setdefault(structure, []).append(r)
    for structure, members in groups.items():
        sub = guesses[members]
        add = np.zeros((len(members), n), dtype=np.int32)
        for positions_of_letter in structure:
            green = [sub[:, i : i + 1] == answers[None, :, i] for i in positions_of_letter]
            free = counts[:, sub[:, positions_of_letter[0]]].T - sum(green)
            earlier = np.zeros_like(free)
            for i, hit in zip(positions_of_letter, green):
                add += int(power[i]) * (2 * hit + (~hit & (free > earlier)))
                earlier += ~hit
        out[members] += add
    return out


class Patterns:
    """Feedback numbers between the words of one :class:`Words` table, computed on demand
    or, for the book and the simulated seasons, once for every pair (:meth:`precompute`)."""

    def __init__(self, words: Words):
        self.words = words
        self.codes = words.codes
        self.size = len(words.alphabet)
        #: Once precomputed: the feedback number of every guess against each answer, a row
        #: per answer. The rankings gather a state's candidates (its answers) against every
        #: guess: whole rows, read one after the other (a table by guess would be read a
        #: byte per row of the whole table, ten times slower).
        self.by_answer: np.ndarray | None = None
        #: What :func:`pipeline.games.wordle.endgame.found_in_time` found by playing a group
        #: out, by the group's members and the guesses played: the same families recur in
        #: thousands of the book's states.
        self.played_out: dict[tuple[bytes, int], int] = {}

    def precompute(self) -> Patterns:
        n = self.words.size
        dtype = np.uint8 if 3**self.words.length <= 256 else np.uint16
        by_guess = np.empty((n, n), dtype=dtype)
        step = max(1, BLOCK // max(1, n))
        for start in range(0, n, step):
            by_guess[start : start + step] = feedback_codes(self.codes[start : start + step], self.codes, self.size)
        # Transposed once as a whole: written transposed block by block, it takes twice as long.
        self.by_answer = np.ascontiguousarray(by_guess.T)
        return self

    def block(self, guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
        """Feedback numbers ``(len(guesses), len(answers))`` for word indices."""
        if self.by_answer is not None:
            if len(guesses) * 8 >= len(self.by_answer):
                # Many guesses (normal mode ranks every word): the answers' rows, then the
                # guesses' columns of those few rows.
                rows = self.by_answer[answers]
                if not np.array_equal(guesses, self._every_word):  # else the rows are all it takes
                    rows = rows[:, guesses]
                return rows.T.astype(np.int32, order="C")
            return self.by_answer[answers[None, :], guesses[:, None]].astype(np.int32)
        return feedback_codes(self.codes[guesses], self.codes[answers], self.size)

    @cached_property
    def _every_word(self) -> np.ndarray:
        return np.arange(self.words.size)

    def code(self, guess: int, answer: int) -> int:
        """The feedback number of one guess against one answer (word indices)."""
        if self.by_answer is not None:
            return int(self.by_answer[answer, guess])
        return int(self.block(np.array([guess]), np.array([answer]))[0, 0])


def candidates_after(patterns: Patterns, candidates: np.ndarray, guess: int, code: int) -> np.ndarray:
    """The candidates that give ``guess`` the feedback ``code``."""
    return candidates[patterns.block(np.array([guess]), candidates)[0] == code]
