"""What a language's ``english_zipf_margin`` takes out of its likely answers: the words of its
Wordle list that reach the beehive's frequency floor by wordfreq's own figure but that
English writes at least the margin more often (an English word the corpus quotes), so the
games count them as rare; the language's own words among them (``n`` in ``game.tsv``: German
legal, whose legale only German writes) keep their frequency. Reads the built lists
(``rusc dictionaries LANG`` first).

    .venv/bin/python scripts/english_quotes.py nl it          # with each file's margin
    .venv/bin/python scripts/english_quotes.py ca --margin 1  # what a margin would do
"""

from __future__ import annotations

import argparse
import dataclasses

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.games.wordle.words import load_words
from pipeline.lists.frequency import frequency_table, zipf_in


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="+")
    parser.add_argument("--margin", type=float, help="in place of the language file's english_zipf_margin")
    args = parser.parse_args()
    paths = Paths.from_env()
    for code in args.languages:
        language = load_language(code)
        margin = args.margin if args.margin is not None else language.english_zipf_margin
        ruled = dataclasses.replace(language, english_zipf_margin=margin)
        floor = language.beehive.answer_min_zipf or 2.5
        table = frequency_table(language.frequency_language)
        # The games' frequencies: the margin's, with the language's own words the lists marked.
        words = load_words(paths.wordlists(code) / "wordle.tsv", ruled)
        common = {key for key in words.keys if max(zipf_in(table, form) for form in words.forms[key]) >= floor}
        quoted = [key for key, zipf in zip(words.keys, words.zipf.tolist()) if key in common and zipf < floor]
        print(
            f"{code}: margin {margin:g}: {len(quoted)} of the {len(common)} Wordle words at Zipf {floor:g} or more "
            f"count as rare: {', '.join(words.forms[key][0] for key in quoted[:40])}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
