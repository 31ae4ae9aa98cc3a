"""The static site: every page of ``dist/site/`` rendered from the games and the word lists.

Where to start reading: :func:`build_site`. It works in three steps:

1. **Gather** (:func:`_language_pages`): for each language, today's date (from ``--date``
   or SOURCE_DATE_EPOCH, :mod:`pipeline.dates`), the beehive and rack schedules up to today
   (never a future answer), the Wordle data and the downloadable files. Each page becomes a
   :class:`Page`: where it goes, which template, and its context.
2. **Render** every page with jinja2 (autoescape on, so every word is escaped; undefined
   names are errors), plus ``sitemap.xml``, one Atom feed per language, ``404.html`` and
   the hashed assets (:mod:`pipeline.assets`).
3. **Publish** into a temporary folder beside ``dist/site`` and swap it in atomically
   (:func:`pipeline.fsutil.atomic_dir`); word lists are copied (not linked: GitHub Pages
   refuses links) under ``wordlists/<lang>/``.

Links go through :class:`pipeline.urls.Urls`, so the site works under a base path such as
``/rusc/``. Nothing here reads the clock, iterates a set, or depends on the locale, so the
same date and inputs give a byte-identical site.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2

from pipeline.assets import Assets
from pipeline.config import Language, load_language, load_site_config
from pipeline.dates import today
from pipeline.downloads import list_downloads
from pipeline.errors import RuscError, UsageError
from pipeline.fsutil import atomic_dir, build_lock
from pipeline.paths import Paths
from pipeline.progress import progress
from pipeline.urls import Urls

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "site"
#: Days of puzzles the Atom feed carries.
FEED_DAYS = 14
#: The Content-Security-Policy of every page: nothing from other hosts, no inline script.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
)


@dataclass(frozen=True)
class Page:
    """One HTML page to write."""

    #: Path inside the site, ending in ``/`` for a folder's index.html (``ca/beehive/``).
    path: str
    template: str
    #: Template variables besides the common ones (``language``, ``t``, ``url`` ...).
    context: dict[str, Any]
    #: The language whose strings the page uses; None for the site-wide pages.
    language: Language | None = None
    #: Listed in sitemap.xml (the 404 page is not).
    in_sitemap: bool = True

    @property
    def file(self) -> str:
        return self.path + "index.html" if self.path.endswith("/") or not self.path else self.path


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


@dataclass(frozen=True)
class Games:
    """The game engines the site renders from; tests may pass stand-ins."""

    #: ``(language, paths) -> BeehiveIndex`` (see pipeline/beehive.py).
    beehive: Callable[[Language, Paths], Any]
    #: ``(language, paths) -> RackIndex`` (see pipeline/racks.py).
    racks: Callable[[Language, Paths], Any]
    #: ``hive -> Hints``.
    hints: Callable[[Any], Any]
    #: ``language -> {tile: points}``.
    tile_points: Callable[[Language], dict[str, int]]
    #: ``(language, wordle_tsv_path) -> dict`` of the Wordle page's JSON, or None.
    wordle: Callable[[Language, Path], dict] | None
    #: How a rack shows a blank tile.
    blank: str = "?"


def real_games() -> Games:
    """The engines of this repository (imported late: the CLI loads every module)."""
    from pipeline import beehive, racks

    try:
        from pipeline.wordle import build_wordle_data
    except ImportError:  # the Wordle stage is optional until it lands
        build_wordle_data = None
    return Games(
        beehive=beehive.BeehiveIndex.load,
        racks=racks.RackIndex.load,
        hints=beehive.hints,
        tile_points=racks.tile_points,
        wordle=build_wordle_data,
        blank=racks.BLANK,
    )


def build_site(
    paths: Paths,
    languages: list[Language],
    date: dt.date | str | None,
    urls: Urls,
    title: str = "Rusc",
    games: Games | None = None,
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
    games = games or real_games()
    assets = Assets.from_folder(STATIC)
    env = _environment()
    pages: list[Page] = []
    feeds: dict[str, str] = {}
    dates: dict[str, dt.date] = {}
    copies: list[tuple[Path, str]] = []
    summaries = []
    for language in languages:
        day = today(language, date, environ)
        dates[language.code] = day
        result = _language_pages(language, day, paths, games, assets, urls)
        pages += result["pages"]
        copies += [(d.source, f"wordlists/{language.code}/{d.name}") for d in result["downloads"]]
        summaries.append(result["summary"])
        feeds[language.code] = result["feed"]
    pages.append(Page("", "home.html", {"summaries": summaries}))
    pages.append(Page("404.html", "404.html", {"summaries": summaries}, in_sitemap=False))

    with build_lock(target.parent), atomic_dir(target) as out:
        for name, data in assets.files.items():
            _write(out / name, data)
        site = {"title": title, "languages": languages, "csp": CSP}
        for page in progress(pages, total=len(pages), desc="pages", unit="page"):
            html = _render_page(env, page, site, urls, assets, languages)
            _write(out / page.file, html.encode("utf-8"))
        for code, entries in feeds.items():
            language = next(lang for lang in languages if lang.code == code)
            xml = env.get_template("feed.xml").render(
                language=language, t=language.strings, entries=entries, urls=urls, site=site
            )
            _write(out / code / "feed.xml", xml.encode("utf-8"))
        sitemap = env.get_template("sitemap.xml").render(
            locations=sorted(urls.absolute(p.path) for p in pages if p.in_sitemap)
        )
        _write(out / "sitemap.xml", sitemap.encode("utf-8"))
        _write(out / "robots.txt", f"User-agent: *\nAllow: /\nSitemap: {urls.absolute('sitemap.xml')}\n".encode())
        for source, name in progress(copies, total=len(copies), desc="word lists", unit="file"):
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, out / name)
    files, size = _measure(target)
    return SiteReport(target, len(pages), files, size, dates)


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env


def _render_page(env, page: Page, site, urls: Urls, assets: Assets, languages) -> str:
    language = page.language or languages[0]
    context = {
        "site": site,
        "page": page,
        "language": language,
        "t": language.strings,
        "url": urls.url,
        "absolute": urls.absolute,
        "asset": lambda name: urls.url(assets.path(name)),
        "fmt": _Formatter(language),
        **page.context,
    }
    try:
        return env.get_template(page.template).render(context)
    except jinja2.UndefinedError as error:
        # Most likely a UI string missing from the language's [strings] table.
        raise RuscError(f"rendering {page.template}: {error.message}", language.path) from None


class _Formatter:
    """Numbers, sizes and dates as the page's language writes them (rules from [strings])."""

    def __init__(self, language: Language):
        self.t = language.strings
        self.months = self.t.get("month_names", "").split(",")
        self.months_in_date = self.t.get("months_in_date", "").split(",")

    def number(self, value: int) -> str:
        return f"{value:,}".replace(",", self.t.get("thousands_separator", ","))

    def size(self, value: int) -> str:
        units = ((1e9, "GB"), (1e6, "MB"), (1e3, "kB"))
        for scale, unit in units:
            if value >= scale:
                return f"{value / scale:.1f}".replace(".", self.t.get("decimal_separator", ".")) + f"\u00a0{unit}"
        return f"{value}\u00a0B"

    def date(self, day: dt.date) -> str:
        return self.t["date_format"].format(day=day.day, month=self.months_in_date[day.month - 1], year=day.year)

    def month(self, year: int, month: int) -> str:
        return self.t["month_format"].format(month=self.months[month - 1], year=year)


def _language_pages(language: Language, day: dt.date, paths: Paths, games: Games, assets: Assets, urls: Urls) -> dict:
    """Every page of one language, its feed entries, downloads and home-page summary."""
    code = language.code
    if not language.schedule_start <= day <= language.schedule_end:
        raise RuscError(
            f"no puzzles scheduled for {day}: the schedule runs from {language.schedule_start} "
            f"to {language.schedule_end}",
            language.path,
        )
    folder = paths.wordlists(code)
    beehive_index = games.beehive(language, paths)
    rack_index = games.racks(language, paths)
    # Up to today only: no future answer is ever published (or computed).
    hives = beehive_index.schedule(day)
    days = [hive.date for hive in hives]
    racks = [rack_index.daily(d) for d in progress(days, total=len(days), desc=f"{code} racks", unit="day")]
    points = games.tile_points(language)
    downloads = list_downloads(folder)
    common = {"today": day}

    def hive_context(daily) -> dict:
        hive = daily.hive
        return {"date": daily.date, "hive": hive, "hints": _hint_table(games.hints(hive), language),
                "answers": sorted(hive.answers, key=lambda a: a.key)}

    def rack_context(daily) -> dict:
        return {"date": daily.date, "rack": daily, "points": points, "blank": games.blank,
                "answers": _rack_rows(daily.solution.answers)}

    pages = [
        Page(f"{code}/", "language.html",
             {**common, "hive": hives[-1].hive, "rack": racks[-1], "points": points, "blank": games.blank}, language),
        Page(f"{code}/beehive/", "beehive.html", {**common, **hive_context(hives[-1]), "is_today": True}, language),
        Page(f"{code}/rack/", "rack.html", {**common, **rack_context(racks[-1]), "is_today": True}, language),
        Page(f"{code}/beehive/archive/", "archive.html",
             {**common, "game": "beehive", "months": _by_month([h.date for h in hives])}, language),
        Page(f"{code}/rack/archive/", "archive.html",
             {**common, "game": "rack", "months": _by_month([r.date for r in racks])}, language),
        Page(f"{code}/downloads/", "downloads.html", {**common, "downloads": downloads}, language),
        Page(f"{code}/about/", "about.html", {**common, "points": points}, language),
    ]
    pages += [Page(f"{code}/beehive/{d.date}/", "beehive.html", {**common, **hive_context(d), "is_today": False}, language)
              for d in hives]
    pages += [Page(f"{code}/rack/{d.date}/", "rack.html", {**common, **rack_context(d), "is_today": False}, language)
              for d in racks]
    if games.wordle is not None and (TEMPLATES / "wordle.html").exists():
        data = games.wordle(language, folder / "wordle.tsv")
        blob = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
        data_path = assets.add(f"wordle-{code}.json", blob)
        pages.append(Page(f"{code}/wordle/", "wordle.html", {**common, "data_url": urls.url(data_path)}, language))

    feed = []
    for hive_day, rack_day in list(zip(hives, racks))[-FEED_DAYS:][::-1]:
        feed.append({"date": hive_day.date, "game": "beehive", "path": f"{code}/beehive/{hive_day.date}/",
                     "hive": hive_day.hive})
        feed.append({"date": rack_day.date, "game": "rack", "path": f"{code}/rack/{rack_day.date}/",
                     "rack": rack_day})
    summary = {"language": language, "date": day, "date_text": _Formatter(language).date(day), "hive": hives[-1].hive, "rack": racks[-1],
               "has_wordle": any(p.template == "wordle.html" for p in pages)}
    for page in pages:
        page.context["has_wordle"] = summary["has_wordle"]
    return {"pages": pages, "feed": feed, "downloads": downloads, "summary": summary}


def _by_month(dates: list[dt.date]) -> list[tuple[int, int, list[dt.date]]]:
    """Dates grouped by (year, month), newest first."""
    months: dict[tuple[int, int], list[dt.date]] = {}
    for day in sorted(dates, reverse=True):
        months.setdefault((day.year, day.month), []).append(day)
    return [(year, month, days) for (year, month), days in months.items()]


def _hint_table(hints, language: Language) -> dict:
    """The first-letter × length grid as rows the template can draw, plus two-letter counts."""
    grid = {letter: {int(n): c for n, c in row.items() if str(n).isdigit()}
            for letter, row in hints.grid.items() if len(str(letter)) == 1}
    lengths = sorted({n for row in grid.values() for n in row})
    order = {ch: i for i, ch in enumerate(language.alphabet)}
    letters = sorted(grid, key=lambda ch: order.get(ch, len(order)))
    rows = [(letter, [grid[letter].get(n, 0) for n in lengths], sum(grid[letter].values())) for letter in letters]
    totals = [sum(grid[letter].get(n, 0) for letter in letters) for n in lengths]
    two = sorted(hints.two_letter.items(), key=lambda kv: [order.get(ch, len(order)) for ch in kv[0]])
    return {"lengths": lengths, "rows": rows, "totals": totals, "total": sum(totals), "two_letter": two}


def _rack_rows(answers) -> list[tuple[int, list]]:
    """Answers grouped by score, highest first (the engine's order within a score)."""
    groups: dict[int, list] = {}
    for answer in answers:
        groups.setdefault(answer.score, []).append(answer)
    return sorted(groups.items(), key=lambda kv: -kv[0])


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


def settings_from(args_languages, base_path, site_url, environ=os.environ) -> tuple[list[Language], Urls, str]:
    """Resolve languages and URLs: command line, then environment, then site.toml."""
    config = load_site_config()
    codes = args_languages or (environ.get("SITE_LANGS", "").split() or list(config["languages"]))
    languages = [load_language(code) for code in codes]
    urls = Urls.create(base_path or environ.get("BASE_PATH") or config["base_path"],
                       site_url or environ.get("SITE_URL") or config["site_url"])
    return languages, urls, str(config["title"])
