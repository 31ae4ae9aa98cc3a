"""Precision: every form generated from the real dictionaries is accepted by Hunspell.

The oracle is Debian's libhunspell through Hunspell::spell() (tests/oracle/spell_check.cpp,
compiled in the test run): not the `hunspell -l` command line, whose tokeniser splits words
with digits or apostrophes, and not spylls' lookup.

An expansion of more than ``ORACLE_FORMS`` forms (Catalan's 16 million, French's 3 million)
is checked on every k-th form of its sorted list, which keeps the test run short; `make
oracle` checks every form of every language, as the README's table reports.
"""

from __future__ import annotations

import pytest
from support.expansions import LANGUAGES, dictionary_files, expansion, rejected, sample_step, spell


def test_oracle_tells_words_from_non_words():
    from support.expansions import REPO

    case = REPO.parent / "shared" / "hunspell-tests"
    assert spell(case / "base.aff", case / "base.dic", ["created", "creatd"]) == [True, False]


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_generated_form_is_accepted_by_hunspell(code):
    files = dictionary_files(code)
    forms = expansion(code)
    count = sum(1 for _ in open(forms, "rb"))
    assert count > 100_000
    step = sample_step(count)
    bad = rejected(files.aff, files.dic, forms, step=step)
    checked = -(-count // step)
    print(f"\n{code}: {count} forms, {checked} checked (every {step}), {len(bad)} rejected by libhunspell")
    assert bad == [], f"{len(bad)} of {checked} forms checked rejected, e.g. {bad[:20]}"
