"""Finding the answer in time: what a guess is sure to find within the guesses Wordle has left.

A prior that ranks rare words low would let them fail: a family such as bills, fills,
hills, mills, pills, wills, where each candidate guessed tells one word apart, runs out of
guesses on its rare members. So the :data:`ENDGAME_TOP` best guesses of the ranking are
ordered again by what they are sure to find (:func:`in_time_first`): first the most common
words (:attr:`~pipeline.games.wordle.words.Words.common`), then the most candidates, rare
or not, then the most prior weight, the ranking breaking ties (:func:`found_weights`).
With :data:`SPLIT_DEPTH` guesses left or fewer, the guesses that split the candidates best
when every one counts alike join them (:func:`with_splitters`), and in normal mode such a
guess may also split a group with two guesses left (:func:`found_in_two`). A first
suggestion that is not sure to find every candidate is a trap the page warns of
(:attr:`~pipeline.games.wordle.ranking.Suggestion.trap`).

Where to start reading: :func:`in_time_first`, then :func:`found_in_time` and its search,
:func:`_play_out`.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pipeline.games.wordle.feedback import Patterns, win_code
from pipeline.games.wordle.ranking import Suggestion, rank
from pipeline.games.wordle.rules import TOP
from pipeline.games.wordle.words import Words

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
    depth = min(left, ENDGAME_DEPTH)
    key = (group.tobytes(), depth)
    found = patterns.played_out.get(key)
    if found is None:
        found = patterns.played_out[key] = _play_out(
            patterns.block(group, group).tolist(),
            weights.tolist(),
            list(range(len(group))),
            depth,
            win_code(patterns.words.length),
        )
    return found


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
