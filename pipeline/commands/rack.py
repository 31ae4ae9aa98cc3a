"""``rusc rack LANG [LETTERS]``: solve a rack of tiles (``?`` is a blank) or show a day's rack."""

from __future__ import annotations

import argparse

from pipeline.commands.args import language_arg
from pipeline.core.dates import parse_date
from pipeline.games.racks import SORTS, RackIndex
from pipeline.lists.tiles import TileSet


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "rack",
        help="solve a rack of tiles (? = blank) or show the daily rack",
        description="Every word a rack of up to 15 tiles can make, with Scrabble scores "
        "(blanks score 0 and are marked with *), or the daily rack of a date.",
    )
    parser.add_argument(
        "language", type=language_arg, metavar="LANG", help="language code (see pipeline/languages) or a language TOML"
    )
    parser.add_argument("letters", nargs="?", metavar="LETTERS", help="the rack, e.g. messages or ab?de (? = blank)")
    parser.add_argument("--date", type=parse_date, help="show the daily rack of this date (YYYY-MM-DD)")
    parser.add_argument("--min-length", type=int, default=2, metavar="N", help="shortest word in letters (default 2)")
    parser.add_argument("--max-length", type=int, metavar="N", help="longest word in letters")
    parser.add_argument("--contains", default="", metavar="TEXT", help="words containing TEXT")
    parser.add_argument("--starts", default="", metavar="TEXT", help="words starting with TEXT")
    parser.add_argument("--ends", default="", metavar="TEXT", help="words ending with TEXT")
    parser.add_argument(
        "--pattern", default="", metavar="TEXT", help="whole words matching TEXT, ? for one letter (?a??e)"
    )
    parser.add_argument("--sort", choices=SORTS, default="score", help="order of the words (default score)")
    parser.add_argument(
        "--write-data",
        action="store_true",
        help="write racks-daily.tsv.gz (the days up to --date, else SOURCE_DATE_EPOCH's day) beside game.tsv",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pipeline.core.dates import require_scheduled, today
    from pipeline.core.errors import UsageError
    from pipeline.core.paths import Paths
    from pipeline.games.gamedata import write_game_data

    if args.letters and args.date:
        raise UsageError("rusc rack: give LETTERS or --date, not both")
    if not (args.letters or args.date or args.write_data):
        raise UsageError("rusc rack: give LETTERS, --date or --write-data (see rusc rack --help)")
    if args.letters:
        TileSet.of(args.language).parse_rack(args.letters)  # bad racks fail before the list is read
    # The days up to a date are computed: one past the schedule (2999) would take minutes.
    if args.date:
        require_scheduled(args.language, args.date, UsageError)
    day = require_scheduled(args.language, today(args.language, args.date), UsageError) if args.write_data else None
    paths = Paths.from_env()
    if args.letters or args.date:
        # One rack reads only its signatures from the kept lookup; a date needs the schedule.
        index = RackIndex.load(args.language, paths) if args.date else RackIndex.lookup(args.language, paths)
        letters = args.letters
        if args.date:
            letters = "".join(index.daily(args.date).tiles)
            print(f"{args.date.isoformat()}: {' '.join(t.upper() for t in index.daily(args.date).tiles)}")
        solution = index.solve(
            letters, args.min_length, args.contains, args.starts, args.ends, args.sort, args.max_length, args.pattern
        )
        for answer in solution.answers:
            spelled = "".join(t.upper() + ("*" if i in answer.blanks_used else "") for i, t in enumerate(answer.tiles))
            bingo = f"  bingo +{args.language.racks.bingo_bonus}" if answer.bingo else ""
            print(f"{' / '.join(answer.forms)}\t{answer.score}\t{spelled}{bingo}")
        print(f"{len(solution.answers)} words")
    if args.write_data:
        for path in write_game_data(args.language, paths.wordlists(args.language.code), ("racks",), day):
            print(path)
    return 0
