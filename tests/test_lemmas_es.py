"""Spanish lemmas on the real dictionary: dictionary-es spells out, as stems without flags,
the verb forms its models cannot make (diré, hubiere, dalos); es.toml's tenses find them in
runs, and verbecc's conjugation table the suppletive forms no run shows (soy, voy, hemos),
so the beehive's lemmas are entries, not conjugations. Each tense and the enclitic
pronouns are shown on real stems, and so are the entries that must stay."""

from __future__ import annotations

import pytest

from pipeline.config import load_language
from pipeline.expand import Expander
from pipeline.lists.lemmas import REASONS, choose_stems, conjugation_table

pytestmark = pytest.mark.slow

ES = load_language("es")
SPELLED_OUT = REASONS[2]
TABLED = REASONS[3]


@pytest.fixture(scope="module")
def choice(dictionary, conjugation_files):
    files = dictionary("es")
    return choose_stems(ES, Expander.from_files(files.aff, files.dic), conjugation_table(ES, conjugation_files("es")))


@pytest.mark.parametrize(
    "stem",
    [
        "diré", "diréis", "seré",  # future
        "diría", "podríamos",  # conditional
        "hube", "pudimos", "anduvo",  # strong preterite
        "hubiere", "pudieren",  # future subjunctive
        "pudiese", "anduvieran",  # imperfect subjunctive
        "dalos", "dímelo", "estárselo", "dándomelas",  # imperatives and gerunds with pronouns
    ],
)  # fmt: skip
def test_a_spelled_out_verb_form_is_no_lemma(choice, stem):
    assert choice.removed.get(stem) == SPELLED_OUT, stem


@pytest.mark.parametrize(
    "stem",
    ["soy", "sois", "somos", "fui", "voy", "van", "vamos", "estoy", "hemos", "hay", "hizo", "doy"],
)
def test_a_suppletive_verb_form_is_no_lemma_by_the_conjugation_table(choice, stem):
    """Forms of ser, ir, estar, haber, hacer and dar that no run of endings shows."""
    assert choice.removed.get(stem) == TABLED, stem


@pytest.mark.parametrize(
    "stem, why",
    [
        ("desde", "a homograph es.toml names"),
        ("dios", "a homograph es.toml names"),
        ("maní", "a homograph es.toml names"),
        ("muera", "a noun (sea salt): it has the plural flag"),
        ("caries", "a homograph es.toml names (cariar's caries)"),
        ("para", "the .aff makes parar's para from its own line: the table is not trusted there"),
        ("como", "likewise comer's como"),
        ("decir", "an infinitive"),
        ("quemar", "an infinitive"),
        ("casa", "a noun"),
    ],
)
def test_an_entry_stays_a_lemma(choice, stem, why):
    assert stem in choice.kept and stem not in choice.removed, why


def test_only_stems_without_a_noun_or_adjective_flag_are_removed(choice, dictionary):
    files = dictionary("es")
    flags: dict[str, frozenset[str]] = {}
    for entry in Expander.from_files(files.aff, files.dic).entries():
        flags[entry.stem] = flags.get(entry.stem, frozenset()) | entry.flags
    removed = [stem for stem, reason in choice.removed.items() if reason in (SPELLED_OUT, TABLED)]
    assert len(removed) > 1500
    assert not [stem for stem in removed if flags[stem] & ES.lemma_evidence.nominal_flags]
