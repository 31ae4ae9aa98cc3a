"""The downloadable daily racks: one row per day."""

from __future__ import annotations

import io

from pipeline.games.racks.index import DailyRack

DAILY_HEADER = "date\track\twords\tbest\tanswers\n"


def daily_tsv(schedule: list[DailyRack]) -> bytes:
    """The daily racks: date, tiles (space-separated, ``?`` = blank), word count, best score,
    answers as ``form:score`` (best first; a blank tile's letter is not marked here)."""
    out = io.StringIO()
    out.write(DAILY_HEADER)
    for day in schedule:
        answers = day.solution.answers
        best = answers[0].score if answers else 0
        listed = " ".join(f"{a.form}:{a.score}" for a in answers)
        out.write(f"{day.date.isoformat()}\t{' '.join(day.tiles)}\t{len(answers)}\t{best}\t{listed}\n")
    return out.getvalue().encode("utf-8")
