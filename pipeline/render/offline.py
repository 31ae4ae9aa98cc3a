"""Offline use: the web app manifest and the service worker's list of what to keep.

The service worker (``templates/sw.js``, published at the site root so its scope is the
whole site) precaches today's pages — every :class:`~pipeline.render.pages.Page` built
with ``offline=True`` — plus every hashed asset those pages refer to (stylesheets, the
games', solvers' and Wordle scripts and their JSON data). Its cache is named after
:func:`version`, a hash of that list and of the pages' bytes, so a new day's build is a new
``sw.js``: the browser installs it, it caches the new day and drops the old cache.

>>> precache_urls({"ca/": '<a href="/r/assets/a.1.js"></a>'}, "/r/")
['/r/', '/r/assets/a.1.js', '/r/ca/']
"""

from __future__ import annotations

import hashlib
import json
import re

from pipeline.assets import ASSET_DIR


def precache_urls(pages: dict[str, str], base_path: str) -> list[str]:
    """The site root, each page (path → its HTML) and each asset its HTML names, sorted."""
    pattern = re.compile(re.escape(base_path + ASSET_DIR + "/") + r"[A-Za-z0-9._-]+")
    urls = {base_path}
    for path, html in pages.items():
        urls.add(base_path + path)
        urls.update(pattern.findall(html))
    return sorted(urls)


def version(urls: list[str], pages: dict[str, str]) -> str:
    """Changes whenever the list or any kept page changes (a new day, a new asset)."""
    digest = hashlib.sha256()
    for url in urls:
        digest.update(url.encode("utf-8") + b"\n")
    for path in sorted(pages):
        digest.update(path.encode("utf-8") + b"\0" + pages[path].encode("utf-8"))
    return digest.hexdigest()[:16]


def manifest(title: str, description: str, base_path: str, language: str, icon: str) -> bytes:
    """The web app manifest: installable, opening at the site root."""
    data = {
        "name": title, "short_name": title, "description": description, "lang": language,
        "start_url": base_path, "scope": base_path, "display": "standalone",
        "background_color": "#fdfbf6", "theme_color": "#f2c230",
        "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")
