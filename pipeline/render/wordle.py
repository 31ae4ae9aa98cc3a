"""The Wordle clue page (``<code>/wordle/``): the template plus the word list's JSON as a
hashed asset (built by :func:`pipeline.wordle.build_wordle_data`; ``site/wordle.js``
does the filtering in the browser)."""

from __future__ import annotations

import json

from pipeline.wordle import build_wordle_data
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("wordle/", N_("Wordle clues"), N_("Filter the candidate words by the coloured clues of your guesses."))


def pages(site: LanguageSite) -> list[Page]:
    if "wordle" not in site.language.supported_games:
        return []  # the language cannot support a Wordle
    data = build_wordle_data(site.language, site.folder / "wordle.tsv")
    blob = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    data_path = site.assets.add(f"wordle-{site.code}.json", blob)
    return [site.page("wordle/", "wordle.html", "wordle/", offline=True, data_url=site.urls.url(data_path))]
