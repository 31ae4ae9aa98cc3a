"""Debian's Chromium through Playwright: tabs that record what a page loads and the
errors of its scripts, a pool that lends them again, and a wait on a promise.

Every wait in a browser test waits on a condition, never a time: the limits below are
the patience of a loaded machine (two cores running both test workers, each with its
Chromium), far above what a page takes, so a slow run still passes and a page that never
gets there still fails.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

#: Debian's Chromium, driven by Playwright (never a downloaded browser).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: How long any Playwright action, navigation or wait may take before the test fails (ms).
PATIENCE_MS = 180_000


class PatientBrowser:
    """A Playwright browser whose every context waits :data:`PATIENCE_MS` for an action or a
    navigation (Playwright's defaults, 30 s, fail a page load on a busy machine); the rest
    is the browser's own."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.set_default_timeout(PATIENCE_MS)
        context.set_default_navigation_timeout(PATIENCE_MS)
        return context

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@dataclass
class Tab:
    """A browser context with one page, recording what the page requests and the uncaught
    errors of its scripts: what every page test checks (nothing from other hosts, no error)."""

    context: object
    page: object
    #: URLs the page requested, in order.
    requests: list[str]
    #: Uncaught script errors (``pageerror``), as text.
    errors: list[str]

    def goto(self, url: str):
        """Load ``url``, which must answer 200."""
        response = self.page.goto(url)
        assert response is not None and response.status == 200, url
        return response

    def clear_storage(self) -> None:
        """Forget what the site's pages stored (the games keep progress there)."""
        self.page.evaluate("localStorage.clear(); sessionStorage.clear()")


def open_tab(browser, **options) -> Tab:
    """A new context of ``browser`` (``options``: Playwright's ``new_context`` arguments)
    and its page; the caller closes ``tab.context``.

    The site's service worker is blocked unless ``service_workers="allow"`` is asked for:
    once installed it precaches every asset of the site (the solvers' indexes among them),
    which each new context would pay for again. tests/test_offline.py and the solvers'
    offline test are the ones that try it."""
    context = browser.new_context(**{"service_workers": "block", **options})
    page = context.new_page()
    tab = Tab(context, page, [], [])
    page.on("request", lambda request: tab.requests.append(request.url))
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    return tab


class TabPool:
    """Tabs kept open between the tests of a worker and lent again to tests that ask for the
    same options: a new browser context costs Chromium more than a second of CPU (a renderer
    process and a profile of its own), a page load in an open one about a third of that.

    A tab given back has its storage cleared and is left on about:blank, so the next test
    finds it as a new one, but for the HTTP cache (the site's assets are hashed, so a cached
    one is the same file). A test that changes a tab in a way that lasts (routes, offline,
    permissions) opens its own with :func:`open_tab` instead."""

    def __init__(self, browser):
        self.browser = browser
        #: Options (as a key) -> tabs given back, ready to lend.
        self.idle: dict[str, list[Tab]] = {}
        #: id() of each tab out on loan -> the key of the options it was opened with.
        self.lent: dict[int, str] = {}

    def lend(self, **options) -> Tab:
        """A tab opened with ``options`` (Playwright's ``new_context`` arguments)."""
        key = repr(sorted(options.items()))
        idle = self.idle.setdefault(key, [])
        tab = idle.pop() if idle else open_tab(self.browser, **options)
        self.lent[id(tab)] = key
        return tab

    def give_back(self, tab: Tab) -> None:
        """Take a lent ``tab`` back; a tab that cannot be reset is closed."""
        key = self.lent.pop(id(tab))
        try:
            if tab.page.url.startswith("http"):
                tab.clear_storage()
            tab.page.goto("about:blank")
        except Exception:  # the test closed it, or left it unusable: it is not lent again
            with contextlib.suppress(Exception):
                tab.context.close()
            return
        tab.requests.clear()
        tab.errors.clear()
        self.idle[key].append(tab)

    def close(self) -> None:
        for tabs in self.idle.values():
            for tab in tabs:
                tab.context.close()
        self.idle.clear()


def wait_for_promise(page, function: str, arg=None, timeout: float = PATIENCE_MS) -> None:
    """Until the JS ``function`` of ``arg``, which returns a promise, resolves to a truthy
    value. Playwright's wait_for_function takes any promise for true, so each poll starts
    the promise and reads the answer of the previous one."""
    page.evaluate("() => { window.ruscWaited = false; }")
    page.wait_for_function(
        f"""(arg) => {{
        Promise.resolve(({function})(arg)).then((value) => {{ window.ruscWaited = !!value; }});
        return window.ruscWaited === true;
    }}""",
        arg=arg,
        timeout=timeout,
    )
