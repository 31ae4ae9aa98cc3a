"""The games' vocabulary: which words each game takes, chosen from a graded word list.

A spelling dictionary accepts every word it knows; a word game should ask only for the words
its players know. Where a language has a ``[vocabulary]`` table
(:class:`pipeline.config.Vocabulary`), its games play words chosen from a graded list —
SCOWL, whose files sort English words by *size* (10: the commonest … 95: nearly every word
in existence) and by *category* (spelling: english, american, british, variant_1…;
sub-category: words, upper, proper-names, abbreviations, contractions, and the special
lists such as Roman numerals). ``words.txt`` and ``forms.txt`` stay the dictionary's
complete references; only the games' lists (``game.tsv``, ``wordle.tsv`` and the games'
data) change.

Start at :func:`game_vocabularies`. The rules, in order:

1. **Categories.** Only the ``words`` files of the language's spelling categories are read
   (``[vocabulary] spellings``): names, upper-case words, abbreviations, contractions,
   Roman numerals and other spellings (British in an American list) are out by category.
   A candidate is lower case and letters only, two or more: no capitals, hyphens,
   apostrophes or single letters. Where the language says its accents are optional
   (``accents_optional``), a word with accents (café, attachés) brings its key's plain
   spelling (cafe, attaches) into the games that take it. And the list's ``words`` files
   hold a few abbreviations all the same (kb, mb, csc, dkl, and letters' plurals: bs, ds): a
   word whose key has the shape of one (:func:`pipeline.lists.abbreviations.shape_reason`:
   no vowel, unless the language lists it as a word, as brr, hmm and psst; a Roman
   numeral) is out of every game.
2. **Tiers.** Each game has tiers by size: a word falls in the first tier whose size is at
   least its own (its smallest size in the list) and is out above the last. A tier may ask
   for a least wordfreq Zipf frequency, counted over the word's *family* (the word and its
   inflections, found by the language's suffix rules: :func:`family_roots`), so that a word
   and its inflections come in or go out together.
3. **Names.** Where a tier says ``names_out``, a word whose capitalised spelling, or its
   family root's, is a name the list has at a smaller size than the word (lilo) is out:
   wordfreq folds case, so its frequency is the name's, not the word's; ``capitals_out``
   does the same with the list's upper-case words (Dido, Balboa, Kent, Dover), and
   ``names_any_size_out`` with names at any size (fulham at 80, Fulham at 95), and
   ``same_size_out`` with names and upper-case words at the word's own size (abba, mantua).
4. **Variants.** A word the list has only in variant spelling categories (a game's
   ``variants``: donut, snuck, altho, programed) must be common by itself: a family lends a
   variant the frequency of the usual spelling (programed beside program). And it is out
   when it is another variety's own spelling (``foreign_spellings``: grey, theatre and
   practise are British words, variants only to an American list).
5. **Fragments.** Where a tier says ``min_own_zipf``, a word rarer than that by itself is
   out, its family's frequency notwithstanding (meined, redded: inflections nobody writes).
   Where a tier says ``inflected_only``, a family of one word is out: at the
   largest sizes such words are mostly pieces of foreign set phrases (fide, haut, mein).
   Where it says ``min_root_length``, a shorter root lends its family no frequency: the
   inflections of three-letter roots there are mostly another word's (heres, prees). And
   ``min_zipf_above_base`` asks a frequency of the inflections the list puts at a larger
   size than their base (cryings, acutes, photoed: uses nobody writes).
   And in the games ``[vocabulary.comparatives]`` names, a comparative or superlative the
   language makes with words, not an ending (vivider, cunninger, awkwarder: English says
   more vivid), is out unless wordfreq knows it by itself (:func:`unwritten_comparatives`).
   So is, in the games ``[vocabulary.set_phrases]`` names, a word the language writes only
   inside a set phrase from another (versa, situ, nauseam: each listed with its phrase),
   with its inflections (linguas, primas); and, in the games ``[vocabulary.foreign_words]``
   names, a word of the list's largest sizes that other languages write a hundred times as
   often as the language writes its family (tanto, monde, chez: :func:`foreign_words`).
   And in the games ``[vocabulary.unwritten_verbs]`` names, a verb's past and participle
   forms are out when wordfreq knows none of them: the list conjugates every noun a
   dictionary also gives as a verb (dinnered, gonged, tombed: :func:`unwritten_verbs`).
6. **Editor's lists.** ``add`` brings common words the list lacks into every game;
   ``remove`` takes words out of every game, a game's own ``remove`` out of that game, and
   ``[vocabulary.obscure]`` the words a player cannot know out of the games it names, for
   every spelling variety that shares it. The language file says why for each.

:func:`vocabulary_report` says, for ``metadata.json``, what each rule removed from the
dictionary's words and what the vocabulary added to them.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.config import Comparatives, ForeignWords, Language, UnwrittenVerbs, Vocabulary, VocabularyTier
from pipeline.core.errors import RuscError
from pipeline.lists.abbreviations import shape_reason
from pipeline.lists.blocklist import added_keys
from pipeline.lists.clean import fold
from pipeline.lists.frequency import frequency_table, zipf_in

#: ``<spelling>-<sub-category>.<size>`` or ``special-<name>.<size>``: SCOWL's file names.
_FILE_NAME = re.compile(r"(?P<category>[a-z_0-9]+)-(?P<sub>[a-z-]+)\.(?P<size>\d+)")
#: The sub-categories of names and of upper-case words (rule 3), read in every spelling
#: category (Devon is a British name, a name to an American reader too).
NAME_SUBCATEGORY, CAPITALISED_SUBCATEGORY = "proper-names", "upper"


#: Why a game's vocabulary leaves a word out, where the reason says the word is no word of
#: the language to a player (rule 6 and the foreign words of rule 5), or another variety's
#: (rule 4), whatever its size or frequency: :func:`vocabulary_headwords` takes no such word
#: for a headword.
REMOVED = "removed by the language file"
REMOVED_FROM_GAME = "removed from this game by the language file"
OBSCURE = "a word a player cannot know (read by hand)"
IN_A_SET_PHRASE = "written only in a set phrase (vice versa)"
FOREIGN = "another language's word (tanto, monde)"
ANOTHER_VARIETY = "another variety's spelling"
NO_HEADWORD_HERE = frozenset({REMOVED, REMOVED_FROM_GAME, OBSCURE, IN_A_SET_PHRASE, FOREIGN, ANOTHER_VARIETY})


@dataclass(frozen=True)
class ListedWord:
    """Where the graded list has one lower-case, letters-only spelling."""

    #: The smallest size it is listed at in the language's spellings' ``words`` files, or
    #: None when only other categories list it.
    size: int | None
    #: The other categories that list it ("british-words", "special-roman-numerals", …), for
    #: the report of what the categories removed.
    elsewhere: frozenset[str]
    #: The language's spelling categories whose ``words`` files list it.
    spellings: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GradedList:
    """What the games read of the graded list (:func:`read_graded_list`)."""

    #: Lower-case, letters-only spellings → where the list has them.
    words: dict[str, ListedWord]
    #: Lower-cased names of the list (rule 3) → their smallest size.
    names: dict[str, int]
    #: Lower-cased upper-case words of the list → their smallest size: ordinary words also
    #: written with a capital (Messianic, Xerox), and names not filed as names (Dido, Kent).
    capitalised: dict[str, int] = field(default_factory=dict)

    def sizes(self) -> dict[str, int]:
        """The candidates of the language's spellings (rule 1) → their smallest size."""
        return {word: listed.size for word, listed in self.words.items() if listed.size is not None}


def read_graded_list(files: Iterable[Path], vocabulary: Vocabulary) -> GradedList:
    """Read SCOWL's files (``files``: the package's ``usr/share/dict/scowl/*``)."""
    if vocabulary.source is None:
        raise ValueError("a graded list needs [vocabulary]'s source")
    encoding = vocabulary.source.encoding
    spellings = set(vocabulary.spellings)
    sizes: dict[str, int] = {}
    listed_in: defaultdict[str, set[str]] = defaultdict(set)
    elsewhere: defaultdict[str, set[str]] = defaultdict(set)
    names: dict[str, int] = {}
    capitalised: dict[str, int] = {}
    for path in files:
        match = _FILE_NAME.fullmatch(path.name)
        if match is None:
            continue
        category, sub, size = match["category"], match["sub"], int(match["size"])
        try:
            entries = path.read_bytes().decode(encoding).split("\n")
        except UnicodeDecodeError as error:
            raise RuscError(f"not {encoding}: {error}", path) from None
        if sub in (NAME_SUBCATEGORY, CAPITALISED_SUBCATEGORY):
            found = names if sub == NAME_SUBCATEGORY else capitalised
            for entry in filter(None, entries):
                found[entry.lower()] = min(size, found.get(entry.lower(), size))
            continue
        candidates = [entry for entry in entries if _is_candidate(entry)]
        if category in spellings and sub == "words":
            for entry in candidates:
                if sizes.get(entry, size) >= size:
                    sizes[entry] = size
                listed_in[entry].add(category)
        else:
            for entry in candidates:
                elsewhere[entry].add(f"{category}-{sub}")
    # Many words share a set of categories: one frozenset serves them all.
    frozen: dict[frozenset[str], frozenset[str]] = {}

    def shared(categories: set[str] | None) -> frozenset[str]:
        key = frozenset(categories or ())
        return frozen.setdefault(key, key)

    words = {
        word: ListedWord(sizes.get(word), shared(elsewhere.get(word)), shared(listed_in.get(word)))
        for word in sorted(sizes.keys() | elsewhere.keys())
    }
    return GradedList(words, dict(sorted(names.items())), dict(sorted(capitalised.items())))


def _is_candidate(entry: str) -> bool:
    """Rule 1: lower case and letters only, two or more.

    >>> [word for word in ("cat", "a", "Cat", "don't", "x-ray", "ångström") if _is_candidate(word)]
    ['cat', 'ångström']
    """
    return len(entry) > 1 and entry.isalpha() and entry == entry.lower()


def family_roots(words: Iterable[str], inflections: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each word → the root of its family: the base its inflection leads to by the suffix
    rules ``(ending, base ending)``, when the base is itself a word, followed to the end.
    A stem left with a doubled final letter also tries the single one (stopped → stop).

    >>> rules = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""))
    >>> roots = family_roots(["pony", "ponies", "stop", "stopped", "stopping", "bake", "baked"], rules)
    >>> roots["ponies"], roots["stopping"], roots["baked"], roots["stop"]
    ('pony', 'stop', 'bake', 'stop')
    >>> family_roots(["bus", "buses", "us"], rules)["bus"]  # 'bus' is no plural of 'bu'
    'bus'
    """
    known = set(words)

    def base_of(word: str) -> str | None:
        for ending, replacement in inflections:
            if len(word) > len(ending) + 1 and word.endswith(ending):
                stem = word[: -len(ending)]
                for candidate in (stem + replacement, stem[:-1] + replacement if stem[-1:] == stem[-2:-1] else None):
                    if candidate and candidate != word and candidate in known and len(candidate) > 2:
                        return candidate
        return None

    roots: dict[str, str] = {}
    for word in sorted(known):
        root, seen = word, {word}
        while (base := base_of(root)) is not None and base not in seen:
            root = base
            seen.add(root)
        roots[word] = root
    return roots


def unwritten_comparatives(sizes: dict[str, int], own_zipf: dict[str, float], rules: Comparatives) -> frozenset[str]:
    """The comparatives and superlatives among the list's words (``sizes``: word → its
    size; ``own_zipf``: word → its own Zipf frequency) that the language makes with words,
    not an ending: those of an adjective (a base the list has both forms of, at their size
    or smaller) of more than ``rules.syllables`` syllables that ends with none of
    ``rules.long_bases``, rarer by themselves than ``rules.min_own_zipf``.

    >>> rules = Comparatives(endings=(("er", "est", ""), ("er", "est", "e"), ("ier", "iest", "y")),
    ...     vowels="aeiouy", silent_final="e", long_bases=("y", "le", "ow", "er"))
    >>> zipf = {"vivid": 4, "vivider": 0, "vividest": 0, "tall": 5, "taller": 4, "tallest": 3,
    ...     "happy": 5, "happier": 4, "happiest": 4, "acute": 4, "acuter": 0, "acutest": 0,
    ...     "knead": 3, "kneader": 0, "common": 5, "commoner": 3, "commonest": 0,
    ...     "campy": 3, "campier": 0, "campiest": 0, "campi": 0}
    >>> sizes = dict.fromkeys(zipf, 35) | {"campi": 80}  # campi, campuses: no base of campier
    >>> sorted(unwritten_comparatives(sizes, zipf, rules))
    ['acuter', 'acutest', 'commonest', 'vivider', 'vividest']
    """
    if not rules.endings:
        return frozenset()
    out: set[str] = set()
    vowel_runs = re.compile(f"[{re.escape(rules.vowels)}]+")
    for base, size in sizes.items():
        spoken = base[: -len(rules.silent_final)] if rules.silent_final and base.endswith(rules.silent_final) else base
        if len(vowel_runs.findall(spoken)) <= rules.syllables or base.endswith(rules.long_bases):
            continue
        for comparative, superlative, base_ending in rules.endings:
            if not base.endswith(base_ending):
                continue
            stem = base[: len(base) - len(base_ending)]
            forms = (stem + comparative, stem + superlative)
            if all(sizes.get(form, 0) >= size for form in forms):
                out.update(form for form in forms if own_zipf[form] < rules.min_own_zipf)
    return frozenset(out)


def unwritten_verbs(roots: dict[str, str], own_zipf: dict[str, float], rules: UnwrittenVerbs) -> frozenset[str]:
    """The past and participle forms of the list's verbs that nobody writes: each family
    (``roots``: word → its family root) with members of every one of ``rules.endings`` is a
    verb's, and its members of those endings are out when none reaches ``rules.min_own_zipf``
    (``own_zipf``: word → its own Zipf frequency). Its other members (dinners) stay.

    >>> rules = UnwrittenVerbs(endings=("ed", "ing"))
    >>> zipf = {"dinner": 4, "dinners": 3, "dinnered": 0, "dinnering": 0, "walk": 5, "walked": 4,
    ...     "walking": 4, "quail": 3, "quailed": 1.2, "quailing": 0, "talent": 4, "talented": 0}
    >>> roots = family_roots(zipf, (("s", ""), ("ed", ""), ("ing", "")))
    >>> sorted(unwritten_verbs(roots, zipf, rules))  # talented: no participle, no verb
    ['dinnered', 'dinnering']
    """
    if not rules.endings:
        return frozenset()
    forms: defaultdict[str, list[str]] = defaultdict(list)
    for word in own_zipf:
        root = roots[word]
        if word != root and word.endswith(rules.endings):
            forms[root].append(word)
    out: set[str] = set()
    for members in forms.values():
        is_verb = all(any(member.endswith(ending) for member in members) for ending in rules.endings)
        if is_verb and max(own_zipf[member] for member in members) < rules.min_own_zipf:
            out.update(members)
    return frozenset(out)


def foreign_words(
    sizes: dict[str, int], family_zipf: dict[str, float], tables: dict[str, dict[str, float]], rules: ForeignWords
) -> frozenset[str]:
    """The words of the list (``sizes``: word → its size) at ``rules.from_size`` or larger
    that another language writes ``rules.margin`` Zipf points more often than the language
    writes the word's family (``family_zipf``), but for ``rules.keep``; ``tables``: each
    of ``rules.languages`` → wordfreq's word → frequency table.

    >>> rules = ForeignWords(languages=("fr",), margin=2.0, from_size=70, keep=frozenset({"agora"}))
    >>> sizes = {"monde": 70, "repos": 80, "agora": 70, "ballet": 10}
    >>> family = {"monde": 3.0, "repos": 3.3, "agora": 2.7, "ballet": 4.0}
    >>> french = {"monde": 1e-3, "repos": 3e-5, "agora": 1e-4, "ballet": 1e-3}  # Zipf 6, 4.5, 5, 6
    >>> sorted(foreign_words(sizes, family, {"fr": french}, rules))
    ['monde']
    """
    if not rules.languages:
        return frozenset()
    out = set()
    for word, size in sizes.items():
        if size < rules.from_size or word in rules.keep:
            continue
        theirs = max(zipf_in(table, word) for table in tables.values())
        if theirs - family_zipf[word] >= rules.margin:
            out.add(word)
    return frozenset(out)


@dataclass(frozen=True)
class Family:
    """What the tiers ask of a word's family."""

    #: The best wordfreq Zipf frequency of its members.
    zipf: float
    #: How many spellings it has in the list.
    members: int
    #: The word's own Zipf frequency.
    own_zipf: float


def families(sizes: dict[str, int], roots: dict[str, str], frequency_language: str) -> dict[str, Family]:
    """Each candidate of ``sizes`` → its family: the candidates of its root (``roots``, from
    :func:`family_roots`) listed at the same size. An inflection the list puts at a larger
    size than its base is a rarer use of its own (cancered, womaning at 80 beside cancer,
    woman at 10) and must be common by itself."""
    table = frequency_table(frequency_language) if frequency_language else {}
    own = {word: zipf_in(table, word) for word in sizes}
    best: dict[tuple[str, int], float] = {}
    members: Counter[tuple[str, int]] = Counter()
    for word, size in sizes.items():
        family = (roots[word], size)
        best[family] = max(best.get(family, 0.0), own[word])
        members[family] += 1
    return {
        word: Family(best[roots[word], size], members[roots[word], size], own[word]) for word, size in sizes.items()
    }


def tier_of(size: int, tiers: tuple[VocabularyTier, ...]) -> VocabularyTier | None:
    """The first tier whose size is at least ``size``; None above the last.

    >>> tiers = (VocabularyTier(50), VocabularyTier(70, 2.5))
    >>> tier_of(35, tiers).size, tier_of(60, tiers).min_zipf, tier_of(80, tiers)
    (50, 2.5, None)
    """
    return next((tier for tier in tiers if size <= tier.size), None)


def left_out_because(
    word: str,
    size: int,
    family: Family,
    tier: VocabularyTier,
    graded: GradedList,
    root: str,
    variant_min_zipf: float | None,
) -> str | None:
    """Why a candidate of the list, in ``tier`` (:func:`tier_of` its size), is not in a
    game's vocabulary (rules 3–5), or None. ``variant_min_zipf``: the least frequency of the
    word itself when the list has it only as a variant spelling, else None."""
    below = size + 1 if tier.same_size_out else size
    if tier.names_out and _commoner_capitalised(graded.names, word, root, below):
        return f"a name's spelling at sizes {tier.size} and below"
    if tier.capitals_out and _commoner_capitalised(graded.capitalised, word, root, below):
        return f"an upper-case word's spelling at sizes {tier.size} and below"
    if tier.names_any_size_out and (word in graded.names or root in graded.names):
        return f"a name's spelling at any size, at sizes {tier.size} and below"
    if family.own_zipf < tier.min_own_zipf:
        return f"rarer by itself than Zipf {tier.min_own_zipf:g} at sizes {tier.size} and below"
    if variant_min_zipf is not None and family.own_zipf < variant_min_zipf:
        return f"a variant spelling rarer than Zipf {variant_min_zipf:g}"
    if tier.inflected_only and family.members < 2:
        return f"uninflected at sizes {tier.size} and below"
    if family.zipf < tier.min_zipf:
        return f"rarer than Zipf {tier.min_zipf:g} at sizes {tier.size} and below"
    if family.zipf < tier.min_zipf_above_base and root != word and _size_of(graded, root, size) < size:
        return f"an inflection above its base's size rarer than Zipf {tier.min_zipf_above_base:g}"
    if len(root) < tier.min_root_length and family.own_zipf < tier.min_zipf:
        shorter = tier.min_root_length - 1
        return f"rarer by itself than Zipf {tier.min_zipf:g}, its root of {shorter} letters or fewer, at sizes {tier.size} and below"
    return None


def _size_of(graded: GradedList, word: str, default: int) -> int:
    listed = graded.words.get(word)
    return listed.size if listed is not None and listed.size is not None else default


def _commoner_capitalised(capitalised: dict[str, int], word: str, root: str, below: int) -> bool:
    """Whether the list has the word's (or its root's) capitalised spelling at a size below
    ``below`` (the word's, or one more): Dido (50) before dido (60), a name first; not
    Messianic after messianic."""
    return min(capitalised.get(word, 99), capitalised.get(root, 99)) < below


@dataclass(frozen=True)
class GameVocabularies:
    """Every game's vocabulary of one language, and why the candidates left out are out."""

    #: Game → its forms (sorted).
    games: dict[str, tuple[str, ...]]
    #: Game → candidate form → why it is out (for :func:`vocabulary_report`).
    left_out: dict[str, dict[str, str]]
    #: The graded list they were chosen from.
    graded: GradedList
    #: Candidate → family root (to block an inflection with its blocked base).
    roots: dict[str, str]

    def plain(self) -> tuple:
        """The vocabularies as plain values (dicts, tuples, strings, numbers, frozensets),
        which :mod:`marshal` writes: :meth:`from_plain` reads them back equal."""
        graded = self.graded
        words = {word: (w.size, w.elsewhere, w.spellings) for word, w in graded.words.items()}
        return self.games, self.left_out, (words, graded.names, graded.capitalised), self.roots

    @classmethod
    def from_plain(cls, plain: tuple) -> GameVocabularies:
        games, left_out, (words, names, capitalised), roots = plain
        listed = {word: ListedWord(*fields) for word, fields in words.items()}
        return cls(games, left_out, GradedList(listed, names, capitalised), roots)


def game_vocabularies(language: Language, graded: GradedList) -> GameVocabularies:
    """Each game's vocabulary (rules 1–6 of the module's docstring)."""
    rules = language.vocabulary
    sizes = graded.sizes()
    roots = family_roots(sizes.keys() | rules.added, rules.inflections)
    family_of = families(sizes, roots, language.frequency_language)
    key_of = functools.cache(lambda word: fold(word, language))
    # A plain spelling the list leaves to its tools (attaches for attachés) has the family of
    # its accented twin, and its root's plain spelling for root (attache); none that is a
    # name's spelling (canada beside cañada).
    plain_roots = (
        {
            plain: key_of(root) or root
            for word, root in roots.items()
            if (plain := key_of(word))
            and plain not in roots
            and plain not in rules.removed
            and plain not in graded.names
            and plain not in graded.capitalised
        }
        if rules.accents_optional
        else {}
    )
    abbreviated = {
        word: f"abbreviation: {shape}"
        for word in sizes
        if (key := key_of(word)) and (shape := shape_reason(key, language))
    }
    own_zipf = {word: family.own_zipf for word, family in family_of.items()}
    unwritten = unwritten_comparatives(sizes, own_zipf, rules.comparatives)
    unconjugated = unwritten_verbs(roots, own_zipf, rules.unwritten_verbs)
    phrase_words = frozenset(
        word for word in sizes if not rules.set_phrases.words.keys().isdisjoint((word, roots[word]))
    )
    others_words = foreign_words(
        sizes,
        {word: family.zipf for word, family in family_of.items()},
        {code: frequency_table(code) for code in rules.foreign_words.languages},
        rules.foreign_words,
    )
    games: dict[str, tuple[str, ...]] = {}
    left_out: dict[str, dict[str, str]] = {}
    for game, game_rules in sorted(rules.games.items()):
        tiers = game_rules.tiers
        tier_at = {size: tier_of(size, tiers) for size in set(sizes.values())}
        # The words' spelling categories make a few distinct sets: a variant's least
        # frequency is worked out once per set.
        variant_floor = {
            spellings: min(game_rules.variants[category] for category in spellings)
            for spellings in {listed.spellings for listed in graded.words.values()}
            if spellings and spellings <= game_rules.variants.keys()
        }
        foreign = {f"{spelling}-words" for spelling in game_rules.foreign_spellings}
        chosen, out = set(), {}
        for word, size in sizes.items():
            listed, tier = graded.words[word], tier_at[size]
            floor = variant_floor.get(listed.spellings)
            if word in abbreviated:
                reason: str | None = abbreviated[word]
            elif word in rules.removed:
                reason = REMOVED
            elif word in game_rules.remove:
                reason = REMOVED_FROM_GAME
            elif word in rules.obscure.words and game in rules.obscure.games:
                reason = OBSCURE
            elif word in unwritten and game in rules.comparatives.games:
                reason = "a comparative the language makes with words (more vivid), not an ending"
            elif word in unconjugated and game in rules.unwritten_verbs.games:
                reason = "a verb's form written in none of its forms (dinnered, gonged)"
            elif word in phrase_words and game in rules.set_phrases.games:
                reason = IN_A_SET_PHRASE
            elif word in others_words and game in rules.foreign_words.games:
                reason = FOREIGN
            elif floor is not None and not foreign.isdisjoint(listed.elsewhere):
                reason = ANOTHER_VARIETY
            elif tier is None:
                reason = f"list size above {tiers[-1].size}"
            else:
                reason = left_out_because(word, size, family_of[word], tier, graded, roots[word], floor)
            if reason is None and key_of(word) is not None:
                chosen.add(word)
            elif reason is not None:
                out[word] = reason
        chosen.update(rules.added - rules.removed)
        chosen.update({plain for word in chosen if (plain := key_of(word)) in plain_roots} - game_rules.remove)
        games[game], left_out[game] = tuple(sorted(chosen)), out
    return GameVocabularies(games, left_out, graded, roots | plain_roots)


def vocabulary_headwords(vocabularies: GameVocabularies, game: str = "wordle") -> frozenset[str]:
    """The words of ``game``'s vocabulary that are the root of their family
    (:func:`family_roots`): no inflection of another word. For a word the dictionary lacks
    (cyber, donut, ramen, caddy: the graded list brought them in), the dictionary cannot say
    whether it is a headword; this does, for the Wordle prior, which takes answers for
    headwords (:func:`pipeline.lists.wordlists.wordle_rows`).

    A root of the larger lists may be a name's spelling (costa, kylie), so a root the
    beehive's vocabulary (the words a player knows) leaves out is a headword only where
    it is out for its size or frequency alone: not where the graded list also has it as a
    name or an upper-case word, at any size, nor where the language file or the foreign
    words' rule calls it no word of the language, nor where it is another variety's
    spelling (:data:`NO_HEADWORD_HERE`: theatre to an American list).

    >>> vocabularies = GameVocabularies(
    ...     {"beehive": ("donut", "donuts", "ramen"), "wordle": ("caddy", "costa", "donut", "donuts", "monde", "ramen")},
    ...     {"beehive": {"caddy": "a variant spelling rarer than Zipf 3", "costa": "a name's spelling at any size",
    ...                  "monde": FOREIGN}},
    ...     GradedList({}, {"costa": 95}, {}),
    ...     {"donut": "donut", "donuts": "donut", "ramen": "ramen", "caddy": "caddy", "costa": "costa", "monde": "monde"})
    >>> sorted(vocabulary_headwords(vocabularies))
    ['caddy', 'donut', 'ramen']
    """
    roots, graded = vocabularies.roots, vocabularies.graded
    known = frozenset(vocabularies.games.get("beehive", ()))
    left_out = vocabularies.left_out.get("beehive", {})

    def is_headword(word: str) -> bool:
        if roots.get(word, word) != word:
            return False
        if word in known:
            return True
        return (
            word not in graded.names and word not in graded.capitalised and left_out.get(word) not in NO_HEADWORD_HERE
        )

    return frozenset(word for word in known.union(vocabularies.games.get(game, ())) if is_headword(word))


def blocked_families(
    blocked: dict[str, str], vocabularies: GameVocabularies, language: Language, spared: frozenset[str] = frozenset()
) -> dict[str, str]:
    """``blocked`` (game key → class) with the keys of the vocabularies' forms whose family
    root is blocked: the graded list's inflections the dictionary lacks go with their base.
    ``spared`` keys (:func:`pipeline.lists.blocklist.spared_keys`) and the forms whose root
    is one are not blocked (butters goes with butter, not with butt), unless the blocklist
    table adds them itself."""
    result = dict(blocked)
    spared_too = set(spared)
    root_keys: dict[str, str | None] = {}  # half a million words, far fewer roots
    for word, root in vocabularies.roots.items():
        if root not in root_keys:
            root_keys[root] = fold(root, language)
        root_key = root_keys[root]
        if root_key is None or (root_key not in blocked and root_key not in spared):
            continue
        key = fold(word, language)
        if key is None:
            continue
        if root_key in spared:
            spared_too.add(key)
        elif key not in blocked:
            result[key] = blocked[root_key]
    spared_too -= added_keys(language)
    return {key: cls for key, cls in sorted(result.items()) if key not in spared_too}


def vocabulary_report(language: Language, words: Iterable[str], vocabularies: GameVocabularies) -> dict:
    """For ``metadata.json``: how each game's vocabulary was made, what it took out of the
    dictionary's words (by rule) and what it added to them (by the list's size)."""
    rules = language.vocabulary
    if rules.source is None:
        raise ValueError(f"{language.code} has no [vocabulary] to report on")
    words = set(words)
    report: dict[str, Any] = {
        "source": {
            "kind": rules.source.kind,
            "name": rules.source.name,
            "version": rules.source.version,
            "integrity": rules.source.integrity,
            "licence": rules.source.licence,
        },
        "spellings": list(rules.spellings),
        "games": {},
    }
    sizes = vocabularies.graded.sizes()
    for game, forms in vocabularies.games.items():
        chosen = set(forms)
        removed: Counter[str] = Counter()
        for word in words - chosen:
            removed[why_not_listed(word, vocabularies, game, sizes)] += 1
        added: Counter[str] = Counter()
        for word in chosen - words:
            if word in rules.added and word not in sizes:
                added["added by the language file"] += 1
            elif word in sizes:
                added[f"list size {sizes[word]}"] += 1
            else:
                added["the plain spelling of a word with accents"] += 1
        report["games"][game] = {
            "tiers": [dataclasses.asdict(tier) for tier in rules.games[game].tiers],
            "variants": rules.games[game].variants,
            "foreign_spellings": list(rules.games[game].foreign_spellings),
            "forms": len(chosen),
            "dictionary_words_left_out": dict(sorted(removed.items())),
            "added_to_dictionary_words": dict(sorted(added.items())),
        }
    return report


def why_not_listed(word: str, vocabularies: GameVocabularies, game: str, sizes: dict[str, int]) -> str:
    """Why a word of ``words.txt`` is not in a game's vocabulary."""
    if word in vocabularies.left_out[game]:
        return vocabularies.left_out[game][word]
    if word in sizes:
        return "not a game key"
    listed = vocabularies.graded.words.get(word)
    if word in vocabularies.graded.names:
        return "a name of the list"
    if listed is None:
        return "not in the list"
    return "list category " + ", ".join(sorted(listed.elsewhere))
