"""Wordle's share grid pasted into the helper (site/wordle-core.js parseGrid, under Node): the
squares of the dark theme (⬛), the light theme (⬜) and the high-contrast colours (🟧 🟦)
read as the same colours; the title and score lines are ignored; a line of squares of
another length is reported with its number. The page itself is driven in
tests/test_wordle_page.py."""

from __future__ import annotations

import pytest
from support.node import run_driver

DRIVER = r"""
const core = require(process.argv[2]);
withJob((cases) => {
  process.stdout.write(JSON.stringify(cases.map(([text, n]) => core.parseGrid(text, n))));
});
"""

#: A real share text as Wordle copies it (dark theme), with its title and a blank line.
DARK = "Wordle 1,234 4/6\n\n⬛🟨⬛⬛⬛\n🟩⬛🟨⬛⬛\n🟩🟩⬛🟩🟨\n🟩🟩🟩🟩🟩"
#: What each row means: 0 grey, 1 yellow, 2 green.
ROWS = [[0, 1, 0, 0, 0], [2, 0, 1, 0, 0], [2, 2, 0, 2, 1], [2, 2, 2, 2, 2]]


def parse(repo_root, tmp_path, cases):
    return run_driver(tmp_path, DRIVER, repo_root / "site" / "wordle-core.js", cases, timeout=60)


def test_dark_light_and_high_contrast_grids_read_as_the_same_colours(repo_root, tmp_path):
    light = DARK.replace("⬛", "⬜")
    contrast = DARK.replace("🟩", "🟧").replace("🟨", "🟦")
    # Pasted from some apps: variation selectors, CRLF line ends, spaces around the squares.
    messy = "  " + DARK.replace("⬛", "⬛\ufe0f").replace("\n", "\r\n  ") + "  \r\n"
    got = parse(repo_root, tmp_path, [[DARK, 5], [light, 5], [contrast, 5], [messy, 5]])
    for result in got:
        assert result == {"rows": ROWS, "bad": 0, "found": 0}


def test_other_lines_are_ignored_and_a_wrong_length_is_reported(repo_root, tmp_path):
    six = "Wordle (ES) #12 3/6\n⬛⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩🟩"
    text_only = "I got it in 4! https://example.invalid/wordle"
    got = parse(repo_root, tmp_path, [[six, 5], [six, 6], [text_only, 5], ["", 5], [DARK + "\n⬛⬛", 5]])
    assert got[0] == {"rows": [], "bad": 2, "found": 6}
    assert got[1]["rows"] == [[0, 0, 1, 0, 0, 0], [2] * 6] and got[1]["bad"] == 0
    assert got[2] == {"rows": [], "bad": 0, "found": 0} and got[3] == got[2]
    assert got[4] == {"rows": ROWS, "bad": 7, "found": 2}


@pytest.mark.parametrize("length", [4, 6, 7])
def test_every_page_length_reads_its_own_grid(repo_root, tmp_path, length):
    grid = "\n".join(["🟨" + "⬜" * (length - 1), "🟩" * length])
    assert parse(repo_root, tmp_path, [[grid, length]])[0]["rows"] == [[1] + [0] * (length - 1), [2] * length]
