"""Beehive pages: today's hive (``<code>/beehive/``) and one page per past day.

Each page is a game (templates/beehive_game.html, site/beehive-game.js) over the hive, its
figures, the first-letter × length hint grid, the two-letter starts and the ranks, built
from the engine's ``DailyHive`` records (``LanguageSite.hives``) and its hints. The page
carries no answer: the game checks words against salted hashes
(:func:`pipeline.browser.playdata.hive_play_data`), and the answers have a page of their own
(:mod:`pipeline.render.beehive_answers`), linked from the game.
"""

from __future__ import annotations

from pipeline.browser.playdata import hive_play_data
from pipeline.games.beehive import hints
from pipeline.render.daynav import day_links
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("beehive/", N_("Beehive"))


def pages(site: LanguageSite) -> list[Page]:
    if not site.hives:
        return []  # the language cannot support the beehive
    return site.daily_pages(
        "beehive/",
        "beehive.html",
        [daily.date for daily in site.hives],
        lambda index, is_today: _context(site, index, is_today),
    )


def _context(site: LanguageSite, index: int, is_today: bool) -> dict:
    daily = site.hives[index]
    hive = daily.hive
    hint_counts = hints(hive)
    day = f"{site.code}/beehive/{daily.date}/"
    return {
        "date": daily.date,
        "hive": hive,
        "hints": hint_table(hint_counts, site.language.alphabet),
        "is_today": is_today,
        "days": day_links([d.date for d in site.hives], index),
        "answers_url": site.urls.url(day + "answers/"),
        "share_url": site.urls.absolute(day) if site.urls.has_site_url else "",
        "yesterday": site.hives[index - 1].date if index > 0 else None,
        "game_data": hive_play_data(site.language, daily.date, hive, hint_counts, site.glossary),
    }


def hint_table(hints, alphabet: str) -> dict:
    """The first-letter × length grid as rows the template can draw, plus two-letter counts."""
    grid = {
        letter: {int(n): c for n, c in row.items() if str(n).isdigit()}
        for letter, row in hints.grid.items()
        if len(str(letter)) == 1
    }
    order = {ch: i for i, ch in enumerate(alphabet)}
    two = sorted(hints.two_letter.items(), key=lambda kv: [order.get(ch, len(order)) for ch in kv[0]])
    return {**grid_table(grid, alphabet), "two_letter": two}


def grid_table(grid: dict[str, dict[int, int]], alphabet: str) -> dict:
    """A hint grid ({first letter or tile: {length: count}}) as the rows, column totals and
    total that templates/hint-grid.html draws; rows in alphabet order (a digraph tile
    after its first letter)."""
    lengths = sorted({n for row in grid.values() for n in row})
    order = {ch: i for i, ch in enumerate(alphabet)}
    firsts = sorted(grid, key=lambda first: ([order.get(ch, len(order)) for ch in first], first))
    rows = [(first, [grid[first].get(n, 0) for n in lengths], sum(grid[first].values())) for first in firsts]
    totals = [sum(grid[first].get(n, 0) for first in firsts) for n in lengths]
    return {"lengths": lengths, "rows": rows, "totals": totals, "total": sum(totals)}
