"""The puzzle day ("today"): from an explicit date or SOURCE_DATE_EPOCH, never the clock.

A build must be reproducible, so nothing deep in the code reads the wall clock. The CLI
passes ``--date`` through; failing that, ``SOURCE_DATE_EPOCH`` (seconds since 1970, the
reproducible-builds convention) is turned into a calendar date in the language's time zone
(``timezone`` in its TOML), because a puzzle day starts at local midnight. Neither set is
an error: the caller must say which day it is.

>>> import datetime as dt
>>> parse_date("2026-03-01")
datetime.date(2026, 3, 1)
>>> date_from_epoch("1767222000", "Europe/Madrid")   # 2025-12-31 23:00 UTC
datetime.date(2026, 1, 1)
>>> date_from_epoch("1767222000", "America/New_York")
datetime.date(2025, 12, 31)
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pipeline.core.errors import RuscError, UsageError


def parse_date(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` date; anything else is a usage error."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"invalid date {text!r}; expected YYYY-MM-DD") from None


def date_from_epoch(epoch: str, timezone: str) -> dt.date:
    """The calendar date in ``timezone`` at ``epoch`` seconds since 1970 (UTC)."""
    try:
        seconds = int(epoch.strip())
    except ValueError:
        raise UsageError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, not {epoch!r}") from None
    try:
        zone = ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise RuscError(f"unknown time zone {timezone!r}") from None
    try:
        return dt.datetime.fromtimestamp(seconds, dt.UTC).astimezone(zone).date()
    except (OverflowError, OSError, ValueError):
        raise UsageError(f"SOURCE_DATE_EPOCH {seconds} is out of the range of dates") from None


def require_scheduled(language, day: dt.date, error: type[RuscError] = RuscError) -> dt.date:
    """``day``, if ``language`` has puzzles scheduled on it, else ``error`` in one line.

    The bound of every command that computes the days of a schedule up to a date (the
    site, ``--date``, ``--write-data``): their cost grows with the days from
    ``schedule_start``, and a day past ``schedule_end`` has no puzzle anyway."""
    if not language.schedule_start <= day <= language.schedule_end:
        raise error(
            f"no puzzles scheduled for {day}: the schedule runs from {language.schedule_start} "
            f"to {language.schedule_end}",
            language.path,
        )
    return day


def today(language, explicit: dt.date | str | None = None, environ: Mapping[str, str] | None = None) -> dt.date:
    """The puzzle day for ``language``: ``explicit`` if given, else SOURCE_DATE_EPOCH."""
    if isinstance(explicit, dt.date):
        return explicit
    if explicit:
        return parse_date(explicit)
    environ = os.environ if environ is None else environ
    epoch = environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch:
        raise UsageError("which day is it? pass --date YYYY-MM-DD or set SOURCE_DATE_EPOCH")
    return date_from_epoch(epoch, language.timezone)
