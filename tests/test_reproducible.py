"""Byte-identical rebuilds: the same pinned inputs give the same bytes whatever the time
zone, locale, hash seed, umask or working directory."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

#: The rebuild's environment: everything a build could leak differs from an ordinary one.
ELSEWHERE = {"TZ": "Pacific/Kiritimati", "LC_ALL": "ca_ES.UTF-8", "PYTHONHASHSEED": "2", "umask": 0o077}


def build(root: Path, cwd: Path, cache: Path, settings: dict, languages: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "RUSC_"))}
    env.update({k: v for k, v in settings.items() if k != "umask"})
    env.update({"RUSC_ROOT": str(root), "RUSC_CACHE": str(cache), "LANG": env["LC_ALL"]})
    cwd.mkdir(parents=True, exist_ok=True)
    umask = settings["umask"]
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", "dictionaries", *languages],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.umask(umask),
    )
    assert result.returncode == 0, result.stderr


def sources_only(paths, folder: Path) -> Path:
    """A cache at ``folder`` that shares the fetched sources of ``paths.cache`` but none of the
    data kept from earlier builds (``paths.kept``: the games' vocabularies), so that the
    rebuild makes everything itself, in its own environment."""
    folder.mkdir()
    for entry in paths.cache.iterdir():
        if entry != paths.kept and not entry.name.startswith("."):
            (folder / entry.name).symlink_to(entry)
    return folder


def snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    files = {}
    for path in sorted(folder.rglob("*")):
        mode = stat.S_IMODE(path.stat().st_mode)
        files[path.relative_to(folder).as_posix()] = (mode, b"" if path.is_dir() else path.read_bytes())
    return files


def test_default_languages_rebuild_byte_identical(tmp_path, paths, built_lists):
    """The lists `make dictionaries` wrote (or the fixture built) against a rebuild in
    another checkout, working directory, time zone, locale, hash seed and umask."""
    ordinary = {code: built_lists(code) for code in ("ca", "en")}  # the shared cache holds the sources
    rebuilt = tmp_path / "two"
    build(rebuilt, tmp_path / "elsewhere", sources_only(paths, tmp_path / "cache"), ELSEWHERE, ["ca", "en"])
    for code, folder in ordinary.items():
        a, b = snapshot(folder), snapshot(rebuilt / "dist" / "wordlists" / code)
        assert sorted(a) == sorted(b), code
        different = [name for name in a if a[name] != b[name]]
        assert not different, (code, different)
        for name, (mode, _) in b.items():
            is_dir = (rebuilt / "dist" / "wordlists" / code / name).is_dir()
            assert mode == (0o755 if is_dir else 0o644), (code, name, oct(mode))
