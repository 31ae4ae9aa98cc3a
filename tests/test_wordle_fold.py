"""A Wordle that plays a letter as another (Portuguese ç as c, as Termo does), while the
other games keep it apart: its list, page data, clues and command line all fold it alike.
On a made-up dictionary under Portuguese's rules (the fast lane)."""

from __future__ import annotations

import pytest
from support.mini_lists import build_mini_lists

from pipeline.browser.wordle_data import build_wordle_data
from pipeline.config import load_language
from pipeline.games.wordle.words import load_words

PORTUGUESE = load_language("pt")
AFF = "SET UTF-8\n"
#: troca (exchange) and troça (mockery) are one Wordle word; caçar and casar are not.
DIC = "7\ncaçar\ncasar\ngraça\npraça\ntraça\ntroca\ntroça\n"


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    out, _ = build_mini_lists(tmp_path_factory.mktemp("pt") / "mini", AFF, DIC, PORTUGUESE)
    return out


def test_the_wordle_list_folds_c_cedilla_and_the_other_games_keep_it(lists):
    assert PORTUGUESE.wordle.fold == (("ç", "c"),)
    wordle = dict(line.split("\t") for line in (lists / "wordle.tsv").read_text("utf-8").splitlines())
    assert wordle == {
        "cacar": "caçar",
        "casar": "casar",
        "graca": "graça",
        "praca": "praça",
        "traca": "traça",
        "troca": "troca troça",
    }
    game_keys = {line.split("\t")[0] for line in (lists / "game.tsv").read_text("utf-8").splitlines()}
    assert {"troca", "troça", "caçar"} <= game_keys, "the beehive and the rack keep ç"


def test_the_page_and_the_loader_play_the_folded_alphabet(lists):
    words = load_words(lists / "wordle.tsv", PORTUGUESE)
    assert words.keys == ("cacar", "casar", "graca", "praca", "traca", "troca")
    assert words.forms["troca"] == ("troca", "troça")
    data = build_wordle_data(PORTUGUESE, lists / "wordle.tsv")
    assert "ç" not in data["alphabet"] and "c" in data["alphabet"]
    assert ["ç", "c"] in data["fold"]["replace"], "a typed ç becomes c on the page"


def test_a_clue_typed_with_c_cedilla_is_the_folded_word(lists, cli):
    result = cli("wordle", "pt", "troça:gg.gg", "--list", str(lists / "wordle.tsv"))
    assert result.returncode == 0, result.stderr
    fitting = result.stdout.split("Best next guesses")[0].split()
    assert "traça" in fitting and "troça" not in fitting, "ç is played as c: the clue's c is green"
    refused = cli("wordle", "pt", "troça:gg", "--list", str(lists / "wordle.tsv"))
    assert refused.returncode != 0 and "5" in refused.stderr
