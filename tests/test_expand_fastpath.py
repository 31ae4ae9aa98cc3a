"""The word-game fast path loses no ordinary word: cleaning its output equals cleaning the
full expansion (cleaning = pipeline.lists.clean.is_ordinary_word, the lists stage's own rule)."""

from __future__ import annotations

import pytest
from support.expansions import LANGUAGES, dictionary_files, expansion

from pipeline.config import load_language
from pipeline.expand import Expander, OrdinaryForms, fast_variant


def cleaned(path, language) -> tuple[list[str], int]:
    """The ordinary words of an expansion, and how many forms it has (counted from the
    lines already read: the Catalan one has 16 million)."""
    from pipeline.lists.clean import ordinary_words

    forms = path.read_text(encoding="utf-8").split("\n")[:-1]
    return ordinary_words(forms, language), len(forms)


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_fast_path_gives_the_same_cleaned_list(code):
    language = load_language(code)
    full, all_full = cleaned(expansion(code), language)
    fast, all_fast = cleaned(expansion(code, fast=True), language)
    assert len(full) > 50_000
    assert fast == full
    print(f"\n{code}: fast path writes {all_fast} forms instead of {all_full}; {len(full)} ordinary words")
    assert all_fast <= all_full  # es: no rule or stem can be dropped by the global bound


@pytest.mark.slow
def test_fast_path_really_drops_rules_and_stems():
    files = dictionary_files("ca")
    expander = Expander.from_files(files.aff, files.dic)
    fast = fast_variant(expander, OrdinaryForms.of(load_language("ca")))
    rules = sum(len(g) for g in (*expander.data.prefixes.values(), *expander.data.suffixes.values()))
    fast_rules = sum(len(g) for g in (*fast.data.prefixes.values(), *fast.data.suffixes.values()))
    assert fast_rules < rules
    assert len(fast.entries()) < len(expander.entries())
    assert "Barcelona" not in {e.stem for e in fast.entries()}
