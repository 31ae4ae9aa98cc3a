"""``rusc wordle LANG GUESS:PATTERN…``: the words that fit Wordle clues, and the best next guesses."""

from __future__ import annotations

import argparse
from pathlib import Path

from pipeline.commands.args import language_arg
from pipeline.config import Language
from pipeline.errors import UsageError
from pipeline.paths import Paths
from pipeline.wordle import (TOP, compile_clues, fits, load_wordle_list, parse_clue, suggest,
                             worth_showing)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "wordle",
        help="the words that fit Wordle clues, and the best next guesses",
        description="Filter the language's Wordle list by clues GUESS:PATTERN, one per guess played, "
        "where PATTERN has one mark per letter: g green (right place), y yellow (elsewhere), . grey "
        "(no more copies). Prints the words that fit and the next guesses that leave the fewest "
        "words on average.",
    )
    parser.add_argument("language", type=language_arg, metavar="LANG")
    parser.add_argument("clues", nargs="*", metavar="GUESS:PATTERN", help="e.g. crane:gy... (no clue: first guesses)")
    parser.add_argument("--hard", action="store_true", help="suggest only guesses that fit the clues (hard mode)")
    parser.add_argument("--top", type=int, default=TOP, metavar="N", help=f"how many suggestions (default {TOP})")
    parser.add_argument("--list", type=Path, metavar="PATH", help="wordle.tsv to read (default: the built list)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:

    language: Language = args.language
    clues = [parse_clue(text, language) for text in args.clues]  # bad clues fail before the list is read
    if args.top < 0:
        raise UsageError("rusc wordle: --top must be 0 or more")
    path = args.list or Paths.from_env().wordlists(language.code) / "wordle.tsv"
    words = load_wordle_list(path, language)
    constraints = compile_clues(clues, language.wordle.length)
    candidates = [k for k in words.keys if fits(k, constraints)]
    if constraints.impossible:
        print(f"No word fits: {constraints.impossible}.")
    elif not candidates:
        print("No word fits these clues.")
    else:
        print(f"{len(candidates)} word{'s' if len(candidates) != 1 else ''} fit:")
        for key in candidates:
            print("  " + " ".join(words.forms[key]))
    if candidates and args.top:
        ranked = worth_showing(suggest(candidates, candidates if args.hard else words.keys, args.top))
        print("Best next guesses (expected words left):")
        for s in ranked:
            shown = " / ".join(words.forms.get(s.key, (s.key,)))
            print(f"  {shown}  {s.expected:.2f}{'  (may be the answer)' if s.is_candidate else ''}")
    return 0
