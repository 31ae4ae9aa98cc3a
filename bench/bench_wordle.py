"""Benchmark: the Wordle helper on the real Catalan and English lists.

1. **Simulated seasons**, each against the reference in the same run: a plain
   maximum-entropy player without a prior (every word equally likely), searching every
   guess exactly; the helper plays its first suggestion, in normal and hard mode. Three
   answer lists (pipeline/games/wordle/season.py): the held-out answers (the list's common
   lemmas, the half of them that a hash of the key sets aside from the half the prior was
   tuned on); every word of the list, equally likely, with the words not found within six
   guesses named; and a list made independently of the prior (English: the lemmas of
   SCOWL's sizes 10-35; Catalan: the dictionary's headwords), the half of it that a hash of
   the key sets aside from the half the prior may be tuned on. Mean guesses, share solved
   within 3/4/5/6, failures. Goals: on the held-out answers English mean ≤ 3.5, Catalan
   ≤ 3.7, no failure, both modes (issue 18); in normal mode no failure on any list
   (issue 32).
2. **Later steps in a phone-class browser.** site/wordle-core.js's whole suggestion step (filter,
   plan, rank) in Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate),
   on the states a season meets after the precomputed steps (third guesses of the helper's
   own games) and on the heaviest the page allows (second guesses after a first guess other
   than the opening, which the phone budget caps). Medians and the worst case against the
   200 ms goal, beside the same states unthrottled (the ratio says the throttle bites).
3. **Refilter** after one tile changes, against the naive per-word feedback filter.
4. **Page weight**: HTML + CSS + JS + data, gzipped, per language and length (goal < 60 KB).

    .venv/bin/python bench/bench_wordle.py [--answers N] [--states N] [--languages en ca] [--seasons-only]
"""

from __future__ import annotations

import argparse
import gzip
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.chromium import blank_page  # noqa: E402
from pipeline.browser.assets import minified  # noqa: E402
from pipeline.browser.wordle_data import build_wordle_data, wordle_json  # noqa: E402
from pipeline.config import load_language  # noqa: E402
from pipeline.core.paths import Paths  # noqa: E402
from pipeline.games.wordle.book import opening  # noqa: E402
from pipeline.games.wordle.feedback import Patterns  # noqa: E402
from pipeline.games.wordle.ranking import BUDGET  # noqa: E402
from pipeline.games.wordle.rules import Clue, feedback  # noqa: E402
from pipeline.games.wordle.season import (  # noqa: E402
    LIMIT,
    AnswerList,
    Season,
    answer_lists,
    entropy_player,
    failures,
    helper_player,
    independent_answers,
    play_season,
)
from pipeline.games.wordle.words import common_weight, load_words, pinned_hard_opener  # noqa: E402

LANGUAGES = ("en", "ca")
REFERENCE = "max-entropy, no prior"
#: Issue 18's goals: mean guesses per language, in both modes, with no failure.
MEAN_GOAL = {"en": 3.5, "ca": 3.7}
STEP_GOAL_MS = 200.0
THROTTLE = 4
REFILTER_GOAL_MS = 5.0
PAGE_GOAL_BYTES = 60_000
#: The helper's engine and the scripts it requires.
WORDLE_SCRIPTS = ("wire.js", "fold.js", "wordle-core.js")

#: Runs inside the page: times site/wordle-core.js's suggestion step for each state.
HARNESS = r"""
async ([sources, dataUrl, states, changes, seed]) => {
  // Each script as Node would load it, its require("./name.js") answered from `sources`.
  const loaded = {};
  const load = (name) => {
    if (!loaded[name]) {
      const module = { exports: {} };
      new Function("module", "require", sources[name])(module, (path) => load(path.replace("./", "")));
      loaded[name] = module.exports;
    }
    return loaded[name];
  };
  const core = load("wordle-core.js");
  const data = await (await fetch(dataUrl)).json();
  const words = core.decode(data);
  const marks = (p) => Array.from(p).map((m) => ".yg".indexOf(m));
  const times = [], picks = [];
  for (const [hard, clues] of states) {
    const cl = clues.map(([g, p]) => ({ guess: g, marks: marks(p) }));
    const t = performance.now();
    const got = core.suggest(words, cl, hard, words.top);
    times.push(performance.now() - t);
    picks.push(got.length ? words.keys[got[0].word] : null);
  }
  // Refilter after one change: two real clues, then one tile of the second changes.
  const L = words.length, N = words.keys.length;
  let state = seed;
  const rand = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  const fast = [], naive = [];
  for (let c = 0; c < changes; c++) {
    const answer = words.keys[rand(N)];
    const clues = [rand(N), rand(N)].map((g) => ({ guess: words.keys[g], marks: marks(core.feedback(words.keys[g], answer)) }));
    const pos = rand(L);
    clues[1].marks[pos] = (clues[1].marks[pos] + 1) % 3;
    let t = performance.now(), got;
    for (let r = 0; r < 10; r++) got = core.filter(words, core.compile(words, clues));
    fast.push((performance.now() - t) / 10);
    t = performance.now();
    const want = clues.map((cl) => cl.marks.join(""));
    const ref = [];
    for (let w = 0; w < N; w++) {
      if (clues.every((cl) => marks(core.feedback(cl.guess, words.keys[w])).join("") === want[clues.indexOf(cl)])) ref.push(w);
    }
    naive.push(performance.now() - t);
    if (got.length !== ref.length) throw new Error("filters disagree");
  }
  return { times, picks, fast, naive };
}
"""


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def page_weight(code: str, length: int, data_bytes: bytes) -> tuple[int, str]:
    """Gzipped bytes of HTML + CSS + JS + data, and where the HTML came from."""
    gz = lambda b: len(gzip.compress(b, 6))  # noqa: E731
    folder = Paths(ROOT).site / code / "wordle"
    built = (
        folder / "index.html" if length == load_language(code).wordle.length else folder / str(length) / "index.html"
    )
    html = built.read_bytes() if built.exists() else (ROOT / "templates" / "wordle.html").read_bytes()
    assets = [ROOT / "site" / name for name in ("style.css", "wordle.css", "dom.js") + WORDLE_SCRIPTS + ("wordle.js",)]
    total = gz(html) + gz(data_bytes) + sum(gz(minified(p.name, p.read_bytes())) for p in assets)
    return total, "built page" if built.exists() else "template source"


@dataclass(frozen=True)
class SeasonRow:
    """One player's season on one answer list."""

    code: str
    #: The answer list's name (held-out, every word, the independent list).
    answers: str
    player: str
    hard: bool
    season: Season
    #: The answers played, in the season's order.
    keys: tuple[str, ...]
    seconds: float


def answer_sets(code: str, words, language, cap: int | None) -> list[AnswerList]:
    """The held-out answers, every word of the list, and the list made independently of the
    prior (each cut to its first ``cap`` answers, if given)."""
    _tune, held_out = answer_lists(words, language)
    independent = independent_answers(words, language, Paths(ROOT).wordlists(code) / "wordle.tsv", Paths.from_env())
    sets = [
        AnswerList(
            "held-out",
            f"common lemmas (Zipf ≥ {language.wordle.common_zipf}) the prior was not tuned on",
            tuple(held_out),
        ),
        AnswerList("every word", "every word of the list, equally likely", words.keys),
        independent,
    ]
    return [replace(s, answers=s.answers[:cap]) if cap else s for s in sets]


def seasons(code: str, answers_cap: int | None) -> tuple[list[SeasonRow], object, object, list]:
    """Play every answer set with the helper and the reference, normal and hard; return
    the rows, the patterns, the opening table and the held-out answers."""
    language = load_language(code)
    words = load_words(Paths(ROOT).wordlists(code) / "wordle.tsv", language)
    sets = answer_sets(code, words, language, answers_cap)
    start = time.perf_counter()
    patterns = Patterns(words).precompute()
    table = opening(
        patterns,
        only_over=BUDGET,
        common=common_weight(language.wordle),
        hard_opener=pinned_hard_opener(language, words),
    )
    print(
        f"{code}: {words.size} words; feedback table, opening and book {time.perf_counter() - start:.1f} s; "
        f"opening ranking's first {table.first[0].key}; openers: normal {table.opener(False).key}, "
        f"hard {table.opener(True).key}",
        flush=True,
    )
    for answer_set in sets:
        print(f"  {answer_set.name}: {len(answer_set.answers)} answers ({answer_set.source})", flush=True)
    # One player per kind and mode for every list: they remember their choice per state.
    players = {
        ("helper", False): helper_player(patterns, False, table),
        ("helper", True): helper_player(patterns, True, table),
        (REFERENCE, False): entropy_player(patterns, False),
        (REFERENCE, True): entropy_player(patterns, True),
    }
    rows = []
    for answer_set in sets:
        for (name, hard), player in players.items():
            start = time.perf_counter()
            season = play_season(player, list(answer_set.answers))
            rows.append(
                SeasonRow(code, answer_set.name, name, hard, season, answer_set.answers, time.perf_counter() - start)
            )
            print(
                f"  {answer_set.name:18} {name:22} {'hard' if hard else 'normal':6} mean {season.mean:.3f}  "
                + "  ".join(f"≤{n} {100 * season.within(n):5.1f}%" for n in (3, 4, 5, 6))
                + f"  failures {season.failures}  ({rows[-1].seconds:.0f} s)",
                flush=True,
            )
    return rows, patterns, table, list(sets[0].answers)


def browser_states(patterns, table, answers, count: int, rng: random.Random) -> list:
    """[hard, clues] states: the helper's third guesses and second guesses after a first
    guess that is not the opening (the budget's worst case)."""
    words = patterns.words
    states = []
    for hard in (False, True):
        player = helper_player(patterns, hard, table)
        for answer in rng.sample(answers, min(count, len(answers))):
            clues: tuple[Clue, ...] = ()
            for _ in range(2):
                guess = words.keys[player(clues)]
                if guess == answer:
                    break
                clues += (Clue(guess, feedback(guess, answer)),)
            else:
                states.append(("third", hard, clues))
        for answer in rng.sample(answers, min(count, len(answers))):
            first = rng.choice(answers)
            states.append(("after another opening", hard, (Clue(first, feedback(first, answer)),)))
    return states


def missed_goal(row: SeasonRow) -> bool:
    """The helper's goals: on the held-out answers the mean of issue 18 and no failure; in
    normal mode, no failure on any word of any list."""
    if row.player != "helper":
        return False
    if row.answers == "held-out":
        return row.season.mean > MEAN_GOAL[row.code] or row.season.failures > 0
    return not row.hard and row.season.failures > 0


def families(lost: list[str]) -> list[tuple[str, list[str]]]:
    """The failures grouped in families: words alike but for one letter (``?ills``), the
    largest family of each word first, families of two or more words, largest first."""
    members: dict[str, list[str]] = {}
    for word in lost:
        for i in range(len(word)):
            members.setdefault(word[:i] + "?" + word[i + 1 :], []).append(word)
    placed, out = set(), []
    for pattern, family in sorted(members.items(), key=lambda item: (-len(item[1]), item[0])):
        family = [w for w in family if w not in placed]
        if len(family) >= 2:
            out.append((pattern, family))
            placed.update(family)
    return sorted(out, key=lambda item: (-len(item[1]), item[0]))


def print_seasons(rows: list[SeasonRow]) -> None:
    """The seasons' table (each list: helper against reference, normal and hard) and the
    words of the list the helper fails on."""
    print()
    print("Simulated seasons (mean guesses; share solved within 3/4/5/6; failures):")
    for row in rows:
        print(
            f"  {row.code} {row.answers:18} {row.player:22} {'hard' if row.hard else 'normal':6} "
            f"{row.season.mean:.3f}  "
            + " ".join(f"{100 * row.season.within(n):5.1f}%" for n in (3, 4, 5, 6))
            + f"  {row.season.failures}"
        )
    print("Helper against reference, same run: mean (failures):")
    for row in rows:
        if row.player != "helper":
            continue
        ref = next(
            r for r in rows if (r.code, r.answers, r.hard, r.player) == (row.code, row.answers, row.hard, REFERENCE)
        )
        print(
            f"  {row.code} {row.answers:18} {'hard' if row.hard else 'normal':6} helper {row.season.mean:.3f} "
            f"({row.season.failures}) vs reference {ref.season.mean:.3f} ({ref.season.failures}): "
            f"{row.season.mean - ref.season.mean:+.3f} guesses"
        )
    for row in rows:
        if row.player == "helper" and row.answers == "every word":
            lost = failures(row.season, row.keys)
            print(
                f"  {row.code} {'hard' if row.hard else 'normal'}: {len(lost)} words of the list not found within "
                f"{LIMIT} guesses{': ' + ' '.join(lost) if lost else ''}"
            )
            grouped = families(lost)
            if grouped:
                print("    families: " + "; ".join(f"{pattern} ({len(family)})" for pattern, family in grouped))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, help="play only the first N answers of each list")
    parser.add_argument("--seasons-only", action="store_true", help="play the seasons, time nothing in the browser")
    parser.add_argument("--languages", nargs="+", default=list(LANGUAGES), metavar="LANG", help="default: en ca")
    parser.add_argument("--states", type=int, default=60, help="states timed per kind, mode and language")
    parser.add_argument("--changes", type=int, default=100, help="one-tile refilters timed per language")
    args = parser.parse_args()
    failed = False
    sources = {name: (ROOT / "site" / name).read_text("utf-8") for name in WORDLE_SCRIPTS}
    all_rows, timing = [], []
    with blank_page() as (page, docroot):
        cdp = page.context.new_cdp_session(page)
        for code in args.languages:
            rows, patterns, table, answers = seasons(code, args.answers)
            all_rows += rows
            failed |= any(missed_goal(row) for row in rows)
            if args.seasons_only:
                continue
            language = load_language(code)
            tsv = Paths(ROOT).wordlists(code) / "wordle.tsv"
            for length in language.wordle.lengths:
                start = time.perf_counter()
                data = build_wordle_data(language, tsv, length)
                build_s = time.perf_counter() - start
                blob = wordle_json(data)
                weight, html_from = page_weight(code, length, blob)
                failed |= weight >= PAGE_GOAL_BYTES
                print(
                    f"  page {code} {length} letters: {data['count']} words, data built in {build_s:.1f} s, "
                    f"{weight / 1000:.1f} KB gzipped ({html_from}; goal < {PAGE_GOAL_BYTES / 1000:.0f} KB)",
                    flush=True,
                )
                if length == language.wordle.length:
                    (docroot / f"{code}.json").write_bytes(blob)
            states = browser_states(patterns, table, answers, args.states, random.Random(code))
            payload = [[hard, [[c.guess, c.pattern] for c in clues]] for _, hard, clues in states]
            results = {}
            for rate in (1, THROTTLE):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                results[rate] = page.evaluate(HARNESS, [sources, f"/{code}.json", payload, args.changes, 2026])
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            for kind in ("third", "after another opening"):
                for hard in (False, True):
                    picked = [i for i, s in enumerate(states) if s[0] == kind and s[1] == hard]
                    slow = [results[THROTTLE]["times"][i] for i in picked]
                    fast = [results[1]["times"][i] for i in picked]
                    timing.append(
                        (
                            code,
                            f"{kind}, {'hard' if hard else 'normal'}",
                            len(picked),
                            median(slow),
                            max(slow),
                            median(fast),
                        )
                    )
                    failed |= max(slow) > STEP_GOAL_MS
            r = results[1]
            print(
                f"  refilter median {median(r['fast']):.2f} ms vs naive {median(r['naive']):.2f} ms "
                f"({median(r['naive']) / max(median(r['fast']), 1e-9):.0f}x; goal < {REFILTER_GOAL_MS} ms)",
                flush=True,
            )
            failed |= median(r["fast"]) >= REFILTER_GOAL_MS
    print_seasons(all_rows)
    print(f"Suggestion step in Chromium, CPU throttled {THROTTLE}x (goal ≤ {STEP_GOAL_MS:.0f} ms):")
    for code, kind, n, slow, worst, fast in timing:
        print(
            f"  {code} {kind:30} {n:4} states: median {slow:.1f} ms, max {worst:.1f} ms; "
            f"unthrottled median {fast:.1f} ms ({slow / max(fast, 1e-9):.1f}x)"
        )
    print("all goals met" if not failed else "GOAL MISSED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
