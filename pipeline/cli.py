"""The ``rusc`` command line: :func:`main` (``rusc``, ``python -m pipeline``) parses the
arguments and runs one subcommand. The subcommands themselves are in
:mod:`pipeline.commands`, one module each; they import the stages they drive, and no stage
imports them.

Errors: a :class:`~pipeline.core.errors.UsageError` (bad arguments) prints one line and exits 2,
like argparse's own errors; any other :class:`~pipeline.core.errors.RuscError` (bad input
files, failed downloads) prints one line and exits 1, as does an ``OSError`` naming a file
(an unwritable cache or output, a folder given as a file). None prints a traceback.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from concurrent.futures.process import BrokenProcessPool

from pipeline import __version__
from pipeline.commands import register_all
from pipeline.commands.args import Parser
from pipeline.config import available_languages
from pipeline.core.errors import RuscError, UsageError


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="rusc",
        description="Reproducible Hunspell word lists and daily word-game solutions.",
        epilog=f"Languages: {', '.join(available_languages())}. Each subcommand has --help.",
    )
    parser.add_argument("--version", action="version", version=f"rusc {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    register_all(subparsers)
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that every temporary file and folder is removed on the
    way out (a killed CI job or ``timeout`` sends SIGTERM)."""


def _raise_terminated(signum, frame):
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _raise_terminated) if in_main_thread else None
    try:
        return _main(argv)
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str] | None) -> int:
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
    except Terminated:
        print("rusc: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("rusc: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `rusc expand ca | head` is normal use, not an error.
        sys.stderr.close()
        return 0
    except BrokenProcessPool:
        # A worker killed from outside (the out-of-memory killer): the outputs are as before.
        print("rusc: a worker process was killed (out of memory?); nothing was written", file=sys.stderr)
        return 1
    except OSError as error:
        # A path the system refuses (unwritable, a folder, a full disk): the file and why.
        if error.filename is None:
            raise
        print(f"rusc: {error.filename}: {error.strerror or error}", file=sys.stderr)
        return 1


def _one_line(error: Exception) -> str:
    return str(error).replace("\n", " ")
