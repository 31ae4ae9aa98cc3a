"""The lists stage end to end on a made-up dictionary, in the fast lane: the expansion of a
seven-line .aff and an eight-word .dic, then every list and the games' data written from it under Spanish's
rules (no fetch, no real dictionary). What the real-data tests check on 16 million forms
(tests/test_lists.py), checked here on sixteen: the lists agree with each other, every file
has its checksum, a blocked word leaves the games, and a second build is byte-identical.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sqlite3

import pytest
from support.mini_lists import build_mini_lists

from pipeline.config import ListSource, load_language
from pipeline.core.fsutil import read_sums
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import BLOCKED, LIST_CODES, read_game_rows

SPANISH = load_language("es")
#: Nouns taking -s after a vowel and -es after a consonant, a verb taking re-, and one word
#: the test blocks.
AFF = """SET UTF-8
TRY aeiouns
SFX S Y 2
SFX S 0 s [aeiouáéíóú]
SFX S 0 es [^aeiouáéíóú]
PFX R Y 1
PFX R 0 re .
"""
DIC = "8\ncasa/S\ncafé/S\nleer/R\nmesa/S\npapel/S\nreloj/S\nsal/S\nbroma/S\n"
STEMS = {"casa", "café", "leer", "mesa", "papel", "reloj", "sal", "broma"}
BLOCKED_WORD = "broma"


def build(folder, blocklist=(BLOCKED_WORD,), language=SPANISH, **more_inputs):
    """Expand the made-up dictionary into ``folder`` and build its lists in ``folder/lists``
    under ``language``'s rules (``more_inputs``: other :class:`ListInputs` fields)."""
    return build_mini_lists(folder, AFF, DIC, language, blocklist=tuple(blocklist), **more_inputs)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build(tmp_path_factory.mktemp("mini") / "first")


def words_of(path) -> list[str]:
    return path.read_text("utf-8").splitlines()


def test_every_form_is_a_word_and_the_stems_are_the_lemmas(built):
    out, _ = built
    forms = words_of(out / "forms.txt")
    assert len(forms) == 16 and {"cafés", "papeles", "releer", "relojes"} <= set(forms)
    assert words_of(out / "words.txt") == forms, "every form of this dictionary is an ordinary word"
    assert set(words_of(out / "lemmas.txt")) == STEMS


def test_game_rows_fold_each_form_and_name_its_lists(built):
    out, _ = built
    rows = list(read_game_rows(out / "game.tsv"))
    assert [row.key for row in rows] == sorted(row.key for row in rows)
    lemmas = set(words_of(out / "lemmas.txt"))
    for row in rows:
        assert row.key == fold(row.form, SPANISH), row
        assert (LIST_CODES["lemmas"] in row.lists) == (row.form in lemmas), row
        assert LIST_CODES["words"] in row.lists, row
    assert {row.form for row in rows} == set(words_of(out / "words.txt"))


def test_a_blocked_word_and_its_forms_leave_every_game(built):
    out, metadata = built
    blocked = {row.form for row in read_game_rows(out / "game.tsv") if row.lists.endswith(BLOCKED)}
    assert blocked == {"broma", "bromas"}
    wordle = dict(line.split("\t", 1) for line in words_of(out / "wordle.tsv"))
    assert "broma" not in wordle and "bromas" not in wordle
    assert set(wordle) == {
        key
        for key in (fold(form, SPANISH) for form in words_of(out / "words.txt"))
        if len(key) in SPANISH.wordle.lengths
    } - {"broma", "bromas"}
    assert sum(metadata["game_exclusions"]["wordle"].values()) == 1, metadata["game_exclusions"]


def test_a_listed_name_leaves_words_lemmas_and_games_and_the_database_says_why(tmp_path):
    """The names stage (pipeline/lists/names.py) on the made-up dictionary: a stem a name
    list has, in any case, is a name with every form of its entry, unless a list of common
    words has it; forms.txt keeps both."""

    from pipeline.lists.names import NAME_LISTED

    pinned = {"kind": "path", "files": ("list.txt",)}
    rules = dataclasses.replace(
        SPANISH.names,
        sources=(ListSource(name="names", **pinned), ListSource(name="more-names", **pinned)),
        words=ListSource(name="common-words", **pinned),
    )
    language = dataclasses.replace(SPANISH, names=rules)
    out, metadata = build(
        tmp_path / "names", language=language, name_lists=(("Papel",), ("Mesa",)), name_words=("mesa",)
    )
    names = {"papel", "papeles"}
    assert names <= set(words_of(out / "forms.txt"))
    assert names.isdisjoint(words_of(out / "words.txt"))
    assert "papel" not in words_of(out / "lemmas.txt") and "mesa" in words_of(out / "lemmas.txt")
    assert names.isdisjoint(row.form for row in read_game_rows(out / "game.tsv"))
    assert metadata["words_excluded"] == {NAME_LISTED: 2}
    with sqlite3.connect(out / "words.sqlite") as db:
        why = dict(db.execute("SELECT form, words_why FROM facts WHERE form IN ('papel', 'papeles', 'mesa')"))
    assert why == {"papel": NAME_LISTED, "papeles": NAME_LISTED, "mesa": None}, why
    # Each list is a source of its own, in metadata.json and in words.sqlite.
    lists = metadata["word_lists"]
    read = {role: lists[role].get("entries") for role in ("names", "names_2", "names_common_words", "names_dictionary")}
    assert read == {"names": 1, "names_2": 1, "names_common_words": 1, "names_dictionary": None}, read
    with sqlite3.connect(out / "words.sqlite") as db:
        roles = {role for (role,) in db.execute("SELECT role FROM sources WHERE role LIKE 'names%'")}
    assert roles == {"names", "names_2", "names_common_words", "names_dictionary"}, roles


def test_a_foreign_word_read_by_hand_leaves_words_with_every_form_of_its_entry(tmp_path):
    """``foreign_words``: a word of another language the dictionary lists as its own is out of
    words, lemmas and the games, with its inflections, and words.sqlite says why."""
    from pipeline.lists.names import FOREIGN_ADDED

    out, metadata = build(tmp_path / "foreign", language=dataclasses.replace(SPANISH, foreign_words=frozenset({"sal"})))
    foreign = {"sal", "sales"}
    assert foreign <= set(words_of(out / "forms.txt"))
    assert foreign.isdisjoint(words_of(out / "words.txt"))
    assert "sal" not in words_of(out / "lemmas.txt")
    assert foreign.isdisjoint(row.form for row in read_game_rows(out / "game.tsv"))
    assert metadata["words_excluded"] == {FOREIGN_ADDED: 2}
    with sqlite3.connect(out / "words.sqlite") as db:
        why = dict(db.execute("SELECT form, words_why FROM facts WHERE form IN ('sal', 'sales', 'mesa')"))
    assert why == {"sal": FOREIGN_ADDED, "sales": FOREIGN_ADDED, "mesa": None}, why


def test_a_foreign_form_that_is_no_entry_leaves_alone(tmp_path):
    """A ``foreign_words`` form that is no stem (the European registo, a form of registar)
    leaves words alone; its entry's other forms stay."""
    from pipeline.lists.names import FOREIGN_ADDED

    out, metadata = build(tmp_path / "form", language=dataclasses.replace(SPANISH, foreign_words=frozenset({"sales"})))
    words = words_of(out / "words.txt")
    assert "sales" not in words and "sal" in words
    assert metadata["words_excluded"] == {FOREIGN_ADDED: 1}


def test_a_word_english_writes_more_keeps_its_frequency_in_the_games_when_the_language_inflects_it(tmp_path):
    """Spanish's english_zipf_margin: trial and prior are written more in English, but their
    plurals triales and priores only in Spanish, so game.tsv and wordle.tsv mark them ``n``
    and the Wordle prior counts their frequency; light, whose lightes no one writes, counts 0."""
    from wordfreq import zipf_frequency

    from pipeline.games.wordle.words import load_words
    from pipeline.lists.lexicon import OWN_WORD

    dic = "3\ntrial/S\nprior/S\nlight/S\n"
    out, _ = build_mini_lists(tmp_path / "own", AFF, dic, SPANISH)
    marked = {row.form for row in read_game_rows(out / "game.tsv") if OWN_WORD in row.lists}
    assert marked == {"trial", "prior"}
    lines = dict(line.split("\t", 1) for line in words_of(out / "wordle.tsv"))
    assert lines["trial"] == "trial\ttrial" and lines["light"] == "light"
    words = load_words(out / "wordle.tsv", SPANISH)
    zipf = dict(zip(words.keys, words.zipf.tolist()))
    assert zipf["trial"] == zipf_frequency("trial", "es") > 0 and zipf["light"] == 0


def test_every_file_has_its_checksum_the_compressed_copies_too(built):
    out, _ = built
    sums = read_sums(out)
    written = {path.name for path in out.iterdir()} - {"SHA256SUMS"}
    assert written <= set(sums), written - set(sums)
    for name in written:
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == sums[name], name


def test_a_second_build_is_byte_identical(built, tmp_path):
    out, _ = built
    again, _ = build(tmp_path / "second")
    names = sorted(path.name for path in out.iterdir())
    assert names == sorted(path.name for path in again.iterdir())
    assert [name for name in names if (out / name).read_bytes() != (again / name).read_bytes()] == []


def test_every_list_over_the_plain_size_limit_ships_a_checksummed_gz(tmp_path, monkeypatch):
    """A list too big to publish plain (50 MB; 300 bytes here) has a .gz beside it, whichever
    writer made it: Italian's keys-by-length.json is 53 MB, and the downloads page refused it."""
    from pipeline.lists import downloads, smalljson

    limit = 300
    monkeypatch.setattr(downloads, "MAX_PLAIN_BYTES", limit)
    monkeypatch.setattr(smalljson, "MAX_PLAIN_BYTES", limit)
    out, _ = build(tmp_path / "big")
    sums = read_sums(out)
    big = [
        path.name
        for path in out.iterdir()
        # metadata.json is a few kilobytes whatever the dictionary: over 300 bytes only here.
        if path.stat().st_size > limit
        and path.name.endswith(downloads.COMPRESSIBLE_SUFFIXES)
        and path.name != "metadata.json"
    ]
    assert {"keys-by-length.json", "lemmas-by-length.json", "words.sqlite"} <= set(big)
    for name in big:
        assert (out / f"{name}.gz").exists() and f"{name}.gz" in sums, name
