"""English lemmas on the real dictionary: en_US derives many headwords with its affix rules
(reply, alive, badly, writer), which lemmas.txt must hold beside the stems, while plurals,
verb forms and comparatives (taller: its stem takes -est too) stay inflections, but for the
entries en.toml names (later, defer), and the possessives the .dic spells out (abuse's) are
no entries. The Wordle prior reads lemmas.txt: a headword it missed was taken for an
inflection."""

from __future__ import annotations

import dataclasses
import json

import pytest
from support.repo import lines

from pipeline.config import load_language
from pipeline.core.errors import RuscError
from pipeline.expand import Expander
from pipeline.lists.lemmas import REASONS, choose_stems

pytestmark = pytest.mark.slow

EN = load_language("en")


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


@pytest.mark.parametrize("word", ["taller", "oldest", "years", "hiked", "readings", "replies"])
def test_inflections_and_comparatives_are_not(built_lists, lemmas, word):
    assert word in lines(built_lists("en") / "words.txt"), f"{word} is no word: the test proves nothing"
    assert word not in lemmas


def test_entries_the_rules_cannot_make_are_lemmas_as_the_language_file_names_them(built_lists, lemmas):
    """later (late's comparative to the rules) and defer (de- + f + -er) are entries."""
    named = EN.lemma_evidence.derived_entries
    assert {"later", "defer"} <= named
    assert named <= lemmas
    assert named <= lines(built_lists("en") / "words.txt")


def test_the_british_myspell_dictionary_derives_its_headwords_and_spells_no_inflection_as_one(built_lists):
    """en-za's .aff is the British MySpell one: its own lemma rules make reply's kind
    (unzip, overcook, outrun, oddness, fireman), and the inflections its .dic spells out
    only to give them prefixes (computed/AK, fires/a) are no lemmas, nor what the prefixes
    make of them, while a stem that takes suffixes of its own stays (lower/dS, liver/S)."""
    folder = built_lists("en-za")
    za_lemmas, words = lines(folder / "lemmas.txt"), lines(folder / "words.txt")
    derived = {"unzip", "overcook", "outrun", "oddness", "fireman", "later"}
    inflected = {"computed", "recomputed", "fires", "misfires", "fired", "misfired"}
    assert derived | inflected <= words, sorted((derived | inflected) - words)
    assert derived <= za_lemmas, sorted(derived - za_lemmas)
    assert not inflected & za_lemmas, sorted(inflected & za_lemmas)
    assert {"lower", "liver", "cling", "building"} <= za_lemmas
    removed = json.loads((folder / "metadata.json").read_text("utf-8"))["lemma_stems_removed"]
    assert removed[REASONS[5]] > 1_000, removed


@pytest.mark.parametrize("code", ["en", "en-za"])
def test_possessives_the_dictionary_spells_out_are_not_lemmas(dictionary, built_lists, code):
    """en_US lists abuse's and confine's as entries of their own, en-za directors' too."""
    files = dictionary(code)
    stems = {entry.stem for entry in Expander.from_files(files.aff, files.dic).entries()}
    possessives = {stem for stem in stems if stem.endswith(("'s", "s'"))}
    assert len(possessives) > 100, "no possessive entry: the test proves nothing"
    lemmas = lines(built_lists(code) / "lemmas.txt")
    assert not possessives & lemmas, sorted(possessives & lemmas)[:10]
    assert {"abuse", "can't"} <= lemmas


def test_an_entry_the_dictionary_does_not_make_is_refused_naming_the_language_file(dictionary):
    evidence = dataclasses.replace(EN.lemma_evidence, derived_entries=frozenset({"later", "laterz"}))
    files = dictionary("en")
    with pytest.raises(RuscError, match="derived_entries: 'laterz' is no form the dictionary makes") as refused:
        choose_stems(dataclasses.replace(EN, lemma_evidence=evidence), Expander.from_files(files.aff, files.dic))
    assert "en.toml" in str(refused.value)
