"""Pool workers die with the process that started them, even when it is SIGKILLed (which runs
no clean-up), by the kernel's parent-death signal and, where that is missing, by their own
polling of the parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

#: A parent that starts a pool with busy workers, reports their pids, and waits to be killed.
PARENT = """
import sys, time
from pipeline.core.workers import process_pool

if __name__ == "__main__":
    pool = process_pool(2, start_method=sys.argv[1], kernel_watch=sys.argv[2] == "kernel")
    futures = [pool.submit(time.sleep, 600) for _ in range(2)]
    time.sleep(1.5)  # the workers are started and sleeping in their task
    print(" ".join(str(pid) for pid in pool._processes), flush=True)
    time.sleep(600)
"""


def alive(pid: int) -> bool:
    """The process exists and is not a zombie (a dead process not yet reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until_gone(pids: list[int], timeout: float) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        survivors = [pid for pid in pids if alive(pid)]
        if not survivors:
            return []
        time.sleep(0.05)
    return [pid for pid in pids if alive(pid)]


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
@pytest.mark.parametrize("watch", ["kernel", "polling"])
def test_workers_die_when_their_parent_is_killed(start_method, watch):
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, start_method, watch],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers), workers
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        survivors = wait_until_gone(workers, timeout=5.0)
        assert not survivors, f"workers outlived their killed parent: {survivors}"
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in workers if "workers" in locals() else []:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def wait_for(path: Path) -> None:
    while not path.exists():
        time.sleep(0.01)


def value_of(argument: dict) -> str:
    return argument["value"]


def test_a_task_gets_its_arguments_as_they_were_when_submitted(tmp_path):
    """The caller may go on changing (or caching into) an argument after submitting: the
    worker sees it as it was. The standard pool pickles a queued task's arguments later, in
    a thread of its own, and sees the change, or fails midway with "dictionary changed size
    during iteration"."""
    from pipeline.core.workers import process_pool

    go = tmp_path / "go"
    with process_pool(1) as pool:
        busy = [pool.submit(wait_for, go) for _ in range(3)]  # the worker and its queue are full
        argument = {"value": "as submitted"}
        task = pool.submit(value_of, argument)
        argument["value"] = "changed"
        argument["cached"] = "added"
        go.touch()
        assert task.result() == "as submitted"
        assert [job.result() for job in busy] == [None] * 3
