"""Racks engine: spelling into tiles (Catalan digraphs), solving with blanks, scores,
the daily rack, CLI.

Real English and Catalan lists (``built_lists``) are cross-checked against an independent
brute-force multiset scan of every word in the list.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

from pipeline.config import load_language
from pipeline.core.errors import RuscError, UsageError
from pipeline.games import racks
from pipeline.games.racks import RackIndex
from pipeline.lists.lexicon import game_list, load_game_lexicon
from pipeline.lists.tiles import BLANK, TileSet, tile_points

CA = load_language("ca")
EN = load_language("en")


def synthetic(language, forms):
    from pipeline.lists.clean import fold

    lexicon: dict[str, tuple[str, ...]] = {}
    for form in forms:
        lexicon[fold(form, language)] = lexicon.get(fold(form, language), ()) + (form,)
    return RackIndex.from_lexicon(language, lexicon, "0" * 64)


def words_of(solution):
    return sorted(a.form for a in solution.answers)


# ---- spelling and the Catalan digraph tiles ---------------------------------------------


def test_catalan_geminate_l_needs_the_l_l_tile():
    index = synthetic(CA, ["col·lecció", "colleccio"])
    tiles = TileSet.of(CA)
    assert [tiles.texts[t] for t in tiles.spell("col·lecció")] == ["c", "o", "l·l", "e", "c", "c", "i", "o"]
    assert [tiles.texts[t] for t in tiles.spell("coŀlecció")] == ["c", "o", "l·l", "e", "c", "c", "i", "o"]
    assert words_of(index.solve("col·leccio")) == ["col·lecció"]
    # Two L tiles make the plain ll, never l·l.
    assert words_of(index.solve("colleccio")) == ["colleccio"]


def test_catalan_qu_needs_the_qu_tile_and_a_lone_q_is_not_a_tile():
    index = synthetic(CA, ["quan", "qüestió"])
    assert words_of(index.solve("QUAN")) == ["quan"]
    assert index.solve("quan").answers[0].tiles == ("qu", "a", "n")
    assert words_of(index.solve("questio")) == ["qüestió"]
    with pytest.raises(UsageError, match="'q' is not a tile"):
        TileSet.of(CA).parse_rack("qan")


def test_catalan_ny_needs_the_ny_tile_or_a_blank():
    index = synthetic(CA, ["any", "anys", "na"])
    assert index.solve("any").answers[0].tiles == ("a", "ny")
    assert words_of(index.solve("an")) == ["na"]
    played = {a.form: a for a in index.solve("an?").answers}
    assert played["any"].tiles == ("a", "ny") and played["any"].blanks_used == (1,) and played["any"].score == 1
    with pytest.raises(UsageError, match="'y' is not a tile"):
        TileSet.of(CA).parse_rack("ay")


def test_words_outside_the_tile_set_are_unplayable():
    index = synthetic(CA, ["whisky", "kiwi", "gat"])
    assert sum(len(entries) for entries in index.by_signature.values()) == 1
    assert words_of(index.solve("gat??")) == ["gat"]  # a blank is a tile of the set: no k, w or y


def test_display_forms_keep_accents_and_share_tiles():
    index = synthetic(CA, ["acaba", "acabà", "plaça"])
    answer = index.solve("acaba").answers[0]
    assert (answer.form, answer.forms, answer.tiles) == ("acaba", ("acaba", "acabà"), ("a", "c", "a", "b", "a"))
    assert index.solve("plaça").answers[0].tiles == ("p", "l", "a", "ç", "a")


# ---- scoring ----------------------------------------------------------------------------


def test_scores_sum_tile_points_blanks_score_zero_and_seven_tiles_earn_the_bingo():
    index = synthetic(EN, ["quiz", "quizzes", "zee"])
    by_form = {a.form: a for a in index.solve("quiz").answers}
    assert by_form["quiz"].score == 10 + 1 + 1 + 10 and not by_form["quiz"].bingo
    by_form = {a.form: a for a in index.solve("quizes?").answers}
    quizzes = by_form["quizzes"]
    assert quizzes.bingo and quizzes.blanks_used == (4,)
    assert quizzes.score == 10 + 1 + 1 + 10 + 0 + 1 + 1 + EN.racks.bingo_bonus


def test_real_tiles_are_used_before_blanks():
    index = synthetic(EN, ["zee"])
    answer = index.solve("ze?").answers[0]
    assert answer.blanks_used == (2,) and answer.score == 10 + 1


def test_catalan_tile_values():
    points = tile_points(CA)
    assert (points["l·l"], points["ny"], points["qu"], points["ç"], points[BLANK]) == (10, 10, 8, 10, 0)
    assert sum(t.count for t in CA.racks.tiles) + CA.racks.blanks == 100
    assert not {"k", "w", "y", "q"} & set(points)


# ---- options and bad input ----------------------------------------------------------------


def test_filters_and_sorts():
    index = synthetic(EN, ["tea", "eat", "ate", "teas", "seat", "east", "sate", "at", "as"])
    assert words_of(index.solve("teas", min_length=4)) == ["east", "sate", "seat", "teas"]
    assert words_of(index.solve("teas", starts="e")) == ["east", "eat"]
    assert words_of(index.solve("teas", ends="at")) == ["at", "eat", "seat"]
    assert words_of(index.solve("teas", contains="ea")) == ["east", "eat", "seat", "tea", "teas"]
    alpha = [a.form for a in index.solve("teas", sort="alpha").answers]
    assert alpha == sorted(alpha)
    lengths = [len(a.key) for a in index.solve("teas", sort="length").answers]
    assert lengths == sorted(lengths, reverse=True)
    scores = [a.score for a in index.solve("teas?").answers]
    assert scores == sorted(scores, reverse=True)
    assert words_of(index.solve("teas", max_length=2)) == ["as", "at"]
    assert words_of(index.solve("teas", min_length=3, max_length=3)) == ["ate", "eat", "tea"]
    assert words_of(index.solve("teas", pattern="?e??")) == ["seat", "teas"]
    assert words_of(index.solve("teas", pattern="?A?")) == ["eat"]


def test_catalan_pattern_and_filters_fold_like_keys():
    index = synthetic(CA, ["col·lecció", "col·lega", "cola", "coll", "calla"])
    assert words_of(index.solve("col·lecció??")) == sorted(["col·lecció", "cola", "coll", "col·lega"])
    assert words_of(index.solve("col·lecció??", pattern="co??ecció")) == ["col·lecció"]
    assert words_of(index.solve("col·lecció??", pattern="?ol·l?????", contains="l·l")) == ["col·lecció"]
    assert words_of(index.solve("col·lecció??", max_length=4, starts="CÒ")) == ["cola", "coll"]


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(max_length=1), "--max-length 1 is below --min-length 2"),
        (dict(pattern="?1"), "--pattern '1' has characters outside"),
    ],
)
def test_bad_filters_are_usage_errors(options, message):
    index = synthetic(EN, ["tea", "eat"])
    with pytest.raises(UsageError, match=re.escape(message)):
        index.solve("tea", **options)


@pytest.mark.parametrize(
    "rack, message",
    [
        ("abcdefghijklmnop", "at most 15 tiles"),
        ("ab???", "at most 2 blanks"),
        ("ab1", "'1' is not a tile"),
        ("", "empty"),
    ],
)
def test_bad_racks_are_usage_errors_with_one_line(rack, message):
    with pytest.raises(UsageError, match=message) as error:
        TileSet.of(EN).parse_rack(rack)
    assert "\n" not in str(error.value)


def test_racks_of_fifteen_tiles_are_solved():
    index = synthetic(EN, ["blockhead", "hijacked", "jackknife"])
    assert words_of(index.solve("abcdefghijklmno")) == ["blockhead", "hijacked"]  # jackknife needs 2 k


# ---- real lists -------------------------------------------------------------------------


class RealList:
    """A language's rack index and, independently, every form of its words list spelled."""

    def __init__(self, language, index, folder):
        self.language = language
        self.index = index
        # Racks play vulgar-but-valid words (Scrabble keeps them), so the reference does too.
        self.lexicon = load_game_lexicon(folder / "game.tsv", game_list(language, "racks"), allow_vulgar=True)
        tiles = TileSet.of(language)
        self.spelled = [
            (form, Counter(spelled))
            for forms in self.lexicon.values()
            for form in forms
            if (spelled := tiles.spell(form)) is not None and len(spelled) >= 2
        ]

    def brute_force(self, rack: str) -> set[str]:
        """Every form whose tiles fit the rack: a linear multiset scan of the whole list (the
        seed's method, with multiplicities right), blanks covering any shortfall."""
        blanks = rack.count(BLANK)
        have = Counter(TileSet.of(self.language).spell(rack.replace(BLANK, "")))
        return {
            form for form, need in self.spelled if sum(n - have[t] for t, n in need.items() if n > have[t]) <= blanks
        }


@pytest.fixture(scope="module")
def real_en(built_lists, game_indexes):
    return RealList(EN, game_indexes.rack("en"), built_lists("en"))


@pytest.fixture(scope="module")
def real_ca(built_lists, game_indexes):
    return RealList(CA, game_indexes.rack("ca"), built_lists("ca"))


def all_forms(solution) -> set[str]:
    return {form for answer in solution.answers for form in answer.forms}


def test_messages_and_chicken_match_a_brute_force_multiset_scan(real_en):
    index, lexicon = real_en.index, real_en.lexicon
    for rack in ("messages", "chicken"):
        assert all_forms(index.solve(rack)) == real_en.brute_force(rack), rack
    messages = all_forms(index.solve("messages"))
    assert {"messages", "message", "mesa", "gases"} <= messages
    # The seed ignored multiplicities: "massages" needs two a's, "messages" has one.
    assert "massages" in lexicon and "massages" not in messages
    assert {"chicken", "check", "chick", "neck"} <= all_forms(index.solve("chicken"))


def random_racks(language, n: int, blanks: int, seed: str) -> list[str]:
    """Racks drawn from the real bag (a seeded generator: reproducible test data)."""
    tiles = TileSet.of(language)
    letters = [t for t in tiles.bag() if t >= 0]
    generator = random.Random(seed)
    return ["".join(tiles.texts[t] for t in generator.sample(letters, 7 - blanks)) + BLANK * blanks for _ in range(n)]


@pytest.mark.parametrize("blanks", [0, 1, 2])
def test_random_english_racks_match_brute_force(real_en, blanks):
    for rack in random_racks(EN, 6 if blanks < 2 else 3, blanks, f"en{blanks}"):
        solution = real_en.index.solve(rack)
        assert all_forms(solution) == real_en.brute_force(rack), rack
        for answer in solution.answers:
            assert len(answer.blanks_used) <= blanks


@pytest.mark.parametrize("blanks", [0, 2])
def test_random_catalan_racks_match_brute_force(real_ca, blanks):
    for rack in random_racks(CA, 3 if blanks == 0 else 2, blanks, f"ca{blanks}"):
        assert all_forms(real_ca.index.solve(rack)) == real_ca.brute_force(rack), rack


def test_real_catalan_digraph_words(real_ca):
    index, lexicon = real_ca.index, real_ca.lexicon
    assert "col·lecció" in lexicon["colleccio"]
    assert "col·lecció" in all_forms(index.solve("col·leccio"))
    assert "col·lecció" not in all_forms(index.solve("colleccio"))
    assert "quan" in all_forms(index.solve("quan"))
    assert "any" in all_forms(index.solve("any"))
    assert "any" not in all_forms(index.solve("an"))


def within_band(day, rules) -> bool:
    """Whether a daily rack is within its language's band (answers, points, blanks)."""
    answers = day.solution.answers
    return (
        rules.answers_min <= len(answers) <= rules.answers_max
        and rules.points_min <= sum(answer.score for answer in answers) <= rules.points_max
        and day.tiles.count(BLANK) <= rules.daily_blanks
    )


def test_every_daily_rack_is_a_fair_draw_within_the_band(real_en):
    index = real_en.index
    bag = Counter(TileSet.of(EN).texts[t] if t >= 0 else BLANK for t in TileSet.of(EN).bag())
    schedule = index.schedule()
    assert len(schedule) == (EN.schedule_end - EN.schedule_start).days + 1
    for day in schedule:
        assert len(day.tiles) == EN.racks.rack_size
        assert all(Counter(day.tiles)[t] <= bag[t] for t in day.tiles)
        assert within_band(day, EN.racks), day.date
    assert len({day.tiles for day in schedule}) > 0.9 * len(schedule)
    # The band is a band, not a fixed size: the year spreads over it.
    counts = sorted(len(day.solution.answers) for day in schedule)
    assert counts[len(counts) // 10] < counts[len(counts) // 2] < counts[9 * len(counts) // 10]


def test_daily_catalan_racks_are_within_the_band(real_ca):
    index = real_ca.index
    for offset in range(0, 730, 73):
        day = index.daily(CA.schedule_start + dt.timedelta(days=offset))
        assert len(day.tiles) == 7 and within_band(day, CA.racks), day.date


def test_a_band_no_draw_meets_is_one_line_naming_the_language_file(real_en):
    narrow = replace(EN, racks=replace(EN.racks, answers_min=5000, answers_max=5000))
    index = replace(real_en.index, language=narrow)
    with pytest.raises(
        RuscError, match=r"no rack within the daily band \(5000-5000 answers.*in 1000 draws for 2026-12-03"
    ) as failure:
        index.daily(dt.date(2026, 12, 3))
    assert str(failure.value).startswith(f"{narrow.path}: ") and "\n" not in str(failure.value)


RACKS_DIGEST = """
import hashlib, sys, datetime as dt
from pipeline.games.racks import RackIndex, daily_tsv
from pipeline.config import load_language
from pipeline.core.paths import Paths
language = load_language(sys.argv[1])
index = RackIndex.load(language, Paths.from_env())
days = [index.daily(language.schedule_start + dt.timedelta(days=i)) for i in range(0, 730, 7)]
print(hashlib.sha256(daily_tsv(days)).hexdigest())
"""


def test_daily_racks_are_identical_across_runs_and_hash_seeds(real_en, repo_root):
    index = real_en.index
    days = [index.daily(EN.schedule_start + dt.timedelta(days=i)) for i in range(0, 730, 7)]
    here = hashlib.sha256(racks.daily_tsv(days)).hexdigest()
    for seed in ("1", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "RUSC_ROOT": str(repo_root)}
        out = subprocess.run(
            [sys.executable, "-c", RACKS_DIGEST, "en"], env=env, cwd="/", capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == here


# ---- command line -----------------------------------------------------------------------


def test_cli_solves_messages_with_scores_and_bingo(real_en, repo_root, cli):
    out = cli("rack", "en", "messages", env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("messages\t61\tMESSAGES  bingo +50")
    assert "massages" not in out.stdout


def test_cli_marks_blanks_and_filters(real_en, repo_root, cli):
    out = cli(
        "rack",
        "en",
        "chicke?",
        "--min-length",
        "6",
        "--starts",
        "ch",
        "--sort",
        "length",
        env={"RUSC_ROOT": str(repo_root)},
    )
    assert out.returncode == 0, out.stderr
    assert "chicken\t" in out.stdout and "N*" in out.stdout
    assert all(len(line.split("\t")[0]) >= 6 for line in out.stdout.splitlines()[:-1])


def test_cli_max_length_and_pattern(real_en, repo_root, cli):
    out = cli("rack", "en", "chicke?", "--max-length", "5", "--pattern", "?h???", env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 0, out.stderr
    words = [line.split("\t")[0] for line in out.stdout.splitlines()[:-1]]
    assert words and all(len(w) == 5 and w[1] == "h" for w in words)


@pytest.mark.parametrize("args", [["abc1"], ["abc???"], ["a" * 16], ["--date", "2026-02-30"], []])
def test_cli_bad_input_exits_2_with_one_line(args, repo_root, cli):
    out = cli("rack", "en", *args, env={"RUSC_ROOT": str(repo_root)})
    assert out.returncode == 2
    assert len(out.said) == 1 and "Traceback" not in out.stderr


# ---- the kept index ---------------------------------------------------------------------


def test_the_index_is_kept_read_back_the_same_and_built_again_when_damaged_or_stale(tmp_path, built_lists, monkeypatch):
    import shutil

    from pipeline.core.paths import Paths

    monkeypatch.delenv("RUSC_CACHE", raising=False)
    shutil.copytree(built_lists("en"), tmp_path / "dist" / "wordlists" / "en")
    paths = Paths(tmp_path)
    kept = lambda: sorted(paths.kept.glob("rack-en-*.marshal"))  # noqa: E731

    built = RackIndex.load(EN, paths)
    assert len(kept()) == 1
    again = RackIndex.load(EN, paths)
    assert (again.by_signature, again.children) == (built.by_signature, built.children)
    assert again.solve("chicke?") == built.solve("chicke?")

    first = kept()[0]
    first.write_bytes(first.read_bytes()[:1000])  # cut short: read as damaged, built again
    assert RackIndex.load(EN, paths).by_signature == built.by_signature
    assert kept() == [first] and RackIndex.load(EN, paths).children == built.children

    # Another language file (the tiles may have changed) keys another index; the old one goes.
    toml = tmp_path / "en.toml"
    toml.write_text(EN.path.read_text("utf-8") + "\n# another file\n", "utf-8")
    assert RackIndex.load(load_language(str(toml)), paths).by_signature == built.by_signature
    assert len(kept()) == 1 and kept() != [first]


def test_the_rack_finder_index_is_kept_beside_the_rack_index_and_made_again_when_damaged(
    tmp_path, built_lists, monkeypatch
):
    import shutil

    from pipeline.browser import solvers
    from pipeline.core.paths import Paths

    monkeypatch.delenv("RUSC_CACHE", raising=False)
    shutil.copytree(built_lists("en"), tmp_path / "dist" / "wordlists" / "en")
    paths = Paths(tmp_path)
    index = RackIndex.load(EN, paths)
    made = solvers._rack_index(index)
    assert solvers.rack_index(index) == made
    beside = index.kept.with_name(index.kept.name + ".finder.json")
    assert beside.read_bytes().startswith(made)
    assert solvers.rack_index(RackIndex.load(EN, paths)) == made  # read back

    beside.write_bytes(made[:-10] + b"\n" + beside.read_bytes().rpartition(b"\n")[2])  # damaged
    assert solvers.rack_index(RackIndex.load(EN, paths)) == made
    assert beside.read_bytes().startswith(made)

    # An index kept under another key takes its files with it.
    toml = tmp_path / "en.toml"
    toml.write_text(EN.path.read_text("utf-8") + "\n# another file\n", "utf-8")
    RackIndex.load(load_language(str(toml)), paths)
    assert not beside.exists()
    assert RackIndex.load(EN, None, paths.wordlists("en")).kept is None


def test_the_rack_finders_files_hold_the_index_words_by_number_of_tiles(real_ca):
    """The page fetches the head and one file per number of tiles (pipeline/browser/solvers.py
    rack_index_files): together they hold every line of the whole index, each file only
    spellings of its length, and a 7-tile rack needs a fraction of the whole."""
    import gzip
    import json

    from pipeline.browser import solvers, wire

    def spellings(text: str) -> list[tuple[str, str]]:
        rows, previous = [], ""
        for line in text.split("\n") if text else []:
            head, _, extra = line.partition("\t")
            previous = previous[: wire.shared_count(head)] + head[1:]
            rows.append((previous, extra))
        return rows

    whole = solvers.rack_index(real_ca.index)
    head, shards = solvers.rack_index_files(real_ca.index)
    head_data, whole_data = json.loads(head), json.loads(whole)
    assert head_data["words"] == "" and head_data["lengths"] == sorted(shards)
    assert {k: v for k, v in head_data.items() if k not in ("words", "lengths")} == {
        k: v for k, v in whole_data.items() if k != "words"
    }
    by_file = {length: spellings(json.loads(shard)["words"]) for length, shard in shards.items()}
    assert all(len(codes) == length for length, rows in by_file.items() for codes, _ in rows)
    assert sorted(row for rows in by_file.values() for row in rows) == spellings(whole_data["words"])
    needed = len(gzip.compress(head)) + sum(len(gzip.compress(shards[n])) for n in shards if n <= 7)
    assert needed < len(gzip.compress(whole)) / 4


@pytest.mark.parametrize("code", ["ca", "en"])
def test_the_command_lines_lookup_solves_exactly_as_the_index(code, game_indexes, paths):
    """``rusc rack LANG LETTERS`` reads only the signatures a rack reaches from the kept
    lookup (:meth:`RackIndex.lookup`; the shared cache's, whose key is these lists' checksum);
    on 120 racks drawn from the bag, a third of them with blanks, it answers what the whole
    index answers, in the same order."""
    import random

    index = game_indexes.rack(code)
    lookup = RackIndex.lookup(index.language, paths)
    rng = random.Random(34)
    letters = [tile.text for tile in index.language.racks.tiles for _ in range(tile.count)]
    racks = ["".join(rng.sample(letters, 7)) for _ in range(80)]
    racks += ["".join(rng.sample(letters, 7 - blanks)) + "?" * blanks for blanks in (1, 2) for _ in range(20)]
    for rack in racks:
        assert lookup.solve(rack).answers == index.solve(rack).answers, rack
