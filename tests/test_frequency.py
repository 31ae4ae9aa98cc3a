"""Word frequencies: the table look-up every stage uses (pipeline/lists/frequency.py zipf_in) is
wordfreq's own zipf_frequency, for the spellings the games show: German nouns with their
capital and ß (once ranked last by the Wordle prior and made bonus words by the hive's floor:
Kerze, heiß, Spaß), the Catalan middle dot, French œ, Spanish ñ, Dutch ĳ; and English's
margin, which counts a word English writes ten times as often as rare, but the language's own
words (German legal, Held)."""

from __future__ import annotations

import pytest
from support.real_entries import expander_of_stems
from wordfreq import zipf_frequency

from pipeline.config import load_language
from pipeline.games.beehive import answer_tiers
from pipeline.games.wordle.words import zipf_of
from pipeline.lists.frequency import english_quotes, frequency_table, own_words, zipf_in

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


def test_an_english_word_the_corpus_quotes_counts_as_rare_in_the_games_of_another_language():
    """Dutch's english_zipf_margin: speed is written ten times as often in English as in Dutch
    (wordfreq), so it is a bonus word and an unlikely Wordle answer; fiets and a key with one
    Dutch spelling keep their frequency. Catalan sets no margin: its figures are wordfreq's."""
    dutch = load_language("nl")
    english_over_dutch = zipf_frequency("speed", "en") - zipf_frequency("speed", "nl")
    assert dutch.english_zipf_margin and english_over_dutch >= dutch.english_zipf_margin
    assert zipf_frequency("speed", "nl") >= dutch.beehive.answer_min_zipf
    assert zipf_of(("speed",), dutch) == 0
    assert zipf_of(("fiets",), dutch) == zipf_frequency("fiets", "nl")
    answers, bonus = answer_tiers(dutch, {"speed": ("speed",), "fiets": ("fiets",)})
    assert list(answers) == ["fiets"] and list(bonus) == ["speed"]
    catalan = load_language("ca")
    assert not catalan.english_zipf_margin
    assert zipf_of(("staff",), catalan) == zipf_frequency("staff", "ca") > 0


#: Entries English writes more often: the language's own words (each makes a form only the
#: language writes: legale, Helden, Lasten; fours, shorts, westerns) and English's (Business,
#: Meeting, staff: their forms are English's too, or they have none).
OWN = {"de": ["Held", "Last", "legal"], "fr": ["four", "short", "western"]}
ENGLISH = {"de": ["Business", "Check", "Meeting"], "fr": ["business", "meeting", "staff"]}


@pytest.mark.parametrize("code", sorted(OWN))
def test_an_entry_english_writes_more_is_the_language_s_own_when_it_makes_a_form_only_the_language_writes(
    code, dictionary, tmp_path
):
    language = load_language(code)
    quoted = english_quotes(language)
    assert all(quoted(stem) for stem in OWN[code] + ENGLISH[code]), "the margin takes each for English's"
    expander = expander_of_stems(dictionary(code), OWN[code] + ENGLISH[code], tmp_path)
    assert own_words(language, expander) == OWN[code]
    lexicon = {stem.lower(): (stem,) for stem in OWN[code] + ENGLISH[code]}
    answers, _bonus = answer_tiers(language, lexicon, frozenset(OWN[code]))
    assert sorted(answers) == sorted(stem.lower() for stem in OWN[code])
    answers, _bonus = answer_tiers(language, lexicon)
    assert not answers, "without the mark the margin makes each a bonus word"
