"""What the command modules share: the one-line-error parser and argument types."""

from __future__ import annotations

import argparse

from pipeline.config import Language, load_language
from pipeline.errors import RuscError, UsageError


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
