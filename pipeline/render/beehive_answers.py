"""Beehive answers pages (``<code>/beehive/<date>/answers/``): every answer of one day's
hive, kept off the game page so playing it spoils nothing. Each answer's item carries its
game key (``data-id``), which the game page reads for the graded help and the review of a
past day (site/game-page.js fetchAnswers).
"""

from __future__ import annotations

from pipeline.render.pages import LanguageSite, Page


def pages(site: LanguageSite) -> list[Page]:
    return [
        site.page(
            f"beehive/{daily.date}/answers/",
            "beehive_answers.html",
            "beehive/",
            date=daily.date,
            hive=daily.hive,
            answers=sorted(daily.hive.answers, key=lambda a: a.key),
            meanings=site.glossary.define_all(a.forms[0] for a in daily.hive.answers) if site.glossary else {},
            game_url=site.urls.url(f"{site.code}/beehive/{daily.date}/"),
        )
        for daily in site.hives
    ]
