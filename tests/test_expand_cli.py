"""`rusc expand`: writes the forms, explains one stem, and reports user errors in one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support.cli import said
from support.expansions import REPO


def rusc(*args: str, cwd=REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pipeline", "expand", *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.slow
def test_stem_shows_each_form_with_the_rules_that_made_it():
    result = rusc("en", "--stem", "polyp")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# polyp ")
    assert "polyp\t(stem)" in lines
    assert any(line.startswith("polyps\tSFX S#") for line in lines)


@pytest.mark.slow
def test_expand_writes_sorted_forms_and_metadata(tmp_path):
    out = tmp_path / "forms.txt"
    result = rusc("en", "--output", str(out))
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    forms = data.decode("utf-8").split("\n")
    assert data.endswith(b"\n") and b"\r" not in data
    assert forms[:-1] == sorted(set(forms[:-1]))
    meta = json.loads((tmp_path / "expansion.json").read_text())
    assert meta["forms"] == len(forms) - 1
    assert meta["compounds"] is True  # English numbers are COMPOUNDRULE compounds
    assert list(meta) == sorted(meta)


@pytest.mark.slow
def test_unknown_stem_is_a_one_line_error_naming_the_dictionary():
    result = rusc("en", "--stem", "polypzz")
    assert result.returncode == 1
    assert len(said(result.stderr)) == 1 and "Traceback" not in result.stderr
    assert ".dic" in result.stderr and "polypzz" in result.stderr


def test_unknown_language_is_a_usage_error():
    result = rusc("xx")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "xx" in result.stderr
