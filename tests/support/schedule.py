"""How the test run is marked and ordered (tests/conftest.py applies it)."""

from __future__ import annotations

import pytest

#: The test files that take longest on two cores (about 20 to 120 s each, more on a fresh
#: machine), started before every other file by `make test` (``--no-loadscope-reorder``), so
#: that what is left at the end is short and both workers finish together. The first page
#: file builds the real site on one worker (on a fresh machine, minutes: its Wordle books and
#: rack indexes); the files after it need neither the site nor what it builds, so the other
#: worker runs them meanwhile instead of waiting for the site. Then the longest of the rest.
LONGEST_FIRST = (
    "test_solver_pages.py",
    "test_interrupted.py",
    "test_reproducible.py",
    "test_new_languages.py",
    "test_damaged.py",
    "test_expand_forms.py",
    "test_expand_fastpath.py",
    "test_expand_recall.py",
    "test_wordle_page.py",
    "test_racks.py",
    "test_wordle_book.py",
    "test_site_layout.py",
    "test_games_browser.py",
    "test_gamedata.py",
    "test_wordle.py",
    "test_play_feel.py",
    "test_one_line_errors.py",
    "test_line_ends.py",
    "test_offline.py",
    "test_beehive.py",
    "test_lists.py",
    "test_expand_precision.py",
    "test_blocklist.py",
)


#: Fixtures that reach the real dictionaries (fetched, expanded and listed by the pipeline):
#: a test using one, directly or through another fixture, is ``slow``.
REAL_DATA_FIXTURES = frozenset({"paths", "built_lists", "dictionary", "conjugation_files", "game_indexes"})
#: Fixtures that drive Chromium: a test using one is ``browser`` (and ``slow``).
BROWSER_FIXTURES = frozenset({"browser", "tabs"})


def mark_and_order(items) -> None:
    """Marks each test by the fixtures it uses (``slow``: real dictionaries; ``browser``:
    Chromium), so the fast lane (``make check``: ``-m "not slow"``) is chosen by what a test
    needs, not by hand. Then the files of :data:`LONGEST_FIRST` first, in its order; the rest
    after them, as collected (a stable sort, the same on every worker, as pytest-xdist requires)."""
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if used & (REAL_DATA_FIXTURES | BROWSER_FIXTURES):
            item.add_marker(pytest.mark.slow)
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
