"""``rusc beehive LANG [LETTERS]``: solve a hive, show a day's hive, or write every hive."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.commands.args import language_arg
from pipeline.core.dates import parse_date

if TYPE_CHECKING:
    from pipeline.config import Language
    from pipeline.games.beehive import Hive


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "beehive",
        help="solve a hive, show the daily hive, or write every hive",
        description="Solve a beehive (seven letters, centre first), show the hive of a date, "
        "or write the all-hives data file.",
    )
    parser.add_argument(
        "language", type=language_arg, metavar="LANG", help="language code (see pipeline/languages) or a language TOML"
    )
    parser.add_argument("letters", nargs="?", metavar="LETTERS", help="seven distinct letters, centre first")
    parser.add_argument("--date", type=parse_date, help="show the daily hive of this date (YYYY-MM-DD)")
    parser.add_argument("--hints", action="store_true", help="also print the hints grid and two-letter list")
    parser.add_argument(
        "--all-hives", type=Path, metavar="PATH", help="write every valid hive as TSV (.gz to compress)"
    )
    parser.add_argument(
        "--write-data",
        action="store_true",
        help="write hives.tsv.gz and beehive-daily.tsv.gz (the days up to --date, "
        "else SOURCE_DATE_EPOCH's day) beside game.tsv",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # The engines are imported here, not above: `rusc --help` and the other commands need none.
    from pipeline.core.dates import require_scheduled, today
    from pipeline.core.errors import UsageError
    from pipeline.core.fsutil import require_file_target
    from pipeline.core.paths import Paths
    from pipeline.games.beehive import parse_hive

    if args.letters and args.date:
        raise UsageError("rusc beehive: give LETTERS or --date, not both")
    if not (args.letters or args.date or args.all_hives or args.write_data):
        raise UsageError(
            "rusc beehive: give LETTERS, --date, --all-hives PATH or --write-data (see rusc beehive --help)"
        )
    if args.letters:
        parse_hive(args.language, args.letters)  # bad letters fail before the list is read
    if args.all_hives:
        require_file_target(args.all_hives)
    # The days up to a date are computed: one past the schedule (2999) would take minutes.
    if args.date:
        require_scheduled(args.language, args.date, UsageError)
    day = require_scheduled(args.language, today(args.language, args.date), UsageError) if args.write_data else None
    paths = Paths.from_env()
    if args.letters and not (args.all_hives or args.write_data):
        # One hive: read only its letter sets from the kept lookup, not the whole list.
        from pipeline.games.hive_lookup import HiveLookup

        print_hive(HiveLookup.open(args.language, paths).solve(args.letters), args.language, args.hints)
        return 0
    from pipeline.games.beehive import BeehiveIndex, write_all_hives
    from pipeline.games.gamedata import write_game_data

    index = BeehiveIndex.load(args.language, paths)
    if args.letters:
        print_hive(index.solve(args.letters), args.language, args.hints)
    elif args.date:
        print(f"{args.date.isoformat()}")
        print_hive(index.daily(args.date), args.language, args.hints)
    if args.all_hives:
        write_all_hives(index, args.all_hives)
    if args.write_data:
        for path in write_game_data(args.language, paths.wordlists(args.language.code), ("beehive",), day):
            print(path)
    return 0


def print_hive(hive: Hive, language: Language, with_hints: bool) -> None:
    name = language.beehive.pangram_name
    print(f"{hive.letters[0].upper()} {' '.join(hive.letters[1:])}")
    for answer in hive.answers:
        mark = f"  {name}" if answer.pangram else ""
        print(f"{' / '.join(answer.forms)}\t{answer.points}{mark}")
    plural = "s" if hive.pangram_count != 1 else ""
    print(f"{hive.word_count} words, {hive.total_points} points, {hive.pangram_count} {name}{plural}")
    print("ranks: " + ", ".join(f"{rank} {points}" for rank, points in hive.ranks))
    if hive.bonus:
        print(f"{len(hive.bonus)} bonus words (valid, rarer than the answers, never counted):")
        print(", ".join(" / ".join(answer.forms) for answer in hive.bonus))
    if with_hints:
        from pipeline.games.beehive import hints

        h = hints(hive)
        print("\t" + "\t".join(str(n) for n in h.lengths) + "\tΣ")
        for letter, row in h.grid.items():
            print(
                letter.upper() + "\t" + "\t".join(str(row.get(n, "-")) for n in h.lengths) + f"\t{h.row_totals[letter]}"
            )
        print("Σ\t" + "\t".join(str(h.column_totals[n]) for n in h.lengths) + f"\t{h.word_count}")
        print(" ".join(f"{prefix.upper()}-{count}" for prefix, count in h.two_letter.items()))
