"""The ``rusc`` command line: one subcommand per stage, plus ``dictionaries`` and ``site``.

Each stage module that has a subcommand defines ``add_cli(subparsers)``, which adds its
parser and sets ``func`` to a handler ``(args) -> int``; :data:`CLI_MODULES` lists them
in the order ``rusc --help`` shows them.

Errors: a :class:`~pipeline.errors.UsageError` (bad arguments) prints one line and exits 2,
like argparse's own errors; any other :class:`~pipeline.errors.RuscError` (bad input
files, failed downloads) prints one line and exits 1. Neither prints a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from pipeline import __version__
from pipeline.config import Language, available_languages, load_language
from pipeline.errors import RuscError, UsageError

#: Modules that contribute subcommands, in help order.
CLI_MODULES = (
    "pipeline.build",
    "pipeline.expand",
    "pipeline.beehive",
    "pipeline.racks",
    "pipeline.wordle",
    "pipeline.render",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line (no usage dump) and exit 2."""

    def error(self, message: str):
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def language_arg(code: str) -> Language:
    """argparse ``type=`` for a language code or TOML path; unknown ones are usage errors."""
    try:
        return load_language(code)
    except UsageError:
        raise
    except RuscError as error:
        raise UsageError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rusc",
        description="Reproducible Hunspell word lists and daily word-game solutions.",
        epilog=f"Languages: {', '.join(available_languages())}. Each subcommand has --help.",
    )
    parser.add_argument("--version", action="version", version=f"rusc {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in CLI_MODULES:
        importlib.import_module(name).add_cli(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return args.func(args) or 0
    except UsageError as error:
        print(_one_line(error), file=sys.stderr)
        return 2
    except RuscError as error:
        print(f"rusc: {_one_line(error)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("rusc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `rusc expand ca | head` is normal use, not an error.
        sys.stderr.close()
        return 0


def _one_line(error: Exception) -> str:
    return str(error).replace("\n", " ")
