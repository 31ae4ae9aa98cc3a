"""Lines end at LF only, everywhere a list is read: a form holding CR, VT, FF, FS–RS, NEL
or U+2028/U+2029 (which ``str.splitlines`` and Python's universal newlines take as line
ends) stays one form, never two bogus words."""

from __future__ import annotations

import bisect
import json

from pipeline.build import expansion_digests
from pipeline.core.fsutil import lf_lines

#: What ``str.splitlines`` ends a line at besides LF.
SEPARATORS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_an_expansion_with_separators_inside_forms_lists_no_bogus_word(english_root, cli):
    """The real English expansion with one form per separator added (``qzqXa<sep>qzqXb``,
    as an expansion of a Latin-1 .dic with a cp1252 0x85 would hold): no half of one may
    reach words.txt or game.tsv, and words.txt stays sorted."""
    work = english_root / "dist" / "work" / "en"
    forms = lf_lines((work / "forms.txt").read_bytes().decode("utf-8"))
    for n, separator in enumerate(SEPARATORS):
        letter = "abcdefghij"[n]
        bisect.insort(forms, f"qzq{letter}a{separator}qzq{letter}b")
    (work / "forms.txt").unlink()  # a hard link to the shared expansion: replaced, not changed
    (work / "forms.txt").write_bytes(("\n".join(forms) + "\n").encode("utf-8"))
    stamp = json.loads((work / "inputs.json").read_text("utf-8"))
    (work / "inputs.json").unlink()
    (work / "inputs.json").write_text(json.dumps({**stamp, **expansion_digests(work)}), encoding="utf-8")
    assert cli("lists", "en").returncode == 0
    published = english_root / "dist" / "wordlists" / "en"
    assert (published / "forms.txt").read_bytes() == (work / "forms.txt").read_bytes()
    words = lf_lines((published / "words.txt").read_bytes().decode("utf-8"))
    assert not [word for word in words if word.startswith("qzq")]
    assert words == sorted(words)
    assert b"qzq" not in (published / "game.tsv").read_bytes()


def test_the_game_lexicon_reader_ends_lines_at_lf_only(tmp_path):
    from pipeline.lists.lexicon import load_game_lexicon

    path = tmp_path / "game.tsv"
    path.write_bytes("".join(f"cat{n}\tca{sep}t\tw\n" for n, sep in enumerate(SEPARATORS)).encode("utf-8"))
    lexicon = load_game_lexicon(path, "words")
    assert lexicon == {f"cat{n}": (f"ca{sep}t",) for n, sep in enumerate(SEPARATORS)}


def test_word_lists_and_lemmas_end_lines_at_lf_only(tmp_path):
    from pipeline.games.wordle.words import lemma_forms

    (tmp_path / "lemmas.txt").write_bytes("".join(f"ca{sep}t\n" for sep in SEPARATORS).encode("utf-8"))
    assert lemma_forms(tmp_path / "wordle.tsv") == {f"ca{sep}t" for sep in SEPARATORS}
