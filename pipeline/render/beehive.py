"""Beehive pages: today's hive (``<code>/beehive/``) and one page per past day.

Each page is a game (templates/beehive_game.html, site/beehive-game.js) over the hive, its
figures, the first-letter × length hint grid, the two-letter starts and the ranks, built
from the engine's ``DailyHive`` records (``LanguageSite.hives``) and its hints. The page
carries no answer: the game checks words against salted hashes
(:func:`pipeline.playdata.hive_play_data`), and the answers have a page of their own
(:mod:`pipeline.render.beehive_answers`), linked from the game.
"""

from __future__ import annotations

from pipeline.beehive import hints
from pipeline.playdata import hive_play_data
from pipeline.render.daynav import day_links
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("beehive/", N_("Beehive"))


def pages(site: LanguageSite) -> list[Page]:
    if not site.hives:
        return []  # the language cannot support the beehive
    return site.daily_pages("beehive/", "beehive.html", [daily.date for daily in site.hives],
                            lambda index, is_today: _context(site, index, is_today))


def _context(site: LanguageSite, index: int, is_today: bool) -> dict:
    daily = site.hives[index]
    hive = daily.hive
    hint_counts = hints(hive)
    day = f"{site.code}/beehive/{daily.date}/"
    return {"date": daily.date, "hive": hive, "hints": hint_table(hint_counts, site.language.alphabet),
            "is_today": is_today, "days": day_links([d.date for d in site.hives], index),
            "answers_url": site.urls.url(day + "answers/"), "share_url": site.urls.absolute(day) if site.urls.has_site_url else "",
            "yesterday": site.hives[index - 1].date if index > 0 else None,
            "game_data": hive_play_data(site.language, daily.date, hive, hint_counts)}


def hint_table(hints, alphabet: str) -> dict:
    """The first-letter × length grid as rows the template can draw, plus two-letter counts."""
    grid = {letter: {int(n): c for n, c in row.items() if str(n).isdigit()}
            for letter, row in hints.grid.items() if len(str(letter)) == 1}
    lengths = sorted({n for row in grid.values() for n in row})
    order = {ch: i for i, ch in enumerate(alphabet)}
    letters = sorted(grid, key=lambda ch: order.get(ch, len(order)))
    rows = [(letter, [grid[letter].get(n, 0) for n in lengths], sum(grid[letter].values())) for letter in letters]
    totals = [sum(grid[letter].get(n, 0) for letter in letters) for n in lengths]
    two = sorted(hints.two_letter.items(), key=lambda kv: [order.get(ch, len(order)) for ch in kv[0]])
    return {"lengths": lengths, "rows": rows, "totals": totals, "total": sum(totals), "two_letter": two}
