"""``rusc dictionaries [LANG…]``: fetch, expand and list languages (what ``make dictionaries`` runs)."""

from __future__ import annotations

from pipeline.commands.args import language_arg
from pipeline.commands.expand import add_bound_arguments


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "dictionaries", help="fetch, expand and list every default language (make dictionaries)"
    )
    parser.add_argument(
        "languages",
        nargs="*",
        type=language_arg,
        metavar="LANG",
        help="languages to build (default: pipeline/site.toml's, or $SITE_LANGS)",
    )
    add_bound_arguments(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.build import Bounds, build_dictionaries
    from pipeline.config import default_languages
    from pipeline.core.paths import Paths

    languages = args.languages or [language_arg(code) for code in default_languages()]
    build_dictionaries(languages, Paths.from_env(), bounds=Bounds(args.max_forms, args.max_bytes))
    return 0
