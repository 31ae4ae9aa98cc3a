"""A language's front page (``<code>/``): today's hive, rack and the other tools."""

from __future__ import annotations

from pipeline.lists.tiles import BLANK
from pipeline.render.pages import LanguageSite, Page


def pages(site: LanguageSite) -> list[Page]:
    return [
        site.page(
            "",
            "language.html",
            offline=True,
            hive=site.hives[-1].hive if site.hives else None,
            rack=site.racks[-1] if site.racks else None,
            points=site.points,
            blank=BLANK,
        )
    ]
