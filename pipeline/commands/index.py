"""``rusc index``: write ``dist/wordlists/index.json`` from the languages whose lists are in
``dist/wordlists/`` (the Pages workflow's site job, which receives each language's lists from
its own matrix job)."""

from __future__ import annotations


def register(subparsers) -> None:
    parser = subparsers.add_parser("index", help="write dist/wordlists/index.json from the built lists")
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.core.paths import Paths
    from pipeline.lists.wordlists import write_index

    paths = Paths.from_env()
    write_index(paths)
    print(paths.wordlists_root / "index.json")
    return 0
