"""Names among a dictionary's words, on the real dictionaries with their real [names] sources:

* Brazilian Portuguese spells names in lower case (dictionary-pt lists jorge/BPV, lisboa/B,
  olga/B): SCOWL's proper names and words and the European Portuguese dictionary tell them;
* German capitalises nouns and names alike (dictionary-de: Abend/EPSTm, Aachen/Sm, Anna/S):
  Faker's German names, SCOWL's names of the world, the affixes no name takes and those
  every compoundable noun takes tell them.

Each kind of evidence is shown to decide real entries, and each word a language file keeps
or adds by hand to be needed."""

from __future__ import annotations

import dataclasses

import pytest
from support.real_entries import expander_of_stems
from support.repo import REPO_ROOT

from pipeline.build import game_word_lists
from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.expand import entry_forms
from pipeline.lists.names import NAME_UNCOMPOUNDED, name_forms

PT = load_language("pt")
DE = load_language("de")

#: German names no list has (Westerwelle/S, Hunsrück, Scholz).
UNCOMPOUNDED = ["Hunsrück", "Scholz", "Westerwelle"]
#: Entries of each dictionary that are people's and places' names ...
NAMES = {
    "pt": ["hermione", "isabel", "jorge", "lisboa", "olga", "roberto", "souza", "vanessa"],
    "de": ["Aachen", "Anna", "Berlin", "Frankreich", "Stuttgart", "Thomas"]
    # ... of the world, from SCOWL's lists (people, places, brands)
    + ["Adidas", "Ford", "Hegel", "Merck", "Obama", "Oslo", "Ubuntu"]
    # ... and of the world in German, from CLDR
    + ["Athen", "Kairo", "Warschau"]
    # ... and those no list has, which take no plural and end no compound.
    + UNCOMPOUNDED,
}
#: ... and words a name list also has.
WORDS = {
    # Said by the European dictionary (cruz ...) and by SCOWL's English words (box ...).
    "pt": ["cruz", "festa", "flor", "grande", "lugar", "luz", "box", "cactus", "provolone", "time"],
    # A plural (Rose/N, Heide/N), the -ung of a verb (Polen/J), a lower-case entry (baden,
    # ernst), a compound's end (Abend/EPSTm: Feierabend).
    "de": ["Abend", "Heide", "Polen", "Rose", "baden", "ernst"],
}
#: The Portuguese words each kind of evidence decides.
WORDS_BY_DICTIONARY = ["cruz", "festa", "flor", "grande", "lugar", "luz"]
WORDS_BY_COMMON_LIST = ["box", "cactus", "provolone", "time"]


@pytest.fixture(scope="module")
def sources(dictionary):
    """Each language's dictionary files and its fetched [names] sources."""
    return {code: (dictionary(code), game_word_lists(load_language(code), Paths(REPO_ROOT))) for code in ("pt", "de")}


@pytest.fixture(scope="module")
def expanders(sources, tmp_path_factory):
    """Each real .aff with the real .dic lines of the stems these tests read (the whole
    Brazilian .dic, 312,000 entries, takes a minute to parse)."""
    return {
        code: expander_of_stems(
            sources[code][0],
            set(NAMES[code] + WORDS[code]) | language.names.keep | language.names.add,
            tmp_path_factory.mktemp(code),
        )
        for code, language in (("pt", PT), ("de", DE))
    }


def names_of(code, expanders, sources, common=True, dictionary=True, **hand_read) -> dict[str, str]:
    """The names of ``code``'s test dictionary; ``hand_read``: ``keep`` or ``add`` in place
    of the language file's."""
    language = load_language(code)
    language = dataclasses.replace(language, names=dataclasses.replace(language.names, **hand_read))
    lists = sources[code][1]
    return name_forms(
        language,
        expanders[code],
        [name for names in lists["name_lists"] for name in names],
        lists.get("name_words", ()) if common else (),
        lists.get("name_dictionary") if dictionary else None,
    )


def test_the_world_s_names_come_from_scowl_and_cldr_and_germany_s_from_faker(expanders, sources):
    """Each German name list finds names the others lack."""
    faker, scowl, cldr = sources["de"][1]["name_lists"]
    lists_only = dataclasses.replace(DE, names=dataclasses.replace(DE.names, noun_flags=frozenset()))
    found = {
        source: set(name_forms(lists_only, expanders["de"], names, (), None))
        for source, names in (("faker", faker), ("scowl", scowl), ("cldr", cldr))
    }
    assert {"Obama", "Hegel", "Ubuntu"} <= found["scowl"] - found["faker"] - found["cldr"]
    assert "Frankreich" in found["faker"] - found["scowl"]
    assert {"Athen", "Kairo", "Warschau"} <= found["cldr"] - found["faker"] - found["scowl"]


def test_a_capitalised_entry_that_takes_no_plural_and_ends_no_compound_is_a_name(expanders):
    """With no list at all, German's noun_flags find the names the lists lack."""
    found = name_forms(DE, expanders["de"], (), (), None)
    assert {name: found.get(name) for name in UNCOMPOUNDED} == dict.fromkeys(UNCOMPOUNDED, NAME_UNCOMPOUNDED)
    assert set(WORDS["de"]).isdisjoint(found)
    without = dataclasses.replace(DE, names=dataclasses.replace(DE.names, noun_flags=frozenset()))
    assert set(UNCOMPOUNDED).isdisjoint(name_forms(without, expanders["de"], (), (), None))


@pytest.mark.parametrize("code", ["pt", "de"])
def test_a_name_and_every_form_of_its_entry_are_names_and_the_words_are_not(code, expanders, sources):
    names = names_of(code, expanders, sources)
    for entry in expanders[code].entries():
        if entry.stem in NAMES[code]:
            forms = entry_forms(expanders[code], entry)
            assert set(forms) <= set(names), (entry, set(forms) - set(names))
    assert set(WORDS[code]).isdisjoint(names)
    assert {"olgas", "jorges"} <= set(names) or code != "pt"
    assert {"Annas", "Berlins"} <= set(names) or code != "de"


def test_a_name_the_european_dictionary_writes_in_lower_case_is_a_word(expanders, sources):
    without = names_of("pt", expanders, sources, dictionary=False)
    assert set(WORDS_BY_DICTIONARY) <= set(without), "each is in the name list, so the dictionary decides"


def test_a_name_the_common_word_list_has_is_a_word(expanders, sources):
    without = names_of("pt", expanders, sources, common=False)
    assert set(WORDS_BY_COMMON_LIST) <= set(without), "each is in the name list, so the common words decide"


@pytest.mark.parametrize("code", ["pt", "de"])
def test_every_word_kept_by_hand_is_one_the_rules_would_take_for_a_name(code, expanders, sources):
    keep = load_language(code).names.keep
    assert keep, f"{code}.toml keeps words by hand"
    assert keep.isdisjoint(names_of(code, expanders, sources))
    unneeded = keep - set(names_of(code, expanders, sources, keep=frozenset()))
    assert not unneeded, f"{code}.toml's names.keep need not list {sorted(unneeded)}"


@pytest.mark.parametrize("code", ["pt", "de"])
def test_every_name_added_by_hand_is_one_no_rule_finds(code, expanders, sources):
    add = load_language(code).names.add
    assert add <= set(names_of(code, expanders, sources))
    found = add & set(names_of(code, expanders, sources, add=frozenset()))
    assert not found, f"{code}.toml's names.add need not list {sorted(found)}"
