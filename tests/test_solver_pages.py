"""The hive solver and rack finder pages in Debian's Chromium, on the real built site: what a
player types (form or link) gives exactly the Python engines' answers; hints come before any
answer; the found-words box reduces the counts; Catalan racks with digraph tiles and blanks;
every filter and order; bad letters refused with a message; no serious axe violation.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import urllib.parse

import pytest
from support.browser import wait_for_promise
from support.page_sweep import DARK_SCAN, FULL_SCAN, serious_violations
from support.serving import SITE_BASE as BASE
from support.serving import SITE_DAY as DAY

from pipeline.games.beehive import BeehiveIndex, hints

pytestmark = pytest.mark.browser
GROUP_SIZE = 50


@pytest.fixture(scope="module")
def engines(game_indexes):
    """code -> (BeehiveIndex, RackIndex) of the real lists."""
    return {code: (game_indexes.beehive(code), game_indexes.rack(code)) for code in ("ca", "en")}


@pytest.fixture
def open_page(real_site, tabs):
    """open_page(path) -> page of the real site, in a tab lent for the test (conftest's
    TabPool); collects the requests (all must stay on the site) and any script error."""
    origin, _ = real_site
    lent = []

    def open_(path: str, scheme: str = "light"):
        lent.append(tabs.lend(color_scheme=scheme, viewport={"width": 390, "height": 844}))
        lent[-1].goto(origin + BASE + path)
        return lent[-1].page

    yield open_
    errors = [error for tab in lent for error in tab.errors]
    requests = [url for tab in lent for url in tab.requests]
    for tab in lent:
        tabs.give_back(tab)
    assert not errors, errors
    assert all(url.startswith(origin + BASE) for url in requests), requests


def digits(text: str) -> int:
    """A number as the page writes it (1.582 in Catalan, 1,582 in English)."""
    return int(re.sub(r"\D", "", text))


def some_hive(index: BeehiveIndex) -> str:
    """A real hive that is not on the published site: the daily hive of a later day."""
    return index.daily(DAY + dt.timedelta(days=40)).letters


def check_hints(page, hive, left=None) -> None:
    """Counts, grid, two-letter list and ranks as pipeline.games.beehive computes them for the
    answers still to find."""
    answers = [a for a in hive.answers if left is None or a.key in left]
    assert digits(page.locator("#hs-words").inner_text()) == len(answers)
    assert digits(page.locator("#hs-points").inner_text()) == sum(a.points for a in answers)
    assert digits(page.locator("#hs-pangrams").inner_text()) == sum(a.pangram for a in answers)
    rows = page.locator("#hs-grid tbody tr")
    full = hints(hive)
    assert [r.locator("th").text_content() for r in rows.all()] == list(full.grid)
    totals = dict.fromkeys(full.grid, 0)
    for a in answers:
        totals[a.key[0]] += 1
    assert [digits(r.locator("td").last.inner_text()) for r in rows.all()] == list(totals.values())
    assert digits(page.locator("#hs-grid tfoot td").last.inner_text()) == len(answers)
    twos = dict.fromkeys(full.two_letter, 0)
    for a in answers:
        twos[a.key[:2]] += 1
    assert page.locator("#hs-two li").all_text_contents() == [f"{p}-{n}" for p, n in twos.items()]
    assert [digits(t) for t in page.locator("#hs-ranks td:nth-child(2)").all_inner_texts()] == [
        m for _, m in hive.ranks
    ]


@pytest.mark.parametrize("code", ["ca", "en"])
@pytest.mark.parametrize("how", ["form", "url"])
def test_a_hive_is_solved_hints_first_then_answers(code, how, engines, open_page):
    index = engines[code][0]
    letters = some_hive(index)
    hive = index.solve(letters)
    if how == "form":
        page = open_page(f"{code}/hive-solver/")
        # Typed as a player might: capitals, spaces between the letters.
        page.fill("#hs-centre", letters[0].upper())
        page.fill("#hs-others", " ".join(letters[1:]).upper())
        page.click("#hs-form button[type=submit]")
    else:
        page = open_page(f"{code}/hive-solver/?letters={urllib.parse.quote(letters)}")
    page.locator("#hs-result").wait_for(state="visible")
    assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["letters"] == [hive.letters]
    check_hints(page, hive)
    # Nothing spoils: no word is shown until asked for. Whole words of the result only: the
    # page's own text may hold an answer inside a longer word (lliure in "lliures"), and its
    # fixed notes may hold one as a word ("gives a little more": little).
    assert page.locator("#hs-reveal li").count() == 0
    notes = " ".join(page.locator("#hs-result .solver-note:not([id])").all_inner_texts())

    def words_of(text: str) -> set[str]:
        return set(re.findall(r"[\w·]+", text.lower()))

    def shown(answer, besides: frozenset[str] = frozenset()) -> bool:
        words = words_of(page.locator("#hs-result").inner_text()) - besides
        return any(form.lower() in words for form in answer.forms)

    plain = [a for a in hive.answers if len(a.key) >= 6 and not any(set("-'") & set(f) for f in a.forms)]
    assert notes and plain and not [a for a in plain if shown(a, frozenset(words_of(notes)))]
    page.click("#hs-all")
    assert all(shown(a) for a in plain)  # the same look finds them once they are asked for
    shown = page.locator("#hs-every li .word").all_inner_texts()
    assert shown == [" / ".join(a.forms) for a in sorted(hive.answers, key=lambda a: a.key)]
    assert page.locator("#hs-every li.pangram").count() == hive.pangram_count


def test_a_hive_with_no_word_names_no_rank(engines, open_page):
    """Every threshold of an empty hive is 0: the page named its rank Queen Bee (German:
    Bienenkönigin, as a player found)."""
    letters = "qjkvwxz"
    assert engines["en"][0].solve(letters).answers == ()
    page = open_page(f"en/hive-solver/?letters={letters}")
    page.locator("#hs-result").wait_for(state="visible")
    assert digits(page.locator("#hs-words").inner_text()) == 0
    assert page.locator("#hs-ranks-title").is_hidden()
    some = some_hive(engines["en"][0])
    page.goto(page.url.split("?")[0] + f"?letters={some}")
    page.locator("#hs-ranks-title").wait_for(state="visible")


@pytest.mark.parametrize("code", ["ca", "en"])
def test_found_words_reduce_the_counts_and_help_comes_graded(code, engines, open_page):
    index = engines[code][0]
    hive = index.solve(some_hive(index))
    page = open_page(f"{code}/hive-solver/?letters={urllib.parse.quote(hive.letters)}")
    page.locator("#hs-result").wait_for(state="visible")
    found = list(hive.answers)[1:8:2]
    # Display forms in capitals (accents, l·l) and one word that is not an answer.
    page.fill("#hs-found", ", ".join(a.forms[-1].upper() for a in found) + "\nqqqq")
    left = {a.key for a in hive.answers} - {a.key for a in found}
    check_hints(page, hive, left)
    assert "qqqq" in page.locator("#hs-unknown").inner_text()
    assert page.locator("#hs-left").is_visible()

    # Graded help for the first word still to find: its start and length (two letters, one
    # for a 3-letter word), more of it (half, and always more than step 1), the whole word.
    first = min(a.key for a in hive.answers if a.key in left)
    answer = next(a for a in hive.answers if a.key == first)
    n = len(first)
    start = max(1, min(2, n - 2))
    for step, shown in ((1, first[:start]), (2, first[: max(start + 1, min(n - 1, math.ceil(n / 2)))])):
        page.click("#hs-hint")
        assert (
            page.locator("#hs-hints li").inner_text()
            == f"{shown.upper()}… ({len(first)} {'lletres' if code == 'ca' else 'letters'})"
        ), step
    page.click("#hs-hint")
    assert page.locator("#hs-hints li .word").inner_text() == " / ".join(answer.forms)
    page.click("#hs-hint")
    assert page.locator("#hs-hints li").count() == 2

    # One cell of the grid: exactly its words still to find.
    button = page.locator("#hs-grid button.cell").first
    count = int(button.inner_text())
    button.click()
    assert page.locator("#hs-cell li").count() == count


@pytest.mark.parametrize(
    "code, centre, others, shows",
    [
        ("ca", "ñ", "abcdef", "ñ"),
        ("ca", "a", "abcdef", "diferents"),
        ("ca", "a", "bcd", "sis lletres"),
        ("en", "a", "bcdef1", "“1”"),
        ("en", "k", "kabcde", "different"),
    ],
)
def test_invalid_letters_are_refused_with_a_message(code, centre, others, shows, open_page):
    page = open_page(f"{code}/hive-solver/")
    page.fill("#hs-centre", centre)
    page.fill("#hs-others", others)
    page.click("#hs-form button[type=submit]")
    error = page.locator("#hs-error")
    error.wait_for(state="visible")
    assert error.get_attribute("role") == "alert" and shows in error.inner_text()
    assert page.locator("#hs-result").is_hidden()


def by_length(answers) -> list[tuple[int, list]]:
    groups: dict[int, list] = {}
    for answer in answers:
        groups.setdefault(len(answer.key), []).append(answer)
    return sorted(groups.items(), key=lambda kv: -kv[0])


def check_rack(page, solution) -> None:
    """The page's groups are the engine's answers by length, 50 shown per group."""
    page.locator("#rf-result").wait_for(state="visible")
    assert page.locator("#rf-tiles li").count() == len(solution.rack)
    groups = page.locator("#rf-groups section")
    expected = by_length(solution.answers)
    assert groups.count() == len(expected)
    for section, (length, answers) in zip(groups.all(), expected):
        shown = section.locator("li .word").all_inner_texts()
        assert shown == [" / ".join(a.forms) for a in answers[:GROUP_SIZE]], length
    assert str(len(solution.answers)) in page.locator("#rf-status").inner_text().replace(".", "").replace(",", "")


def test_a_catalan_rack_with_digraph_tiles_and_two_blanks(engines, open_page):
    index = engines["ca"][1]
    solution = index.solve("l·lquaes??")
    assert any(a.bingo for a in solution.answers) and any(len(a.blanks_used) == 2 for a in solution.answers)
    page = open_page("ca/rack-finder/")
    page.fill("#rf-rack", "ŀl QU a E s ? ?")  # l·l typed as ŀl, spaces and capitals
    page.click("#rf-form button[type=submit]")
    check_rack(page, solution)
    assert page.locator("#rf-tiles li.blank").count() == 2
    assert sorted(page.locator("#rf-tiles .tile-letter").all_text_contents()) == sorted(
        t.upper() for t in solution.rack
    )
    # Blank tiles are marked on each word, and named for screen readers.
    first_group = page.locator("#rf-groups section").first
    longest = by_length(solution.answers)[0][1]
    for item, answer in zip(first_group.locator("li").all(), longest):
        assert item.locator(".mini-tile.blank").count() == len(answer.blanks_used)
        assert item.locator(".mini-tile").all_inner_texts()[0].startswith(answer.tiles[0].upper())
        assert item.locator(".bingo").count() == answer.bingo
    # "Show more" in a group of more than 50 words adds the next 50.
    big = next(i for i, (_, answers) in enumerate(by_length(solution.answers)) if len(answers) > GROUP_SIZE)
    section = page.locator("#rf-groups section").nth(big)
    answers = by_length(solution.answers)[big][1]
    section.locator("button.more").click()
    assert section.locator("li").count() == min(len(answers), 2 * GROUP_SIZE)
    # The link reproduces the rack.
    assert "rack=" in page.url
    again = open_page(page.url.split(BASE, 1)[1])
    check_rack(again, solution)


FILTERS = [
    ("min", "6", dict(min_length=6)),
    ("max", "3", dict(max_length=3)),
    ("contains", "ll", dict(contains="ll")),
    ("starts", "qu", dict(starts="qu")),
    ("ends", "es", dict(ends="es")),
    ("pattern", "?ÀL?", dict(pattern="?àl?")),
    ("sort", "length", dict(sort="length")),
    ("sort", "alpha", dict(sort="alpha")),
]


@pytest.mark.parametrize("field, value, option", FILTERS, ids=[f"{f}={v}" for f, v, _ in FILTERS])
def test_each_rack_filter_and_order(field, value, option, engines, open_page):
    rack = "quelaits?"
    solution = engines["ca"][1].solve(rack, **option)
    assert solution.answers, "the filter must leave something to compare"
    page = open_page("ca/rack-finder/")
    page.fill("#rf-rack", rack)
    if field == "sort":
        page.select_option("#rf-sort", value)
    else:
        page.fill(f"#rf-{field}", value)
    page.click("#rf-form button[type=submit]")
    check_rack(page, solution)
    assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)[field] == [value]


@pytest.mark.parametrize(
    "code, rack, field, value, shows",
    [
        ("ca", "kasa", "", "", "«k»"),
        ("ca", "casa???", "", "", "2"),
        ("ca", "", "", "", "fitxes"),
        ("ca", "casa", "contains", "1", "Conté"),
        ("ca", "casa", "max", "1", "mínima"),
        ("en", "жaba", "", "", "“ж”"),
    ],
)
def test_invalid_racks_are_refused_with_a_message(code, rack, field, value, shows, open_page):
    page = open_page(f"{code}/rack-finder/")
    page.fill("#rf-rack", rack)
    if field == "max":
        page.fill("#rf-min", "2")
    if field:
        page.fill(f"#rf-{field}", value)
    page.click("#rf-form button[type=submit]")
    error = page.locator("#rf-error")
    error.wait_for(state="visible")
    assert shows in error.inner_text()
    assert page.locator("#rf-result").is_hidden()


def test_solver_pages_have_no_serious_accessibility_violations(open_page, engines):
    letters = some_hive(engines["ca"][0])
    problems = []
    for scheme in ("light", "dark"):
        for path, act in (
            (f"ca/hive-solver/?letters={urllib.parse.quote(letters)}", "#hs-all"),
            ("en/rack-finder/?rack=messa%3F%3F", None),
        ):
            page = open_page(path, scheme)
            page.locator("#hs-result, #rf-result").first.wait_for(state="visible")
            if act:
                page.click("#hs-hint")
                page.click(act)
            # Dark differs from light in its colours alone: the contrast rule, as the page sweep scans.
            found = serious_violations(page, DARK_SCAN if scheme == "dark" else FULL_SCAN)
            problems += [f"{scheme} {path}: {rule} ({impact}): {advice}" for rule, impact, advice in found]
    assert not problems, "\n".join(problems)


def test_the_solvers_work_offline_after_one_visit(real_site, browser, engines):
    origin, _ = real_site
    index, racks = engines["ca"]
    letters = some_hive(index)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(origin + BASE + "ca/hive-solver/")
        # Kept once the service worker controls the page and holds both solvers' indexes.
        wait_for_promise(
            page,
            """() => navigator.serviceWorker.controller &&
            caches.match(document.getElementById('hs-result').dataset.src)""",
        )
        page.goto(origin + BASE + "ca/rack-finder/")
        wait_for_promise(page, "() => caches.match(document.getElementById('rf-result').dataset.src)")
        context.set_offline(True)
        page.goto(origin + BASE + f"ca/hive-solver/?letters={urllib.parse.quote(letters)}")
        page.locator("#hs-result").wait_for(state="visible")
        check_hints(page, index.solve(letters))
        page.goto(origin + BASE + "ca/rack-finder/?rack=" + urllib.parse.quote("l·lquaes??"))
        check_rack(page, racks.solve("l·lquaes??"))
    finally:
        context.close()
