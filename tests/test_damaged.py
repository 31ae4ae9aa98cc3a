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


@pytest.fixture(scope="module")
def reference(built_lists) -> dict:
    """The counts of the checkout's own English build, which no damage touched."""
    return json.loads((built_lists("en") / "metadata.json").read_text("utf-8"))["counts"]


def replace(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` as a new file (``path`` may be a hard link to a shared copy)."""
    path.unlink()
    path.write_bytes(data)


def same_size_edit(data: bytes) -> bytes:
    """``data`` with one letter in its middle changed: same size, other bytes."""
    middle = data.index(b"a", len(data) // 2)
    return data[:middle] + b"b" + data[middle + 1 :]


def counts(root: Path) -> dict:
    return json.loads((root / "dist" / "wordlists" / "en" / "metadata.json").read_text("utf-8"))["counts"]


def test_a_fast_expansion_does_not_spoil_the_next_lists(english_root, cli, reference):
    result = cli("expand", "en", "--fast")
    assert result.returncode == 0, result.stderr
    work = english_root / "dist" / "work" / "en"
    assert sum(1 for _ in open(work / "forms.txt", "rb")) < reference["forms"]
    assert cli("lists", "en").returncode == 0
    assert counts(english_root)["forms"] == reference["forms"]
    assert counts(english_root)["words"] == reference["words"]


@pytest.mark.parametrize("damage", ["truncated", "same size"])
def test_a_damaged_expansion_is_expanded_again_before_listing(english_root, cli, damage, reference):
    forms = english_root / "dist" / "work" / "en" / "forms.txt"
    data = forms.read_bytes()
    replace(forms, data[: data.index(b"\n", len(data) // 3) + 1] if damage == "truncated" else same_size_edit(data))
    result = cli("lists", "en")
    assert result.returncode == 0, result.stderr
    assert "is not the expansion inputs.json recorded" in result.stdout
    assert forms.read_bytes() == data
    assert counts(english_root)["forms"] == reference["forms"]
    assert counts(english_root)["words"] == reference["words"]


@pytest.mark.parametrize("damage", ["cut at a line end", "same size"])
def test_a_damaged_game_list_is_refused_in_one_line_never_published(english_root, cli, damage):
    game = english_root / "dist" / "wordlists" / "en" / "game.tsv"
    data = game.read_bytes()
    replace(game, data[: data.index(b"\n", len(data) // 2) + 1] if damage != "same size" else same_size_edit(data))
    for argv in (
        ["beehive", "en", "--date", "2026-01-05"],
        ["rack", "en", "--date", "2026-01-05"],
        ["site", "--date", "2026-01-05", "--languages", "en"],
    ):
        result = cli(*argv)
        assert result.returncode == 1, (argv, result.stderr)
        assert result.said == [
            f"rusc: {game}: not the file SHA256SUMS recorded when it was written (damaged or "
            f"edited since); build it again with `rusc lists en`"
        ], argv
    assert not (english_root / "dist" / "site").exists()


def test_a_damaged_download_is_refused_by_the_site(english_root, cli):
    words = english_root / "dist" / "wordlists" / "en" / "words.txt"
    replace(words, same_size_edit(words.read_bytes()))
    result = cli("site", "--date", "2026-01-05", "--languages", "en")
    assert result.returncode == 1
    assert result.said[-1].startswith(f"rusc: {words}: not the file SHA256SUMS recorded")
    assert not (english_root / "dist" / "site").exists()


def test_a_cached_rack_index_edited_at_the_same_size_is_built_again(english_root, paths, tmp_path, monkeypatch):
    from pipeline.config import load_language
    from pipeline.core.paths import Paths
    from pipeline.games.racks import RackIndex

    monkeypatch.setenv("RUSC_CACHE", str(tmp_path / "cache"))
    language, own = load_language("en"), Paths.from_env()
    built = RackIndex.load(language, own)
    kept = built.kept.read_bytes()
    marker = next(key for key, *_ in built.by_signature[min(built.by_signature)]).encode()
    assert marker in kept
    built.kept.write_bytes(kept.replace(marker, marker[::-1], 1))  # the cache's own copy
    again = RackIndex.load(language, own)
    assert again.by_signature == built.by_signature
    assert again.kept.read_bytes() == kept
