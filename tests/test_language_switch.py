"""The language switch of a site with more than two languages, in Chromium (issue 37).

With one other language the header links it; with more, a row of links would push the page
sideways on a phone, so the header shows a menu labelled with the current language. The
fixture (tests/support/site_fixture.py) stands for three languages here: the same words
under Catalan's rules, with the Catalan, Spanish and French interfaces.
"""

from __future__ import annotations

import pytest
from support.browser import open_tab
from support.serving import SITE_BASE as BASE
from support.serving import serve
from support.site_fixture import FIXTURE_DATE, make_fixture

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

pytestmark = pytest.mark.browser

LANGUAGES = {"ca": "català", "es": "español", "fr": "français"}
PAGES = ("", "beehive/", "rack/", "wordle/", "hive-solver/", "downloads/")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("languages")
    tomls = [make_fixture(root, code=code, language_name=name)[0] for code, name in LANGUAGES.items()]
    with serve(Paths(root).site) as origin:
        build_site(Paths(root), [load_language(toml) for toml in tomls], FIXTURE_DATE, Urls.create(BASE, origin + BASE))
        yield origin + BASE


@pytest.mark.parametrize("width", [390, 800, 1024, 1280])
def test_every_page_keeps_one_header_line_and_offers_the_other_languages(browser, site, width):
    tab = open_tab(browser, viewport={"width": width, "height": 844})
    try:
        page = tab.page
        for path in PAGES:
            page.goto(f"{site}es/{path}")
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"es/{path} scrolls {overflow} px sideways at {width} px"
            menu = page.locator("header .languages-menu")
            assert menu.locator("summary").inner_text().endswith("español"), path
            menu.locator("summary").click()
            links = menu.locator("a[data-language]")
            assert sorted(links.all_inner_texts()) == ["català", "français"], path
            for box in (links.nth(i).bounding_box() for i in range(links.count())):
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, path
        menu.locator("a[data-language='fr']").click()
        page.wait_for_url(f"{site}fr/downloads/")
        assert page.locator("html").get_attribute("lang") == "fr"
        assert tab.errors == []
    finally:
        tab.context.close()
