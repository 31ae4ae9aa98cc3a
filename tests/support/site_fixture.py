"""A tiny fixture dictionary for site tests: real Catalan words plus hostile display forms.

:func:`make_fixture` writes, under a temporary root, the word-list folder the site reads
(``dist/wordlists/ca``: game.tsv, wordle.tsv, the lists, LICENSE, SHA256SUMS) and a copy of
``ca.toml`` whose thresholds suit so few words. The hostile forms carry markup and
script-like text; the site must show them literally and run none of them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import tomllib
from pathlib import Path

from pipeline.config import LANGUAGES_DIR

#: The day the fixture site is built for.
FIXTURE_DATE = dt.date(2026, 3, 10)
#: Hostile display forms (key → form) and the marker a successful injection would set.
#: They are the pangrams of the fixture's only three letter sets, so every daily hive shows
#: one of them, and the three days of the schedule show them all.
HOSTILE = {
    "cerebrals": "<script>window.pwned=1</script>cerebrals",
    "escarabat": '<img src=x onerror="window.pwned=2">escarabat',
    "celebrat": "celebrat&amp;\"'</li></ol><b>",
}
WORDS = [
    "abella",
    "acer",
    "alberca",
    "barca",
    "becar",
    "bresca",
    "cabal",
    "cabre",
    "cabres",
    "carbassa",
    "cel",
    "celebra",
    "celebrat",
    "cerebral",
    "cerebrals",
    "clar",
    "escabell",
    "escala",
    "llebre",
    "rebec",
    "sabre",
    "serra",
    "cercle",
    "cabra",
    "escarabat",
    "sabres",
]


def make_fixture(
    root: Path, answer_min_zipf: float = 0.0, code: str = "ca", language_name: str = ""
) -> tuple[Path, Path]:
    """Write the fixture under ``root``; return (language TOML path, word-list folder).

    With ``answer_min_zipf`` the beehive has two tiers (the words rarer than that in
    wordfreq's Catalan are bonus words: alberca, becar, bresca, cabre, escabell, rebec at
    2.5) and the display forms are plain, so that the pangrams are common words. With
    ``code`` (and ``language_name``) the same words and rules stand for another language, so that a
    site of several languages builds in seconds (its interface in that language)."""
    folder = root / "dist" / "wordlists" / code
    folder.mkdir(parents=True, exist_ok=True)
    words = sorted(set(WORDS))
    rows = sorted((w, w if answer_min_zipf else HOSTILE.get(w, w)) for w in words)
    (folder / "game.tsv").write_text("".join(f"{k}\t{f}\twl\n" for k, f in rows), encoding="utf-8")
    forms = sorted(f for _, f in rows)
    for name in ("forms.txt", "words.txt", "lemmas.txt"):
        (folder / name).write_text("".join(f + "\n" for f in forms), encoding="utf-8")
    # Every Wordle length Catalan offers has its words, as the lists stage writes them.
    wordle_table = tomllib.loads((LANGUAGES_DIR / "ca.toml").read_text(encoding="utf-8"))["wordle"]
    lengths = wordle_table.get("lengths", [wordle_table.get("length", 5)])
    wordle_rows = sorted((k, f) for k, f in rows if len(k) in lengths)
    (folder / "wordle.tsv").write_text("".join(f"{k}\t{f}\n" for k, f in wordle_rows), encoding="utf-8")
    (folder / "LICENSE").write_text("Fixture licence <b>not bold</b>\n", encoding="utf-8")
    sums = "".join(
        f"{hashlib.sha256((folder / n).read_bytes()).hexdigest()}  {n}\n"
        for n in sorted(p.name for p in folder.iterdir())
    )
    (folder / "SHA256SUMS").write_text(sums, encoding="utf-8")

    text = (LANGUAGES_DIR / "ca.toml").read_text(encoding="utf-8")
    start = FIXTURE_DATE - dt.timedelta(days=2)
    for pattern, value in [
        (r"(?m)^schedule_start = .*$", f"schedule_start = {start}"),
        (r"(?m)^schedule_end = .*$", f"schedule_end = {FIXTURE_DATE}"),
        # The beehive's and the daily rack's answer bands, for a list of a few words.
        (r"(?m)^answers_min = .*$", "answers_min = 1"),
        (r"(?m)^answers_max = .*$", "answers_max = 100"),
        (r"(?m)^points_min = .*$", "points_min = 0"),
        (r"(?m)^min_length = .*$", "min_length = 3"),
        (r"(?m)^list = .*$", f'list = "words"\nanswer_min_zipf = {answer_min_zipf}'),
        (r'(?m)^code = "ca"$', f'code = "{code}"'),
        (r'(?m)^name = "català"$', f'name = "{language_name or "català"}"'),
    ]:
        text, count = re.subn(pattern, value, text)
        assert count == (2 if pattern.startswith(r"(?m)^answers_") else 1), (
            f"ca.toml no longer has the lines matching {pattern}"
        )
    toml = root / f"{code}.toml"
    toml.write_text(text, encoding="utf-8")
    return toml, folder
