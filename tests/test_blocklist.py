"""Slurs and obscenities out of the games, on the real lists and schedules: no scheduled
beehive answer or pangram, rack word or Wordle answer is blocked; inflections go with their
word; racks keep vulgar-but-valid words and never a slur; the word lists stay complete;
the pinned list is verified like a dictionary."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from support.repo import lines

from pipeline.config import load_language
from pipeline.core.errors import RuscError
from pipeline.lists.blocklist import EVERY_GAME, VULGAR
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import LIST_CODES, game_list
from pipeline.sources import fetch_word_list

pytestmark = pytest.mark.slow

#: A racial slur the English hive used to list, and others of the pinned list.
EN_SLURS = {"nigger", "coon", "kike", "spic", "faggot", "wetback"}


def blocked(folder: Path) -> dict[str, str]:
    """Key -> class, read back from game.tsv."""
    found = {}
    for row in (folder / "game.tsv").read_text("utf-8").splitlines():
        key, _form, lists = row.split("\t")
        if lists[-1] in (EVERY_GAME, VULGAR):
            found[key] = lists[-1]
    return found


@pytest.fixture(scope="module", params=["ca", "en", "es", "fr"])
def real(request, built_lists, paths):
    language = load_language(request.param)
    folder = built_lists(request.param)
    return language, folder, blocked(folder)


def test_english_slurs_and_their_inflections_are_blocked_but_stay_in_words(built_lists):
    folder = built_lists("en")
    keys = blocked(folder)
    assert all(keys.get(slur) == EVERY_GAME for slur in EN_SLURS)
    assert keys.get("niggers") == EVERY_GAME and keys.get("whores") == VULGAR  # inflections
    assert keys.get("wops") == EVERY_GAME  # a local addition, and its plural
    assert "finger" not in keys  # "fingering" is listed; the stem's other forms are not blocked
    assert {"nigger", "whore", "whores"} <= lines(folder / "words.txt")


def test_ordinary_words_a_blocked_word_reaches_are_spared_with_their_forms(built_lists):
    """butt/R makes butter, assess leads by the suffix rules to ass, spices to spic: the
    table's ``spare`` keeps such words and their forms in the games, but never a word the
    table adds itself (crapping stays blocked though the spared crape's rules reach it)."""
    keys = blocked(built_lists("en"))
    language = load_language("en")
    spared = {"butter", "buttered", "butters", "assess", "assessed", "spices", "escort", "escorts", "snatching"}
    assert {fold(word, language) for word in language.blocklist.spare} >= {"butter", "assess", "spice", "escort"}
    assert not spared & keys.keys()
    assert keys.get("butt") == VULGAR and keys.get("ass") == VULGAR and keys.get("spic") == EVERY_GAME
    assert keys.get("crapping") == VULGAR and keys.get("crapped") == VULGAR


def test_a_british_list_blocks_what_the_american_one_does(built_lists):
    """en-gb shares en's [blocklist] (its TOML's ``shared``): the same slurs and crude words,
    and their inflections, are out of its games."""
    british, american = blocked(built_lists("en-gb")), blocked(built_lists("en"))
    assert all(british.get(slur) == EVERY_GAME for slur in EN_SLURS)
    assert british.get("wops") == EVERY_GAME and british.get("whores") == VULGAR
    both = british.keys() & american.keys()
    assert len(both) > 400 and all(british[key] == american[key] for key in both)


def test_catalan_local_additions_with_their_inflections(built_lists):
    folder = built_lists("ca")
    keys = blocked(folder)
    assert keys["xarnego"] == keys["xarnegos"] == keys["marico"] == EVERY_GAME
    assert keys["merda"] == keys["merdes"] == keys["follar"] == VULGAR
    assert "merder" not in keys  # a Paraulògic answer: not on the list
    assert {"xarnego", "merda", "follar"} <= lines(folder / "lemmas.txt")


def test_no_scheduled_answer_or_pangram_is_blocked(real, game_indexes):
    language, _folder, keys = real
    index = game_indexes.beehive(language.code)
    answers = {a.key for day in index.schedule() for a in day.hive.answers}
    assert answers and not answers & set(keys)
    # The downloadable every-hive table is scored without them too.
    assert all(a.key not in keys for a in index.solve(index.schedule()[0].hive.letters).answers)


#: Days of each daily rack schedule played here; the index check covers every rack.
RACK_DAYS = 60


def test_no_rack_word_is_a_slur_and_vulgar_words_are_playable(real, game_indexes):
    language, _folder, keys = real
    index = game_indexes.rack(language.code)
    slurs = {key for key, kind in keys.items() if kind == EVERY_GAME}
    vulgar = {key for key, kind in keys.items() if kind == VULGAR}
    # What any rack can make: every key the index files.
    playable = {entry[0] for entries in index.by_signature.values() for entry in entries}
    assert slurs and vulgar and playable
    assert not playable & slurs
    assert vulgar & playable
    end = language.schedule_start + dt.timedelta(days=RACK_DAYS - 1)
    words = {fold(a.form, language) for day in index.schedule(end) for a in day.solution.answers}
    assert len(words) > 1000 and not words & slurs
    example = {"en": "shit", "ca": "merda", "es": "mierda", "fr": "merde"}[language.code]
    assert example in {fold(a.form, language) for a in index.solve(_rack_for(example)).answers}


def _rack_for(word: str) -> str:
    return (word + "aeiou")[:7]


def test_no_wordle_answer_is_blocked(real):
    language, folder, keys = real
    wordle = {row.split("\t")[0] for row in lines(folder / "wordle.tsv")}
    assert wordle and not wordle & set(keys)
    assert any(len(k) == language.wordle.length for k in keys)  # there was something to leave out


def test_metadata_says_what_each_game_list_excluded_and_the_list_is_pinned(real):
    language, folder, _keys = real
    metadata = json.loads((folder / "metadata.json").read_text("utf-8"))
    exclusions = metadata["game_exclusions"]
    assert set(exclusions) == {"beehive", "racks", "wordle"}
    off_racks = {
        row.split("\t")[0]
        for row in lines(folder / "game.tsv")
        if LIST_CODES[game_list(language, "racks")] in row.split("\t")[2] and row.endswith(EVERY_GAME)
    }
    assert sum(exclusions["racks"].values()) == len(off_racks) > 0
    blocklist = metadata["word_lists"]["blocklist"]
    if language.blocklist.source is None:
        assert blocklist["source"] is None and "Catalan" in blocklist["note"]
    else:
        assert blocklist["source"]["integrity"] == language.blocklist.source.integrity
        assert blocklist["source"]["licence"] == "CC-BY-4.0" and blocklist["entries"] > 50


def test_a_tampered_list_package_is_refused(paths, tmp_path):
    from dataclasses import replace

    language = load_language("en")
    source = replace(language.blocklist.source, integrity="sha512-" + "A" * 86 + "==")
    with pytest.raises(RuscError, match="integrity mismatch"):
        fetch_word_list(source, language, paths)
