"""``rusc lists LANG…``: build the word lists of languages (fetching and expanding as needed)."""

from __future__ import annotations

from pipeline.commands.args import language_arg


def register(subparsers) -> None:
    parser = subparsers.add_parser("lists", help="build the word lists of languages (fetching and expanding as needed)")
    parser.add_argument(
        "languages",
        nargs="+",
        type=language_arg,
        metavar="LANG",
        help="language codes (see pipeline/languages) or language TOMLs",
    )
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.build import build_dictionaries
    from pipeline.core.paths import Paths

    build_dictionaries(args.languages, Paths.from_env())
    return 0
