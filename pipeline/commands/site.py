"""``rusc site``: render the static site into ``dist/site``."""

from __future__ import annotations

from pipeline.core.dates import parse_date


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "site",
        help="render the static site into dist/site",
        description="Render every page of the site into dist/site (atomically) from the word "
        "lists in dist/wordlists. Today's date comes from --date or SOURCE_DATE_EPOCH.",
    )
    parser.add_argument("--date", type=parse_date, help="the puzzle day, YYYY-MM-DD (default: SOURCE_DATE_EPOCH)")
    parser.add_argument(
        "--languages", nargs="+", metavar="LANG", help="language codes (default: SITE_LANGS or site.toml's languages)"
    )
    parser.add_argument(
        "--base-path", help="path prefix the site is served under, e.g. /rusc/ (default: BASE_PATH or site.toml)"
    )
    parser.add_argument("--site-url", help="absolute URL of the site root (default: SITE_URL or site.toml)")
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.core.paths import Paths
    from pipeline.render import build_site, settings_from

    languages, urls, title = settings_from(args.languages, args.base_path, args.site_url)
    report = build_site(Paths.from_env(), languages, args.date, urls, title)
    days = ", ".join(f"{code} {day}" for code, day in report.dates.items())
    print(f"site: {report.pages} pages, {report.files} files, {report.bytes / 1e6:.1f} MB in {report.folder} ({days})")
    return 0
