"""Every page type on a phone (390 px) and a desktop (1280 px), in Catalan and English, in
Debian's Chromium: no page-level horizontal scrolling (a wide table scrolls in its own box),
tap targets of at least 44 px, the navigation on one line, hive cells that stand out from
the page; and the home page picks the visitor's language.

Screenshots of every page type at both widths go to ``dist/screenshots/`` (CI uploads them
as an artifact), named ``<page type>-<lang>-<width>.png``.
"""

from __future__ import annotations

import pytest
from support.page_sweep import SCREENSHOTS, TAP, WIDTHS, open_at, page_types, tab_options
from support.serving import SITE_BASE as BASE

pytestmark = pytest.mark.browser


def test_every_page_type_parses_as_html5_in_both_languages(real_site):
    import html5lib

    _, site = real_site
    for name, path in page_types(site).items():
        file = site / (path if path.endswith(".html") else path + "index.html")
        parser = html5lib.HTMLParser(strict=False, namespaceHTMLElements=False)
        parser.parse(file.read_bytes(), likely_encoding="utf-8")
        assert not parser.errors, f"{name}: {parser.errors[:3]}"


def test_every_page_type_fits_both_widths_with_big_enough_targets(real_site, page_sweep):
    _, site = real_site
    problems = []
    for seen in page_sweep:
        where = f"{seen.name} at {seen.width}px"
        if seen.overflow > 0:
            problems.append(f"{where}: the page scrolls sideways by {seen.overflow}px")
        problems += [f"{where}: a rack breaks into lines: {b}" for b in seen.broken_racks]
        problems += [f"{where}: tap target under {TAP}px: {s}" for s in seen.small_targets[:5]]
        if seen.navigation_height > 64:
            problems.append(f"{where}: the navigation takes {seen.navigation_height:.0f}px (two lines?)")
    assert not problems, "\n".join(problems)
    assert {(seen.name, seen.width) for seen in page_sweep} == {
        (name, width) for name in page_types(site) for width in WIDTHS
    }
    assert len(list(SCREENSHOTS.glob("*.png"))) >= 2 * len(page_types(site))


def test_the_phone_menu_opens_and_lists_every_section(real_site, tabs):
    origin, _ = real_site
    tab = open_at(tabs, origin + BASE + "ca/beehive/", 390)
    try:
        page = tab.page
        assert not page.locator(".nav-links").is_visible()
        menu = page.locator(".nav-menu")
        assert menu.locator("summary").is_visible()
        menu.locator("summary").click()
        items = menu.locator("ul a")
        assert items.count() >= 4 and items.first.is_visible()
        assert menu.locator("a[aria-current=page]").inner_text() == "Rusc"
        box = menu.locator("ul").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    finally:
        tabs.give_back(tab)
    tab = open_at(tabs, origin + BASE + "ca/beehive/", 1280)
    try:
        assert tab.page.locator(".nav-links").is_visible() and not tab.page.locator(".nav-menu").is_visible()
    finally:
        tabs.give_back(tab)


CONTRAST = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const outer = document.querySelector('.hive .cell:not(.centre) polygon');
  const centre = document.querySelector('.hive .cell.centre polygon');
  const page = rgb(getComputedStyle(document.body).backgroundColor);
  const fill = rgb(getComputedStyle(outer).fill);
  const letter = rgb(getComputedStyle(document.querySelector('.hive .cell:not(.centre) text')).fill);
  return {page: ratio(fill, page), letter: ratio(fill, letter), centre: ratio(fill, rgb(getComputedStyle(centre).fill))};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_outer_hive_cells_stand_out_from_the_page_and_the_centre(real_site, tabs, scheme):
    origin, _ = real_site
    tab = open_at(tabs, origin + BASE + "ca/beehive/", 390, scheme=scheme)
    try:
        ratios = tab.page.evaluate(CONTRAST)
        assert ratios["page"] >= 3 and ratios["letter"] >= 4.5 and ratios["centre"] >= 2.5, ratios
    finally:
        tabs.give_back(tab)


@pytest.mark.parametrize("locale, landing", [("ca-ES", "ca/"), ("en-GB", "en/"), ("ca", "ca/"), ("de-DE", "")])
def test_the_home_page_opens_the_visitors_language(real_site, tabs, locale, landing):
    origin, _ = real_site
    tab = tabs.lend(**tab_options(1280, locale))  # storage cleared: no language chosen before
    try:
        page = tab.page
        page.goto(origin + BASE)
        page.wait_for_load_state("networkidle")
        assert page.url == origin + BASE + landing
    finally:
        tabs.give_back(tab)


def test_a_language_chosen_with_the_switch_is_remembered(real_site, tabs):
    origin, _ = real_site
    tab = tabs.lend(**tab_options(1280, "ca-ES"))
    try:
        page = tab.page
        page.goto(origin + BASE)
        page.wait_for_url(origin + BASE + "ca/")
        page.locator(".bar .languages a[hreflang=en]").click()
        page.wait_for_url(origin + BASE + "en/")
        page.goto(origin + BASE)
        page.wait_for_url(origin + BASE + "en/")
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        tabs.give_back(tab)


def test_every_answers_page_is_under_300_kb(real_site):
    """A phone loads a day's answers page in one go: the daily bands keep each small
    (the rack's answers are bounded by ``racks.answers_max``, the hive's by ``answers_max``)."""
    _, site = real_site
    pages = sorted(site.glob("*/*/*/answers/index.html"))
    assert {page.relative_to(site).parts[1] for page in pages} == {"beehive", "rack"}
    assert len(pages) >= 4 * 30
    heaviest = max(pages, key=lambda page: page.stat().st_size)
    assert heaviest.stat().st_size < 300_000, heaviest
