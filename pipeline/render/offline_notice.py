"""The offline notice (``<code>/offline/``): what the service worker shows, in the page's
language, for a page it has not kept when the network is down (templates/sw.js), instead of
some other page that would pass for it. Kept offline itself; not in the sitemap.
"""

from __future__ import annotations

import dataclasses

from pipeline.render.pages import LanguageSite, Page

#: Its path under the language's folder; templates/sw.js finds it as ``<base><code>/offline/``.
PATH = "offline/"


def pages(site: LanguageSite) -> list[Page]:
    page = site.page(PATH, "offline.html", offline=True, has_hive=bool(site.hives), has_rack=bool(site.racks))
    return [dataclasses.replace(page, in_sitemap=False)]
