"""Links between the days of a game: the previous and next published day, and today.

>>> import datetime as dt
>>> days = [dt.date(2026, 3, 8), dt.date(2026, 3, 9), dt.date(2026, 3, 10)]
>>> day_links(days, 0)
DayLinks(previous=None, next=datetime.date(2026, 3, 9), today=datetime.date(2026, 3, 10))
>>> day_links(days, 2).next is None
True
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class DayLinks:
    #: The published day before, or None on the first day of the schedule.
    previous: dt.date | None
    #: The day after, or None on today's page (nothing after today is published).
    next: dt.date | None
    #: Today, the last published day.
    today: dt.date


def day_links(days: list[dt.date], index: int) -> DayLinks:
    """Neighbours of ``days[index]`` in the published days (sorted, oldest first)."""
    return DayLinks(
        days[index - 1] if index > 0 else None, days[index + 1] if index + 1 < len(days) else None, days[-1]
    )
