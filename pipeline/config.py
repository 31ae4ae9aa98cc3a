"""Language configuration: everything Rusc knows about a language, read from its TOML.

One file per language in ``pipeline/languages/<code>.toml``; adding a language means
writing one more file (see ``en.toml`` for a commented minimal example). This module only
reads and validates; the stages receive a :class:`Language` and never look at the raw TOML.

Start at :func:`load_language`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
import unicodedata
import urllib.parse
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from pipeline.errors import RuscError

#: How a source is pinned: npm's ``sha512-<base64>`` or ``sha256:<hex>``.
INTEGRITY = re.compile(r"sha512-[A-Za-z0-9+/]{86}==|sha256:[0-9a-f]{64}")

LANGUAGES_DIR = Path(__file__).with_name("languages")
SITE_CONFIG = Path(__file__).with_name("site.toml")

SOURCE_KINDS = ("npm", "deb", "pip", "oxt", "zip", "url", "path")

#: A language code: ISO 639 with an optional region (``pt_BR``) or lower-case subtag
#: (``de-at``, ``ca-valencia``, as the npm dictionaries name them).
LANGUAGE_CODE = r"[a-z]{2,3}(_[A-Z]{2}|-[a-z0-9]{2,8})?"


@dataclass(frozen=True)
class Source:
    """Where a dictionary comes from, pinned by a hash."""

    #: One of :data:`SOURCE_KINDS`.
    kind: str
    #: npm package or Debian package name; for ``url`` the URL; for ``path`` a local path.
    name: str
    #: Package version (npm, deb); empty for url/path/oxt.
    version: str = ""
    #: ``sha512-<base64>`` (npm's integrity) or ``sha256:<hex>``; ``path`` may omit it.
    integrity: str = ""
    #: Paths of the .aff and .dic inside the unpacked source ("" = find them: oxt manifest,
    #: or the only .aff/.dic pair).
    aff: str = ""
    dic: str = ""
    #: The dictionary's own licence file inside the source, copied next to the lists.
    licence_file: str = ""
    #: For .oxt/.zip: which dictionary of the extension (its locale, e.g. "ca-ES").
    locale: str = ""


@dataclass(frozen=True)
class Folding:
    """How a spelled form becomes a game key (see :mod:`pipeline.clean`)."""

    #: Multi-character spellings replaced first, in order (e.g. l·l -> ll).
    replace: tuple[tuple[str, str], ...] = ()
    #: Characters removed (hyphens, apostrophes).
    drop: str = "-'’"
    #: Letter groups written with a non-letter inside (Catalan's geminated l, ``l·l``): a
    #: word holding one is still an ordinary word, and a tile may show one.
    letter_groups: tuple[str, ...] = ()

    @property
    def joiners(self) -> frozenset[str]:
        """The non-letters that :attr:`letter_groups` hold (Catalan: the middle dot)."""
        return frozenset(ch for group in self.letter_groups for ch in group if not ch.isalpha())

    def ungroup(self, text: str) -> str:
        """``text`` with each letter group reduced to its letters (``col·lecció`` ->
        ``collecció``): whatever non-letter remains is not part of a letter group."""
        for group in self.letter_groups:
            text = text.replace(group, "".join(ch for ch in group if ch.isalpha()))
        return text


@dataclass(frozen=True)
class LemmaRule:
    """Selects affix rules whose single application to a stem makes another lemma.

    A rule is selected when its flag is in ``flags`` and every given criterion holds.
    """

    #: Affix flags (as written in the .aff) this selector looks at.
    flags: frozenset[str]
    #: Positions of the rules inside their flag group (0-based, .aff order); empty = all.
    rules: tuple[int, ...] = ()
    #: Exact affix texts (the rule's add, e.g. "-se"); empty = any.
    adds: tuple[str, ...] = ()
    #: Exclude rules whose add ends with this (e.g. "s": plurals); "" = no exclusion.
    add_not_ending: str = ""
    #: Only stems ending with one of these take the rule (infinitives); empty = any stem.
    stem_endings: tuple[str, ...] = ()

    def selects(self, flag: str, index: int, add: str) -> bool:
        return (flag in self.flags
                and (not self.rules or index in self.rules)
                and (not self.adds or add in self.adds)
                and not (self.add_not_ending and add.endswith(self.add_not_ending)))


@dataclass(frozen=True)
class StemExclusion:
    """Dictionary entries whose stem is not a lemma (conjugated forms a .dic spells out).

    An entry is excluded when every given criterion holds.
    """

    #: The entry carries at least one of these flags; empty = any.
    flags: frozenset[str] = frozenset()
    #: The entry's flags are exactly these; empty = any.
    only_flags: frozenset[str] = frozenset()
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
        return ((not self.flags or any(self.flags & flags for flags in flagged))
                and (not self.only_flags or all(flags == self.only_flags for flags in flagged))
                and (not self.endings or stem.endswith(self.endings))
                and not (self.not_endings and stem.endswith(self.not_endings)))


@dataclass(frozen=True)
class GameSupport:
    """Whether a language can have a game; the site omits a game a language cannot support."""

    #: False where the language cannot support the game (``enabled = false`` in its table).
    enabled: bool = True
    #: Why not, for the log and the reviewer (``unsupported = "..."`` in the TOML).
    unsupported: str = ""


@dataclass(frozen=True)
class LemmaEvidence:
    """What in the .dic/.aff tells a dictionary entry from a conjugated form or a plural
    the .dic spells out (see :mod:`pipeline.lemmas`). Empty = stems are lemmas as they are."""

    #: Flags only nouns and adjectives take: a stem with one is a lemma (a homograph of a
    #: verb form such as "pare" is still a dictionary entry).
    nominal_flags: frozenset[str] = frozenset()
    #: The .aff's verb-model flags (each stem carrying one is an infinitive).
    verb_flags: frozenset[str] = frozenset()
    #: Rule positions inside each verb model that make no finite form (infinitive,
    #: gerund, singular participles): the others make conjugated forms.
    non_finite_rules: frozenset[int] = frozenset()
    #: Endings of each tense, for verbs the .aff spells out with no model.
    tenses: tuple[tuple[str, ...], ...] = ()
    #: The shortest base a tense's endings attach to (shorter bases match by chance)...
    min_base: int = 2
    #: ...but for endings at least this long (f + éssem, d + àvem: fer, dar).
    short_base_ending: int = 3
    #: Endings several tenses share: they find no run, but a base a run found takes them.
    shared_endings: tuple[str, ...] = ()
    #: Stems that are entries although they are spelled as a verb form and the .dic marks
    #: them no other way (the language file says why for each).
    homographs: frozenset[str] = frozenset()
    #: How many stems of one verb make a run (fewer are taken as chance homographs).
    min_run: int = 3
    #: Flags whose rules ending in ``plural_ending`` make plurals.
    plural_flags: frozenset[str] = frozenset()
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
    #: A pinned conjugation table (verbiste XML: every finite form of each verb), for the
    #: verbs the .dic spells out form by form (:mod:`pipeline.conjugations`).
    conjugations: "ListSource | None" = None
    #: What of the table counts as a conjugated form: its finite moods, and the positions
    #: of the participle mood's inflected (plural) participles.
    finite_moods: tuple[str, ...] = ()
    participle_mood: str = ""
    inflected_participles: tuple[int, ...] = ()
    #: (ending, variant): regional endings the table's standard lacks (Valencian -isc for
    #: Central -eixo); see :func:`pipeline.conjugations.read_conjugations`.
    variant_endings: tuple[tuple[str, str], ...] = ()
    #: (infinitive, template name): the templates of a verb in place of the table's choice
    #: (a pair each, for a verb with two conjugations).
    template_fixes: tuple[tuple[str, str], ...] = ()
    #: A .dic stem with one of these flags and endings is the infinitive of a verb spelled
    #: out form by form; one the table lacks is conjugated like the table's verbs that
    #: share its longest ending (:meth:`pipeline.conjugations.ConjugationTable.with_verbs`).
    infinitive_flags: frozenset[str] = frozenset()
    infinitive_endings: tuple[str, ...] = ()
    #: The shortest root of such a verb whose root plus any ending of the table is taken as
    #: its form (shorter roots meet other words by chance).
    min_root: int = 3


@dataclass(frozen=True, eq=False)
class Beehive:
    list: str = "words"
    min_length: int = 4
    #: Points for short words by length; any longer word scores its length.
    points: dict[int, int] = field(default_factory=lambda: {4: 1})
    pangram_bonus: int = 7
    #: What players call a word using all seven letters ("pangram", "tuti").
    pangram_name: str = "pangram"
    #: Its plural ("pangrams", "tutis"), for counts such as a share text's "2/2 tutis".
    pangram_plural: str = "pangrams"
    answers_min: int = 20
    answers_max: int = 60
    #: (name, share of the maximum score) from lowest to highest.
    ranks: tuple[tuple[str, float], ...] = ()
    support: GameSupport = GameSupport()
    #: Letters no hive may use (the NYT Spelling Bee never has an S).
    excluded_letters: str = ""


@dataclass(frozen=True)
class ListSource:
    """A pinned package holding a word list (an abbreviation or offensive-word list),
    fetched like a dictionary (:data:`SOURCE_KINDS`, verified by ``integrity``)."""

    kind: str
    name: str
    version: str = ""
    integrity: str = ""
    #: Files inside the unpacked package (globs allowed), read in sorted order.
    files: tuple[str, ...] = ()
    #: ``lines`` (one word a line) or ``json`` (a JSON array of strings); a conjugation
    #: table is ``verbiste`` (:mod:`pipeline.conjugations`).
    format: str = "lines"
    encoding: str = "utf-8"
    #: SPDX licence of the list (reported in metadata.json).
    licence: str = ""


@dataclass(frozen=True)
class Abbreviations:
    """How abbreviations are told from words ([abbreviations] table): they are left out
    of ``words`` (and so of every game). See :mod:`pipeline.abbreviations`."""

    #: Affix flags that make abbreviations: stems carrying one, and every form such a
    #: rule makes, are abbreviations (Catalan unit symbols and their SI prefixes).
    flags: frozenset[str] = frozenset()
    #: A word list of abbreviations (English: SCOWL's own abbreviation lists).
    source: ListSource | None = None
    #: Listed forms the .dic has as stems with affix flags and a vowel are words the
    #: dictionary inflects (app/SM, max/GMDS) and stay.
    keep_inflected: bool = True
    #: Letters that make a form pronounceable; a form with none is an abbreviation
    #: (bldg, tsp) unless ``vowelless_words`` lists it. Empty = no such rule.
    vowels: str = ""
    vowelless_words: frozenset[str] = frozenset()
    #: Abbreviations the .dic spells without their period that no rule above finds, and
    #: every form of their lines (the language file gives each one's expansion).
    add: frozenset[str] = frozenset()
    #: Roman numerals (clii, xviii) are abbreviations, but ``roman_numeral_words``: the
    #: language's words spelled like one (English mix, Catalan vi).
    roman_numerals: bool = False
    roman_numeral_words: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Blocklist:
    """Offensive words kept out of the games' answers ([blocklist] table); the word
    lists stay complete. See :mod:`pipeline.blocklist`."""

    #: The pinned list, or None (then ``note`` says why).
    source: ListSource | None = None
    #: Local additions (the TOML comments each one).
    add: tuple[str, ...] = ()
    #: Blocked words racks still allow: vulgar but valid in Scrabble (slurs never are).
    rack_allows: frozenset[str] = frozenset()
    #: Why the language has no pinned list, if it has none.
    note: str = ""


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class GameVocabulary:
    """How one game chooses its words from the graded list ([vocabulary.<game>])."""

    #: By growing size; a word above the last tier's size is out.
    tiers: tuple[VocabularyTier, ...]
    #: Variant spelling categories → the least Zipf frequency a word the list has only
    #: there must have by itself (none: variants are taken as the tiers take any word).
    variants: dict[str, float] = field(default_factory=dict)
    #: Other varieties' spelling categories: a variant of ours that one of them spells as
    #: its own word is theirs (grey, theatre in an American list).
    foreign_spellings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Vocabulary:
    """The games' own vocabulary ([vocabulary] table): words chosen from a graded word list
    (SCOWL's size levels and spelling categories) instead of the dictionary's ordinary words.
    See :mod:`pipeline.vocabulary`; ``words.txt`` and ``forms.txt`` stay complete."""

    #: The pinned graded list (SCOWL's Debian package), None where the language has none.
    source: ListSource | None = None
    #: Spelling categories of the list the language writes ("english", "american", "variant_1").
    spellings: tuple[str, ...] = ()
    #: Each game's rules (keys: "beehive", "racks", "wordle"); a game not named plays the
    #: dictionary's words.
    games: dict[str, GameVocabulary] = field(default_factory=dict)
    #: Suffix rules ``(ending, base ending)`` that lead an inflection to its base, for the
    #: family frequency (``ies`` → ``y``: ponies → pony).
    inflections: tuple[tuple[str, str], ...] = ()
    #: Common words the list lacks (the TOML comments each), in every game's vocabulary.
    add: tuple[str, ...] = ()
    #: Words no game takes although the list has them (the TOML says why for each).
    remove: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Tile:
    #: What the tile shows, lower case ("a", "l·l", "qu").
    text: str
    points: int
    count: int


@dataclass(frozen=True)
class Racks:
    tiles: tuple[Tile, ...] = ()
    #: Blanks in the bag, and the most a rack typed into the rack finder may hold.
    blanks: int = 2
    rack_size: int = 7
    bingo_bonus: int = 50
    #: The daily rack's band (:meth:`pipeline.racks.RackIndex.daily`): a draw is kept when its
    #: answers, and their points together, fall within these bounds ...
    answers_min: int = 10
    answers_max: int = 100
    points_min: int = 0
    points_max: int = 1000
    #: ... and it holds at most this many blanks (each blank multiplies the answers).
    daily_blanks: int = 1
    support: GameSupport = GameSupport()


@dataclass(frozen=True)
class WordleShortcuts:
    """Keys that set a tile's colour on the Wordle page: the colours' initials in the
    language (Catalan: v verd, g groc), so a Catalan g means yellow, not green."""

    green: str = "g"
    yellow: str = "y"
    grey: str = "."


@dataclass(frozen=True)
class Wordle:
    #: The length of the page at ``<lang>/wordle/`` and of ``rusc wordle`` without --length.
    length: int = 5
    #: Every length the language's list supports (the site has a page per length).
    lengths: tuple[int, ...] = (5,)
    shortcuts: WordleShortcuts = WordleShortcuts()
    #: The answer prior (pipeline/wordle/words.py): a word whose wordfreq Zipf frequency is
    #: ``prior_centre`` is half as likely to be the answer as a very common word; the
    #: likelihood falls by e for every ``prior_width`` below that (a logistic curve).
    prior_centre: float = 3.0
    prior_width: float = 0.15
    #: How many times less likely a word none of whose spellings is a lemma (a plural, a
    #: conjugated verb) is to be the answer: daily answers are dictionary headwords.
    inflection_odds: float = 1.0
    #: Zipf frequency from which a word counts as common: the simulated seasons
    #: (bench/bench_wordle.py) draw their answers from such words.
    common_zipf: float = 3.0
    support: GameSupport = GameSupport()



#: The default bound of an expansion (forms, estimated before it runs): Catalan, the largest
#: full expansion published, has 16 million; Basque's full expansion would have 3 billion.
DEFAULT_MAX_FORMS = 40_000_000


@dataclass(frozen=True)
class DictionaryLink:
    """A reference dictionary a word links to (``[[dictionaries]]``): links only, opened in a
    new tab; the site loads nothing from it."""

    #: Its short name, the link's text (DIEC, DNV, Wiktionary).
    name: str
    #: Its address for one word, ``{word}`` standing for the word, percent-encoded.
    url: str

    def address(self, word: str) -> str:
        """The address of ``word``.

        >>> DictionaryLink("DIEC", "https://dlc.iec.cat/Results?DecEntradaText={word}").address("col·lecció")
        'https://dlc.iec.cat/Results?DecEntradaText=col%C2%B7lecci%C3%B3'
        """
        return self.url.replace("{word}", urllib.parse.quote(word, safe=""))


@dataclass(frozen=True)
class Definitions:
    """Where the definitions of the day's answers come from (``[definitions]``): a pinned
    WordNet database (:mod:`pipeline.definitions`)."""

    source: ListSource | None = None
    #: The database's name, as the about page credits it ("WordNet 3.0").
    name: str = ""
    #: At most this many senses per word.
    senses: int = 2


@dataclass(frozen=True)
class Expand:
    """Limits of the expansion (``[expand]``), checked against the estimate before it runs."""

    #: Refuse when the estimated distinct forms exceed this.
    max_forms: int = DEFAULT_MAX_FORMS
    #: Refuse when the estimated forms.txt exceeds this many bytes (0 = no byte bound).
    max_bytes: int = 0
    #: A bounded mode (a key of :data:`BOUNDED_MODES`), or "" for the full expansion.
    bounded: str = ""


#: The bounded modes of the expansion (:mod:`pipeline.expand.bounded`), least bounded first,
#: and how metadata.json describes each, so that a bounded language's lists say what they are.
BOUNDED_MODES = {
    "one-affix": "ordinary words only (the word-game fast path), each form a stem plus at most one "
                 "affix: forms made by two or more affixes (continuation classes, prefix with suffix) "
                 "are not generated",
    "stems": "ordinary words only (the word-game fast path), the dictionary's stems as they are: no "
             "affix is applied, so inflected and derived forms are not generated",
}


@dataclass(frozen=True, eq=False)
class Language:
    """One language: validated contents of ``languages/<code>.toml``."""

    code: str
    #: The language's own name (shown on its pages) and its English name.
    name: str
    english_name: str
    #: SPDX licence expression of the dictionary.
    licence: str
    source: Source
    #: Letters of the game alphabet, in alphabetical order (Catalan includes ç).
    alphabet: str
    folding: Folding
    #: True where common nouns are capitalised (German): capitals then don't mark proper nouns.
    capitalised_nouns: bool
    #: Lemmas are the dictionary's stems plus the forms these affix rules make from them
    #: (feminine singulars, participles, ...); none = the stems alone.
    lemma_rules: tuple[LemmaRule, ...]
    #: Entries whose stem is not a lemma (finite verb forms, plurals the .dic lists).
    lemma_exclusions: tuple[StemExclusion, ...]
    #: How conjugated forms and plurals listed as stems are recognised ([lemmas] table).
    lemma_evidence: LemmaEvidence
    abbreviations: Abbreviations
    blocklist: Blocklist
    #: The games' own vocabulary, where the language has one.
    vocabulary: Vocabulary
    #: Language for wordfreq (pangram commonness); "" for none.
    frequency_language: str
    beehive: Beehive
    racks: Racks
    wordle: Wordle
    #: Bounds and mode of the expansion.
    expand: Expand
    #: The reference dictionaries a found word links to, in the order shown.
    dictionaries: tuple[DictionaryLink, ...]
    definitions: Definitions
    schedule_start: dt.date
    schedule_end: dt.date
    #: Time zone in which "today" is reckoned for this language's puzzles.
    timezone: str
    #: ``(regex, replacement)`` rewrites of the site's translated text, in order, for
    #: typography a placeholder cannot know (Catalan "del 1 de" → "de l’1 de"); the
    #: interface text itself is in ``pipeline/locale/<code>/LC_MESSAGES/messages.po``.
    typography: tuple[tuple[str, str], ...]
    #: Where this configuration was read from (for error messages).
    path: Path
    #: Earlier pinned versions of ``source`` (``[[previous_sources]]``), oldest first, for
    #: ``rusc diff LANG --from VERSION``; the build itself never reads them.
    previous_sources: tuple[Source, ...] = ()

    @cached_property
    def supported_games(self) -> tuple[str, ...]:
        """The games this language can have ("beehive", "racks", "wordle"); the site and the
        game data leave out the others (``enabled = false`` in their tables)."""
        return tuple(name for name, game in (("beehive", self.beehive), ("racks", self.racks),
                                             ("wordle", self.wordle)) if game.support.enabled)

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
    raw = _read_toml(path)
    return _Reader(path, raw).language()


def load_site_config(path: Path = SITE_CONFIG) -> dict[str, Any]:
    raw = _read_toml(path)
    for key in ("title", "languages", "base_path", "site_url"):
        if key not in raw:
            raise RuscError(f"missing field {key!r}", path)
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


class _Reader:
    """Pulls typed fields out of the raw TOML, raising one clear error per mistake."""

    def __init__(self, path: Path, raw: dict[str, Any]):
        self.path = path
        self.raw = raw

    def get(self, table: dict, key: str, kind: type | tuple, where: str, default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                raise RuscError(f"missing field {where + key!r}", self.path)
            return default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise RuscError(f"field {where + key!r} must be {names}, not {type(value).__name__}", self.path)
        return value

    def array_of_tables(self, key: str) -> Iterator[tuple[str, dict]]:
        """A top-level array of tables (``[[key]]``, may be absent): each table with the
        prefix its fields are named by in messages (``key[1].``)."""
        for number, table in enumerate(self.get(self.raw, key, list, "", []), 1):
            if not isinstance(table, dict):
                raise self.fail(f"field '{key}' must be a list of tables ([[{key}]])")
            yield f"{key}[{number}].", table

    def table(self, key: str, required: bool = True) -> dict:
        return self.get(self.raw, key, dict, "", default=... if required else {})

    def fail(self, message: str) -> RuscError:
        return RuscError(message, self.path)

    def language(self) -> Language:
        raw = self.raw
        code = self.get(raw, "code", str, "")
        if self.path.parent == LANGUAGES_DIR and code != self.path.stem:
            raise self.fail(f"field 'code' is {code!r} but the file is named {self.path.name}")
        alphabet = unicodedata.normalize("NFC", self.get(raw, "alphabet", str, ""))
        if not alphabet or len(set(alphabet)) != len(alphabet):
            raise self.fail("field 'alphabet' must list each letter once")
        for ch in alphabet:
            if not (ch.isalpha() and ch == ch.lower()):
                raise self.fail(f"field 'alphabet' has {ch!r}, which is not a lower-case letter")
        start = self.get(raw, "schedule_start", dt.date, "")
        end = self.get(raw, "schedule_end", dt.date, "")
        if end < start:
            raise self.fail("field 'schedule_end' is before 'schedule_start'")
        folding = self.folding()
        return Language(
            code=code,
            name=self.get(raw, "name", str, ""),
            english_name=self.get(raw, "english_name", str, ""),
            licence=self.get(raw, "licence", str, ""),
            source=self.source(),
            alphabet=alphabet,
            folding=folding,
            capitalised_nouns=self.get(raw, "capitalised_nouns", bool, "", False),
            lemma_rules=self.lemma_rules(),
            lemma_exclusions=self.lemma_exclusions(),
            lemma_evidence=self.lemma_evidence(),
            abbreviations=self.abbreviations(),
            blocklist=self.blocklist(),
            vocabulary=self.vocabulary(),
            frequency_language=self.get(raw, "frequency_language", str, "", ""),
            beehive=self.beehive(alphabet),
            racks=self.racks(alphabet, folding),
            wordle=self.wordle(),
            expand=self.expand(),
            dictionaries=self.dictionaries(),
            definitions=self.definitions(),
            schedule_start=start,
            schedule_end=end,
            timezone=self.get(raw, "timezone", str, "", "UTC"),
            typography=self.typography(),
            path=self.path,
            previous_sources=self.previous_sources(),
        )

    def typography(self) -> tuple[tuple[str, str], ...]:
        if "strings" in self.raw:
            raise self.fail("a [strings] table is no longer read: interface text lives in "
                            "pipeline/locale/<code>/LC_MESSAGES/messages.po (see docs/site.md, Translating)")
        rules = []
        for where, table in self.array_of_tables("typography"):
            pattern = self.get(table, "pattern", str, where)
            try:
                re.compile(pattern)
            except re.error as error:
                raise self.fail(f"field {where + 'pattern'!r} is not a regular expression: {error}") from None
            rules.append((pattern, self.get(table, "replacement", str, where)))
        return tuple(rules)

    def support(self, game: str) -> GameSupport:
        table = self.table(game, False)
        enabled = self.get(table, "enabled", bool, f"{game}.", True)
        unsupported = self.get(table, "unsupported", str, f"{game}.", "")
        if not enabled and not unsupported:
            raise self.fail(f"field '{game}.unsupported' must say why the game is disabled")
        return GameSupport(enabled, unsupported)

    def expand(self) -> Expand:
        table = self.table("expand", False)
        bounded = self.get(table, "bounded", str, "expand.", "")
        if bounded and bounded not in BOUNDED_MODES:
            raise self.fail(f"field 'expand.bounded' is {bounded!r}; expected one of {', '.join(BOUNDED_MODES)}")
        values = {key: self.get(table, key, int, "expand.", default)
                  for key, default in (("max_forms", DEFAULT_MAX_FORMS), ("max_bytes", 0))}
        if any(v < 0 for v in values.values()):
            raise self.fail("fields 'expand.max_forms' and 'expand.max_bytes' must not be negative")
        return Expand(bounded=bounded, **values)

    def wordle(self) -> Wordle:
        table = self.table("wordle", False)
        length = self.get(table, "length", int, "wordle.", 5)
        lengths = self.get(table, "lengths", list, "wordle.", [length])
        if not all(isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 9 for n in lengths):
            raise self.fail("field 'wordle.lengths' must list word lengths from 2 to 9")
        if length not in lengths or sorted(set(lengths)) != lengths:
            raise self.fail("field 'wordle.lengths' must be increasing and include 'wordle.length'")
        keys = self.get(table, "shortcuts", dict, "wordle.", {})
        shortcuts = WordleShortcuts(**{colour: self.get(keys, colour, str, "wordle.shortcuts.", default)
                                       for colour, default in vars(WordleShortcuts()).items()})
        chosen = [shortcuts.green, shortcuts.yellow, shortcuts.grey]
        if any(len(k) != 1 or k != k.lower() for k in chosen) or len(set(chosen)) != 3:
            raise self.fail("field 'wordle.shortcuts' needs three different single lower-case keys")
        numbers = {key: float(self.get(table, key, (int, float), "wordle.", default))
                   for key, default in (("prior_centre", 3.0), ("prior_width", 0.15), ("inflection_odds", 1.0),
                                        ("common_zipf", 3.0))}
        if numbers["prior_width"] <= 0:
            raise self.fail("field 'wordle.prior_width' must be positive")
        if numbers["inflection_odds"] < 1:
            raise self.fail("field 'wordle.inflection_odds' must be at least 1")
        return Wordle(length=length, lengths=tuple(lengths), shortcuts=shortcuts, support=self.support("wordle"),
                      **numbers)

    def previous_sources(self) -> tuple[Source, ...]:
        """``[[previous_sources]]``: earlier versions of ``[source]``, each a ``version`` and
        an ``integrity`` (``aff``, ``dic``, ``licence_file`` default to the source's)."""
        current = self.source()
        found = []
        for where, table in self.array_of_tables("previous_sources"):
            integrity = self.get(table, "integrity", str, where)
            if not INTEGRITY.fullmatch(integrity):
                raise self.fail(f"field {where + 'integrity'!r} must be 'sha512-<base64>' or 'sha256:<hex>'")
            paths = {key: self.get(table, key, str, where, getattr(current, key)) for key in ("aff", "dic", "licence_file")}
            found.append(Source(kind=current.kind, name=current.name, version=self.get(table, "version", str, where),
                                integrity=integrity, locale=current.locale, **paths))
        return tuple(found)

    def source(self) -> Source:
        table = self.table("source")
        kind = self.get(table, "kind", str, "source.")
        if kind not in SOURCE_KINDS:
            raise self.fail(f"unknown source kind {kind!r}; expected one of {', '.join(SOURCE_KINDS)}")
        integrity = self.get(table, "integrity", str, "source.", "")
        if kind != "path" and not integrity:
            raise self.fail(f"missing field 'source.integrity' (a {kind} source must be pinned by a hash)")
        if integrity and not INTEGRITY.fullmatch(integrity):
            raise self.fail(f"field 'source.integrity' must be 'sha512-<base64>' or 'sha256:<hex>', not {integrity!r}")
        if kind in ("npm", "deb") and "version" not in table:
            raise self.fail(f"missing field 'source.version' (a {kind} source names an exact version)")
        fields = {key: self.get(table, key, str, "source.", "") for key in ("version", "aff", "dic", "licence_file", "locale")}
        return Source(kind=kind, name=self.get(table, "name", str, "source."), integrity=integrity, **fields)

    def lemma_rules(self) -> tuple[LemmaRule, ...]:
        selectors = []
        for where, table in self.array_of_tables("lemma_rules"):
            flags = self.get(table, "flags", list, where)
            rules = self.get(table, "rules", list, where, [])
            adds = self.get(table, "adds", list, where, [])
            if not flags or not all(isinstance(f, str) for f in flags):
                raise self.fail(f"field {where + 'flags'!r} must be a non-empty list of flag strings")
            if not all(isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rules):
                raise self.fail(f"field {where + 'rules'!r} must list rule positions (whole numbers from 0)")
            if not all(isinstance(a, str) for a in adds):
                raise self.fail(f"field {where + 'adds'!r} must list strings")
            selectors.append(LemmaRule(frozenset(flags), tuple(rules), tuple(adds),
                                       self.get(table, "add_not_ending", str, where, ""),
                                       tuple(self.strings(table, "stem_endings", where))))
        return tuple(selectors)

    def lemma_exclusions(self) -> tuple[StemExclusion, ...]:
        exclusions = []
        for where, table in self.array_of_tables("lemma_exclusions"):
            values = {}
            for key in ("flags", "only_flags", "endings", "not_endings"):
                items = self.get(table, key, list, where, [])
                if not all(isinstance(item, str) and item for item in items):
                    raise self.fail(f"field {where + key!r} must list non-empty strings")
                values[key] = items
            if not any(values.values()):
                raise self.fail(f"{where[:-1]} names no criterion: it would exclude every stem")
            exclusions.append(StemExclusion(flags=frozenset(values["flags"]), only_flags=frozenset(values["only_flags"]),
                                            endings=tuple(values["endings"]), not_endings=tuple(values["not_endings"]),
                                            nominal_too=self.get(table, "nominal_too", bool, where, False),
                                            bare_line_too=self.get(table, "bare_line_too", bool, where, False)))
        return tuple(exclusions)

    def lemma_evidence(self) -> LemmaEvidence:
        table = self.table("lemmas", False)
        where = "lemmas."

        def strings(key: str) -> list[str]:
            items = self.get(table, key, list, where, [])
            if not all(isinstance(item, str) and item for item in items):
                raise self.fail(f"field {where + key!r} must list non-empty strings")
            return items

        rules = self.get(table, "non_finite_rules", list, where, [])
        if not all(isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rules):
            raise self.fail(f"field {where + 'non_finite_rules'!r} must list rule positions (whole numbers from 0)")
        tenses = self.get(table, "tenses", list, where, [])
        if not all(isinstance(t, list) and t and all(isinstance(e, str) and e for e in t) for t in tenses):
            raise self.fail(f"field {where + 'tenses'!r} must be a list of lists of non-empty endings")
        positions = self.get(table, "inflected_participles", list, where, [])
        if not all(isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in positions):
            raise self.fail(f"field {where + 'inflected_participles'!r} must list positions (whole numbers from 0)")
        min_run = self.get(table, "min_run", int, where, 3)
        if min_run < 2:
            raise self.fail(f"field {where + 'min_run'!r} must be at least 2 (one stem is no run)")
        return LemmaEvidence(
            nominal_flags=frozenset(strings("nominal_flags")),
            verb_flags=frozenset(strings("verb_flags")),
            non_finite_rules=frozenset(rules),
            tenses=tuple(tuple(unicodedata.normalize("NFC", e) for e in t) for t in tenses),
            homographs=frozenset(strings("homographs")),
            min_run=min_run,
            min_base=self.get(table, "min_base", int, where, 2),
            short_base_ending=self.get(table, "short_base_ending", int, where, 3),
            shared_endings=tuple(strings("shared_endings")),
            plural_flags=frozenset(strings("plural_flags")),
            plural_ending=self.get(table, "plural_ending", str, where, "s"),
            plural_pairs=tuple(self.pairs(table, "plural_pairs", where)),
            second_plural_pairs=tuple(self.pairs(table, "second_plural_pairs", where)),
            min_singular=self.get(table, "min_singular", int, where, 1),
            conjugations=self.list_source(self.get(table, "conjugations", dict, where, {}), where + "conjugations.",
                                          formats=("verbiste",)),
            finite_moods=tuple(strings("finite_moods")),
            participle_mood=self.get(table, "participle_mood", str, where, ""),
            inflected_participles=tuple(positions),
            variant_endings=tuple(self.pairs(table, "variant_endings", where)),
            template_fixes=tuple(self.pairs(table, "template_fixes", where)),
            infinitive_flags=frozenset(strings("infinitive_flags")),
            infinitive_endings=tuple(strings("infinitive_endings")),
            min_root=self.get(table, "min_root", int, where, 3),
        )

    def strings(self, table: dict, key: str, where: str) -> list[str]:
        items = self.get(table, key, list, where, [])
        if not all(isinstance(item, str) and item for item in items):
            raise self.fail(f"field {where + key!r} must list non-empty strings")
        return [unicodedata.normalize("NFC", item) for item in items]

    def list_source(self, table: dict, where: str, formats: tuple[str, ...] = ("lines", "json")) -> ListSource | None:
        raw = self.get(table, "source", dict, where, None)
        if raw is None:
            return None
        where += "source."
        kind = self.get(raw, "kind", str, where)
        if kind not in SOURCE_KINDS:
            raise self.fail(f"unknown source kind {kind!r} in {where[:-1]!r}; expected one of {', '.join(SOURCE_KINDS)}")
        integrity = self.get(raw, "integrity", str, where, "")
        if kind != "path" and not re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==|sha256:[0-9a-f]{64}", integrity):
            raise self.fail(f"field {where + 'integrity'!r} must pin the package: 'sha512-<base64>' or 'sha256:<hex>'")
        fmt = self.get(raw, "format", str, where, formats[0])
        if fmt not in formats:
            raise self.fail(f"field {where + 'format'!r} must be {' or '.join(map(repr, formats))}, not {fmt!r}")
        files = self.strings(raw, "files", where)
        if not files:
            raise self.fail(f"field {where + 'files'!r} must name the list's files inside the package")
        return ListSource(kind=kind, name=self.get(raw, "name", str, where), version=self.get(raw, "version", str, where, ""),
                          integrity=integrity, files=tuple(files), format=fmt,
                          encoding=self.get(raw, "encoding", str, where, "utf-8"),
                          licence=self.get(raw, "licence", str, where, ""))

    def dictionaries(self) -> tuple[DictionaryLink, ...]:
        links = []
        for where, item in self.array_of_tables("dictionaries"):
            link = DictionaryLink(self.get(item, "name", str, where), self.get(item, "url", str, where))
            if not link.url.startswith("https://") or link.url.count("{word}") != 1:
                raise self.fail(f"field {where + 'url'!r} must be an https:// address with one {{word}}")
            links.append(link)
        return tuple(links)

    def definitions(self) -> Definitions:
        table = self.table("definitions", False)
        where = "definitions."
        senses = self.get(table, "senses", int, where, 2)
        if senses < 1:
            raise self.fail("field 'definitions.senses' must be at least 1")
        source = self.list_source(table, where, ("wordnet",))
        name = self.get(table, "name", str, where, "")
        if source is not None and not name:
            raise self.fail("field 'definitions.name' must name the database the definitions come from")
        return Definitions(source=source, name=name, senses=senses)

    def abbreviations(self) -> Abbreviations:
        table = self.table("abbreviations", False)
        where = "abbreviations."
        return Abbreviations(
            flags=frozenset(self.strings(table, "flags", where)),
            source=self.list_source(table, where),
            keep_inflected=self.get(table, "keep_inflected", bool, where, True),
            vowels=unicodedata.normalize("NFC", self.get(table, "vowels", str, where, "")),
            vowelless_words=frozenset(self.strings(table, "vowelless_words", where)),
            add=frozenset(self.strings(table, "add", where)),
            roman_numerals=self.get(table, "roman_numerals", bool, where, False),
            roman_numeral_words=frozenset(self.strings(table, "roman_numeral_words", where)),
        )

    def blocklist(self) -> Blocklist:
        table = self.table("blocklist", False)
        where = "blocklist."
        source = self.list_source(table, where)
        note = self.get(table, "note", str, where, "")
        if table and source is None and not note:
            raise self.fail("[blocklist] has no source: add one, or a 'note' saying why the language has none")
        return Blocklist(source=source, add=tuple(self.strings(table, "add", where)),
                         rack_allows=frozenset(self.strings(table, "rack_allows", where)), note=note)

    def vocabulary(self) -> Vocabulary:
        table = self.table("vocabulary", False)
        if not table:
            return Vocabulary()
        where = "vocabulary."
        source = self.list_source(table, where)
        if source is None:
            raise self.fail("[vocabulary] needs a 'source': the graded word list its games are chosen from")
        spellings = self.strings(table, "spellings", where)
        if not spellings:
            raise self.fail(f"field '{where}spellings' must name the list's spelling categories")
        games = {}
        for game in ("beehive", "racks", "wordle"):
            raw = self.get(table, game, dict, where, None)
            if raw is None:
                continue
            tiers = []
            for item in self.get(raw, "tiers", list, f"{where}{game}.", []):
                if not isinstance(item, dict):
                    raise self.fail(f"field '{where}{game}.tiers' must be a list of tables")
                tier_where = f"{where}{game}.tiers."
                tiers.append(VocabularyTier(
                    size=self.get(item, "size", int, tier_where),
                    min_zipf=float(self.get(item, "min_zipf", (int, float), tier_where, 0.0)),
                    names_out=self.get(item, "names_out", bool, tier_where, False),
                    capitals_out=self.get(item, "capitals_out", bool, tier_where, False),
                    inflected_only=self.get(item, "inflected_only", bool, tier_where, False)))
            if not tiers or [t.size for t in tiers] != sorted({t.size for t in tiers}):
                raise self.fail(f"field '{where}{game}.tiers' must list tiers by growing size, each size once")
            variants = self.get(raw, "variants", dict, f"{where}{game}.", {})
            if not all(name in spellings and isinstance(floor, (int, float)) and not isinstance(floor, bool)
                       for name, floor in variants.items()):
                raise self.fail(f"field '{where}{game}.variants' must map spelling categories of "
                                f"'{where}spellings' to Zipf frequencies")
            games[game] = GameVocabulary(tuple(tiers), {name: float(floor) for name, floor in variants.items()},
                                         tuple(self.strings(raw, "foreign_spellings", f"{where}{game}.")))
        return Vocabulary(source=source, spellings=tuple(spellings), games=games,
                          inflections=tuple(self.pairs(table, "inflections", where)),
                          add=tuple(self.strings(table, "add", where)),
                          remove=frozenset(self.strings(table, "remove", where)))

    def pairs(self, table: dict, key: str, where: str) -> list[tuple[str, str]]:
        pairs = self.get(table, key, list, where, [])
        if not all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs):
            raise self.fail(f"field {where + key!r} must be a list of [from, to] string pairs")
        return [(unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)) for a, b in pairs]

    def folding(self) -> Folding:
        table = self.table("folding", False)
        pairs = self.get(table, "replace", list, "folding.", [])
        for pair in pairs:
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
                raise self.fail("field 'folding.replace' must be a list of [from, to] string pairs")
        groups = self.get(table, "letter_groups", list, "folding.", [])
        if not all(isinstance(g, str) and any(ch.isalpha() for ch in g) for g in groups):
            raise self.fail("field 'folding.letter_groups' must be a list of strings with letters in them")
        return Folding(
            replace=tuple((unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)) for a, b in pairs),
            drop=self.get(table, "drop", str, "folding.", "-'’"),
            letter_groups=tuple(unicodedata.normalize("NFC", g) for g in groups),
        )

    def beehive(self, alphabet: str) -> Beehive:
        table = self.table("beehive", False)
        points = self.get(table, "points", dict, "beehive.", {"4": 1})
        try:
            points = {int(k): int(v) for k, v in points.items()}
        except (TypeError, ValueError):
            raise self.fail("field 'beehive.points' must map word lengths to points") from None
        ranks = []
        for item in self.get(table, "ranks", list, "beehive.", []):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], (int, float))):
                raise self.fail("field 'beehive.ranks' must be a list of [name, share] pairs")
            ranks.append((item[0], float(item[1])))
        list_name = self.get(table, "list", str, "beehive.", "words")
        if list_name not in ("words", "lemmas"):
            raise self.fail(f"field 'beehive.list' must be 'words' or 'lemmas', not {list_name!r}")
        support = self.support("beehive")
        if len(alphabet) < 7 and support.enabled:
            raise self.fail("field 'alphabet' needs at least 7 letters for the beehive")
        beehive = Beehive(
            support=support,
            list=list_name,
            min_length=self.get(table, "min_length", int, "beehive.", 4),
            points=points,
            pangram_bonus=self.get(table, "pangram_bonus", int, "beehive.", 7),
            pangram_name=self.get(table, "pangram_name", str, "beehive.", "pangram"),
            pangram_plural=self.get(table, "pangram_plural", str, "beehive.",
                                    self.get(table, "pangram_name", str, "beehive.", "pangram") + "s"),
            answers_min=self.get(table, "answers_min", int, "beehive.", 20),
            answers_max=self.get(table, "answers_max", int, "beehive.", 60),
            ranks=tuple(ranks),
            excluded_letters=unicodedata.normalize("NFC", self.get(table, "excluded_letters", str, "beehive.", "")),
        )
        for ch in beehive.excluded_letters:
            if ch not in alphabet:
                raise self.fail(f"field 'beehive.excluded_letters' has {ch!r}, which is not in the alphabet")
        if len(alphabet) - len(set(beehive.excluded_letters)) < 7:
            raise self.fail("field 'beehive.excluded_letters' leaves fewer than 7 letters for a hive")
        if beehive.answers_min > beehive.answers_max:
            raise self.fail("field 'beehive.answers_min' is above 'beehive.answers_max'")
        return beehive

    def racks(self, alphabet: str, folding: Folding) -> Racks:
        table = self.table("racks", False)
        tiles = []
        for item in self.get(table, "tiles", list, "racks.", []):
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in item[1:])):
                raise self.fail("field 'racks.tiles' must be a list of [letters, points, count] triples")
            text = unicodedata.normalize("NFC", item[0].lower())
            for ch in folding.ungroup(text):
                if ch not in alphabet:
                    raise self.fail(f"tile {item[0]!r} in 'racks.tiles' has {ch!r}, which is not in the alphabet")
            tiles.append(Tile(text, item[1], item[2]))
        if len({t.text for t in tiles}) != len(tiles):
            raise self.fail("field 'racks.tiles' names a tile twice")
        racks = Racks(
            tiles=tuple(tiles),
            blanks=self.get(table, "blanks", int, "racks.", 2),
            rack_size=self.get(table, "rack_size", int, "racks.", 7),
            bingo_bonus=self.get(table, "bingo_bonus", int, "racks.", 50),
            answers_min=self.get(table, "answers_min", int, "racks.", 10),
            answers_max=self.get(table, "answers_max", int, "racks.", 100),
            points_min=self.get(table, "points_min", int, "racks.", 0),
            points_max=self.get(table, "points_max", int, "racks.", 1000),
            daily_blanks=self.get(table, "daily_blanks", int, "racks.", 1),
            support=self.support("racks"),
        )
        for low, high in (("answers_min", "answers_max"), ("points_min", "points_max"), ("daily_blanks", "blanks")):
            if getattr(racks, low) > getattr(racks, high):
                raise self.fail(f"field 'racks.{low}' is above 'racks.{high}'")
        return racks
