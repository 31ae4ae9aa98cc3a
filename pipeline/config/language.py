"""Language configuration: everything Rusc knows about a language, read from its TOML.

One file per language in ``pipeline/languages/<code>.toml``; adding a language means
writing one more file (see ``en.toml`` for a commented minimal example). This module only
reads and validates; the stages receive a :class:`Language` and never look at the raw TOML.

Start at :func:`load_language`. The dataclasses below are the schema: each field's type,
default and checks are written once, beside it, and :mod:`pipeline.config.schema` reads the
TOML into them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
import tomllib
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from pipeline.config.schema import SchemaError, at_least, convert, one_of, read, schema, setting
from pipeline.core.errors import RuscError

#: How a source is pinned: npm's ``sha512-<base64>`` or ``sha256:<hex>``.
INTEGRITY = re.compile(r"sha512-[A-Za-z0-9+/]{86}==|sha256:[0-9a-f]{64}")

#: The language files, and the site's settings, live at the top of the package.
LANGUAGES_DIR = Path(__file__).resolve().parent.parent / "languages"
SITE_CONFIG = LANGUAGES_DIR.with_name("site.toml")

SOURCE_KINDS = ("npm", "deb", "pip", "oxt", "zip", "url", "path")

#: A language code: ISO 639 with an optional region (``pt_BR``) or lower-case subtag
#: (``de-at``, ``ca-valencia``, as the npm dictionaries name them).
LANGUAGE_CODE = r"[a-z]{2,3}(_[A-Z]{2}|-[a-z0-9]{2,8})?"


def _pinned(integrity: str) -> str | None:
    if not integrity or INTEGRITY.fullmatch(integrity):
        return None
    return f"must be 'sha512-<base64>' or 'sha256:<hex>', not {integrity!r}"


def _not_empty(items: Any) -> str | None:
    return None if items else "must not be empty"


def _list_format(*formats: str) -> Any:
    """A check that a pinned list is in one of ``formats``."""

    def check(source: ListSource | tuple[ListSource, ...] | None) -> str | None:
        for one in source if isinstance(source, tuple) else (source,):
            if one is not None and one.format not in formats:
                return f"must be a list in {' or '.join(map(repr, formats))} format, not {one.format!r}"
        return None

    return check


def _alphabet_problem(alphabet: str) -> str | None:
    if not alphabet or len(set(alphabet)) != len(alphabet):
        return "must list each letter once"
    for ch in alphabet:
        if not (ch.isalpha() and ch == ch.lower()):
            return f"has {ch!r}, which is not a lower-case letter"
    return None


@schema
class Source:
    """Where a dictionary comes from, pinned by a hash."""

    #: How it is fetched: npm, deb, pip, oxt, zip, url or path (:data:`SOURCE_KINDS`).
    kind: str = setting(check=one_of(SOURCE_KINDS))
    #: npm package or Debian package name; for ``url`` the URL; for ``path`` a local path.
    name: str
    #: Package version (npm, deb); empty for url/path/oxt.
    version: str = ""
    #: ``sha512-<base64>`` (npm's integrity) or ``sha256:<hex>``; ``path`` may omit it.
    integrity: str = setting(default="", check=_pinned)
    #: Paths of the .aff and .dic inside the unpacked source ("" = find them: oxt manifest,
    #: or the only .aff/.dic pair).
    aff: str = ""
    #: (See ``aff``.)
    dic: str = ""
    #: The dictionary's own licence file inside the source, copied next to the lists.
    licence_file: str = ""
    #: For .oxt/.zip: which dictionary of the extension (its locale, e.g. "ca-ES").
    locale: str = ""

    def problems(self, where: str) -> Iterator[str]:
        if self.kind != "path" and not self.integrity:
            yield f"missing field '{where}integrity' (a {self.kind} source must be pinned by a hash)"
        if self.kind in ("npm", "deb") and not self.version:
            yield f"missing field '{where}version' (a {self.kind} source names an exact version)"


@schema
class PreviousSource:
    """An earlier version of a language's ``[source]`` (``[[previous_sources]]``): the rest
    of its fields are the source's unless given."""

    #: The package's version then ...
    version: str
    #: ... and its hash, as ``[source]`` pins its own.
    integrity: str = setting(check=_pinned)
    #: Paths inside that version, where they differ from ``[source]``'s.
    aff: str = ""
    #: (See ``aff``.)
    dic: str = ""
    #: (See ``aff``.)
    licence_file: str = ""

    def of(self, current: Source) -> Source:
        """The full :class:`Source` this version pins."""
        return dataclasses.replace(
            current,
            version=self.version,
            integrity=self.integrity,
            aff=self.aff or current.aff,
            dic=self.dic or current.dic,
            licence_file=self.licence_file or current.licence_file,
        )


@schema
class Folding:
    """How a spelled form becomes a game key (see :mod:`pipeline.lists.clean`)."""

    #: Multi-character spellings replaced first, in order (e.g. l·l -> ll).
    replace: tuple[tuple[str, str], ...] = ()
    #: Characters removed (hyphens, apostrophes).
    drop: str = "-'’"
    #: Letter groups written with a non-letter inside (Catalan's geminated l, ``l·l``): a
    #: word holding one is still an ordinary word, and a tile may show one.
    letter_groups: tuple[str, ...] = setting(
        default=(),
        check=lambda groups: (
            None
            if all(any(ch.isalpha() for ch in group) for group in groups)
            else "must be strings with letters in them"
        ),
    )

    @property
    def joiners(self) -> frozenset[str]:
        """The non-letters that :attr:`letter_groups` hold (Catalan: the middle dot)."""
        return frozenset(ch for group in self.letter_groups for ch in group if not ch.isalpha())

    def ungroup(self, text: str) -> str:
        """``text`` with each letter group reduced to its letters (``col·lecció`` ->
        ``collecció``): whatever non-letter remains is not part of a letter group."""
        for group, letters in self._group_letters:
            text = text.replace(group, letters)
        return text

    @cached_property
    def _group_letters(self) -> tuple[tuple[str, str], ...]:
        """Each letter group and its letters alone (``l·l``, ``ll``)."""
        return tuple((group, "".join(ch for ch in group if ch.isalpha())) for group in self.letter_groups)


@schema
class LemmaRule:
    """Selects affix rules whose single application to a stem makes another lemma.

    A rule is selected when its flag is in ``flags`` and every given criterion holds.
    """

    #: Affix flags (as written in the .aff) this selector looks at.
    flags: frozenset[str] = setting(verbatim=True, check=_not_empty)
    #: Positions of the rules inside their flag group (0-based, .aff order); empty = all.
    rules: tuple[int, ...] = setting(default=(), check=at_least(0))
    #: Exact affix texts (the rule's add, e.g. "-se"); empty = any.
    adds: tuple[str, ...] = ()
    #: Exclude rules whose add ends with this (e.g. "s": plurals); "" = no exclusion.
    add_not_ending: str = ""
    #: Only stems ending with one of these take the rule (infinitives); empty = any stem.
    stem_endings: tuple[str, ...] = ()
    #: Only stems without these flags take the rule (English -er makes a headword, after or
    #: writer, but not from a stem that takes -est too: later is late's comparative).
    stem_lacks: frozenset[str] = setting(default=frozenset(), verbatim=True)

    def selects(self, flag: str, index: int, add: str) -> bool:
        return (
            flag in self.flags
            and (not self.rules or index in self.rules)
            and (not self.adds or add in self.adds)
            and not (self.add_not_ending and add.endswith(self.add_not_ending))
        )


@schema
class BoundRule:
    """Affix rules that make forms which are words only joined to another: Portuguese's
    infinitive before a clitic (acimá in acimá-lo, abatê in abatê-lo). A form every
    derivation of which passes through one of these rules is out of ``words`` and every
    game (``forms.txt`` keeps it); one that the dictionary also makes another way (amará,
    the future of amar, beside amarar's amará-lo) stays."""

    #: Affix flags (as written in the .aff) this selector looks at.
    flags: frozenset[str] = setting(verbatim=True, check=_not_empty)
    #: Positions of the rules inside their flag group (0-based, .aff order); empty = all.
    rules: tuple[int, ...] = setting(default=(), check=at_least(0))
    #: Why such a form is no word, as ``words.sqlite`` and ``metadata.json`` say it.
    reason: str = "bound form (only joined to another word)"

    def selects(self, flag: str, index: int) -> bool:
        return flag in self.flags and (not self.rules or index in self.rules)


@schema
class StemExclusion:
    """Dictionary entries whose stem is not a lemma (conjugated forms a .dic spells out).

    An entry is excluded when every given criterion holds.
    """

    #: The entry carries at least one of these flags; empty = any.
    flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: The entry's flags are exactly these; empty = any.
    only_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: The stem ends with one of these; empty = any.
    endings: tuple[str, ...] = ()
    #: The stem ends with none of these.
    not_endings: tuple[str, ...] = ()
    #: Applies to nouns and adjectives too (a superlative is inflected like an adjective);
    #: by default a stem with a nominal flag is always a lemma.
    nominal_too: bool = False
    #: Applies even when the stem also has a line without flags (the .dic spells out
    #: subjunctives twice: conega, and conega/_D for the enclitics).
    bare_line_too: bool = False

    def problems(self, where: str) -> Iterator[str]:
        if not (self.flags or self.only_flags or self.endings or self.not_endings):
            yield f"{where[:-1]} names no criterion: it would exclude every stem"

    def excludes(self, stem: str, lines: tuple[frozenset[str], ...]) -> bool:
        """Does this rule exclude ``stem``, whose .dic lines carry the flag sets ``lines``?

        ``flags`` looks at all lines together (atrau/_C and atrau/_Z: a finite form);
        ``only_flags`` must hold for every line with flags. Unless ``bare_line_too``, a
        line without flags is an invariable word's entry of its own, which flag evidence
        cannot overrule (the interjection "vinga" beside the subjunctive vinga/_D).
        """
        flagged = [flags for flags in lines if flags]
        if self.flags or self.only_flags:
            has_bare_line = len(flagged) < len(lines)
            if not flagged or (has_bare_line and not self.bare_line_too):
                return False
        return (
            (not self.flags or any(self.flags & flags for flags in flagged))
            and (not self.only_flags or all(flags == self.only_flags for flags in flagged))
            and (not self.endings or stem.endswith(self.endings))
            and not (self.not_endings and stem.endswith(self.not_endings))
        )


@schema
class GameSupport:
    """Whether a language can have a game; the site omits a game a language cannot support."""

    #: False where the language cannot support the game (``enabled = false`` in its table).
    enabled: bool = True
    #: Why not, for the log and the reviewer (``unsupported = "..."`` in the TOML).
    unsupported: str = ""

    def problems(self, where: str) -> Iterator[str]:
        if not self.enabled and not self.unsupported:
            yield f"field '{where}unsupported' must say why the game is disabled"


@schema
class LemmaEvidence:
    """What in the .dic/.aff tells a dictionary entry from a conjugated form or a plural
    the .dic spells out (see :mod:`pipeline.lists.lemmas`). Empty = stems are lemmas as they are."""

    #: Flags only nouns and adjectives take: a stem with one is a lemma (a homograph of a
    #: verb form such as "pare" is still a dictionary entry).
    nominal_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: The .aff's verb-model flags (each stem carrying one is an infinitive).
    verb_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: Rule positions inside each verb model that make no finite form (infinitive,
    #: gerund, singular participles): the others make conjugated forms.
    non_finite_rules: frozenset[int] = setting(default=frozenset(), check=at_least(0))
    #: Endings of each tense, for verbs the .aff spells out with no model.
    tenses: tuple[tuple[str, ...], ...] = setting(
        default=(), check=lambda tenses: None if all(tenses) else "must not hold an empty tense"
    )
    #: The shortest base a tense's endings attach to (shorter bases match by chance)...
    min_base: int = 2
    #: ...but for endings at least this long (f + éssem, d + àvem: fer, dar).
    short_base_ending: int = 3
    #: Endings several tenses share: they find no run, but a base a run found takes them.
    shared_endings: tuple[str, ...] = ()
    #: Stems that are entries although they are spelled as a verb form and the .dic marks
    #: them no other way (the language file says why for each).
    homographs: frozenset[str] = frozenset()
    #: Forms the .dic makes only with rules that make no lemma, which a dictionary lists as
    #: entries of their own (the language file says why for each): English later, an
    #: adverb, though -er makes late's comparative; defer, though en_US derives it from f.
    derived_entries: frozenset[str] = frozenset()
    #: How many stems of one verb make a run (fewer are taken as chance homographs).
    min_run: int = setting(default=3, check=at_least(2))
    #: Flags whose rules make inflections (English plurals, past tenses, participles,
    #: comparatives): a stem one of them makes from another stem, and that takes no suffix
    #: of its own, is an inflection the .dic spells out only to give it prefixes (en-za's
    #: computed/AK beside compute/D, for recomputed and precomputed), no entry.
    inflection_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: Flags whose rules ending in ``plural_ending`` make plurals.
    plural_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: The ending of a plural (see ``plural_flags``).
    plural_ending: str = "s"
    #: (plural ending, singular ending): a stem with the first is a plural when the stem
    #: with the second is a stem too, one that takes no plural rule (the .dic spells its
    #: plural out: psicomotors beside psicomotor).
    plural_pairs: tuple[tuple[str, str], ...] = ()
    #: Pairs like ``plural_pairs`` for a second, regional plural the .dic lists beside a
    #: singular that makes its own plural by rule (Valencian jóvens beside jove/_E, joves).
    second_plural_pairs: tuple[tuple[str, str], ...] = ()
    #: The shortest such singular: shorter ones are function words whose -s homographs
    #: are words of their own (els beside el, nas beside na).
    min_singular: int = 1
    #: (plural ending, singular ending): a stem with the first is a plural when the stem
    #: with the second is no stem at all but a form the dictionary makes from another entry
    #: with up to one prefix and one suffix (Brazilian casos/OPÂ, whose caso the .dic makes
    #: only as casar's "I marry"): the plural leaves the lemmas and its singular joins them.
    unlisted_singulars: tuple[tuple[str, str], ...] = ()
    #: A second dictionary of the language whose stems are dictionary entries (its .aff and
    #: .dic): a form this dictionary makes that it lists as a stem, bare or with one of
    #: ``entry_flags``, is a lemma. The Brazilian .dic has no line for the nouns spelled as
    #: a verb form (casa, vida, coisa: casar's, vidar's, coisar's), which the European one lists.
    entries: ListSource | None = setting(default=None, check=_list_format("hunspell"))
    #: (See ``entries``: the flags of its nouns' and adjectives' inflections; its verb forms
    #: carry others.)
    entry_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: A pinned conjugation table (verbiste XML: every finite form of each verb), for the
    #: verbs the .dic spells out form by form (:mod:`pipeline.lists.conjugations`).
    conjugations: ListSource | None = setting(default=None, key="conjugations.source", check=_list_format("verbiste"))
    #: What of the table counts as a conjugated form: its finite moods, and the positions
    #: of the participle mood's inflected (plural) participles.
    finite_moods: tuple[str, ...] = ()
    #: The table's name of the participle mood ...
    participle_mood: str = ""
    #: ... and the positions in it of the inflected (plural) participles.
    inflected_participles: tuple[int, ...] = setting(default=(), check=at_least(0))
    #: (ending, variant): regional endings the table's standard lacks (Valencian -isc for
    #: Central -eixo); see :func:`pipeline.lists.conjugations.read_conjugations`.
    variant_endings: tuple[tuple[str, str], ...] = ()
    #: (infinitive, template name): the templates of a verb in place of the table's choice
    #: (a pair each, for a verb with two conjugations).
    template_fixes: tuple[tuple[str, str], ...] = ()
    #: A .dic stem with one of these flags and endings is the infinitive of a verb spelled
    #: out form by form; one the table lacks is conjugated like the table's verbs that
    #: share its longest ending (:meth:`pipeline.lists.conjugations.ConjugationTable.with_verbs`).
    infinitive_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: (See ``infinitive_flags``: the endings of such an infinitive.)
    infinitive_endings: tuple[str, ...] = ()
    #: The shortest root of such a verb whose root plus any ending of the table is taken as
    #: its form (shorter roots meet other words by chance).
    min_root: int = 3


#: Letters of a hive: a centre and six around it. A rule of the game, not a setting; the
#: word lists know it too (``words.sqlite`` says why a word has too many letters).
HIVE_SIZE = 7


@schema(eq=False)
class Beehive:
    #: Which list answers come from.
    list: str = setting(default="words", check=one_of(("words", "lemmas")))
    #: The shortest answer.
    min_length: int = 4
    #: Points for short words by length; any longer word scores its length.
    points: dict[int, int] = setting(default={4: 1})
    #: Points a pangram scores on top of its length.
    pangram_bonus: int = 7
    #: What players call a word using all seven letters ("pangram", "tuti").
    pangram_name: str = "pangram"
    #: Its plural ("pangrams", "tutis"), for counts such as a share text's "2/2 tutis";
    #: by default the name and an s.
    pangram_plural: str = ""
    #: The daily hive's band: a hive is a daily puzzle only with this many answers or more ...
    answers_min: int = 20
    #: ... and no more than this.
    answers_max: int = 60
    #: (name, share of the maximum score) from lowest to highest.
    ranks: tuple[tuple[str, float], ...] = ()
    support: GameSupport = setting(default=GameSupport(), inline=True)
    #: Letters no hive may use (the NYT Spelling Bee never has an S).
    excluded_letters: str = ""
    #: The answers' frequency floor: a key of the list whose commonest display form is
    #: rarer than this wordfreq Zipf frequency is a *bonus word*, accepted and shown as
    #: such but never counted (:func:`pipeline.games.beehive.answer_tiers`). 0: every key
    #: of the list is an answer.
    answer_min_zipf: float = setting(default=0.0, check=at_least(0))

    def __post_init__(self) -> None:
        if not self.pangram_plural:
            object.__setattr__(self, "pangram_plural", self.pangram_name + "s")

    def problems(self, where: str) -> Iterator[str]:
        if self.answers_min > self.answers_max:
            yield f"field '{where}answers_min' is above '{where}answers_max'"


@schema
class ListSource:
    """A pinned package holding a word list (an abbreviation or offensive-word list),
    fetched like a dictionary (:data:`SOURCE_KINDS`, verified by ``integrity``)."""

    #: How it is fetched, as for ``[source]``.
    kind: str = setting(check=one_of(SOURCE_KINDS))
    #: The package's name (npm, deb, pip), or the URL or path.
    name: str
    #: The package's exact version.
    version: str = ""
    #: Its hash, as for ``[source]``.
    integrity: str = setting(default="", check=_pinned)
    #: Files inside the unpacked package (globs allowed), read in sorted order.
    files: tuple[str, ...] = setting(
        default=(), check=lambda files: None if files else "must name the list's files inside the package"
    )
    #: ``lines`` (one word a line) or ``json`` (a JSON array of strings); a conjugation
    #: table is ``verbiste`` (:mod:`pipeline.lists.conjugations`); a dictionary read only to
    #: look words up is ``hunspell`` (its .aff and .dic); ``python`` reads the strings of a
    #: data module's tuples (``variables``), parsed and never run.
    format: str = "lines"
    #: For a ``python`` list: the names of the tuples to read.
    variables: tuple[str, ...] = ()
    #: The files' text encoding (SCOWL's lists are Latin-1).
    encoding: str = "utf-8"
    #: SPDX licence of the list (reported in metadata.json).
    licence: str = ""

    def problems(self, where: str) -> Iterator[str]:
        if self.kind != "path" and not self.integrity:
            yield f"missing field '{where}integrity' (a {self.kind} list must be pinned by a hash)"


@schema
class Abbreviations:
    """How abbreviations are told from words ([abbreviations] table): they are left out
    of ``words`` (and so of every game). See :mod:`pipeline.lists.abbreviations`."""

    #: Affix flags that make abbreviations: stems carrying one, and every form such a
    #: rule makes, are abbreviations (Catalan unit symbols and their SI prefixes).
    flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: A word list of abbreviations (English: SCOWL's own abbreviation lists).
    source: ListSource | None = setting(default=None, check=_list_format("lines", "json"))
    #: Listed forms the .dic has as stems with affix flags and a vowel are words the
    #: dictionary inflects (app/SM, max/GMDS) and stay.
    keep_inflected: bool = True
    #: Listed forms that are words all the same: a clipping or an interjection the list
    #: files with its abbreviations (English aw, bros, vocab; maths in the British lists).
    listed_words: frozenset[str] = frozenset()
    #: Letters that make a form pronounceable; a form with none is an abbreviation
    #: (bldg, tsp) unless ``vowelless_words`` lists it. Empty = no such rule.
    vowels: str = ""
    #: Words spelled without a vowel (brr, nth, cwm): see ``vowels``.
    vowelless_words: frozenset[str] = frozenset()
    #: Abbreviations the .dic spells without their period that no rule above finds, and
    #: every form of their lines (the language file gives each one's expansion).
    add: frozenset[str] = frozenset()
    #: Roman numerals (clii, xviii) are abbreviations, but ``roman_numeral_words``: the
    #: language's words spelled like one (English mix, Catalan vi).
    roman_numerals: bool = False
    #: (See ``roman_numerals``.)
    roman_numeral_words: frozenset[str] = frozenset()


@schema
class Blocklist:
    """Offensive words kept out of the games' answers ([blocklist] table); the word
    lists stay complete. See :mod:`pipeline.lists.blocklist`."""

    #: The pinned list, or None (then ``note`` says why).
    source: ListSource | None = setting(default=None, check=_list_format("lines", "json"))
    #: Local additions kept out of every game, racks too: slurs and insults (the TOML
    #: comments each one).
    add: tuple[str, ...] = ()
    #: Local additions that are vulgar but valid: out of the answers, playable on racks.
    vulgar: tuple[str, ...] = ()
    #: Words of the pinned list racks still allow: vulgar but valid in Scrabble (slurs never are).
    rack_allows: frozenset[str] = frozenset()
    #: Ordinary words the blocked words' forms and families reach that are other words
    #: (butter is no form of butt, assess none of ass) or that the pinned list takes for a
    #: rare sense (escort): never blocked, and neither are their own forms.
    spare: tuple[str, ...] = ()
    #: Why the language has no pinned list, if it has none.
    note: str = ""

    @property
    def additions(self) -> tuple[str, ...]:
        """Every local addition, whichever games it is kept out of."""
        return self.add + self.vulgar

    def problems(self, where: str) -> Iterator[str]:
        if self.source is None and not self.note and (self.additions or self.rack_allows):
            yield f"[{where[:-1]}] has no source: add one, or a 'note' saying why the language has none"
        both = sorted(set(self.add) & set(self.vulgar))
        if both:
            yield f"[{where[:-1]}] names {', '.join(both)} in both 'add' (every game) and 'vulgar' (racks allow)"


@schema
class Names:
    """How names among a dictionary's words are told from them ([names] table): spelled in
    lower case (Portuguese jorge) or capitalised like nouns (German Anna), they are left out
    of ``words`` (and so of every game), as abbreviations are. See :mod:`pipeline.lists.names`."""

    #: Pinned lists of names (people, places, brands), read as one: an entry whose stem
    #: one has, in any case, is a name unless ``words``, ``dictionary``, ``word_flags`` or
    #: ``keep`` says it is a word.
    sources: tuple[ListSource, ...] = setting(default=(), check=_list_format("lines", "json", "python"))
    #: Also a list of names: CLDR's names of the world's countries, regions and the cities
    #: of its time zones in the language, one word each (German Kairo, Athen, Warschau,
    #: Südkorea: the names English lists spell otherwise), as Babel, pinned by the lock,
    #: has them (:func:`pipeline.lists.names.cldr_place_names`).
    cldr_places: bool = False
    #: A pinned list of common words: a name it has too is a word (time, box, cactus).
    words: ListSource | None = setting(default=None, check=_list_format("lines", "json"))
    #: A second dictionary of the language, one that capitalises names: a name it accepts
    #: in lower case is a word (rosa, cruz, festa). Its ``files`` are its .aff and .dic.
    dictionary: ListSource | None = setting(default=None, check=_list_format("hunspell"))
    #: Affix flags no name takes (a German noun's plurals, its compound forms): an entry
    #: with one is a word (Rose/N, Regen/J beside the first name and the town).
    word_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: Where nouns are capitalised, the affix flags that let a compound end with a noun
    #: (German m: Abend/EPSTm makes Feierabend): a capitalised entry with none of them and
    #: none of ``word_flags`` is a name though no list has it (Westerwelle/S, Hunsrück).
    #: Empty: no such rule.
    noun_flags: frozenset[str] = setting(default=frozenset(), verbatim=True)
    #: Words the rules above take for names, read by hand.
    keep: frozenset[str] = frozenset()
    #: Names no rule above finds (a city, a brand), read by hand: every form of their
    #: entries is a name too.
    add: frozenset[str] = frozenset()

    def problems(self, where: str) -> Iterator[str]:
        if not (self.sources or self.cldr_places) and (
            self.words or self.dictionary or self.word_flags or self.noun_flags or self.keep or self.add
        ):
            yield f"[{where[:-1]}] needs 'sources': the lists of names the other fields make exceptions to"


@schema
class VocabularyTier:
    """Which of a word list's words a game takes at one size ([vocabulary.<game>] tiers)."""

    #: The list's size levels up to this one (SCOWL: 10 … 95) fall in this tier (the first
    #: tier whose size is at least the word's).
    size: int
    #: The least wordfreq Zipf frequency of the word's family (it and its inflections); 0:
    #: every word of the tier.
    min_zipf: float = 0.0
    #: Words whose capitalised spelling the list also has as a name (dido, balboa) are left
    #: out of this tier: their frequency counts the name, not the word.
    names_out: bool = False
    #: And so are those the list also has as upper-case words (kent, siemens).
    capitals_out: bool = False
    #: Only words the list inflects (nana/nanas): uninflected words at the largest sizes are
    #: mostly foreign fragments of set phrases (fide, haut, mein).
    inflected_only: bool = False
    #: Words whose capitalised spelling the list has as a name at any size, even a larger
    #: one, are out too (fulham and kylie at 80, Fulham and Kylie at 95): at the largest
    #: sizes a word that is also a name is nearly always the name.
    names_any_size_out: bool = False
    #: ``names_out`` and ``capitals_out`` count a capitalised spelling the list has at the
    #: word's own size too (Abba, Bethel, Mantua beside abba, bethel, mantua at 70): the
    #: frequency counts both, and at the largest sizes the name is nearly always the commoner.
    same_size_out: bool = False
    #: A family whose root is shorter than this lends its members no frequency: each must
    #: reach ``min_zipf`` by itself (at the largest sizes the inflections of a three-letter
    #: root are mostly another word's: heres after her, prees after pre, mises after mis);
    #: 0: every root lends.
    min_root_length: int = 0
    #: The least family frequency of an inflection the list puts at a larger size than its
    #: base (cryings at 50 beside cry at 10): a rarer use of its own, whose family is itself
    #: and its like at that size; 0: none.
    min_zipf_above_base: float = 0.0
    #: The least Zipf frequency of the word by itself: the family lends an inflection its
    #: root's frequency, so inflections nobody writes (meined, bammed) need this; 0: none.
    min_own_zipf: float = 0.0


@schema
class GameVocabulary:
    """How one game chooses its words from the graded list ([vocabulary.<game>])."""

    #: By growing size; a word above the last tier's size is out.
    tiers: tuple[VocabularyTier, ...]
    #: Variant spelling categories → the least Zipf frequency a word the list has only
    #: there must have by itself (none: variants are taken as the tiers take any word).
    variants: dict[str, float] = setting(default={})
    #: Other varieties' spelling categories: a variant of ours that one of them spells as
    #: its own word is theirs (grey, theatre in an American list).
    foreign_spellings: tuple[str, ...] = ()
    #: Words this game leaves out though its tiers take them (the TOML says why for each),
    #: where another game keeps them (the racks, as Scrabble does).
    remove: frozenset[str] = frozenset()

    def problems(self, where: str) -> Iterator[str]:
        sizes = [tier.size for tier in self.tiers]
        if not sizes or sizes != sorted(set(sizes)):
            yield f"field '{where}tiers' must list tiers by growing size, each size once"


#: The games a language's tables name ([beehive], [racks], [wordle]; [vocabulary.<game>]).
GAMES = ("beehive", "racks", "wordle")


def _games_named(games: tuple[str, ...]) -> str | None:
    return None if set(games) <= set(GAMES) else f"must name games of {list(GAMES)}"


def _game_vocabularies(table: Mapping[str, Any], where: str) -> dict[str, GameVocabulary]:
    return {game: convert(GameVocabulary, table[game], where + game) for game in GAMES if game in table}


@schema
class Comparatives:
    """Which comparatives and superlatives the language makes with an ending ([vocabulary.comparatives]
    table): a graded list may inflect every adjective so (SCOWL's vivider, cunninger) where
    the language says more vivid. See :func:`pipeline.lists.vocabulary.unwritten_comparatives`."""

    #: ``[comparative ending, superlative ending, base ending they replace]``: ``["er", "est", ""]``,
    #: ``["ier", "iest", "y"]``. A base whose list has both forms is an adjective.
    endings: tuple[tuple[str, str, str], ...] = ()
    #: The letters of a syllable's vowel (each run of them is one syllable) ...
    vowels: str = ""
    #: ... not counting a base's final silent letter (English acute: two syllables).
    silent_final: str = ""
    #: Bases of more syllables than this make their comparatives with words ...
    syllables: int = setting(default=1, check=at_least(1))
    #: ... unless they end with one of these (happier, simpler, narrower, cleverer).
    long_bases: tuple[str, ...] = ()
    #: A form wordfreq knows at least this well by itself is kept whatever its base (commoner).
    min_own_zipf: float = 1.0
    #: The games that leave such forms out (a Scrabble word list keeps vivider).
    games: tuple[str, ...] = setting(default=GAMES, check=_games_named)


@schema
class SetPhrases:
    """Words the language writes only inside a set phrase from another language
    ([vocabulary.set_phrases] table): versa of vice versa, situ of in situ. A graded list
    has them as words, for a spelling checker must accept them; a player does not know them
    as words."""

    #: Each word → the phrase it is written in (the reason, for a reader).
    words: dict[str, str] = setting(default={})
    #: The games that leave them out (Scrabble's lists take vitae and culpa: the racks may keep them).
    games: tuple[str, ...] = setting(default=GAMES, check=_games_named)


@schema
class ForeignWords:
    """Other languages' words a graded list has at its largest sizes ([vocabulary.foreign_words]
    table): SCOWL's size 70 lists tanto, monde and chez, which a player does not know as
    English. See :func:`pipeline.lists.vocabulary.foreign_words`."""

    #: The wordfreq languages whose words they may be ("fr", "es", …); empty: no test.
    languages: tuple[str, ...] = ()
    #: A word one of them writes this many Zipf points more often than the language writes
    #: the word's family (2: a hundred times as often) is theirs ...
    margin: float = setting(default=2.0, check=at_least(0))
    #: ... when the list has it at this size or a larger one only.
    from_size: int = 0
    #: Words the test finds that are the language's own all the same (read by hand).
    keep: frozenset[str] = frozenset()
    #: The games that leave them out.
    games: tuple[str, ...] = setting(default=GAMES, check=_games_named)


@schema
class ObscureWords:
    """Words a graded list has that a player cannot know, read by hand ([vocabulary.obscure]
    table): abbreviations written as words (awol), Latin plurals of technical terms (ilea),
    archaic words (kine), foreign ones (lieder), words whose frequency is a name's (gump),
    jargon (knurl). A spelling checker must accept them; a game should not ask for them."""

    #: The words (the TOML says why for each group).
    words: frozenset[str] = frozenset()
    #: The games that leave them out (Scrabble's lists take kine and ilea: the racks may keep them).
    games: tuple[str, ...] = setting(default=GAMES, check=_games_named)


@schema
class UnwrittenVerbs:
    """Verbs a graded list conjugates that nobody writes ([vocabulary.unwritten_verbs] table):
    SCOWL gives every noun a dictionary also lists as a verb its past and participle
    (dinnered, gonged, tombed), and wordfreq knows neither. See
    :func:`pipeline.lists.vocabulary.unwritten_verbs`."""

    #: ``[past ending, present participle ending]``: ``["ed", "ing"]``; empty: no test. A
    #: family with members of both endings is a verb's.
    endings: tuple[str, ...] = ()
    #: A verb's forms of those endings are out when none of them reaches this frequency.
    min_own_zipf: float = 1.0
    #: The games that leave them out (a Scrabble word list keeps every form).
    games: tuple[str, ...] = setting(default=GAMES, check=_games_named)


@schema
class WordChanges:
    """Words a language adds to its graded list and removes from it, read by hand: in
    [vocabulary] itself, and in [vocabulary.every_variety], the changes that hold for every
    spelling variety of the language, which the varieties' files share from one file."""

    #: Common words the list lacks (the TOML comments each), in every game's vocabulary.
    add: tuple[str, ...] = ()
    #: Words no game takes although the list has them (the TOML says why for each).
    remove: frozenset[str] = frozenset()


@schema
class Vocabulary:
    """The games' own vocabulary ([vocabulary] table): words chosen from a graded word list
    (SCOWL's size levels and spelling categories) instead of the dictionary's ordinary words.
    See :mod:`pipeline.lists.vocabulary`; ``words.txt`` and ``forms.txt`` stay complete."""

    #: The pinned graded list (SCOWL's Debian package), None where the language has none.
    source: ListSource | None = setting(default=None, check=_list_format("lines", "json"))
    #: Spelling categories of the list the language writes ("english", "american", "variant_1").
    spellings: tuple[str, ...] = ()
    #: Each game's rules (keys: "beehive", "racks", "wordle"); a game not named plays the
    #: dictionary's words.
    games: dict[str, GameVocabulary] = setting(default={}, read=_game_vocabularies, keys=GAMES)
    #: Suffix rules ``(ending, base ending)`` that lead an inflection to its base, for the
    #: family frequency (``ies`` → ``y``: ponies → pony).
    inflections: tuple[tuple[str, str], ...] = ()
    #: A word the list writes with accents stands for its key's plain spelling too, which
    #: the list leaves to the tools that make dictionaries from it (English: SCOWL lists
    #: café and attachés; en_US and most writers drop the accents, cafe and attaches).
    accents_optional: bool = False
    #: Common words the list lacks (the TOML comments each), in every game's vocabulary.
    add: tuple[str, ...] = ()
    #: Words no game takes although the list has them (the TOML says why for each).
    remove: frozenset[str] = frozenset()
    #: The comparatives the language makes with an ending; the others are out of every game.
    comparatives: Comparatives = Comparatives()
    #: Words written only inside a foreign set phrase; out of the games it names.
    set_phrases: SetPhrases = SetPhrases()
    #: Other languages' words at the list's largest sizes; out of the games it names.
    foreign_words: ForeignWords = ForeignWords()
    #: Verbs wordfreq knows in none of their past and participle forms; out of the games it names.
    unwritten_verbs: UnwrittenVerbs = UnwrittenVerbs()
    #: Words a player cannot know, read by hand; out of the games it names.
    obscure: ObscureWords = ObscureWords()
    #: The words every spelling variety of the language adds and removes, beside this
    #: variety's own :attr:`add` and :attr:`remove` (``shared`` gives them to the others).
    every_variety: WordChanges = WordChanges()

    # Cached: the vocabulary's rules ask, word by word of the graded list, for each game.
    @cached_property
    def added(self) -> frozenset[str]:
        """Every word the language file adds: its own and every variety's."""
        return frozenset(self.add) | frozenset(self.every_variety.add)

    @cached_property
    def removed(self) -> frozenset[str]:
        """Every word the language file removes: its own and every variety's."""
        return self.remove | self.every_variety.remove

    def problems(self, where: str) -> Iterator[str]:
        if self.source is None:
            if self.spellings or self.games or self.added or self.removed or self.inflections:
                yield f"[{where[:-1]}] needs a 'source': the graded word list its games are chosen from"
            return
        if not self.spellings:
            yield f"field '{where}spellings' must name the list's spelling categories"
        for game, rules in self.games.items():
            if not set(rules.variants) <= set(self.spellings):
                yield f"field '{where}{game}.variants' must map spelling categories of '{where}spellings' to Zipf frequencies"


@schema
class Tile:
    """One kind of tile, written ``[text, points, count]``."""

    POSITIONAL: ClassVar[bool] = True

    #: What the tile shows, lower case ("a", "l·l", "qu").
    text: str = setting(check=lambda text: None if text == text.lower() else "must be lower case")
    points: int = setting(check=at_least(0))
    count: int = setting(check=at_least(1))


@schema
class Racks:
    #: The bag: each kind of tile, its points and how many the bag holds (with ``blanks``, at
    #: least 100 tiles, as in the language's Scrabble edition).
    tiles: tuple[Tile, ...] = ()
    #: Blanks in the bag, and the most a rack typed into the rack finder may hold.
    blanks: int = 2
    #: Tiles on a rack.
    rack_size: int = 7
    #: Points for a word using every tile of the rack.
    bingo_bonus: int = 50
    #: The daily rack's band (:meth:`pipeline.games.racks.RackIndex.daily`): a draw is kept when its
    #: answers, and their points together, fall within these bounds ...
    answers_min: int = 10
    #: (See ``answers_min``.)
    answers_max: int = 100
    #: (See ``answers_min``.)
    points_min: int = 0
    #: (See ``answers_min``.)
    points_max: int = 1000
    #: ... and it holds at most this many blanks (each blank multiplies the answers).
    daily_blanks: int = 1
    support: GameSupport = setting(default=GameSupport(), inline=True)

    def problems(self, where: str) -> Iterator[str]:
        if len({tile.text for tile in self.tiles}) != len(self.tiles):
            yield f"field '{where}tiles' names a tile twice"
        for low, high in (("answers_min", "answers_max"), ("points_min", "points_max"), ("daily_blanks", "blanks")):
            if getattr(self, low) > getattr(self, high):
                yield f"field '{where}{low}' is above '{where}{high}'"


@schema
class WordleShortcuts:
    """Keys that set a tile's colour on the Wordle page: the colours' initials in the
    language (Catalan: v verd, g groc), so a Catalan g means yellow, not green."""

    #: The key for green ...
    green: str = "g"
    #: ... for yellow ...
    yellow: str = "y"
    #: ... and for grey.
    grey: str = "."

    def problems(self, where: str) -> Iterator[str]:
        keys = [self.green, self.yellow, self.grey]
        if any(len(key) != 1 or key != key.lower() for key in keys) or len(set(keys)) != 3:
            yield f"field '{where[:-1]}' needs three different single lower-case keys"


@schema
class Wordle:
    #: The length of the page at ``<lang>/wordle/`` and of ``rusc wordle`` without --length.
    length: int = 5
    #: Every length the language's list supports (the site has a page per length); by
    #: default ``length`` alone.
    lengths: tuple[int, ...] = ()
    shortcuts: WordleShortcuts = WordleShortcuts()
    #: The answer prior (pipeline/games/wordle/words.py): a word whose wordfreq Zipf frequency is
    #: ``prior_centre`` is half as likely to be the answer as a very common word; the
    #: likelihood falls by e for every ``prior_width`` below that (a logistic curve).
    prior_centre: float = 3.0
    #: (See ``prior_centre``.)
    prior_width: float = setting(default=0.15, check=lambda width: None if width > 0 else "must be positive")
    #: How many times less likely a word none of whose spellings is a lemma (a plural, a
    #: conjugated verb) is to be the answer: daily answers are dictionary headwords.
    inflection_odds: float = setting(default=1.0, check=at_least(1))
    #: Zipf frequency from which a word counts as common: the simulated seasons
    #: (bench/bench_wordle.py) draw their answers from such words.
    common_zipf: float = 3.0
    #: Hard mode's first guess on the page of ``length`` letters, where a search over the
    #: build's books (scripts/wordle_openers.py: the whole book made from each of many openers)
    #: found one whose games lose fewer headwords than the build's own choice among the opening
    #: ranking's first ten (:meth:`pipeline.games.wordle.book._Bookmaker.opener`, which plays
    #: the games out without a book, as only ten fit in a build's time); empty: that choice.
    hard_opener: str = ""
    #: Letters of the alphabet the Wordle plays as another letter, as the language's
    #: well-known Wordle does (Portuguese: ç is played c): its list, keyboard and clues fold
    #: them; the other games keep them apart.
    fold: tuple[tuple[str, str], ...] = ()
    support: GameSupport = setting(default=GameSupport(), inline=True)

    def __post_init__(self) -> None:
        if not self.lengths:
            object.__setattr__(self, "lengths", (self.length,))

    def problems(self, where: str) -> Iterator[str]:
        if not all(2 <= length <= 9 for length in self.lengths):
            yield f"field '{where}lengths' must list word lengths from 2 to 9"
        if self.length not in self.lengths or sorted(set(self.lengths)) != list(self.lengths):
            yield f"field '{where}lengths' must be increasing and include '{where}length'"
        if self.hard_opener and len(self.hard_opener) != self.length:
            yield f"field '{where}hard_opener' must be a word of '{where}length' letters"
        for letter, played_as in self.fold:
            if len(letter) != 1 or len(played_as) != 1 or letter == played_as:
                yield f"field '{where}fold' pairs two different single letters, not {[letter, played_as]}"


#: The default bound of an expansion (forms, estimated before it runs): Catalan, the largest
#: full expansion published, has 16 million; Basque's full expansion would have 3 billion.
DEFAULT_MAX_FORMS = 40_000_000


@schema
class DictionaryLink:
    """A reference dictionary a word links to (``[[dictionaries]]``): links only, opened in a
    new tab; the site loads nothing from it."""

    #: Its short name, the link's text (DIEC, DNV, Wiktionary).
    name: str
    #: Its address for one word, ``{word}`` standing for the word, percent-encoded.
    url: str = setting(
        check=lambda url: (
            None
            if url.startswith("https://") and url.count("{word}") == 1
            else "must be an https:// address with one {word}"
        )
    )

    def address(self, word: str) -> str:
        """The address of ``word``.

        >>> DictionaryLink("DIEC", "https://dlc.iec.cat/Results?DecEntradaText={word}").address("col·lecció")
        'https://dlc.iec.cat/Results?DecEntradaText=col%C2%B7lecci%C3%B3'
        """
        return self.url.replace("{word}", urllib.parse.quote(word, safe=""))


@schema
class Definitions:
    """Where the definitions of the day's answers come from (``[definitions]``): a pinned
    WordNet database (:mod:`pipeline.games.definitions`)."""

    #: The pinned WordNet database (``format = "wordnet"``).
    source: ListSource | None = setting(default=None, check=_list_format("wordnet"))
    #: The database's name, as the about page credits it ("WordNet 3.0").
    name: str = ""
    #: At most this many senses per word.
    senses: int = setting(default=2, check=at_least(1))

    def problems(self, where: str) -> Iterator[str]:
        if self.source is not None and not self.name:
            yield f"field '{where}name' must name the database the definitions come from"


#: The bounded modes of the expansion (:mod:`pipeline.expand.bounded`), least bounded first,
#: and how metadata.json describes each, so that a bounded language's lists say what they are.
BOUNDED_MODES = {
    "one-affix": "ordinary words only (the word-game fast path), each form a stem plus at most one "
    "affix: forms made by two or more affixes (continuation classes, prefix with suffix) "
    "are not generated",
    "stems": "ordinary words only (the word-game fast path), the dictionary's stems as they are: no "
    "affix is applied, so inflected and derived forms are not generated",
}


@schema
class Expand:
    """Limits of the expansion (``[expand]``), checked against the estimate before it runs."""

    #: Refuse when the estimated distinct forms exceed this.
    max_forms: int = setting(default=DEFAULT_MAX_FORMS, check=at_least(0))
    #: Refuse when the estimated forms.txt exceeds this many bytes (0 = no byte bound).
    max_bytes: int = setting(default=0, check=at_least(0))
    #: A bounded mode (a key of :data:`BOUNDED_MODES`), or "" for the full expansion.
    bounded: str = setting(default="", check=lambda mode: one_of(BOUNDED_MODES)(mode) if mode else None)


@schema
class TypographyRule:
    """A rewrite of the site's translated text (``[[typography]]``)."""

    #: A regular expression ...
    pattern: str = setting(check=lambda pattern: _regex_problem(pattern))
    #: ... and what each match becomes (``\\1`` for a group).
    replacement: str


def _regex_problem(pattern: str) -> str | None:
    try:
        re.compile(pattern)
    except re.error as error:
        return f"is not a regular expression: {error}"
    return None


def _previous_sources(table: Mapping[str, Any], where: str) -> tuple[Source, ...]:
    if "previous_sources" not in table:
        return ()
    current = convert(Source, table.get("source"), "source")
    previous = convert(tuple[PreviousSource, ...], table["previous_sources"], "previous_sources")
    return tuple(version.of(current) for version in previous)


@schema(eq=False)
class Language:
    """One language: validated contents of ``languages/<code>.toml``."""

    #: ISO 639 code, with an optional region or subtag (``pt_BR``, ``de-at``): the file's name.
    code: str = setting(check=lambda code: None if re.fullmatch(LANGUAGE_CODE, code) else "is not a language code")
    #: The language's own name, shown on its pages ("català").
    name: str
    #: Its English name ("Catalan"), for the logs and the README's table.
    english_name: str
    #: SPDX licence expression of the dictionary.
    licence: str
    source: Source
    #: Letters of the game alphabet, in alphabetical order (Catalan includes ç).
    alphabet: str = setting(check=_alphabet_problem)
    #: The first day of the daily puzzles ...
    schedule_start: dt.date
    #: ... and the last (the schedule is drawn once for the whole span).
    schedule_end: dt.date
    #: Where this configuration was read from (for error messages); not a TOML field.
    path: Path = dataclasses.field(metadata={"given": True})
    #: Tables read from another language's file instead of written here, table → language
    #: code: ``shared = { blocklist = "en" }`` gives an English variant English's blocklist,
    #: one copy of what the variants share (:func:`load_language`).
    shared: dict[str, str] = setting(default={})
    folding: Folding = Folding()
    #: True where common nouns are capitalised (German): capitals then don't mark proper nouns.
    capitalised_nouns: bool = False
    #: Lemmas are the dictionary's stems plus the forms these affix rules make from them
    #: (feminine singulars, participles, ...); none = the stems alone.
    lemma_rules: tuple[LemmaRule, ...] = ()
    #: Entries whose stem is not a lemma (finite verb forms, plurals the .dic lists).
    lemma_exclusions: tuple[StemExclusion, ...] = ()
    #: Affix rules whose forms are words only joined to another ([[bound_forms]]).
    bound_forms: tuple[BoundRule, ...] = ()
    #: How conjugated forms and plurals listed as stems are recognised ([lemmas] table).
    lemma_evidence: LemmaEvidence = setting(default=LemmaEvidence(), key="lemmas")
    abbreviations: Abbreviations = Abbreviations()
    blocklist: Blocklist = Blocklist()
    #: Names the dictionary spells as it spells words, where it does.
    names: Names = Names()
    #: Words of other languages the dictionary lists as its own, read by hand: fragments
    #: of Latin phrases (sensu, operandi) and quotes (here, made). Like a name, every form
    #: of their entries is out of ``words`` and the games (``pipeline/lists/names.py``); a
    #: listed form that is no entry leaves alone.
    foreign_words: frozenset[str] = frozenset()
    #: The games' own vocabulary, where the language has one.
    vocabulary: Vocabulary = Vocabulary()
    #: Language for wordfreq (pangram commonness); "" for none.
    frequency_language: str = ""
    #: A word English writes this many Zipf points more often than the language does (ten
    #: times for 1) is an English word its corpus quotes (speed, track, smash), and the
    #: games' tiers count it as rare: a bonus word of the beehive, not a likely Wordle
    #: answer (:func:`pipeline.lists.frequency.game_zipf`), unless its entry makes a form
    #: only the language writes (German legal, legale: :func:`pipeline.lists.frequency.own_words`).
    #: 0: no such rule.
    english_zipf_margin: float = setting(default=0.0, check=at_least(0))
    beehive: Beehive = Beehive()
    racks: Racks = Racks()
    wordle: Wordle = Wordle()
    #: Bounds and mode of the expansion.
    expand: Expand = Expand()
    #: The reference dictionaries a found word links to, in the order shown.
    dictionaries: tuple[DictionaryLink, ...] = ()
    definitions: Definitions = Definitions()
    #: Time zone in which "today" is reckoned for this language's puzzles.
    timezone: str = "UTC"
    #: Rewrites of the site's translated text, in order, for typography a placeholder cannot
    #: know (Catalan "del 1 de" → "de l’1 de"); the interface text itself is in
    #: ``pipeline/locale/<code>/LC_MESSAGES/messages.po``.
    typography: tuple[TypographyRule, ...] = ()
    #: Earlier pinned versions of ``source`` (``[[previous_sources]]``), oldest first, for
    #: ``rusc diff LANG --from VERSION``; the build itself never reads them.
    previous_sources: tuple[Source, ...] = setting(default=(), read=_previous_sources, keys=("previous_sources",))

    def problems(self, where: str) -> Iterator[str]:
        """Rules between tables: the file's name, the schedule, the games' letters."""
        if self.path.parent == LANGUAGES_DIR and self.code != self.path.stem:
            yield f"field 'code' is {self.code!r} but the file is named {self.path.name}"
        if self.schedule_end < self.schedule_start:
            yield "field 'schedule_end' is before 'schedule_start'"
        if len(self.alphabet) < 7 and self.beehive.support.enabled:
            yield "field 'alphabet' needs at least 7 letters for the beehive"
        for ch in self.beehive.excluded_letters:
            if ch not in self.alphabet:
                yield f"field 'beehive.excluded_letters' has {ch!r}, which is not in the alphabet"
        if self.beehive.answer_min_zipf and not self.frequency_language:
            yield "field 'beehive.answer_min_zipf' needs 'frequency_language', the frequencies it reads"
        if len(self.alphabet) - len(set(self.beehive.excluded_letters)) < 7:
            yield "field 'beehive.excluded_letters' leaves fewer than 7 letters for a hive"
        for letter, played_as in self.wordle.fold:
            if not {letter, played_as} <= set(self.alphabet):
                yield f"field 'wordle.fold' pairs {letter!r} with {played_as!r}: both must be letters of the alphabet"
        for tile in self.racks.tiles:
            for ch in self.folding.ungroup(tile.text):
                if ch not in self.alphabet:
                    yield f"tile {tile.text!r} in 'racks.tiles' has {ch!r}, which is not in the alphabet"

    @cached_property
    def supported_games(self) -> tuple[str, ...]:
        """The games this language can have ("beehive", "racks", "wordle"); the site and the
        game data leave out the others (``enabled = false`` in their tables)."""
        return tuple(game for game in GAMES if getattr(self, game).support.enabled)

    @cached_property
    def wordle_language(self) -> Language:
        """The language as its Wordle plays it: without the letters ``wordle.fold`` plays as
        others, which its folding replaces (Portuguese caça is the Wordle key caca). Every
        Wordle reader and writer folds through it; it is the language itself where the
        Wordle folds nothing."""
        folds = self.wordle.fold
        if not folds:
            return self
        folded = {letter for letter, _ in folds}
        return dataclasses.replace(
            self,
            alphabet="".join(ch for ch in self.alphabet if ch not in folded),
            folding=dataclasses.replace(self.folding, replace=self.folding.replace + folds),
            wordle=dataclasses.replace(self.wordle, fold=()),
        )

    def bound_reason(self, flag: str, index: int) -> str | None:
        """Why the forms of the affix rule ``index`` of group ``flag`` are no words on their
        own (the reason of the first of ``bound_forms`` that selects it), or None."""
        return next((selector.reason for selector in self.bound_forms if selector.selects(flag, index)), None)

    @property
    def files(self) -> tuple[Path, ...]:
        """The files this configuration was read from: its own, then those it shares
        tables from (:attr:`shared`), by name."""
        return (self.path,) + tuple(sorted({LANGUAGES_DIR / f"{code}.toml" for code in self.shared.values()}))

    @property
    def kept_letters(self) -> str:
        """Alphabet letters that are not plain ASCII: folding must keep them (ç, ñ)."""
        return "".join(ch for ch in self.alphabet if not ch.isascii())


def available_languages() -> list[str]:
    """Codes of every shipped language, sorted."""
    return sorted(p.stem for p in LANGUAGES_DIR.glob("*.toml"))


def load_language(code_or_path: str | Path) -> Language:
    """Read and validate a language: a code (``"ca"``) or a path to a TOML file."""
    path = Path(code_or_path)
    if path.suffix != ".toml":
        if not re.fullmatch(LANGUAGE_CODE, str(code_or_path)):
            raise RuscError(f"unknown language {str(code_or_path)!r}; known: {', '.join(available_languages())}")
        path = LANGUAGES_DIR / f"{code_or_path}.toml"
        if not path.exists():
            raise RuscError(f"unknown language {str(code_or_path)!r}; known: {', '.join(available_languages())}")
    raw = _with_shared_tables(_read_toml(path), path)
    if "strings" in raw:
        raise RuscError(
            "a [strings] table is no longer read: interface text lives in "
            "pipeline/locale/<code>/LC_MESSAGES/messages.po (see docs/site.md, Translating)",
            path,
        )
    try:
        return read(Language, raw, path=path)
    except SchemaError as error:
        raise RuscError(error.message, path) from None


def _with_shared_tables(raw: dict[str, Any], path: Path) -> dict[str, Any]:
    """``raw`` with each table its ``shared`` names (``blocklist``, a table within one:
    ``vocabulary.comparatives``, or an array of tables: ``lemma_rules``) read from the other
    language's file."""
    shared = raw.get("shared", {})
    if not isinstance(shared, dict):
        raise RuscError("field 'shared' must be a table of table names to language codes", path)
    files: dict[str, dict[str, Any]] = {}  # each shared file read once (en-gb shares two of en's tables)
    for table, code in sorted(shared.items()):
        *parents, name = table.split(".")
        here = _subtable(raw, parents)
        if here is None or name in here:
            raise RuscError(f"[{table}] is written here and shared from {code!r}: keep one", path)
        other = LANGUAGES_DIR / f"{code}.toml" if isinstance(code, str) and re.fullmatch(LANGUAGE_CODE, code) else None
        if other is None or not other.exists():
            raise RuscError(f"shared [{table}]: no language file {code!r} in pipeline/languages", path)
        if code not in files:
            files[code] = _read_toml(other)
        found = files[code]
        if table in found.get("shared", {}):
            raise RuscError(f"shared [{table}]: {other.name} shares it too; name the file that writes it", path)
        holder = _subtable(found, parents, make=False)
        there = None if holder is None else holder.get(name)
        is_array_of_tables = isinstance(there, list) and there and all(isinstance(item, dict) for item in there)
        if not (isinstance(there, dict) or is_array_of_tables):
            raise RuscError(f"shared [{table}]: {other.name} has no [{table}] table", path)
        here[name] = there
    return raw


def _subtable(raw: dict[str, Any], names: list[str], make: bool = True) -> dict[str, Any] | None:
    """The table at the dotted path ``names`` of ``raw`` (``raw`` itself for none), made
    where missing on the way if ``make``; None where a name on the way is no table.

    >>> _subtable({"vocabulary": {"comparatives": {"vowels": "aeiouy"}}}, ["vocabulary", "comparatives"])
    {'vowels': 'aeiouy'}
    >>> _subtable({"vocabulary": {}}, ["vocabulary", "comparatives"], make=False) is None
    True
    """
    table: Any = raw
    for name in names:
        table = table.setdefault(name, {}) if make else table.get(name)
        if not isinstance(table, dict):
            return None
    return table


def load_site_config(path: Path = SITE_CONFIG) -> dict[str, Any]:
    raw = _read_toml(path)
    for key in ("title", "languages", "published", "base_path", "site_url"):
        if key not in raw:
            raise RuscError(f"missing field {key!r}", path)
    known = set(available_languages())
    for key in ("languages", "published"):
        unknown = [code for code in raw[key] if code not in known]
        if unknown:
            raise RuscError(f"field {key!r} names languages with no file in pipeline/languages: {unknown}", path)
    return raw


def default_languages(environ: Mapping[str, str] = os.environ) -> list[str]:
    """The language codes to build and render when none are given: ``$SITE_LANGS``
    (space-separated; the Makefile's ``LANGS``), else site.toml's ``languages``."""
    return environ.get("SITE_LANGS", "").split() or list(load_site_config()["languages"])


def unique_languages(languages: Iterable[Language]) -> list[Language]:
    """``languages`` in order, each code once: ``--languages en en`` builds and lists
    English once."""
    first: dict[str, Language] = {}
    for language in languages:
        first.setdefault(language.code, language)
    return list(first.values())


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise RuscError("no such file", path) from None
    except UnicodeDecodeError as error:
        raise RuscError(f"not UTF-8 (byte {error.start})", path) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column \d+\)", str(error))
        line = int(match.group(1)) if match else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise RuscError(f"invalid TOML: {message}", path, line) from None
