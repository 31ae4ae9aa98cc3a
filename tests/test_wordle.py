"""Wordle helper (pipeline/games/wordle/): Wordle's repeated-letter rule, the per-letter
constraints proved equal to it, the bulk feedback and filters, the answer prior, exact
suggestions with the hard-mode pool and the phone budget, the page data and the CLI — on
random words full of repeated letters and on the real Catalan and English lists."""

from __future__ import annotations

import gzip
import itertools
import json
import random
from collections import Counter

import numpy as np
import pytest
from support.repo import lines

from pipeline.browser.fold import default_fold_char, folding_table
from pipeline.browser.wire import LEVEL_CHARS, decode_forms, shared_count
from pipeline.browser.wordle_data import build_wordle_data, wordle_json
from pipeline.cli import main as rusc
from pipeline.commands.wordle import EXACT
from pipeline.config import load_language
from pipeline.core.errors import UsageError
from pipeline.games.wordle.book import opening
from pipeline.games.wordle.endgame import ENDGAME_DEPTH, FOUND_UNIT, found_in_time, in_time_first
from pipeline.games.wordle.feedback import Patterns, code_of, feedback_codes
from pipeline.games.wordle.filters import fitting, hard_pool, near_fits
from pipeline.games.wordle.ranking import BUDGET, guesses_to_rank, letter_scores, rank
from pipeline.games.wordle.rules import (
    GUESSES,
    Clue,
    compile_clues,
    feedback,
    filter_keys,
    fits,
    fold_guess,
    parse_clue,
    pattern_of,
)
from pipeline.games.wordle.strategy import suggest
from pipeline.games.wordle.words import MAX_WEIGHT, WEIGHTS, Words, load_words
from pipeline.lists.clean import fold

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
    """Language code → the real Wordle list of the default length."""
    return {code: load_words(built_lists(code) / "wordle.tsv", lang) for code, lang in (("ca", CA), ("en", EN))}


def table_of(keys, alphabet: str, rng: random.Random | None = None) -> Words:
    """A Words table of made-up keys, with random prior levels."""
    keys = tuple(sorted(set(keys)))
    rng = rng or random.Random(0)
    levels = np.array([rng.randrange(64) for _ in keys], dtype=np.int64)
    return Words(len(keys[0]), keys, {k: (k,) for k in keys}, alphabet, levels, np.zeros(len(keys)))


def brute_force(words: Words, guess: int, candidates) -> tuple[int, int, int]:
    """(remaining, win, left) of a guess, group by group with the string rule."""
    weight, count = Counter(), Counter()
    for c in candidates:
        f = feedback(words.keys[guess], words.keys[c])
        weight[f] += int(WEIGHTS[words.levels[c]])
        count[f] += 1
    win = weight.pop("g" * words.length, 0)
    count.pop("g" * words.length, 0)
    return sum(w * w for w in weight.values()), win, sum(weight[f] * count[f] for f in weight)


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
    got = filter_keys(keys, [parse_clue("GUESS:...y.", EN, 5)])
    expected = [w for w in keys if w.count("s") == 1 and w[3] != "s" and w[4] != "s" and not set(w) & set("gue")]
    assert got == expected
    assert len(got) > 50 and all("s" in w for w in got)  # the seed's filter dropped all of these


def test_real_lists_filter_like_brute_force_feedback(lists):
    rng = random.Random(2026)
    for code in ("ca", "en"):
        keys = lists[code].keys
        for _ in range(25):
            answer = rng.choice(keys)
            clues = [Clue(g, feedback(g, answer)) for g in rng.sample(keys, rng.randint(1, 3))]
            got = filter_keys(keys, clues)
            assert answer in got
            assert got == [w for w in keys if all(feedback(c.guess, w) == c.pattern for c in clues)]


def test_catalan_keeps_c_cedilla_and_shows_accented_forms(lists):
    words = lists["ca"]
    assert fold_guess("PLAÇA", CA, 5) == "plaça" and fold_guess("acabà", CA, 5) == "acaba"
    assert "plaça" in words.forms["plaça"]
    assert set(words.forms["acaba"]) >= {"acaba", "acabà"}
    # ç is a letter of its own: a green ç keeps only words with ç there ...
    green = filter_keys(words.keys, [parse_clue("xxxÇx:...g.", CA, 5)])
    assert "plaça" in green and green == [w for w in words.keys if w[3] == "ç" and "x" not in w]
    assert all(any("ç" in form for form in words.forms[w]) for w in green)
    # ... and a grey ç rules out ç but not c, and the other way round.
    no_cedilla = filter_keys(words.keys, [Clue("ççççç", ".....")])
    assert len(no_cedilla) == sum("ç" not in w for w in words.keys)
    assert any("c" in w for w in no_cedilla)
    assert any("ç" in w for w in filter_keys(words.keys, [Clue("ccccc", ".....")]))
    # Accented display forms are shown for their key.
    accented = filter_keys(words.keys, [parse_clue("acabà:ggggg", CA, 5)])
    assert accented == ["acaba"] and "acabà" in words.forms[accented[0]]


@pytest.mark.parametrize(
    "language,text",
    [
        (EN, "crane:gyx.."),
        (EN, "cran:gy..."),
        (CA, "pl4ça:....."),
        (EN, "crane"),
        (EN, ":....."),
        (EN, "crane:gy.."),
        (EN, "αβγδε:....."),
        (CA, "cel·les:......."),
    ],
    ids=lambda x: x if isinstance(x, str) else x.code,
)
def test_bad_clues_are_usage_errors(language, text):
    with pytest.raises(UsageError):
        parse_clue(text, language, 5)


def test_clues_fold_like_the_games():
    assert parse_clue("Naïve:GY...", EN, 5) == Clue("naive", "gy...")
    assert parse_clue("cel·la:..y.g", CA, 5) == Clue("cella", "..y.g")


# --- bulk feedback, filters and the hard-mode pool ---------------------------------------------


@pytest.mark.parametrize("letters,length", [("ab", 4), ("abcç", 5), ("aabcde", 6), ("abcdefgh", 7)])
def test_bulk_feedback_equals_the_rule_on_repeated_letters(letters, length):
    rng = random.Random(length)
    alphabet = "".join(dict.fromkeys(letters))
    index = {c: i for i, c in enumerate(alphabet)}
    guesses = [random_word(rng, letters, length) for _ in range(120)]
    answers = [random_word(rng, letters, length) for _ in range(120)]
    as_codes = lambda ws: np.array([[index[c] for c in w] for w in ws], dtype=np.uint8)  # noqa: E731
    got = feedback_codes(as_codes(guesses), as_codes(answers), len(alphabet))
    for i, g in enumerate(guesses):
        for j, a in enumerate(answers):
            assert pattern_of(int(got[i, j]), length) == feedback(g, a), (g, a)
            assert code_of(feedback(g, a)) == got[i, j]


def test_real_lists_bulk_feedback_equals_the_rule(lists):
    rng = random.Random(4)
    for words in lists.values():
        patterns = Patterns(words)
        guesses = np.array(rng.sample(range(words.size), 60))
        answers = np.array(rng.sample(range(words.size), 400))
        block = patterns.block(guesses, answers)
        for i, g in enumerate(guesses):
            for j, a in enumerate(answers):
                assert pattern_of(int(block[i, j]), words.length) == feedback(words.keys[g], words.keys[a])


def test_bulk_filter_equals_fits_and_the_hard_pool_its_definition():
    rng = random.Random(18)
    words = table_of([random_word(rng, "abcçde") for _ in range(1500)], "abcçde", rng)
    for _ in range(300):
        answer = rng.choice(words.keys)
        clues = [Clue(g, feedback(g, answer)) for g in (random_word(rng, "abcçde") for _ in range(rng.randint(1, 3)))]
        if rng.random() < 0.3:  # one mark changed: often impossible
            p = list(clues[0].pattern)
            p[rng.randrange(5)] = rng.choice("gy.")
            clues[0] = Clue(clues[0].guess, "".join(p))
        constraints = compile_clues(clues, 5)
        assert [words.keys[i] for i in fitting(words, constraints)] == [k for k in words.keys if fits(k, constraints)]
        # Hard mode: greens in place; each letter at least as often as one clue showed it.
        allowed = (
            [
                k
                for k in words.keys
                if all(
                    all(k[i] == c for i, (c, m) in enumerate(zip(clue.guess, clue.pattern)) if m == "g")
                    and all(
                        k.count(c) >= sum(1 for x, m in zip(clue.guess, clue.pattern) if x == c and m != ".")
                        for c in set(clue.guess)
                    )
                    for clue in clues
                )
            ]
            if not constraints.impossible
            else []
        )
        assert [words.keys[i] for i in hard_pool(words, constraints)] == allowed


# --- the prior --------------------------------------------------------------------------------


def test_frequencies_kept_in_the_cache_are_the_ones_computed(built_lists, lists, tmp_path):
    """``rusc wordle`` reads the words' frequencies from the cache (wordfreq's table is most
    of its time): kept once per language and length, read back exactly, and made again
    when the file is damaged."""
    tsv = built_lists("en") / "wordle.tsv"
    kept = load_words(tsv, EN, cache=tmp_path)
    (file,) = tmp_path.glob(f"zipf-en-{EN.wordle.length}-*.f64")
    assert np.array_equal(kept.zipf, lists["en"].zipf) and np.array_equal(kept.levels, lists["en"].levels)
    again = load_words(tsv, EN, cache=tmp_path)
    assert np.array_equal(again.zipf, lists["en"].zipf) and list(tmp_path.glob("zipf-*")) == [file]
    other = next(n for n in EN.wordle.lengths if n != EN.wordle.length)
    load_words(tsv, EN, other, cache=tmp_path)
    assert file.exists() and len(list(tmp_path.glob("zipf-en-*.f64"))) == 2, "each length keeps its own"
    file.write_bytes(b"\xff" * 8 + file.read_bytes()[8:])  # the first frequency damaged
    assert np.array_equal(load_words(tsv, EN, cache=tmp_path).zipf, lists["en"].zipf)


def test_common_words_weigh_more_and_the_weights_stay_exact_in_doubles(lists):
    for code, words in lists.items():
        weights = words.weights
        common = {"en": ["about", "house", "water", "think"], "ca": ["també", "temps", "porta", "sobre"]}[code]
        index = words.index()
        for form in common:
            key = fold(form, CA if code == "ca" else EN)
            assert weights[index[key]] >= max(words.common, 0.5 * MAX_WEIGHT), (key, weights[index[key]])
        # Words wordfreq does not know weigh less than common ones, and an inflection less
        # than a headword (inflection_odds).
        rare = words.zipf == 0
        assert rare.any() and (weights[rare] < words.common).all()
        least_headword = weights[rare & words.lemma].min()
        assert weights[rare & ~words.lemma].max() < least_headword or least_headword == 1  # 1: the floor
        # Every sum of squares Python and JavaScript compute stays an exact double.
        assert int(weights.sum()) ** 2 < 2**53


def test_words_the_vocabulary_brought_in_are_headwords_to_the_prior_and_their_inflections_are_not(built_lists, lists):
    """The English dictionary lacks cyber, donut, ramen, golem, penne, caddy and loach, which
    SCOWL's graded list brings into the games (caddy and loach into Wordle's alone): its
    lemmas cannot say they are headwords, so the Wordle list marks them (a fourth field) for
    the prior, which would take them for inflections, a fifteenth as likely. Their plurals,
    the dictionary's comparatives (fewer), the graded list's names and other languages'
    words (costa, kylie, monde) and British spellings (theatre) are not headwords."""
    words = lists["en"]
    index = words.index()
    dictionary = lines(built_lists("en") / "words.txt")
    for key in ("cyber", "donut", "ramen", "golem", "penne", "caddy", "loach"):
        assert key not in dictionary, f"{key} is a dictionary word: the test proves nothing"
        assert words.lemma[index[key]], key
    for key in ("costa", "kylie", "monde"):
        assert key not in dictionary and not words.lemma[index[key]], key
    assert "fewer" in dictionary and not words.lemma[index["fewer"]]
    plurals = load_words(built_lists("en") / "wordle.tsv", EN, length=6)
    for key in ("golems", "ebooks", "flyers"):
        assert key not in dictionary and not plurals.lemma[plurals.index()[key]], key
    # British spellings the American clue filter keeps are no American headwords.
    sevens = load_words(built_lists("en") / "wordle.tsv", EN, length=7)
    for key in ("theatre", "licence"):
        assert key not in dictionary and not sevens.lemma[sevens.index()[key]], key
    # As frequent as a common headword, cyber weighs as one (an inflection's odds would not).
    assert words.zipf[index["cyber"]] >= EN.wordle.common_zipf and words.weights[index["cyber"]] >= words.common


# --- suggestions -------------------------------------------------------------------------------


def test_ranking_is_exactly_the_brute_force_order_by_remaining_weight_then_win_chance():
    rng = random.Random(6)
    for letters in ("abcd", "aeilnorst"):
        words = table_of([random_word(rng, letters) for _ in range(700)], letters, rng)
        patterns = Patterns(words)
        everything = np.arange(words.size)
        for n in (1, 2, 5, 40, 300):
            candidates = np.array(sorted(rng.sample(range(words.size), n)))
            got = rank(patterns, everything, candidates, top=10)
            expected = sorted((*brute_force(words, g, candidates), g) for g in everything)
            expected = sorted(expected, key=lambda t: (t[0], -t[1], t[3]))[:10]
            assert [(s.remaining, s.win, s.left, s.index) for s in got] == expected
            total = int(words.weights[candidates].sum())
            assert all(s.total == total and s.candidates == n for s in got)


def test_a_likely_candidate_beats_a_guess_that_only_splits():
    """Two candidates: guessing the likelier wins half the time or more; a splitter never."""
    words = table_of(["aaaab", "aaaac", "bcdef"], "abcdef")
    levels = np.array([63, 40, 0])
    words = Words(5, words.keys, words.forms, words.alphabet, levels, np.zeros(3))
    best = rank(Patterns(words), np.arange(3), np.array([0, 1]), top=3)
    assert [s.key for s in best] == ["aaaab", "aaaac", "bcdef"]
    assert best[0].win_chance == pytest.approx(1000 / (1000 + WEIGHTS[40]))
    assert best[0].expected_left == pytest.approx(WEIGHTS[40] / (1000 + WEIGHTS[40]))


def test_over_the_budget_only_the_best_letter_scores_are_ranked():
    rng = random.Random(9)
    words = table_of([random_word(rng, "aeilnorstu") for _ in range(2000)], "aeilnorstu", rng)
    pool, candidates = np.arange(words.size), np.array(sorted(rng.sample(range(words.size), 300)))
    assert (guesses_to_rank(words, pool, candidates, budget=len(pool) * 300) == pool).all()
    chosen = guesses_to_rank(words, pool, candidates, budget=100 * 300)
    quick = letter_scores(words, pool, candidates)
    assert len(chosen) == 100 and (np.diff(chosen) > 0).all()
    assert quick[chosen].min() >= np.sort(quick)[::-1][99]


def best_play(words: Words, group: list[int], left: int) -> int:
    """found_in_time by its definition: the best candidate to guess, every one tried, every
    feedback group played on at best; a word found is worth FOUND_UNIT and its weight."""
    if left <= 0 or not group:
        return 0
    best = 0
    for guess in group:
        groups: dict[str, list[int]] = {}
        for c in group:
            groups.setdefault(feedback(words.keys[guess], words.keys[c]), []).append(c)
        groups.pop("g" * words.length)
        best = max(
            best, FOUND_UNIT + int(words.weights[guess]) + sum(best_play(words, g, left - 1) for g in groups.values())
        )
    return best


def test_found_in_time_is_the_best_play_of_the_candidates():
    rng = random.Random(18)
    words = table_of([random_word(rng, "abcde") for _ in range(400)], "abcde", rng)
    patterns = Patterns(words)
    for n in (1, 2, 3, 5, 9, 14):
        for _ in range(6):
            group = sorted(rng.sample(range(words.size), n))
            for left in (1, 2, 3):
                assert found_in_time(patterns, np.array(group), left) == best_play(words, group, left), (group, left)


def test_a_family_that_one_letter_tells_apart_is_found_only_as_far_as_the_guesses_go():
    """bills, fills, hills, mills, pills, wills: each guess of them tells one apart, so three
    guesses find the three likeliest; in hard mode a guess that leaves such a family goes
    after one that does not."""
    family = ["bills", "fills", "hills", "mills", "pills", "wills"]
    words = table_of(family + ["bhmpw"], "bfhilmpsw")
    patterns = Patterns(words)
    group = np.array([words.keys.index(k) for k in family])
    weights = sorted(words.weights[group].tolist(), reverse=True)
    assert found_in_time(patterns, group, 3) == 3 * FOUND_UNIT + sum(weights[:3])
    assert found_in_time(patterns, group, 2) == 2 * FOUND_UNIT + sum(weights[:2])
    # Deeper than ENDGAME_DEPTH guesses, the play-out is cut (a lower bound).
    assert found_in_time(patterns, group, ENDGAME_DEPTH + 2) == found_in_time(patterns, group, ENDGAME_DEPTH)
    ranked = rank(patterns, np.arange(words.size), group, 10)
    assert ranked[0].key != "bhmpw"  # a candidate wins now: the remaining weight prefers it
    first = in_time_first(patterns, ranked, group, 3)[0]
    assert first.key == "bhmpw" and first.found == len(family) and not first.trap  # but only the splitter finds all
    # With two guesses left, each candidate guessed is a trap (the page warns of it), the splitter not.
    assert [s.key for s in in_time_first(patterns, ranked, group, 2) if not s.trap] == ["bhmpw"]


@pytest.mark.parametrize("code", ["en"])
def test_suggest_follows_the_policy_opening_table_then_budgeted_search(code, lists):
    words = lists[code]
    patterns = Patterns(words).precompute()
    table = opening(patterns, top=10, second_top=10, only_over=BUDGET)
    everything = np.arange(words.size)
    assert suggest(patterns, [], opening_table=table) == table.first
    assert table.first == rank(patterns, everything, everything, 10)
    best = table.first[0].key
    rng = random.Random(code)
    for answer in rng.sample(words.keys, 30):
        clue = Clue(best, feedback(best, answer))
        constraints = compile_clues([clue], words.length)
        candidates = fitting(words, constraints)
        for hard in (False, True):
            pool = hard_pool(words, constraints) if hard else everything
            got = suggest(patterns, [clue], hard=hard, opening_table=table)
            # Whether from the shipped table or computed, the second guesses are exact, in the
            # order of what they find within the five guesses left.
            want = rank(patterns, pool, candidates, 10)
            assert got == in_time_first(patterns, want, candidates, GUESSES - 1, hard)


# --- the page data --------------------------------------------------------------------------


def decode(data: dict) -> dict[str, tuple[str, ...]]:
    """The page's JSON back to key → forms, through the wire format's Python side (its
    JavaScript side is held to it by tests/test_wire_js.py)."""
    keys, text, previous, i = [], data["keys"], "", 0
    while i < len(text):
        shared = shared_count(text[i])
        rest = data["length"] - shared
        key = previous[:shared] + text[i + 1 : i + 1 + rest]
        keys.append(key)
        previous, i = key, i + 1 + rest
    forms = {k: (k,) for k in keys}
    index = 0
    for step, encoded in zip(data["forms"][::2], data["forms"][1::2]):
        index += step
        forms[keys[index]] = tuple(decode_forms(keys[index], encoded))
    return forms


@pytest.fixture(scope="module")
def page_data(built_lists, paths):
    # Through the build's own cache (Paths.kept): the site build of this run may
    # already have computed it, with this code and these lists (the cache's key).
    return {
        code: build_wordle_data(lang, built_lists(code) / "wordle.tsv", cache=paths.kept)
        for code, lang in (("ca", CA), ("en", EN))
    }


@pytest.mark.parametrize("code", ["ca", "en"])
def test_page_data_round_trips_and_stays_small(code, page_data, lists):
    data, words = page_data[code], lists[code]
    assert decode(data) == words.forms
    assert data["count"] == words.size and data["alphabet"] == (CA if code == "ca" else EN).alphabet
    assert [LEVEL_CHARS.index(ch) for ch in data["levels"]] == words.levels.tolist()
    assert data["weights"] == list(WEIGHTS)
    blob = wordle_json(data)
    assert json.loads(blob) == data
    assert len(gzip.compress(blob, 6)) < 45_000  # leaves room for HTML, JS and CSS in 60 KB


@pytest.mark.parametrize("code", ["ca", "en"])
def test_page_data_ships_the_exact_opening_and_every_second_step_over_the_budget(code, page_data, lists):
    data, words = page_data[code], lists[code]
    patterns = Patterns(words)
    everything = np.arange(words.size)
    assert data["first"][:10] == [s.index for s in rank(patterns, everything, everything, 10)]
    # ... then a pinned hard-mode opener ([wordle] hard_opener) the ranking's first ten lack.
    assert data["first"][10:] == [data["opener"]["hard"]][: len(data["first"]) - 10]
    assert data["opener"]["hard"] in data["first"]
    for mode, hard in (("normal", False), ("hard", True)):
        # Each mode's second guesses follow its own opener (book.py, _Bookmaker.opener).
        best = data["opener"][mode]
        row = patterns.block(np.array([best]), everything)[0]
        shipped = {int(c): ranked for c, ranked in data["second"][mode].items()}
        for code_ in np.unique(row).tolist():
            if code_ == 3**words.length - 1:
                continue
            candidates = everything[row == code_]
            constraints = compile_clues([Clue(words.keys[best], pattern_of(code_, words.length))], words.length)
            pool = hard_pool(words, constraints) if hard else everything
            if len(pool) * len(candidates) <= BUDGET:
                assert code_ not in shipped  # the browser ranks it itself
            else:
                assert shipped[code_] == [s.index for s in rank(patterns, pool, candidates, 10)]


@pytest.mark.parametrize("language", [CA, EN], ids=["ca", "en"])
def test_page_folding_table_folds_every_character_like_clean_fold(language, lists):
    """The browser's rule (default + table) mirrored here; the JS itself is checked in
    test_wordle_js.py. Every display form of the list must fold to its key, too."""
    table = folding_table(language)
    alphabet = set(language.alphabet)

    def browser_fold_char(ch):
        return table[ch] if ch in table else default_fold_char(ch, alphabet)

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
    words = lists["ca"]
    expected = filter_keys(words.keys, [Clue("xxxçx", "...g."), Clue("acaba", ".....")])
    likely_first = sorted(expected, key=lambda k: (-int(words.weights[words.index()[k]]), k))
    assert out[0] == f"{len(expected)} words fit, most likely first:"
    assert out[1 : 1 + len(expected)] == ["  " + " ".join(words.forms[k]) for k in likely_first]
    assert out[1 + len(expected)] == "Best next guesses (words left on average, chance to win now):"
    assert 1 <= len(out[2 + len(expected) :]) <= 3
    best = suggest(Patterns(words), [Clue("xxxçx", "...g."), Clue("acaba", ".....")], top=3, budget=EXACT)
    assert [line.split()[0] for line in out[2 + len(expected) :]] == [words.forms[s.key][0] for s in best]


def test_when_no_word_fits_the_words_that_fit_every_clue_but_one_are_offered(built_lists, lists, capsys):
    """An answer the list lacks (quarz, the German spelling of quartz): the page and the CLI
    say so plainly and offer the words that fit all the clues but one, each with the clue it
    breaks (here quark breaks the third, crazy and pizza the first)."""
    words = lists["en"]
    clues = [Clue(guess, feedback(guess, "quarz")) for guess in ("quart", "vexed", "zonal")]
    assert not len(fitting(words, compile_clues(clues, 5)))
    near = near_fits(words, clues)
    for number in range(len(clues)):
        others = clues[:number] + clues[number + 1 :]
        assert {f.key for f in near if f.clue == number} == set(filter_keys(words.keys, others))
    assert len({f.clue for f in near}) >= 2
    weights = [int(words.weights[f.index]) for f in near]
    assert weights == sorted(weights, reverse=True)
    path = built_lists("en") / "wordle.tsv"
    assert rusc(["wordle", "en", *(f"{c.guess}:{c.pattern}" for c in clues), "--list", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("No word of the list fits these clues")
    assert out[1] == f"{len(near)} words fit every clue but one, most likely first:"
    assert out[2:] == [f"  {' '.join(words.forms[f.key])}  (not clue {f.clue + 1})" for f in near]


def test_cli_says_when_no_word_fits_and_why(built_lists, capsys):
    path = built_lists("en") / "wordle.tsv"
    assert rusc(["wordle", "en", "geese:....y", "--list", str(path)]) == 0
    assert (
        capsys.readouterr().out == "No word fits: guess 1 has a grey e before a yellow e, which Wordle never shows.\n"
    )


def test_cli_errors_are_one_line(tmp_path, capsys):
    assert rusc(["wordle", "en", "crane:gyx.."]) == 2
    assert rusc(["wordle", "en", "crane:gy...", "--list", str(tmp_path / "missing.tsv")]) == 1
    bad = tmp_path / "wordle.tsv"
    bad.write_text("crane\tcrane\nab3de\tab3de\n", encoding="utf-8")
    assert rusc(["wordle", "en", "crane:gy...", "--list", str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "missing.tsv" in err[1] and f"{bad}:2:" in err[2]
