"""Beehive pages: today's hive (``<code>/beehive/``) and one page per past day.

Each page shows the hive, its figures, the first-letter × length hint grid, the two-letter
starts, the ranks and the answers behind a "show" button; built from the engine's
``DailyHive`` records (``LanguageSite.hives``) and its hints.
"""

from __future__ import annotations

from pipeline.beehive import hints
from pipeline.render.daynav import day_links
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("beehive/", N_("Beehive"))


def pages(site: LanguageSite) -> list[Page]:
    if not site.hives:
        return []  # the language cannot support the beehive
    days = [daily.date for daily in site.hives]
    result = [site.page("beehive/", "beehive.html", "beehive/", offline=True,
                        **_context(site, len(days) - 1, is_today=True))]
    result += [site.page(f"beehive/{day}/", "beehive.html", "beehive/", offline=day == site.today,
                         **_context(site, i, is_today=False)) for i, day in enumerate(days)]
    return result


def _context(site: LanguageSite, index: int, is_today: bool) -> dict:
    daily = site.hives[index]
    hive = daily.hive
    return {"date": daily.date, "hive": hive, "hints": hint_table(hints(hive), site.language.alphabet),
            "answers": sorted(hive.answers, key=lambda a: a.key), "is_today": is_today,
            "days": day_links([d.date for d in site.hives], index)}


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
