"""Rack answers pages (``<code>/rack/<date>/answers/``): every word of one day's rack by
score, kept off the game page. Each item carries the word's tiles (``data-id``,
``|``-separated), the name the rack game gives a word.
"""

from __future__ import annotations

from pipeline.lists.tiles import BLANK
from pipeline.render.pages import LanguageSite, Page
from pipeline.render.rack import rows_by_score


def pages(site: LanguageSite) -> list[Page]:
    return [
        site.page(
            f"rack/{daily.date}/answers/",
            "rack_answers.html",
            "rack/",
            date=daily.date,
            rack=daily,
            points=site.points,
            blank=BLANK,
            answers=rows_by_score(daily.solution.answers),
            meanings=site.glossary.define_all(a.form for a in daily.solution.answers) if site.glossary else {},
            game_url=site.urls.url(f"{site.code}/rack/{daily.date}/"),
        )
        for daily in site.racks
    ]
