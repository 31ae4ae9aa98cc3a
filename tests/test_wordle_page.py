"""The Wordle helper page in Debian's Chromium (Playwright), on the real built site: guesses
typed, tiles set by clicking and by keyboard (the language's own initials), a pasted share
grid, and the candidates shown (most likely first) compared with pipeline/games/wordle/'s filter
for the same clues, in Catalan and English; the pages of other word lengths; refused input,
suggestions with their figures, a failed load and the page without JavaScript."""

from __future__ import annotations

import gzip
import json
import random
import re
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from babel import Locale

from pipeline.browser.wordle_data import build_wordle_data
from pipeline.config import load_language
from pipeline.games.wordle.feedback import Patterns
from pipeline.games.wordle.ranking import rank
from pipeline.games.wordle.rules import GUESSES, Clue, feedback, filter_keys
from pipeline.games.wordle.season import helper_player
from pipeline.games.wordle.strategy import suggest
from pipeline.games.wordle.words import load_words
from pipeline.lists.clean import fold

pytestmark = pytest.mark.browser

from support.browser import open_tab
from support.serving import SITE_BASE as BASE
from test_wordle_js import table_of_page

LANGUAGES = {code: load_language(code) for code in ("ca", "en")}
#: Clicks that take a grey tile to each mark.
CLICKS = {".": 0, "y": 1, "g": 2}


@pytest.fixture(scope="module")
def site(real_site):
    """(origin, site folder): the real ca + en site served under /rusc/ (conftest)."""
    return real_site


@pytest.fixture(scope="module")
def words(built_lists):
    return {code: load_words(built_lists(code) / "wordle.tsv", lang) for code, lang in LANGUAGES.items()}


class WordlePage:
    """The page, driven as a player would."""

    def __init__(self, tab, url: str, shortcuts=None):
        self.shortcuts = shortcuts
        self.tab = tab
        self.context, self.page = self.tab.context, self.tab.page
        self.requests, self.errors = self.tab.requests, self.tab.errors
        self.url = url

    def open(self):
        self.tab.goto(self.url)
        return self

    def ready(self):
        self.page.wait_for_selector("#wordle-count[data-count]")
        return self

    def strings(self) -> dict:
        return json.loads(self.page.locator("#wordle-strings").text_content())

    def add(self, text: str):
        self.page.fill("#wordle-input", text)
        self.page.press("#wordle-input", "Enter")

    def tile(self, row: int, position: int):
        return self.page.locator("#wordle-guesses > li").nth(row).locator(".wordle-tile").nth(position)

    def mark(self, row: int, pattern: str, how: str):
        """Set row's tiles (all grey) to pattern: by clicks, by Space/arrow keys or by letters."""
        for position, mark in enumerate(pattern):
            tile = self.tile(row, position)
            if how == "click":
                for _ in range(CLICKS[mark]):
                    tile.click()
            elif how == "keys":
                tile.focus()
                # Space cycles forward (the button's own activation), ArrowDown backward.
                if mark == "y":
                    self.page.keyboard.press("Space")
                elif mark == "g":
                    self.page.keyboard.press("ArrowDown")
            else:
                tile.focus()
                keys = self.shortcuts
                self.page.keyboard.press({"g": keys.green, "y": keys.yellow, ".": keys.grey}[mark])

    def states(self, row: int) -> str:
        classes = (
            self.page.locator("#wordle-guesses > li")
            .nth(row)
            .locator(".wordle-tile")
            .evaluate_all("tiles => tiles.map(t => t.className)")
        )
        return "".join("g" if " green" in c else "y" if " yellow" in c else "." for c in classes)

    def candidates(self) -> list[tuple[str, str]]:
        """(key, text) of every candidate listed, after "show all" if needed."""
        more = self.page.locator("#wordle-more")
        if more.is_visible():
            more.click()
        return self.page.locator("#wordle-candidates > li").evaluate_all(
            "items => items.map(li => [li.dataset.key, li.textContent])"
        )

    def count(self) -> int:
        return int(self.page.locator("#wordle-count").get_attribute("data-count"))

    def suggestions(self) -> list[str]:
        self.page.wait_for_function("() => !document.querySelector('#wordle-suggestions').hasAttribute('aria-busy')")
        return self.page.locator("#wordle-suggestions > li").evaluate_all("items => items.map(li => li.dataset.key)")

    def close(self):
        self.context.close()


@pytest.fixture
def open_wordle(site, tabs):
    """opener(code) -> the language's Wordle page, in a tab lent for the test (conftest's
    TabPool); after the test, no script error and no request off the site."""
    pages = []

    def opener(code: str, javascript: bool = True, path: str = "wordle/") -> WordlePage:
        origin, _ = site
        tab = tabs.lend(java_script_enabled=javascript)
        pages.append(WordlePage(tab, f"{origin}{BASE}{code}/{path}", LANGUAGES[code].wordle.shortcuts))
        return pages[-1].open()

    yield opener
    origin, _ = site
    errors = [error for page in pages for error in page.errors]
    requests = [url for page in pages for url in page.requests]
    for page in pages:
        tabs.give_back(page.tab)
    assert not errors, errors
    assert all(url.startswith(origin + BASE) for url in requests), requests


def shown(words, keys) -> list[tuple[str, str]]:
    """The candidates as the page lists them: most likely first (prior weight, then key)."""
    index = words.index()
    likely = sorted(keys, key=lambda k: (-int(words.weights[index[k]]), k))
    return [[k, " / ".join(words.forms[k])] for k in likely]


def games(words, code: str, count: int):
    """(answer, guesses as typed display forms) from the real list; Catalan answers with ç."""
    rng = random.Random(f"wordle-page-{code}")
    keys = list(words.keys)
    answers = [k for k in keys if "ç" in k] if code == "ca" else keys
    out = []
    for _ in range(count):
        answer = rng.choice(answers)
        guesses = [rng.choice(words.forms[rng.choice(keys)]) for _ in range(2)]
        out.append((answer, guesses))
    return out


@pytest.mark.parametrize("code", ["ca", "en"])
def test_candidates_shown_are_pythons_for_clues_set_by_click_and_keyboard(code, open_wordle, words):
    language, lst = LANGUAGES[code], words[code]
    page = open_wordle(code).ready()
    assert page.page.locator("html").get_attribute("lang") == code
    assert page.count() == len(lst.keys)
    for game, (answer, typed) in enumerate(games(lst, code, 3)):
        clues = []
        for row, text in enumerate(typed):
            page.add(text.upper() if row else text)  # capitals and accents fold like the games
            guess = fold(text, language)
            pattern = feedback(guess, answer)
            page.mark(row, pattern, ["click", "keys", "letters"][(game + row) % 3])
            assert page.states(row) == pattern
            clues.append(Clue(guess, pattern))
        expected = filter_keys(lst.keys, clues)
        assert answer in expected
        assert page.count() == len(expected)
        assert page.candidates() == shown(lst, expected)
        for _ in typed:
            page.page.locator("#wordle-guesses > li .guess-remove").first.click()
        assert page.count() == len(lst.keys)


def test_guesses_can_be_edited_and_removed(open_wordle, words):
    lst = words["en"]
    page = open_wordle("en").ready()
    page.add("crane")
    page.mark(0, ".y..g", "click")
    page.add("sloth")
    page.mark(1, "y..y.", "keys")
    both = filter_keys(lst.keys, [Clue("crane", ".y..g"), Clue("sloth", "y..y.")])
    assert page.candidates() == shown(lst, both)
    # Edit the first guess's letters: its colours stay, the clue changes.
    page.page.locator("#wordle-guesses > li .guess-input").first.fill("brine")
    edited = filter_keys(lst.keys, [Clue("brine", ".y..g"), Clue("sloth", "y..y.")])
    assert page.candidates() == shown(lst, edited)
    # An unfinished guess does not count, and says so.
    page.page.locator("#wordle-guesses > li .guess-input").first.fill("bri")
    assert page.page.locator("#wordle-guesses > li .guess-note").first.is_visible()
    assert page.candidates() == shown(lst, filter_keys(lst.keys, [Clue("sloth", "y..y.")]))
    # Remove the second guess.
    page.page.locator("#wordle-guesses > li .guess-remove").nth(1).click()
    assert page.page.locator("#wordle-guesses > li").count() == 1
    assert page.count() == len(lst.keys)


def test_contradictory_clues_say_no_word_fits(open_wordle, words):
    page = open_wordle("ca").ready()
    strings = page.strings()
    first, second = words["ca"].keys[0], words["ca"].keys[-1]
    page.add(first)
    page.mark(0, "ggggg", "letters")
    assert page.count() == 1
    page.add(second)
    page.mark(1, "ggggg", "letters")
    assert page.count() == 0
    assert page.page.locator("#wordle-count").inner_text() == strings["none"]
    # Offered instead: the words that fit every clue but one, each with the guess it breaks.
    near = dict(page.candidates())
    assert sorted(near) == sorted([first, second]) and page.page.locator("#wordle-near").is_visible()
    assert strings["near_breaks"].replace("{n}", "2") in near[first]
    assert strings["near_breaks"].replace("{n}", "1") in near[second]
    # A grey copy left of a yellow copy of the same letter is a pattern Wordle never shows.
    for _ in range(2):
        page.page.locator("#wordle-guesses > li .guess-remove").first.click()
    page.add("rasar")  # two r, two a
    page.mark(0, ".y..y", "click")
    text = page.page.locator("#wordle-count").inner_text()
    assert page.count() == 0 and "R" in text and text != strings["none"]


def first_trap(patterns, table, hard: bool) -> tuple[Clue, ...]:
    """The clues of the first state, in the helper's games over the list in key order, where
    its first suggestion is not sure to find every candidate in the guesses left."""
    words = patterns.words
    player = helper_player(patterns, hard, table)
    for answer in words.keys:
        clues: tuple[Clue, ...] = ()
        while len(clues) < GUESSES - 1:
            guess = words.keys[player(clues)]
            if guess == answer:
                break
            clues += (Clue(guess, feedback(guess, answer)),)
            if len(clues) >= 2 and suggest(patterns, clues, hard=hard, top=1, opening_table=table)[0].trap:
                return clues
    raise AssertionError("no trap in any game")


def test_a_trap_is_noted_when_the_candidates_cannot_all_be_found_in_time(open_wordle, words, built_lists, paths):
    lst = words["en"]
    data = build_wordle_data(LANGUAGES["en"], built_lists("en") / "wordle.tsv", cache=paths.kept)  # the site's
    patterns = Patterns(lst).precompute()
    table = table_of_page(data, patterns)
    clues = first_trap(patterns, table, hard=True)
    best = suggest(patterns, clues, hard=True, opening_table=table)[0]
    page = open_wordle("en").ready()
    page.page.locator("#wordle-hard").check()
    for row, clue in enumerate(clues):
        page.add(clue.guess)
        page.mark(row, clue.pattern, "letters")
    assert page.suggestions()[0] == best.key
    trap = page.page.locator("#wordle-trap")
    assert trap.is_visible()
    text = trap.inner_text()
    assert f" {best.found} " in text and f" {best.candidates} " in text and str(GUESSES - len(clues)) in text
    # Normal mode may tell them apart with a word that is no candidate: no note then, or a
    # note with its own count.
    page.page.locator("#wordle-hard").uncheck()
    normal = suggest(patterns, clues, opening_table=table)[0]
    page.suggestions()
    assert trap.is_visible() == normal.trap


@pytest.mark.parametrize("code,typed,bad", [("ca", "pl4ça", "4"), ("en", "plaça", None), ("ca", "abc<d", "<")])
def test_invalid_letters_are_refused_with_a_visible_message(code, typed, bad, open_wordle):
    page = open_wordle(code).ready()
    message = page.page.locator("#wordle-message")
    page.page.locator("#wordle-input").press_sequentially(typed)
    if bad is None:  # ç folds to c in English, like the games' keys
        assert not message.is_visible()
        page.page.press("#wordle-input", "Enter")
        assert page.page.locator("#wordle-guesses > li").count() == 1
        return
    assert message.is_visible() and bad in message.inner_text()
    assert bad not in page.page.input_value("#wordle-input")
    page.page.press("#wordle-input", "Enter")  # four letters: refused too
    assert page.page.locator("#wordle-guesses > li").count() == 0
    assert message.is_visible() and "5" in message.inner_text()
    # Six letters are refused as they are typed.
    page.page.fill("#wordle-input", "")
    page.page.locator("#wordle-input").press_sequentially("abcdef")
    assert page.page.input_value("#wordle-input") == "abcde" and message.is_visible()


def python_top(words, clues, hard=False) -> list[str]:
    patterns = Patterns(words)
    everything = np.arange(words.size)
    if not clues:
        return [s.key for s in rank(patterns, everything, everything, 10)]
    return [s.key for s in suggest(patterns, clues, hard=hard)]


@pytest.mark.parametrize("code", ["ca", "en"])
def test_suggestions_are_the_precomputed_opening_then_pythons_ranking(code, open_wordle, words):
    lst = words[code]
    page = open_wordle(code).ready()
    first = python_top(lst, [])
    played_out = page.strings()["played_out"]
    # Each mode opens with the opening's guess whose games, played out, lose the fewest
    # headwords and take the fewest guesses (book.py, _Bookmaker.opener), the rest in the
    # ranking's order, and says why it is first when it is not the ranking's first.
    openers = {}
    for hard in (False, True):
        page.page.locator("#wordle-hard").set_checked(hard)
        shown = page.suggestions()
        openers[hard] = shown[0]
        assert shown == ([shown[0]] + [key for key in first if key != shown[0]])[:10]
        details = page.page.locator("#wordle-suggestions > li .detail").all_inner_texts()
        assert len(details) == 10 and all(re.search(r"\d", d) for d in details)
        assert [played_out in detail for detail in details] == [shown[0] != first[0]] + [False] * 9
    page.page.locator("#wordle-hard").uncheck()
    assert page.suggestions()[0] == openers[False]
    if code == "en":
        assert openers[False] != first[0] and openers[True] != first[0]  # not raise: tares, and lanes in hard mode
    # A first guess other than the opening: the page ranks a budget's worth of guesses.
    rng = random.Random(f"suggest-{code}")
    answer, guess = rng.choice(lst.keys), rng.choice(lst.keys)
    clue = Clue(guess, feedback(guess, answer))
    page.add(guess)
    page.mark(0, clue.pattern, "letters")
    assert page.suggestions() == python_top(lst, [clue])
    page.page.locator("#wordle-hard").check()
    assert page.suggestions() == python_top(lst, [clue], hard=True)


def test_a_failed_load_says_so(site, browser):
    origin, _ = site
    page = WordlePage(open_tab(browser), f"{origin}{BASE}en/wordle/")  # its own tab: the route stays on it
    page.page.route(re.compile(r".*/wordle-en-5\..*\.json$"), lambda route: route.fulfill(status=500, body="no"))
    try:
        page.open()
        status = page.page.locator("#wordle-status")
        status.wait_for(state="visible")
        page.page.wait_for_function("() => document.querySelector('#wordle-status').classList.contains('error')")
        assert "500" in status.inner_text() and status.get_attribute("role") == "alert"
        assert not page.page.locator("#wordle-app").is_visible()
    finally:
        page.close()


@pytest.mark.parametrize("code", ["ca", "en"])
def test_without_javascript_the_page_says_it_needs_it(code, open_wordle):
    page = open_wordle(code, javascript=False)
    notice = page.page.locator("noscript p, p.wordle-status.error").first
    assert notice.is_visible() and "JavaScript" in notice.inner_text()
    assert not page.page.locator("#wordle").is_visible()


@pytest.mark.parametrize("code,length", [(c, n) for c in ("ca", "en") for n in LANGUAGES[c].wordle.lengths])
def test_whole_page_is_under_60_kb_gzipped(code, length, site):
    _, folder = site
    path = "wordle" if length == LANGUAGES[code].wordle.length else f"wordle/{length}"
    html = (folder / code / path / "index.html").read_text("utf-8")
    refs = re.findall(r'(?:href|src|data-src)="/rusc/(assets/[^"]+)"', html)
    kinds = {re.sub(r"\.[0-9a-f]{10}\.", ".", Path(ref).name) for ref in refs}
    assert {"style.css", "wordle.css", "wordle.js", f"wordle-{code}-{length}.json"} <= kinds
    total = len(gzip.compress(html.encode(), 6)) + sum(len(gzip.compress((folder / r).read_bytes(), 6)) for r in refs)
    assert total < 60_000, total


def test_a_pasted_grid_fills_the_colours_and_gives_the_candidates_of_typed_colours(open_wordle, words):
    """The player pastes the share grid (light theme on one page, dark on the other),
    then types the guesses: the same candidates as setting every colour by hand."""
    for code, square in (("en", "⬜"), ("ca", "⬛")):
        lst, language = words[code], LANGUAGES[code]
        rng = random.Random(f"grid-{code}")
        answer = rng.choice(lst.keys)
        typed = [rng.choice(lst.forms[rng.choice(lst.keys)]) for _ in range(3)]
        clues = [Clue(fold(t, language), feedback(fold(t, language), answer)) for t in typed]
        grid = "Wordle 1,618 X/6\n\n" + "\n".join(
            "".join({"g": "🟩", "y": "🟨", ".": square}[m] for m in c.pattern) for c in clues
        )
        pasted = open_wordle(code).ready()
        pasted.page.fill("#wordle-grid", grid)
        assert pasted.page.locator("#wordle-guesses > li").count() == 3
        assert "3" in pasted.page.locator("#wordle-grid-message").inner_text()
        for text in typed:
            pasted.add(text)
        assert [pasted.states(i) for i in range(3)] == [c.pattern for c in clues]
        by_hand = open_wordle(code).ready()
        for row, text in enumerate(typed):
            by_hand.add(text)
            by_hand.mark(row, clues[row].pattern, "click")
        expected = filter_keys(lst.keys, clues)
        assert answer in expected
        assert pasted.candidates() == by_hand.candidates() == shown(lst, expected)
        assert pasted.suggestions() == by_hand.suggestions()


def test_every_length_has_its_page_its_url_and_its_links(open_wordle, built_lists):
    for code in ("ca", "en"):
        language = LANGUAGES[code]
        for n in language.wordle.lengths:
            path = "wordle/" if n == language.wordle.length else f"wordle/{n}/"
            page = open_wordle(code, path=path).ready()
            links = page.page.locator(".wordle-lengths a")
            assert links.count() == len(language.wordle.lengths)
            current = page.page.locator(".wordle-lengths a[aria-current=page]")
            assert current.get_attribute("href").endswith(f"/{code}/{path}") and str(n) in current.inner_text()
            words = load_words(built_lists(code) / "wordle.tsv", language, n)
            assert page.count() == words.size
            guess = words.keys[len(words.keys) // 2]
            page.add(guess)
            page.mark(0, "g" * n, "letters")
            assert page.count() == 1 and page.candidates()[0][0] == guess


def plural(forms: dict[str, str], number: str, code: str) -> str:
    """The text of forms (a plural_forms message) for number as the page writes it."""
    category = Locale.parse(code).plural_form(Decimal(str(number).replace(",", ".")))
    return forms[category].replace("{n}", str(number))


def assert_plural_details(page: WordlePage, code: str) -> None:
    """Each suggestion's "words left on average" agrees in number with its figure (1 word,
    1.5 words: the language's CLDR rule for that number)."""
    expected = page.strings()["expected"]
    for detail in page.page.locator("#wordle-suggestions > li .detail").all_inner_texts():
        number = re.search(r"\d+(?:[.,]\d+)?", detail).group()
        assert plural(expected, number, code) in detail, detail


@pytest.mark.parametrize("code", ["ca", "en"])
@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_games_played_on_the_page_by_its_top_suggestion_win_as_the_season_does(code, hard, open_wordle, words, site):
    """A player who always takes the page's first suggestion, on held-out answers of the
    benchmark's season: each game is won within six guesses and takes exactly the guesses
    the season's player (pipeline.games.wordle.season.helper_player, on the shipped data) takes."""
    from support.page_sweep import SCREENSHOTS
    from test_wordle_js import table_of_page

    from pipeline.games.wordle.season import LIMIT, answer_lists, helper_player, play

    lst = words[code]
    _, folder = site
    (data_file,) = (folder / "assets").glob(f"wordle-{code}-{lst.length}.*.json")
    patterns = Patterns(lst)
    player = helper_player(patterns, hard, table_of_page(json.loads(data_file.read_text("utf-8")), patterns))
    _, held_out = answer_lists(lst, LANGUAGES[code])
    for answer in random.Random(f"played-{code}-{hard}").sample(held_out, 2):
        page = open_wordle(code).ready()
        if hard:
            page.page.locator("#wordle-hard").check()
        played = []
        while not played or played[-1] != answer:
            assert len(played) < LIMIT, (answer, played)
            guess = page.suggestions()[0]
            assert_plural_details(page, code)
            played.append(guess)
            page.add(guess)
            page.mark(len(played) - 1, feedback(guess, answer), "letters")
        assert page.count() == 1 and [key for key, _ in page.candidates()] == [answer]
        assert len(played) == play(player, answer), (answer, played)
        # Won: the page says so, suggests nothing more and offers the game to the stats.
        solved = plural(page.strings()["solved"], len(played), code)
        assert page.page.locator("#wordle-count").inner_text() == solved
        assert page.suggestions() == [] and not page.page.locator("#wordle-suggest-title").is_visible()
        assert f"{len(played)}/{LIMIT}" in page.page.locator("#wordle-track").inner_text()
        print(f"\n{code} {'hard' if hard else 'normal'}: {' '.join(played)}")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.page.screenshot(path=SCREENSHOTS / f"wordle-won-{code}-{'hard' if hard else 'normal'}.png", full_page=True)
