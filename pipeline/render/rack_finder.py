"""The rack finder page (``<code>/rack-finder/``): every word a rack of up to 15 tiles can
make, blanks and digraph tiles included, with filters (length, contains, starts, ends, a
``?`` pattern) and three orders.

The page is a form and a script (``site/rack-finder.js``, engine in
``site/solver-core.js``); every playable word of the language ships as one static index
(:func:`pipeline.solvers.rack_index`), a hashed asset fetched on first use and then cached.
The rack and the filters travel in the URL (``?rack=…&min=…``), so a link reproduces them.
"""

from __future__ import annotations

from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page
from pipeline.racks import BLANK, MAX_RACK
from pipeline.solvers import rack_index

NAV = NavEntry("rack-finder/", N_("Rack finder"),
               N_("Every word your tiles make, blanks and filters included."))


def pages(site: LanguageSite) -> list[Page]:
    if site.rack_index is None:
        return []
    index = site.rack_index
    data = site.assets.add(f"rack-index-{site.code}.json", rack_index(index))
    tiles = index.tileset
    # Tiles of more than one letter, each with the other spellings a player may type (ŀl, l.l).
    digraphs = [(text, [old for old, new in tiles.variants if new == text]) for text in tiles.texts if len(text) > 1]
    return [site.page(NAV.path, "rack-finder.html", NAV.path, offline=True, data_url=site.urls.url(data),
                      points=site.points, blank=BLANK, digraphs=digraphs, max_rack=MAX_RACK)]
