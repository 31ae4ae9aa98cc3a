"""What each word means: WordNet definitions of the English answers (pipeline/games/definitions.py),
sealed in the day's page data (pipeline/browser/playdata.py seal) and shown when a word is found;
links to each language's reference dictionaries on the game and answers pages.

On the real WordNet package the build pins (Debian's wordnet-base), the real built site in
Debian's Chromium, and the fixture site with hostile display forms and a hostile
definition.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from support.cli import require_tool
from support.serving import SITE_BASE as BASE
from support.serving import SITE_DAY as DAY

from pipeline.browser.playdata import seal, unseal
from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.games.definitions import Definition, Glossary, Sense
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.site_fixture import FIXTURE_DATE, make_fixture

EN, CA = load_language("en"), load_language("ca")
HOSTILE = '<script>alert("x")</script> & <b>bold</b>'


@pytest.fixture(scope="module")
def glossary(paths):
    return Glossary.load(EN, paths)


def test_wordnet_defines_a_form_by_its_base_and_nothing_it_lacks(glossary):
    baked = glossary.define("baked")
    assert baked.lemma == "bake" and baked.senses[0] == Sense("v.", "cook and make edible by putting in a hot oven")
    assert glossary.define("geese").lemma == "goose"  # an exception list's form
    assert glossary.define("bogged").lemma == "bog"  # a doubled consonant made single
    assert glossary.define("eaves").lemma == "eaves" and glossary.define("eaves").senses[0].label == "n."
    assert glossary.define("zzxq") is None and glossary.define("clii") is None
    # Examples are cut off; at most the pinned number of senses.
    definitions = glossary.define_all(["run", "set", "take", "bake"]).values()
    assert all(len(definition.senses) <= EN.definitions.senses for definition in definitions)
    assert not any('"' in sense.gloss for definition in definitions for sense in definition.senses)
    assert "Princeton University" in glossary.licence
    assert Glossary.load(CA) is None


def test_a_sealed_meaning_opens_in_javascript_with_its_answer_only(repo_root, tmp_path):
    texts = ["cook and make edible", "col·lecció — «recull»", HOSTILE, "x" * 97]
    salt = "en|2026-02-14|0|"
    sealed = [seal(salt, f"secret{i}", text) for i, text in enumerate(texts)]
    assert all(unseal(salt, f"secret{i}", s) == text for i, (s, text) in enumerate(zip(sealed, texts)))
    assert not any(word in s for s in sealed for word in ("cook", "script", "recull"))
    driver = tmp_path / "driver.js"
    driver.write_text(
        """
const core = require(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map(([salt, secret, sealed]) => core.unseal(salt, secret, sealed))));
""",
        encoding="utf-8",
    )
    cases = [[salt, f"secret{i}", s] for i, s in enumerate(sealed)] + [[salt, "wrong", sealed[0]]]
    result = subprocess.run(
        [require_tool("node"), str(driver), str(repo_root / "site" / "game-core.js")],
        input=json.dumps(cases).encode(),
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr.decode()
    opened = json.loads(result.stdout)
    assert opened[:-1] == texts and opened[-1] != texts[0]


class HostileGlossary:
    """Defines every word with markup, to check every page escapes it."""

    senses, title, licence = 2, HOSTILE, HOSTILE

    def define_all(self, words):
        return {word: Definition(HOSTILE, (Sense("n.", HOSTILE),)) for word in sorted(set(words))}


def test_hostile_definitions_and_forms_are_escaped_and_sealed(tmp_path, monkeypatch):
    toml, _ = make_fixture(tmp_path)
    language = load_language(toml)
    monkeypatch.setattr(Glossary, "load", classmethod(lambda cls, language, paths=None: HostileGlossary()))
    site = build_site(Paths(tmp_path), [language], FIXTURE_DATE, Urls.create(BASE, "https://h.example/rusc/")).folder
    answers = (site / "ca" / "beehive" / str(FIXTURE_DATE) / "answers" / "index.html").read_text(encoding="utf-8")
    game = (site / "ca" / "beehive" / "index.html").read_text(encoding="utf-8")
    about = (site / "ca" / "about" / "index.html").read_text(encoding="utf-8")
    for page in (answers, game, about):
        assert "<script>alert" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert" in answers and "&lt;script&gt;alert" in about
    assert "alert" not in game  # sealed, not merely escaped
    # Every link out goes to a dictionary of the language's TOML, in a new tab, the word encoded.
    links = re.findall(
        r'<a class="(?:word|dictionary)" href="([^"]+)" target="_blank" rel="noopener noreferrer"', answers
    )
    assert links and all(link.split("?")[0] in {d.url.split("?")[0] for d in language.dictionaries} for link in links)
    words = {urllib.parse.unquote(link.split("=", 1)[1]) for link in links}
    assert any("<" in word for word in words)  # the fixture's hostile forms, encoded in the address


@pytest.mark.browser
def test_a_found_english_word_shows_what_it_means_and_a_catalan_one_its_dictionaries(
    real_site, tabs, game_indexes, glossary
):
    origin, _ = real_site
    hive = game_indexes.beehive("en").daily(DAY)
    defined = next(a for a in hive.answers if glossary.define(a.forms[0]) is not None)
    undefined = [a for a in hive.answers if glossary.define(a.forms[0]) is None]
    tab = tabs.lend(viewport={"width": 1280, "height": 900})
    try:
        page = tab.page
        page.goto(origin + BASE + "en/beehive/")
        for answer in [defined] + undefined[:1]:
            page.fill("#game-input", answer.key)
            page.press("#game-input", "Enter")
            page.locator("#meaning-word", has_text=answer.forms[0]).wait_for()
            if answer is defined:
                senses = page.locator("#meaning-senses li").all_inner_texts()
                meaning = glossary.define(answer.forms[0])
                assert [text.split(" ", 1)[1] for text in senses] == [sense.gloss for sense in meaning.senses]
                assert not page.locator("#meaning-none").is_visible()
            else:
                assert page.locator("#meaning-none").is_visible()
        # A found word, tapped in the list, shows its meaning again.
        page.locator("#found-list button.word", has_text=defined.forms[0]).click()
        page.locator("#meaning-word", has_text=defined.forms[0]).wait_for()
        link = page.locator("#meaning-links a")
        assert link.count() == 1 and link.get_attribute("href") == EN.dictionaries[0].address(defined.forms[0])
        assert not tab.errors, tab.errors

        hive = game_indexes.beehive("ca").daily(DAY)
        answer = (
            next(a for a in hive.answers if a.forms[0] != a.key)
            if any(a.forms[0] != a.key for a in hive.answers)
            else hive.answers[0]
        )
        page.goto(origin + BASE + "ca/beehive/")
        page.fill("#game-input", answer.forms[0])
        page.press("#game-input", "Enter")
        page.locator("#meaning-word", has_text=answer.forms[0]).wait_for()
        links = page.locator("#meaning-links a")
        assert links.all_inner_texts() == [d.name for d in CA.dictionaries]
        assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
            d.address(answer.forms[0]) for d in CA.dictionaries
        ]
        assert {links.nth(i).get_attribute("target") for i in range(links.count())} == {"_blank"}
        assert page.locator("#meaning-senses li").count() == 0 and page.locator("#meaning-none").count() == 0
        assert not tab.errors, tab.errors
    finally:
        tabs.give_back(tab)


def test_the_answers_pages_define_and_link_every_word(real_site, glossary, game_indexes):
    _, site = real_site
    hive = game_indexes.beehive("en").daily(DAY)
    page = (site / "en" / "beehive" / str(DAY) / "answers" / "index.html").read_text(encoding="utf-8")
    defined = [a for a in hive.answers if glossary.define(a.forms[0]) is not None]
    assert page.count('class="meaning"') == len(defined) > len(hive.answers) // 2
    assert page.count('<a class="word"') == len(hive.answers)
    catalan = (site / "ca" / "rack" / str(DAY) / "answers" / "index.html").read_text(encoding="utf-8")
    rack = game_indexes.rack("ca").daily(DAY)
    assert catalan.count('<a class="word"') == catalan.count('<a class="dictionary"') == len(rack.solution.answers)
    assert 'class="meaning"' not in catalan


@pytest.mark.parametrize(
    "url", ["http://dlc.iec.cat/?q={word}", "https://dlc.iec.cat/?q=word", "https://x/{word}/{word}"]
)
def test_a_dictionary_address_without_https_or_one_word_is_refused_in_one_line(tmp_path, url):
    from pipeline.core.errors import RuscError

    text = (
        (Path(CA.path))
        .read_text(encoding="utf-8")
        .replace('url = "https://dlc.iec.cat/Results?DecEntradaText={word}"', f'url = "{url}"')
    )
    toml = tmp_path / "ca.toml"
    toml.write_text(text, encoding="utf-8")
    with pytest.raises(
        RuscError, match=r"dictionaries\[1\]\.url' must be an https:// address with one \{word\}"
    ) as error:
        load_language(toml)
    assert str(error.value).startswith(str(toml)) and "\n" not in str(error.value)
