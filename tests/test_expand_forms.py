"""One path from batches to forms: what ``rusc expand --stem`` and the lemma rules derive is
exactly what the expansion writes, on every real dictionary; and the writer's paths (one
worker, several, spawned workers, split buckets) write the same bytes.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from support.expansions import LANGUAGES

from pipeline.cli import main
from pipeline.config import load_language
from pipeline.expand import Expander, derivations, entry_forms, expand_to_file

pytestmark = pytest.mark.slow

#: Entries sampled per language (evenly spaced) where checking every entry takes minutes.
SAMPLE = 4000
#: Languages small enough to derive every entry.
EXHAUSTIVE = ("en", "es")


def written(forms_file: Path, wanted: set[str]) -> set[str]:
    """The words of ``wanted`` that ``forms_file`` holds (one pass over the file)."""
    found = set()
    with open(forms_file, encoding="utf-8", newline="\n") as handle:
        for line in handle:
            word = line[:-1]
            if word in wanted:
                found.add(word)
    return found


def lemma_rule_filter(code: str):
    """The lemma rules of a language as a rule filter (what :func:`pipeline.lists.wordlists.lemmas` uses)."""
    selectors = load_language(code).lemma_rules
    return lambda rule: any(s.selects(rule.flag, rule.index, rule.add) for s in selectors)


@pytest.mark.parametrize("code", LANGUAGES)
def test_derivations_are_the_written_forms(code, built_lists, dictionary):
    files = dictionary(code)
    forms_file = built_lists(code) / "forms.txt"
    expander = Expander.from_files(files.aff, files.dic)
    entries = expander.entries()
    if code not in EXHAUSTIVE:
        entries = entries[:: max(1, len(entries) // SAMPLE)]
    allow = lemma_rule_filter(code)
    derived: set[str] = set()
    for entry in entries:
        forms = {d.form for d in derivations(expander, entry)}
        assert forms == set(entry_forms(expander, entry)), entry
        lemma_forms = {d.form for d in derivations(expander, entry, allow=allow)}
        assert lemma_forms <= forms, (entry, sorted(lemma_forms - forms)[:5])
        derived |= forms
    assert derived, "nothing derived"
    assert not derived & expander.forbidden, "a FORBIDDENWORD was derived"
    in_file = written(forms_file, derived | expander.forbidden)
    assert in_file == derived, f"derived but not written: {sorted(derived - in_file)[:10]}"
    if code in EXHAUSTIVE:
        count = sum(1 for _ in open(forms_file, "rb"))
        assert count == len(derived), "written but not derived"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_lemma_is_a_written_form(code, built_lists):
    folder = built_lists(code)
    lemmas = set((folder / "lemmas.txt").read_text("utf-8").splitlines())
    assert lemmas
    missing = lemmas - written(folder / "forms.txt", lemmas)
    assert not missing, sorted(missing)[:10]


@pytest.mark.parametrize("code, stem", [("en", "walk"), ("es", "cantar")])
def test_stem_command_prints_the_written_forms(code, stem, built_lists, dictionary):
    files = dictionary(code)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["expand", code, "--stem", stem]) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"# {stem} (line ")
    printed = {line.split("\t")[0] for line in lines if not line.startswith("# ")}
    expander = Expander.from_files(files.aff, files.dic)
    expected = {form for entry in expander.entries() if entry.stem == stem for form in entry_forms(expander, entry)}
    assert printed == expected
    assert len(printed) > 3
    assert written(built_lists(code) / "forms.txt", printed) == printed


# --- the writer's paths ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def english(built_lists, dictionary):
    """(aff, dic, the built forms.txt bytes) of the English dictionary."""
    files = dictionary("en")
    return files.aff, files.dic, (built_lists("en") / "forms.txt").read_bytes()


def test_one_worker_writes_the_same_bytes(english, tmp_path):
    aff, dic, expected = english
    stats = expand_to_file(aff, dic, tmp_path / "forms.txt", workers=1)
    assert (tmp_path / "forms.txt").read_bytes() == expected
    assert stats.forms == expected.count(b"\n")


def test_split_buckets_write_the_same_bytes(english, tmp_path):
    aff, dic, expected = english
    stats = expand_to_file(aff, dic, tmp_path / "forms.txt", workers=2, bucket_bytes=16 << 10)
    assert stats.split_buckets > 0, "the split path did not run"
    assert (tmp_path / "forms.txt").read_bytes() == expected


def test_split_buckets_in_one_worker_with_small_spills(english, tmp_path):
    aff, dic, expected = english
    stats = expand_to_file(aff, dic, tmp_path / "forms.txt", workers=1, bucket_bytes=4 << 10, spill_forms=20_000)
    assert stats.split_buckets > 0
    assert (tmp_path / "forms.txt").read_bytes() == expected


def test_spawned_workers_write_the_same_bytes(english, tmp_path):
    """Nothing relies on fork: workers started from scratch get all they need."""
    aff, dic, expected = english
    expand_to_file(aff, dic, tmp_path / "forms.txt", workers=3, start_method="spawn")
    assert (tmp_path / "forms.txt").read_bytes() == expected
