"""The downloads page (``<code>/downloads/``): every word-list file with what it holds, its
size, entries and SHA-256 (:func:`pipeline.lists.downloads.list_downloads` decided what is
published). :data:`CONTENTS` names each list in the page's language; the files of
``rusc diff`` are listed too, and their counts shown under "Changes".
"""

from __future__ import annotations

from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry("downloads/", N_("Downloads"))

#: What each file holds, by its name without compression suffix (message ids).
CONTENTS = {
    "forms.txt": N_("Every form the dictionary generates, as spelled: capitals, accents, apostrophes, hyphens."),
    "words.txt": N_("Common words: no proper nouns, abbreviations, digits, apostrophes or hyphens."),
    "lemmas.txt": N_("Dictionary headwords: the forms a dictionary lists as entries."),
    "game.tsv": N_("The games’ list: folded key, form as spelled, and the lists it belongs to."),
    "wordle.tsv": N_("The Wordle helper’s words, by folded key."),
    "hives.tsv": N_("Every valid beehive with its word count, points and pangrams."),
    "LICENSE": N_("The dictionary’s licence, which the lists keep."),
    "metadata.json": N_("Source, version, licence and counts, for programs."),
    "SHA256SUMS": N_("The SHA-256 of every file, for sha256sum -c."),
    "words.sqlite": N_("Every listed form’s facts in one SQLite database: key, lemma, lists, frequency, games."),
    "keys-by-length.json": N_("The game keys by length, as JSON, with their provenance."),
    "lemmas-by-length.json": N_("The lemmas by length, as JSON, with their provenance."),
}
#: What a file of ``rusc diff`` holds, by its suffix.
DIFF_CONTENTS = {
    ".tsv.gz": N_("Forms and game keys added and removed since an earlier dictionary version, and why."),
    ".json": N_("The counts of that change, for programs."),
}


def contents(name: str) -> str:
    """The message id describing the published file ``name`` ("" if none)."""
    if ".." in name:
        return next((text for suffix, text in DIFF_CONTENTS.items() if name.endswith(suffix)), "")
    return CONTENTS.get(name.removesuffix(".gz"), "")


def pages(site: LanguageSite) -> list[Page]:
    rows = [(download, contents(download.name)) for download in site.downloads]
    return [site.page("downloads/", "downloads.html", "downloads/", rows=rows, changes=site.changes)]
