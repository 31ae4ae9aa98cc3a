"""What a reviewer reads before a language is published: its daily bands over a year and a
sample of each game's answers.

    .venv/bin/python scripts/review_sample.py es > docs/reviews/es.md

For the beehive and the daily rack: every day of the year (``--year``, default the
schedule's first) solved as the site solves it, the answer counts' least, median and most
(and the bonus words', where the language has two tiers), then ``--count`` answers drawn
at random from all the year's answers. For the Wordle helper: the list's size and as many
words drawn from those it counts as common (the ones it expects as answers). The draws are
seeded by the language and the year, so the same lists give the same sample.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import load_language
from pipeline.core.daily import dates
from pipeline.core.paths import Paths
from pipeline.games.beehive import BeehiveIndex
from pipeline.games.racks import RackIndex
from pipeline.games.wordle.words import load_words


def spread(counts: list[int]) -> str:
    """``least / median / most`` of ``counts``."""
    return f"{min(counts)} / {statistics.median(counts):g} / {max(counts)}"


def sample(rng: random.Random, words: set[str], count: int) -> str:
    """``count`` of ``words`` drawn at random, in alphabetical order, comma-separated."""
    return ", ".join(sorted(rng.sample(sorted(words), min(count, len(words)))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language")
    parser.add_argument("--year", type=int)
    parser.add_argument("--count", type=int, default=50)
    args = parser.parse_args()
    language = load_language(args.language)
    paths = Paths.from_env()
    year = args.year or language.schedule_start.year
    days = list(dates(max(language.schedule_start, dt.date(year, 1, 1)), dt.date(year, 12, 31)))
    rng = random.Random(f"{language.code}-{year}")
    print(f"# {language.english_name} ({language.code}): the games of {year}, for a reviewer\n")
    print(f"Written by `scripts/review_sample.py {language.code}`; {len(days)} days.\n")

    beehive = BeehiveIndex.load(language, paths)
    hives = [beehive.daily(day) for day in days]
    rules = language.beehive
    print(f"## Beehive\n\nBand: {rules.answers_min} to {rules.answers_max} answers.\n")
    print(f"- answers a day (least / median / most): {spread([hive.word_count for hive in hives])}")
    print(f"- points a day: {spread([hive.total_points for hive in hives])}")
    if rules.answer_min_zipf:
        print(
            f"- bonus words a day (rarer than Zipf {rules.answer_min_zipf:g}): {spread([len(h.bonus) for h in hives])}"
        )
        bonus = {answer.forms[0] for hive in hives for answer in hive.bonus}
    answers = {answer.forms[0] for hive in hives for answer in hive.answers}
    print(f"\n{args.count} of the year's {len(answers)} answers:\n\n{sample(rng, answers, args.count)}\n")
    if rules.answer_min_zipf:
        print(f"{args.count} of its {len(bonus)} bonus words:\n\n{sample(rng, bonus, args.count)}\n")

    racks = RackIndex.load(language, paths)
    daily = [racks.daily(day) for day in days]
    print(f"## Daily rack\n\nBand: {language.racks.answers_min} to {language.racks.answers_max} words.\n")
    print(f"- words a day: {spread([len(rack.solution.answers) for rack in daily])}")
    print(f"- redraws a day: {spread([rack.redraws for rack in daily])}")
    words = {answer.form for rack in daily for answer in rack.solution.answers}
    print(f"\n{args.count} of the year's {len(words)} rack words:\n\n{sample(rng, words, args.count)}\n")

    wordle = load_words(paths.wordlists(language.code) / "wordle.tsv", language)
    common = {wordle.forms[key][0] for key, weight in zip(wordle.keys, wordle.weights) if weight >= wordle.common}
    print(f"## Wordle helper ({wordle.length} letters)\n")
    print(f"{wordle.size} words; {len(common)} of them common, the answers it expects first.\n")
    print(f"{args.count} common words:\n\n{sample(rng, common, args.count)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
