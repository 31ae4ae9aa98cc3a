"""A slow stage is never silent in a log: counted progress lines, and for one long step with
nothing to count, a heartbeat (pipeline/core/progress.py). Waits are on what was written,
never on time."""

from __future__ import annotations

import io
import threading

from pipeline.core import progress
from pipeline.core.progress import heartbeat, is_progress_line


class Log(io.StringIO):
    """A non-terminal stderr that says when it has been written to ``lines`` times."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.enough = threading.Event()
        self.wanted = lines

    def write(self, text: str) -> int:
        written = super().write(text)
        if self.getvalue().count("\n") >= self.wanted:
            self.enough.set()
        return written


def test_a_long_step_says_how_long_it_has_run_until_it_ends(monkeypatch):
    log = Log(lines=2)
    monkeypatch.setattr("sys.stderr", log)
    monkeypatch.setattr(progress, "LINE_SECONDS", 0.01)
    with heartbeat("it Wordle page data, 5 letters"):
        assert log.enough.wait(60), "no heartbeat while the step ran"
    lines = log.getvalue().splitlines()
    assert len(lines) >= 2
    assert all(line.startswith("it Wordle page data, 5 letters: ") and is_progress_line(line) for line in lines)
    assert not [thread for thread in threading.enumerate() if thread.name == "heartbeat"], "the beat outlived its step"


def test_a_step_that_ends_before_the_first_beat_writes_nothing(monkeypatch):
    log = Log(lines=1)
    monkeypatch.setattr("sys.stderr", log)
    with heartbeat("quick"):
        pass
    assert log.getvalue() == ""
