"""Names a dictionary spells in lower case, on the real Brazilian dictionary (dictionary-pt
lists jorge/BPV, lisboa/B, olga/B): pt.toml's [names] rules with their real sources (SCOWL's
proper names and words, the European Portuguese dictionary). Each kind of evidence is shown
to decide real entries, and each word the language file keeps by hand to be needed."""

from __future__ import annotations

import dataclasses

import pytest
from support.repo import REPO_ROOT

from pipeline.build import game_word_lists
from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.expand import Expander, entry_forms
from pipeline.lists.names import name_forms

PT = load_language("pt")

#: Lower-case entries of the Brazilian dictionary that are people's and places' names.
NAMES = ["hermione", "isabel", "jorge", "lisboa", "olga", "roberto", "souza", "vanessa"]
#: Words a name list also has, and what says they are words: the European dictionary ...
WORDS_BY_DICTIONARY = ["cruz", "festa", "flor", "grande", "lugar", "luz"]
#: ... and SCOWL's common English words (loanwords Brazilian Portuguese writes).
WORDS_BY_COMMON_LIST = ["box", "cactus", "provolone", "time"]


@pytest.fixture(scope="module")
def sources(dictionary):
    return dictionary("pt"), game_word_lists(PT, Paths(REPO_ROOT))


@pytest.fixture(scope="module")
def expander(sources, tmp_path_factory):
    """The real .aff with the real .dic lines of the stems these tests read (the whole .dic,
    312,000 entries, takes a minute to parse)."""
    files, _ = sources
    stems = set(NAMES + WORDS_BY_DICTIONARY + WORDS_BY_COMMON_LIST) | PT.names.keep | PT.names.add
    lines = [
        line
        for line in files.dic.read_text("utf-8").splitlines()[1:]
        if line.split("/", 1)[0].split("\t", 1)[0] in stems
    ]
    assert {line.split("/", 1)[0] for line in lines} == stems, "every stem is an entry of the dictionary"
    dic = tmp_path_factory.mktemp("pt") / "index.dic"
    dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return Expander.from_files(files.aff, dic)


def names_of(expander, sources, keep=None, common=True, dictionary=True, language=PT) -> dict[str, str]:
    _, lists = sources
    return name_forms(
        language,
        expander,
        lists["name_list"],
        lists["name_words"] if common else (),
        lists["name_dictionary"] if dictionary else None,
        keep=keep,
    )


def test_a_lower_case_name_and_every_form_of_its_entry_are_names(expander, sources):
    names = names_of(expander, sources)
    for entry in expander.entries():
        if entry.stem in NAMES:
            forms = entry_forms(expander, entry)
            assert len(forms) > 1, entry
            assert set(forms) <= set(names), (entry, set(forms) - set(names))
    assert {"olgas", "jorges"} <= set(names)


def test_a_name_the_european_dictionary_writes_in_lower_case_is_a_word(expander, sources):
    names = names_of(expander, sources)
    assert set(WORDS_BY_DICTIONARY).isdisjoint(names)
    without = names_of(expander, sources, dictionary=False)
    assert set(WORDS_BY_DICTIONARY) <= set(without), "each is in the name list, so the dictionary decides"


def test_a_name_the_common_word_list_has_is_a_word(expander, sources):
    names = names_of(expander, sources)
    assert set(WORDS_BY_COMMON_LIST).isdisjoint(names)
    without = names_of(expander, sources, common=False)
    assert set(WORDS_BY_COMMON_LIST) <= set(without), "each is in the name list, so the common words decide"


def test_every_word_kept_by_hand_is_one_the_rules_would_take_for_a_name(expander, sources):
    assert PT.names.keep, "pt.toml keeps words by hand"
    assert PT.names.keep.isdisjoint(names_of(expander, sources))
    unneeded = PT.names.keep - set(names_of(expander, sources, keep=frozenset()))
    assert not unneeded, f"pt.toml's names.keep need not list {sorted(unneeded)}"


def test_every_name_added_by_hand_is_one_no_rule_finds(expander, sources):
    assert PT.names.add <= set(names_of(expander, sources))
    without = dataclasses.replace(PT, names=dataclasses.replace(PT.names, add=frozenset()))
    found = PT.names.add & set(names_of(expander, sources, language=without))
    assert not found, f"pt.toml's names.add need not list {sorted(found)}"
