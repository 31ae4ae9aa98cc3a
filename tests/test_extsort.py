"""Sorting past memory (pipeline/core/extsort.py), as the lists stage sorts its game rows: the
same order as ``sorted``, one run in memory at a time, and no spill left behind however
the reader stops."""

from __future__ import annotations

import random

import pytest

from pipeline.core.extsort import read_rows, sorted_rows
from pipeline.lists.lexicon import GameRow


def random_rows(count: int, seed: int = 7) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    letters = "abcçdeéèlŀ·zß"
    return [
        (
            "".join(rng.choices(letters, k=rng.randint(1, 6))),
            "".join(rng.choices(letters, k=3)),
            rng.choice(["w", "l", "wl", "wx"]),
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("in_memory", [1, 7, 1000, 5000])
def test_spilled_runs_merge_into_sorted_order(tmp_path, in_memory):
    rows = random_rows(3000)
    assert list(sorted_rows(rows, tmp_path, in_memory)) == sorted(rows)
    assert not list(tmp_path.iterdir())  # the runs are gone once read


@pytest.mark.parametrize("in_memory", [7, 5000])
def test_records_come_back_as_records_whether_spilled_or_not(tmp_path, in_memory):
    rows = [GameRow._make(row) for row in random_rows(3000)]
    merged = list(sorted_rows(rows, tmp_path, in_memory, record=GameRow._make))
    assert merged == sorted(rows) and all(type(row) is GameRow for row in merged)
    assert merged[0].key == min(row.key for row in rows)


def test_rows_that_fit_in_memory_never_touch_the_disk(tmp_path):
    rows = random_rows(100)
    spilled = sorted_rows(rows, tmp_path / "absent", in_memory=101)  # would fail to spill there
    assert list(spilled) == sorted(rows)


def test_a_reader_that_stops_early_or_fails_leaves_no_spill(tmp_path):
    rows = random_rows(500)
    early = sorted_rows(rows, tmp_path, in_memory=50)
    assert next(early) == min(rows)
    assert len(list(tmp_path.iterdir())) == 1
    early.close()
    assert not list(tmp_path.iterdir())

    def failing():
        yield from rows
        raise OSError("disk gone")

    with pytest.raises(OSError):
        list(sorted_rows(failing(), tmp_path, in_memory=50))
    assert not list(tmp_path.iterdir())


def test_read_rows_gives_back_what_was_written(tmp_path):
    rows = random_rows(200)
    path = tmp_path / "rows.tsv"
    path.write_text("".join("\t".join(row) + "\n" for row in rows), encoding="utf-8")
    assert list(read_rows(path)) == rows
