"""Beehive engine: solving, scoring, all hives, daily schedule, hints, CLI.

Synthetic lexicons pin the rules; the real Catalan and English lists (``built_lists``)
are checked against an independent brute-force scan of game.tsv.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.errors import UsageError
from pipeline.games import beehive
from pipeline.games.beehive import BeehiveIndex, hints
from pipeline.lists.lexicon import LIST_CODES, game_list

CA = load_language("ca")
EN = load_language("en")


def synthetic(language, words):
    return BeehiveIndex.from_lexicon(language, {w: (w,) for w in words}, "0" * 64)


# ---- rules on small lexicons --------------------------------------------------------------


def test_answers_use_only_hive_letters_and_contain_the_centre():
    index = synthetic(EN, ["tame", "meat", "mate", "team", "teammate", "tamer", "eat", "beat", "atta", "matte"])
    hive = index.solve("mtaebcd")
    assert sorted(a.key for a in hive.answers) == ["mate", "matte", "meat", "tame", "team", "teammate"]
    # "atta" has no centre m; "eat" is under English's 4 letters; "tamer" has an r; "beat" no m.


def test_answers_are_longest_first_then_alphabetical():
    index = synthetic(EN, ["tame", "meat", "matte", "teammate", "mate"])
    assert [a.key for a in index.solve("mtaebcd").answers] == ["teammate", "matte", "mate", "meat", "tame"]


def test_english_scoring_four_letters_one_point_longer_their_length_pangram_plus_seven():
    index = synthetic(EN, ["tame", "matte", "teammate", "mutilate", "ultimate"])
    points = {a.key: (a.points, a.pangram) for a in index.solve("mtaeilu").answers}
    assert points["tame"] == (1, False)
    assert points["matte"] == (5, False)
    assert points["teammate"] == (8, False)
    assert points["mutilate"] == (8 + 7, True)
    assert index.solve("mtaeilu").total_points == 1 + 5 + 8 + 15 + 15


def test_catalan_scoring_three_letters_one_four_two_tuti_length_plus_ten():
    index = synthetic(CA, ["gat", "gats", "gatet", "esquerda", "ques", "qu"])
    hive = index.solve("eadqrsu")
    points = {a.key: (a.points, a.pangram) for a in hive.answers}
    assert points["esquerda"] == (8 + 10, True)
    assert points["ques"] == (2, False)
    assert "qu" not in points  # under Catalan's 3 letters
    hive = index.solve("gatesuz")
    assert {a.key: a.points for a in hive.answers} == {"gat": 1, "gats": 2, "gatet": 5}


def test_catalan_alphabet_includes_c_cedilla_and_display_forms_are_kept():
    index = BeehiveIndex.from_lexicon(
        CA, {"plaça": ("plaça",), "colleccio": ("col·lecció",), "acaba": ("acaba", "acabà")}, "x"
    )
    hive = index.solve("çalpbcd")
    assert [(a.key, a.forms) for a in hive.answers] == [("plaça", ("plaça",))]
    hive = index.solve("cabdefg")
    assert [(a.key, a.forms) for a in hive.answers] == [("acaba", ("acaba", "acabà"))]


@pytest.mark.parametrize(
    "letters, message",
    [
        ("abcdef", "7 distinct letters"),
        ("abcdefgh", "7 distinct letters"),
        ("abcdefa", "repeats a letter"),
        ("abcdef1", "'1' is not a letter"),
        ("abcdefç", "'ç' is not a letter of the English alphabet"),
    ],
)
def test_invalid_hives_are_usage_errors_with_one_line(letters, message):
    index = synthetic(EN, ["tame"])
    with pytest.raises(UsageError) as error:
        index.solve(letters)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_centre_is_first_letter_and_others_follow_alphabet_order():
    index = synthetic(CA, ["plaça"])
    hive = index.solve("PÇALBCD".lower())
    assert (hive.letters, hive.centre, hive.sorted_letters) == ("pabcçdl", "p", "abcçdlp")


def test_ranks_are_shares_of_the_maximum_rounded_half_up():
    index = synthetic(EN, ["tame", "matte", "teammate"])  # 1 + 5 + 8 = 14 points
    ranks = dict(index.solve("mtaebcd").ranks)
    assert ranks["Beginner"] == 0 and ranks["Good Start"] == 0  # 0.28
    assert ranks["Solid"] == 2  # 2.1
    assert ranks["Amazing"] == 7 and ranks["Genius"] == 10  # 9.8
    assert ranks["Queen Bee"] == 14


def test_hints_grid_counts_first_letters_by_length_with_totals_and_two_letter_starts():
    index = synthetic(EN, ["tame", "team", "teammate", "mate", "meat", "matte"])
    h = hints(index.solve("mtaebcd"))
    assert h.grid == {"m": {4: 2, 5: 1}, "t": {4: 2, 8: 1}}
    assert h.row_totals == {"m": 3, "t": 3} and h.column_totals == {4: 4, 5: 1, 8: 1}
    assert h.lengths == (4, 5, 8)
    assert h.two_letter == {"ma": 2, "me": 1, "ta": 1, "te": 2}
    assert (h.word_count, h.pangram_count) == (6, 0)


def test_all_hives_totals_equal_solving_each_hive():
    words = ["tame", "meat", "matte", "teammate", "mutilate", "ultimate", "tail", "lime", "mile", "mail", "email"]
    index = synthetic(EN, words)
    rows = index.all_hives()
    assert {r.letters for r in rows} == {"aeilmtu"}  # the only 7-letter set a word uses exactly
    assert [r.centre for r in rows] == list("aeilmtu")
    for row in rows:
        hive = index.solve(row.centre + row.letters.replace(row.centre, ""))
        assert (row.words, row.points, row.pangrams) == (hive.word_count, hive.total_points, hive.pangram_count)


# ---- real lists -------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["ca", "en"])
def real(request, built_lists, game_indexes):
    language = load_language(request.param)
    folder = built_lists(request.param)
    return language, game_indexes.beehive(request.param), folder


def brute_force(language, folder: Path, letters: str) -> dict[str, int]:
    """Key -> points by scanning every row of game.tsv (the seed's method)."""
    code = LIST_CODES[game_list(language, "beehive")]
    rules = language.beehive
    allowed = set(letters)
    found = {}
    with open(folder / "game.tsv", encoding="utf-8") as handle:
        for line in handle:
            key, _form, lists = line.rstrip("\n").split("\t")
            blocked = lists[-1] in "xv"  # out of the answers (pipeline.lists.blocklist)
            if (
                code in lists
                and not blocked
                and len(key) >= rules.min_length
                and letters[0] in key
                and set(key) <= allowed
            ):
                bonus = rules.pangram_bonus if set(key) == allowed else 0
                found[key] = (rules.points[len(key)] if len(key) in rules.points else len(key)) + bonus
    return found


def sample_hives(index: BeehiveIndex, n: int) -> list[str]:
    """n valid hives spread over the table, plus the first scheduled days."""
    rows = index.all_hives()
    step = max(1, len(rows) // n)
    picked = [r.centre + r.letters.replace(r.centre, "") for r in rows[::step][:n]]
    return picked + [d.hive.letters for d in index.schedule()[:3]]


def test_real_hives_match_a_brute_force_scan_of_the_list(real):
    language, index, folder = real
    for letters in sample_hives(index, 8):
        hive = index.solve(letters)
        expected = brute_force(language, folder, letters)
        assert {a.key: a.points for a in hive.answers} == expected, letters
        assert hive.pangram_count == sum(1 for a in hive.answers if set(a.key) == set(letters)) >= 1


def test_real_all_hives_rows_equal_solved_totals(real):
    _language, index, _folder = real
    rows = index.all_hives()
    assert len(rows) % 7 == 0 and len(rows) > 7 * 1000
    step = max(1, len(rows) // 50)
    for row in rows[::step]:
        hive = index.solve(row.centre + row.letters.replace(row.centre, ""))
        assert (row.words, row.points, row.pangrams) == (hive.word_count, hive.total_points, hive.pangram_count)


def test_every_scheduled_day_meets_the_constraints(real):
    language, index, _folder = real
    rules = language.beehive
    schedule = index.schedule()
    days = [
        language.schedule_start + dt.timedelta(days=i)
        for i in range((language.schedule_end - language.schedule_start).days + 1)
    ]
    assert [d.date for d in schedule] == days
    last_seen: dict[str, dt.date] = {}
    for day in schedule:
        hive = day.hive
        assert rules.answers_min <= hive.word_count <= rules.answers_max, day
        assert hive.pangram_count >= 1, day
        assert len(set(hive.letters)) == 7 and set(hive.letters) <= set(language.alphabet)
        assert not set(rules.excluded_letters) & set(hive.letters), f"{day}: a letter no hive may use"
        letter_set = hive.sorted_letters
        if letter_set in last_seen:
            assert (day.date - last_seen[letter_set]).days >= 366, f"{letter_set} repeated within a year"
        last_seen[letter_set] = day.date


def test_no_english_hive_has_an_s_and_the_band_and_common_pangram_hold(built_lists, paths):
    """The NYT rule (en.toml's excluded_letters): no S in any hive, scheduled or listed;
    every day still has 30-60 answers and a pangram at least as common as the pool asks."""
    index = BeehiveIndex.load(EN, paths)
    assert EN.beehive.excluded_letters == "s" and not CA.beehive.excluded_letters
    assert not [row for row in index.all_hives() if "s" in row.letters]
    schedule = index.schedule()
    assert not [day for day in schedule if "s" in day.hive.letters]
    assert all(30 <= day.hive.word_count <= 60 for day in schedule)
    assert all(index.pangram_commonness(day.hive.sorted_letters) >= beehive.COMMON_PANGRAM_ZIPF for day in schedule)
    # A player may still type a hive with an S into the solver.
    assert index.solve("stapler").word_count > 0


def test_daily_pool_prefers_the_most_common_pangrams(real):
    language, index, _folder = real
    pool_sets = {letters for letters, _ in index.daily_pool()}
    rules = language.beehive
    eligible = {r.letters for r in index.all_hives() if rules.answers_min <= r.words <= rules.answers_max}
    assert pool_sets <= eligible and len(pool_sets) >= beehive.MIN_POOL_SETS
    left_out = eligible - pool_sets
    if left_out:  # every preferred set's pangram is at least as common as any set left out
        assert min(map(index.pangram_commonness, pool_sets)) >= max(map(index.pangram_commonness, left_out))
    assert {d.hive.sorted_letters for d in index.schedule()} <= pool_sets


def test_daily_hive_of_a_date_is_its_schedule_entry_and_past_the_end_extends(real):
    language, index, _folder = real
    day = language.schedule_start + dt.timedelta(days=40)
    assert index.daily(day) == index.schedule()[40].hive
    later = language.schedule_end + dt.timedelta(days=3)
    assert index.daily(later).word_count >= language.beehive.answers_min
    with pytest.raises(UsageError):
        index.daily(language.schedule_start - dt.timedelta(days=1))


SCHEDULE_DIGEST = """
import hashlib, sys
from pipeline.games.beehive import BeehiveIndex, daily_tsv
from pipeline.config import load_language
from pipeline.core.paths import Paths
language = load_language(sys.argv[1])
index = BeehiveIndex.load(language, Paths.from_env())
print(hashlib.sha256(daily_tsv(index.schedule())).hexdigest())
"""


def test_schedule_is_identical_across_runs_and_hash_seeds(real, repo_root):
    language, index, _folder = real
    here = hashlib.sha256(beehive.daily_tsv(index.schedule())).hexdigest()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "RUSC_ROOT": str(repo_root)}
        out = subprocess.run(
            [sys.executable, "-c", SCHEDULE_DIGEST, language.code],
            env=env,
            cwd="/",
            capture_output=True,
            text=True,
            check=True,
        )
        assert out.stdout.strip() == here


# ---- command line -----------------------------------------------------------------------


def test_cli_solves_a_hive_and_marks_pangrams(real, repo_root, cli):
    language, index, _folder = real
    letters = index.schedule()[0].hive.letters
    out = cli("beehive", language.code, letters.upper(), env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 0, out.stderr
    hive = index.solve(letters)
    lines = out.stdout.splitlines()
    assert lines[1].split("\t")[0] == " / ".join(hive.answers[0].forms)
    assert sum(line.endswith("  " + language.beehive.pangram_name) for line in lines[1:-2]) == hive.pangram_count
    assert f"{hive.word_count} words, {hive.total_points} points" in out.stdout


def test_cli_date_prints_the_daily_hive(real, repo_root, cli):
    language, index, _folder = real
    out = cli("beehive", language.code, "--date", "2026-12-01", env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 0, out.stderr
    hive = index.daily(dt.date(2026, 12, 1))
    assert f"{hive.word_count} words, {hive.total_points} points" in out.stdout


@pytest.mark.parametrize("args", [["abc"], ["abcdefa"], ["--date", "2026-13-01"], []])
def test_cli_bad_input_exits_2_with_one_line(args, repo_root, cli):
    out = cli("beehive", "en", *args, env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 2
    assert len(out.said) == 1 and "Traceback" not in out.stderr


def test_the_command_lines_lookup_solves_exactly_as_the_index(real, paths, tmp_path, monkeypatch):
    """``rusc beehive LANG LETTERS`` reads one hive's letter sets from the kept lookup
    (:mod:`pipeline.games.hive_lookup`); on 300 hives drawn from every valid one it answers what
    the whole index answers, word for word, in the same order."""
    import random

    from pipeline.games.hive_lookup import HiveLookup

    language, index, _folder = real
    monkeypatch.setenv("RUSC_CACHE", str(tmp_path))  # made here, from these lists
    lookup = HiveLookup.open(language, paths)
    assert lookup.path.is_relative_to(tmp_path)
    every = [row.centre + row.letters.replace(row.centre, "") for row in index.all_hives()]
    hives = random.Random(34).sample(every, 300)
    assert [lookup.solve(letters) for letters in hives] == [index.solve(letters) for letters in hives]
    assert HiveLookup.open(language, paths).path == lookup.path  # kept, not made again
