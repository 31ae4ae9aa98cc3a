"""Word frequencies: the table look-up every stage uses (pipeline/lists/frequency.py zipf_in) is
wordfreq's own zipf_frequency, for the spellings the games show: German nouns with their
capital and ß (once ranked last by the Wordle prior and made bonus words by the hive's floor:
Kerze, heiß, Spaß), the Catalan middle dot, French œ, Spanish ñ, Dutch ĳ."""

from __future__ import annotations

import pytest
from wordfreq import zipf_frequency

from pipeline.config import load_language
from pipeline.games.beehive import answer_tiers
from pipeline.games.wordle.words import zipf_of
from pipeline.lists.frequency import frequency_table, zipf_in

SPELLINGS = {
    "de": ["Kerze", "heiß", "Spaß", "Straße", "Abend", "außen", "Mädchen", "GROSS"],
    "ca": ["col·lecció", "plaça", "Barcelona"],
    "fr": ["cœur", "œuvre", "élève", "Noël"],
    "es": ["niño", "Ñandú", "acción"],
    "nl": ["ĳs", "zeeën", "België"],
    "pt": ["coração", "Brasil", "pão"],
    "it": ["città", "perché"],
    "en": ["naïve", "Apple", "café"],
}


@pytest.mark.parametrize("code", sorted(SPELLINGS))
def test_the_table_look_up_is_wordfreqs_zipf_frequency(code):
    table = frequency_table(code)
    looked_up = {word: zipf_in(table, word) for word in SPELLINGS[code]}
    assert looked_up == {word: zipf_frequency(word, code) for word in SPELLINGS[code]}


def test_a_german_noun_and_a_word_with_sharp_s_are_answers_and_likely_wordle_words():
    german = load_language("de")
    lexicon = {"heiss": ("heiß",), "kerze": ("Kerze",), "spass": ("Spaß",), "zwetschgenroester": ("Zwetschgenröster",)}
    answers, bonus = answer_tiers(german, lexicon)
    assert sorted(answers) == ["heiss", "kerze", "spass"] and list(bonus) == ["zwetschgenroester"]
    assert zipf_of(("Kerze",), german) == zipf_frequency("Kerze", "de") > 3
