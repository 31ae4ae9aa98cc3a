"""Offline use: the web app manifest and the service worker's lists of what to keep.

The service worker (``templates/sw.js``, published at the site root so its scope is the
whole site) keeps today's pages — every :class:`~pipeline.render.pages.Page` built with
``offline=True`` — plus every hashed asset those pages refer to (stylesheets, the games',
solvers' and Wordle scripts and their JSON data), by language: what every visitor needs
(the site root and each language's offline notice) when it installs, and a language's
pages once the visitor opens one of them, so a visitor keeps only the languages they play
(:func:`precache_urls`). Its cache is named after :func:`version`, a hash of those lists
and of the pages' bytes, so a new day's build is a new ``sw.js``: the browser installs it,
it caches the new day of the languages the visitor kept and drops the old cache.

>>> precache_urls({"": '<a href="/r/assets/s.1.css">', "ca/": '<a href="/r/assets/a.1.js"></a>'}, "/r/")
{'': ['/r/', '/r/assets/s.1.css'], 'ca': ['/r/assets/a.1.js', '/r/ca/']}
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable

from pipeline.browser.assets import ASSET_DIR

#: The list the service worker keeps at install, whatever the visitor's language.
SHARED = ""


def precache_urls(pages: dict[str, str], base_path: str, shared: Iterable[str] = ()) -> dict[str, list[str]]:
    """What to keep, by language (see the module docstring): :data:`SHARED` → the site root,
    the pages of no language and the ``shared`` paths; each language code → its other pages;
    each list with the assets its pages name (path → HTML in ``pages``), sorted."""
    pattern = re.compile(re.escape(base_path + ASSET_DIR + "/") + r"[A-Za-z0-9._-]+")
    shared = set(shared)
    lists: dict[str, set[str]] = {SHARED: {base_path}}
    for path, html in pages.items():
        language = path.split("/")[0] if "/" in path and path not in shared else SHARED
        urls = lists.setdefault(language, set())
        urls.add(base_path + path)
        urls.update(pattern.findall(html))
    return {language: sorted(urls) for language, urls in sorted(lists.items())}


def version(lists: dict[str, list[str]], pages: dict[str, str]) -> str:
    """Changes whenever a list or any kept page changes (a new day, a new asset)."""
    digest = hashlib.sha256()
    for language, urls in sorted(lists.items()):
        digest.update(language.encode("utf-8") + b"\0")
        for url in urls:
            digest.update(url.encode("utf-8") + b"\n")
    for path in sorted(pages):
        digest.update(path.encode("utf-8") + b"\0" + pages[path].encode("utf-8"))
    return digest.hexdigest()[:16]


def manifest(title: str, description: str, base_path: str, language: str, icon: str) -> bytes:
    """The web app manifest: installable, opening at the site root."""
    data = {
        "name": title,
        "short_name": title,
        "description": description,
        "lang": language,
        "start_url": base_path,
        "scope": base_path,
        "display": "standalone",
        "background_color": "#fdfbf6",
        "theme_color": "#f2c230",
        "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")
