"""The book (pipeline/games/wordle/book.py, build_book): the early guesses the build chose
by playing every candidate's game out, shipped with the page's data.

On the real lists, with the data the site ships: normal mode finds every word of the list
within Wordle's six guesses, hard mode every common word; the book's guesses are the
ranking's suggestions, or planned guesses from which every candidate (in hard mode every
headword and common word) is found in time, or in hard mode guesses that split a family
and lose fewer of them, that it puts first; and the held-out season
goes no worse with the book than without (better, in normal mode)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_wordle_js import clues_of_book_key, table_of_page

from pipeline.browser.wordle_data import build_wordle_data
from pipeline.config import load_language
from pipeline.games.wordle.book import OPENERS_PLAYED_UP_TO, build_book, openers_played_out, second_guesses
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.ranking import BUDGET
from pipeline.games.wordle.rules import GUESSES, TOP, Clue, feedback, filter_keys
from pipeline.games.wordle.season import LIMIT, answer_lists, failures, helper_player, play, play_season
from pipeline.games.wordle.strategy import Opening, book_key, suggest
from pipeline.games.wordle.words import common_weight, load_words


@pytest.fixture(scope="module", params=["en", "ca"])
def shipped(request, built_lists, paths):
    """(language, words, patterns, the page's opening table with its book)."""
    code = request.param
    language = load_language(code)
    tsv = built_lists(code) / "wordle.tsv"
    data = build_wordle_data(language, tsv, cache=paths.kept)  # the site build's, if it ran
    words = load_words(tsv, language)
    patterns = Patterns(words).precompute()
    return language, words, patterns, table_of_page(data, patterns), data


def common_words(language, words) -> list[str]:
    """The list's common words (:func:`common_weight`), which no mode may lose."""
    return [words.keys[i] for i in np.flatnonzero(words.weights >= common_weight(language.wordle)).tolist()]


def test_hard_mode_finds_every_common_word_in_time(shipped):
    language, words, patterns, table, _ = shipped
    player = helper_player(patterns, True, table)
    common = common_words(language, words)
    assert len(common) > 1000
    late = {word: taken for word in common if (taken := play(player, word)) > LIMIT}
    assert not late


def test_normal_mode_finds_every_word_in_time(shipped):
    """Every word of the list, rare or not (the book repairs the games the ranking alone
    loses, and plans those no suggestion of the ranking saves)."""
    _language, words, patterns, table, _ = shipped
    season = play_season(helper_player(patterns, False, table), list(words.keys))
    assert failures(season, words.keys) == []
    assert max(season.guesses) <= GUESSES


def played_from(patterns, table, clues: list, answer: str, hard: bool) -> int:
    """The guesses the helper takes to find ``answer`` from the state ``clues``, counting those."""
    clues = list(clues)
    while len(clues) <= 2 * GUESSES:
        guess = suggest(patterns, clues, hard=hard, top=1, opening_table=table)[0].key
        if guess == answer:
            return len(clues) + 1
        clues.append(Clue(guess, feedback(guess, answer)))
    return len(clues)


@pytest.mark.parametrize("hard", [False, True])
def test_the_book_puts_first_a_suggestion_a_plan_that_finds_every_candidate_or_a_split(shipped, hard):
    language, words, patterns, table, _data = shipped
    book = table.book[hard]
    # The second guesses (and in hard mode the third), and repairs later in games that
    # failed (a headword's first: English hard mode's 86 entries, 9 of them later).
    assert all(1 <= len(key.split(" ")) < GUESSES for key in book)
    early = sum(len(key.split(" ")) <= (2 if hard else 1) for key in book)
    assert len(book) >= (50 if hard else 40) and early >= 0.85 * len(book)
    plain = replace(table, book={False: {}, True: {}})
    index = words.index()
    must_find = words.lemma | (words.weights >= common_weight(language.wordle))
    planned = 0
    for key in sorted(book)[:: 5 if hard and language.code != "en" else 1]:
        clues = [Clue(guess, pattern) for guess, pattern in clues_of_book_key(key)]
        assert book_key(clues) == key
        ranked = [s.index for s in suggest(patterns, clues, hard=hard, opening_table=plain)]
        booked = [s.index for s in suggest(patterns, clues, hard=hard, opening_table=table)]
        assert book[key] != ranked[0], key
        assert booked == ([book[key]] + [i for i in ranked if i != book[key]])[: len(booked)]
        if book[key] not in ranked:
            # A plan (pipeline.games.wordle.book): from here the helper finds every candidate in
            # time; in hard mode, where a plan may let plurals and conjugated forms go, every
            # headword and every common word. Or, in hard mode, a guess that splits a family
            # (_Bookmaker.split): it loses fewer of them than the ranking's first guess would.
            planned += 1
            candidates = [answer for answer in filter_keys(words.keys, clues) if not hard or must_find[index[answer]]]
            lost = sum(played_from(patterns, table, clues, answer, hard) > GUESSES for answer in candidates)
            if lost:
                assert hard, key
                unbooked = replace(table, book={**table.book, hard: {k: v for k, v in book.items() if k != key}})
                assert lost < sum(
                    played_from(patterns, unbooked, clues, answer, hard) > GUESSES for answer in candidates
                ), key
        # The other mode's book does not play here.
        assert suggest(patterns, clues, hard=not hard, opening_table=table) == suggest(
            patterns,
            clues,
            hard=not hard,
            opening_table=replace(table, book={hard: {}, not hard: table.book[not hard]}),
        )
    if hard and language.code == "en":
        assert planned  # the plans that save the headwords hard mode's ranking loses after lanes


@pytest.mark.parametrize("hard", [False, True])
def test_each_mode_opens_with_the_guess_whose_games_do_best(shipped, hard):
    """A mode's opener is one of the opening ranking's guesses, and its games, played out by
    the ranking alone, lose no more headwords than the ranking's first guess's (hard mode),
    and take fewer guesses over the headwords, each as likely as another, then weighed by
    the prior (normal mode)."""
    language, words, patterns, table, data = shipped
    mode = "hard" if hard else "normal"
    opener, ranked_first = data["opener"][mode], data["first"][0]
    assert opener in data["first"]
    assert suggest(patterns, [], hard=hard, opening_table=table)[0].index == opener
    if hard and language.wordle.hard_opener:
        assert words.keys[opener] == language.wordle.hard_opener  # pinned: the next test
        return
    if words.size > OPENERS_PLAYED_UP_TO[hard]:
        assert opener == ranked_first  # Catalan's normal mode: 12,501 words
        return
    if language.code != "en":
        return  # the Catalan games take a minute more to play
    assert opener != ranked_first  # English: tares in both modes, not raise
    headword = dict(zip(words.keys, words.lemma.tolist()))
    answers = [key for key in words.keys if headword[key]] if hard else words.keys
    weight = dict(zip(words.keys, words.weights.tolist()))
    plain = replace(table, book={False: {}, True: {}})
    outcome = {}
    for first in (opener, ranked_first):
        ranked = replace(plain, openers={hard: first}, second={False: {}, True: {}})
        season = play_season(helper_player(patterns, hard, ranked), answers)
        outcome[first] = (
            len([answer for answer in failures(season, answers) if headword[answer]]),
            sum(taken for answer, taken in zip(answers, season.guesses) if headword[answer]),
            sum(weight[answer] * taken for answer, taken in zip(answers, season.guesses)),
        )
    if hard:
        assert outcome[opener][0] <= outcome[ranked_first][0]
    else:
        assert outcome[opener] < outcome[ranked_first]


def test_a_pinned_hard_opener_loses_fewer_headwords_than_the_builds_own_choice(built_lists, paths):
    """English pins ``[wordle] hard_opener`` (scripts/wordle_openers.py): with its book, hard
    mode's games lose fewer headwords than with the opener the build would choose among the
    ranking's first ten and that opener's book, every headword played by the page's policy."""
    language = load_language("en")
    tsv = built_lists("en") / "wordle.tsv"
    words = load_words(tsv, language)
    patterns = Patterns(words).precompute()
    shipped = table_of_page(build_wordle_data(language, tsv, cache=paths.kept), patterns)
    pinned = shipped.opener(True).index
    assert words.keys[pinned] == language.wordle.hard_opener
    ranked = shipped.first[:TOP]
    common = common_weight(language.wordle)
    plain = Opening(ranked, {False: {}, True: second_guesses(patterns, ranked[0].index, True, TOP, BUDGET)})
    played = dict(openers_played_out(patterns, plain, True, common, [s.index for s in ranked]))
    own = min(played, key=lambda guess: played[guess])
    assert own != pinned and pinned not in played  # the build alone would not find it
    own_table = replace(
        plain, openers={True: own}, second={False: {}, True: second_guesses(patterns, own, True, TOP, BUDGET)}
    )
    own_table = replace(own_table, book={False: {}, True: build_book(patterns, own_table, True, common)})
    headwords = [key for key, headword in zip(words.keys, words.lemma.tolist()) if headword]
    lost = {
        opener: failures(play_season(helper_player(patterns, True, table), headwords), headwords)
        for opener, table in ((pinned, shipped), (own, own_table))
    }
    assert len(lost[pinned]) < len(lost[own])


def test_other_lengths_have_no_book(built_lists, paths):
    language = load_language("en")
    other = next(n for n in language.wordle.lengths if n != language.wordle.length)
    data = build_wordle_data(language, built_lists("en") / "wordle.tsv", other, cache=paths.kept)
    assert data["book"] == {"normal": {}, "hard": {}}


@pytest.mark.parametrize("hard", [False, True])
def test_the_held_out_season_goes_no_worse_with_the_book(shipped, hard):
    language, words, patterns, table, _ = shipped
    _, held_out = answer_lists(words, language)
    plain = replace(table, book={False: {}, True: {}})
    with_book = play_season(helper_player(patterns, hard, table), held_out)
    without = play_season(helper_player(patterns, hard, plain), held_out)
    assert with_book.failures == 0 and with_book.failures <= without.failures
    assert max(with_book.guesses) <= GUESSES
    if hard:
        # The book weighs every candidate by the prior and pays for the rare words it
        # saves; on the common lemmas that price stays within a fiftieth of a guess.
        assert with_book.mean <= without.mean + 0.02
    else:
        # Normal mode's second guesses, chosen by playing the games out over the headwords,
        # gain on the common lemmas too: a guess in a hundred games at least (measured:
        # 0.020 for English's 900, 0.038 for Catalan's 717; 0.046 and 0.035 on the halves
        # that chose the priors).
        assert with_book.mean <= without.mean - 0.01
