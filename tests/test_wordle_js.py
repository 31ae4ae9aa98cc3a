"""site/wordle-core.js against pipeline/games/wordle/, run by Node on thousands of random cases:
decoding the page data, folding typed text, Wordle's feedback, the clue filter, the
hard-mode pool and the suggestions (200 random states per language, every step of the
policy: opening, shipped second guesses, exact and budgeted rankings) must all agree with
the Python twin."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from support.node import run_driver

from pipeline.browser.wordle_data import MODES, build_wordle_data, wordle_json
from pipeline.config import load_language
from pipeline.games.wordle.feedback import Patterns, code_of
from pipeline.games.wordle.filters import hard_pool, near_fits
from pipeline.games.wordle.ranking import rank
from pipeline.games.wordle.rules import Clue, compile_clues, feedback, filter_keys
from pipeline.games.wordle.strategy import Opening, book_key, suggest
from pipeline.games.wordle.words import load_words
from pipeline.lists.clean import fold

CA, EN = load_language("ca"), load_language("en")

#: Reads {"data": page JSON, "cases": {...}} on stdin, answers every case on stdout.
DRIVER = r"""
const core = require(process.argv[2]);
withJob(({ data, cases }) => {
  const words = core.decode(data);
  const marks = (pattern) => Array.from(pattern).map((m) => ".yg".indexOf(m));
  const out = {
    forms: words.keys.map((key, w) => [key, core.formsOf(words, w)]),
    feedback: cases.feedback.map(([g, a]) => core.feedback(g, a)),
    fold: cases.fold.map((text) => words.fold(text).key || null),  // Python: None for no key
    filter: cases.filter.map((clues) => {
      const cons = core.compile(words, clues.map(([g, p]) => ({ guess: g, marks: marks(p) })));
      return core.filter(words, cons).map((w) => words.keys[w]);
    }),
    hard: cases.hard.map((clues) => {
      const cons = core.compile(words, clues.map(([g, p]) => ({ guess: g, marks: marks(p) })));
      return core.hardPool(words, cons).map((w) => words.keys[w]);
    }),
    suggest: cases.suggest.map(([hard, clues]) =>
      core.suggest(words, clues.map(([g, p]) => ({ guess: g, marks: marks(p) })), hard, 10)
        .map((s) => [words.keys[s.word], s.remaining, s.win, s.left, s.total, s.found])),
    near: (cases.near || []).map((clues) =>
      core.nearFits(words, clues.map(([g, p]) => ({ guess: g, marks: marks(p) }))).map((f) => [words.keys[f.word], f.clue])),
  };
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(repo_root, tmp_path, data: dict, cases: dict) -> dict:
    job = {"data": json.loads(wordle_json(data)), "cases": cases}
    return run_driver(tmp_path, DRIVER, repo_root / "site" / "wordle-core.js", job)


def missing_answer_cases(rng, keys, letters, count):
    """Three real guesses each, coloured against a word the list lacks (so, most often, no
    word fits them all)."""
    known, cases = set(keys), []
    while len(cases) < count:
        answer = random_word(rng, letters)
        if answer not in known:
            cases.append([[g, feedback(g, answer)] for g in rng.sample(keys, 3)])
    return cases


def random_word(rng, letters, length=5):
    return "".join(rng.choice(letters) for _ in range(length))


def clue_cases(rng, keys, letters, count):
    """(answer, guesses) cases as clue lists: true clues, or with one mark changed."""
    cases = []
    for _ in range(count):
        answer = rng.choice(keys)
        guesses = [
            rng.choice(keys) if rng.random() < 0.5 else random_word(rng, letters) for _ in range(rng.randint(1, 4))
        ]
        clues = [[g, feedback(g, answer)] for g in guesses]
        if rng.random() < 0.3:
            i, pos = rng.randrange(len(clues)), rng.randrange(5)
            clues[i][1] = clues[i][1][:pos] + rng.choice("gy.") + clues[i][1][pos + 1 :]
        cases.append(clues)
    return cases


FOLD_POOL = list("abcçdefghijklmnopqrstuvwxyzABCÇXYZàáèéíïòóúüÀÉÏÓÜñÑß·'’-. 09ŀĿøæœłđþðεжאǆﬁ") + [
    "l·l",
    "L·L",
    "ŀl",
    "l.l",
    "e\u0301",
    "c\u0327",
    "a\u0300\u0301",
    "\u0301",
]


def fold_cases(rng, count):
    return ["".join(rng.choice(FOLD_POOL) for _ in range(rng.randint(0, 7))) for _ in range(count)]


def table_of_page(data: dict, patterns: Patterns) -> Opening:
    """The shipped opening, second guesses and book as Python's :class:`Opening`."""
    everything = np.arange(patterns.words.size)
    return Opening(
        rank(patterns, np.array(data["first"]), everything, len(data["first"])),
        {hard: {int(code): ranked for code, ranked in data["second"][mode].items()} for mode, hard in MODES},
        {hard: dict(data["book"][mode]) for mode, hard in MODES},
        {hard: data["opener"][mode] for mode, hard in MODES if data["opener"][mode] != data["first"][0]},
    )


def clues_of_book_key(key: str) -> list:
    """[[guess, pattern], …] of a :func:`pipeline.games.wordle.strategy.book_key`."""
    return [clue.split(":") for clue in key.split(" ")]


def python_suggestions(patterns: Patterns, table: Opening, hard: bool, clues: list) -> list:
    got = suggest(patterns, [Clue(g, p) for g, p in clues], hard=hard, top=10, opening_table=table)
    return [[s.key, s.remaining, s.win, s.left, s.total, s.found] for s in got]


def random_states(rng, keys, data: dict, count: int) -> list:
    """[hard, clues] states of every kind the policy knows: no clue, the opening and its
    feedback (the shipped table or an exact ranking), another first guess (often over the
    budget), and two to four clues (the last ones with the splitters beside the ranking)."""
    first = keys[data["first"][0]]
    shipped = [k for k in keys if str(code_of(feedback(first, k))) in data["second"]["normal"]]
    states = []
    for n in range(count):
        answer, hard = rng.choice(shipped if n % 8 == 4 and shipped else keys), rng.random() < 0.4
        kind = n % 4
        guesses = (
            []
            if kind == 0 and n % 20 == 0
            else [first]
            if kind == 0
            else [rng.choice(keys)]
            if kind == 1
            else [first] + rng.sample(keys, kind - 1)
        )
        states.append([hard, [[g, feedback(g, answer)] for g in guesses]])
    # Four clues, two guesses left: the splitters join the ranking and may split a group
    # in normal mode (drawn apart, so that the other cases stay as they were).
    late = random.Random(count)
    for n in range(count // 10):
        answer = late.choice(keys)
        states.append([n % 2 == 1, [[g, feedback(g, answer)] for g in [first] + late.sample(keys, 3)]])
    # No clue in either mode, and each mode's own opener (book.py, _Bookmaker.opener) with a
    # feedback, whose second guesses the mode's table holds.
    states += [[False, []], [True, []]]
    for mode, hard in (("normal", False), ("hard", True)):
        opener = keys[data["opener"][mode]]
        states += [[hard, [[opener, feedback(opener, rng.choice(keys))]]] for _ in range(count // 20)]
    # States of the book (hard mode), where the build chose the guess by playing games out.
    book = sorted(data["book"]["hard"])
    states += [[True, clues_of_book_key(key)] for key in rng.sample(book, min(len(book), count // 10))]
    # ... and every state of normal mode's, whose planned guesses may be none the ranking keeps.
    states += [[False, clues_of_book_key(key)] for key in sorted(data["book"]["normal"])]
    return states


def test_js_agrees_with_python_on_random_words_full_of_repeated_letters(repo_root, tmp_path):
    rng = random.Random(808)
    letters = "abcçde"
    keys = sorted({random_word(rng, letters) for _ in range(900)})
    # Display forms that differ from the key in every way the encoding knows.
    rows = []
    for key in keys:
        forms = [key]
        if rng.random() < 0.2:
            forms.append(key[:2] + "à" + key[3:] if key[2] == "a" else key[:1] + "-" + key[1:])
        rows.append(f"{key}\t{' '.join(sorted(set(forms)))}\n")
    tsv = tmp_path / "wordle.tsv"
    tsv.write_text("".join(rows), encoding="utf-8")
    data = build_wordle_data(CA, tsv)
    words = load_words(tsv, CA)
    patterns = Patterns(words)
    table = table_of_page(data, patterns)
    feedback_cases = [[random_word(rng, letters), random_word(rng, letters)] for _ in range(5000)]
    filter_cases = clue_cases(rng, keys, letters, 2000)
    states = random_states(rng, list(words.keys), data, 60)
    cases = {
        "feedback": feedback_cases,
        "fold": fold_cases(rng, 3000),
        "filter": filter_cases,
        "hard": filter_cases[:300],
        "suggest": states,
    }

    out = run_js(repo_root, tmp_path, data, cases)

    assert {k: tuple(f) for k, f in out["forms"]} == words.forms
    assert out["feedback"] == [feedback(g, a) for g, a in feedback_cases]
    assert out["fold"] == [fold(text, CA) for text in cases["fold"]]
    assert out["filter"] == [filter_keys(keys, [Clue(g, p) for g, p in clues]) for clues in filter_cases]
    empty = sum(not got for got in out["filter"])
    assert 0 < empty < len(filter_cases)  # both outcomes are exercised
    assert out["hard"] == [
        [words.keys[i] for i in hard_pool(words, compile_clues([Clue(g, p) for g, p in clues], 5))]
        for clues in cases["hard"]
    ]
    assert out["suggest"] == [python_suggestions(patterns, table, hard, clues) for hard, clues in states]


@pytest.mark.parametrize("code", ["ca", "en"])
def test_js_agrees_with_python_on_200_random_states_of_the_real_list(code, built_lists, paths, repo_root, tmp_path):
    language = CA if code == "ca" else EN
    tsv = built_lists(code) / "wordle.tsv"
    data = build_wordle_data(language, tsv, cache=paths.kept)  # the site build's, if it ran
    words = load_words(tsv, language)
    patterns = Patterns(words).precompute()  # a few seconds, then every ranking is a lookup
    table = table_of_page(data, patterns)
    keys = list(words.keys)
    rng = random.Random(code)
    filter_cases = clue_cases(rng, keys, language.alphabet, 300)
    forms = [f for k in rng.sample(keys, 500) for f in words.forms[k]]
    fold_texts = fold_cases(rng, 2000) + [f.upper() for f in forms] + forms
    states = random_states(rng, keys, data, 200)
    missing = missing_answer_cases(rng, keys, language.alphabet, 30)
    cases = {
        "feedback": [],
        "fold": fold_texts,
        "filter": filter_cases,
        "hard": filter_cases[:100],
        "suggest": states,
        "near": missing,
    }

    out = run_js(repo_root, tmp_path, data, cases)

    assert {k: tuple(f) for k, f in out["forms"]} == words.forms
    assert out["fold"] == [fold(text, language) for text in fold_texts]
    assert out["filter"] == [filter_keys(keys, [Clue(g, p) for g, p in clues]) for clues in filter_cases]
    expected = [python_suggestions(patterns, table, hard, clues) for hard, clues in states]
    assert out["suggest"] == expected
    # The trap note's count is exercised: some first suggestion is not sure to find every word.
    assert any(
        got[0][5] < len(filter_keys(keys, [Clue(g, p) for g, p in clues]))
        for (hard, clues), got in zip(states, expected)
        if got and clues
    )
    # When no word fits, both offer the same words that fit every clue but one.
    near = [[[fit.key, fit.clue] for fit in near_fits(words, [Clue(g, p) for g, p in clues])] for clues in missing]
    assert out["near"] == near and sum(bool(n) for n in near) >= len(missing) // 2
    # Every path of the policy was taken: the shipped table, exact and budgeted rankings.
    over = [
        len(clues) == 1
        and clues[0][0] == words.keys[data["first"][0]]
        and str(code_of(clues[0][1])) in data["second"]["hard" if hard else "normal"]
        for hard, clues in states
    ]
    assert sum(over) >= 5 and sum(not got for got in expected) < 20
    # ... and the book: its guess comes first in both.
    booked = [
        (book[book_key([Clue(g, p) for g, p in clues])], got[0][0])
        for (hard, clues), got in zip(states, expected)
        if book_key([Clue(g, p) for g, p in clues]) in (book := data["book"]["hard" if hard else "normal"])
    ]
    assert len(booked) >= 10 and all(keys[index] == first for index, first in booked)
