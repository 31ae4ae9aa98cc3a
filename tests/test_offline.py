"""Offline use in Chromium: after one visit, today's pages, their scripts and data come from
the service worker's cache with the network cut; a new day's build replaces them.

The fixture site is served by a local server that can be cut off: while ``down``, it
closes every connection without an answer, as a dead network would; while ``hanging``, it
reads each request and never answers, as a connection that hangs ("lie-fi") does.
"""

from __future__ import annotations

import datetime as dt
import http.server
import json
import sys
import threading
import typing
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.browser import wait_for_promise
from support.serving import SITE_BASE as BASE
from support.serving import serve
from support.site_fixture import FIXTURE_DATE, make_fixture

pytestmark = pytest.mark.browser


class _Cuttable(http.server.SimpleHTTPRequestHandler):
    network: typing.ClassVar[dict] = {"down": False, "hanging": None}

    def handle_one_request(self):
        hanging = self.network.get("hanging")
        if hanging is not None:
            self.close_connection = True
            self.rfile.readline(65537)
            hanging.wait(120)  # until the test lets go: the browser sees no answer at all
            return
        if self.network["down"]:
            self.close_connection = True
            self.rfile.readline(65537)
            return  # no answer: the browser sees a failed connection
        super().handle_one_request()

    def log_message(self, *args):
        pass


@pytest.fixture()
def cuttable_site(tmp_path):
    """(origin, rebuild(day), network) — the fixture site served under /rusc/."""
    toml, _ = make_fixture(tmp_path)
    language = load_language(toml)
    network: typing.ClassVar[dict] = {"down": False, "hanging": None}
    handler = type("Handler", (_Cuttable,), {"network": network})
    with serve(Paths(tmp_path).site, handler=handler) as origin:

        def rebuild(day: dt.date) -> Path:
            return build_site(Paths(tmp_path), [language], day, Urls.create(BASE, origin + BASE)).folder

        yield origin, rebuild, network


def wait_until_kept(page, version: str, code: str = "ca") -> None:
    """Until the service worker of ``version`` controls the page and has kept the pages of
    language ``code`` whole (templates/sw.js marks a language kept)."""
    wait_for_promise(
        page,
        """([version, mark]) => navigator.serviceWorker.controller &&
        caches.open('rusc-' + version).then((cache) => cache.match(mark))""",
        [version, BASE + code + "/.kept"],
    )


def kept_urls(page, version: str) -> list[str]:
    return page.evaluate("(v) => caches.open('rusc-' + v).then(c => c.keys()).then(k => k.map(r => r.url))", version)


def sw_version(site: Path) -> str:
    line = next(
        text for text in (site / "sw.js").read_text(encoding="utf-8").splitlines() if text.startswith("var VERSION")
    )
    return json.loads(line.split("=", 1)[1].strip().rstrip(";"))


def test_todays_pages_work_offline_after_one_visit_and_a_new_day_replaces_them(cuttable_site, browser):
    origin, rebuild, network = cuttable_site
    yesterday = FIXTURE_DATE - dt.timedelta(days=1)
    site = rebuild(yesterday)
    context = browser.new_context(locale="ca-ES")
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/beehive/")
        wait_until_kept(page, sw_version(site))
        kept = kept_urls(page, sw_version(site))
        for name in (
            "ca/",
            "ca/beehive/",
            "ca/rack/",
            "ca/wordle/",
            "assets/style.",
            "assets/wordle.",
            "assets/wordle-ca-",
            "assets/site.",
        ):
            assert any(url.startswith(origin + BASE + name) for url in kept), (name, kept)
        assert not any("/wordlists/" in url for url in kept)
        title = page.title()

        network["down"] = True
        for path in ("ca/beehive/", "ca/rack/", "ca/", f"ca/beehive/{yesterday}/"):
            page.goto(origin + BASE + path)
            assert page.locator("main h1").count() == 1, path
        page.goto(origin + BASE + "ca/beehive/")
        assert page.title() == title and str(yesterday.day) in page.locator("h1 .date").inner_text()
        page.goto(origin + BASE + "ca/wordle/")
        page.locator("#wordle-app").wait_for(state="visible")  # its script and data, offline
        assert page.locator("#wordle-candidates li").count() > 0

        network["down"] = False
        site = rebuild(FIXTURE_DATE)
        page.goto(origin + BASE + "ca/beehive/")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until_kept(page, sw_version(site))
        wait_for_promise(
            page, "(v) => caches.keys().then(k => k.length === 1 && k[0] === 'rusc-' + v)", sw_version(site)
        )

        network["down"] = True
        page.goto(origin + BASE + "ca/beehive/")
        assert str(FIXTURE_DATE.day) in page.locator("h1 .date").inner_text()
        page.goto(origin + BASE + f"ca/beehive/{FIXTURE_DATE}/")
        assert page.locator("main h1").count() == 1
    finally:
        network["down"] = False
        context.close()


def test_offline_help_never_takes_another_page_for_the_answers(cuttable_site, browser):
    """Offline, the answers page (never kept) cannot be read: help says so in the player's
    language instead of reading the fallback page as "every word is found"."""
    origin, rebuild, network = cuttable_site
    site = rebuild(FIXTURE_DATE)
    context = browser.new_context(locale="ca-ES")
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/beehive/")
        wait_until_kept(page, sw_version(site))
        network["down"] = True
        page.reload()
        page.locator("#game").wait_for(state="visible")
        page.fill("#game-input", "cabra")
        page.press("#game-input", "Enter")
        page.locator("#found-list li").wait_for()
        page.click("#help-button")
        page.locator("#help-text:not(:empty)").wait_for()
        assert page.locator("#help-text").inner_text() == (
            "Esteu fora de línia i aquest dispositiu no ha desat les solucions: torneu-ho a provar quan tingueu connexió."
        )
    finally:
        network["down"] = False
        context.close()


@pytest.mark.parametrize("path", ["ca/beehive/2026-03-10/answers/", "ca/rack/2026-03-08/"])
def test_offline_a_page_not_kept_says_so_in_its_language(path, cuttable_site, browser):
    origin, rebuild, network = cuttable_site
    site = rebuild(FIXTURE_DATE)
    context = browser.new_context(locale="en-GB")  # the page's language, not the browser's
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/beehive/")
        wait_until_kept(page, sw_version(site))
        network["down"] = True
        page.goto(origin + BASE + path)
        assert page.locator("html").get_attribute("lang") == "ca"
        assert page.locator("main h1").inner_text() == "Fora de línia"
        assert "no s’ha desat en aquest dispositiu" in page.locator(".offline-notice").inner_text()
        page.locator(".elsewhere a", has_text="Rusc").click()  # today's games are kept
        page.locator("#game").wait_for(state="visible")
    finally:
        network["down"] = False
        context.close()


def test_a_kept_page_shows_when_the_network_hangs(cuttable_site, browser):
    """A connection that never answers does not keep a kept page from the player: the
    service worker answers from its cache after NETWORK_WAIT_MS (templates/sw.js)."""
    origin, rebuild, network = cuttable_site
    site = rebuild(FIXTURE_DATE)
    context = browser.new_context(locale="ca-ES")
    release = threading.Event()
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/beehive/")
        wait_until_kept(page, sw_version(site))
        title = page.title()
        network["hanging"] = release
        for path in ("ca/beehive/", "ca/rack/"):
            page.goto(origin + BASE + path)
            assert page.locator("main h1").count() == 1, path
        page.goto(origin + BASE + "ca/beehive/")
        assert page.title() == title
        assert str(FIXTURE_DATE.day) in page.locator("h1 .date").inner_text()
        # The kept copy says which day it is from (the fixture's day is not today).
        notice = page.locator("#kept-notice")
        notice.wait_for()
        assert "Sense connexió" in notice.inner_text() and "10 de març" in notice.inner_text()
        network["hanging"] = None
        release.set()
        page.goto(origin + BASE + "ca/beehive/")  # the network's copy: no notice
        assert page.locator("#kept-notice").count() == 1 and not page.locator("#kept-notice").is_visible()
    finally:
        network["hanging"] = None
        release.set()
        context.close()


def test_a_visitor_keeps_only_the_languages_they_open(real_site, browser):
    """Every visitor's service worker kept both languages' solver indexes and every Wordle
    length (8.4 MB); now only the languages the visitor opens, each whole."""
    origin, site = real_site
    version = sw_version(site)
    context = browser.new_context(locale="ca-ES")
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/beehive/")
        wait_until_kept(page, version, "ca")
        kept = kept_urls(page, version)
        for name in (
            "ca/",
            "ca/rack-finder/",
            "ca/wordle/",
            "assets/hive-index-ca.",
            "assets/wordle-ca-5.",
            "en/offline/",
        ):
            assert any(url.startswith(origin + BASE + name) for url in kept), name
        assert not [url for url in kept if url.startswith(origin + BASE + "en/") and "/offline/" not in url]
        assert not [url for url in kept if "-en" in url.rsplit("/", 1)[1]]
        page.goto(origin + BASE + "en/")
        wait_until_kept(page, version, "en")
        kept = kept_urls(page, version)
        assert any("/assets/hive-index-en." in url for url in kept) and any(
            "/assets/wordle-en-7." in url for url in kept
        )
    finally:
        context.close()
