"""Abbreviations are out of `words` (and so of every game) in every language, on the real
lists; forms.txt keeps them; genuine vowelless words stay. One test per rule of each TOML."""

from __future__ import annotations

import json

import pytest
from support.repo import lines, whole_lines_in

from pipeline.config import load_language
from pipeline.lists.abbreviations import ADDED, BY_FLAG, LISTED, NO_VOWEL, ROMAN_NUMERAL, is_vowelless
from pipeline.lists.lexicon import load_game_lexicon

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def en(built_lists):
    return built_lists("en")


@pytest.fixture(scope="module")
def ca(built_lists):
    return built_lists("ca")


def test_english_abbreviations_out_genuine_words_in(en):
    words = lines(en / "words.txt")
    abbreviations = {
        "bldg",
        "blvd",
        "govt",
        "dept",
        "asst",
        "etc",
        "conj",
        "obj",
        "mfrs",
        "tsp",
        "jct",
        "cwt",
        "cf",
        "rcpt",
        "bpm",
    }
    assert not abbreviations & words
    assert {"brr", "hmm", "shh", "nth", "psst", "polyp", "polyps", "rhythm"} <= words
    # The complete list keeps them.
    assert whole_lines_in(en / "forms.txt", {"bldg", "govt", "tsp"}) == {"bldg", "govt", "tsp"}


def test_english_rule_scowl_list_but_words_the_dictionary_inflects(en, dictionary):
    # SCOWL lists app, bio and max as abbreviations too, but en_US inflects them (app/SM).
    words = lines(en / "words.txt")
    assert {"app", "apps", "bio", "max", "maxed"} <= words
    dic = dictionary("en").dic.read_text("utf-8").splitlines()
    assert "app/SM" in dic and "govt" in dic  # govt has no flag: listed and out
    assert "govt" not in words


def test_english_rule_no_vowel_but_the_listed_words():
    en = load_language("en")
    assert is_vowelless("b", en) and is_vowelless("xv", en) and is_vowelless("cs", en)
    assert not any(is_vowelless(w, en) for w in ["brr", "hmm", "shh", "nth", "cwm", "crwth", "gym", "rhythm"])


def test_catalan_units_out_by_their_flags_and_vowelless_forms_out(ca):
    words = lines(ca / "words.txt")
    assert not {"ml", "cl", "lx", "klx", "kg", "km", "mm", "hm", "kat"} & words
    assert not {"bl", "dj", "vv"} & words  # no vowel
    assert {"pst", "föhn", "löss", "gat", "col·lecció"} <= words
    assert whole_lines_in(ca / "forms.txt", {"ml", "cl", "lx"}) == {"ml", "cl", "lx"}
    # Out of lemmas, and so of the beehive, too (kat, the katal, was a 3-letter answer).
    assert "kat" not in load_game_lexicon(ca / "game.tsv", "lemmas")


def test_catalan_abbreviations_spelled_like_words_out_by_the_language_file(ca):
    """The .dic spells pàg, núm, ctra, esgl as flagless stems: ca.toml lists them; the
    words beside them that LibreOffice's list also abbreviates (des, mil, vol, cap) stay."""
    words = lines(ca / "words.txt")
    assert not {"pàg", "núm", "ctra", "esgl", "etc", "aprox", "rbla", "íd"} & words
    assert {"des", "mil", "vol", "cap", "art", "tel"} <= words
    lemmas = load_game_lexicon(ca / "game.tsv", "lemmas")
    assert not {"pag", "num", "ctra", "esgl", "etc"} & set(lemmas)


def test_french_symbols_out_by_their_flags_but_stems_that_are_words_too(built_lists):
    fr = built_lists("fr")
    words = lines(fr / "words.txt")
    assert not {"kg", "mg", "atm", "dyn", "oz", "mbar", "ko", "kbit"} & words  # U. and KEEPCASE lines
    assert {"bar", "bit", "gal", "min", "mol"} & words == {"bar", "bit", "gal", "min"}  # bar/S. is a word too
    assert not {"cm", "hl", "ppm"} & words  # no vowel
    assert {"hmm", "pff", "crwth", "œuvre"} <= words
    assert not {"etc", "fig", "chap", "éd", "janv", "tél"} & words  # fr.toml
    assert {"sept", "max", "perso", "sida"} <= words
    assert whole_lines_in(fr / "forms.txt", {"kg", "atm"}) == {"kg", "atm"}


def test_spanish_abbreviations_out_by_their_shape_and_the_language_file(built_lists):
    words = lines(built_lists("es") / "words.txt")
    assert not {"cm", "kg", "km", "pts", "cfr", "sr", "vs"} & words
    assert not {"pág", "págs", "núm", "admón", "avda", "dpto", "srta", "etc"} & words  # es.toml
    assert {"más", "niño", "y", "hoy", "id", "dom", "test"} <= words


@pytest.mark.parametrize(
    "code, reasons",
    [
        ("en", {LISTED, NO_VOWEL, ROMAN_NUMERAL}),
        ("ca", {BY_FLAG, NO_VOWEL, ADDED, ROMAN_NUMERAL}),
        ("fr", {BY_FLAG, NO_VOWEL, ADDED}),
        ("es", {NO_VOWEL, ADDED, ROMAN_NUMERAL}),
    ],
)
def test_metadata_counts_each_rule(built_lists, code, reasons):
    metadata = json.loads((built_lists(code) / "metadata.json").read_text("utf-8"))
    excluded = metadata["words_excluded"]
    # Catalan and Spanish dictionaries spell one Roman numeral each (vii, dix).
    assert set(excluded) == reasons and all(n > 10 or why == ROMAN_NUMERAL for why, n in excluded.items())
    words = lines(built_lists(code) / "words.txt")
    assert metadata["counts"]["words"] == len(words)
