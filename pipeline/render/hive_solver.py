"""The hive solver page (``<code>/hive-solver/``): any beehive's hints, then its answers,
for a puzzle played elsewhere (Paraulògic, the Spelling Bee) whose letters only the player
knows.

The page is a form and a script (``site/hive-solver.js``, engine in
``site/solver-core.js``); every playable key of the language ships as one static index
(:func:`pipeline.solvers.hive_index`), a hashed asset fetched on first use and then cached.
The letters travel in the URL (``?letters=`` centre first), so a link reproduces the solve.
"""

from __future__ import annotations

from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page
from pipeline.solvers import hive_index

NAV = NavEntry("hive-solver/", N_("Hive solver"),
               N_("Type the letters of a beehive played elsewhere: hints first, answers when you ask."))


def pages(site: LanguageSite) -> list[Page]:
    if site.beehive_index is None:
        return []
    data = site.assets.add(f"hive-index-{site.code}.json", hive_index(site.beehive_index))
    return [site.page(NAV.path, "hive-solver.html", NAV.path, offline=True, data_url=site.urls.url(data))]
