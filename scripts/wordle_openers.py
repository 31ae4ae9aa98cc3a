"""Hard mode's first guess, searched wider than a build can: what ``[wordle] hard_opener``
pins (pipeline/config/language.py).

The build weighs the opening ranking's first ten guesses by their games played out without
a book (:meth:`pipeline.games.wordle.book._Bookmaker.opener`); the book it then makes saves
many of the headwords those games lose, but not the same share for every opener. This
script weighs the ranking's first ``--ranked`` guesses the build's way, makes the whole
hard-mode book for the ``--books`` of them that lose the fewest headwords there and for the
build's own choice, and plays every word of the list with each book by the page's policy
(:func:`pipeline.games.wordle.season.helper_player`). One line per book, best first by the
headwords lost, then the mean guesses over the headwords, then over every word weighed by
the prior: the build's order. Only the list and the prior enter, never an answer list.
Reads the built lists (``rusc dictionaries LANG`` first); English takes about 15 minutes,
Catalan an hour.

    .venv/bin/python scripts/wordle_openers.py en
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, replace

import numpy as np

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.games.wordle.book import build_book, openers_played_out, opening, second_guesses
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.ranking import BUDGET, rank
from pipeline.games.wordle.rules import GUESSES, TOP
from pipeline.games.wordle.season import helper_player, play_season
from pipeline.games.wordle.words import common_weight, load_words


@dataclass(frozen=True, order=True)
class Played:
    """How the hard-mode games that open with a guess do with its book; less is better."""

    #: Headwords not found within six guesses.
    headwords_lost: int
    #: Mean guesses over the headwords (a lost one counts what it took).
    headword_mean: float
    #: Mean guesses over every word, weighed by the prior.
    weighted_mean: float
    #: Words of the list not found within six guesses.
    lost: int
    #: The guess, and the headwords lost by name.
    opener: str
    lost_headwords: tuple[str, ...]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language")
    parser.add_argument("--ranked", type=int, default=60, help="first guesses of the opening ranking weighed")
    parser.add_argument("--books", type=int, default=8, help="of those, how many get a whole book")
    args = parser.parse_args()
    language = load_language(args.language)
    words = load_words(Paths.from_env().wordlists(args.language) / "wordle.tsv", language)
    patterns = Patterns(words).precompute()
    common = common_weight(language.wordle)
    everything = np.arange(words.size)
    table = replace(opening(patterns, only_over=BUDGET), first=rank(patterns, everything, everything, args.ranked))

    started = time.monotonic()
    screened = dict(openers_played_out(patterns, table, True, common, [s.index for s in table.first]))
    builds_choice = min(table.first[:TOP], key=lambda s: screened[s.index]).index
    print(
        f"{args.language}: {args.ranked} openers played out without a book in {time.monotonic() - started:.0f} s; "
        f"the build's choice among the first {TOP}: {words.keys[builds_choice]}",
        flush=True,
    )
    chosen = sorted(screened, key=lambda guess: screened[guess])[: args.books]
    if builds_choice not in chosen:
        chosen.append(builds_choice)

    headwords = words.headwords
    results = []
    for guess in chosen:
        started = time.monotonic()
        with_opener = replace(
            table,
            openers={True: guess},
            second={False: {}, True: second_guesses(patterns, guess, True, TOP, BUDGET)},
        )
        book = build_book(patterns, with_opener, True, common)
        season = play_season(
            helper_player(patterns, True, replace(with_opener, book={False: {}, True: book})), words.keys
        )
        taken = np.array(season.guesses)
        played = Played(
            headwords_lost=int((taken[headwords] > GUESSES).sum()),
            headword_mean=float(taken[headwords].mean()),
            weighted_mean=float((taken * words.weights).sum() / words.weights.sum()),
            lost=int((taken > GUESSES).sum()),
            opener=words.keys[guess],
            lost_headwords=tuple(words.keys[i] for i in np.flatnonzero(headwords & (taken > GUESSES)).tolist()),
        )
        results.append(played)
        print(f"  {describe(played)} ({len(book)} book entries, {time.monotonic() - started:.0f} s)", flush=True)
    print("best first:")
    for played in sorted(results):
        print(f"  {describe(played)}")
    return 0


def describe(played: Played) -> str:
    return (
        f"{played.opener}: {played.headwords_lost} headwords lost, {played.headword_mean:.4f} guesses over the "
        f"headwords, {played.weighted_mean:.4f} weighed by the prior, {played.lost} words lost; "
        + (" ".join(played.lost_headwords) or "no headword lost")
    )


if __name__ == "__main__":
    raise SystemExit(main())
