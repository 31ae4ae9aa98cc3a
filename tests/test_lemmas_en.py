"""English lemmas on the real dictionary: en_US derives many headwords with its affix rules
(reply, alive, badly, writer), which lemmas.txt must hold beside the stems, while plurals,
verb forms and comparatives (later, taller: their stems take -est too) stay inflections.
The Wordle prior reads lemmas.txt: a headword it missed was taken for an inflection."""

from __future__ import annotations

import pytest
from support.repo import lines

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def lemmas(built_lists) -> frozenset[str]:
    return lines(built_lists("en") / "lemmas.txt")


@pytest.mark.parametrize(
    "word, rule",
    [
        ("reply", "re- (A)"),
        ("unzip", "un- (U)"),
        ("alive", "-ive (V)"),
        ("badly", "-ly (Y)"),
        ("fifth", "-th (H)"),
        ("oddness", "-ness (P)"),
        ("inner", "-er (R) of a stem without -est"),
        ("after", "-er (R) of a stem without -est"),
    ],
)
def test_headwords_the_affix_rules_derive_are_lemmas(lemmas, word, rule):
    assert word in lemmas, f"{word} ({rule}) is not a lemma"


@pytest.mark.parametrize("word", ["later", "taller", "oldest", "years", "hiked", "readings", "replies"])
def test_inflections_and_comparatives_are_not(built_lists, lemmas, word):
    assert word in lines(built_lists("en") / "words.txt"), f"{word} is no word: the test proves nothing"
    assert word not in lemmas
