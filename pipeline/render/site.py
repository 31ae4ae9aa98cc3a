"""Building the whole site: gather each language once, let every page type make its pages,
render them, publish atomically.

Where to start reading: :func:`build_site`. It works in three steps:

1. **Gather** (:func:`gather`): for each language, today's date (from ``--date`` or
   SOURCE_DATE_EPOCH, :mod:`pipeline.core.dates`), the beehive and rack schedules up to today
   (never a future answer) and the downloadable files, into one
   :class:`~pipeline.render.pages.LanguageSite` record. Each page-type module of
   :mod:`pipeline.render.registry` turns that record into :class:`Page` records.
2. **Render** every page with its language's jinja2 environment
   (:func:`pipeline.render.i18n.environment`: gettext catalogs, CLDR plurals, Babel
   formatting; autoescape on, so every word is escaped; undefined names are errors), plus
   ``sitemap.xml``, one Atom feed per language and the hashed assets (:mod:`pipeline.browser.assets`).
3. **Publish** into a temporary folder beside ``dist/site`` and swap it in atomically
   (:func:`pipeline.core.fsutil.atomic_dir`); word lists are copied (not linked: GitHub Pages
   refuses links) under ``wordlists/<lang>/``.

Links go through :class:`pipeline.render.urls.Urls`, so the site works under a base path such as
``/rusc/``. Nothing here reads the clock, iterates a set, or depends on the locale, so the
same date and inputs give a byte-identical site.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from pipeline.browser.assets import Assets
from pipeline.config import Language
from pipeline.core.dates import require_scheduled, today
from pipeline.core.errors import RuscError, UsageError
from pipeline.core.fsutil import atomic_dir, build_lock
from pipeline.core.paths import Paths
from pipeline.core.progress import progress
from pipeline.core.resources import STATIC
from pipeline.games.beehive import BeehiveIndex
from pipeline.games.definitions import Glossary
from pipeline.games.racks import RackIndex
from pipeline.lists.diff import diffs_folder, read_summaries
from pipeline.lists.downloads import Release, diff_downloads, list_downloads
from pipeline.lists.tiles import tile_points
from pipeline.render import feed, offline, offline_notice
from pipeline.render.i18n import N_, environment
from pipeline.render.pages import LanguageSite, Page
from pipeline.render.registry import LANGUAGE_PAGE_TYPES, SITE_PAGE_TYPES
from pipeline.render.urls import Urls

#: The Content-Security-Policy of every page: nothing from other hosts, no inline script.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
)


#: The web app manifest's description (in the site's first language).
MANIFEST_DESCRIPTION = N_("Daily word puzzles, their answers and free word lists")


@dataclass
class SiteReport:
    #: Where the site was written.
    folder: Path
    #: HTML pages written.
    pages: int
    #: Files and total bytes of the whole site.
    files: int
    bytes: int
    #: Today's date per language code.
    dates: dict[str, dt.date] = field(default_factory=dict)


def build_site(
    paths: Paths,
    languages: list[Language],
    date: dt.date | str | None,
    urls: Urls,
    title: str = "Rusc",
    environ: dict[str, str] | None = None,
    out: Path | None = None,
) -> SiteReport:
    """Render the whole site into ``out`` (default ``paths.site``), atomically.

    ``date`` is the puzzle day (a date, ``YYYY-MM-DD``, or None for SOURCE_DATE_EPOCH in
    each language's time zone); see the module docstring for the rest.
    """
    target = Path(out) if out is not None else paths.site
    if not languages:
        raise UsageError("no languages to build")
    assets = Assets.from_folder(STATIC)
    sites = [gather(language, today(language, date, environ), paths, assets, urls) for language in languages]
    pages: list[Page] = []
    for site in sites:
        own = [page for module in LANGUAGE_PAGE_TYPES for page in module.pages(site)]
        sections = {page.section for page in own}
        site.nav = [m.NAV for m in LANGUAGE_PAGE_TYPES if getattr(m, "NAV", None) and m.NAV.path in sections]
        pages += own
    pages += [page for module in SITE_PAGE_TYPES for page in module.pages(sites)]
    by_code = {site.code: site for site in sites}
    envs = {language.code: environment(language) for language in languages}
    absolute = urls.has_site_url
    common = {
        "site": {"title": title, "languages": languages, "csp": CSP, "absolute_urls": absolute},
        "url": urls.url,
        "absolute": urls.absolute,
        "asset": lambda name: urls.url(assets.path(name)),
    }
    # A fragment in another language's own words, inside a site-wide page (home, 404).
    common["fragment"] = lambda language, template, **values: Markup(
        _render(envs[language.code], template, {**common, "language": language, **values}, language)
    )
    paths_built = {page.path for page in pages}
    kept: dict[str, str] = {}

    with build_lock(target.parent), atomic_dir(target) as out:
        for name, data in assets.files.items():
            _write(out / name, data)
        for page in progress(pages, total=len(pages), desc="pages", unit="page"):
            language = page.language or languages[0]
            context = {
                **common,
                "page": page,
                "language": language,
                "nav": by_code[language.code].nav,
                "alternates": _alternates(page, languages, paths_built),
                **page.context,
            }
            html = _render(envs[language.code], page.template, context, language)
            if page.offline or not page.path:
                kept[page.path] = html
            _write(out / page.file, html.encode("utf-8"))
        _write_offline(out, envs[languages[0].code], kept, urls, title, assets, languages[0])
        if absolute:  # feeds and the sitemap are made of absolute URLs
            for site in sites:
                context = {**common, "language": site.language, "entries": feed.entries(site), "urls": urls}
                _write(
                    out / site.code / "feed.xml",
                    _render(envs[site.code], "feed.xml", context, site.language).encode("utf-8"),
                )
            sitemap = (
                envs[languages[0].code]
                .get_template("sitemap.xml")
                .render(locations=sorted(urls.absolute(p.path) for p in pages if p.in_sitemap))
            )
            _write(out / "sitemap.xml", sitemap.encode("utf-8"))
        robots = "User-agent: *\nAllow: /\n" + (f"Sitemap: {urls.absolute('sitemap.xml')}\n" if absolute else "")
        _write(out / "robots.txt", robots.encode("utf-8"))
        # Release assets are linked, not copied: they keep the site under Pages' 1 GB.
        copies = [
            (d.source, f"wordlists/{site.code}/{d.name}")
            for site in sites
            for d in site.downloads
            if d.release_url is None
        ]
        for source, name in progress(copies, total=len(copies), desc="word lists", unit="file"):
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, out / name)
    files, size = _measure(target)
    return SiteReport(target, len(pages), files, size, {site.code: site.today for site in sites})


def _alternates(page: Page, languages: list[Language], built: set[str]) -> list[tuple[Language, str]]:
    """The same page in each other language (its front page if it has no such page)."""
    if page.language is None:
        return [(language, f"{language.code}/") for language in languages]
    rest = page.path[len(page.language.code) + 1 :]
    return [
        (other, f"{other.code}/{rest}" if f"{other.code}/{rest}" in built else f"{other.code}/")
        for other in languages
        if other.code != page.language.code
    ]


def _write_offline(
    out: Path, env: jinja2.Environment, kept: dict[str, str], urls: Urls, title: str, assets: Assets, language: Language
) -> None:
    """The manifest and the service worker that keeps ``kept`` (path → HTML) offline."""
    notice_paths = [path for path in kept if path.endswith("/" + offline_notice.PATH)]
    precache = offline.precache_urls(kept, urls.base_path, shared=notice_paths)
    translate: Any = env.globals["_"]
    description = str(translate(MANIFEST_DESCRIPTION))
    _write(
        out / "manifest.webmanifest",
        offline.manifest(title, description, urls.base_path, language.code, urls.url(assets.path("icon.svg"))),
    )
    notices = {path.split("/")[0]: urls.url(path) for path in notice_paths}
    script = env.get_template("sw.js").render(
        version=offline.version(precache, kept), base_path=urls.base_path, precache=precache, notices=notices
    )
    _write(out / "sw.js", script.encode("utf-8"))


def gather(language: Language, day: dt.date, paths: Paths, assets: Assets, urls: Urls) -> LanguageSite:
    """Run the engines once for ``language`` up to ``day``."""
    code = language.code
    require_scheduled(language, day)
    folder = paths.wordlists(code)
    # A game the language cannot support (its TOML says enabled = false) has no days at all,
    # so its pages, archive, feed entries and navigation are left out.
    supported = language.supported_games
    # Up to today only: no future answer is ever published (or computed).
    beehive_index = BeehiveIndex.load(language, paths) if "beehive" in supported else None
    hives = beehive_index.schedule(day) if beehive_index is not None else []
    days = [hive.date for hive in hives] or _days(language.schedule_start, day)
    racks = []
    rack_index = None
    if "racks" in supported:
        rack_index = RackIndex.load(language, paths)
        racks = [rack_index.daily(d) for d in progress(days, total=len(days), desc=f"{code} racks", unit="day")]
    release = Release.from_env()
    changes = diffs_folder(paths, code)
    downloads = list_downloads(folder, day, release) + diff_downloads(changes, release, code)
    return LanguageSite(
        language,
        day,
        hives,
        racks,
        tile_points(language),
        downloads,
        folder,
        paths.kept,
        assets,
        urls,
        beehive_index=beehive_index,
        rack_index=rack_index,
        changes=list(read_summaries(changes)),
        glossary=Glossary.load(language, paths),
    )


def _days(start: dt.date, end: dt.date) -> list[dt.date]:
    return [start + dt.timedelta(days=n) for n in range((end - start).days + 1)]


def _render(env: jinja2.Environment, template: str, context: dict, language: Language) -> str:
    try:
        return env.get_template(template).render(context)
    except jinja2.UndefinedError as error:
        raise RuscError(f"rendering {template}: {error.message}", language.path) from None


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _measure(folder: Path) -> tuple[int, int]:
    files = size = 0
    for base, _dirs, names in os.walk(folder):
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(base, name))
    return files, size
