"""Recall: every candidate Hunspell accepts is generated (apart from capitalisation variants).

For a deterministic sample of stems, every affix rule whose strip and condition fit is
applied, whatever the stem's flags; then one more level is nested the ways Hunspell can
nest affixes (a suffix of a group some rule continues into; a cross-product prefix on a
suffixed word; a cross-product suffix on a prefixed word). Hunspell, with a copy of the
.aff whose BREAK is disabled (hyphen joins are not forms), says which candidates are words;
each of those must be in the expansion.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.expansions import LANGUAGES, dictionary_files, expansion, spell

from pipeline.expand import Expander

#: Stems per language for one level, and for the nested level (a subset of the same sample).
SAMPLE = 3000
NESTED = 150
#: The most candidates asked of Hunspell per language: Catalan's thousands of suffix rules make
#: about 900 candidates of each stem, so it is checked on fewer stems, drawn from the same sample.
CANDIDATES = 800_000


def candidates(expander: Expander, stems: list[str], nested: set[str]) -> set[str]:
    suffix_groups = list(expander._sgroups.items())
    prefix_groups = list(expander._pgroups.items())
    continued = {f for _, g in suffix_groups for op in g.ops for f in op.cont_sfx}

    def suffixed(word, only=None, crossing=False):
        for flag, group in suffix_groups:
            if only is not None and flag not in only:
                continue
            for op in group.applicable(word):
                if not crossing or op.cross:
                    yield word[: len(word) - op.cut] + op.add, op

    def prefixed(word, crossing=False):
        for _, group in prefix_groups:
            for op in group.applicable(word):
                if not crossing or op.cross:
                    yield op.add + word[op.cut :], op

    out: set[str] = set()
    for stem in stems:
        out.add(stem)
        for form, op in suffixed(stem):
            out.add(form)
            if stem in nested:
                out.update(f for f, _ in suffixed(form, only=continued))
                if op.cross:
                    out.update(f for f, _ in prefixed(form, crossing=True))
        for form, op in prefixed(stem):
            out.add(form)
            if stem in nested and op.cross:
                out.update(f for f, _ in suffixed(form, crossing=True))
    return out


def within_budget(expander: Expander, stems: list[str], nested: set[str]) -> set[str]:
    """The candidates of ``stems``, taken in a fixed shuffled order (so that any prefix of it is
    spread over the alphabet) until there are ``CANDIDATES``."""
    import random

    order = random.Random(0).sample(stems, len(stems))
    out: set[str] = set()
    for start in range(0, len(order), 100):
        out |= candidates(expander, order[start : start + 100], nested)
        if len(out) >= CANDIDATES:
            break
    return out


def break_disabled(aff: Path, folder: Path) -> Path:
    text = aff.read_text(encoding="utf-8")
    text = re.sub(r"^[ \t]*BREAK\b.*\n?", "", text, flags=re.MULTILINE) + "\nBREAK 0\n"
    copy = folder / "nobreak.aff"
    copy.write_text(text, encoding="utf-8")
    return copy


def missing_forms(code: str, folder: Path) -> tuple[list[str], int, int]:
    files = dictionary_files(code)
    expander = Expander.from_files(files.aff, files.dic)
    entries = expander.entries()
    step = max(1, len(entries) // SAMPLE)
    stems = [e.stem for e in entries[::step]]
    nested = set(stems[:: max(1, len(stems) // NESTED)])
    words = sorted(within_budget(expander, stems, nested))
    aff = break_disabled(Path(files.aff), folder)
    accepted = [w for w, ok in zip(words, spell(aff, Path(files.dic), words)) if ok]
    # Which accepted candidates (and their case variants) the expansion has.
    variants = {v for w in accepted for v in (w, w.lower(), w[:1].lower() + w[1:], w.capitalize())}
    all_caps = {w for w in accepted if w == w.upper() != w.lower()}
    present, upper_present = set(), set()
    with open(expansion(code), encoding="utf-8") as forms:
        for line in forms:
            form = line[:-1]
            if form in variants:
                present.add(form)
            if not form.islower() and form.upper() in all_caps:
                upper_present.add(form.upper())  # ALLCAPS of a mixed-case form (YBF₃ for YbF₃)
    missing = [
        w
        for w in accepted
        if w not in present
        and w not in upper_present
        and not ({w.lower(), w[:1].lower() + w[1:], w.capitalize()} & present)
    ]
    return missing, len(words), len(accepted)


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_candidate_hunspell_accepts_is_generated(code, tmp_path):
    missing, tried, accepted = missing_forms(code, tmp_path)
    print(f"\n{code}: {tried} candidates, {accepted} accepted by libhunspell, {len(missing)} not generated")
    assert accepted > 1000
    assert missing == [], f"accepted by Hunspell but not generated: {missing[:30]}"
