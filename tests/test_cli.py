"""The command line: every subcommand has --help, is documented in docs/cli.md, and
answers bad arguments with one clear line and exit status 2."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.cli import build_parser

CLI_DOC = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text("utf-8")


def subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sorted(action.choices)


def rusc(*args: str) -> subprocess.CompletedProcess:
    """A real ``python -m pipeline`` process (the other tests call main() in-process)."""
    return subprocess.run([sys.executable, "-m", "pipeline", *args], capture_output=True, text=True)


def test_every_subcommand_is_in_the_command_table():
    documented = set(re.findall(r"^\| `rusc ([\w-]+)", CLI_DOC, re.M))
    missing = [name for name in subcommands() if name not in documented]
    assert not missing, f"docs/cli.md's table does not describe: {missing}"


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_has_help(name, cli):
    result = cli(name, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: rusc {name}")


def test_top_level_help_lists_every_subcommand():
    result = rusc("--help")
    assert result.returncode == 0
    for name in subcommands():
        assert name in result.stdout


BAD_ARGUMENTS = [
    ["fetch", "xx"],
    ["lists", "klingon"],
    ["expand", "zz"],
    ["beehive", "ca", "abc"],
    ["beehive", "ca", "aabcdef"],
    ["beehive", "en", "abcdeç1"],
    ["beehive", "ca", "--date", "2026-13-45"],
    ["rack", "en", "ab3"],
    ["rack", "en", "a" * 16],
    ["wordle", "en", "crane:gyx.."],
    ["wordle", "en", "cran:gy..."],
    ["wordle", "ca", "pl4ça:....."],
    ["site", "--date", "yesterday"],
    ["nonsense"],
    ["beehive"],
]


@pytest.mark.parametrize("args", BAD_ARGUMENTS, ids=" ".join)
def test_bad_arguments_are_one_line_and_exit_2(args, tmp_path, cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(*args, unset=("RUSC_ROOT",))
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
