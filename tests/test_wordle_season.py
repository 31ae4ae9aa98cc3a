"""Simulated Wordle seasons (pipeline/games/wordle/season.py, run in full by bench/bench_wordle.py):
the held-out answers are common lemmas disjoint from the tuning half, the figures of a
season are reproducible whatever PYTHONHASHSEED, and the helper's hard-mode guesses obey
hard mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from pipeline.config import load_language
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.filters import hard_pool
from pipeline.games.wordle.rules import Clue, compile_clues, feedback
from pipeline.games.wordle.season import answer_lists, helper_player, independent_answers, play_season
from pipeline.games.wordle.words import load_words

#: Plays the first N held-out answers with the helper in both modes; prints the guesses.
SEASON = """
import json, sys
from pipeline.config import load_language
from pipeline.games.wordle.season import answer_lists, entropy_player, helper_player, play_season
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.words import load_words
code, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
language = load_language(code)
words = load_words(path, language)
answers = answer_lists(words, language)[1][:n]
patterns = Patterns(words).precompute()
out = {name: list(play_season(make(patterns, hard), answers).guesses)
       for name, make, hard in (("helper", helper_player, False), ("hard", helper_player, True),
                                ("entropy", entropy_player, False))}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def english(built_lists):
    language = load_language("en")
    return language, load_words(built_lists("en") / "wordle.tsv", language)


def test_held_out_answers_are_common_lemmas_disjoint_from_the_tuning_half(english, built_lists):
    language, words = english
    tune, held_out = answer_lists(words, language)
    assert not set(tune) & set(held_out)
    assert 0.4 < len(held_out) / (len(tune) + len(held_out)) < 0.6
    lemmas = set((built_lists("en") / "lemmas.txt").read_text("utf-8").split())
    # And the headwords the dictionary lacks, which wordle.tsv lists in a fourth field.
    for line in (built_lists("en") / "wordle.tsv").read_text("utf-8").splitlines():
        lemmas.update(" ".join(line.split("\t")[3:]).split())
    common = [k for k, z in zip(words.keys, words.zipf) if z >= language.wordle.common_zipf and k in lemmas]
    assert sorted(tune + held_out) == common
    assert {"water", "house", "cyber"} <= set(common) and not {"capes", "years", "hiked"} & set(common)
    assert answer_lists(words, language) == (tune, held_out)


@pytest.mark.parametrize("code", ["en", "ca"])
def test_the_independent_answers_are_lemmas_of_the_list_that_wordfreq_did_not_choose(code, built_lists, paths):
    """English: the lemmas of SCOWL's small sizes (read from the pinned package); Catalan:
    every headword of the list. Both hold words the prior thinks rare, which the held-out
    answers never do, and common lemmas left out of the held-out half."""
    language = load_language(code)
    tsv = built_lists(code) / "wordle.tsv"
    words = load_words(tsv, language)
    independent = independent_answers(words, language, tsv, paths)
    index = words.index()
    chosen = np.array([index[key] for key in independent.answers])
    assert len(chosen) > 900 and list(independent.answers) == sorted(independent.answers)
    # The benchmark plays one half; the prior may be tuned on the other.
    assert not set(independent.answers) & set(independent.tuning)
    assert 0.4 < len(independent.answers) / (len(independent.answers) + len(independent.tuning)) < 0.6
    assert words.lemma[chosen].all()
    rare = words.zipf[chosen] < language.wordle.common_zipf
    assert 0.05 < rare.mean() < 0.95  # wordfreq did not decide the list
    if code == "en":
        assert independent.name.startswith("SCOWL") and {"house", "water"} <= set(
            independent.answers + independent.tuning
        )
        assert len(independent.answers) + len(independent.tuning) < 0.8 * words.lemma.sum()  # the small sizes
    else:
        assert len(independent.answers) + len(independent.tuning) == words.lemma.sum()


def test_a_word_that_is_no_lemma_weighs_inflection_odds_times_less(english, built_lists, tmp_path):
    """years and capes (plurals) weigh less than lemmas of their frequency (water, house);
    without a lemma list beside the Wordle list, every word counts as a lemma."""
    import shutil
    from dataclasses import replace

    from pipeline.games.wordle.words import level_of, prior

    language, words = english
    settings = language.wordle
    assert settings.inflection_odds > 1
    index = words.index()
    for key in ("years", "capes", "water", "house"):
        lemma = key in ("water", "house")
        assert bool(words.lemma[index[key]]) is lemma
        p = prior(words.zipf[index[key]], settings.prior_centre, settings.prior_width)
        assert words.levels[index[key]] == level_of(p if lemma else p / settings.inflection_odds)
    shutil.copy(built_lists("en") / "wordle.tsv", tmp_path / "wordle.tsv")
    alone = load_words(tmp_path / "wordle.tsv", language)
    assert alone.lemma.all()
    even = load_words(tmp_path / "wordle.tsv", replace(language, wordle=replace(settings, inflection_odds=1.0)))
    assert (alone.levels == even.levels).all() and (alone.levels >= words.levels).all()
    assert (alone.levels > words.levels).sum() > 1000


def run_season(built_lists, code: str, n: int, seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    result = subprocess.run(
        [sys.executable, "-c", SEASON, code, str(built_lists(code) / "wordle.tsv"), str(n)],
        capture_output=True,
        env=env,
        timeout=900,
        cwd=str(built_lists(code).parent.parent.parent),
    )
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


@pytest.mark.parametrize("code,n", [("en", 30)])
def test_a_season_is_reproducible_whatever_the_hash_seed(built_lists, code, n):
    first, second = run_season(built_lists, code, n, "1"), run_season(built_lists, code, n, "4242")
    assert first == second
    for guesses in first.values():
        assert len(guesses) == n and all(1 <= g <= 16 for g in guesses)
    assert sum(first["helper"]) / n < 4.5  # a working player, not a stub


def test_hard_mode_guesses_keep_greens_and_use_every_revealed_letter(english):
    language, words = english
    patterns = Patterns(words).precompute()
    player = helper_player(patterns, hard=True)
    for answer in answer_lists(words, language)[1][:25]:
        clues: tuple[Clue, ...] = ()
        while not clues or clues[-1].guess != answer:
            guess = words.keys[player(clues)]
            if clues:
                allowed = {words.keys[i] for i in hard_pool(words, compile_clues(clues, words.length))}
                assert guess in allowed, (answer, clues, guess)
            clues += (Clue(guess, feedback(guess, answer)),)
        assert len(clues) <= 8
    assert play_season(player, [answer]).guesses[0] == len(clues)
