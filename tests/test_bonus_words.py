"""Two tiers of beehive words (issue 37): the answers a player can know, and bonus words.

Where a language sets ``[beehive] answer_min_zipf``, a key of its list whose commonest form
is rarer than that in wordfreq is a bonus word: the engine, the command line's lookup, the
page data, site/game-core.js and the page accept it and count it nowhere. The frequencies
are wordfreq's real ones; the lexicons are real Spanish and Catalan words.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from support.node import run_driver

from pipeline.browser.playdata import hive_play_data
from pipeline.config import load_language
from pipeline.games.beehive import BeehiveIndex, answer_tiers, hints
from pipeline.games.hive_lookup import HiveLookup, _write
from pipeline.lists.frequency import frequency_table, to_zipf

sys.path.insert(0, str(Path(__file__).parent))

#: Spanish lemmas spelled with the hive U A E I M Q R (centre U): common ones (querer,
#: quemar, quimera, requerir, aura...) and the dictionary's rare ones (amarrequear,
#: quimerear, aquerar, raquear, muquir), and a pangram.
SPANISH = [
    "amarrequear",
    "aquerar",
    "arquear",
    "aura",
    "maquear",
    "miau",
    "muquir",
    "murmurar",
    "quema",
    "quemar",
    "querer",
    "quimera",
    "quimerear",
    "raquear",
    "requerir",
    "reuma",
    "rumiar",
    "uremia",
    "urea",
    "mujer",
]
HIVE = "uaeimqr"


@pytest.fixture(scope="module")
def spanish():
    return load_language("es")


def lexicon(words):
    return {word: (word,) for word in words}


def zipf(language, word: str) -> float:
    return to_zipf(frequency_table(language.frequency_language).get(word, 0.0))


def test_the_floor_splits_the_list_by_frequency(spanish):
    floor = spanish.beehive.answer_min_zipf
    assert floor > 0, "es.toml sets the answers' frequency floor"
    answers, bonus = answer_tiers(spanish, lexicon(SPANISH))
    assert sorted(answers.keys() | bonus.keys()) == sorted(SPANISH)
    assert all(zipf(spanish, word) >= floor for word in answers)
    assert all(zipf(spanish, word) < floor for word in bonus)
    assert {"querer", "quemar", "quimera"} <= answers.keys()
    assert {"amarrequear", "quimerear", "aquerar", "raquear", "muquir"} <= bonus.keys()


def test_a_language_without_a_floor_has_answers_only():
    catalan = load_language("ca")
    assert catalan.beehive.answer_min_zipf == 0
    assert answer_tiers(catalan, lexicon(["cel", "rebec"])) == (lexicon(["cel", "rebec"]), {})


def test_a_display_form_counts_by_its_own_frequency(spanish):
    """A key's frequency is its commonest display form's: aquí (key aqui) is common."""
    answers, bonus = answer_tiers(spanish, {"aqui": ("aquí",), "quimerear": ("quimerear",)})
    assert list(answers) == ["aqui"] and list(bonus) == ["quimerear"]


def test_a_hive_counts_its_answers_only(spanish):
    index = BeehiveIndex.from_lexicon(spanish, lexicon(SPANISH), "checksum")
    hive = index.solve(HIVE)
    answers, bonus = answer_tiers(spanish, lexicon(SPANISH))
    playable = [word for word in SPANISH if "u" in word and set(word) <= set(HIVE)]
    assert sorted(a.key for a in hive.answers) == sorted(w for w in playable if w in answers)
    assert sorted(a.key for a in hive.bonus) == sorted(w for w in playable if w in bonus)
    assert hive.word_count == len(hive.answers)
    assert hive.total_points == sum(a.points for a in hive.answers)
    assert sum(sum(row.values()) for row in hints(hive).grid.values()) == hive.word_count
    # Bonus words come in answer order too: longest first, then by key.
    assert [a.key for a in hive.bonus] == sorted((a.key for a in hive.bonus), key=lambda k: (-len(k), k))


def test_every_hive_and_the_daily_band_count_answers_only(spanish):
    """The all-hives table and the daily band see the answers' index: a letter set whose
    only pangram is a bonus word (quimerear) is no hive at all."""
    rare = BeehiveIndex.from_lexicon(spanish, lexicon(["quimerear", "aquerar", "raquear"]), "checksum")
    assert rare.keys == () and rare.all_hives() == []
    index = BeehiveIndex.from_lexicon(spanish, lexicon(SPANISH), "checksum")
    assert index.bonus is not None and set(index.keys).isdisjoint(index.bonus.keys)
    rows = index.all_hives()
    assert rows
    for row in rows:
        solved = index.solve(row.centre + row.letters.replace(row.centre, ""))
        assert (row.words, row.points, row.pangrams) == (solved.word_count, solved.total_points, 1)


def test_the_lookup_gives_what_the_index_gives(spanish, tmp_path):
    index = BeehiveIndex.from_lexicon(spanish, lexicon(SPANISH), "checksum")
    path = tmp_path / "hive.sqlite"
    _write(index, path)
    assert HiveLookup(spanish, path).solve(HIVE) == index.solve(HIVE)


def test_page_data_hides_bonus_words_like_answers(spanish):
    index = BeehiveIndex.from_lexicon(spanish, lexicon(SPANISH), "checksum")
    hive = index.solve(HIVE)
    data = hive_play_data(spanish, spanish.schedule_start, hive, hints(hive))
    assert len(data["bonus_hashes"]) == 12 * len(hive.bonus)
    text = json.dumps(data)
    assert not any(answer.key in text for answer in hive.answers + hive.bonus)
    # Without bonus words the page data has no such field (the Catalan and English pages).
    plain = dataclasses.replace(hive, bonus=())
    assert "bonus_hashes" not in hive_play_data(spanish, spanish.schedule_start, plain, hints(plain))


JUDGE = r"""
const core = require(process.argv[2]);
withJob(({ data, entries }) => {
  const hive = core.hive(data), found = {};
  process.stdout.write(JSON.stringify(entries.map((text) => {
    const r = core.judgeHive(hive, text, found);
    if (r.kind === "ok" || r.kind === "bonus") found[r.key] = true;
    return [r.kind, r.points || 0, r.forms || null, core.judgeHive(hive, text, found).kind];
  })));
});
"""


def test_the_game_accepts_a_bonus_word_and_scores_nothing(spanish, repo_root, tmp_path):
    index = BeehiveIndex.from_lexicon(spanish, {**lexicon(SPANISH), "aqui": ("aquí",)}, "checksum")
    hive = index.solve(HIVE)
    data = hive_play_data(spanish, spanish.schedule_start, hive, hints(hive))
    answers = [a.key for a in hive.answers]
    bonus = [a.key for a in hive.bonus]
    entries = answers + bonus + ["muqar", "mujer"]
    judged = run_driver(tmp_path, JUDGE, repo_root / "site" / "game-core.js", {"data": data, "entries": entries})
    by_entry = dict(zip(entries, judged))
    for key in answers:
        assert by_entry[key][0] == "ok" and by_entry[key][1] > 0 and by_entry[key][3] == "found"
    for word in hive.bonus:
        kind, points, forms, again = by_entry[word.key]
        assert (kind, points, forms, again) == ("bonus", 0, list(word.forms), "found")
    assert by_entry["aqui"][2] == ["aquí"]
    assert by_entry["muqar"][0] == "list"  # no word
    assert by_entry["mujer"][0] == "letter"  # J is not in the hive


# --- the page, in Chromium ---------------------------------------------------------------


@pytest.fixture(scope="module")
def bonus_site(tmp_path_factory):
    """The fixture site (tests/support/site_fixture.py) with two tiers at Zipf 2.5: its hive
    of the day (centre A; B C E L R S) has the bonus words alberca, becar and cabre."""
    from support.serving import SITE_BASE, serve
    from support.site_fixture import FIXTURE_DATE, make_fixture

    from pipeline.core.paths import Paths
    from pipeline.render import build_site
    from pipeline.render.urls import Urls

    root = tmp_path_factory.mktemp("bonus")
    toml, _ = make_fixture(root, answer_min_zipf=2.5)
    with serve(Paths(root).site) as origin:
        build_site(Paths(root), [load_language(toml)], FIXTURE_DATE, Urls.create(SITE_BASE, origin + SITE_BASE))
        yield origin, SITE_BASE


@pytest.mark.browser
def test_a_player_finds_a_bonus_word_and_keeps_it(browser, bonus_site):
    from support.browser import open_tab

    tab = open_tab(browser, viewport={"width": 390, "height": 844})
    try:
        page, (origin, base) = tab.page, bonus_site
        page.goto(origin + base + "ca/beehive/")
        page.locator("#game").wait_for(state="visible")
        score = page.locator("#game-score").inner_text()

        def enter(word: str, kind: str) -> str:
            page.fill("#game-input", word)
            page.keyboard.press("Enter")
            page.locator(f"#game-message[data-kind='{kind}']:not(:empty)").wait_for()
            return page.locator("#game-message").inner_text()

        enter("becar", "bonus")
        assert page.locator("#bonus-list li").all_text_contents() == ["becar"]
        assert page.locator("#found-list li").count() == 0
        assert page.locator("#game-score").inner_text() == score  # no points
        enter("cabra", "ok")
        assert page.locator("#found-list .word").all_text_contents() == ["cabra"]
        page.reload()
        page.locator("#game").wait_for(state="visible")
        page.locator("#bonus-list li").first.wait_for(state="attached")  # folded on a phone
        assert page.locator("#bonus-list li").all_text_contents() == ["becar"]
        assert page.locator("#bonus-count").text_content() == "1"
        enter("BECAR", "found")
        # The answers page lists the day's bonus words apart, with no data-id for the help.
        page.goto(origin + page.locator("#game").get_attribute("data-answers"))
        assert {"alberca", "becar", "cabre"} <= set(page.locator(".bonus-list li .word").all_text_contents())
        assert page.locator(".bonus-list li[data-id]").count() == 0
        assert tab.errors == []
    finally:
        tab.context.close()
