"""The site in Debian's Chromium (Playwright): answers revealed with and without JavaScript,
no serious accessibility violation on any page type, hostile words inert.

The real Catalan and English lists (``built_lists``) are rendered for a fixed day and served
by a local HTTP server under ``/rusc/``, as GitHub Pages serves a project site.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.paths import Paths
from pipeline.render import build_site
from pipeline.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from site_fixture import FIXTURE_DATE, HOSTILE, make_fixture  # noqa: E402

pytestmark = pytest.mark.browser

from conftest import SITE_BASE as BASE, SITE_DAY as DAY, open_tab, serve  # noqa: E402
from page_sweep import page_types  # noqa: E402  (every page type, in ca and en)


def open_page(browser, url: str, javascript: bool = True, scheme: str = "light"):
    # A locale the site does not publish, so the home page does not move to a language.
    tab = open_tab(browser, java_script_enabled=javascript, color_scheme=scheme, locale="de-DE")
    tab.goto(url)
    return tab.context, tab.page, tab.requests


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_todays_catalan_beehive_links_to_exactly_the_engines_answers(real_site, browser, game_indexes, javascript):
    origin, _ = real_site
    hive = game_indexes.beehive("ca").daily(DAY)
    context, page, requests = open_page(browser, origin + BASE + "ca/beehive/", javascript)
    try:
        assert page.locator("html").get_attribute("lang") == "ca"
        assert page.locator("ol.answer-list").count() == 0, "the game page must not list the answers"
        assert page.locator("[data-count=words]").inner_text() == str(hive.word_count)
        page.locator("p.answers-link a").click()
        page.wait_for_url(f"**/ca/beehive/{DAY}/answers/")
        answers = page.locator("ol.answer-list > li")
        assert answers.count() == hive.word_count > 0
        shown = page.locator("ol.answer-list .word").all_inner_texts()
        assert shown == [" / ".join(a.forms) for a in sorted(hive.answers, key=lambda a: a.key)]
        assert all(url.startswith(origin + BASE) for url in requests), requests
    finally:
        context.close()


def test_no_page_type_has_serious_accessibility_violations(real_site, page_sweep):
    _, site = real_site
    scanned = [seen for seen in page_sweep if seen.violations is not None]
    assert sorted(seen.name for seen in scanned) == sorted(page_types(site))
    problems = [f"{seen.name}: {violation}" for seen in scanned for violation in seen.violations]
    assert not problems, "\n".join(problems)


def test_hostile_words_show_literally_and_nothing_executes(browser, tmp_path):
    toml, _ = make_fixture(tmp_path)
    with serve(Paths(tmp_path).site) as origin:
        report = build_site(Paths(tmp_path), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, origin + BASE))
        seen, played = set(), set()
        days = sorted(p.name for p in (report.folder / "ca" / "beehive").iterdir() if p.name[:1].isdigit())
        for day in days:
            context, page, requests = open_page(browser, origin + BASE + f"ca/beehive/{day}/answers/")
            try:
                text = page.locator("ol.answer-list").inner_text()
                seen |= {key for key, form in HOSTILE.items() if form in text}
                assert page.evaluate("typeof window.pwned") == "undefined"
                assert page.locator("ol.answer-list img, ol.answer-list script, ol.answer-list b").count() == 0
                assert all(url.startswith(origin + BASE) for url in requests), requests
            finally:
                context.close()
            # Found in the game, a hostile form shows literally too (textContent, never HTML).
            context, page, _ = open_page(browser, origin + BASE + f"ca/beehive/{day}/")
            try:
                for key in HOSTILE:
                    page.fill("#game-input", key)
                    page.press("#game-input", "Enter")
                found = page.locator("#found-list").inner_text()
                played |= {key for key, form in HOSTILE.items() if form in found}
                assert page.evaluate("typeof window.pwned") == "undefined"
                assert page.locator("#found-list img, #found-list script, #found-list b").count() == 0
            finally:
                context.close()
        assert seen == set(HOSTILE)
        assert played == set(HOSTILE)
