"""A player's history, kept in the browser only (site/game-page.js history): a week of
daily hives played on the real site in Chromium, then the Stats view (days played, current
and longest streak, days by final rank) after a reload, after export and import into a
fresh browser, and the archive calendar's marks (reached the streak's rank, played,
missed); the rack's Stats view counts a day by the share of its words found.
"""

from __future__ import annotations

import datetime as dt

import pytest
from support.serving import SITE_DAY as DAY
from test_games_browser import engines, enter, goto, new_page  # noqa: F401 (fixtures)

from pipeline.browser.playdata import RACK_LEVELS, levels

pytestmark = pytest.mark.browser

#: The week played to the streak's rank, and an earlier day played below it.
WEEK = [DAY - dt.timedelta(days=n) for n in range(6, -1, -1)]
BELOW = DAY - dt.timedelta(days=9)


def play_to_level(page, hive, level: int) -> int:
    """Enter a day's answers, most points first, until its rank reaches ``level``; the rank."""
    for answer in sorted(hive.answers, key=lambda a: (-a.points, a.key)):
        if int(page.locator("#game").get_attribute("data-rank")) >= level:
            break
        assert enter(page, answer.key, typed=False)[0] == "ok"
    return int(page.locator("#game").get_attribute("data-rank"))


def stats(page) -> dict:
    # Read as text content: the Stats view may be folded.
    return {
        "played": int(page.text_content("#history-played")),
        "current": int(page.text_content("#history-current")),
        "longest": int(page.text_content("#history-longest")),
        "counts": [int(text) for text in page.locator("#history-levels .history-count").all_text_contents()],
    }


def test_a_week_played_shows_its_streak_after_reload_and_on_another_device(real_site, new_page, engines):  # noqa: F811
    origin, _ = real_site
    language, index, _ = engines["en"]
    streak = levels(len(language.beehive.ranks))["streak"]
    tab, page, errors = new_page(width=1280)
    try:
        reached = []
        for day in WEEK:
            goto(page, origin, f"en/beehive/{day}/")
            reached.append(play_to_level(page, index.daily(day), streak))
        goto(page, origin, f"en/beehive/{BELOW}/")
        assert enter(page, index.daily(BELOW).answers[0].key, typed=False)[0] == "ok"
        below = int(page.locator("#game").get_attribute("data-rank"))
        assert below < streak <= min(reached)
        goto(page, origin, "en/beehive/")
        expected = {
            "played": 8,
            "current": 7,
            "longest": 7,
            "counts": [
                sum(rank == level for rank in reached + [below]) for level in range(len(language.beehive.ranks))
            ],
        }
        assert stats(page) == expected
        page.reload()
        assert stats(page) == expected
        page.click("#save-export")
        code = page.input_value("#save-code")
        assert not errors, errors
    finally:
        tab.close()
    fresh, page, errors = new_page(width=390, fresh=True)
    try:
        goto(page, origin, "en/beehive/")
        assert stats(page)["played"] == 0
        page.fill("#save-import-code", code)
        page.click("#save-import button[type=submit]")
        page.reload()
        assert stats(page) == expected
        # The archive marks the player's own days.
        goto(page, origin, "en/beehive/archive/")
        assert page.locator("#archive-legend").is_visible()
        marked = {
            day: page.locator(f"li.day[data-date='{day}']").get_attribute("class")
            for day in WEEK + [BELOW, BELOW + dt.timedelta(days=1), BELOW - dt.timedelta(days=1)]
        }
        assert all("counted" in marked[day] for day in WEEK)
        assert "played" in marked[BELOW] and "missed" in marked[BELOW + dt.timedelta(days=1)]
        assert marked[BELOW - dt.timedelta(days=1)] == "day"  # before the first day played: no mark
        assert not errors, errors
    finally:
        fresh.close()


def test_the_rack_counts_a_day_from_half_its_words(real_site, new_page, engines):  # noqa: F811
    origin, _ = real_site
    _, _, index = engines["ca"]
    rack = index.daily(DAY)
    # One spelling per form: a form typed is judged as its first spelling.
    spellings = [answer.form for answer in rack.solution.answers]
    answers = [answer for answer in rack.solution.answers if spellings.count(answer.form) == 1]
    half = levels(RACK_LEVELS)["streak"]
    tab, page, errors = new_page()
    try:
        goto(page, origin, "ca/rack/")
        needed = -(-len(rack.solution.answers) * half // (RACK_LEVELS - 1))  # words for level `half`
        assert len(answers) >= needed
        for answer in answers[: needed - 1]:
            assert enter(page, answer.form, typed=False)[0] == "ok"
        assert stats(page)["current"] == 0 and stats(page)["played"] == 1
        assert enter(page, answers[needed - 1].form, typed=False)[0] == "ok"
        assert stats(page)["current"] == 1 and stats(page)["counts"][half] == 1
        assert not errors, errors
    finally:
        tab.close()


def test_a_wordle_game_pasted_as_its_grid_goes_into_the_stats_if_the_player_chooses(real_site, new_page):  # noqa: F811
    origin, _ = real_site
    won = "Wordle 1,234 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟩⬛🟨⬛\n🟩🟩🟩🟩🟩"
    lost = "\n".join(["⬛🟨⬛⬛⬛"] * 6)
    tab, page, errors = new_page()
    try:
        goto(page, origin, "en/wordle/")
        page.locator("#wordle-app").wait_for(state="visible")
        assert stats(page)["played"] == 0 and not page.locator("#wordle-track").is_visible()
        page.fill("#wordle-grid", "⬛🟨⬛⬛⬛")  # a game not finished: nothing to track
        assert not page.locator("#wordle-track").is_visible()
        page.fill("#wordle-grid", won)
        page.locator("#wordle-track", has_text="3/6").click()
        expected = {"played": 1, "current": 1, "longest": 1, "counts": [0, 0, 0, 0, 1, 0, 0]}
        assert stats(page) == expected
        page.reload()
        page.locator("#wordle-app").wait_for(state="visible")
        assert stats(page) == expected
        # The same day tracked again: the later grid is the day's game.
        page.fill("#wordle-grid", lost)
        page.locator("#wordle-track", has_text="X/6").click()
        assert stats(page) == {"played": 1, "current": 0, "longest": 0, "counts": [1, 0, 0, 0, 0, 0, 0]}
        assert not errors, errors
    finally:
        tab.close()
