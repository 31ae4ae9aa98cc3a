"""Affix conditions are tested as libhunspell 1.7 tests them in a UTF-8 dictionary, byte by
byte (pipeline/expand/conditions.py); the oracle decides on small synthetic dictionaries.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.expansions import generated_forms as forms
from support.expansions import spell
from support.expansions import write_dictionary as write

from pipeline.expand.affixes import parse_condition


def accepted(aff: Path, dic: Path, candidates) -> set[str]:
    candidates = sorted(candidates)
    return {word for word, ok in zip(candidates, spell(aff, dic, candidates)) if ok}


def test_a_dot_after_a_non_ascii_letter_steps_over_it_as_in_libhunspell(tmp_path):
    """dictionary-sk 2.0.0's SFX Z: ``a 0 [áéíóúŕýô].a`` and ``0 ch [áéíóŕúýô].a``. Walking
    Antarktída back from its end, the dot meets ``d`` and also steps over ``í``, so the group
    is tried on ``t``: libhunspell accepts neither Antarktíd nor Antarktídach (329 such forms
    in sk). A negated group after such a dot tests the wrong letter too: ``[^ŕ].a`` is
    tried on ``t`` and ``v``, and matches."""
    aff, dic = write(
        tmp_path,
        "SET UTF-8\nSFX Z Y 3\nSFX Z a 0 [áéíóúŕýô].a\nSFX Z 0 ch [áéíóŕúýô].a\nSFX Z 0 m [^ŕ].a\n",
        "3\nAntarktída/Z\nagáva/Z\nkukla/Z\n",
    )
    ours = forms(aff, dic)
    as_written = {"Antarktíd", "Antarktídach", "agáv", "agávach", "Antarktídam", "agávam", "kuklam"}
    assert parse_condition("[áéíóúŕýô].a").matches_end("Antarktída")  # the condition as written
    assert ours == accepted(aff, dic, ours | as_written)
    assert ours == {"Antarktída", "agáva", "kukla", "kuklam", "Antarktídam", "agávam"}


def test_a_prefix_condition_ending_in_a_dot_or_negated_group_admits_a_shorter_word(tmp_path):
    """PfxEntry::test_condition meets the word's end at the last position: a final ``.`` or
    ``[^...]`` then matches nothing, so ``.d.`` admits ``ad`` and ``ŕa[^d]`` admits ``ŕa``."""
    aff, dic = write(tmp_path, "SET UTF-8\nPFX P Y 2\nPFX P 0 x .d.\nPFX P 0 y ŕa[^d]\n", "3\nad/P\nŕa/P\nŕad/P\n")
    ours = forms(aff, dic)
    assert ours == accepted(aff, dic, ours | {"xad", "yŕa", "xŕa", "yŕad"})
    assert {"xad", "yŕa"} <= ours and "yŕad" not in ours


LETTERS = ["a", "d", "t", "á", "í", "ŕ", "é"]


def _random_dictionary(seed: int) -> tuple[str, str, set[str]]:
    """80 one-rule groups (prefixes and suffixes) with random conditions of up to four
    positions over ASCII and two-byte letters, on 300 random stems of 3 to 6 letters (a
    stem two letters shorter than a prefix condition would have libhunspell read past the
    word's end); every rule adds a string of its own, so each candidate names its rule."""
    rng = random.Random(seed)

    def position() -> str:
        r = rng.random()
        if r < 0.3:
            return "."
        if r < 0.6:
            return rng.choice(LETTERS)
        return "[" + ("^" if rng.random() < 0.4 else "") + "".join(rng.sample(LETTERS, rng.randint(1, 4))) + "]"

    aff, adds = ["SET UTF-8", "FLAG UTF-8"], []
    for i in range(80):
        kind = rng.choice(["SFX", "PFX"])
        add = "k" + "".join(rng.choice("bcfgh") for _ in range(3))
        while add in [a for _, a in adds]:
            add = "k" + "".join(rng.choice("bcfgh") for _ in range(3))
        adds.append((kind, add))
        condition = "".join(position() for _ in range(rng.randint(1, 4)))
        aff += [f"{kind} {chr(0x100 + i)} N 1", f"{kind} {chr(0x100 + i)} 0 {add} {condition}"]
    stems = sorted({"".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 6))) for _ in range(300)})
    flags = "".join(chr(0x100 + i) for i in range(80))
    dic = "\n".join([str(len(stems))] + [f"{stem}/{flags}" for stem in stems]) + "\n"
    candidates = set(stems) | {stem + add if kind == "SFX" else add + stem for stem in stems for kind, add in adds}
    return "\n".join(aff) + "\n", dic, candidates


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_conditions_make_exactly_the_forms_libhunspell_accepts(tmp_path, seed):
    aff_text, dic_text, candidates = _random_dictionary(seed)
    aff, dic = write(tmp_path, aff_text, dic_text)
    ours = forms(aff, dic)
    expected = accepted(aff, dic, candidates)
    assert len(expected) > 3000
    assert ours == expected, f"not accepted: {sorted(ours - expected)[:10]}; missing: {sorted(expected - ours)[:10]}"
