"""The downloads page (``<code>/downloads/``): every word-list file with its size, entries
and SHA-256 (:func:`pipeline.downloads.list_downloads` decided what is published)."""

from __future__ import annotations

from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("downloads/", N_("Downloads"))


def pages(site: LanguageSite) -> list[Page]:
    return [site.page("downloads/", "downloads.html", "downloads/", downloads=site.downloads)]
