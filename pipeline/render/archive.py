"""Archive pages (``<code>/beehive/archive/``, ``<code>/rack/archive/``): every published
day of a game, grouped by month, newest first.
"""

from __future__ import annotations

import datetime as dt

from pipeline.render.pages import LanguageSite, Page


def pages(site: LanguageSite) -> list[Page]:
    return [
        site.page("beehive/archive/", "archive.html", "beehive/", game="beehive",
                  months=by_month([h.date for h in site.hives])),
        site.page("rack/archive/", "archive.html", "rack/", game="rack",
                  months=by_month([r.date for r in site.racks])),
    ]


def by_month(dates: list[dt.date]) -> list[tuple[int, int, list[dt.date]]]:
    """Dates grouped by (year, month), newest first.

    >>> by_month([dt.date(2026, 1, 31), dt.date(2026, 2, 1)])
    [(2026, 2, [datetime.date(2026, 2, 1)]), (2026, 1, [datetime.date(2026, 1, 31)])]
    """
    months: dict[tuple[int, int], list[dt.date]] = {}
    for day in sorted(dates, reverse=True):
        months.setdefault((day.year, day.month), []).append(day)
    return [(year, month, days) for (year, month), days in months.items()]
