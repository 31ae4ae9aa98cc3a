"""The Atom feed of a language (``<code>/feed.xml``): the last :data:`FEED_DAYS` days of
puzzles, newest first."""

from __future__ import annotations

from pipeline.render.pages import LanguageSite

#: Days of puzzles the Atom feed carries.
FEED_DAYS = 14


def entries(site: LanguageSite) -> list[dict]:
    result = []
    for hive_day, rack_day in list(zip(site.hives, site.racks))[-FEED_DAYS:][::-1]:
        result.append({"date": hive_day.date, "game": "beehive", "path": f"{site.code}/beehive/{hive_day.date}/",
                       "hive": hive_day.hive})
        result.append({"date": rack_day.date, "game": "rack", "path": f"{site.code}/rack/{rack_day.date}/",
                       "rack": rack_day})
    return result
