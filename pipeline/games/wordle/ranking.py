"""Ranking guesses by what they leave to find: the score, the phone's budget, the quick
estimate that keeps within it, and the reference player.

Each guess splits the candidates by the feedback it would get. Its score is the *remaining
weight*: the sum, over the feedbacks other than "all green", of the squared prior weight of
the candidates giving it (:func:`scores`). Divided by the total weight it is the expected
weight still to find after the guess, so a guess that may win at once gains by its own
weight. Ties go to the guess more likely to win now, then to the first key. All integers:
Python and JavaScript agree exactly.

Where to start reading: :func:`rank`; then :func:`guesses_to_rank`: if guesses ×
candidates exceeds :data:`BUDGET` (what a phone scores in 200 ms), only the :data:`BUDGET`
// candidates guesses with the best :func:`letter_scores` are ranked. :func:`entropy_rank`
is the reference player the benchmarks compare with (no prior).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pipeline.games.wordle.feedback import BLOCK, Patterns, win_code
from pipeline.games.wordle.rules import TOP
from pipeline.games.wordle.words import Words

#: Guesses × candidates the page ranks exactly within 200 ms on a phone (Chromium with its
#: CPU slowed down 4×; bench/bench_wordle.py measures it: at 1,500,000 the Catalan second
#: guesses after a first guess other than the opening took up to 316 ms, at 800,000 177 ms).
BUDGET = 800_000


@dataclass(frozen=True)
class Suggestion:
    """A guess and what it is expected to achieve (all weights are prior weights)."""

    #: Word index and key of the guess.
    index: int
    key: str
    #: The ranking score: sum over non-winning feedbacks of (weight of its candidates)².
    remaining: int
    #: The guess's own weight if it is a candidate (it may win now), else 0.
    win: int
    #: Sum over non-winning feedbacks of weight × number of candidates.
    left: int
    #: Total weight and number of the candidates.
    total: int
    candidates: int
    #: How many of the candidates the helper is sure to find, playing on at best, within
    #: the guesses left, this one included (:func:`in_time_first`; a lower bound, -1 where
    #: not counted).
    found: int = -1

    @property
    def trap(self) -> bool:
        """Whether this guess may leave some candidate unfound when the guesses run out."""
        return 0 <= self.found < self.candidates

    @property
    def win_chance(self) -> float:
        """Probability that this guess is the answer."""
        return self.win / self.total if self.total else 0.0

    @property
    def expected_left(self) -> float:
        """Expected number of candidates still left after this guess (0 when it wins)."""
        return self.left / self.total if self.total else 0.0


def scores(codes: np.ndarray, weights: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per guess row of ``codes`` (feedback numbers against the candidates, whose weights
    are ``weights``): (remaining weight score, win weight, weight × count left), int64."""
    g, _n = codes.shape
    bins = 3**length
    win = win_code(length)
    # Group (guess, feedback) pairs in a table of every feedback of every guess, or by
    # sorting when that table would be much bigger than the pairs.
    flat = (codes + (np.arange(g, dtype=np.int64) * bins)[:, None]).ravel()
    tiled = np.tile(weights.astype(np.float64), g)
    if g * bins > 2 * flat.size:
        groups, inverse = np.unique(flat, return_inverse=True)
        weight = np.rint(np.bincount(inverse, weights=tiled, minlength=len(groups))).astype(np.int64)
        count = np.bincount(inverse, minlength=len(groups)).astype(np.int64)
        row = groups // bins
        winning = groups % bins == win
        wins = np.zeros(g, dtype=np.int64)
        wins[row[winning]] = weight[winning]
        weight[winning] = 0
        # Sums of squares stay below 2**53 (checked by words.MAX_WEIGHT and the list size),
        # so float64 accumulation is exact.
        remaining = np.rint(np.bincount(row, weights=(weight * weight).astype(np.float64), minlength=g)).astype(
            np.int64
        )
        left = np.rint(np.bincount(row, weights=(weight * count).astype(np.float64), minlength=g)).astype(np.int64)
        return remaining, wins, left
    # The table: one row of every feedback per guess, summed along the rows.
    weight = np.rint(np.bincount(flat, weights=tiled, minlength=g * bins)).astype(np.int64).reshape(g, bins)
    count = np.bincount(flat, minlength=g * bins).reshape(g, bins)
    wins = weight[:, win].copy()
    weight[:, win] = 0
    remaining = np.einsum("ij,ij->i", weight, weight)
    left = np.einsum("ij,ij->i", weight, count.astype(np.int64))
    return remaining, wins, left


def rank(
    patterns: Patterns, guesses: np.ndarray, candidates: np.ndarray, top: int = TOP, uniform: bool = False
) -> list[Suggestion]:
    """The ``top`` guesses, exactly: least remaining weight, then most likely to win, then key
    (``uniform``: every candidate weighs 1, the prior aside)."""
    words = patterns.words
    if not len(candidates) or not len(guesses):
        return []
    weights = np.ones(len(candidates), dtype=np.int64) if uniform else words.weights[candidates]
    if top == 1 and len(candidates) <= 2 and np.isin(candidates, guesses).all():
        guesses = np.array([likeliest(candidates, weights)])
    remaining = np.empty(len(guesses), dtype=np.int64)
    wins = np.empty_like(remaining)
    left = np.empty_like(remaining)
    step = max(1, BLOCK // max(len(candidates), 3**words.length))
    for start in range(0, len(guesses), step):
        part = guesses[start : start + step]
        r, w, lf = scores(patterns.block(part, candidates), weights, words.length)
        remaining[start : start + len(part)], wins[start : start + len(part)], left[start : start + len(part)] = (
            r,
            w,
            lf,
        )
    order = _first(top, remaining, -wins, guesses)
    total = int(weights.sum())
    return [
        Suggestion(
            int(guesses[i]),
            words.keys[guesses[i]],
            int(remaining[i]),
            int(wins[i]),
            int(left[i]),
            total,
            len(candidates),
        )
        for i in order
    ]


def _first(top: int, *keys: np.ndarray) -> np.ndarray:
    """The places of the ``top`` least of ``keys`` compared in order (the first key, then
    the second...), as ``np.lexsort`` orders them: sorted among those whose first key is
    at most the ``top``-th least (every tie included), not among all, which in normal mode
    are every word of the list.

    >>> _first(2, np.array([5, 1, 1, 3]), np.array([0, 2, 1, 0])).tolist()
    [2, 1]
    """
    first = keys[0]
    if top < len(first):
        near = np.flatnonzero(first <= np.partition(first, top - 1)[top - 1])
        return near[np.lexsort(tuple(key[near] for key in reversed(keys)))][:top]
    return np.lexsort(tuple(reversed(keys)))[:top]


def likeliest(candidates: np.ndarray, weights: np.ndarray) -> int:
    """The heaviest of ``candidates`` (``weights``: theirs), ties to the first key: among one
    or two candidates, the best guess of the ranking whenever it may guess them. Exactly:
    guessing a candidate leaves at most the other's weight squared, any other guess at
    least both squares; and between the two, the heavier leaves the lighter's.

    >>> likeliest(np.array([7, 3]), np.array([5, 5])), likeliest(np.array([7, 3]), np.array([9, 5]))
    (3, 7)
    """
    return int(candidates[np.lexsort((candidates, -weights))[0]])


def letter_scores(words: Words, guesses: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """A quick estimate of how well each guess splits the candidates, to choose which guesses
    to rank when there are too many: for each distinct letter of the guess, the smaller of
    the weights of the candidates with and without it, plus, for each position, the same
    for the candidates with and without the guess's letter there."""
    codes, weights, size = words.codes, words.weights[candidates], len(words.alphabet)
    total = int(weights.sum())
    cand = codes[candidates]
    has = np.zeros((len(candidates), size), dtype=bool)
    has[np.arange(len(candidates))[:, None], cand] = True
    with_letter = weights @ has.astype(np.int64)  # (size,)
    split_letter = np.minimum(with_letter, total - with_letter)
    at = np.zeros((words.length, size), dtype=np.int64)
    for i in range(words.length):
        at[i] = np.bincount(cand[:, i], weights=weights, minlength=size).round().astype(np.int64)
    split_at = np.minimum(at, total - at)
    g = codes[guesses]
    ghas = np.zeros((len(guesses), size), dtype=bool)
    ghas[np.arange(len(guesses))[:, None], g] = True
    return ghas.astype(np.int64) @ split_letter + split_at[np.arange(words.length), g].sum(1)


def guesses_to_rank(words: Words, pool: np.ndarray, candidates: np.ndarray, budget: int = BUDGET) -> np.ndarray:
    """The pool itself, or if pool × candidates exceeds the budget, the budget's worth of
    its guesses with the best :func:`letter_scores` (ties: first key), in key order."""
    if len(pool) * len(candidates) <= budget:
        return pool
    keep = max(1, budget // len(candidates))
    quick = letter_scores(words, pool, candidates)
    chosen = np.lexsort((pool, -quick))[:keep]
    return np.sort(pool[chosen])


def entropy_rank(patterns: Patterns, guesses: np.ndarray, candidates: np.ndarray) -> int:
    """The reference player's choice: the guess whose feedback has the most entropy over
    equally likely candidates (no prior); ties go to a candidate, then to the first key."""
    words = patterns.words
    bins = 3**words.length
    best: int = -1
    best_key: tuple | None = None
    step = max(1, BLOCK // max(len(candidates), bins))
    is_candidate = np.zeros(words.size, dtype=bool)
    is_candidate[candidates] = True
    for start in range(0, len(guesses), step):
        part = guesses[start : start + step]
        codes = patterns.block(part, candidates)
        flat = (codes + (np.arange(len(part)) * bins)[:, None]).ravel()
        counts = np.bincount(flat, minlength=len(part) * bins).reshape(len(part), bins).astype(np.float64)
        p = counts / len(candidates)
        with np.errstate(divide="ignore", invalid="ignore"):
            h = -np.where(p > 0, p * np.log2(p), 0.0).sum(1)
        h = np.round(h, 9)  # equal partitions must tie whatever the summation order
        order = np.lexsort((part, ~is_candidate[part], -h))
        i = order[0]
        key = (-h[i], not is_candidate[part[i]], int(part[i]))
        if best_key is None or key < best_key:
            best_key, best = key, int(part[i])
    return best
