"""Offensive words: kept out of the games' answers, never out of the word lists.

Start at :func:`blocked_keys`. A language's ``[blocklist]`` table
(:class:`pipeline.config.Blocklist`) names a pinned list (fetched like a dictionary, see
:func:`pipeline.sources.fetch_word_list`) and local additions. A blocked word takes its
inflections with it: when it is a .dic stem, every form of that entry is blocked too
(``whore`` → ``whores``; Catalan ``puta`` → ``putes``). A blocked word that is itself an
inflection (``fingering``) blocks only itself, not its stem's other forms (``finger``).

Two classes, because the games differ:

* ``x`` — out of every game: beehive answers and pangrams, racks, Wordle answers. Slurs are
  always in this class.
* ``v`` — vulgar but valid: out of the beehive and Wordle answers, but a rack may use it,
  as Scrabble players expect (the word lists of Scrabble dictionaries keep vulgar words and
  drop slurs). Only the table's ``vulgar`` additions and the pinned list's words its
  ``rack_allows`` names are ``v``; anything else blocked — the ``add`` additions, a new
  word of a newer list — is ``x``.

A word of the table's ``spare`` is not blocked, nor are the forms of its .dic entries, unless
the table adds them itself: the forms of a blocked stem can be other words (``butt/R``
makes ``butter``), and a pinned list can name an ordinary word for a rare sense
(``escort``).

``game.tsv`` carries the class in its lists field (:mod:`pipeline.lists.lexicon`).
"""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.config import Language
from pipeline.expand import Expander, entry_forms
from pipeline.expand.affixes import Entry
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import BLOCKED, VULGAR

#: Out of every game (the code game.tsv uses).
EVERY_GAME = BLOCKED
#: Why a blocked key is out of a game, by class, as metadata.json and words.sqlite say it.
WHY_BLOCKED = {EVERY_GAME: "blocklist (slurs and offensive words)", VULGAR: "blocklist (vulgar, allowed on racks)"}


def blocklist_words(language: Language, listed: list[str]) -> dict[str, str]:
    """Key → class of every single-word entry of the pinned list and the local additions
    (multi-word phrases cannot be game answers and are skipped)."""
    rules = language.blocklist
    racks_allow = rules.rack_allows | {word.lower() for word in rules.vulgar}
    blocked: dict[str, str] = {}
    for word in [*listed, *rules.additions]:
        key = fold(word, language)
        if key is None:
            continue
        cls = VULGAR if word.lower() in racks_allow else EVERY_GAME
        if blocked.get(key) != EVERY_GAME:
            blocked[key] = cls
    return blocked


def blocked_keys(language: Language, expander, listed: list[str], spared: frozenset[str]) -> dict[str, str]:
    """Key → class (:data:`EVERY_GAME` or :data:`VULGAR`) of every blocked word and of
    every form of the .dic entries whose stem is one, but the ``spared`` keys
    (:func:`spared_keys`)."""
    targets = blocklist_words(language, listed)
    if not targets:
        return {}
    result = dict(targets)
    for entry, cls in _entries_of(language, expander, targets):
        for form in entry_forms(expander, entry):
            key = fold(form, language)
            if key is not None and result.get(key) != EVERY_GAME:
                result[key] = cls
    return {key: cls for key, cls in sorted(result.items()) if key not in spared}


def spared_keys(language: Language, expander: Expander) -> frozenset[str]:
    """The keys of the words the blocklist table spares and of their .dic entries' forms,
    but the table's own additions: they are blocked whatever else the rules reach."""
    spare = {key: "" for key in (fold(word, language) for word in language.blocklist.spare) if key is not None}
    keys = set(spare)
    for entry, _ in _entries_of(language, expander, spare):
        keys.update(key for key in (fold(form, language) for form in entry_forms(expander, entry)) if key)
    return frozenset(keys - added_keys(language))


def added_keys(language: Language) -> frozenset[str]:
    """The keys of the table's own additions (``add`` and ``vulgar``)."""
    return frozenset(blocklist_words(language, []))


def _entries_of(language: Language, expander: Expander, keys: dict[str, str]) -> Iterator[tuple[Entry, str]]:
    """The .dic entries whose stem's key is one of ``keys``, with its value."""
    if not keys:
        return
    for entry in expander.entries():
        stem_key = fold(entry.stem, language)
        if stem_key is not None and stem_key in keys:
            yield entry, keys[stem_key]
