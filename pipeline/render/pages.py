"""The records page types are built from: one :class:`LanguageSite` per language in, a list
of :class:`Page` out.

A page-type module (``beehive.py``, ``rack.py`` …) has a ``pages(site)`` function taking a
:class:`LanguageSite` — everything the engines computed for one language, read once — and
returning its :class:`Page` records; optionally a ``NAV`` :class:`NavEntry` puts it in the
navigation. :mod:`pipeline.render.registry` lists the modules in navigation order.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.browser.assets import Assets
from pipeline.config import Language
from pipeline.games.beehive import BeehiveIndex
from pipeline.games.definitions import Glossary
from pipeline.games.racks import RackIndex
from pipeline.lists.downloads import Download
from pipeline.render.urls import Urls


@dataclass(frozen=True)
class Page:
    """One HTML page to write."""

    #: Path inside the site, ending in ``/`` for a folder's index.html (``ca/beehive/``).
    path: str
    #: The template under ``templates/``.
    template: str
    #: Template variables besides the common ones (``language``, ``url``, ``_`` ...).
    context: dict[str, Any]
    #: The language the page is written in; None for the site-wide pages (home, 404).
    language: Language | None = None
    #: Listed in sitemap.xml (the 404 page is not).
    in_sitemap: bool = True
    #: The navigation entry this page belongs to (highlighted there), e.g. ``beehive/``.
    section: str = ""
    #: Kept by the service worker after one visit, with every asset it refers to (today's
    #: pages: a game, a solver, the Wordle helper); see :mod:`pipeline.render.offline`.
    offline: bool = False

    @property
    def file(self) -> str:
        return self.path + "index.html" if self.path.endswith("/") or not self.path else self.path


@dataclass(frozen=True)
class NavEntry:
    """A link of the navigation bar, shown when the language has a page at ``path``."""

    #: Path under the language's folder (``beehive/``); also the section its pages share.
    path: str
    #: Its label, an English message id (marked with ``N_`` so the extractor finds it).
    label: str
    #: One sentence for the front pages' card (a message id too); "" for no card.
    summary: str = ""


@dataclass
class LanguageSite:
    """Everything the pages of one language are built from, computed once."""

    language: Language
    #: The puzzle day ("today" for this language).
    today: dt.date
    #: The daily beehives from the schedule's start to today (``pipeline.games.beehive.DailyHive``).
    hives: list
    #: The daily racks of the same days (``pipeline.games.racks.DailyRack``).
    racks: list
    #: Tile → points of the language's bag.
    points: dict[str, int]
    #: The published word-list files.
    downloads: list[Download]
    #: ``dist/wordlists/<code>``.
    folder: Path
    #: Where the Wordle pages' precomputed data is kept between runs (:attr:`Paths.kept`).
    kept: Path
    assets: Assets
    urls: Urls
    #: Filled in after every page type ran: the navigation entries that have a page.
    nav: list[NavEntry] = field(default_factory=list)
    #: The engines' indexes the schedules came from (``BeehiveIndex``, ``RackIndex``), for
    #: pages that ship a whole index (the solvers).
    beehive_index: BeehiveIndex | None = None
    rack_index: RackIndex | None = None
    #: The summaries of ``rusc diff`` for this language (:func:`pipeline.lists.diff.read_summaries`).
    changes: list[dict] = field(default_factory=list)
    #: The language's definitions (``[definitions]``), if it has any.
    glossary: Glossary | None = None

    @property
    def code(self) -> str:
        return self.language.code

    def page(self, path: str, template: str, section: str = "", offline: bool = False, **context) -> Page:
        """A page of this language at ``<code>/<path>``; ``today`` is always in its context.
        ``offline=True`` for today's pages that should work without a network."""
        return Page(
            f"{self.code}/{path}",
            template,
            {"today": self.today, **context},
            self.language,
            section=section,
            offline=offline,
        )

    def daily_pages(self, section: str, template: str, days: list[dt.date], context) -> list[Page]:
        """A daily game's pages: today's at ``<section>`` and one per published day at
        ``<section><date>/``, each with ``context(index of its day, is_today)``. Today's
        page and today's dated page work offline."""
        pages = [self.page(section, template, section, offline=True, **context(len(days) - 1, True))]
        pages += [
            self.page(f"{section}{day}/", template, section, offline=day == self.today, **context(i, False))
            for i, day in enumerate(days)
        ]
        return pages
