"""Archive pages (``<code>/beehive/archive/``, ``<code>/rack/archive/``): a calendar per
month, newest first; each published day shows its puzzle (the hive's letters with the centre
marked and its word and point counts; the rack's tiles and word count) and links to its page.

The weeks start on the locale's first weekday (Monday in Catalan, Sunday in US English).
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass
from typing import Any

from pipeline.browser.playdata import RACK_LEVELS, levels
from pipeline.lists.tiles import BLANK
from pipeline.render.i18n import locale_of
from pipeline.render.pages import LanguageSite, Page
from pipeline.render.rack import LEVEL_NAMES


@dataclass(frozen=True)
class CalendarDay:
    date: dt.date
    #: The day's ``Hive`` or ``DailyRack``; None when nothing was published that day.
    puzzle: Any | None


@dataclass(frozen=True)
class Month:
    year: int
    month: int
    #: Empty cells before the 1st, so that it falls in its weekday's column.
    pad: int
    days: tuple[CalendarDay, ...]


def pages(site: LanguageSite) -> list[Page]:
    first = locale_of(site.language).first_week_day
    hives = {daily.date: daily.hive for daily in site.hives}
    racks = {daily.date: daily for daily in site.racks}
    result = []
    # A game the language cannot support has no days, and no archive.
    # The player's own days are marked by site/archive.js from the results the games keep,
    # in the games' levels (pipeline.browser.playdata.levels): the beehive's ranks, a rack's quarters.
    if hives:
        ranks = site.language.beehive.ranks
        beehive_levels = levels(len(ranks))
        result.append(
            site.page(
                "beehive/archive/",
                "archive.html",
                "beehive/",
                game="beehive",
                months=months(hives, first),
                first_weekday=first,
                levels=beehive_levels,
                streak_name=ranks[beehive_levels["streak"]][0],
            )
        )
    if racks:
        rack_levels = levels(RACK_LEVELS)
        result.append(
            site.page(
                "rack/archive/",
                "archive.html",
                "rack/",
                game="rack",
                months=months(racks, first),
                blank=BLANK,
                first_weekday=first,
                levels=rack_levels,
                streak_name=LEVEL_NAMES[rack_levels["streak"]],
            )
        )
    return result


def months(puzzles: dict[dt.date, Any], first_weekday: int) -> list[Month]:
    """Every month with a published day, newest first, each with all its days.

    >>> [m.month for m in months({dt.date(2026, 1, 31): "a", dt.date(2026, 2, 1): "b"}, 0)]
    [2, 1]
    >>> feb = months({dt.date(2026, 2, 14): "x"}, 0)[0]
    >>> feb.pad, len(feb.days), [d.puzzle for d in feb.days if d.puzzle]
    (6, 28, ['x'])
    """
    keys = sorted({(day.year, day.month) for day in puzzles}, reverse=True)
    result = []
    for year, month in keys:
        first, length = calendar.monthrange(year, month)
        days = tuple(
            CalendarDay(dt.date(year, month, n), puzzles.get(dt.date(year, month, n))) for n in range(1, length + 1)
        )
        result.append(Month(year, month, (first - first_weekday) % 7, days))
    return result
