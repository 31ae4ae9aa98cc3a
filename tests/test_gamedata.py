"""The games' downloadable data (pipeline/games/gamedata.py), and no future answer in any output.

Every CLI command that writes data is run in-process on the real English lists, in a
temporary root; after each, every file under ``dist/wordlists`` (gzipped ones
decompressed) is searched for a date after "today", and so is every file of the site
built from all of them (no command undoes what an earlier one wrote, so one site shows
what each of them published).
"""

from __future__ import annotations

import datetime as dt
import gzip
import re
import shutil
from pathlib import Path

import pytest
from support.cli import said

from pipeline.cli import main
from pipeline.config import load_language
from pipeline.games import beehive, racks
from pipeline.games.gamedata import GAME_FILES, write_game_data

EN = load_language("en")
#: "Today" for these tests: three weeks into the schedule, so the site is small.
TODAY = EN.schedule_start + dt.timedelta(days=20)
ISO_DATE = re.compile(rb"(?<![0-9])(20[0-9]{2})-([01][0-9])-([0-3][0-9])(?![0-9])")


def dates_after(day: dt.date, root: Path) -> dict[str, str]:
    """File (relative to ``root``) -> the first ISO date after ``day`` in it, for every file."""
    found = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        for match in ISO_DATE.finditer(data):
            try:
                seen = dt.date(*map(int, match.groups()))
            except ValueError:
                continue
            if seen > day:
                found[path.relative_to(root).as_posix()] = seen.isoformat()
                break
    return found


def build_site_and_check(root: Path, capsys) -> None:
    assert main(["site", "--date", TODAY.isoformat(), "--languages", "en"]) == 0, capsys.readouterr().err
    assert dates_after(TODAY, root / "dist" / "wordlists") == {}
    assert dates_after(TODAY, root / "dist" / "site") == {}


def test_no_cli_command_that_writes_data_leaves_a_future_date_anywhere(english_root, capsys, monkeypatch):
    epoch = int(dt.datetime.combine(TODAY, dt.time(12), dt.UTC).timestamp())
    commands = [
        ["lists", "en"],
        ["beehive", "en", "--write-data", "--date", TODAY.isoformat()],
        ["rack", "en", "--write-data"],  # today from SOURCE_DATE_EPOCH
    ]
    for argv in commands:
        if "--date" not in argv and argv[0] != "lists":
            monkeypatch.setenv("SOURCE_DATE_EPOCH", str(epoch))
        assert main(argv) == 0, (argv, capsys.readouterr().err)
        monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
        assert dates_after(TODAY, english_root / "dist" / "wordlists") == {}, argv
    build_site_and_check(english_root, capsys)
    published = english_root / "dist" / "site" / "wordlists" / "en"
    for name in ("beehive-daily.tsv.gz", "racks-daily.tsv.gz"):
        rows = gzip.decompress((published / name).read_bytes()).decode("utf-8").splitlines()
        assert rows[-1].startswith(TODAY.isoformat()) and len(rows) == 1 + 21, name


def test_write_data_without_a_day_writes_nothing(english_root, capsys):
    assert main(["beehive", "en", "--write-data"]) == 2
    assert "--date" in capsys.readouterr().err
    assert not (english_root / "dist" / "wordlists" / "en" / "beehive-daily.tsv.gz").exists()


def test_the_site_refuses_daily_answers_past_its_day(english_root, capsys):
    later = TODAY + dt.timedelta(days=5)
    assert main(["beehive", "en", "--write-data", "--date", later.isoformat()]) == 0
    capsys.readouterr()
    assert main(["site", "--date", TODAY.isoformat(), "--languages", "en"]) == 1
    (error,) = said(capsys.readouterr().err)
    assert "beehive-daily.tsv.gz" in error and f"up to {later}" in error
    assert not (english_root / "dist" / "site").exists(), "nothing half-written"


def test_a_build_writes_every_hive_and_no_daily_answer(tmp_path, built_lists):
    shutil.copyfile(built_lists("en") / "game.tsv", tmp_path / "game.tsv")
    written = write_game_data(EN, tmp_path)
    assert [p.name for p in written] == [f.name for f in GAME_FILES if not f.dated] == ["hives.tsv.gz"]
    index = beehive.BeehiveIndex.load(EN, None, tmp_path)
    lines = gzip.decompress(written[0].read_bytes()).decode("utf-8").splitlines()
    assert lines[0] == beehive.ALL_HIVES_HEADER.strip() and len(lines) - 1 == len(index.all_hives())
    row = index.all_hives()[len(lines) // 2]
    assert f"{row.letters}\t{row.centre}\t{row.words}\t{row.points}\t{row.pangrams}" in lines
    assert written[0].read_bytes() == (built_lists("en") / "hives.tsv.gz").read_bytes()


def test_daily_files_hold_each_day_up_to_today(tmp_path, built_lists):
    shutil.copyfile(built_lists("en") / "game.tsv", tmp_path / "game.tsv")
    written = {p.name: p for p in write_game_data(EN, tmp_path, today=TODAY)}
    hives = beehive.BeehiveIndex.load(EN, None, tmp_path)
    daily = gzip.decompress(written["beehive-daily.tsv.gz"].read_bytes()).decode("utf-8").splitlines()
    assert daily[0] == beehive.DAILY_HEADER.strip()
    assert [line.split("\t")[:3] for line in daily[1:]] == [
        [d.date.isoformat(), d.hive.letters, str(d.hive.word_count)] for d in hives.schedule(TODAY)
    ]
    rack_index = racks.RackIndex.load(EN, None, tmp_path)
    rows = gzip.decompress(written["racks-daily.tsv.gz"].read_bytes()).decode("utf-8").splitlines()
    assert rows[0] == racks.DAILY_HEADER.strip()
    assert [row.split("\t")[:3] for row in rows[1:]] == [
        [d.date.isoformat(), " ".join(d.tiles), str(len(d.solution.answers))] for d in rack_index.schedule(TODAY)
    ]
    before = write_game_data(EN, tmp_path, today=EN.schedule_start - dt.timedelta(days=1))
    assert all(
        len(gzip.decompress(p.read_bytes()).splitlines()) == 1 for p in before if p.name.endswith("daily.tsv.gz")
    )


def test_game_data_over_the_memory_available_is_refused_with_its_estimate(tmp_path, built_lists, monkeypatch):
    """The indexes' memory is estimated from the lists' sizes (the list files, else the rows
    of game.tsv) before anything is built, and refused in one line above what is available."""
    from pipeline.core.errors import RuscError
    from pipeline.games.gamedata import INDEX_BYTES_PER_WORD, check_memory
    from pipeline.lists.lexicon import LIST_CODES, game_list

    folder = built_lists("en")
    words = len((folder / "words.txt").read_text("utf-8").splitlines())
    lemmas = len((folder / "lemmas.txt").read_text("utf-8").splitlines())
    games = ("beehive", "racks")
    rows = [line.rstrip("\n").split("\t")[2] for line in open(folder / "game.tsv", encoding="utf-8")]
    # English games read their own vocabularies (game.tsv's B and R), the others the list files.
    listed = {
        "words": words,
        "lemmas": lemmas,
        **{game: sum(LIST_CODES[game] in lists for lists in rows) for game in games},
    }
    beehive, racks = (listed[game_list(EN, game)] for game in games)
    needed = INDEX_BYTES_PER_WORD["beehive"] * beehive + INDEX_BYTES_PER_WORD["racks"] * racks
    assert check_memory(EN, folder, games, available=needed) == needed
    # Without the list files, game.tsv's rows give the same sizes.
    shutil.copyfile(folder / "game.tsv", tmp_path / "game.tsv")
    assert check_memory(EN, tmp_path, games, available=needed) == needed
    with pytest.raises(RuscError) as refused:
        check_memory(EN, tmp_path, games, available=needed - 1)
    message = str(refused.value)
    assert message.startswith(f"{EN.path}: game data refused:") and "\n" not in message
    assert f"racks ({racks} words)" in message and "enabled = false" in message
    # write_game_data checks before it builds anything: nothing is written.
    monkeypatch.setattr("pipeline.games.gamedata.available_memory", lambda: 1000)
    with pytest.raises(RuscError, match="game data refused"):
        write_game_data(EN, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.tsv"]
