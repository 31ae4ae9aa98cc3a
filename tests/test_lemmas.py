"""Catalan lemmas on the real dictionary: Paraulògic's answers are dictionary entries, so no
finite verb form, plural, superlative or clitic form but the pronominal infinitive; each
rule that removes a stem is shown on a real example, and so is each rule that keeps one."""

from __future__ import annotations

import pytest
from support.repo import lines

from pipeline.config import load_language
from pipeline.expand import Expander
from pipeline.lists.lemmas import REASONS, choose_stems, conjugation_table

pytestmark = pytest.mark.slow

CA = load_language("ca")


@pytest.fixture(scope="module")
def lemmas(built_lists) -> frozenset[str]:
    return lines(built_lists("ca") / "lemmas.txt")


@pytest.fixture(scope="module")
def choice(dictionary, conjugation_files):
    files = dictionary("ca")
    table = conjugation_table(CA, conjugation_files("ca"))
    return choose_stems(CA, Expander.from_files(files.aff, files.dic), table)


def test_the_issues_examples_are_absent_and_the_entries_present(lemmas):
    assert (
        not {
            "atrau",
            "trauran",
            "traurà",
            "nourà",
            "anau",
            "sortirem",
            "prediguéreu",
            "botérem",
            "decreixin",
            "malfereixen",
            "concebéssem",
            "soldríeu",
            "menystinguéssim",
            "hackejats",
            "pobríssim",
            "experimentadíssim",
            "berenàvem",
            "sortírem",
            "boterem",
            # irregular verbs, Valencian and Balearic forms, spelled-out plurals
            "fèiem",
            "fóssim",
            "fosse",
            "desprenguí",
            "crèiem",
            "conega",
            "lassau",
            "sobreimprimisca",
            "compromeses",
            "psicomotors",
            "marges",
        }
        & lemmas
    )
    assert {
        "gat",
        "gata",
        "cantar",
        "amelar-se",
        "perdre's",
        "abaixat",
        "abaixada",
        "col·lecció",
        "plaça",
        "dir",
        "fet",
        "feta",
        "perduda",
        "emmalesar",
    } <= lemmas


@pytest.mark.parametrize(
    "stem, reason",
    [
        ("atrau", REASONS[0]),  # atrau/_C and atrau/_Z: only finite verbs take the elision _Z
        ("abrasa", REASONS[0]),  # abrasa/_D alone: an imperative (abrasa-la)
        ("emmalesant", REASONS[0]),  # a gerund spelled out with enclitics
        ("pobríssim", REASONS[0]),  # a superlative, though it inflects like an adjective
        ("te's", REASONS[0]),  # two weak pronouns, a stem of its own
        ("botessen", REASONS[1]),  # botre's forms that botar's verb model also makes: a run of one verb
        ("hackejàvem", REASONS[2]),  # hackejar has no model flag: the imperfect's endings on hackej-
        ("colltorcéssim", REASONS[1]),  # colltòrcer is spelled out; a verb model makes the same forms from colltorçar
        ("concebéssem", REASONS[2]),  # concebre has no model: the imperfect subjunctive's endings on conceb-
        ("trauran", REASONS[2]),  # the future of traure
        ("menystinguéssim", REASONS[2]),  # an irregular stem, regular endings
        ("conega", REASONS[0]),  # conega and conega/_D: a subjunctive with and without enclitics
        ("detén", REASONS[0]),  # detén/_C alone: an imperative (detén-lo)
        ("fèiem", REASONS[3]),  # fer's imperfect, in the conjugation table
        ("desprenguí", REASONS[3]),  # desprendre's preterite
        ("fóssim", REASONS[3]),  # ser's imperfect subjunctive
        ("complisc", REASONS[3]),  # Valencian inchoative (Central compleixo)
        ("sentigueu", REASONS[3]),  # sentir's root and a table ending: a regional subjunctive
        ("desfaig", REASONS[3]),  # desfer's root and a table ending
        ("redarguïsc", REASONS[3]),  # redargüir's table forms but for the diaeresis, a run of them
        ("lluïssen", REASONS[3]),  # lluir's lluíssin in Valencian, with the hiatus marked otherwise
        ("vénen", REASONS[3]),  # the old diacritic accent of venir's venen
        ("satisfeim", REASONS[3]),  # the Balearic first plural of satisfer
        ("mocam", REASONS[3]),  # the Balearic first plural of mocar (moquem), c before a
        ("desconvenc", REASONS[3]),  # the Valencian first singular of desconvenir
        ("malveig", REASONS[3]),  # malveure, by the model the language file gives it
        ("procès", REASONS[3]),  # the Balearic first singular of processar (processo)
        ("dormigueu", REASONS[3]),  # a Balearic subjunctive of dormir
        ("lligc", REASONS[3]),  # the Valencian first singular of llegir
        ("visquí", REASONS[3]),  # viure's preterite, by the model the language file gives it
        ("descriví", REASONS[3]),  # escriure's family's preterite, which the table spells escriguí
        ("plou", REASONS[3]),  # the bare root: an empty ending of the table is a form
        ("vull", REASONS[3]),  # voler's first singular, which the table gets wrong (volo)
        ("reòmplic", REASONS[3]),  # the Valencian first singular of reomplir
        ("vàgim", REASONS[3]),  # a Balearic subjunctive of anar
        ("desmeresc", REASONS[3]),  # desmerèixer, by the model the language file gives it
        ("compromeses", REASONS[4]),  # comprometre's feminine plural participle, beside compromesa
        ("motors", REASONS[4]),  # a plural listed as a stem: motor/_E makes it
        ("hackejats", REASONS[3]),  # the table lacks hackejar: conjugated like its -ejar verbs
        ("cobrí", REASONS[3]),  # cobrar/00 makes it, but it is also the spelled-out cobrir's
        ("depesos", REASONS[4]),  # the stress moves: depesos beside depès
        ("remitjos", REASONS[4]),  # -ig -> -tjos beside remig
        ("marges", REASONS[4]),  # beside a bare marge
        ("psicomotors", REASONS[4]),  # the .dic spells out psicomotor, psicomotora, psicomotors...
        ("malenteses", REASONS[4]),  # -a -> -es beside a bare malentesa
        ("hobbies", REASONS[4]),  # an English loan's plural beside a bare hobby
        ("jóvens", REASONS[4]),  # a Valencian second plural beside jove/_E (joves)
    ],
)
def test_each_removal_rule_has_a_real_example(choice, lemmas, stem, reason):
    assert choice.removed.get(stem) == reason
    assert stem not in lemmas


@pytest.mark.parametrize(
    "stem, why",
    [
        ("pare", "pare/_E is a noun, though parar's subjunctive is spelled the same"),
        ("vol", "vol/_E is a noun beside voler's 'vol'"),
        ("semen", "one stem that equals a form of semar is a chance homograph, not a run"),
        ("durant", "a lexicalised gerund (preposition): gerunds are not finite forms"),
        ("penis", "penar/00's model makes penis itself: the .dic's own line for it is the noun"),
        ("bufa", "bufar/00 makes bufa: the bare line is the noun"),
        ("els", "a plural of a two-letter singular (el) is a word of its own: the article"),
        ("pas", "pa/_G makes its own plural (pans): pas is no plural of pa"),
        ("brindis", "brindar's subjunctive, but brindar/00's model makes it: the noun"),
        ("retreure", "an infinitive: a spelled-out verb's root and ending are no reason to drop it"),
        ("gèmina", "an adjective: geminar's gemina differs by its accent, which is not set aside"),
        ("roïna", "an adjective: one stem with a hiatus like roinar's roina is no run"),
        ("cal", "the contraction of 'ca el', a homograph of caldre's cal the language file lists"),
        ("desatès", "desatendre's participle, though a Balearic desateso -> desatès would match it"),
    ],
)
def test_each_keeping_rule_has_a_real_example(choice, lemmas, stem, why):
    assert stem in choice.kept and stem in lemmas, why


def test_no_finite_form_plural_superlative_or_clitic_but_the_pronominal_infinitive(lemmas):
    # Clitic forms: only -se after an infinitive in -r and 's after one in -re.
    clitics = {form for form in lemmas if "-" in form or "'" in form}
    for form in clitics:
        if form.endswith("-se"):
            assert form[:-3].endswith("r"), form
        elif form.endswith("'s"):
            assert form[:-2].endswith("re"), form
    assert {"amelar-se", "perdre's"} <= clitics
    assert not [form for form in lemmas if form.endswith(("íssim", "íssima"))]
    # Plural participles and the imperfect of the first conjugation are gone.
    assert not [form for form in lemmas if form.endswith(("àvem", "àveu", "éssim", "éssem"))]


def test_lemmas_are_words_but_for_pronominal_infinitives_and_compounds(built_lists, lemmas):
    """lemmas ⊂ words, but words has no hyphen or apostrophe: a pronominal infinitive's
    infinitive is a word, and so is each part of a compound (rau-rau, d'antuvi)."""
    words = lines(built_lists("ca") / "words.txt")
    outside = {form for form in lemmas if form not in words}
    assert outside, "the pronominal infinitives are lemmas but not words"
    for form in outside:
        if form.endswith(("-se", "'s")) and (form[:-3] in words or form[:-2] in words):
            continue
        assert "-" in form or "'" in form, form
    assert {"rau-rau", "d'antuvi"} <= lemmas


def test_the_list_shrinks_and_metadata_counts_each_reason(built_lists, lemmas):
    import json

    metadata = json.loads((built_lists("ca") / "metadata.json").read_text("utf-8"))
    removed = metadata["lemma_stems_removed"]
    # Every kind of evidence but the inflection flags, which en-za's .dic needs and Catalan's not.
    assert set(removed) == set(REASONS) - {REASONS[5]}
    assert removed[REASONS[2]] > 10_000 and removed[REASONS[1]] > 100 and removed[REASONS[3]] > 1_000
    assert removed[REASONS[4]] > 2_000
    assert 150_000 < len(lemmas) < 200_000
