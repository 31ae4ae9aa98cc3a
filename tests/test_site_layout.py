"""Every page type on a phone (390 px) and a desktop (1280 px), in Catalan and English, in
Debian's Chromium: no page-level horizontal scrolling (a wide table scrolls in its own box),
tap targets of at least 44 px, the navigation on one line, hive cells that stand out from
the page; and the home page picks the visitor's language.

Screenshots of every page type at both widths go to ``dist/screenshots/`` (CI uploads them
as an artifact), named ``<page type>-<lang>-<width>.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO_ROOT, SITE_BASE as BASE

pytestmark = pytest.mark.browser

SCREENSHOTS = REPO_ROOT / "dist" / "screenshots"
WIDTHS = {390: 844, 1280: 900}
#: Smallest width and height of anything a finger must hit.
TAP = 44


def page_types(site: Path) -> dict[str, str]:
    """One page of each type per language (path under the base)."""
    types = {"home": "", "404": "404.html"}
    for code in ("ca", "en"):
        first_day = min(p.name for p in (site / code / "beehive").iterdir() if p.name[:1].isdigit())
        types.update({
            f"language-{code}": f"{code}/", f"beehive-{code}": f"{code}/beehive/",
            f"beehive-day-{code}": f"{code}/beehive/{first_day}/", f"rack-{code}": f"{code}/rack/",
            f"rack-day-{code}": f"{code}/rack/{first_day}/", f"archive-{code}": f"{code}/beehive/archive/",
            f"rack-archive-{code}": f"{code}/rack/archive/", f"downloads-{code}": f"{code}/downloads/",
            f"about-{code}": f"{code}/about/",
            f"beehive-answers-{code}": f"{code}/beehive/{first_day}/answers/",
            f"rack-answers-{code}": f"{code}/rack/{first_day}/answers/",
        })
        for extra in sorted(p.parent.name for p in (site / code).glob("*/index.html")):
            if extra not in ("beehive", "rack", "downloads", "about", "archive"):
                types[f"{extra}-{code}"] = f"{code}/{extra}/"  # wordle, solvers, …
    return types


def test_every_page_type_parses_as_html5_in_both_languages(real_site):
    import html5lib

    _, site = real_site
    for name, path in page_types(site).items():
        file = site / (path if path.endswith(".html") else path + "index.html")
        parser = html5lib.HTMLParser(strict=False, namespaceHTMLElements=False)
        parser.parse(file.read_bytes(), likely_encoding="utf-8")
        assert not parser.errors, f"{name}: {parser.errors[:3]}"


def open_at(browser, url: str, width: int, locale: str = "de-DE", scheme: str = "light"):
    # A locale the site does not publish, so the home page stays where it is.
    context = browser.new_context(viewport={"width": width, "height": WIDTHS[width]}, locale=locale,
                                  color_scheme=scheme, service_workers="block")
    page = context.new_page()
    response = page.goto(url)
    assert response is not None and response.status in (200, 404), url
    page.wait_for_load_state("networkidle")
    return context, page


#: Interactive elements a finger hits, skipping those hidden or inside a scroll box
#: (a table's links scroll with it) and the skip link (only shown on keyboard focus).
SMALL_TARGETS = """(tap) => {
  const found = [];
  for (const el of document.querySelectorAll('a[href], button, summary, input:not([type=hidden]), select, [role=button]')) {
    if (el.closest('.skip')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    let target = box;
    if (el.type === 'checkbox' || el.type === 'radio') {
      const label = el.closest('label');
      if (label) target = label.getBoundingClientRect();
    }
    if (target.height < tap - 0.5 || target.width < tap - 0.5) {
      found.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''} "${(el.textContent || el.value || '').trim().slice(0, 30)}" ${Math.round(target.width)}x${Math.round(target.height)}`);
    }
  }
  return found;
}"""


#: Rows of tiles that a player reads as one rack: the game's tile buttons and a rack page's
#: tiles (a calendar's small racks and the tile bag may wrap). Each must stay on one line.
BROKEN_RACKS = """() => {
  const found = [];
  for (const row of document.querySelectorAll('.game-tiles, .tiles:not(.small):not(.bag)')) {
    const tops = new Set();
    for (const tile of row.children) {
      const box = tile.getBoundingClientRect();
      if (box.width && box.height) tops.add(Math.round(box.top));
    }
    if (tops.size > 1) found.push(`${row.id || row.className}: ${row.children.length} tiles on ${tops.size} lines`);
  }
  return found;
}"""


def test_every_page_type_fits_both_widths_with_big_enough_targets(real_site, browser):
    origin, site = real_site
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for name, path in page_types(site).items():
        for width in WIDTHS:
            context, page = open_at(browser, origin + BASE + path, width)
            try:
                page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                if overflow > 0:
                    problems.append(f"{name} at {width}px: the page scrolls sideways by {overflow}px")
                broken = page.evaluate(BROKEN_RACKS)
                problems += [f"{name} at {width}px: a rack breaks into lines: {b}" for b in broken]
                small = page.evaluate(SMALL_TARGETS, TAP)
                problems += [f"{name} at {width}px: tap target under {TAP}px: {s}" for s in small[:5]]
                bar = page.locator(".site-header .bar").bounding_box()
                if bar["height"] > 64:
                    problems.append(f"{name} at {width}px: the navigation takes {bar['height']:.0f}px (two lines?)")
            finally:
                context.close()
    assert not problems, "\n".join(problems)
    assert len(list(SCREENSHOTS.glob("*.png"))) >= 2 * len(page_types(site))


def test_the_phone_menu_opens_and_lists_every_section(real_site, browser):
    origin, _ = real_site
    context, page = open_at(browser, origin + BASE + "ca/beehive/", 390)
    try:
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
        context.close()
    context, page = open_at(browser, origin + BASE + "ca/beehive/", 1280)
    try:
        assert page.locator(".nav-links").is_visible() and not page.locator(".nav-menu").is_visible()
    finally:
        context.close()


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
def test_outer_hive_cells_stand_out_from_the_page_and_the_centre(real_site, browser, scheme):
    origin, _ = real_site
    context, page = open_at(browser, origin + BASE + "ca/beehive/", 390, scheme=scheme)
    try:
        ratios = page.evaluate(CONTRAST)
        assert ratios["page"] >= 3 and ratios["letter"] >= 4.5 and ratios["centre"] >= 2.5, ratios
    finally:
        context.close()


@pytest.mark.parametrize("locale, landing", [("ca-ES", "ca/"), ("en-GB", "en/"), ("ca", "ca/"), ("de-DE", "")])
def test_the_home_page_opens_the_visitors_language(real_site, browser, locale, landing):
    origin, _ = real_site
    context = browser.new_context(locale=locale, service_workers="block")
    try:
        page = context.new_page()
        page.goto(origin + BASE)
        page.wait_for_load_state("networkidle")
        assert page.url == origin + BASE + landing
    finally:
        context.close()


def test_a_language_chosen_with_the_switch_is_remembered(real_site, browser):
    origin, _ = real_site
    context = browser.new_context(locale="ca-ES", service_workers="block")
    try:
        page = context.new_page()
        page.goto(origin + BASE)
        page.wait_for_url(origin + BASE + "ca/")
        page.locator(".bar .languages a[hreflang=en]").click()
        page.wait_for_url(origin + BASE + "en/")
        page.goto(origin + BASE)
        page.wait_for_url(origin + BASE + "en/")
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        context.close()
