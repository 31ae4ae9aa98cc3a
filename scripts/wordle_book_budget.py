"""Whether a language's Wordle book fits the book's budget of states
(:data:`pipeline.games.wordle.book.BOOK_STATES`): the states each mode ranks or searches,
and whether the book is the same without the budget. Reads the built lists (``rusc
dictionaries LANG`` first); a minute or two per language, Catalan's twice that.

    .venv/bin/python scripts/wordle_book_budget.py fr nl it
"""

from __future__ import annotations

import argparse
import time

import pipeline.games.wordle.book as book
from pipeline.browser.wordle_data import build_wordle_data
from pipeline.config import load_language
from pipeline.core.paths import Paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="+")
    args = parser.parse_args()
    paths = Paths.from_env()
    makers: list = []
    plain_init = book._Bookmaker.__init__

    def remembering_init(self, *given, **named):
        plain_init(self, *given, **named)
        makers.append(self)

    book._Bookmaker.__init__ = remembering_init  # type: ignore[method-assign]
    budget = dict(book.BOOK_STATES)
    for code in args.languages:
        language = load_language(code)
        books = []
        for states in (budget, dict.fromkeys(budget, 10**12)):
            book.BOOK_STATES = states
            makers.clear()
            started = time.monotonic()
            data = build_wordle_data(language, paths.wordlists(code) / "wordle.tsv")
            books.append(data["book"])
            used = ", ".join(f"{'hard' if maker.hard else 'normal'} {maker.ranked:,}" for maker in makers)
            bounded = "with the budget" if states is budget else "without it"
            print(f"{code} {bounded}: {used} states; {time.monotonic() - started:.0f} s", flush=True)
        print(f"{code}: the same book without the budget: {books[0] == books[1]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
