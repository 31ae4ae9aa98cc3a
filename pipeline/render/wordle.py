"""The Wordle helper pages: one per word length the language plays (``<code>/wordle/`` for
its default length, ``<code>/wordle/<n>/`` for the others), each the template plus that
length's JSON as a hashed asset (built by :func:`pipeline.browser.wordle_data.build_wordle_data` and
serialised by :func:`pipeline.browser.wordle_data.wordle_json`, the one builder; ``site/wordle.js``
does the rest in the browser)."""

from __future__ import annotations

from pipeline.browser.playdata import levels
from pipeline.browser.wordle_data import build_wordle_data, wordle_json
from pipeline.core.progress import heartbeat
from pipeline.games.wordle.rules import GUESSES
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("wordle/", N_("Wordle clues"), N_("Filter the candidate words by the coloured clues of your guesses."))


#: A Wordle game the player tracks (from the share grid pasted) is a level: 0 lost, then won
#: in six guesses up to won in one; a day counts towards the streak when it is won.
HISTORY_LEVELS = levels(GUESSES + 1, streak=1)
#: ... shown as Wordle's own scores.
LEVEL_NAMES = ["X"] + [f"{n}/{GUESSES}" for n in range(GUESSES, 0, -1)]


def page_path(length: int, default: int) -> str:
    """Where the page of ``length`` letters lives under the language's folder."""
    return "wordle/" if length == default else f"wordle/{length}/"


def pages(site: LanguageSite) -> list[Page]:
    if "wordle" not in site.language.supported_games:
        return []  # the language cannot support a Wordle
    settings = site.language.wordle
    lengths = [{"n": n, "path": f"{site.code}/{page_path(n, settings.length)}"} for n in settings.lengths]
    out = []
    for n in settings.lengths:
        # Minutes the first time for a large list (the opening and the book), then kept.
        with heartbeat(f"{site.code} Wordle page data, {n} letters"):
            data = build_wordle_data(site.language, site.folder / "wordle.tsv", n, cache=site.kept)
        data_path = site.assets.add(f"wordle-{site.code}-{n}.json", wordle_json(data))
        out.append(
            site.page(
                page_path(n, settings.length),
                "wordle.html",
                "wordle/",
                offline=True,
                data_url=site.urls.url(data_path),
                length=n,
                lengths=lengths,
                shortcuts=settings.shortcuts,
                history_levels=HISTORY_LEVELS,
                level_names=LEVEL_NAMES,
            )
        )
    return out
