"""The daily games played in Debian's Chromium on the real built site (Catalan and English).

A whole day of each hive is played by typing every answer (some by tapping the cells):
the score reaches the engine's total and the top rank shows, the hints count down to zero.
Then: every message, reload, export → import into a fresh browser, the review of a past
day, the share text and page source free of answers, the page without JavaScript, and the
rack game played to its last word.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import types

import pytest
from support.browser import open_tab
from support.serving import SITE_BASE as BASE
from support.serving import SITE_DAY as DAY

from pipeline.config import load_language
from pipeline.games.beehive import word_points

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def engines(game_indexes, real_site):
    return {code: (load_language(code), game_indexes.beehive(code), game_indexes.rack(code)) for code in ("ca", "en")}


@pytest.fixture
def new_page(tabs, browser):
    """new_page(javascript=True, width=390) -> (handle, page, errors): a tab lent for the
    test by conftest's TabPool (its storage, where the games keep progress, cleared), or with
    ``fresh=True`` one of its own, as a new browser would be; ``handle.close()`` ends it."""

    def lend(javascript: bool = True, width: int = 390, fresh: bool = False):
        options = {"java_script_enabled": javascript, "viewport": {"width": width, "height": 900}}
        tab = open_tab(browser, **options) if fresh else tabs.lend(**options)
        tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
        close = tab.context.close if fresh else functools.partial(tabs.give_back, tab)
        return types.SimpleNamespace(close=close), tab.page, tab.errors

    return lend


def goto(page, origin: str, path: str) -> None:
    response = page.goto(origin + BASE + path)
    assert response is not None and response.status == 200, path


def enter(page, text: str, typed: bool = True) -> tuple[str, str]:
    """Type a word and press Enter: (message kind, message text). ``typed=False`` puts the
    word in the field at once, as a paste does: the games read the field when the form is
    submitted, so a long list of answers need not cost a key press per letter."""
    page.fill("#game-input", "" if typed else text)
    if typed:
        page.locator("#game-input").press_sequentially(text)
    page.press("#game-input", "Enter")
    page.locator("#game-message:not(:empty)").wait_for()
    message = page.locator("#game-message")
    return message.get_attribute("data-kind"), message.inner_text()


def tap(page, key: str) -> str:
    """Spell a key on the hive's cells and tap Enter: the message kind."""
    for letter in key:
        page.locator(f"#game-cells .cell[data-letter='{letter}']").click()
    assert page.input_value("#game-input") == key
    page.click("#game-enter")
    page.locator("#game-message:not(:empty)").wait_for()
    return page.locator("#game-message").get_attribute("data-kind")


def hint_counts(page) -> list[int]:
    return [int(t) for t in page.locator("td[data-cell], li[data-two] .count").all_inner_texts()]


@pytest.mark.parametrize("code", ["ca", "en"])
def test_a_whole_day_played_by_typing_and_tapping_reaches_the_engines_total(code, real_site, new_page, engines):
    origin, _ = real_site
    _language, index, _ = engines[code]
    hive = index.daily(DAY)
    tab, page, errors = new_page()
    try:
        goto(page, origin, f"{code}/beehive/")
        assert page.locator("#game").is_visible() and not page.locator("#hive-figure").is_visible()
        start = sum(hint_counts(page))
        assert start == 2 * hive.word_count  # every word in one grid cell and one two-letter start
        score = 0
        for i, answer in enumerate(hive.answers):
            if i < 3:
                assert tap(page, answer.key) == "ok"
            else:  # the display form (accents, middle dot) for some, the bare key for others
                kind, text = enter(page, answer.forms[-1] if i % 2 else answer.key)
                assert kind == "ok", (answer, text)
                assert str(answer.points) in text
            score += answer.points
            if i == len(hive.answers) // 2:
                assert sum(hint_counts(page)) == 2 * (hive.word_count - i - 1)
        assert score == hive.total_points
        assert page.locator("#game-score").inner_text().startswith(f"{hive.total_points} ")
        assert page.locator("#game-rank").inner_text() == hive.ranks[-1][0]
        assert page.locator("#found-list li").count() == hive.word_count
        assert page.locator("#found-count").inner_text().startswith(f"{hive.word_count} ")
        assert set(hint_counts(page)) == {0}
        shown = page.locator("#found-list .word").all_text_contents()  # the list is folded on a phone
        assert sorted(shown) == sorted(" / ".join(a.forms) for a in hive.answers)
        # Progress survives a reload.
        page.reload()
        assert page.locator("#found-list li").count() == hive.word_count
        assert page.locator("#game-rank").inner_text() == hive.ranks[-1][0]
        assert not errors, errors
    finally:
        tab.close()


def test_every_message_case_in_catalan(real_site, new_page, engines):
    origin, _ = real_site
    language, index, _ = engines["ca"]
    hive = index.daily(DAY)
    plain = next(a for a in hive.answers if not a.pangram)
    pangram = next(a for a in hive.answers if a.pangram)
    outside = next(ch for ch in language.alphabet if ch not in hive.letters)
    other = hive.letters[1]
    tab, page, errors = new_page()
    try:
        goto(page, origin, "ca/beehive/")
        kind, text = enter(page, hive.centre * 2)
        assert kind == "short" and "3" in text
        kind, text = enter(page, hive.centre + outside + hive.centre)
        assert kind == "letter" and outside.upper() in text
        kind, text = enter(page, other * 4)
        assert kind == "centre" and hive.centre.upper() in text
        kind, _ = enter(page, hive.centre * 5)
        assert kind == "list"
        kind, text = enter(page, plain.forms[0].upper())
        assert kind == "ok" and f"+{plain.points}" in text
        kind, _ = enter(page, plain.key)
        assert kind == "found"
        kind, text = enter(page, pangram.key)
        assert kind == "ok" and text.startswith("Tuti!") and f"+{word_points(language, pangram.key)}" in text
        assert page.locator("#game-message").get_attribute("aria-live") == "polite"
        assert not errors, errors
    finally:
        tab.close()


def test_export_then_import_in_a_fresh_browser_restores_progress(real_site, new_page, engines):
    origin, _ = real_site
    _, index, _ = engines["en"]
    hive = index.daily(DAY)
    words = [a.key for a in hive.answers[:5]]
    tab, page, _ = new_page()
    try:
        goto(page, origin, "en/beehive/")
        for word in words:
            assert enter(page, word)[0] == "ok"
        page.click("#save-export")
        code = page.input_value("#save-code")
    finally:
        tab.close()
    fresh, page, errors = new_page(fresh=True)
    try:
        goto(page, origin, "en/beehive/")
        assert page.locator("#found-list li").count() == 0
        page.fill("#save-import-code", code)
        page.click("#save-import button[type=submit]")
        assert page.locator("#found-list li").count() == len(words)
        assert sorted(page.locator("#found-list .word").all_text_contents()) == sorted(
            " / ".join(a.forms) for a in hive.answers[:5]
        )
        # Reset asks first, then erases.
        page.click("#save-reset")
        assert page.locator("#save-confirm").is_visible()
        page.click("#save-reset-no")
        assert page.locator("#found-list li").count() == len(words)
        page.click("#save-reset")
        page.click("#save-reset-yes")
        assert page.locator("#found-list li").count() == 0
        page.reload()
        assert page.locator("#found-list li").count() == 0
        assert not errors, errors
    finally:
        fresh.close()


def test_yesterdays_page_lists_the_words_found_and_missed(real_site, new_page, engines):
    origin, _ = real_site
    _, index, _ = engines["ca"]
    yesterday = DAY - dt.timedelta(days=1)
    hive = index.daily(yesterday)
    found = hive.answers[:4]
    tab, page, errors = new_page()
    try:
        goto(page, origin, f"ca/beehive/{yesterday}/")
        for answer in found:
            assert enter(page, answer.key)[0] == "ok"
        goto(page, origin, "ca/beehive/")
        link = page.locator("#game-yesterday a")
        assert link.is_visible() and "4" in link.inner_text()
        link.click()
        page.wait_for_url(f"**/ca/beehive/{yesterday}/")
        page.locator("#game-review summary").click()
        page.locator("#review-missed li").first.wait_for()
        shown_found = page.locator("#review-found li").all_inner_texts()
        shown_missed = page.locator("#review-missed li").all_inner_texts()
        assert sorted(shown_found) == sorted(" / ".join(a.forms) for a in found)
        assert sorted(shown_missed) == sorted(" / ".join(a.forms) for a in hive.answers[4:])
        assert not errors, errors
    finally:
        tab.close()


def words_in(text: str) -> set[str]:
    return set(re.findall(r"[\w·'’-]+", text.lower()))


def answer_words(hive) -> set[str]:
    return {a.key for a in hive.answers} | {f.lower() for a in hive.answers for f in a.forms}


@pytest.mark.parametrize("code", ["ca", "en"])
def test_neither_the_page_source_nor_the_share_text_contains_an_answer(code, real_site, new_page, engines):
    origin, site = real_site
    _, index, _ = engines[code]
    hive = index.daily(DAY)
    source = (site / code / "beehive" / "index.html").read_text(encoding="utf-8")
    # A word of the interface may happen to be an answer; it then shows on another day's page too.
    other = (site / code / "beehive" / str(DAY - dt.timedelta(days=3)) / "index.html").read_text(encoding="utf-8")
    leaked = (words_in(source) & answer_words(hive)) - words_in(other)
    assert not leaked
    tab, page, errors = new_page()
    try:
        goto(page, origin, f"{code}/beehive/")
        for answer in hive.answers[: len(hive.answers) // 2]:
            enter(page, answer.key, typed=False)
        page.click("#share-button")
        page.locator("#share-status:not(:empty)").wait_for()
        text = page.input_value("#share-text")
        assert page.evaluate("() => navigator.clipboard.readText()") == text
        assert str(DAY.year) in text and f"/{hive.total_points}" in text
        assert not words_in(text) & answer_words(hive), text
        assert not errors, errors
    finally:
        tab.close()


def test_without_javascript_the_page_shows_the_hints_and_links_to_the_answers(real_site, new_page, engines):
    origin, _ = real_site
    _, index, _ = engines["ca"]
    hive = index.daily(DAY)
    tab, page, _ = new_page(javascript=False)
    try:
        goto(page, origin, "ca/beehive/")
        assert not page.locator("#game").is_visible()
        assert page.locator("#hive-figure svg").is_visible()
        assert page.locator("table.grid").is_visible()
        assert sum(hint_counts(page)) == 2 * hive.word_count
        page.locator("p.answers-link a").click()
        page.wait_for_url(f"**/ca/beehive/{DAY}/answers/")
        shown = page.locator("ol.answer-list .word").all_inner_texts()
        assert shown == [" / ".join(a.forms) for a in sorted(hive.answers, key=lambda a: a.key)]
    finally:
        tab.close()


@pytest.mark.parametrize("code", ["ca", "en"])
def test_the_rack_played_to_the_last_word(code, real_site, new_page, engines):
    origin, _ = real_site
    _language, _, racks = engines[code]
    daily = racks.daily(DAY)
    answers = daily.solution.answers
    tab, page, errors = new_page()
    try:
        goto(page, origin, f"{code}/rack/")
        assert page.locator("#game").is_visible()
        kind, _ = enter(page, "k" * 3 if code == "ca" else "zzzzzzzzzz")
        assert kind in ("letter", "tiles")
        for i, answer in enumerate(answers):
            # The first few typed key by key, the rest pasted (the whole-day test types a day).
            kind, text = enter(page, answer.forms[-1] if answer.forms else answer.form, typed=i < 5)
            assert kind == "ok", (answer, text)
            assert f"+{answer.score}" in text
        assert enter(page, answers[0].form)[0] == "found"
        total = sum(a.score for a in answers)
        assert page.locator("#game").get_attribute("data-score") == str(total)
        assert page.locator("#found-list li").count() == len(answers)
        page.reload()
        assert page.locator("#found-list li").count() == len(answers)
        assert page.locator("#game").get_attribute("data-score") == str(total)
        assert not errors, errors
    finally:
        tab.close()


def test_a_catalan_hive_page_weighs_under_60_kb_gzipped(real_site):
    """HTML + every script and stylesheet it loads + its data, each gzipped (as served)."""
    import gzip

    _, site = real_site
    html = (site / "ca" / "beehive" / "index.html").read_bytes()
    assets = re.findall(rb'(?:src|href)="' + BASE.encode() + rb'(assets/[^"]+)"', html)
    assert any(a.endswith(b".js") for a in assets) and any(a.endswith(b".css") for a in assets)
    total = len(gzip.compress(html, 9)) + sum(len(gzip.compress((site / a.decode()).read_bytes(), 9)) for a in assets)
    assert total < 60_000, total
