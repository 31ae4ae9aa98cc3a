"""Running ``rusc`` in-process and reading what it said."""

from __future__ import annotations

import shutil
from dataclasses import dataclass


@dataclass(frozen=True)
class CliResult:
    """What one in-process ``rusc`` run did."""

    #: The exit status main() returned (or SystemExit carried, for --help).
    returncode: int
    stdout: str
    stderr: str

    @property
    def said(self) -> list[str]:
        """:func:`said` of stderr."""
        return said(self.stderr)


def said(stderr: str) -> list[str]:
    """The lines of ``stderr`` but the progress lines: a stage that runs a few seconds prints
    them (on a loaded machine any stage may), so a one-line error is one line of this."""
    from pipeline.core.progress import is_progress_line

    return [line for line in stderr.strip().splitlines() if not is_progress_line(line)]


def require_tool(name: str) -> str:
    """Path of an external tool; a missing one fails the test (CI installs them all)."""
    path = shutil.which(name)
    assert path, f"{name} is not installed; `make system-deps` installs the test tools"
    return path
