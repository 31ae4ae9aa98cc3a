"""The about page (``<code>/about/``): the games' rules, tile values, sources, licences (the
definitions' licence as their package carries it)."""

from __future__ import annotations

from pipeline.lists.tiles import BLANK
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("about/", N_("About"))


def pages(site: LanguageSite) -> list[Page]:
    return [site.page("about/", "about.html", "about/", points=site.points, blank=BLANK, glossary=site.glossary)]
