"""Portuguese lemmas on the real dictionaries: the Brazilian .dic (dictionary-pt) has no line
for the nouns and function words spelled like a verb form (casa, vida, coisa, para: casar's,
vidar's, coisar's, parar's), and lists some nouns only in the plural (casos beside casar's
caso, acessos beside a- + cessar's acesso). pt.toml's ``unlisted_singulars`` and the European dictionary's entries (``[lemmas]
entries``) make them lemmas, so the beehive asks for caso and casa, not casos; its derivation
rules add the feminines and derived nouns (menina, criador). What must stay out stays out."""

from __future__ import annotations

import pytest

from pipeline.config import load_language
from pipeline.expand import Expander
from pipeline.lists.lemmas import REASONS, lemmas, second_entries
from pipeline.sources import fetch_package_files

pytestmark = pytest.mark.slow

PT = load_language("pt")


@pytest.fixture(scope="module")
def found(dictionary):
    files = dictionary("pt")
    entries = PT.lemma_evidence.entries
    assert entries is not None
    (aff,) = [path for path in fetch_package_files(entries, PT) if path.suffix == ".aff"]
    forms, choice = lemmas(PT, Expander.from_files(files.aff, files.dic), second=second_entries(PT, aff))
    return set(forms), choice


@pytest.mark.parametrize(
    "plural, singular",
    [("casos", "caso"), ("sonhos", "sonho"), ("olhos", "olho"), ("assobios", "assobio"), ("acessos", "acesso")],
)
def test_a_noun_the_dic_lists_only_in_the_plural_is_a_lemma_in_the_singular(found, plural, singular):
    forms, choice = found
    assert singular in forms and plural not in forms
    assert choice.removed.get(plural) == REASONS[4]


@pytest.mark.parametrize("word", ["lápis", "ônibus", "deveras"])
def test_a_word_in_s_that_is_no_plural_stays(found, word):
    forms, _ = found
    assert word in forms


@pytest.mark.parametrize("word", ["casa", "vida", "coisa", "jogo", "terra", "para", "como", "nada", "casca"])
def test_an_entry_the_european_dictionary_lists_is_a_lemma_where_the_brazilian_makes_it(found, word):
    forms, _ = found
    assert word in forms


@pytest.mark.parametrize("word", ["menina", "criador", "criadora", "rapidamente"])
def test_derivation_rules_make_feminines_derived_nouns_and_adverbs(found, word):
    forms, _ = found
    assert word in forms


@pytest.mark.parametrize(
    "word",
    [
        "foi", "falei", "casamos", "coisaram",  # verb forms: the European .dic has some as stems, with clitic flags only
        "acção", "óptimo",  # European spellings the Brazilian .dic does not make
        "casas", "meninas", "criadores",  # plurals
        "acimá",  # a bound form (acimá-lo)
    ],
)  # fmt: skip
def test_verb_forms_plurals_and_other_spellings_are_no_lemmas(found, word):
    forms, _ = found
    assert word not in forms
