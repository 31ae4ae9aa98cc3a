"""Interrupted and concurrent builds never leave a half-written output behind.

A build is killed with SIGKILL at several points (as each stage's files appear); the
previous ``dist/`` must stay complete (every checksum still verifies), no process of the
killed build may live on (its pool workers die with it), and the next run must complete. Two builds
started at once in one checkout: the second refuses clearly (or waits), and neither
corrupts the output.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def start(root: Path, cache: Path, *args: str, env_extra: dict | None = None) -> subprocess.Popen:
    """``rusc ARGS`` in its own session, so that its process group is its processes."""
    # RUSC_LOCK_WAIT=0: a build that finds the lock taken refuses at once, whatever the
    # environment of the test run says.
    env = dict(os.environ, RUSC_ROOT=str(root), RUSC_CACHE=str(cache), RUSC_LOCK_WAIT="0", **(env_extra or {}))
    # With the default SIGINT disposition, as from a terminal: a test run started in the
    # background of a shell script (`make test &`) inherits SIGINT ignored, and so would rusc.
    return subprocess.Popen(
        [sys.executable, "-m", "pipeline", *args],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def living_members(group: int) -> list[int]:
    """The processes of process group ``group`` that are alive (zombies are dead)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        state, pgrp = fields[0], int(fields[2])
        if pgrp == group and state != "Z":
            members.append(int(stat.parent.name))
    return members


def survivors_after(group: int, timeout: float = 5.0) -> list[int]:
    """Members of ``group`` still alive ``timeout`` seconds from now (or none, sooner)."""
    deadline = time.monotonic() + timeout
    while (members := living_members(group)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return members


def wait_until_locked(lock_file: Path, process: subprocess.Popen, timeout: float = 120.0) -> None:
    """Return once some process holds a lock on ``lock_file`` (as /proc/locks lists it).

    A fixed sleep is not enough: on a loaded machine the first build may take longer than
    any sleep to import and reach its lock, and then the second one wins the race.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, "the first build ended before it took the lock"
        if lock_file.exists():
            inode = lock_file.stat().st_ino
            # Each line names the locked file as MAJOR:MINOR:INODE in its sixth field.
            for line in Path("/proc/locks").read_text().splitlines():
                fields = line.split()
                if len(fields) > 5 and fields[5].rsplit(":", 1)[-1] == str(inode):
                    return
        time.sleep(0.05)
    raise AssertionError(f"no process took {lock_file} within {timeout} s")


def verify_lists(folder: Path) -> None:
    """Every file named in SHA256SUMS exists and has its checksum."""
    sums = (folder / "SHA256SUMS").read_text().splitlines()
    assert sums
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, name


#: Where a build is killed, in the order it reaches them: each is a glob under the checkout,
#: and the kill is sent as its first match appears (a condition, not a delay, so a busy or a
#: fast machine changes nothing).
KILL_POINTS = (
    "dist/work/en/.expand.*.tmp",  # expanding
    "dist/wordlists/.en.*.tmp",  # the lists begun
    "dist/wordlists/.en.*.tmp/game.tsv",  # the games' list written
    "dist/wordlists/.en.*.tmp/hives.tsv.gz",  # the games' data written
)


def test_killed_builds_keep_previous_output_and_next_run_completes(tmp_path, paths, built_lists):
    built_lists("en")
    root = tmp_path / "checkout"
    root.mkdir()
    shutil.copytree(paths.wordlists("en"), root / "dist" / "wordlists" / "en")
    shutil.copytree(paths.work("en"), root / "dist" / "work" / "en")
    # Force a fresh expansion so the kill lands in every stage: expand, lists, game data.
    (root / "dist" / "work" / "en" / "inputs.json").unlink()
    before = {p.name: p.read_bytes() for p in (root / "dist" / "wordlists" / "en").iterdir()}
    most_processes = 0
    for point in KILL_POINTS:
        process = start(root, paths.cache, "dictionaries", "en")
        assert appeared(root, point, process), f"the build ended before {point} appeared"
        most_processes = max(most_processes, len(living_members(process.pid)))
        process.send_signal(signal.SIGKILL)
        process.wait()
        survivors = survivors_after(process.pid)
        for pid in survivors:
            os.kill(pid, signal.SIGKILL)  # leave nothing behind, then fail
        assert not survivors, f"killed at {point}: processes of the build live on: {survivors}"
        folder = root / "dist" / "wordlists" / "en"
        verify_lists(folder)
        after = {p.name: p.read_bytes() for p in folder.iterdir()}
        assert after == before, f"killed at {point}: the previous lists changed"
    assert most_processes > 1, "no kill landed while the build had worker processes"
    finished = start(root, paths.cache, "dictionaries", "en")
    _out, err = finished.communicate(timeout=600)
    assert finished.returncode == 0, err
    verify_lists(root / "dist" / "wordlists" / "en")
    assert {p.name: p.read_bytes() for p in (root / "dist" / "wordlists" / "en").iterdir()} == before
    leftovers = [p.name for p in (root / "dist").rglob(".*") if p.name.endswith((".tmp", ".old"))]
    assert not leftovers, leftovers


def test_second_concurrent_build_refuses_clearly(tmp_path, paths, built_lists):
    built_lists("en")
    root = tmp_path / "checkout"
    root.mkdir()
    first = start(root, paths.cache, "dictionaries", "en")
    wait_until_locked(root / "dist" / ".rusc.lock", first)
    second = start(root, paths.cache, "dictionaries", "en")
    _out2, err2 = second.communicate(timeout=600)
    _out1, err1 = first.communicate(timeout=600)
    assert first.returncode == 0, err1
    assert second.returncode == 1
    assert err2.count("\n") == 1 and "another Rusc build holds this lock" in err2
    verify_lists(root / "dist" / "wordlists" / "en")


#: Files of the lists' temporary folder, in the order a build writes them: the signal is
#: sent as each appears (a condition, not a share of a timed build, so a busy machine
#: changes nothing).
LIST_STAGES = ("words.txt", "lemmas.txt", "game.tsv", "wordle.tsv", "words.sqlite")


def appeared(root: Path, pattern: str, process: subprocess.Popen) -> bool:
    """True once a path matching ``pattern`` (a glob under ``root``) exists; False if the
    build ended first."""
    while process.poll() is None:
        if next(root.glob(pattern), None) is not None:
            return True
        time.sleep(0.005)
    return False


#: The signals an interrupted build may get, with the status and the line it ends with:
#: Ctrl-C reaches every process of the terminal's group, and so may SIGTERM.
SIGNALS = ((signal.SIGINT, 130, "rusc: interrupted"), (signal.SIGTERM, 143, "rusc: terminated"))


def test_an_interrupted_build_says_one_line_and_keeps_its_outputs(tmp_path, paths, built_lists):
    """Ctrl-C and SIGTERM, in turn, at each stage of the lists: the workers die quietly (40
    to 60 lines of their tracebacks were printed), the build says one line, and the lists
    stay those of before."""
    from support.cli import said

    built_lists("en")
    root = tmp_path / "checkout"
    shutil.copytree(paths.wordlists("en"), root / "dist" / "wordlists" / "en")
    shutil.copytree(paths.work("en"), root / "dist" / "work" / "en")
    before = {p.name: p.read_bytes() for p in (root / "dist" / "wordlists" / "en").iterdir()}
    landed: dict[int, int] = {}
    for number, stage in enumerate(LIST_STAGES):  # over the lists' stages, while the workers run
        signum, status, message = SIGNALS[number % len(SIGNALS)]
        process = start(root, paths.cache, "lists", "en")
        if not appeared(root, f"dist/wordlists/.en.*.tmp/{stage}", process):
            continue  # finished before the signal
        os.killpg(process.pid, signum)
        _out, err = process.communicate(timeout=120)
        if process.returncode == 0:
            continue  # finished before the signal
        landed[signum] = landed.get(signum, 0) + 1
        assert "Traceback" not in err, f"at {stage}: {err}"
        assert process.returncode == status
        assert [line for line in said(err) if not line.startswith("en: estimate:")] == [message], err
        assert {p.name: p.read_bytes() for p in (root / "dist" / "wordlists" / "en").iterdir()} == before
    assert sorted(landed) == sorted(signum for signum, _, _ in SIGNALS), f"signals that landed: {landed}"
