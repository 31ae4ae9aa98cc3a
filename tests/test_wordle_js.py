"""site/wordle.js against pipeline/wordle.py, run by Node on thousands of random cases:
decoding the page data, folding typed text, Wordle's feedback, the clue filter and the
suggestions must all agree with the Python twin."""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from conftest import require_tool
from pipeline.clean import fold
from pipeline.config import load_language
from pipeline.wordle import (
    Clue,
    build_wordle_data,
    feedback,
    filter_keys,
    load_wordle_list,
    suggest,
    wordle_json,
)

CA, EN = load_language("ca"), load_language("en")

#: Reads {"data": page JSON, "cases": {...}} on stdin, answers every case on stdout.
DRIVER = r"""
const core = require(process.argv[2]);
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { data, cases } = JSON.parse(input);
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
    suggest: cases.suggest.map(([candidates, guesses, top]) => {
      const index = (k) => words.position[k];
      return core.suggest(words, candidates.map(index), guesses.map(index), top)
        .map((s) => [words.keys[s.word], s.sumSquares, s.isCandidate]);
    }),
  };
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(repo_root, tmp_path, data: dict, cases: dict) -> dict:
    node = require_tool("node")
    driver = tmp_path / "driver.js"
    driver.write_text(DRIVER, encoding="utf-8")
    payload = json.dumps({"data": json.loads(wordle_json(data)), "cases": cases}, ensure_ascii=False)
    result = subprocess.run([node, str(driver), str(repo_root / "site" / "wordle.js")], input=payload.encode(),
                            capture_output=True, timeout=600)
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


def random_word(rng, letters, length=5):
    return "".join(rng.choice(letters) for _ in range(length))


def clue_cases(rng, keys, letters, count):
    """(answer, guesses) cases as clue lists: true clues, or with one mark changed."""
    cases = []
    for _ in range(count):
        answer = rng.choice(keys)
        guesses = [rng.choice(keys) if rng.random() < 0.5 else random_word(rng, letters) for _ in range(rng.randint(1, 4))]
        clues = [[g, feedback(g, answer)] for g in guesses]
        if rng.random() < 0.3:
            i, pos = rng.randrange(len(clues)), rng.randrange(5)
            clues[i][1] = clues[i][1][:pos] + rng.choice("gy.") + clues[i][1][pos + 1:]
        cases.append(clues)
    return cases


FOLD_POOL = list("abcçdefghijklmnopqrstuvwxyzABCÇXYZàáèéíïòóúüÀÉÏÓÜñÑß·'’-. 09ŀĿøæœłđþðεжאǆﬁ") + [
    "l·l", "L·L", "ŀl", "l.l", "e\u0301", "c\u0327", "a\u0300\u0301", "\u0301"]


def fold_cases(rng, count):
    return ["".join(rng.choice(FOLD_POOL) for _ in range(rng.randint(0, 7))) for _ in range(count)]


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
    words = load_wordle_list(tsv, CA)
    feedback_cases = [[random_word(rng, letters), random_word(rng, letters)] for _ in range(5000)]
    filter_cases = clue_cases(rng, keys, letters, 2000)
    suggest_cases = []
    for _ in range(30):
        candidates = sorted(rng.sample(keys, rng.randint(1, 60)))
        hard = rng.random() < 0.3
        suggest_cases.append([candidates, candidates if hard else keys, rng.choice([1, 5, 10])])
    cases = {"feedback": feedback_cases, "fold": fold_cases(rng, 3000), "filter": filter_cases, "suggest": suggest_cases}

    out = run_js(repo_root, tmp_path, data, cases)

    assert {k: tuple(f) for k, f in out["forms"]} == words.forms
    assert out["feedback"] == [feedback(g, a) for g, a in feedback_cases]
    assert out["fold"] == [fold(text, CA) for text in cases["fold"]]
    assert out["filter"] == [filter_keys(keys, [Clue(g, p) for g, p in clues]) for clues in filter_cases]
    empty = sum(not got for got in out["filter"])
    assert 0 < empty < len(filter_cases)  # both outcomes are exercised
    for (candidates, guesses, top), got in zip(suggest_cases, out["suggest"]):
        expected = suggest(candidates, guesses, top)
        assert got == [[s.key, s.sum_squares, s.is_candidate] for s in expected]


@pytest.mark.parametrize("code", ["ca", "en"])
def test_js_agrees_with_python_on_the_real_list(code, built_lists, repo_root, tmp_path):
    language = CA if code == "ca" else EN
    tsv = built_lists(code) / "wordle.tsv"
    data = build_wordle_data(language, tsv)
    words = load_wordle_list(tsv, language)
    keys = list(words.keys)
    rng = random.Random(code)
    filter_cases = clue_cases(rng, keys, language.alphabet, 300)
    forms = [f for k in rng.sample(keys, 500) for f in words.forms[k]]
    fold_texts = fold_cases(rng, 2000) + [f.upper() for f in forms] + forms
    suggest_cases = []
    for clues in filter_cases[:12]:
        candidates = filter_keys(keys, [Clue(g, p) for g, p in clues])
        if 0 < len(candidates) <= 80:
            suggest_cases.append([candidates, keys, 10])
            suggest_cases.append([candidates, candidates, 5])
    assert suggest_cases
    cases = {"feedback": [], "fold": fold_texts, "filter": filter_cases, "suggest": suggest_cases}

    out = run_js(repo_root, tmp_path, data, cases)

    assert {k: tuple(f) for k, f in out["forms"]} == words.forms
    assert out["fold"] == [fold(text, language) for text in fold_texts]
    assert out["filter"] == [filter_keys(keys, [Clue(g, p) for g, p in clues]) for clues in filter_cases]
    for (candidates, guesses, top), got in zip(suggest_cases, out["suggest"]):
        assert got == [[s.key, s.sum_squares, s.is_candidate] for s in suggest(candidates, guesses, top)]
