"""site/game-core.js against the Python engines, under Node, on every scheduled day of a
month in Catalan and English: folding, judging each entry (every message case), points,
ranks, the live hints, and the rack's spelling, blanks and scores.

The page data comes from pipeline/browser/playdata.py exactly as the site embeds it; the Python
side of each comparison is the engine (pipeline/games/beehive.py, pipeline/games/racks/,
pipeline/clean.fold) plus the plain rule the message states.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter

import pytest
from support.node import run_driver

from pipeline.browser.playdata import hive_play_data, rack_play_data, rack_text
from pipeline.config import load_language
from pipeline.core.daily import dates
from pipeline.games.beehive import BeehiveIndex, Hive, hints, rank_thresholds, word_points
from pipeline.games.racks import DailyRack, RackIndex
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import lexicon_checksum, load_game_lexicon

#: The month played: every day of it, in both languages.
from pipeline.lists.tiles import BLANK

#: The month played: every day of it, in both languages.
MONTH = (dt.date(2026, 1, 1), dt.date(2026, 1, 31))

DRIVER = r"""
const core = require(process.argv[2]);
withJob(({ hives, racks }) => {
  const out = { hives: [], racks: [] };
  for (const h of hives) {
    const hive = core.hive(h.data);
    const judged = h.cases.map((text) => {
      const r = core.judgeHive(hive, text, {});
      return [r.kind, r.key || null, r.points || 0, r.forms || null];
    });
    // Play every answer in order: the score, the rank, and "already found" on a repeat.
    const found = {}; let score = 0; const again = [];
    for (const key of h.play) {
      const r = core.judgeHive(hive, key, found);
      if (r.kind === "ok") { found[r.key] = true; score += r.points; }
      again.push(core.judgeHive(hive, key, found).kind);
    }
    const left = core.hintsLeft(h.data, h.partial);
    out.hives.push({ judged, score, again, rank: core.rankOf(hive.ranks, score), ranks: hive.ranks,
      rankAt: h.scores.map((s) => core.rankOf(hive.ranks, s)), left,
      done: core.hintsLeft(h.data, Object.keys(found)) });
  }
  for (const r of racks) {
    const rack = core.rack(r.data);
    out.racks.push(r.cases.map((text) => {
      const j = core.judgeRack(rack, text, {});
      return [j.kind, j.id || null, j.score || 0, j.blanks || [], !!j.bingo];
    }));
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(repo_root, tmp_path, payload: dict) -> dict:
    return run_driver(tmp_path, DRIVER, repo_root / "site" / "game-core.js", payload)


def roundtrip(data: dict) -> dict:
    """The data as the page carries it (JSON), so nothing Python-only slips through."""
    return json.loads(json.dumps(data, ensure_ascii=False))


# ---- the Python side of each message ------------------------------------------------------


def expected_hive(language, hive: Hive, text: str) -> tuple[str, str | None, int]:
    """(kind, key, points) by the rules the messages state, from the engine's answers; the
    spaces around a word are no part of it."""
    text = text.strip()
    key = fold(text, language)
    if key is None:
        left = [ch for ch in text.lower() if ch not in language.folding.drop]
        return ("empty", None, 0) if not left else ("letter", None, 0)
    if not set(key) <= set(hive.letters):
        return "letter", key, 0
    if len(key) < language.beehive.min_length:
        return "short", key, 0
    if hive.centre not in key:
        return "centre", key, 0
    if key not in {a.key for a in hive.answers}:
        return "list", key, 0
    return "ok", key, word_points(language, key)


def noise(rng: random.Random, letters: str, extra: str, count: int) -> list[str]:
    pool = list(letters) * 3 + list(extra) + ["l·l", "L·L", "ŀl", "-", "'", "À", "É", "ç", "ß", "·", " "]
    return ["".join(rng.choice(pool) for _ in range(rng.randint(0, 9))) for _ in range(count)]


def without_centre(index: BeehiveIndex, hive: Hive) -> list[str]:
    """Keys spelled with the hive's outer letters only (every subset of their letter set)."""
    others = 0
    for ch in hive.letters[1:]:
        others |= index.bits[ch]
    keys, sub = [], others
    while sub:
        keys += [index.keys[i] for i in index.by_mask.get(sub, ())]
        sub = (sub - 1) & others
    return sorted(keys)


@pytest.fixture(scope="module")
def engines(built_lists, game_indexes):
    """Per language: the beehive index, the rack index, and every key of game.tsv."""
    out = {}
    for code in ("ca", "en"):
        language = load_language(code)
        folder = built_lists(code)
        everything = {
            **load_game_lexicon(folder / "game.tsv", "words"),
            **load_game_lexicon(folder / "game.tsv", "lemmas"),
        }
        # Every key of either list filed by letter set: the words a player may try.
        all_keys = BeehiveIndex.from_lexicon(language, everything, lexicon_checksum(folder / "game.tsv"))
        out[code] = (language, game_indexes.beehive(code), game_indexes.rack(code), all_keys)
    return out


@pytest.mark.parametrize("code", ["ca", "en"])
def test_hive_rules_in_js_match_the_engine_on_every_day_of_a_month(code, engines, repo_root, tmp_path):
    language, index, _, all_keys = engines[code]
    rng = random.Random(f"hive-{code}")
    outside = "".join(ch for ch in language.alphabet)
    payload, expectations = [], []
    for day in dates(*MONTH):
        hive = index.daily(day)
        data = roundtrip(hive_play_data(language, day, hive, hints(hive)))
        answers = [a.key for a in hive.answers]
        tried = list(all_keys.solve(hive.letters).answers)
        non_answers = sorted({a.key for a in tried} - set(answers))
        no_centre = without_centre(all_keys, hive)[:40]
        typed_forms = [f for a in hive.answers for f in a.forms] + [f.upper() for a in hive.answers for f in a.forms]
        typed_forms += [f" {form} " for form in typed_forms[:5]]  # pasted with the spaces around it
        cases = answers + typed_forms + non_answers + no_centre + noise(rng, hive.letters, outside, 400)
        partial = rng.sample(answers, len(answers) // 2)
        scores = [rng.randint(0, hive.total_points) for _ in range(50)] + [t for _, t in hive.ranks]
        order = rng.sample(answers, len(answers))
        payload.append({"data": data, "cases": cases, "play": order, "partial": partial, "scores": scores})
        expectations.append((hive, cases, partial, scores, non_answers, no_centre))

    out = run_js(repo_root, tmp_path, {"hives": payload, "racks": []})

    kinds = Counter()
    for (hive, cases, partial, scores, _non_answers, _no_centre), got in zip(expectations, out["hives"]):
        by_key = {a.key: a for a in hive.answers}
        for text, (kind, key, points, forms) in zip(cases, got["judged"]):
            want = list(expected_hive(language, hive, text))
            if kind == "letter":  # what the rejected letters fold to does not matter
                key = want[1] = None
            assert [kind, key, points] == want, (hive.letters, text)
            kinds[kind] += 1
            if kind == "ok":  # the display forms are the engine's, rebuilt from the wire format
                assert tuple(forms) == by_key[key].forms
        assert got["score"] == hive.total_points
        assert got["again"] == ["found"] * hive.word_count
        assert (
            [list(r) for r in hive.ranks]
            == got["ranks"]
            == [list(r) for r in rank_thresholds(language, hive.total_points)]
        )
        assert got["rank"]["name"] == hive.ranks[-1][0] and got["rank"]["next"] is None
        for score, rank in zip(scores, got["rankAt"]):
            reached = [name for name, minimum in hive.ranks if score >= minimum]
            assert rank["name"] == reached[-1]
            following = [(name, minimum) for name, minimum in hive.ranks if minimum > score]
            assert rank["toNext"] == (following[0][1] - score if following else 0)
        # The live hints are the engine's hints of the answers still to find.
        rest = [a for a in hive.answers if a.key not in set(partial)]
        remaining = hints(Hive(hive.letters, hive.centre, hive.sorted_letters, tuple(rest), 0, 0, len(rest), ()))
        left = got["left"]
        assert {
            letter: {int(n): c for n, c in row.items() if c}
            for letter, row in left["grid"].items()
            if any(row.values())
        } == remaining.grid
        assert {p: c for p, c in left["two"].items() if c} == remaining.two_letter
        assert left["words"] == len(rest) and left["points"] == sum(a.points for a in rest)
        done = got["done"]
        assert done["words"] == 0 and done["points"] == 0
        assert all(c == 0 for row in done["grid"].values() for c in row.values())
        assert all(c == 0 for c in done["two"].values())
    # Every message case occurs in the month.
    assert set(kinds) == {"empty", "letter", "short", "centre", "list", "ok"}, kinds


def expected_rack(index: RackIndex, daily, text: str):
    """(kind, id, score, blanks, bingo) of a typed word, from the engine's answers (the
    spaces around it are no part of it)."""
    text = text.strip()
    tileset = index.tileset
    ids = tileset.spell(text)
    if fold(text, index.language) is None and not [ch for ch in text.lower() if ch not in index.language.folding.drop]:
        return ["empty", None, 0, [], False]
    if ids is None:
        return ["letter", None, 0, [], False]
    tiles = [tileset.texts[i] for i in ids]
    word = rack_text(tiles)
    if len(ids) < 2:
        return ["short", word, 0, [], False]
    have = Counter(t for t in daily.tiles if t != "?")
    extra = sum(max(0, n - have[t]) for t, n in Counter(tiles).items())
    if extra > daily.tiles.count("?"):
        return ["tiles", word, 0, [], False]
    answers = {rack_text(a.tiles): a for a in daily.solution.answers}
    if word not in answers:
        return ["list", word, 0, [], False]
    a = answers[word]
    return ["ok", word, a.score, list(a.blanks_used), a.bingo]


@pytest.mark.parametrize("code", ["ca", "en"])
def test_rack_rules_in_js_match_the_engine_on_every_day_of_a_month(code, engines, repo_root, tmp_path):
    language, _, racks, all_keys = engines[code]
    rng = random.Random(f"rack-{code}")
    payload, expectations = [], []
    sample = rng.sample(sorted(f for forms in all_keys.forms for f in forms), 400)
    for day in dates(*MONTH):
        daily = racks.daily(day)
        if day.day % 10 == 0:
            # The daily band rarely keeps a blank (a blank multiplies the answers); the page
            # must still play one: this day's rack with its last tile a blank.
            solution = racks.solve("".join(daily.tiles[:-1]) + BLANK)
            daily = DailyRack(day, solution.rack, solution)
        elif day.day == 15 and not any(a.bingo for a in daily.solution.answers):
            # A month's racks may hold no bingo; the page must still score one: the rack of
            # the first later day that has one.
            later = (racks.daily(day + dt.timedelta(days=n)) for n in range(1, 366))
            found = next(rack for rack in later if any(a.bingo for a in rack.solution.answers))
            daily = DailyRack(day, found.solution.rack, found.solution)
        data = roundtrip(rack_play_data(language, daily))
        typed = [f for a in daily.solution.answers for f in (a.forms or (a.form,))]
        letters = "".join(t for t in daily.tiles if t != "?")
        cases = (
            typed
            + [t.upper() for t in typed]
            + [f" {t} " for t in typed[:5]]
            + sample
            + noise(rng, letters, "kwyqç", 300)
        )
        payload.append({"data": data, "cases": cases})
        expectations.append((daily, cases))

    out = run_js(repo_root, tmp_path, {"hives": [], "racks": payload})

    kinds = Counter()
    for (daily, cases), got in zip(expectations, out["racks"]):
        for text, result in zip(cases, got):
            assert result == expected_rack(racks, daily, text), (daily.tiles, text)
            kinds[result[0]] += 1
        typed = sum(len(a.forms or (a.form,)) for a in daily.solution.answers)
        assert all(r[0] == "ok" for r in got[:typed])
    assert {"ok", "tiles", "letter", "list", "short"} <= set(kinds), kinds
    assert any(r[4] for got in out["racks"] for r in got), "no bingo in a month"
    assert any(r[3] for got in out["racks"] for r in got), "no blank played in a month"
