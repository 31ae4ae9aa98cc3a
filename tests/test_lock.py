"""Locked dependencies: every runtime and test dependency pinned with hashes, installed
from the lock by make (and so by .ci/run), and named in each list's provenance."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import metadata
from pathlib import Path

from pipeline.core.fsutil import sha256_file
from pipeline.core.resources import LOCK, lock_sha256

ROOT = Path(__file__).resolve().parent.parent


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, tuple[str, int]]:
    """Lock entries: name -> (version, number of hashes)."""
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    found = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", text):
        match = re.match(r"([A-Za-z0-9._-]+)==(\S+)", entry)
        if match:
            found[canonical(match[1])] = (match[2], entry.count("--hash=sha256:"))
    return found


def declared() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    return [canonical(re.match(r"[A-Za-z0-9._-]+", r)[0]) for r in requirements]


def test_every_declared_dependency_is_pinned_with_hashes():
    locked = pins()
    assert LOCK == ROOT / "requirements.lock"
    assert [name for name in declared() if name not in locked] == []
    assert {name: n for name, (_, n) in locked.items() if n == 0} == {}
    assert "pytest" in locked and "wordfreq" in locked


def test_this_environment_is_the_locked_one():
    """What the tests run with is what the lock says (make built it from the lock)."""
    wrong = {}
    for name, (version, _) in pins().items():
        installed = metadata.version(name)
        if installed != version:
            wrong[name] = (installed, version)
    assert wrong == {}, "installed != locked; rebuild .venv with `make setup`"


def test_make_and_ci_install_from_the_lock_with_hashes():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install --quiet --require-hashes -r requirements.lock" in makefile
    assert "pip install --quiet --no-deps -e ." in makefile
    assert re.search(r"^\$\(BIN\)/rusc: .*requirements\.lock", makefile, re.M), "a new lock must rebuild .venv"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make setup( |$)", ci, re.M) and re.search(r"^make test$", ci, re.M)
    dependencies = (ROOT / "docs" / "dependencies.md").read_text(encoding="utf-8")
    assert "pip-compile --generate-hashes" in dependencies


def test_every_list_names_the_lock_in_its_metadata(built_lists):
    meta = json.loads((built_lists("en") / "metadata.json").read_text(encoding="utf-8"))
    assert meta["requirements_lock_sha256"] == sha256_file(ROOT / "requirements.lock") == lock_sha256()
