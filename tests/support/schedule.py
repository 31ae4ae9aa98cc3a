"""How the test run is marked and ordered (tests/conftest.py applies it)."""

from __future__ import annotations

import pytest

#: The test files that take longest on two cores (about 30 to 100 s each), longest first but
#: for the pages: while one worker builds the real site (the first page file), the other has
#: two files to run that need no site, so it does not wait for the build. `make test`
#: (``--no-loadscope-reorder``) starts these before every other file, so what is left at the
#: end is short and both workers finish together.
LONGEST_FIRST = (
    "test_solver_pages.py",
    "test_expand_fastpath.py",
    "test_expand_recall.py",
    "test_wordle_page.py",
    "test_site_layout.py",
    "test_new_languages.py",
    "test_games_browser.py",
    "test_expand_forms.py",
    "test_racks.py",
    "test_wordle.py",
    "test_reproducible.py",
    "test_blocklist.py",
    "test_beehive.py",
    "test_expand_precision.py",
    "test_lists.py",
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
