"""The hive solver page (``<code>/hive-solver/``): any beehive's hints, then its answers,
for a puzzle played elsewhere (Paraulògic, the Spelling Bee) whose letters only the player
knows.

The page is a form and a script (``site/hive-solver.js``, engine in
``site/solver-core.js``); every playable key of the language ships as static files
(:func:`pipeline.browser.solvers.hive_index_files`: the rules, and the letter sets filed by their
two rarest letters), hashed assets fetched when a hive first needs them and then cached.
The letters travel in the URL (``?letters=`` centre first), so a link reproduces the solve.
"""

from __future__ import annotations

from pipeline.browser.solvers import hive_index_files
from pipeline.render.i18n import N_
from pipeline.render.pages import LanguageSite, NavEntry, Page

NAV = NavEntry(
    "hive-solver/",
    N_("Hive solver"),
    N_("Type the letters of a beehive played elsewhere: hints first, answers when you ask."),
)


def pages(site: LanguageSite) -> list[Page]:
    if site.beehive_index is None:
        return []
    head, shards = hive_index_files(site.beehive_index)
    data = site.assets.add(f"hive-index-{site.code}.json", head)
    # Each shard's sets on their own (named by its letters' places in the alphabet: an
    # asset name is ASCII), fetched when a hive first needs them.
    alphabet = site.language.alphabet
    shard_urls = {
        letters: site.urls.url(site.assets.add(f"hive-sets-{site.code}-{shard_name(letters, alphabet)}.json", shard))
        for letters, shard in shards.items()
    }
    return [
        site.page(
            NAV.path, "hive-solver.html", NAV.path, offline=True, data_url=site.urls.url(data), shard_urls=shard_urls
        )
    ]


def shard_name(letters: str, alphabet: str) -> str:
    """A shard's letters as their places in the alphabet, for its asset's ASCII name.

    >>> shard_name("zb", "abcz")
    '3-1'
    """
    return "-".join(str(alphabet.index(letter)) for letter in letters)
