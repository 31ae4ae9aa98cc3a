"""The state after some clues, over a whole list at once: the candidates (the words that fit
every clue), hard mode's guesses, and the words that fit all clues but one.

Where to start reading: :func:`fitting` (the candidates), built on :func:`hard_pool` (every
word in normal mode; in hard mode every word that keeps each green and uses each revealed
letter as often as a clue showed it). When no word fits the clues (an answer the list
lacks, or a colour set wrong), the page offers :func:`near_fits`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pipeline.games.wordle.rules import Clue, Constraints, compile_clues
from pipeline.games.wordle.words import Words


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
