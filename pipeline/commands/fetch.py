"""``rusc fetch LANG…``: fetch and verify dictionaries into the cache."""

from __future__ import annotations

from pipeline.commands.args import language_arg


def register(subparsers) -> None:
    parser = subparsers.add_parser("fetch", help="fetch and verify dictionaries into the cache")
    parser.add_argument(
        "languages",
        nargs="+",
        type=language_arg,
        metavar="LANG",
        help="language codes (see pipeline/languages) or language TOMLs",
    )
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.core.paths import Paths
    from pipeline.sources import fetch

    paths = Paths.from_env()
    for language in args.languages:
        files = fetch(language, paths)
        print(f"{language.code}\t{files.aff}\t{files.dic}")
    return 0
