"""The wire format, written by pipeline/browser/wire.py and read by site/wire.js: the same
constants on both sides, and every display form and front-coded list the build writes
decoded under Node exactly as it was, on hand-made cases that reach each branch and on
every key of the real Catalan and English game lists.
"""

from __future__ import annotations

import pytest
from support.node import run_driver

from pipeline.browser import wire
from pipeline.lists.lexicon import load_game_lexicon

#: The constants site/wire.js must declare with the same values.
CONSTANTS = (
    "PLAY_DATA_FORMAT",
    "SOLVER_INDEX_FORMAT",
    "WORDLE_DATA_FORMAT",
    "POSITION_BASE",
    "DIFF_MARK",
    "SAME",
    "FORM_SEPARATOR",
    "TILE_CODE_BASE",
    "LEVEL_CHARS",
)

#: Reads {"forms": [[key, encoded]...], "coded": [entry...]} on stdin; writes the constants,
#: the decoded forms and the front-coded keys rebuilt with sharedCount.
DRIVER = r"""
const W = require(process.argv[2]);
withJob((job) => {
  const constants = {};
  for (const name of job.constants) constants[name] = W[name];
  const forms = job.forms.map(([key, encoded]) => W.decodeForms(key, encoded));
  let previous = "";
  const keys = job.coded.map((entry) => (previous = previous.slice(0, W.sharedCount(entry)) + entry.slice(1)));
  process.stdout.write(JSON.stringify({ constants, forms, keys }));
});
"""

#: (key, display forms): one per branch of the encoding.
HAND_MADE = [
    ("acaba", ("acaba",)),  # the key alone: nothing written
    ("acaba", ("acaba", "acabà")),  # the key among its forms; a letter replaced
    ("acaba", ("Acabà",)),  # two edits
    ("colleccio", ("col·lecció",)),  # an insertion and a replacement
    ("amelarse", ("amelar-se",)),  # an insertion
    ("ll", ("l·l", "L·L")),
    ("aa", ("a",)),  # a deletion
    ("oneill", ("O'Neill",)),
    ("antiinflamatori", ("anti-inflamatori", "antiinflamatori")),
    ("abc", ("a𝔟c", "𝔞bc𝔠")),  # letters outside the Basic Multilingual Plane
    ("a" * 90, ("a" * 78 + "b" + "a" * 11,)),  # a position that is itself the mark "~"
    ("a" * 90, ("a" * 90 + "é",)),
]


def run_node(repo_root, tmp_path, forms: list[tuple[str, str]], coded: list[str]) -> dict:
    job = {"constants": CONSTANTS, "forms": forms, "coded": coded}
    return run_driver(tmp_path, DRIVER, repo_root / "site" / "wire.js", job)


def test_both_sides_declare_the_same_constants(repo_root, tmp_path):
    out = run_node(repo_root, tmp_path, [], [])
    assert out["constants"] == {name: getattr(wire, name) for name in CONSTANTS}


def test_hand_made_forms_decode_as_they_were_in_both_languages(repo_root, tmp_path):
    encoded = [(key, wire.encode_forms(key, forms)) for key, forms in HAND_MADE]
    assert encoded[0][1] == "", "a key shown as itself costs nothing"
    assert any(wire.DIFF_MARK in text[1:] for _, text in encoded[-2:]), "no position was the mark"
    for (key, forms), (_, text) in zip(HAND_MADE, encoded):
        assert wire.decode_forms(key, text) == list(forms)
        assert all(form not in text.split(wire.FORM_SEPARATOR) for form in forms if len(form) > 3), (
            "a form is written as edits, never spelled out"
        )
    keys = sorted({"abaca", "abacs", "abc", "b", "ba", "baa", "𝔞𝔟"})
    out = run_node(repo_root, tmp_path, encoded, wire.front_coded(keys))
    assert out["forms"] == [list(forms) for _, forms in HAND_MADE]
    assert out["keys"] == keys


def test_a_form_holding_a_mark_is_refused():
    with pytest.raises(wire.WireError):
        wire.encode_forms("ab", ("a~b",))
    with pytest.raises(wire.WireError):
        wire.encode_forms("ab", ("ab", "a|b"))
    with pytest.raises(wire.WireError):
        wire.decode_forms("ab", "a-b")


@pytest.mark.parametrize("code", ["ca", "en"])
def test_every_display_form_of_the_game_lists_decodes_in_node(code, built_lists, repo_root, tmp_path):
    game = built_lists(code) / "game.tsv"
    lexicon = {**load_game_lexicon(game, "words"), **load_game_lexicon(game, "lemmas")}
    keys = sorted(lexicon)
    shown_otherwise = [(key, lexicon[key]) for key in keys if lexicon[key] != (key,)]
    # Catalan's accents and elisions give thousands; English's contractions (can't) 63.
    assert len(shown_otherwise) > 50, "the list has forms other than their keys to test"
    encoded = [(key, wire.encode_forms(key, forms)) for key, forms in shown_otherwise]
    out = run_node(repo_root, tmp_path, encoded, wire.front_coded(keys))
    wrong = [(key, forms) for (key, forms), got in zip(shown_otherwise, out["forms"]) if list(forms) != got]
    assert not wrong, f"{len(wrong)} keys decode to other forms, e.g. {wrong[:5]}"
    assert out["keys"] == keys
