"""The rack finder page (``<code>/rack-finder/``): every word a rack of up to 15 tiles can
make, blanks and digraph tiles included, with filters (length, contains, starts, ends, a
``?`` pattern) and three orders.

The page is a form and a script (``site/rack-finder.js``, engine in
``site/solver-core.js``); every playable word of the language ships as static files
(:func:`pipeline.browser.solvers.rack_index_files`: the rules, and the words of each number of
tiles), hashed assets fetched when a rack first needs them and then cached.
The rack and the filters travel in the URL (``?rack=…&min=…``), so a link reproduces them.
"""

from __future__ import annotations

from pipeline.browser.solvers import rack_index_files
from pipeline.lists.tiles import BLANK, MAX_RACK
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("rack-finder/", N_("Rack finder"), N_("Every word your tiles make, blanks and filters included."))


def pages(site: LanguageSite) -> list[Page]:
    if site.rack_index is None:
        return []
    index = site.rack_index
    head, shards = rack_index_files(index)
    data = site.assets.add(f"rack-index-{site.code}.json", head)
    # Each number of tiles' words on its own, fetched when a rack needs them.
    shard_urls = {
        length: site.urls.url(site.assets.add(f"rack-words-{site.code}-{length}.json", shard))
        for length, shard in shards.items()
    }
    tiles = index.tileset
    # Tiles of more than one letter, each with the other spellings a player may type (ŀl, l.l).
    digraphs = [(text, [old for old, new in tiles.variants if new == text]) for text in tiles.texts if len(text) > 1]
    return [
        site.page(
            NAV.path,
            "rack-finder.html",
            NAV.path,
            offline=True,
            data_url=site.urls.url(data),
            shard_urls=shard_urls,
            points=site.points,
            blank=BLANK,
            digraphs=digraphs,
            max_rack=MAX_RACK,
        )
    ]
