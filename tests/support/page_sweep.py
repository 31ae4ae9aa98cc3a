"""One visit to every page type of the real site at each width, measured for the layout
and accessibility tests alike.

Opening a page in Chromium (load, network idle, axe-core) costs seconds, and two test files
ask about the same 30 page types: tests/test_site_layout.py (sideways scrolling, tap
targets, racks on one line, a screenshot at 390 and 1280 px) and tests/test_site_browser.py
(axe-core, light and dark). :func:`sweep` visits each page once per width and records what
both need, as :class:`PageVisit` records; the ``page_sweep`` fixture (conftest.py) sweeps
once for the whole run and shares the records between the workers through a file.

Each width has one tab that goes from page to page (a new browser context costs Chromium more
than a second of CPU), its storage cleared after each; the tabs are borrowed from the worker's
:class:`conftest.TabPool`, so the layout tests that open pages at the same widths reuse them.
At 1280 px, after the layout is measured and the screenshot taken, every visible
``<details>`` is opened (the revealed answers are scanned too) and axe-core runs in full;
then the page is switched to the dark colour scheme (the site's themes are CSS media
queries alone) and scanned for colour contrast, the one thing a dark theme changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from support.browser import Tab, TabPool
from support.repo import REPO_ROOT
from support.serving import SITE_BASE

#: Viewport height per width: a phone and a desktop.
WIDTHS = {390: 844, 1280: 900}
#: Smallest width and height of anything a finger must hit.
TAP = 44
#: Where the screenshots go (CI keeps them as an artifact): ``<page type>-<width>.png``.
SCREENSHOTS = REPO_ROOT / "dist" / "screenshots"
#: axe-core options for the light pages: every rule (what axe_playwright_python's Axe.run asks).
FULL_SCAN = {"resultTypes": ["violations"]}
#: axe-core options for the dark pages: the colour-contrast rule alone.
DARK_SCAN = {"runOnly": {"type": "rule", "values": ["color-contrast"]}, "resultTypes": ["violations"]}
#: The axe-core impacts a page may not have.
SERIOUS = ("serious", "critical")
#: Runs axe-core, injected into the page beforehand, with the options given, and answers
#: (rule, impact, help) of each violation: the rest of its result (every rule that passed,
#: the nodes) stays in the page.
AXE_VIOLATIONS = "(options) => axe.run(document, options).then(r => r.violations.map(v => [v.id, v.impact, v.help]))"


def page_types(site: Path) -> dict[str, str]:
    """One page of each type per language (path under the base)."""
    types = {"home": "", "404": "404.html"}
    for code in ("ca", "en"):
        first_day = min(p.name for p in (site / code / "beehive").iterdir() if p.name[:1].isdigit())
        types.update(
            {
                f"language-{code}": f"{code}/",
                f"beehive-{code}": f"{code}/beehive/",
                f"beehive-day-{code}": f"{code}/beehive/{first_day}/",
                f"rack-{code}": f"{code}/rack/",
                f"rack-day-{code}": f"{code}/rack/{first_day}/",
                f"archive-{code}": f"{code}/beehive/archive/",
                f"rack-archive-{code}": f"{code}/rack/archive/",
                f"downloads-{code}": f"{code}/downloads/",
                f"about-{code}": f"{code}/about/",
                f"beehive-answers-{code}": f"{code}/beehive/{first_day}/answers/",
                f"rack-answers-{code}": f"{code}/rack/{first_day}/answers/",
            }
        )
        for extra in sorted(p.parent.name for p in (site / code).glob("*/index.html")):
            if extra not in ("beehive", "rack", "downloads", "about", "archive"):
                types[f"{extra}-{code}"] = f"{code}/{extra}/"  # wordle, solvers, …
    return types


def tab_options(width: int, locale: str = "de-DE", scheme: str = "light") -> dict:
    """The options of a tab at ``width`` (for :meth:`conftest.TabPool.lend`). The default
    locale is one the site does not publish, so the home page stays where it is."""
    return {"viewport": {"width": width, "height": WIDTHS[width]}, "locale": locale, "color_scheme": scheme}


def load(page, url: str) -> None:
    """Go to ``url`` and return once it has loaded and every request it made is answered
    (what its scripts fetch once loaded, too)."""
    pending: set = set()
    track = {"request": pending.add, "requestfinished": pending.discard, "requestfailed": pending.discard}
    handlers = {event: (lambda request, change=change: change(request)) for event, change in track.items()}
    for event, handler in handlers.items():
        page.on(event, handler)
    response = page.goto(url)
    assert response is not None and response.status in (200, 404), url
    # Playwright's "networkidle" waits half a second after the last request; a request a
    # script makes once the page has loaded starts within a few milliseconds of it.
    quiet = 0
    while quiet < 2:
        page.wait_for_timeout(25)
        quiet = 0 if pending else quiet + 1
    for event, handler in handlers.items():
        page.remove_listener(event, handler)


def open_at(tabs: TabPool, url: str, width: int, locale: str = "de-DE", scheme: str = "light") -> Tab:
    """A tab of :func:`tab_options` lent by ``tabs``, with ``url`` :func:`load`-ed in it;
    the caller gives it back."""
    tab = tabs.lend(**tab_options(width, locale, scheme))
    load(tab.page, url)
    return tab


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


@dataclass(frozen=True)
class PageVisit:
    """What one page type showed at one width."""

    #: The page type, e.g. ``beehive-day-ca`` (:func:`page_types`).
    name: str
    width: int
    #: Pixels the page scrolls sideways (0 when it fits).
    overflow: int
    #: Tile rows that broke into lines (:data:`BROKEN_RACKS`).
    broken_racks: tuple[str, ...]
    #: Tap targets under :data:`TAP` pixels (:data:`SMALL_TARGETS`).
    small_targets: tuple[str, ...]
    #: Height of the navigation bar in pixels.
    navigation_height: float
    #: Serious and critical axe-core violations, ``"<scheme>: <rule> (<impact>): <help>"``;
    #: None where the page was not scanned (axe-core runs at 1280 px only).
    violations: tuple[str, ...] | None


def serious_violations(page, options: dict) -> list[tuple[str, str, str]]:
    """(rule, impact, help) of each serious or critical axe-core violation of ``page`` as it
    is now (``options``: :data:`FULL_SCAN` or :data:`DARK_SCAN`). axe-core is injected on the
    first scan of a page only: its script is half a megabyte, which Chromium compiles and
    runs again at each injection."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    return [tuple(found) for found in page.evaluate(AXE_VIOLATIONS, options) if found[1] in SERIOUS]


def _violations(page, scheme: str, options: dict) -> list[str]:
    return [f"{scheme}: {rule} ({impact}): {advice}" for rule, impact, advice in serious_violations(page, options)]


def visit(page, url: str, name: str) -> PageVisit:
    """Load ``url`` in ``page``, measure it, save its screenshot and (at 1280 px) scan it."""
    load(page, url)
    width = page.viewport_size["width"]
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
    measured = dict(
        overflow=page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
        broken_racks=tuple(page.evaluate(BROKEN_RACKS)),
        small_targets=tuple(page.evaluate(SMALL_TARGETS, TAP)),
        navigation_height=page.locator(".site-header .bar").bounding_box()["height"],
    )
    violations = None
    if width == max(WIDTHS):
        for details in page.locator("details").all():
            if details.is_visible():  # the phone menu is hidden on a desktop
                details.locator("summary").first.click()
        violations = _violations(page, "light", FULL_SCAN)
        page.emulate_media(color_scheme="dark")
        violations += _violations(page, "dark", DARK_SCAN)
        page.emulate_media(color_scheme="light")
    return PageVisit(name=name, width=width, violations=None if violations is None else tuple(violations), **measured)


def sweep(tabs: TabPool, origin: str, site: Path) -> list[PageVisit]:
    """Every page type of ``site`` (served at ``origin``) at every width of :data:`WIDTHS`,
    one tab per width lent by ``tabs``; its storage is cleared between pages, so none sees
    another's."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    visits = []
    for width in WIDTHS:
        tab = tabs.lend(**tab_options(width))
        try:
            for name, path in page_types(site).items():
                visits.append(visit(tab.page, origin + SITE_BASE + path, name))
                tab.clear_storage()
        finally:
            tabs.give_back(tab)
    return sorted(visits, key=lambda seen: (seen.name, seen.width))
