"""site/solver-core.js (the hive solver's and rack finder's engines) against pipeline/games/beehive.py
and pipeline/games/racks/, run by Node on the real indexes of both languages (pipeline/browser/solvers.py),
the very files the real site ships to players: 500 random hives and 500 random racks (with
and without blanks, typed as players type them, with filters) per language must get exactly
the Python engine's answers, hints and refusals."""

from __future__ import annotations

import ast
import hashlib
import json
import random

import pytest
from support.node import run_driver

from pipeline.config import load_language
from pipeline.core.errors import UsageError
from pipeline.games.beehive import BeehiveIndex, hints
from pipeline.games.racks import RackIndex
from pipeline.lists.tiles import BLANK

CASES = 500
#: Reads {"hive": path, "rack": path (the head), "shards": {tiles: path}, "hives": [...], "racks": [...]} on stdin; answers each
#: case with the sha256 of its canonical JSON (and the JSON itself for the first few).
DRIVER = r"""
const fs = require("fs"), crypto = require("crypto");
const site = process.argv[2];
const S = require(site + "/solver-core.js"), H = S.hive, R = S.rack;
withJob((job) => {
  // The hive index as the page fetches it: the head, then for each hive only the shards
  // missingShards names.
  const hiveHead = JSON.parse(fs.readFileSync(job.hive, "utf8")), hiveSets = {};
  const hiveIndexFor = (text) => {
    const index = H.decode(hiveHead);
    let missing = [];
    try { missing = H.missingShards(index, text); } catch (e) { return index; }  // refused by solve too
    for (const shard of missing) {
      if (!hiveSets[shard]) hiveSets[shard] = JSON.parse(fs.readFileSync(job.hiveShards[shard], "utf8"));
      H.addSets(index, hiveSets[shard]);
    }
    return index;
  };
  // The rack finder's index as the page fetches it: the head, then for each rack only the
  // words of the numbers of tiles missingLengths names (each file decoded once).
  const rackHead = JSON.parse(fs.readFileSync(job.rack, "utf8")), blocks = {};
  const rackIndexFor = (text) => {
    const index = R.decode(rackHead);
    let missing = [];
    try { missing = R.missingLengths(index, text); } catch (e) { return index; }  // refused by solve too
    for (const n of missing) {
      if (!blocks[n]) {
        const alone = R.decode(rackHead);
        R.addWords(alone, JSON.parse(fs.readFileSync(job.shards[n], "utf8")));
        blocks[n] = alone.blocks[0];
      }
      index.blocks.push(blocks[n]);
      index.loaded[n] = true;
    }
    return index;
  };
  const attempt = (f) => { try { return f(); } catch (e) {
    if (e instanceof H.HiveError) return ["error", e.kind, e.letter];
    if (e instanceof R.RackError) return ["error", e.kind, e.text];
    throw e; } };
  const hives = job.hives.map((text) => attempt(() => {
    const h = H.solve(hiveIndexFor(text), text), t = H.hints(h);
    return [h.letters, h.centre, h.sorted_letters, h.answers.map((a) => [a.key, a.forms, a.points, a.pangram]),
            h.total_points, h.pangram_count, h.word_count, h.ranks,
            [t.word_count, t.total_points, t.pangram_count, t.lengths, t.rows, t.column_totals, t.two_letter]];
  }));
  const racks = job.racks.map(([text, options]) => attempt(() => {
    const s = R.solve(rackIndexFor(text), text, options);
    return [s.rack, s.answers.map((a) => [a.form, a.key, a.tiles, a.score, a.blanks_used, a.bingo, a.forms])];
  }));
  const digest = (x) => crypto.createHash("sha256").update(JSON.stringify(x)).digest("hex");
  process.stdout.write(JSON.stringify({ hives: hives.map(digest), racks: racks.map(digest),
    first: { hives: hives.slice(0, 5), racks: racks.slice(0, 5) } }));
});
"""


def canonical(value) -> str:
    """JSON as the driver's JSON.stringify writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def digest(value) -> str:
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def error_case(error: UsageError, kinds: dict[str, str]) -> list:
    """A Python refusal as the JS reports it: ["error", kind, the character or filter named]."""
    message = str(error)
    for needle, kind in kinds.items():
        if needle in message:
            named = ""
            if kind in ("letter", "tile"):
                named = ast.literal_eval(message.split(" is not ")[0])
            elif kind == "filter":
                named = message.split()[0].removeprefix("--")
            elif kind in ("long", "blanks"):
                named = message.rsplit(" has ", 1)[1].split()[0]
            elif kind == "bounds":
                named = "min" if message.startswith("--min-length") else "max"
            return ["error", kind, named]
    raise AssertionError(f"unmapped refusal: {message}")


HIVE_ERRORS = {"repeats a letter": "repeat", "; got ": "length", "is not a letter": "letter"}
RACK_ERRORS = {
    "is not a tile": "tile",
    "rack is empty": "empty",
    "tiles;": "long",
    "blanks (": "blanks",
    "has characters outside": "filter",
    "--min-length": "bounds",
    "--max-length": "bounds",
}


def python_hive(index: BeehiveIndex, text: str) -> list:
    try:
        h = index.solve(text)
    except UsageError as error:
        return error_case(error, HIVE_ERRORS)
    t = hints(h)
    rows = [[letter, [row.get(n, 0) for n in t.lengths], t.row_totals[letter]] for letter, row in t.grid.items()]
    return [
        h.letters,
        h.centre,
        h.sorted_letters,
        [[a.key, list(a.forms), a.points, a.pangram] for a in h.answers],
        h.total_points,
        h.pangram_count,
        h.word_count,
        [list(r) for r in h.ranks],
        [
            t.word_count,
            t.total_points,
            t.pangram_count,
            list(t.lengths),
            rows,
            [t.column_totals[n] for n in t.lengths],
            [list(kv) for kv in t.two_letter.items()],
        ],
    ]


def python_rack(index: RackIndex, text: str, options: dict) -> list:
    try:
        s = index.solve(
            text,
            options.get("min_length", 2),
            options.get("contains", ""),
            options.get("starts", ""),
            options.get("ends", ""),
            options.get("sort", "score"),
            options.get("max_length"),
            options.get("pattern", ""),
        )
    except UsageError as error:
        return error_case(error, RACK_ERRORS)
    return [
        list(s.rack),
        [[a.form, a.key, list(a.tiles), a.score, list(a.blanks_used), a.bingo, list(a.forms)] for a in s.answers],
    ]


def hive_cases(rng: random.Random, index: BeehiveIndex) -> list[str]:
    """Real letter sets (every centre), random ones, and typing slips the CLI refuses."""
    alphabet = index.language.alphabet
    sets = sorted(m for m in index.by_mask if m.bit_count() == 7)
    cases = []
    for n in range(CASES):
        if n % 10 == 9:  # refusals, each in turn: too short or long, a repeat, a letter outside the alphabet
            word = "".join(rng.sample(alphabet, 7))
            refusals = [
                word[:6],
                word + "a",
                word[:6] + word[0],
                word[:6] + rng.choice("1?·ñ-"),
                " " + word.upper() + " ",
            ]
            cases.append(refusals[n // 10 % len(refusals)])
        elif n % 3 == 0:
            cases.append("".join(rng.sample(alphabet, 7)))
        else:
            mask = rng.choice(sets)
            letters = [ch for i, ch in enumerate(alphabet) if mask >> i & 1]
            rng.shuffle(letters)
            cases.append("".join(letters))
    return cases


def rack_cases(rng: random.Random, index: RackIndex) -> list[tuple[str, dict]]:
    """Racks drawn from the bag as players type them (capitals, l.l/ŀl, accents), with
    0–2 blanks and now and then every filter, plus refusals."""
    texts = index.tileset.texts
    bag = [t for t, n in zip(texts, index.tileset.counts) for _ in range(n)]
    variants = {new: [old for old, target in index.tileset.variants if target == new] for new in texts}
    keys = sorted({entry[0] for entries in index.by_signature.values() for entry in entries})
    cases = []
    for n in range(CASES):
        size = rng.choice([2, 4, 5, 7, 7, 7, 8]) if n % 25 else rng.randint(9, 15)
        blanks = 0 if size > 9 else n % 3
        tiles = rng.sample(bag, size - blanks) + [BLANK] * blanks
        rng.shuffle(tiles)
        typed = [rng.choice(variants.get(t) or [t]) if rng.random() < 0.3 else t for t in tiles]
        typed = [t.upper() if rng.random() < 0.2 else t for t in typed]
        text = "".join(typed)
        options: dict = {}
        if n % 4 == 1:
            word = rng.choice(keys)
            pick = rng.randrange(6)
            if pick == 0:
                options["min_length"] = rng.randint(1, 6)
            elif pick == 1:
                options["max_length"] = rng.randint(2, 7)
            elif pick == 2:
                options["contains"] = word[1:3]
            elif pick == 3:
                options["starts"] = word[:2]
            elif pick == 4:
                options["ends"] = word[-2:]
            else:
                options["pattern"] = "".join(BLANK if rng.random() < 0.6 else ch for ch in word)
            options["sort"] = rng.choice(["score", "length", "alpha"])
        # Refusals, each kind in turn (drawn at random, a kind could miss a whole run).
        if n % 50 == 7:
            refusals = [
                "",
                "???",
                text + "1",
                "k" + text if "k" not in texts else "ж" + text,
                "".join(rng.sample(bag, 15)) + "a",
            ]
            text = refusals[n // 50 % len(refusals)]
        if n % 50 == 17:
            bad_options = [{"contains": "1"}, {"min_length": 0}, {"min_length": 5, "max_length": 3}, {"pattern": "?·?"}]
            options = bad_options[n // 50 % len(bad_options)]
        cases.append((text, options))
    return cases


@pytest.mark.parametrize("code", ["ca", "en"])
def test_js_solvers_agree_with_python_on_random_hives_and_racks(code, real_site, game_indexes, repo_root, tmp_path):
    hives, racks = game_indexes.beehive(code), game_indexes.rack(code)
    _, site = real_site
    (hive_file,) = (site / "assets").glob(f"hive-index-{code}.*.json")
    alphabet = load_language(code).alphabet
    hive_shards = {
        "".join(alphabet[int(place)] for place in path.name.split(".")[0].split("-")[3:]): str(path)
        for path in (site / "assets").glob(f"hive-sets-{code}-*.json")
    }
    assert sorted(hive_shards) == sorted(json.loads(hive_file.read_text(encoding="utf-8"))["shards"])
    (rack_file,) = (site / "assets").glob(f"rack-index-{code}.*.json")
    shards = {
        int(path.name.split(".")[0].rsplit("-", 1)[1]): str(path)
        for path in (site / "assets").glob(f"rack-words-{code}-*.json")
    }
    assert sorted(shards) == json.loads(rack_file.read_text(encoding="utf-8"))["lengths"]
    rng = random.Random(f"solvers-{code}")
    hive_texts = hive_cases(rng, hives)
    rack_texts = rack_cases(rng, racks)
    job = {
        "hive": str(hive_file),
        "hiveShards": hive_shards,
        "rack": str(rack_file),
        "shards": shards,
        "hives": hive_texts,
        "racks": [[text, options] for text, options in rack_texts],
    }
    out = run_driver(tmp_path, DRIVER, repo_root / "site", job, timeout=1200)

    expected_hives = [python_hive(hives, text) for text in hive_texts]
    assert out["first"]["hives"] == expected_hives[:5]
    wrong = [text for text, want, got in zip(hive_texts, expected_hives, out["hives"]) if digest(want) != got]
    assert not wrong, f"{len(wrong)} hives differ, e.g. {wrong[:5]}"
    solved = [h for h in expected_hives if h[0] != "error"]
    # The cases are not trivial: real hives with many answers, empty ones, and refusals.
    assert len(solved) > CASES * 0.8 and sum(h[6] > 20 for h in solved) > CASES / 3 and any(h[6] == 0 for h in solved)
    assert {h[1] for h in expected_hives if h[0] == "error"} == {"length", "letter", "repeat"}

    expected_racks = [python_rack(racks, text, options) for text, options in rack_texts]
    assert out["first"]["racks"] == expected_racks[:5]
    wrong = [case for case, want, got in zip(rack_texts, expected_racks, out["racks"]) if digest(want) != got]
    assert not wrong, f"{len(wrong)} racks differ, e.g. {wrong[:5]}"
    solved = [r for r in expected_racks if r[0] != "error"]
    with_blanks = [r for r in solved if BLANK in r[0]]
    assert len(with_blanks) > CASES / 3 and len(solved) - len(with_blanks) > CASES / 3
    assert any(a[4] for r in with_blanks for a in r[1]), "no answer played a blank"
    assert sum(len(r[1]) > 50 for r in solved) > CASES / 4
    assert {r[1] for r in expected_racks if r[0] == "error"} >= {"tile", "empty", "long", "filter", "bounds"}


@pytest.mark.parametrize("code", ["ca", "en"])
def test_the_hive_files_file_each_set_under_its_two_rarest_letters(code, game_indexes):
    """The page fetches the head and the shards made of its hive's letters only
    (pipeline/browser/solvers.py hive_index_files): together the files hold every line of the whole
    index, each line under its two rarest letters (its one letter if it has one), and the
    daily hives of a year each need under a fifth of them, gzipped."""
    import datetime as dt
    import gzip

    from pipeline.browser.solvers import hive_index, hive_index_files

    index = game_indexes.beehive(code)
    whole = json.loads(hive_index(index))
    head, shards = hive_index_files(index)
    head = json.loads(head)
    rank = {letter: i for i, letter in enumerate(head["rarity"])}
    assert head["sets"] == "" and sorted(head["rarity"]) == sorted(whole["alphabet"])
    assert head["shards"] == list(shards)
    filed = {shard: json.loads(data)["sets"].split("\n") for shard, data in shards.items()}
    assert all(
        "".join(sorted(line.split("\t")[0], key=rank.__getitem__)[:2]) == shard
        for shard, lines in filed.items()
        for line in lines
    )
    assert sorted(line for lines in filed.values() for line in lines) == sorted(whole["sets"].split("\n"))
    sizes = {shard: len(gzip.compress(data)) for shard, data in shards.items()}
    for day in range(0, 365, 7):
        letters = index.daily(dt.date(2026, 1, 1) + dt.timedelta(days=day)).letters
        needed = [shard for shard in shards if set(shard) <= set(letters)]
        assert sum(sizes[shard] for shard in needed) < sum(sizes.values()) / 5, letters
