"""The word lists of the real Catalan and English dictionaries: what they must contain
and lack, how game keys fold, and the promises every list file keeps."""

from __future__ import annotations

import gzip
import hashlib
import itertools
import json
import re
import unicodedata

import pytest
from support.repo import lines, whole_lines_in

from pipeline.config import load_language
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import load_game_lexicon

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def ca(built_lists):
    return built_lists("ca")


@pytest.fixture(scope="module")
def en(built_lists):
    return built_lists("en")


def test_catalan_words_have_inflections_and_lack_names_and_clitics(ca):
    words = lines(ca / "words.txt")
    assert {"gata", "gats", "cantàvem", "col·lecció"} <= words
    assert not {"Barcelona", "l'àvia", "10a", "amelar-se"} & words


def test_catalan_lemmas_follow_paraulogic(ca):
    lemmas = lines(ca / "lemmas.txt")
    assert {"gat", "gata", "cantar", "amelar-se", "col·lecció", "plaça", "abaixat", "abaixada", "perduda"} <= lemmas
    assert {"perdre's", "emmalesar", "dir", "fet", "feta"} <= lemmas
    # Conjugated forms and plurals that the .dic lists as stems of their own:
    assert (
        not {
            "gats",
            "cantava",
            "cantàvem",
            "Barcelona",
            "abaixats",
            "abaixades",
            "emmalesàssem",
            "emmalesant",
            "emmalesades",
            "abelles",
        }
        & lemmas
    )
    words = lines(ca / "words.txt")
    # Far below words: under a quarter (the Catalan beehive wants Paraulògic's answers).
    assert len(lemmas) * 4 < len(words), (len(lemmas), len(words))


def test_catalan_lemma_keys_reach_the_beehive(ca):
    lexicon = load_game_lexicon(ca / "game.tsv", "lemmas")
    assert lexicon["amelarse"] == ("amelar-se",)
    assert "colleccio" in lexicon and "plaça" in lexicon
    assert "gats" not in lexicon


def test_english_words(en):
    words = lines(en / "words.txt")
    assert "polyp" in words and "polyps" in words
    assert not {"Paris", "eBay"} & words
    assert whole_lines_in(en / "forms.txt", {"Paris", "eBay"}) == {"Paris", "eBay"}


@pytest.mark.parametrize("code", ["ca", "en"])
def test_game_keys_fold_back_and_stay_in_the_alphabet(built_lists, code):
    language = load_language(code)
    alphabet = set(language.alphabet)
    rows = (built_lists(code) / "game.tsv").read_text("utf-8").splitlines()
    previous = None
    for row in rows:
        key, form, lists = row.split("\t")
        assert set(key) <= alphabet, row
        assert fold(form, language) == key, row
        memberships = lists[:-1] if lists[-1] in "xv" else lists
        assert re.fullmatch("w?l?B?R?W?", memberships) and memberships, row
        assert previous is None or (previous[0], previous[1]) < (key, form), "sorted, no duplicates"
        previous = (key, form)


def test_catalan_keys_keep_c_cedilla_and_all_display_forms(ca):
    words = load_game_lexicon(ca / "game.tsv", "words")
    assert any("ç" in key for key in words)
    assert set(words["acaba"]) >= {"acaba", "acabà"}
    assert set(words["revellir"]) >= {"revellir", "revel·lir"}


@pytest.mark.parametrize("code", ["ca", "en"])
def test_list_files_are_sorted_nfc_lf_with_checksums(built_lists, code):
    folder = built_lists(code)
    metadata = json.loads((folder / "metadata.json").read_text("utf-8"))
    for name in ("forms.txt", "words.txt", "lemmas.txt", "game.tsv", "wordle.tsv"):
        data = (folder / name).read_bytes()
        text = data.decode("utf-8")
        assert text.endswith("\n") and "\r" not in text
        assert unicodedata.is_normalized("NFC", text)
        rows = text.splitlines()
        # Each row above the one before: sorted by code point and without duplicates, in
        # one pass (sorting Catalan's 16 million forms again took most of this test).
        ascending = all(map(str.__lt__, rows, itertools.islice(rows, 1, None)))
        assert ascending, f"{name} is not strictly ascending by code point (unsorted or duplicated rows)"
        assert gzip.decompress((folder / f"{name}.gz").read_bytes()) == data
        assert (folder / f"{name}.gz").read_bytes()[4:8] == b"\0\0\0\0", "gzip mtime is 0"
        assert metadata["counts"][name.rsplit(".", 1)[0]] == len(rows)
    sums = dict(reversed(line.split("  ")) for line in (folder / "SHA256SUMS").read_text().splitlines())
    for name, digest in sums.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest
    assert {"forms.txt", "words.txt", "lemmas.txt", "game.tsv", "wordle.tsv", "metadata.json", "LICENSE"} <= set(sums)


@pytest.mark.parametrize("code", ["ca", "en"])
def test_metadata_names_source_licence_and_policy(built_lists, code):
    language = load_language(code)
    metadata = json.loads((built_lists(code) / "metadata.json").read_text("utf-8"))
    assert metadata["source"]["integrity"] == language.source.integrity
    assert metadata["source"]["version"] == language.source.version
    assert metadata["licence"] == language.licence
    assert metadata["folding"]["alphabet"] == language.alphabet
    assert isinstance(metadata["compounds"], bool)
    assert list(metadata) == sorted(metadata)


def test_wordle_list_has_only_the_languages_wordle_lengths(ca, en):
    for code, folder in (("ca", ca), ("en", en)):
        lengths = set(load_language(code).wordle.lengths)
        seen = set()
        for row in (folder / "wordle.tsv").read_text("utf-8").splitlines():
            key, forms, *marked = row.split("\t")  # own words, headwords the dictionary lacks
            assert len(key) in lengths and forms and len(marked) <= 2
            seen.add(len(key))
        assert seen == lengths
    assert "plaça" in dict(r.split("\t")[:2] for r in (ca / "wordle.tsv").read_text("utf-8").splitlines())


def test_index_lists_every_built_language(ca, en):
    index = json.loads((ca.parent / "index.json").read_text("utf-8"))
    assert {"ca", "en"} <= set(index["languages"])
