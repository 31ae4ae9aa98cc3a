"""Every command whose cost grows with an argument is bounded: a date past the schedule, a
number of workers, a dictionary whose affix rules multiply — each is refused (or bounded)
in one line within seconds, as the site already refused a far date."""

from __future__ import annotations

import os
import random
import re
import time
import tomllib
from pathlib import Path

import pytest

#: Wall seconds a refusal may take (an interpreter already running; the machine is shared).
QUICK = 10


def multiplying_dictionary(folder: Path) -> Path:
    """A 60 KB .aff of four classes of 1,000 rules, each continued by the next (suffix,
    suffix, prefix, prefix), and 2,000 stems taking the first suffix and prefix: one stem
    makes about 10^12 forms, and counting even one ran for minutes."""
    rng = random.Random(33)
    letters = "abcdefghij"
    lines = ["SET UTF-8", "FLAG long"]
    for kind, flag, then in (("SFX", "Aa", "/Bb"), ("SFX", "Bb", "/Cc"), ("PFX", "Cc", "/Dd"), ("PFX", "Dd", "")):
        lines.append(f"{kind} {flag} Y 1000")
        lines += [f"{kind} {flag} 0 {''.join(rng.choices(letters, k=3))}{then} ." for _ in range(1000)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.aff").write_text("\n".join(lines) + "\n", encoding="utf-8")
    stems = sorted({"".join(rng.choices(letters, k=6)) for _ in range(2000)})
    (folder / "index.dic").write_text(f"{len(stems)}\n" + "".join(f"{s}/AaCc\n" for s in stems), encoding="utf-8")
    return folder / "index.aff"


def timed(cli, *argv: str):
    started = time.monotonic()
    result = cli(*argv)
    return result, time.monotonic() - started


@pytest.mark.parametrize(
    "argv",
    [
        ["beehive", "en", "--date", "2999-12-31"],
        ["rack", "en", "--date", "9999-12-31"],
        ["beehive", "en", "--write-data", "--date", "2999-12-31"],
        ["rack", "en", "--write-data"],
    ],
)
def test_a_day_past_the_schedule_is_refused_at_once(english_root, cli, argv):
    """Every day from the schedule's start was computed (48 s and 680 MB for 2999)."""
    result, seconds = (
        timed(cli, *argv) if "--date" in argv else (cli(*argv, env={"SOURCE_DATE_EPOCH": "32503680000"}), 0.0)
    )  # 3000-01-01
    assert result.returncode == 2, result.stderr
    assert len(result.said) == 1 and "no puzzles scheduled for" in result.said[0], result.stderr
    assert "the schedule runs from 2026-01-01 to" in result.said[0]
    assert seconds < QUICK
    assert not list((english_root / "dist" / "wordlists" / "en").glob("*daily*"))


@pytest.mark.parametrize("workers", ["1000", "0", "-1", "x"])
def test_workers_are_capped_at_the_processors(english_root, cli, workers):
    result = cli("expand", "en", "--workers", workers)
    assert result.returncode == 2
    most = max(2, os.cpu_count() or 1)
    assert result.said == [
        f"rusc expand: argument --workers: {workers!r} is not a number of processes from 1 to "
        f"{most} (see rusc expand --help)"
    ]


def test_an_estimate_that_cannot_finish_is_stopped_within_its_limit(tmp_path):
    from pipeline.expand import Expander
    from pipeline.expand.estimate import EstimateTooSlow, estimate_expansion

    aff = multiplying_dictionary(tmp_path / "dictionary")
    expander = Expander.from_files(aff, aff.with_suffix(".dic"))
    started = time.monotonic()
    with pytest.raises(EstimateTooSlow, match=re.escape(f"{aff}: counting the expansion's forms took over 2 s")):
        estimate_expansion(expander, seconds=2, path=aff)
    assert time.monotonic() - started < 2 + QUICK


def test_a_multiplying_dictionary_is_bounded_by_add_language_and_refused_unbounded(tmp_path, cli, monkeypatch):
    """add-language counts the full expansion within the limit, fails, and writes the bounded
    mode it could count; the same file without it is refused by ``rusc expand`` in one line."""
    import pipeline.expand.estimate as estimate

    monkeypatch.setattr(estimate, "ESTIMATE_SECONDS", 2.0)
    monkeypatch.setenv("RUSC_ROOT", str(tmp_path))
    monkeypatch.setenv("RUSC_CACHE", str(tmp_path / "cache"))
    aff = multiplying_dictionary(tmp_path / "dictionary")
    out = tmp_path / "xx.toml"
    result, seconds = timed(
        cli, "add-language", "en", "--path", str(aff.parent), "--licence", "MIT", "--output", str(out), "--force"
    )
    assert result.returncode == 0, result.stderr
    assert seconds < 4 * QUICK
    text = out.read_text("utf-8")
    assert tomllib.loads(text)["expand"]["bounded"] == "one-affix"
    assert "could not be counted within 2 s" in text
    out.write_text(text.replace('bounded = "one-affix"\n', ""), encoding="utf-8")
    result, seconds = timed(cli, "expand", str(out))
    assert result.returncode == 1
    assert result.said[-1].startswith(f"rusc: {tmp_path / 'cache'}")  # the normalised .aff
    assert "index.aff: counting the expansion's forms took over 2 s" in result.said[-1]
    assert seconds < 2 * QUICK
