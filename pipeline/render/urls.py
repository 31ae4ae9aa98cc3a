"""Base-path-aware URLs: every link in the site goes through :class:`Urls`.

GitHub project pages serve the site under ``/REPO/``, so a link written as ``/ca/`` would
leave the site. Pages therefore link with root-relative paths that include the base path
(``/rusc/ca/``); they work from any depth, which is what a 404 page served at an arbitrary
address needs. Sitemap, feed and canonical links need absolute URLs: ``site_url`` + path;
without a configured site URL the site has none of them (no page may claim a
``localhost`` address as its canonical one).

>>> urls = Urls.create("rusc", "https://example.org/rusc")
>>> urls.base_path, urls.site_url
('/rusc/', 'https://example.org/rusc/')
>>> urls.url("ca/beehive/")
'/rusc/ca/beehive/'
>>> urls.absolute("ca/beehive/")
'https://example.org/rusc/ca/beehive/'
>>> Urls.create("/", "http://localhost:8000").url("")
'/'
>>> Urls.create("/rusc/", "").has_site_url
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.core.errors import RuscError, UsageError


@dataclass(frozen=True)
class Urls:
    #: Path prefix of the site, with leading and trailing slash ("/" or "/rusc/").
    base_path: str
    #: Absolute URL of the site root, ending with "/"; "" when none is configured.
    site_url: str

    @classmethod
    def create(cls, base_path: str, site_url: str) -> Urls:
        """Normalise the user's settings (slashes optional) and reject unusable ones."""
        base = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
        if not re.fullmatch(r"/([A-Za-z0-9._~-]+/)*", base):
            raise UsageError(f"invalid base path {base_path!r}; expected something like /rusc/")
        if not site_url:
            return cls(base, "")
        if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", site_url):
            raise UsageError(f"invalid site URL {site_url!r}; expected http(s)://host/path/")
        return cls(base, site_url.rstrip("/") + "/")

    @property
    def has_site_url(self) -> bool:
        return bool(self.site_url)

    def url(self, path: str) -> str:
        """Root-relative link to ``path`` (given relative to the site root)."""
        return self.base_path + path.lstrip("/")

    def absolute(self, path: str) -> str:
        """Absolute URL of ``path`` for the sitemap, feed and canonical links."""
        if not self.site_url:
            raise RuscError("an absolute URL needs a site URL (SITE_URL, --site-url or site.toml)")
        return self.site_url + path.lstrip("/")
