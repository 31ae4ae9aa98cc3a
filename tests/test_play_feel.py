"""Play as a phone and a keyboard player meet it (issue 35), in Chromium, on the fixture site.

The fixture (tests/site_fixture.py) is built once for the module: its hive of 2026-03-10 has
the centre A and the letters B C E L R S; its rack of that day is A L R T U C G (the word
CLAR), the rack of 2026-03-09 has a blank. Each test drives what a player does (keys,
taps, a small screen, a cut network) and waits on what the page shows, never on time.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.paths import Paths
from pipeline.render import build_site
from pipeline.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from conftest import SITE_BASE as BASE, open_tab, serve  # noqa: E402
from site_fixture import FIXTURE_DATE, make_fixture  # noqa: E402

pytestmark = pytest.mark.browser

TODAY = FIXTURE_DATE.isoformat()
BLANK_DAY = "2026-03-09"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The origin of the fixture site, built once and served under /rusc/."""
    root = tmp_path_factory.mktemp("play")
    toml, _ = make_fixture(root)
    with serve(Paths(root).site) as origin:
        build_site(Paths(root), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, origin + BASE))
        yield origin


@pytest.fixture
def tab(browser, site):
    """A fresh tab (no stored progress) 390 px wide; closed after the test."""
    opened = open_tab(browser, viewport={"width": 390, "height": 844})
    yield opened
    opened.context.close()


def open_game(tab, site, path: str):
    tab.goto(site + BASE + path)
    tab.page.locator("#game").wait_for(state="visible")
    return tab.page


def submitted(page, kind: str = "ok") -> str:
    """Wait for the entry's message of ``kind``; its text."""
    page.locator(f"#game-message[data-kind='{kind}']:not(:empty)").wait_for()
    return page.locator("#game-message").inner_text()


# --- Enter and the keyboard ---------------------------------------------------------------


@pytest.mark.parametrize("game", ["beehive", "rack"])
def test_enter_on_a_link_of_a_game_page_follows_it(game, tab, site):
    page = open_game(tab, site, f"ca/{game}/")
    link = page.locator(".day-nav a[rel=prev]")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/ca/{game}/2026-03-09/")


def test_tapping_a_cell_then_typing_then_enter_submits_the_typed_word(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.locator("#game-cells .cell[data-letter='c']").click()
    page.keyboard.type("abra")
    assert page.input_value("#game-input") == "cabra"
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#found-list .word").all_inner_texts() == ["cabra"]
    assert page.input_value("#game-input") == ""


def test_enter_after_shuffle_submits_instead_of_shuffling_again(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.locator("#game-shuffle").click()
    cells = page.locator("#game-cells .cell").all_inner_texts()
    page.keyboard.type("barca")
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#game-cells .cell").all_inner_texts() == cells
    assert page.locator("#found-list .word").all_inner_texts() == ["barca"]


def test_rack_tapping_a_tile_then_typing_then_enter_submits_the_typed_word(tab, site):
    page = open_game(tab, site, "ca/rack/")
    page.locator("#game-tiles button[data-tile='c']").click()
    page.keyboard.type("lar")
    assert page.input_value("#game-input") == "clar"
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#found-list .word").all_inner_texts() == ["clar"]


# --- the rack's tiles -----------------------------------------------------------------------


def test_rack_tiles_grey_out_as_the_word_uses_them_and_a_used_tile_adds_nothing(tab, site):
    page = open_game(tab, site, "ca/rack/")
    a = page.locator("#game-tiles button[data-tile='a']")
    assert a.count() == 1
    a.click()
    assert page.input_value("#game-input") == "a"
    assert a.get_attribute("aria-pressed") == "true" and "used" in a.get_attribute("class")
    a.click()  # the rack has one A: it is in the word already
    assert page.input_value("#game-input") == "a"
    page.locator("#game-delete").click()
    assert a.get_attribute("aria-pressed") == "false"
    page.locator("#game-input").fill("gul")  # typed letters grey their tiles too
    used = page.locator("#game-tiles button.used").all_inner_texts()
    assert sorted(t[0] for t in used) == ["G", "L", "U"]


def test_rack_shows_its_blank_tile_which_a_tap_explains_and_a_typed_letter_uses(tab, site):
    page = open_game(tab, site, f"ca/rack/{BLANK_DAY}/")
    blank = page.locator("#game-tiles button.blank")
    assert blank.is_visible() and "?" in blank.inner_text()
    blank.click()
    page.locator("#game-message[data-kind='blank']:not(:empty)").wait_for()
    assert page.evaluate("document.activeElement.id") == "game-input"
    page.keyboard.type("c")  # no C on this rack: the blank plays it
    assert blank.get_attribute("aria-pressed") == "true"
    page.keyboard.type("lar")
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#found-list .mini-tile.blank").count() == 1


def test_rack_shuffle_reorders_the_tiles_and_keeps_them_all(tab, site):
    page = open_game(tab, site, "ca/rack/")
    before = page.locator("#game-tiles button.tile").all_inner_texts()
    orders = {tuple(before)}
    for _ in range(6):  # 7 tiles: six shuffles all giving the same order is 1 in 5040^6
        page.locator("#game-shuffle").click()
        orders.add(tuple(page.locator("#game-tiles button.tile").all_inner_texts()))
    assert len(orders) > 1
    assert all(sorted(order) == sorted(before) for order in orders)


# --- the whole playing surface on the first screen -------------------------------------------

#: What a player needs to play, by game: the score, the entry, the letters, the buttons, the message.
SURFACE = {
    "beehive": ("#game-rank", "#game-input", "#game-cells", "#game-delete", "#game-shuffle", "#game-enter", "#game-message"),
    "rack": ("#game-score", "#game-input", "#game-tiles", "#game-delete", "#game-shuffle", "#game-enter", "#game-message"),
}


@pytest.mark.parametrize("width,height", [(375, 667), (320, 568)])
@pytest.mark.parametrize("game,path", [("beehive", "ca/beehive/"), ("rack", f"ca/rack/{BLANK_DAY}/")])
def test_the_playing_surface_fits_a_phone_screen_without_scrolling(game, path, width, height, browser, site):
    tab = open_tab(browser, viewport={"width": width, "height": height})
    try:
        page = open_game(tab, site, path)
        page.locator("#game-message").evaluate("m => m.textContent = 'x'")  # as tall as with a message
        for selector in SURFACE[game]:
            box = page.locator(selector).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, (selector, box)
            assert 0 <= box["x"] and box["x"] + box["width"] <= width, (selector, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.locator("#found > summary").is_visible()  # the found words one tap away
    finally:
        tab.context.close()


def test_a_wide_screen_shows_the_found_words_beside_the_hive(browser, site):
    tab = open_tab(browser, viewport={"width": 1280, "height": 800})
    try:
        page = open_game(tab, site, "ca/beehive/")
        hive, found = page.locator("#game-cells").bounding_box(), page.locator("#found-list").bounding_box()
        assert page.locator("#found").get_attribute("open") is not None
        assert found["x"] > hive["x"] + hive["width"] and found["y"] < hive["y"] + hive["height"]
        assert page.locator("#game-enter").bounding_box()["y"] + 44 <= 800
    finally:
        tab.context.close()
