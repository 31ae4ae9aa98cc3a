"""Site-wide pages: the home page (every language's today) and the 404 page."""

from __future__ import annotations

from pipeline.lists.tiles import BLANK
from pipeline.render.pages import LanguageSite, Page


def pages(sites: list[LanguageSite]) -> list[Page]:
    summaries = [summary(site) for site in sites]
    return [
        Page("", "home.html", {"summaries": summaries}),
        Page("404.html", "404.html", {"summaries": summaries}, in_sitemap=False),
    ]


def summary(site: LanguageSite) -> dict:
    """What the home page shows of one language."""
    return {
        "language": site.language,
        "date": site.today,
        "hive": site.hives[-1].hive if site.hives else None,
        "rack": site.racks[-1] if site.racks else None,
        "points": site.points,
        "blank": BLANK,
        "nav": site.nav,
    }
