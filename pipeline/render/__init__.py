"""The static site: every page of ``dist/site/`` rendered from the games and the word lists.

Where to start reading: :func:`pipeline.render.site.build_site`. The package has one module
per page type and one for the interface text:

* :mod:`~pipeline.render.site` — gathers each language once (a
  :class:`~pipeline.render.pages.LanguageSite`: the engines' daily hives and racks up to
  today, the downloads), asks every page type for its pages, renders, publishes atomically.
* :mod:`~pipeline.render.registry` — the page types, in navigation order. Each is a module
  with ``pages(site) -> list[Page]``: :mod:`~pipeline.render.language` (a language's front
  page), :mod:`~pipeline.render.beehive`, :mod:`~pipeline.render.rack`,
  :mod:`~pipeline.render.archive`, :mod:`~pipeline.render.wordle`,
  :mod:`~pipeline.render.downloads`, :mod:`~pipeline.render.about`, and the site-wide
  :mod:`~pipeline.render.home` (home and 404). :mod:`~pipeline.render.feed` makes the Atom
  entries.
* :mod:`~pipeline.render.i18n` — gettext catalogs (``pipeline/locale``), CLDR plurals,
  Babel's number and date formats, the language's typography rules.
* :mod:`~pipeline.render.settings` — languages and URLs from the command line, the
  environment or ``site.toml`` (``rusc site`` itself is :mod:`pipeline.commands.site`).
"""

from pipeline.render.pages import LanguageSite, NavEntry, Page
from pipeline.render.settings import settings_from
from pipeline.render.site import CSP, SiteReport, build_site

__all__ = ["CSP", "LanguageSite", "NavEntry", "Page", "SiteReport", "build_site", "settings_from"]
