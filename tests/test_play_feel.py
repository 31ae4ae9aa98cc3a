"""Play as a phone and a keyboard player meet it (issue 35), in Chromium, on the fixture site.

The fixture (tests/support/site_fixture.py) is built once for the module: its hive of 2026-03-10 has
the centre A and the letters B C E L R S; its rack of that day is A L R T U C G (the word
CLAR), the rack of 2026-03-09 has a blank. Each test drives what a player does (keys,
taps, a small screen, a cut network) and waits on what the page shows, never on time.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.browser import open_tab
from support.serving import SITE_BASE as BASE
from support.serving import serve
from support.site_fixture import FIXTURE_DATE, make_fixture

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
@pytest.mark.parametrize(
    "link,lands", [(".day-nav a[rel=prev]", "2026-03-09/"), ("p.answers-link a", f"{TODAY}/answers/")]
)
def test_enter_on_a_link_of_a_game_page_follows_it(game, link, lands, tab, site):
    page = open_game(tab, site, f"ca/{game}/")
    page.keyboard.type("ca")  # a word begun: Enter on a link still follows the link
    page.locator(link).focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/ca/{game}/{lands}")


def test_enter_on_the_menu_opens_it(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.locator(".nav-menu > summary").focus()
    page.keyboard.press("Enter")
    assert page.locator(".nav-menu").get_attribute("open") is not None


def test_tapping_a_cell_then_typing_then_enter_submits_the_typed_word(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.locator("#game-cells .cell[data-letter='c']").click()
    page.keyboard.type("abra")
    assert page.input_value("#game-input") == "cabra"
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#found-list .word").all_text_contents() == ["cabra"]
    assert page.input_value("#game-input") == ""


def test_enter_after_shuffle_submits_instead_of_shuffling_again(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.locator("#game-shuffle").click()
    cells = page.locator("#game-cells .cell").all_inner_texts()
    page.keyboard.type("barca")
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#game-cells .cell").all_inner_texts() == cells
    assert page.locator("#found-list .word").all_text_contents() == ["barca"]


def test_rack_tapping_a_tile_then_typing_then_enter_submits_the_typed_word(tab, site):
    page = open_game(tab, site, "ca/rack/")
    page.locator("#game-tiles button[data-tile='c']").click()
    page.keyboard.type("lar")
    assert page.input_value("#game-input") == "clar"
    page.keyboard.press("Enter")
    submitted(page)
    assert page.locator("#found-list .word").all_text_contents() == ["clar"]


@pytest.mark.parametrize("game,word", [("beehive", "cabra"), ("rack", "clar")])
def test_typing_after_clicking_help_builds_the_word_and_enter_submits_it(game, word, tab, site):
    page = open_game(tab, site, f"ca/{game}/")
    page.locator("#help-button").click()
    page.locator("#help-text:not(:empty)").wait_for()
    page.keyboard.type(word)
    assert page.input_value("#game-input") == word
    page.keyboard.press("Enter")
    submitted(page)
    assert word in page.locator("#found-list .word").all_text_contents()


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
    "beehive": (
        "#game-rank",
        "#game-input",
        "#game-cells",
        "#game-delete",
        "#game-shuffle",
        "#game-enter",
        "#game-message",
    ),
    "rack": (
        "#game-score",
        "#game-input",
        "#game-tiles",
        "#game-delete",
        "#game-shuffle",
        "#game-enter",
        "#game-message",
    ),
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
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
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


# --- help, feedback, celebration, share ------------------------------------------------------


def answers_of(page, site, game: str, day: str = TODAY) -> list[str]:
    """The day's answer ids, read from its answers page in the same tab's browser."""
    return page.evaluate(
        """(url) => fetch(url).then(r => r.text()).then(html =>
        Array.from(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('li[data-id]'),
                   li => li.getAttribute('data-id')))""",
        f"{site}{BASE}ca/{game}/{day}/answers/",
    )


def ask_cell(page, cell: str) -> str:
    """Tap a hint-grid cell's button: the help text it gives."""
    before = page.locator("#help-text").inner_text()
    page.locator(f"td[data-cell='{cell}'] button").click()
    page.wait_for_function("(before) => document.getElementById('help-text').textContent !== before", arg=before)
    return page.locator("#help-text").inner_text()


def test_help_by_grid_cell_shows_more_at_each_step_for_a_four_letter_word(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    steps = [ask_cell(page, "c4") for _ in range(3)]  # CLAR is the one C word of 4 letters
    assert "CL " in steps[0] + " " and "CLA" not in steps[0], steps
    assert "CLA…" in steps[1], steps
    assert "clar" in steps[2], steps
    page.locator("#game-input").fill("clar")
    page.press("#game-input", "Enter")
    submitted(page)
    assert ask_cell(page, "c4") == "Ja heu trobat totes les paraules d’aquesta casella."


def test_help_picks_a_missing_word_at_random_not_always_the_first(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    seen = set()
    for _ in range(6):  # 20 words: six times the same first pick is 1 in 20^5
        page.click("#help-button")
        page.locator("#help-text:not(:empty)").wait_for()
        seen.add(page.locator("#help-text").inner_text())
        page.evaluate("localStorage.clear()")
        page.reload()
        page.locator("#game").wait_for(state="visible")
    assert len(seen) > 1, seen


def test_feedback_rises_with_the_points_and_is_no_rank_name(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    said = {}
    for word in ("acer", "cabra", "carbassa"):  # 2, 5 and 8 points
        page.fill("#game-input", word)
        page.press("#game-input", "Enter")
        page.locator(f"#found-list .word:text-is('{word}')").wait_for(state="attached")
        said[word] = submitted(page)
    assert said == {"acer": "Bona! +2", "cabra": "Molt bona! +5", "carbassa": "Fantàstica! +8"}


def test_reaching_the_top_ranks_is_celebrated(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    celebrated = []
    for n, key in enumerate(answers_of(page, site, "beehive"), 1):
        page.fill("#game-input", key)
        page.press("#game-input", "Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#found-list li').length === n", arg=n)
        message = submitted(page)
        if "Heu arribat" in message:
            celebrated.append(message)
            assert "celebrate" in page.locator("#game").get_attribute("class")
            assert wider_than_the_screen_at_its_peak(page) <= 0, "the celebration makes the page scroll sideways"
    # The word's praise and the rank reached are two sentences, apart.
    assert all(re.fullmatch(r".+\+\d+.* · Heu arribat a «.+»!", m) for m in celebrated), celebrated
    assert [m.split("Heu arribat a ")[1] for m in celebrated] == ["«Geni»!", "«Reina del rusc»!"]
    # Every word found: no "still to find: 0 words" line.
    assert page.locator("#words-left").inner_text() == ""


def wider_than_the_screen_at_its_peak(page) -> int:
    """How many pixels the page is wider than the screen with every running animation held at
    the moment it grows most (30% of its time, rusc-celebrate's largest scale); the
    animations then run on."""
    return page.evaluate(
        """() => {
          const running = document.getAnimations();
          for (const animation of running) {
            animation.pause();
            animation.currentTime = 0.3 * animation.effect.getTiming().duration;
          }
          const over = document.documentElement.scrollWidth - window.innerWidth;
          running.forEach((animation) => animation.play());
          return over;
        }"""
    )


def test_the_rack_s_last_word_says_every_word_is_found(tab, site):
    page = open_game(tab, site, "ca/rack/")
    words = answers_of(page, site, "rack")  # each a word's tiles, "|" between them
    for n, tiles in enumerate(words, 1):
        page.fill("#game-input", tiles.replace("|", ""))
        page.press("#game-input", "Enter")
        page.wait_for_function("(n) => document.querySelectorAll('#found-list li').length === n", arg=n)
        message = submitted(page)
        assert ("Heu trobat totes les paraules del faristol!" in message) == (n == len(words)), (n, message)


def test_the_share_text_has_the_days_link_and_plurals_by_count(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.fill("#game-input", "cabra")
    page.press("#game-input", "Enter")
    submitted(page)
    page.click("#share-button")
    page.locator("#share-status:not(:empty)").wait_for()
    text = page.input_value("#share-text")
    assert ", 5/126 punts, 1/20 paraules, 0/1 tuti\n" in text, text
    assert text.endswith(f"/rusc/ca/beehive/{TODAY}/")
    tab.goto(site + BASE + f"ca/rack/{BLANK_DAY}/")
    page.locator("#game").wait_for(state="visible")
    page.click("#share-button")
    page.locator("#share-status:not(:empty)").wait_for()
    assert page.input_value("#share-text").startswith("Faristol 9 de març del 2026: 0 punts, 0/1 paraula\n")


# --- the rack's hints -----------------------------------------------------------------------


def test_the_rack_has_hints_by_first_tile_and_length_that_count_down_and_help(tab, site):
    page = open_game(tab, site, "ca/rack/")
    assert page.locator("td[data-cell='c4']").inner_text() == "1"
    assert "C" in ask_cell(page, "c4")
    page.locator("#game-input").fill("clar")
    page.press("#game-input", "Enter")
    submitted(page)
    assert page.locator("td[data-cell='c4']").inner_text() == "0"
    assert page.locator("td[data-total]").inner_text() == "0"
    page.click("#help-button")
    page.wait_for_function("() => document.getElementById('help-text').textContent.includes('totes')")


# --- hints hidden, remembered ---------------------------------------------------------------


@pytest.mark.parametrize("game", ["beehive", "rack"])
def test_hiding_the_hints_is_remembered_and_they_show_when_asked(game, tab, site):
    page = open_game(tab, site, f"ca/{game}/")
    grid = page.locator("table.grid")
    assert grid.is_visible()
    page.locator("#hide-hints").check()
    assert not grid.is_visible()
    tab.goto(site + BASE + f"ca/{game}/2026-03-08/")  # another day remembers it
    page.locator("#game").wait_for(state="visible")
    assert not page.locator("table.grid").is_visible() and page.locator("#hide-hints").is_checked()
    page.click("#show-hints")
    assert page.locator("table.grid").is_visible()
    page.reload()
    page.locator("#game").wait_for(state="visible")
    assert not page.locator("table.grid").is_visible()
    page.locator("#hide-hints").uncheck()
    assert page.locator("table.grid").is_visible()


# --- small things that erode trust ----------------------------------------------------------


def test_an_invisible_character_is_named_in_the_message(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    page.fill("#game-input", "ca bra")
    page.press("#game-input", "Enter")
    assert submitted(page, "letter") == "No és al rusc: un espai"
    page.fill("#game-input", "ca\u200bbra")  # a zero-width space
    page.press("#game-input", "Enter")
    page.wait_for_function("() => document.getElementById('game-message').textContent.includes('U+200B')")


def test_yesterdays_hive_is_linked_even_when_it_was_not_played(tab, site):
    page = open_game(tab, site, "ca/beehive/")
    link = page.locator("#game-yesterday a")
    assert link.is_visible() and link.inner_text() == "El rusc d’ahir i les seves solucions"
    link.click()
    page.wait_for_url("**/ca/beehive/2026-03-09/")


def test_the_rack_finder_hides_show_more_when_nothing_is_left_and_old_results_on_a_bad_length(tab, site):
    tab.goto(site + BASE + "ca/rack-finder/?rack=clarsea")
    page = tab.page
    page.locator("#rf-result").wait_for()
    assert page.locator(".rack-group").count() > 0
    assert not any(more.is_visible() for more in page.locator(".rack-group .more").all())
    page.fill("#rf-min", "2.5")
    page.click("#rf-form button[type=submit]")
    page.locator("#rf-error").wait_for()
    assert page.locator("#rf-result").is_hidden()


def test_the_folded_found_list_shows_the_latest_words_on_the_first_screen(browser, site):
    tab = open_tab(browser, viewport={"width": 375, "height": 667})
    try:
        page = open_game(tab, site, "ca/beehive/")
        for word in ("cabra", "barca"):
            page.fill("#game-input", word)
            page.press("#game-input", "Enter")
            page.locator(f"#found-list .word:text-is('{word}')").wait_for(state="attached")
        preview = page.locator("#found-preview")
        assert preview.inner_text() == "barca · cabra"
        box = preview.bounding_box()
        assert box["y"] + box["height"] <= 667
        page.locator("#found > summary").click()  # open, the list itself shows them
        assert page.locator("#found-list .word").all_inner_texts() == ["barca", "cabra"]
        assert not preview.is_visible()
    finally:
        tab.context.close()
