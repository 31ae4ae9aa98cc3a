"""The site in Debian's Chromium (Playwright): answers revealed with and without JavaScript,
no serious accessibility violation on any page type, hostile words inert.

The real Catalan and English lists (``built_lists``) are rendered for a fixed day and served
by a local HTTP server under ``/rusc/``, as GitHub Pages serves a project site.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.site_fixture import FIXTURE_DATE, HOSTILE, make_fixture

pytestmark = pytest.mark.browser

from support.page_sweep import page_types, tab_options
from support.serving import SITE_BASE as BASE
from support.serving import SITE_DAY as DAY
from support.serving import serve


def open_page(tabs, url: str, javascript: bool = True):
    """A desktop tab of the sweep's (page_sweep.tab_options) lent by ``tabs``, with ``url``
    loaded; the caller gives it back."""
    tab = tabs.lend(**tab_options(1280), **({} if javascript else {"java_script_enabled": False}))
    tab.goto(url)
    return tab


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_todays_catalan_beehive_links_to_exactly_the_engines_answers(real_site, tabs, game_indexes, javascript):
    origin, _ = real_site
    hive = game_indexes.beehive("ca").daily(DAY)
    tab = open_page(tabs, origin + BASE + "ca/beehive/", javascript)
    page = tab.page
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
        assert all(url.startswith(origin + BASE) for url in tab.requests), tab.requests
    finally:
        tabs.give_back(tab)


def test_no_page_type_has_serious_accessibility_violations(real_site, page_sweep):
    _, site = real_site
    scanned = [seen for seen in page_sweep if seen.violations is not None]
    assert sorted(seen.name for seen in scanned) == sorted(page_types(site))
    problems = [f"{seen.name}: {violation}" for seen in scanned for violation in seen.violations]
    assert not problems, "\n".join(problems)


def test_hostile_words_show_literally_and_nothing_executes(tabs, tmp_path):
    toml, _ = make_fixture(tmp_path)
    with serve(Paths(tmp_path).site) as origin:
        report = build_site(Paths(tmp_path), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, origin + BASE))
        seen, played = set(), set()
        days = sorted(p.name for p in (report.folder / "ca" / "beehive").iterdir() if p.name[:1].isdigit())
        for day in days:
            tab = open_page(tabs, origin + BASE + f"ca/beehive/{day}/answers/")
            page = tab.page
            try:
                text = page.locator("ol.answer-list").inner_text()
                seen |= {key for key, form in HOSTILE.items() if form in text}
                assert page.evaluate("typeof window.pwned") == "undefined"
                assert page.locator("ol.answer-list img, ol.answer-list script, ol.answer-list b").count() == 0
                assert all(url.startswith(origin + BASE) for url in tab.requests), tab.requests
            finally:
                tabs.give_back(tab)
            # Found in the game, a hostile form shows literally too (textContent, never HTML).
            tab = open_page(tabs, origin + BASE + f"ca/beehive/{day}/")
            page = tab.page
            try:
                for key in HOSTILE:
                    page.fill("#game-input", key)
                    page.press("#game-input", "Enter")
                found = page.locator("#found-list").text_content()  # folded on a phone
                played |= {key for key, form in HOSTILE.items() if form in found}
                assert page.evaluate("typeof window.pwned") == "undefined"
                assert page.locator("#found-list img, #found-list script, #found-list b").count() == 0
            finally:
                tabs.give_back(tab)
        assert seen == set(HOSTILE)
        assert played == set(HOSTILE)
