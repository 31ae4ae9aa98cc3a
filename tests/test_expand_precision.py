"""Precision: every form generated from the real dictionaries is accepted by Hunspell.

The oracle is Debian's libhunspell through Hunspell::spell() (tests/oracle/spell_check.cpp,
compiled in the test run): not the `hunspell -l` command line, whose tokeniser splits words
with digits or apostrophes, and not spylls' lookup.
"""

from __future__ import annotations

import pytest

from expand_support import LANGUAGES, dictionary_files, expansion, rejected, spell


def test_oracle_tells_words_from_non_words():
    from expand_support import REPO

    case = REPO.parent / "shared" / "hunspell-tests"
    assert spell(case / "base.aff", case / "base.dic", ["created", "creatd"]) == [True, False]


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_generated_form_is_accepted_by_hunspell(code):
    files = dictionary_files(code)
    forms = expansion(code)
    count = sum(1 for _ in open(forms, "rb"))
    assert count > 100_000
    bad = rejected(files.aff, files.dic, forms)
    print(f"\n{code}: {count} forms, {len(bad)} rejected by libhunspell")
    assert bad == [], f"{len(bad)} of {count} forms rejected, e.g. {bad[:20]}"
