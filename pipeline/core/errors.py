"""One exception type for everything a user can get wrong.

The CLI catches :class:`RuscError` and prints ``str(error)`` as a single line, so every
message names the file (and line, where known) and says what is wrong. Anything else that
escapes is a bug in Rusc and keeps its traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike


@dataclass
class RuscError(Exception):
    #: What is wrong, in one sentence, without the location.
    message: str
    #: The file at fault, if there is one.
    path: str | PathLike | None = None
    #: 1-based line number inside ``path``, if known.
    line: int | None = None

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        # One line, always: a message must never smuggle in a newline.
        return (where + self.message).replace("\n", " ")


class UsageError(RuscError):
    """Bad command-line input: the CLI exits with status 2, like argparse."""
