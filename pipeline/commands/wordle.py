"""``rusc wordle LANG GUESS:PATTERN…``: the words that fit Wordle clues, most likely first, and the
best next guesses."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.commands.args import language_arg
from pipeline.config import Language
from pipeline.games.wordle.rules import GUESSES, TOP, compile_clues, parse_clue

if TYPE_CHECKING:
    from pipeline.games.wordle.ranking import Suggestion

#: The command line ranks every guess exactly (the page's budget is for phones).
EXACT = 1 << 62


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "wordle",
        help="the words that fit Wordle clues, and the best next guesses",
        description="Filter the language's Wordle list by clues GUESS:PATTERN, one per guess played, "
        "where PATTERN has one mark per letter: g green (right place), y yellow (elsewhere), . grey "
        "(no more copies). Prints the words that fit, most likely answer first, and the next guesses "
        "that leave the least to find, with the words they leave on average and their chance to win now.",
    )
    parser.add_argument(
        "language", type=language_arg, metavar="LANG", help="language code (see pipeline/languages) or a language TOML"
    )
    parser.add_argument("clues", nargs="*", metavar="GUESS:PATTERN", help="e.g. crane:gy... (no clue: first guesses)")
    parser.add_argument("--length", type=int, metavar="N", help="word length (default: the language's wordle.length)")
    parser.add_argument(
        "--hard",
        action="store_true",
        help="hard mode: suggest only guesses that keep every green and use every revealed letter",
    )
    parser.add_argument("--top", type=int, default=TOP, metavar="N", help=f"how many suggestions (default {TOP})")
    parser.add_argument("--list", type=Path, metavar="PATH", help="wordle.tsv to read (default: the built list)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pipeline.core.errors import UsageError
    from pipeline.core.paths import Paths
    from pipeline.games.wordle.feedback import Patterns
    from pipeline.games.wordle.filters import fitting, near_fits
    from pipeline.games.wordle.strategy import suggest
    from pipeline.games.wordle.words import load_words

    language: Language = args.language.wordle_language  # its keys and clues fold as its Wordle's
    length = language.wordle.length if args.length is None else args.length  # 0 is a length, refused below
    if length not in language.wordle.lengths:
        raise UsageError(f"rusc wordle: --length must be one of {', '.join(map(str, language.wordle.lengths))}")
    clues = [parse_clue(text, language, length) for text in args.clues]  # bad clues fail before the list is read
    if args.top < 0:
        raise UsageError("rusc wordle: --top must be 0 or more")
    path = args.list or Paths.from_env().wordlists(language.code) / "wordle.tsv"
    words = load_words(path, language, length, cache=Paths.from_env().kept)
    constraints = compile_clues(clues, length)
    candidates = fitting(words, constraints).tolist()
    candidates.sort(key=lambda w: (-int(words.weights[w]), w))  # most likely first, as the page
    if constraints.impossible:
        print(f"No word fits: {constraints.impossible}.")
    elif not candidates:
        print("No word of the list fits these clues: the answer is a word the list lacks, or a colour is wrong.")
    else:
        print(f"{len(candidates)} word{'s' if len(candidates) != 1 else ''} fit, most likely first:")
        for w in candidates:
            print("  " + " ".join(words.forms[words.keys[w]]))
    if not candidates:
        near = near_fits(words, clues)
        if near:
            print(f"{len(near)} word{'s' if len(near) != 1 else ''} fit every clue but one, most likely first:")
            for fit in near:
                print(f"  {' '.join(words.forms[fit.key])}  (not clue {fit.clue + 1})")
    if candidates and args.top:
        ranked = suggest(Patterns(words), clues, hard=args.hard, top=args.top, budget=EXACT)
        print("Best next guesses (words left on average, chance to win now):")
        for s in ranked:
            shown = " / ".join(words.forms[s.key])
            print(f"  {shown}  {s.expected_left:.1f}  {100 * s.win_chance:.0f}%")
        if ranked and ranked[0].trap:
            print(trap_note(ranked[0], GUESSES - len(clues)))
    return 0


def trap_note(best: Suggestion, left: int) -> str:
    """What the page's trap note says: the candidates the best guess is sure to find in time."""
    return (
        f"Trap: {best.candidates} words fit, and with {left} guess{'es' if left != 1 else ''} left the best "
        f"plan found is sure to find only {best.found} of them."
    )
