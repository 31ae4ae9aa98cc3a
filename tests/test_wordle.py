"""Wordle clue filter (pipeline/wordle.py): Wordle's repeated-letter rule, the per-letter
constraints proved equal to it, exact suggestions, the page data and the CLI — on random
words full of repeated letters and on the real Catalan and English lists."""

from __future__ import annotations

import gzip
import itertools
import json
import random
from collections import Counter

import pytest

from pipeline.clean import fold
from pipeline.cli import main as rusc
from pipeline.config import load_language
from pipeline.errors import UsageError
from pipeline.wordle import (
    Clue,
    _Columns,
    _default_fold_char,
    build_wordle_data,
    compile_clues,
    feedback,
    filter_keys,
    fits,
    fold_guess,
    folding_table,
    load_wordle_list,
    parse_clue,
    suggest,
    sum_squares_naive,
    wordle_json,
)

CA, EN = load_language("ca"), load_language("en")


def reference_feedback(guess: str, answer: str) -> str:
    """Wordle's rule stated per letter: of the min(copies in guess, copies in answer) copies
    a letter gets coloured, greens go to matching positions and the rest, as yellows, to
    the guess's leftmost other copies."""
    marks = ["."] * len(guess)
    for letter in set(guess):
        coloured = min(guess.count(letter), answer.count(letter))
        spots = [i for i, c in enumerate(guess) if c == letter]
        greens = [i for i in spots if answer[i] == letter]
        for i in greens:
            marks[i] = "g"
        for i in [i for i in spots if i not in greens][: coloured - len(greens)]:
            marks[i] = "y"
    return "".join(marks)


def random_word(rng: random.Random, letters: str, length: int = 5) -> str:
    return "".join(rng.choice(letters) for _ in range(length))


@pytest.fixture(scope="module")
def lists(built_lists):
    """Language code → the real Wordle list."""
    return {code: load_wordle_list(built_lists(code) / "wordle.tsv", lang) for code, lang in (("ca", CA), ("en", EN))}


# --- feedback ---------------------------------------------------------------------------


def test_feedback_agrees_with_a_per_letter_statement_of_the_rule_on_repeated_letters():
    rng = random.Random(8)
    for letters in ("ab", "abc", "abcç", "aabcde"):
        for _ in range(4000):
            guess, answer = random_word(rng, letters), random_word(rng, letters)
            assert feedback(guess, answer) == reference_feedback(guess, answer), (guess, answer)


def test_feedback_colours_extra_copies_grey_left_to_right():
    assert feedback("speed", "abide") == "..y.y"  # one e in the answer: only the first e is yellow
    assert feedback("eerie", "there") == "y.y.g"  # the green e uses one copy, the first e the other
    assert feedback("sassy", "guess") == "y..g."
    assert feedback("llama", "hello") == "yy..."


# --- constraints == feedback ----------------------------------------------------------------


@pytest.mark.parametrize("letters,length", [("abc", 4), ("ab", 5), ("aç", 6)])
def test_per_letter_constraints_equal_wordle_feedback_for_every_guess_pattern_and_word(letters, length):
    """Proof by exhaustion over a small alphabet, where repeated letters are everywhere:
    for every guess, every pattern (including those Wordle never shows) and every word,
    the constraints admit the word iff Wordle would show that pattern."""
    words = ["".join(w) for w in itertools.product(letters, repeat=length)]
    patterns = ["".join(p) for p in itertools.product("gy.", repeat=length)]
    checked = admitted = 0
    for guess in words:
        shown = Counter(feedback(guess, w) for w in words)
        for pattern in patterns:
            constraints = compile_clues([Clue(guess, pattern)], length)
            fitting = [w for w in words if fits(w, constraints)]
            assert len(fitting) == shown[pattern], (guess, pattern, fitting)
            assert all(feedback(guess, w) == pattern for w in fitting), (guess, pattern)
            checked += len(words)
            admitted += len(fitting)
    assert admitted == len(words) ** 2  # every (guess, word) pair admitted under exactly one pattern
    assert checked == len(words) ** 2 * len(patterns)


def test_several_clues_combine_like_several_feedbacks():
    rng = random.Random(88)
    words = sorted({random_word(rng, "abcçd") for _ in range(1500)})
    for _ in range(400):
        guesses = [random_word(rng, "abcçd") for _ in range(rng.randint(1, 3))]
        answer = rng.choice(words)
        # Half the time the true clues, half the time one mark changed (often impossible).
        clues = [Clue(g, feedback(g, answer)) for g in guesses]
        if rng.random() < 0.5:
            i, pos = rng.randrange(len(clues)), rng.randrange(5)
            p = list(clues[i].pattern)
            p[pos] = rng.choice("gy.")
            clues[i] = Clue(clues[i].guess, "".join(p))
        expected = [w for w in words if all(feedback(c.guess, w) == c.pattern for c in clues)]
        assert filter_keys(words, clues) == expected


def test_a_grey_copy_left_of_a_yellow_copy_of_the_same_letter_admits_no_word():
    # geese: e at positions 2, 3 and 5 (1-based).
    for possible in (".y...", ".gy..", ".yy.y", ".g..."):
        assert compile_clues([Clue("geese", possible)], 5).impossible == "", possible
    for impossible in ("..y..", "....y", ".g..y", "y.y.y"):
        assert "grey e before a yellow e" in compile_clues([Clue("geese", impossible)], 5).impossible, impossible
    assert filter_keys(["there", "eerie", "seven", "ester"], [Clue("geese", "....y")]) == []


# --- the GUESS case and real lists -------------------------------------------------------


def test_guess_with_one_s_yellow_and_one_grey_keeps_exactly_the_words_with_one_s(lists):
    keys = lists["en"].keys
    got = filter_keys(keys, [parse_clue("GUESS:...y.", EN)])
    expected = [w for w in keys if w.count("s") == 1 and w[3] != "s" and w[4] != "s"
                and not set(w) & set("gue")]
    assert got == expected
    assert len(got) > 50 and all("s" in w for w in got)  # the seed's filter dropped all of these


def test_real_lists_filter_like_brute_force_feedback(lists):
    rng = random.Random(2026)
    for code, language in (("ca", CA), ("en", EN)):
        keys = lists[code].keys
        for _ in range(25):
            answer = rng.choice(keys)
            clues = [Clue(g, feedback(g, answer)) for g in rng.sample(keys, rng.randint(1, 3))]
            got = filter_keys(keys, clues)
            assert answer in got
            assert got == [w for w in keys if all(feedback(c.guess, w) == c.pattern for c in clues)]


def test_catalan_keeps_c_cedilla_and_shows_accented_forms(lists):
    words = lists["ca"]
    assert fold_guess("PLAÇA", CA) == "plaça" and fold_guess("acabà", CA) == "acaba"
    assert "plaça" in words.forms["plaça"]
    assert set(words.forms["acaba"]) >= {"acaba", "acabà"}
    # ç is a letter of its own: a green ç keeps only words with ç there ...
    green = filter_keys(words.keys, [parse_clue("xxxÇx:...g.", CA)])
    assert "plaça" in green and green == [w for w in words.keys if w[3] == "ç" and "x" not in w]
    assert all(any("ç" in form for form in words.forms[w]) for w in green)
    # ... and a grey ç rules out ç but not c, and the other way round.
    no_cedilla = filter_keys(words.keys, [Clue("ççççç", ".....")])
    assert len(no_cedilla) == sum("ç" not in w for w in words.keys)
    assert any("c" in w for w in no_cedilla)
    assert any("ç" in w for w in filter_keys(words.keys, [Clue("ccccc", ".....")]))
    # Accented display forms are shown for their key.
    accented = filter_keys(words.keys, [parse_clue("acabà:ggggg", CA)])
    assert accented == ["acaba"] and "acabà" in words.forms[accented[0]]


@pytest.mark.parametrize("language,text", [
    (EN, "crane:gyx.."), (EN, "cran:gy..."), (CA, "pl4ça:....."), (EN, "crane"), (EN, ":....."),
    (EN, "crane:gy.."), (EN, "αβγδε:....."), (CA, "cel·les:......."),
], ids=lambda x: x if isinstance(x, str) else x.code)
def test_bad_clues_are_usage_errors(language, text):
    with pytest.raises(UsageError):
        parse_clue(text, language)


def test_clues_fold_like_the_games():
    assert parse_clue("Naïve:GY...", EN) == Clue("naive", "gy...")
    assert parse_clue("cel·la:..y.g", CA) == Clue("cella", "..y.g")


# --- suggestions ----------------------------------------------------------------------------


def test_bitset_scores_equal_the_per_word_reference():
    rng = random.Random(5)
    for letters in ("abc", "abcçde", "aeiourst"):
        candidates = sorted({random_word(rng, letters) for _ in range(300)})
        columns = _Columns(candidates, 5)
        for _ in range(200):
            guess = random_word(rng, letters + "xz")
            assert columns.sum_squares(guess) == sum_squares_naive(guess, candidates), guess


def test_suggestions_are_the_exact_top_by_expected_words_left():
    rng = random.Random(6)
    for letters in ("abcd", "aeilnorst"):
        pool = sorted({random_word(rng, letters) for _ in range(600)})
        candidates = sorted(rng.sample(pool, 120))
        got = suggest(candidates, pool, top=10)
        ranked = sorted((sum_squares_naive(g, candidates), g not in candidates, g) for g in pool)[:10]
        assert [(s.sum_squares, not s.is_candidate, s.key) for s in got] == ranked
        hard = suggest(candidates, candidates, top=5)
        assert all(s.is_candidate for s in hard)


# --- the page data --------------------------------------------------------------------------


def decode(data: dict) -> dict[str, tuple[str, ...]]:
    """The page's JSON back to key → forms, as site/wordle.js decodes it."""
    keys, text, previous, i = [], data["keys"], "", 0
    while i < len(text):
        shared = int(text[i])
        rest = data["length"] - shared
        key = previous[:shared] + text[i + 1 : i + 1 + rest]
        keys.append(key)
        previous, i = key, i + 1 + rest
    forms = {k: (k,) for k in keys}
    index = 0
    for step, encoded in zip(data["forms"][::2], data["forms"][1::2]):
        index += step
        key, out = keys[index], []
        for item in encoded.split(" "):
            if item == "=":
                out.append(key)
            elif item[0].isdigit():
                chars = list(key)
                for j in range(0, len(item), 2):
                    chars[int(item[j])] = item[j + 1]
                out.append("".join(chars))
            else:
                out.append(item)
        forms[key] = tuple(out)
    return forms


@pytest.fixture(scope="module")
def page_data(built_lists):
    return {code: build_wordle_data(lang, built_lists(code) / "wordle.tsv") for code, lang in (("ca", CA), ("en", EN))}


@pytest.mark.parametrize("code", ["ca", "en"])
def test_page_data_round_trips_and_stays_small(code, page_data, lists):
    data, words = page_data[code], lists[code]
    assert decode(data) == words.forms
    assert data["count"] == len(words.keys) and data["alphabet"] == (CA if code == "ca" else EN).alphabet
    blob = wordle_json(data)
    assert json.loads(blob) == data
    assert len(gzip.compress(blob, 6)) < 30_000  # leaves room for HTML, JS and CSS in 60 KB


@pytest.mark.parametrize("code", ["ca", "en"])
def test_precomputed_first_guesses_are_scored_exactly_and_ranked(code, page_data, lists):
    """Exactness of the ranking itself is proved on random pools above; here the build's
    ten first guesses carry their true scores, in order, and beat a random sample."""
    keys = lists[code].keys
    first = page_data[code]["first"]
    assert len(first) == 10
    for key, score in first:
        assert score == sum_squares_naive(key, keys)
    assert first == sorted(first, key=lambda pair: (pair[1], pair[0]))
    worst = first[-1][1]
    for guess in random.Random(code).sample(keys, 20):
        assert guess in dict(first) or sum_squares_naive(guess, keys) >= worst


@pytest.mark.parametrize("language", [CA, EN], ids=["ca", "en"])
def test_page_folding_table_folds_every_character_like_clean_fold(language, lists):
    """The browser's rule (default + table) mirrored here; the JS itself is checked in
    test_wordle_js.py. Every display form of the list must fold to its key, too."""
    table = folding_table(language)
    alphabet = set(language.alphabet)

    def browser_fold_char(ch):
        return table[ch] if ch in table else _default_fold_char(ch, alphabet)

    for code in range(0x80, 0x3000):
        ch = chr(code).lower()
        if len(ch) != 1 or ch in language.folding.drop:
            continue
        assert browser_fold_char(ch) == fold(ch, language), repr(ch)
    words = lists[language.code]
    for key in words.keys:
        for form in words.forms[key]:
            assert fold(form, language) == key


# --- command line -----------------------------------------------------------------------


def test_cli_prints_the_words_that_fit_and_the_best_next_guesses(built_lists, lists, capsys):
    path = built_lists("ca") / "wordle.tsv"
    assert rusc(["wordle", "ca", "xxxÇx:...g.", "acabà:.....", "--list", str(path), "--top", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = filter_keys(lists["ca"].keys, [Clue("xxxçx", "...g."), Clue("acaba", ".....")])
    assert out[0] == f"{len(expected)} words fit:"
    assert out[1 : 1 + len(expected)] == ["  " + " ".join(lists["ca"].forms[k]) for k in expected]
    assert out[1 + len(expected)] == "Best next guesses (expected words left):"
    assert 1 <= len(out[2 + len(expected):]) <= 3


def test_cli_says_when_no_word_fits_and_why(built_lists, capsys):
    path = built_lists("en") / "wordle.tsv"
    assert rusc(["wordle", "en", "geese:....y", "--list", str(path)]) == 0
    assert capsys.readouterr().out == "No word fits: guess 1 has a grey e before a yellow e, which Wordle never shows.\n"


def test_cli_errors_are_one_line(tmp_path, capsys):
    assert rusc(["wordle", "en", "crane:gyx.."]) == 2
    assert rusc(["wordle", "en", "crane:gy...", "--list", str(tmp_path / "missing.tsv")]) == 1
    bad = tmp_path / "wordle.tsv"
    bad.write_text("crane\tcrane\nabc\tabc\n", encoding="utf-8")
    assert rusc(["wordle", "en", "crane:gy...", "--list", str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "missing.tsv" in err[1] and f"{bad}:2:" in err[2]
