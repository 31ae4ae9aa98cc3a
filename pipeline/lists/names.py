"""Names among a dictionary's words: Brazilian Portuguese's brasil, jorge, lisboa, German's Aachen, Anna.

Start at :func:`name_forms`. A dictionary that capitalises names keeps them out of
``words`` by their capital (:func:`pipeline.lists.clean.is_ordinary_word`); one that lists
some in lower case needs evidence, data in the language's ``[names]`` table
(:class:`pipeline.config.Names`). A lower-case entry is a name when

* a second dictionary of the language, one that capitalises names, spells it only with a
  capital (European Portuguese's Brasil, Irlanda, Pequim, Moisés); or
* a pinned list of names has it, in any case (SCOWL's proper names: jorge, olga, souza),
  unless it is also a word: a pinned list of common words has it (English's time, box,
  cactus: loanwords the dictionary rightly lists), the second dictionary accepts it in
  lower case (rosa, cruz, festa, grande), or the entry takes an affix no name takes (a
  German noun's plural or compound forms: Rose/N and Regen/J are words, Anna/S a name).

Where nouns are capitalised (German), a capitalised entry is looked at as a lower-case one is
elsewhere: Aachen, Anna and Berlin are names, Abend a word. There a name no list has is told
by the affixes it lacks: a capitalised entry that takes no plural and that no compound may end
with (Westerwelle/S, Hunsrück, Scholz; not Abend/EPSTm, whose m makes Feierabend) is a name.

Either way the language file may keep it as a word, read by hand (frear, campus, messias),
and it adds the names no rule finds (maceió, taubaté). The words of other languages it
lists (``foreign_words``: sensu, operandi) go the same way, read by hand.
Every form of a name's entry is a name (olga makes olgas), but a form that another entry
has as its stem. Names are left out of ``words`` and ``lemmas`` and so of every game;
``forms`` keeps them.

(tests/test_names.py shows each rule on the real Brazilian and European dictionaries.)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pipeline.config import Language
from pipeline.expand import entry_forms
from pipeline.lists.abbreviations import shape_reason
from pipeline.lists.clean import is_ordinary_word

#: Why a form is left out of ``words``, as metadata.json counts it.
NAME_CAPITALISED = "name (capitalised by the second dictionary)"
NAME_LISTED = "name (name list)"
NAME_UNCOMPOUNDED = "name (takes no noun's affix)"
NAME_ADDED = "name (language file)"
FOREIGN_ADDED = "foreign word (language file)"


def name_forms(
    language: Language, expander, names: Iterable[str], common_words: Iterable[str], dictionary: Path | None
) -> dict[str, str]:
    """Form → why (:data:`NAME_CAPITALISED`, :data:`NAME_LISTED`, :data:`NAME_UNCOMPOUNDED`,
    :data:`NAME_ADDED`) for
    every form of an entry that is a name, and (:data:`FOREIGN_ADDED`) of one the language
    lists among its ``foreign_words``. ``dictionary`` is the second dictionary's .aff (its .dic
    beside it), or None; the hand-read ``keep`` and ``add`` are the language's."""
    rules = language.names
    listed = {name.lower() for name in names}
    if not listed and dictionary is None and not rules.add and not language.foreign_words:
        return {}
    common = set(common_words)
    second = _SecondDictionary(dictionary)
    stems: set[str] = set()
    with_word_flags: set[str] = set()
    with_noun_flags: set[str] = set()
    for entry in expander.entries():
        stems.add(entry.stem)
        if entry.flags & rules.word_flags:
            with_word_flags.add(entry.stem)
        if entry.flags & rules.noun_flags:
            with_noun_flags.add(entry.stem)
    # The entries the games could ask for: lower case, or capitalised where nouns are.
    ordinary = sorted(stem for stem in stems if is_ordinary_word(stem, language) and stem not in rules.keep)
    capitalised_only = {stem for stem in ordinary if stem[:1].islower() and second.capitalises(stem)}
    # Where nouns are capitalised, a name is too: baden and ernst are a verb and an adjective.
    named_as = str.isupper if language.capitalised_nouns else str.islower
    candidates = [
        stem
        for stem in ordinary
        if named_as(stem[:1])
        and stem.lower() in listed
        and stem.lower() not in common
        and stem not in capitalised_only
        and stem not in with_word_flags
    ]
    # Lkw and Pkw take no noun's affix either: abbreviations by their shape.
    nouns = with_word_flags | with_noun_flags
    uncompounded = [
        stem
        for stem in (ordinary if rules.noun_flags else ())
        if stem[:1].isupper() and stem not in nouns and shape_reason(stem, language) is None
    ]
    why = dict.fromkeys(capitalised_only, NAME_CAPITALISED)
    why.update((stem, NAME_UNCOMPOUNDED) for stem in uncompounded)
    why.update((stem, NAME_LISTED) for stem in candidates if not second.accepts(stem))
    why.update((stem, NAME_ADDED) for stem in rules.add if stem in stems)
    why.update((stem, FOREIGN_ADDED) for stem in language.foreign_words if stem in stems)
    found: dict[str, str] = {}
    for entry in expander.entries():
        if entry.stem in why:
            for form in entry_forms(expander, entry):
                if form == entry.stem or form not in stems:
                    found.setdefault(form, why[entry.stem])
    # A foreign word that is no stem is a form of another entry (European registo, a form of
    # registar): that form alone.
    found.update((word, FOREIGN_ADDED) for word in language.foreign_words if word not in stems)
    return dict(sorted(found.items()))


def cldr_place_names(language: Language) -> list[str]:
    """The one-word names of countries, regions and time-zone cities CLDR gives in
    ``language`` (Babel's locale data; the cities are those whose name is not English's),
    sorted.

    >>> from pipeline.config import load_language
    >>> {"Kairo", "Athen", "Südkorea"} <= set(cldr_place_names(load_language("de")))
    True
    """
    from babel import Locale

    locale = Locale.parse(language.code.replace("-", "_"))
    places = set(locale.territories.values())
    places.update(zone["city"] for zone in locale.time_zones.values() if "city" in zone)
    return sorted(place for place in places if place.isalpha())


class _SecondDictionary:
    """The second dictionary's answers (none where the language has none): Hunspell
    rejects a lower-case spelling of a capitalised entry, so a name it lists is never
    accepted in lower case."""

    def __init__(self, aff: Path | None):
        self.checker = None
        self.capitals: frozenset[str] = frozenset()
        if aff is not None:
            from spylls.hunspell import Dictionary

            self.checker = Dictionary.from_files(str(aff.with_suffix("")))
            self.capitals = frozenset(word.stem for word in self.checker.dic.words if word.stem[:1].isupper())

    def accepts(self, word: str) -> bool:
        return self.checker is not None and self.checker.lookup(word)

    def capitalises(self, stem: str) -> bool:
        """Spelled only with a capital: Irlanda, never irlanda."""
        return stem[:1].upper() + stem[1:] in self.capitals and not self.accepts(stem)
