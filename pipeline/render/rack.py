"""Rack pages: today's rack (``<code>/rack/``) and one page per past day, from the
engine's ``DailyRack`` records (``LanguageSite.racks``): the tiles with their values and a
find-the-words game (templates/rack_game.html, site/rack-game.js) that checks words
against salted hashes (:func:`pipeline.browser.playdata.rack_play_data`). The answers, by score,
have a page of their own (:mod:`pipeline.render.rack_answers`).
"""

from __future__ import annotations

from pipeline.browser.playdata import RACK_LEVELS, rack_play_data, tile_grid
from pipeline.lists.tiles import BLANK
from pipeline.render.beehive import grid_table
from pipeline.render.daynav import day_links
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("rack/", N_("Rack"))
#: The names of a rack day's results (:data:`pipeline.browser.playdata.RACK_LEVELS`), translated where
#: shown: the game's Stats view and the archive's marks.
LEVEL_NAMES = (
    N_("No word"),
    N_("A quarter of the words"),
    N_("Half the words"),
    N_("Three quarters of the words"),
    N_("Every word"),
)
assert len(LEVEL_NAMES) == RACK_LEVELS


def pages(site: LanguageSite) -> list[Page]:
    if not site.racks:
        return []  # the language cannot support racks
    return site.daily_pages(
        "rack/",
        "rack.html",
        [daily.date for daily in site.racks],
        lambda index, is_today: _context(site, index, is_today),
    )


def _context(site: LanguageSite, index: int, is_today: bool) -> dict:
    daily = site.racks[index]
    return {
        "date": daily.date,
        "rack": daily,
        "points": site.points,
        "blank": BLANK,
        "is_today": is_today,
        "days": day_links([d.date for d in site.racks], index),
        "answers_url": site.urls.url(f"{site.code}/rack/{daily.date}/answers/"),
        "game_data": rack_play_data(site.language, daily, site.glossary),
        "rack_level_names": LEVEL_NAMES,
        "hints": grid_table(tile_grid(daily.solution.answers), site.language.alphabet),
    }


def rows_by_score(answers) -> list[tuple[int, list]]:
    """Answers grouped by score, highest first (the engine's order within a score)."""
    groups: dict[int, list] = {}
    for answer in answers:
        groups.setdefault(answer.score, []).append(answer)
    return sorted(groups.items(), key=lambda kv: -kv[0])
