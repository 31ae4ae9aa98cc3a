"""Nothing cached or published is trusted unchecked: an expansion rewritten by
``rusc expand`` or damaged in place, a damaged rack index or ``game.tsv``, is detected by
the checksum recorded when it was written and made again or refused in one line, never
listed or published.

Every case runs on the real English lists and expansion (:func:`english_root`, hard links):
a file is damaged by writing a new one in its place (:func:`replace`), never in place,
so the shared copies stay intact.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

#: The real English expansion and word list (README's table).
ENGLISH_FORMS, ENGLISH_WORDS = 123_699, 77_654


def replace(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as a new file (``path`` may be a hard link to a shared copy)."""
    path.unlink()
    path.write_bytes(data)


def same_size_edit(data: bytes) -> bytes:
    """``data`` with one letter in its middle changed: same size, other bytes."""
    middle = data.index(b"a", len(data) // 2)
    return data[:middle] + b"b" + data[middle + 1:]


def counts(root: Path) -> dict:
    return json.loads((root / "dist" / "wordlists" / "en" / "metadata.json").read_text("utf-8"))["counts"]


def test_a_fast_expansion_does_not_spoil_the_next_lists(english_root, cli):
    result = cli("expand", "en", "--fast")
    assert result.returncode == 0, result.stderr
    work = english_root / "dist" / "work" / "en"
    assert sum(1 for _ in open(work / "forms.txt", "rb")) < ENGLISH_FORMS
    assert cli("lists", "en").returncode == 0
    assert counts(english_root)["forms"] == ENGLISH_FORMS
    assert counts(english_root)["words"] == ENGLISH_WORDS


@pytest.mark.parametrize("damage", ["truncated", "same size"])
def test_a_damaged_expansion_is_expanded_again_before_listing(english_root, cli, damage):
    forms = english_root / "dist" / "work" / "en" / "forms.txt"
    data = forms.read_bytes()
    replace(forms, data[: data.index(b"\n", len(data) // 3) + 1] if damage == "truncated" else same_size_edit(data))
    result = cli("lists", "en")
    assert result.returncode == 0, result.stderr
    assert "is not the expansion inputs.json recorded" in result.stdout
    assert forms.read_bytes() == data
    assert counts(english_root)["forms"] == ENGLISH_FORMS
    assert counts(english_root)["words"] == ENGLISH_WORDS
