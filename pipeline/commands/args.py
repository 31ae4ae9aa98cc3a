"""What the command modules share: the one-line-error parser and argument types."""

from __future__ import annotations

import argparse
import os

from pipeline.config import Language, load_language
from pipeline.core.errors import RuscError, UsageError


class Parser(argparse.ArgumentParser):
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


def workers_arg(text: str) -> int:
    """argparse ``type=`` for ``--workers``: from 1 to the processors of this machine (at
    least 2), since each worker is a process with its share of the dictionary in memory:
    ``--workers 1000`` started about 800 processes."""
    most = max(2, os.cpu_count() or 1)
    try:
        workers = int(text)
    except ValueError:
        workers = 0
    if not 1 <= workers <= most:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes from 1 to {most}")
    return workers
