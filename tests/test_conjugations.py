"""The conjugation table (pipeline.lists.conjugations) read from its real, pinned package:
Catalan's verbecc tables give every finite form of each verb, regional variants included,
and a broken table is refused with the file named."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.errors import RuscError
from pipeline.lists.conjugations import ConjugationTable
from pipeline.lists.lemmas import conjugation_table

CA = load_language("ca")


@pytest.fixture(scope="module")
def table_files(conjugation_files) -> tuple[Path, ...]:
    return conjugation_files("ca")


@pytest.fixture(scope="module")
def table(table_files) -> ConjugationTable:
    return conjugation_table(CA, table_files)


def test_every_verb_of_the_file_is_conjugated(table, table_files):
    verbs_file = next(path for path in table_files if path.name.startswith("verbs"))
    assert table.verb_count == verbs_file.read_text("utf-8").count("<v>") > 8_000


@pytest.mark.parametrize(
    "form, verb",
    [
        ("canto", "cantar"),
        ("cantàvem", "cantar"),
        ("cantéssim", "cantar"),  # a regular model
        ("fèiem", "fer"),
        ("fóssim", "ser"),
        ("desprenguí", "desprendre"),  # irregular verbs
        ("pertanyo", "pertànyer"),  # the model strips the root's accent but in the infinitive
        ("complisc", "complir"),
        ("desvestisca", "desvestir"),  # Valencian variants
        ("cantam", "cantar"),  # the Balearic first plural
        ("cantades", "cantar"),
        ("perduts", "perdre"),  # plural participles
        ("fóssem", "ser"),
        ("satisféu", "satisfer"),
        ("vénen", "venir"),  # old diacritics, -ssem
        ("feim", "fer"),
        ("retenc", "retenir"),
        ("distrac", "distraure"),  # Balearic and Valencian
        ("malveig", "malveure"),  # the language file corrects the table's model (perdre)
        ("llueixo", "lluir"),
        ("lluo", "lluir"),  # two models for one verb, both by the language file
        ("teixisc", "teixir"),  # inchoative like servir, not like eixir as the table has it
        ("plou", "ploure"),
        ("perd", "perdre"),  # an empty ending: the bare root is a form
    ],
)
def test_finite_forms_and_their_verbs(table, form, verb):
    assert verb in table.infinitives(form)


@pytest.mark.parametrize("form", ["cantar", "cantant", "cantat", "cantada", "pertànyer"])
def test_non_finite_forms_are_not_conjugations(table, form):
    """Infinitives, gerunds and singular participles are lemmas, not conjugated forms."""
    assert not table.infinitives(form)


def test_a_broken_table_names_its_file(tmp_path, table_files):
    broken = tmp_path / "verbs-ca.xml"
    broken.write_text("<verbs-ca><v><i>cantar</i>", "utf-8")
    with pytest.raises(RuscError, match=r"verbs-ca\.xml.*not a verbiste XML file"):
        conjugation_table(CA, (table_files[0], broken))
    unknown = tmp_path / "verbs-ca.xml"
    unknown.write_text("<verbs-ca><v><i>cantar</i><t>nosuch:ar</t></v></verbs-ca>", "utf-8")
    with pytest.raises(RuscError, match="names no template"):
        conjugation_table(CA, (table_files[0], unknown))
    with pytest.raises(RuscError, match="one verbiste template file and one verb file"):
        conjugation_table(CA, (table_files[0],))


def test_a_template_fix_must_name_a_template_of_the_table(table_files):
    from dataclasses import replace

    evidence = replace(CA.lemma_evidence, template_fixes=(("malveure", "nosuch:re"),))
    with pytest.raises(RuscError, match="template fix for 'malveure' names no template"):
        conjugation_table(replace(CA, lemma_evidence=evidence), table_files)


def test_a_person_the_verb_lacks_is_no_form(table):
    """caldre's template gives "-" for the first and second persons and an empty ending for
    the third: "cal" is a form, nothing ends in the dash."""
    assert "caldre" in table.infinitives("cal")
    assert not [form for form in table.verbs_of if form.endswith("-")]
