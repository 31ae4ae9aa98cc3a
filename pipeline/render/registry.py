"""Which page types the site has, in navigation order.

To add a page type: write ``pipeline/render/<type>.py`` with ``pages(site) -> list[Page]``
(and ``NAV = NavEntry("<type>/", N_("Label"))`` to put it in the navigation), its template
in ``templates/``, and add the module here. See docs/site.md, "Adding a page type".
"""

from __future__ import annotations

from pipeline.render import (
    about,
    archive,
    beehive,
    beehive_answers,
    downloads,
    hive_solver,
    home,
    language,
    offline_notice,
    rack,
    rack_answers,
    rack_finder,
    wordle,
)

#: Modules whose ``pages(site: LanguageSite)`` make the pages of one language; the order of
#: those with a ``NAV`` entry is the navigation's.
LANGUAGE_PAGE_TYPES = (
    language,
    beehive,
    beehive_answers,
    rack,
    rack_answers,
    hive_solver,
    rack_finder,
    archive,
    wordle,
    downloads,
    about,
    offline_notice,
)
#: Modules whose ``pages(sites: list[LanguageSite])`` make site-wide pages.
SITE_PAGE_TYPES = (home,)
