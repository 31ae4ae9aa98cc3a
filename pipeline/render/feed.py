"""The Atom feed of a language (``<code>/feed.xml``): the last :data:`FEED_DAYS` days of
puzzles, newest first."""

from __future__ import annotations

from pipeline.render.pages import LanguageSite

#: Days of puzzles the Atom feed carries.
FEED_DAYS = 14


def entries(site: LanguageSite) -> list[dict]:
    result = []
    # Either list may be empty (a game the language cannot support).
    by_day: dict = {}
    for hive_day in site.hives[-FEED_DAYS:]:
        by_day.setdefault(hive_day.date, []).append(
            {
                "date": hive_day.date,
                "game": "beehive",
                "path": f"{site.code}/beehive/{hive_day.date}/",
                "hive": hive_day.hive,
            }
        )
    for rack_day in site.racks[-FEED_DAYS:]:
        by_day.setdefault(rack_day.date, []).append(
            {"date": rack_day.date, "game": "rack", "path": f"{site.code}/rack/{rack_day.date}/", "rack": rack_day}
        )
    for day in sorted(by_day, reverse=True)[:FEED_DAYS]:
        result.extend(by_day[day])
    return result
