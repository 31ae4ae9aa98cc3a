"""``rusc diff``: the forms, game keys and lemmas added and removed between two dictionary
versions (``rusc diff ca``: since the newest version pinned under ``[[previous_sources]]``)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.commands.args import language_arg


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "diff",
        help="forms and game keys added and removed between two dictionary versions",
        description="Compare a language's lists with those of an earlier pinned dictionary version "
        "([[previous_sources]] in its TOML, built under dist/versions/ when needed), or two "
        "built word-list folders. Writes <old>..<new>.tsv.gz and .json and prints the counts.",
    )
    parser.add_argument("language", metavar="LANG", type=language_arg, nargs="?", help="language code (with --from)")
    parser.add_argument(
        "--from",
        dest="version",
        metavar="VERSION",
        help="the earlier pinned dictionary version to compare the current lists with "
        "(default: the newest of [[previous_sources]])",
    )
    parser.add_argument(
        "--folders", nargs=2, type=Path, metavar=("OLD", "NEW"), help="compare two built word-list folders instead"
    )
    parser.add_argument(
        "--output",
        type=Path,
        metavar="DIR",
        help="where the diff files go (default dist/diffs/<LANG>/; with --folders, none)",
    )
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.build import previous_lists
    from pipeline.core.errors import UsageError
    from pipeline.core.paths import Paths
    from pipeline.lists.diff import diff_folders, diffs_folder, newest_previous, write_diff

    paths = Paths.from_env()
    if args.folders:
        if args.language is not None or args.version:
            raise UsageError("rusc diff: give either LANG --from VERSION or --folders OLD NEW, not both")
        old, new = args.folders
        output = args.output
    else:
        if args.language is None:
            raise UsageError("rusc diff: give LANG [--from VERSION], or --folders OLD NEW")
        new = paths.wordlists(args.language.code)
        old = previous_lists(args.language, args.version or newest_previous(args.language), paths)
        output = args.output or diffs_folder(paths, args.language.code)
    diff = diff_folders(old, new)
    if output is not None:
        for path in write_diff(diff, output):
            print(f"wrote {path}")
    print(json.dumps(diff.summary(), sort_keys=True, indent=2, ensure_ascii=False))
    return 0
