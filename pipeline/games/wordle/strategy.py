"""Which guess to play next: the words left, weighted by how likely each is the answer.

Where to start reading: :func:`suggest`, the helper's whole policy, which ``site/wordle.js``
follows step for step (``tests/test_wordle_js.py`` checks 200 random states per language):

1. No clue yet: the precomputed opening ranking (:func:`rank`, exact, at build time).
2. The candidates are the words that fit every clue (:func:`fitting`); the guesses are every
   word, or in hard mode every word that keeps each green and uses each revealed letter as
   often as a clue showed it (:func:`hard_pool`).
3. Each guess splits the candidates by the feedback it would get. Its score is the
   *remaining weight*: the sum, over the feedbacks other than "all green", of the squared
   prior weight of the candidates giving it (:func:`scores`). Divided by the total weight
   it is the expected weight still to find after the guess, so a guess that may win at once
   gains by its own weight. Ties go to the guess more likely to win now, then to the first
   key. All integers: Python and JavaScript agree exactly.
4. If guesses × candidates exceeds :data:`BUDGET` (what a phone scores in 200 ms), only the
   :data:`BUDGET` // candidates guesses with the best :func:`letter_scores` are ranked —
   unless the state is the opening and one feedback, whose exact ranking the build ships
   (:class:`Opening`).
5. A prior that ranks rare words low would let them fail: a family such as bills, fills,
   hills, mills, pills, wills, where each candidate guessed tells one word apart, runs out
   of guesses on its rare members. So the :data:`ENDGAME_TOP` best are ordered again by
   what they are sure to find within the guesses Wordle has left (:func:`in_time_first`):
   first the most common words (:attr:`Words.common`), then the most candidates, rare or
   not, then the most prior weight, the ranking breaking ties (:func:`found_weights`). With :data:`SPLIT_DEPTH` guesses left or fewer, the guesses that split
   the candidates best when every one counts alike join them (:func:`with_splitters`), and
   in normal mode such a guess may also split a group with two guesses left
   (:func:`found_in_two`). A first suggestion that is not sure to find every candidate is
   a trap the page warns of (:attr:`Suggestion.trap`).
6. Where the build found, by playing every candidate's game out, that another guess does
   better (hard mode's second and third guesses; a state in which some word would not be
   found in time), that one comes first: the book (:mod:`pipeline.games.wordle.book`), shipped
   with the opening.

When no word fits the clues (an answer the list lacks, or a colour set wrong), the page
offers the words that fit all of them but one (:func:`near_fits`).

Feedback is computed in bulk by :func:`feedback_codes` (base 3, first letter most
significant: grey 0, yellow 1, green 2) — the same rule as :func:`pipeline.games.wordle.rules.feedback`.

>>> from pipeline.games.wordle.rules import feedback
>>> G = np.array([[0, 1, 1, 2, 2]], dtype=np.uint8)      # "abbcc"
>>> A = np.array([[1, 2, 0, 1, 3]], dtype=np.uint8)      # "bcabd"
>>> int(feedback_codes(G, A, 4)[0, 0]) == code_of(feedback("abbcc", "bcabd"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from pipeline.games.wordle.rules import GREEN, GREY, GUESSES, TOP, YELLOW, Clue, Constraints, compile_clues
from pipeline.games.wordle.words import Words

#: Guesses × candidates the page ranks exactly within 200 ms on a phone (Chromium with its
#: CPU slowed down 4×; bench/bench_wordle.py measures it: at 1,500,000 the Catalan second
#: guesses after a first guess other than the opening took up to 316 ms, at 800,000 177 ms).
BUDGET = 800_000
#: Hard mode: how many of the best guesses are ordered again by how much prior weight they
#: find within the guesses left (:func:`in_time_first`).
ENDGAME_TOP = TOP
#: Feedback groups up to this many candidates are played out exactly when counting what a
#: guess finds in time; larger ones count as found (:func:`found_in_time`).
ENDGAME_EXACT = 32
#: ... and played out at most this many guesses deep (more guesses left count as this
#: many: fewer found, never more, and the search stays within a phone's time).
ENDGAME_DEPTH = 3
#: From this many guesses left (this one included) down, the guesses that split the
#: candidates best when every one counts alike (:func:`rank` with ``uniform``) are ranked
#: beside the prior's best, so that a guess telling a rare family apart can come first.
SPLIT_DEPTH = 4
#: ... how many of them.
SPLITTERS = TOP
#: What one candidate found in time counts for, beside its prior weight: more than the
#: weight of every word of a list together (1,000 × 12,500 < 2**24), so that finding more
#: candidates always comes first and the prior only decides between equal counts.
FOUND_UNIT = 1 << 24
#: ... and what a common word found counts for beside that: more than every word of a list
#: found (12,500 < 2**14), so that no rare word is found at the cost of a common one.
COMMON_UNIT = FOUND_UNIT << 14
#: Pattern pairs handled per numpy block (bounds memory).
_BLOCK = 1 << 22


def code_of(pattern: str) -> int:
    """A ``g``/``y``/``.`` pattern as its feedback number."""
    value = 0
    for mark in pattern:
        value = value * 3 + {GREY: 0, YELLOW: 1, GREEN: 2}[mark]
    return value


def win_code(length: int) -> int:
    """The feedback number of "all green"."""
    return 3**length - 1


# --- feedback in bulk ---------------------------------------------------------------------


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
    or, for the simulated seasons, once for every pair (:meth:`precompute`)."""

    def __init__(self, words: Words):
        self.words = words
        self.codes = words.codes
        self.size = len(words.alphabet)
        self.matrix: np.ndarray | None = None

    def precompute(self) -> Patterns:
        n = self.words.size
        dtype = np.uint8 if 3**self.words.length <= 256 else np.uint16
        self.matrix = np.empty((n, n), dtype=dtype)
        step = max(1, _BLOCK // max(1, n))
        for start in range(0, n, step):
            self.matrix[start : start + step] = feedback_codes(self.codes[start : start + step], self.codes, self.size)
        return self

    def block(self, guesses: np.ndarray, answers: np.ndarray) -> np.ndarray:
        """Feedback numbers ``(len(guesses), len(answers))`` for word indices."""
        if self.matrix is not None:
            return self.matrix[guesses[:, None], answers[None, :]].astype(np.int32)
        return feedback_codes(self.codes[guesses], self.codes[answers], self.size)


# --- scores -------------------------------------------------------------------------------


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
        # Exact shortcut: guessing a candidate leaves at most the other's weight squared,
        # any other guess at least both squares; so the best is the heavier candidate.
        guesses = candidates[np.lexsort((candidates, -weights))[:1]]
    remaining = np.empty(len(guesses), dtype=np.int64)
    wins = np.empty_like(remaining)
    left = np.empty_like(remaining)
    step = max(1, _BLOCK // max(len(candidates), 3**words.length))
    for start in range(0, len(guesses), step):
        part = guesses[start : start + step]
        r, w, lf = scores(patterns.block(part, candidates), weights, words.length)
        remaining[start : start + len(part)], wins[start : start + len(part)], left[start : start + len(part)] = (
            r,
            w,
            lf,
        )
    order = np.lexsort((guesses, -wins, remaining))[:top]
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


# --- finding the answer in time -------------------------------------------------------------


def found_weights(words: Words, group: np.ndarray) -> np.ndarray:
    """What finding each word of ``group`` in time is worth: :data:`COMMON_UNIT` if it is
    common (:attr:`Words.common`), :data:`FOUND_UNIT`, and its prior weight; so a play that
    finds more common words, then more words, is worth more whatever their weights."""
    weights = words.weights[group]
    common = COMMON_UNIT * (weights >= words.common) if words.common else 0
    return common + FOUND_UNIT + weights


def found_count(value: int) -> int:
    """How many words a :func:`found_weights` sum counts."""
    return value % COMMON_UNIT // FOUND_UNIT


def found_in_time(patterns: Patterns, group: np.ndarray, left: int) -> int:
    """What the candidates ``group`` found within ``left`` guesses are worth
    (:func:`found_weights`: :data:`FOUND_UNIT` per word found plus their prior weight) when
    every guess is one of them (so hard mode allows it), played at best.

    Exact up to :data:`ENDGAME_EXACT` candidates and :data:`ENDGAME_DEPTH` guesses (a
    lower bound with more guesses left, or in normal mode, where a word that is no
    candidate may tell them apart better); a larger group counts as found (with
    guesses left it usually is: what traps the player is a small family such as bills,
    fills, hills, mills, pills, wills, which only one guess per word can tell apart).
    """
    weights = found_weights(patterns.words, group)
    if left <= 0:
        return 0
    if left == 1:
        return int(weights.max())
    if len(group) > ENDGAME_EXACT:
        return int(weights.sum())
    return _play_out(
        patterns.block(group, group).tolist(),
        weights.tolist(),
        list(range(len(group))),
        min(left, ENDGAME_DEPTH),
        win_code(patterns.words.length),
    )


def _play_out(
    codes: list[list[int]],
    weights: list[int],
    members: list[int],
    left: int,
    win: int,
    floor: int = -1,
    exact: dict | None = None,
) -> int:
    """:func:`found_in_time` on ``members`` (indices into the square feedback table
    ``codes`` of a group and their ``weights``): the best candidate to guess, recursively.

    Exact when more than ``floor``, else some value at most ``floor``: a guess is given up
    as soon as what it found plus the weight of its groups still to play cannot beat the
    best so far (so the caller's ``floor`` is what a group must beat to matter). Plain
    lists, not numpy: the groups are small and the calls many. ``exact`` remembers the
    exact values found, by members and guesses left (an exact value is a valid answer
    whatever the floor).
    """
    if left <= 0:
        return 0
    total = sum(weights[m] for m in members)
    if len(members) <= left:  # one candidate per guess is enough
        return total
    if left == 1:
        return max(weights[m] for m in members)
    heaviest_first = sorted(members, key=lambda m: (-weights[m], m))
    if left == 2:  # the last guess finds the heaviest of each group
        best = 0
        for guess in heaviest_first:
            row, seen, found = codes[guess], {win}, weights[guess]
            for m in heaviest_first:
                if row[m] not in seen:
                    seen.add(row[m])
                    found += weights[m]
            best = max(best, found)
            if best == total:
                break
        return best
    exact = {} if exact is None else exact
    key = (tuple(members), left)
    if key in exact:
        return exact[key]
    best = floor
    for guess in heaviest_first:
        row = codes[guess]
        groups: dict[int, list[int]] = {}
        for m in members:
            if row[m] != win:
                groups.setdefault(row[m], []).append(m)
        found = weights[guess]
        unplayed = total - found
        for code in sorted(groups):
            group = groups[code]
            unplayed -= sum(weights[m] for m in group)
            found += _play_out(codes, weights, group, left - 1, win, best - found - unplayed, exact)
            if found + unplayed <= best:
                break
        best = max(best, found)
        if best == total:
            break
    if best > floor:
        exact[key] = best
    return best


def found_in_two(patterns: Patterns, group: np.ndarray, guesses: np.ndarray) -> int:
    """What the candidates ``group`` found within two guesses are worth when the first is
    one of ``guesses`` (any words: normal mode) and the second the likeliest candidate of
    its feedback: the best over ``guesses``."""
    weights = found_weights(patterns.words, group)
    win, best = win_code(patterns.words.length), 0
    for row in patterns.block(guesses, group):
        found = int(weights[row == win].sum())
        for code in np.unique(row).tolist():
            if code != win:
                found += int(weights[row == code].max())
        best = max(best, found)
    return best


def in_time_first(
    patterns: Patterns, ranked: list[Suggestion], candidates: np.ndarray, left: int, hard: bool = True
) -> list[Suggestion]:
    """``ranked`` in the order of what each finds within ``left`` guesses (its own
    :func:`found_weights` if it wins now, plus :func:`found_in_time` of each feedback's
    candidates with one guess less): the most common words first, then the most
    candidates, then the most prior weight, the ranking breaking ties; each with its
    :attr:`Suggestion.found`.

    In normal mode, where any word may be guessed, a group with two guesses left may also
    be split by one of the ``ranked`` guesses (:func:`found_in_two`): the words that tell
    the state's families apart often tell a part of one apart too."""
    if left <= 0:
        return ranked
    win = win_code(patterns.words.length)
    splitters = None if hard or left - 1 != 2 else np.array(sorted(s.index for s in ranked), dtype=np.int64)
    # Guesses that do not tell a family apart leave it whole, so the same groups recur.
    # Only groups played out are remembered (as wordle.js does): the others cost a sum.
    known: dict[bytes, int] = {}
    searched = ENDGAME_EXACT if left - 1 >= 2 else 0

    def found_in_group(group: np.ndarray) -> int:
        found = found_in_time(patterns, group, left - 1)
        if splitters is not None and 2 < len(group) <= ENDGAME_EXACT:
            found = max(found, found_in_two(patterns, group, splitters))
        return found

    def found_in(group: np.ndarray) -> int:
        if len(group) <= 2 or len(group) > searched:
            return found_in_group(group)
        key = group.tobytes()
        if key not in known:
            known[key] = found_in_group(group)
        return known[key]

    found = []
    for s in ranked:
        row = patterns.block(np.array([s.index]), candidates)[0]
        own = int(found_weights(patterns.words, np.array([s.index]))[0]) if s.win else 0
        found.append(own + sum(found_in(candidates[row == code]) for code in np.unique(row).tolist() if code != win))
    order = sorted(range(len(ranked)), key=lambda i: -found[i])
    return [replace(ranked[i], found=found_count(found[i])) for i in order]


def with_splitters(
    patterns: Patterns, ranked: list[Suggestion], guesses: np.ndarray, candidates: np.ndarray
) -> list[Suggestion]:
    """``ranked`` and the :data:`SPLITTERS` ``guesses`` that split the candidates best when
    each counts alike, all in the order of the ranking (a guess that tells a rare family
    apart, which the prior's ranking passes over, is then there for :func:`in_time_first`)."""
    splitters = [s.index for s in rank(patterns, guesses, candidates, SPLITTERS, uniform=True)]
    union = np.array(sorted({s.index for s in ranked} | set(splitters)), dtype=np.int64)
    return rank(patterns, union, candidates, len(union))


# --- the state after some clues -------------------------------------------------------------


def fitting(words: Words, constraints: Constraints, among: np.ndarray | None = None) -> np.ndarray:
    """Indices of the words (of ``among``, default all) that fit the clues
    (:func:`pipeline.games.wordle.rules.fits`, in bulk): what :func:`hard_pool` keeps (the greens,
    each letter at least as often as shown), without the letters ruled out of a place and
    with no letter more often than a grey allows."""
    kept = hard_pool(words, constraints, among)
    codes, counts, index = words.codes[kept], words.letter_counts[kept], words.letter_index
    keep = np.ones(len(kept), dtype=bool)
    for i, excluded in enumerate(constraints.excluded):
        for c in excluded:
            keep &= codes[:, i] != index[c]
    for c, n in constraints.at_most.items():
        keep &= counts[:, index[c]] <= n
    return kept[keep]


def hard_pool(words: Words, constraints: Constraints, among: np.ndarray | None = None) -> np.ndarray:
    """Indices of the guesses (of ``among``, default all) hard mode allows: every green kept
    in place, and each letter used at least as often as one clue showed it green or yellow
    (greys and the places of yellows do not bind, as in Wordle's own hard mode); none if
    the clues contradict."""
    if constraints.impossible:
        return np.zeros(0, dtype=np.int64)
    among = np.arange(words.size) if among is None else among
    codes, counts, index = words.codes[among], words.letter_counts[among], words.letter_index
    keep = np.ones(len(among), dtype=bool)
    for i, fixed in enumerate(constraints.fixed):
        if fixed is not None:
            keep &= codes[:, i] == index[fixed]
    for c, n in constraints.at_least.items():
        keep &= counts[:, index[c]] >= n
    return among[keep]


@dataclass(frozen=True)
class NearFit:
    """A word that fits every clue but one."""

    index: int
    key: str
    #: Number (from 0) of the clue it does not fit.
    clue: int


def near_fits(words: Words, clues: Sequence[Clue]) -> list[NearFit]:
    """The words that fit every clue but one, likeliest first (weight, then key): what the
    page offers when no word fits them all (the answer is a word the list lacks, or a
    colour was set wrong). A word fits the clues if it fits each (:func:`compile_clues`
    sums them up), so one filter per clue says which clues each word breaks."""
    fits_clue = np.zeros((len(clues), words.size), dtype=bool)
    for number, clue in enumerate(clues):
        fits_clue[number, fitting(words, compile_clues([clue], words.length))] = True
    near = np.flatnonzero(fits_clue.sum(0) == len(clues) - 1) if len(clues) >= 2 else np.zeros(0, dtype=np.int64)
    order = near[np.lexsort((near, -words.weights[near]))]
    return [NearFit(int(i), words.keys[i], int(np.argmin(fits_clue[:, i]))) for i in order]


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


def shipped_second(table: Opening | None, clues: Sequence[Clue], hard: bool) -> list[int] | None:
    """The build's second guesses for ``clues`` if they are the opening and one feedback of
    it that the table holds, else None."""
    if table is None or not table.first or len(clues) != 1 or clues[0].guess != table.first[0].key:
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
            return opening_table.first[:top]
        return rank(patterns, everything, everything, top)
    constraints = compile_clues(clues, words.length)
    candidates = fitting(words, constraints)
    pool = hard_pool(words, constraints) if hard else everything
    return suggest_among(patterns, clues, candidates, pool, hard, top, opening_table, budget)


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


def book_key(clues: Sequence[Clue]) -> str:
    """A state as the book knows it: its clues as ``guess:pattern``, space-separated.

    >>> book_key([Clue("raise", "y...y"), Clue("deter", "...gg")])
    'raise:y...y deter:...gg'
    """
    return " ".join(f"{clue.guess}:{clue.pattern}" for clue in clues)


def entropy_rank(patterns: Patterns, guesses: np.ndarray, candidates: np.ndarray) -> int:
    """The reference player's choice: the guess whose feedback has the most entropy over
    equally likely candidates (no prior); ties go to a candidate, then to the first key."""
    words = patterns.words
    bins = 3**words.length
    best: int = -1
    best_key: tuple | None = None
    step = max(1, _BLOCK // max(len(candidates), bins))
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


def candidates_after(patterns: Patterns, candidates: np.ndarray, guess: int, code: int) -> np.ndarray:
    """The candidates that give ``guess`` the feedback ``code``."""
    return candidates[patterns.block(np.array([guess]), candidates)[0] == code]


def keys_of(words: Words, indices: Sequence[int]) -> list[str]:
    return [words.keys[i] for i in indices]
