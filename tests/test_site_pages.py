"""What the pages say: day-to-day links, the archive calendar, the front pages, the footer,
Catalan typography, and no canonical claim without a site URL.

Built from the fixture dictionary (:mod:`tests.site_fixture`) with the real engines, and
checked against the engines' own records.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import html5lib
import pytest

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.games.beehive import BeehiveIndex
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.site_fixture import FIXTURE_DATE, make_fixture

BASE = "/rusc/"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(site folder, language, engine schedule) of the fixture built with a site URL."""
    root = tmp_path_factory.mktemp("pages")
    toml, _ = make_fixture(root)
    language = load_language(toml)
    report = build_site(Paths(root), [language], FIXTURE_DATE, Urls.create(BASE, "https://h.example/rusc/"))
    schedule = BeehiveIndex.load(language, Paths(root)).schedule(FIXTURE_DATE)
    return report.folder, language, schedule


def tree(path: Path):
    return html5lib.parse(path.read_bytes(), namespaceHTMLElements=False)


def text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def links(element, rel: str | None = None) -> list[str]:
    return [a.get("href") for a in element.iter("a") if rel is None or a.get("rel") == rel]


def test_every_day_page_links_the_previous_and_next_published_day_and_today(built):
    site, _, schedule = built
    days = [daily.date for daily in schedule]
    assert len(days) == 3 and days[-1] == FIXTURE_DATE
    for game in ("beehive", "rack"):
        for i, day in enumerate(days):
            page = tree(site / "ca" / game / str(day) / "index.html")
            nav = next(n for n in page.iter("nav") if n.get("class") == "day-nav")
            previous = links(nav, "prev")
            following = links(nav, "next")
            assert previous == ([f"{BASE}ca/{game}/{days[i - 1]}/"] if i else []), (game, day)
            assert following == ([f"{BASE}ca/{game}/{days[i + 1]}/"] if i + 1 < len(days) else []), (game, day)
            assert f"{BASE}ca/{game}/" in links(nav) and f"{BASE}ca/{game}/archive/" in links(nav)
        today = tree(site / "ca" / game / "index.html")
        nav = next(n for n in today.iter("nav") if n.get("class") == "day-nav")
        assert links(nav, "prev") == [f"{BASE}ca/{game}/{days[-2]}/"] and not links(nav, "next")


def test_the_archive_is_a_calendar_with_each_days_letters_and_counts(built):
    site, language, schedule = built
    page = tree(site / "ca" / "beehive" / "archive" / "index.html")
    calendar = [ol for ol in page.iter("ol") if ol.get("class") == "calendar"]
    assert len(calendar) == 1, "the fixture's three days are in one month"
    cells = [li for li in calendar[0] if li.tag == "li"]
    march = [li for li in cells if "day" in (li.get("class") or "").split()]
    assert len(march) == 31
    pads = [li for li in cells if li.get("class") == "pad"]
    assert len(pads) == dt.date(2026, 3, 1).weekday()  # Catalan weeks start on Monday
    published = {li.find("a").get("href"): li for li in march if li.find("a") is not None}
    assert len(published) == len(schedule)
    for daily in schedule:
        cell = published[f"{BASE}ca/beehive/{daily.date}/"]
        letters = next(s for s in cell.iter("span") if s.get("class") == "day-letters")
        centre = next(s for s in letters.iter("span") if s.get("class") == "centre-letter")
        assert text(centre) == daily.hive.centre.upper()
        assert text(letters) == daily.hive.letters.upper()
        assert f"{daily.hive.word_count} paraules" in text(cell) and f"{daily.hive.total_points} p." in text(cell)
    racks = tree(site / "ca" / "rack" / "archive" / "index.html")
    tiles = [s for s in racks.iter("span") if s.get("class") == "day-tiles"]
    assert len(tiles) == len(schedule) and all(len(list(t)) == language.racks.rack_size for t in tiles)


def test_front_pages_show_todays_hive_rack_and_tools(built):
    site, language, schedule = built
    hive = schedule[-1].hive
    for path in ("index.html", "ca/index.html"):
        page = tree(site / path)
        cells = [g for g in page.iter("{http://www.w3.org/2000/svg}g") if "cell" in (g.get("class") or "")]
        assert [text(g) for g in cells] == list(hive.letters.upper()), path
        assert cells[0].get("class") == "cell centre"
        assert len([li for li in page.iter("li") if li.get("class", "").startswith("tile")]) == language.racks.rack_size
        hrefs = links(page)
        assert f"{BASE}ca/wordle/" in hrefs and f"{BASE}ca/rack/" in hrefs, path
    home = tree(site / "index.html")
    assert [s.get("data-home-language") for s in home.iter("section") if s.get("data-home-language")] == ["ca"]


def test_the_footer_says_what_the_site_is_with_each_lists_licence_and_source(built):
    site, language, _ = built
    for path in ("index.html", "ca/about/index.html", "ca/beehive/index.html"):
        footer = next(tree(site / path).iter("footer"))
        assert "Hunspell" in text(footer) and "MIT" in text(footer)
        assert language.source.name in text(footer) and language.licence in text(footer)
        assert f"{BASE}wordlists/ca/LICENSE" in links(footer)


def test_titles_never_repeat_the_site_name(built):
    site, _, _ = built
    for path in sorted(site.rglob("*.html")):
        title = text(next(tree(path).iter("title")))
        assert title.count("Rusc") <= 1, (path, title)


def test_catalan_pages_contract_dates_and_use_typographic_apostrophes(tmp_path):
    toml, _ = make_fixture(tmp_path)
    day = dt.date(2026, 3, 1)
    source = toml.read_text(encoding="utf-8")
    # The fixture's three letter sets, for the three days up to the 1st.
    source = source.replace(f"schedule_start = {FIXTURE_DATE - dt.timedelta(days=2)}", "schedule_start = 2026-02-27")
    toml.write_text(source.replace(f"schedule_end = {FIXTURE_DATE}", f"schedule_end = {day}"), encoding="utf-8")
    report = build_site(Paths(tmp_path), [load_language(toml)], day, Urls.create(BASE, ""))
    front = text(next(tree(report.folder / "ca" / "index.html").iter("h1")))
    assert front == "Trencaclosques de l’1 de març del 2026"
    for path in report.folder.rglob("*.html"):
        body = next(tree(path).iter("body"))
        visible = " ".join(t for el in body.iter() if el.tag not in ("script",) for t in [el.text or ""])
        assert " del 1 " not in visible and "d'" not in visible and "l'" not in visible, path


def test_without_a_site_url_no_page_claims_a_canonical_address(tmp_path):
    toml, _ = make_fixture(tmp_path)
    report = build_site(Paths(tmp_path), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, ""))
    for path in sorted(report.folder.rglob("*")):
        if path.suffix in (".html", ".xml", ".txt", ".js", ".webmanifest"):
            content = path.read_text(encoding="utf-8")
            assert "localhost" not in content and "http://" not in content.replace("http://www.w3.org", ""), path
            assert 'rel="canonical"' not in content, path
    assert not (report.folder / "sitemap.xml").exists() and not (report.folder / "ca" / "feed.xml").exists()
    assert "Sitemap" not in (report.folder / "robots.txt").read_text(encoding="utf-8")


def test_a_letter_played_as_another_is_said_in_the_rules_of_its_games(tmp_path):
    """A one-letter replacement of ``[folding]`` (German ß as ss) is said on the beehive's and
    the rack's pages, and a ``[wordle] fold`` (Portuguese ç as c) on the Wordle page, in the
    language's words; a letter group (Catalan l·l) is not, its players write it."""
    toml, _ = make_fixture(tmp_path)
    source = toml.read_text(encoding="utf-8")
    source = source.replace('replace = [["l·l", "ll"]', 'replace = [["ß", "ss"], ["l·l", "ll"]', 1)
    source = source.replace("[wordle]\n", '[wordle]\nfold = [["ç", "c"]]\n', 1)
    toml.write_text(source, encoding="utf-8")
    report = build_site(Paths(tmp_path), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, ""))
    pages = report.folder / "ca"
    for page in ("beehive/index.html", "rack/index.html"):
        rules = [text(p) for p in tree(pages / page).iter("p") if p.get("class") == "rules"]
        assert "ß es juga com a ss." in rules, (page, rules)
        assert not any("l·l es juga" in rule for rule in rules), (page, rules)
    helps = [text(p) for p in tree(pages / "wordle" / "index.html").iter("p") if p.get("class") == "wordle-help"]
    assert "Ç es juga com a C: una C de les pistes val per totes dues." in helps, helps
