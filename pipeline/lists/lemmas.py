"""Lemmas: the entries a normative dictionary lists, chosen from a Hunspell dictionary.

Start at :func:`lemmas`. A Hunspell .dic mixes dictionary entries with forms it spells out
one by one (irregular verbs, plurals, superlatives), and its affix rules make both lemmas
(a feminine singular, a participle) and inflections. Everything language-specific comes
from the language's TOML (:class:`pipeline.config.LemmaEvidence`,
:class:`~pipeline.config.LemmaRule`, :class:`~pipeline.config.StemExclusion`); nothing here
knows a language.

The decision is made per stem, with the flags of all its .dic lines together (the Catalan
.dic lists ``atrau/_C`` and ``atrau/_Z`` on two lines):

1. Exclusions that hold even for nouns and adjectives (superlatives: ``pobríssim/_F``).
2. A stem with a *nominal* flag (one only nouns and adjectives take) is a lemma, even when
   a verb form is spelled the same (``pare/_E``, ``vol/_E``): it is a dictionary entry.
3. Otherwise the stem is not a lemma when the .dic shows it is a conjugated form or a plural:
   the language's stem exclusions (flags only finite verbs take), a *run* of one verb
   (:func:`conjugated_stems`), a form a pinned conjugation table gives for a verb of the
   .dic (:func:`tabled_stems`), a plural of another stem (:func:`plural_stems`), or a form
   another stem's inflection rules make (:func:`inflected_stems`).
4. What remains is a lemma, and so are the forms the language's lemma rules make from it;
   so is a stem the language lists as a homograph of a verb form (Catalan cal, "ca el"),
   whatever the runs, the table or the plural rule found (not the exclusions).
5. Where the .dic has no line for a noun spelled like a verb form, two more sources add it:
   the singular of a plural it lists alone (Brazilian casos: caso, :func:`unlisted_singulars`),
   and a second dictionary's entries that this one makes (the European casa, vida, coisa:
   :func:`second_entries`); "makes" with up to one prefix and one suffix (:class:`_Makers`).
6. And the language file names the forms the .dic makes only with rules that make no
   lemma, but which a dictionary lists as entries (``derived_entries``: English later,
   defer); one the .dic does not make is refused.

Runs: a single stem that happens to equal a verb form is usually an invariable word
(``semen``, ``penis``, ``durant``); a verb the .dic spells out form by form shows up as many
stems of one verb. So a stem counts as conjugated when at least ``min_run`` stems are forms
of the same verb — either made by the .aff's verb models from one infinitive, or one base
with ``min_run`` endings of one tense of the language's ending table.

A conjugation table (:mod:`pipeline.lists.conjugations`) knows the irregular verbs the runs miss
(fèiem, fóssim, desprenguí). Its forms are trusted only where the .aff does not already
make them from the verb: a stem the .dic lists beside a verb whose model makes the same
form is an entry of its own (penis beside penar/00, semen beside semar).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.config import Language, LemmaEvidence
from pipeline.core.errors import RuscError
from pipeline.core.progress import progress
from pipeline.expand.affixes import AffixRule
from pipeline.lists.abbreviations import shape_reason
from pipeline.lists.clean import is_ordinary_word
from pipeline.lists.conjugations import ConjugationTable, read_conjugations, strip_accents, without_hiatus_marks


@dataclass(frozen=True)
class LemmaChoice:
    """What :func:`choose_stems` decided, for the lists and for the report in metadata."""

    #: Stems that are lemmas (before the lemma rules add their feminines, participles...).
    kept: frozenset[str]
    #: Stem → why it is not a lemma (a short category name, see :data:`REASONS`).
    removed: dict[str, str]
    #: Lemmas besides the kept stems and their lemma rules' forms: the singulars of plurals
    #: the .dic lists alone (caso of casos), a second dictionary's entries it makes (casa)
    #: and the language file's derived entries (later).
    added: frozenset[str] = frozenset()


#: The reasons a stem is not a lemma, in the order they are tried.
REASONS = (
    "excluded",
    "conjugated (verb model)",
    "conjugated (spelled-out tense)",
    "conjugated (conjugation table)",
    "plural",
    "inflection",
)


def lemma_list(
    language: Language,
    aff: Path,
    dic: Path,
    conjugation_files: tuple[Path, ...] = (),
    entries_aff: Path | None = None,
) -> tuple[list[str], dict[str, int], dict[str, str]]:
    """The lemma forms of the dictionary at ``aff``/``dic``, how many stems each reason
    removed (for ``metadata.json``) and each removed stem's reason (for ``words.sqlite``):
    what :func:`pipeline.lists.wordlists.build_lists` runs. ``conjugation_files`` are the language's
    conjugation table, fetched; ``entries_aff`` its second dictionary of entries (``[lemmas]
    entries``), its .dic beside it."""
    from pipeline.expand.bounded import language_expander

    forms, choice = lemmas(
        language,
        language_expander(language, aff, dic),
        conjugation_table(language, conjugation_files),
        second_entries(language, entries_aff),
    )
    counts: dict[str, int] = {}
    for reason in choice.removed.values():
        counts[reason] = counts.get(reason, 0) + 1
    return forms, dict(sorted(counts.items())), dict(sorted(choice.removed.items()))


def conjugation_table(language: Language, files: tuple[Path, ...]) -> ConjugationTable | None:
    """The language's conjugation table read from its fetched ``files`` (None without)."""
    evidence = language.lemma_evidence
    if not files:
        return None
    return read_conjugations(
        list(files),
        evidence.finite_moods,
        evidence.participle_mood,
        evidence.inflected_participles,
        evidence.variant_endings,
        evidence.template_fixes,
    )


def second_entries(language: Language, entries_aff: Path | None) -> frozenset[str]:
    """The stems of the second dictionary of entries (``[lemmas] entries``) that are entries:
    bare, or with one of ``entry_flags``."""
    if entries_aff is None:
        return frozenset()
    from spylls.hunspell import Dictionary

    flags = language.lemma_evidence.entry_flags
    words = Dictionary.from_files(str(entries_aff.with_suffix(""))).dic.words
    return frozenset(word.stem for word in words if not word.flags or word.flags & flags)


def lemmas(
    language: Language,
    expander,
    conjugations: ConjugationTable | None = None,
    second: frozenset[str] = frozenset(),
) -> tuple[list[str], LemmaChoice]:
    """The lemma forms of ``language`` (sorted) and the stem decisions behind them.

    A lemma must be an ordinary word once its hyphens and apostrophes are set aside
    (amelar-se and perdre's are pronominal infinitives; Barcelona is a proper noun).
    ``second``, a second dictionary's entries (:func:`second_entries`), are lemmas too where
    this dictionary makes them.
    """
    from pipeline.expand import derivations

    entries = expander.entries()
    choice = choose_stems(language, expander, conjugations, second)
    selectors = language.lemma_rules
    decided: dict[int, tuple] = {}  # by rule identity: the hot loop asks millions of times

    def selecting(rule) -> tuple:
        """The selectors that take ``rule`` (empty: the rule makes no lemma)."""
        found = decided.get(id(rule))
        if found is None:
            found = decided[id(rule)] = tuple(s for s in selectors if s.selects(rule.flag, rule.index, rule.add))
        return found

    def allow(rule) -> bool:
        return bool(selecting(rule))

    def stem_takes(entry, chain) -> bool:
        """A selector with ``stem_endings`` applies only to such stems (amelar → amelar-se,
        but no clitic form of the imperative abstén), one with ``stem_lacks`` only to stems
        without those flags (late, which takes -est, makes no headword later)."""
        return not chain or any(
            (not s.stem_endings or entry.stem.endswith(s.stem_endings)) and s.stem_lacks.isdisjoint(entry.flags)
            for s in selecting(chain[0])
        )

    drop = {ord(ch): None for ch in language.folding.drop}
    found: set[str] = set()
    kept = choice.kept
    for entry in progress(entries, desc=f"{language.code} lemmas", unit="stem"):
        if entry.stem not in kept:
            continue
        for derivation in derivations(expander, entry, allow=allow):
            form = derivation.form
            if is_ordinary_word(form.translate(drop), language) and stem_takes(entry, derivation.chain):
                found.add(form)
    found.update(word for word in choice.added if is_ordinary_word(word, language))
    return sorted(found), choice


def choose_stems(
    language: Language, expander, conjugations: ConjugationTable | None = None, second: frozenset[str] = frozenset()
) -> LemmaChoice:
    """Decide, stem by stem, which .dic stems are lemmas (steps 1–3 of the module doc), and
    which words that are no kept stem are lemmas too (step 5: ``second`` is a second
    dictionary's entries, :func:`second_entries`)."""
    lines_of: dict[str, tuple[frozenset[str], ...]] = {}
    for entry in expander.entries():
        lines_of[entry.stem] = lines_of.get(entry.stem, ()) + (entry.flags,)
    flags_of = {stem: lines[0] if len(lines) == 1 else frozenset().union(*lines) for stem, lines in lines_of.items()}
    evidence = language.lemma_evidence
    always = [rule for rule in language.lemma_exclusions if rule.nominal_too]
    unless_nominal = [rule for rule in language.lemma_exclusions if not rule.nominal_too]
    nominal = evidence.nominal_flags
    removed: dict[str, str] = {}
    open_stems = []
    excluded_stems = []  # without nominal or verb flags, but excluded: evidence for the runs
    for stem, lines in lines_of.items():
        flags = flags_of[stem]
        if always and any(rule.excludes(stem, lines) for rule in always):
            removed[stem] = REASONS[0]
        elif flags & nominal:
            continue
        elif unless_nominal and any(rule.excludes(stem, lines) for rule in unless_nominal):
            removed[stem] = REASONS[0]
            if not flags & evidence.verb_flags:
                excluded_stems.append(stem)
        elif not flags & evidence.verb_flags:
            open_stems.append(stem)
    if evidence.verb_flags or evidence.tenses:
        for stem, reason in conjugated_stems(evidence, expander, flags_of, open_stems, excluded_stems).items():
            removed.setdefault(stem, reason)
    if conjugations is not None:
        for stem in tabled_stems(evidence, conjugations, expander, open_stems):
            removed.setdefault(stem, REASONS[3])
    if evidence.plural_flags or evidence.plural_pairs or evidence.second_plural_pairs:
        for stem in plural_stems(evidence, expander, flags_of, open_stems):
            removed.setdefault(stem, REASONS[4])
    if evidence.inflection_flags:
        for stem in inflected_stems(language, expander, flags_of, open_stems):
            removed.setdefault(stem, REASONS[5])
    wanted = evidence.unlisted_singulars or second or evidence.derived_entries
    makers = _Makers(language, expander, flags_of) if wanted else None
    singular_of = unlisted_singulars(language, makers, open_stems) if makers and evidence.unlisted_singulars else {}
    for stem in singular_of:
        removed.setdefault(stem, REASONS[4])
    for stem in evidence.homographs:  # entries whatever a run, the table or a plural rule found
        if removed.get(stem) not in (None, REASONS[0]):
            del removed[stem]
    kept = frozenset(stem for stem in flags_of if stem not in removed)
    added = {singular for stem, singular in singular_of.items() if removed.get(stem) == REASONS[4]}
    for word in sorted(evidence.derived_entries):
        if makers is None or not makers.makes(word):
            raise RuscError(f"[lemmas] derived_entries: {word!r} is no form the dictionary makes", language.path)
        added.add(word)
    if makers is not None:
        added.update(word for word in second if is_ordinary_word(word, language) and makers.makes(word))
    return LemmaChoice(kept, dict(sorted(removed.items())), frozenset(added))


class _SuffixIndex:
    """Suffix rules indexed by what they add and strip, to find which stem a rule could
    have made a word from (``word = base[:-len(strip)] + add`` read backwards)."""

    def __init__(self, rules: Iterable):
        self.by_add: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for rule in rules:
            self.by_add[rule.add][rule.strip].append(rule)
        self.by_add = {add: dict(strips) for add, strips in self.by_add.items()}
        self.longest = max((len(add) for add in self.by_add), default=0)

    def makers(self, word: str, flags_of: dict[str, frozenset[str]]) -> Iterator[tuple[str, AffixRule]]:
        """``(base, rule)`` for each stem ``base`` carrying the rule's flag from which the
        rule makes ``word``."""
        for cut in range(min(self.longest, len(word)) + 1):
            strips = self.by_add.get(word[len(word) - cut :])
            if strips is None:
                continue
            head = word[: len(word) - cut]
            for strip, rules in strips.items():
                base = head + strip
                flags = flags_of.get(base)
                if flags is None or base == word:
                    continue
                for rule in rules:
                    if rule.flag in flags and rule.condition.matches_end(base):
                        yield base, rule


class _Makers:
    """Whether the dictionary makes a word from one of its stems (``flags_of``: stem → flags)
    with at most one prefix and one suffix rule, as casar makes caso and a + cessar acesso;
    the bound-form rules make no word (:class:`pipeline.config.BoundRule`)."""

    def __init__(self, language: Language, expander, flags_of: dict[str, frozenset[str]]):
        def word_rules(groups) -> list[AffixRule]:
            return [
                rule
                for rules in groups.values()
                for rule in rules
                if language.bound_reason(rule.flag, rule.index) is None
            ]

        self.suffixes = _SuffixIndex(word_rules(expander.data.suffixes))
        self.prefixes = word_rules(expander.data.prefixes)
        self.flags_of = flags_of

    def makes(self, word: str) -> bool:
        flags_of = self.flags_of
        if word in flags_of or next(iter(self.suffixes.makers(word, flags_of)), None) is not None:
            return True
        for prefix in self.prefixes:
            if not word.startswith(prefix.add):
                continue
            inner = prefix.strip + word[len(prefix.add) :]
            if prefix.flag in flags_of.get(inner, ()) and prefix.condition.matches_start(inner):
                return True
            if prefix.cross and any(
                rule.cross and prefix.flag in flags_of[base] and prefix.condition.matches_start(base)
                for base, rule in self.suffixes.makers(inner, flags_of)
            ):
                return True
        return False


def unlisted_singulars(language: Language, makers: _Makers, stems: list[str]) -> dict[str, str]:
    """Plural stem → its singular, for the stems among ``stems`` that end with a plural
    ending of ``unlisted_singulars`` whose singular is no stem, but a form the dictionary
    makes from another stem (``makers``): a noun the .dic spells only in the plural because
    its singular is also a verb form (casos beside casar, whose caso is "I marry"). A
    singular nothing makes is no word (lápis keeps its -s), and neither is one only a
    bound-form rule makes (aliás is no plural of aliá-lo's aliá)."""
    found: dict[str, str] = {}
    for stem in stems:
        for plural, singular_ending in language.lemma_evidence.unlisted_singulars:
            if stem.endswith(plural):
                singular = stem[: len(stem) - len(plural)] + singular_ending
                if singular not in makers.flags_of and makers.makes(singular):
                    found[stem] = singular
                break
    return found


def conjugated_stems(
    evidence: LemmaEvidence,
    expander,
    flags_of: dict[str, frozenset[str]],
    stems: list[str],
    excluded: Iterable[str] = (),
) -> dict[str, str]:
    """The stems among ``stems`` that belong to a run of one verb's conjugation.

    Two kinds of run, both of at least ``evidence.min_run`` stems:

    * forms the .aff's verb models make from one infinitive with a finite rule (every rule
      but ``evidence.non_finite_rules``): ``botes``, ``botessen``… spelled out for *botre*
      are also forms the model of *botar* makes;
    * one base with endings of one tense of ``evidence.tenses``, for the verbs the .aff has
      no model for (``concebéssem``, ``concebessin``, ``concebés`` share ``conceb`` and the
      imperfect subjunctive); once a base is a verb's, its stems with any tense's ending or
      a shared one (``evidence.shared_endings``) are its forms too. Stems already
      ``excluded`` count towards such a run (faceu beside the excluded faci/_D, facis/_D).
    """
    found: dict[str, str] = {}
    rules = [
        rule
        for flag in sorted(evidence.verb_flags)
        for rule in expander.data.suffixes.get(flag, ())
        if rule.index not in evidence.non_finite_rules
    ]
    index = _SuffixIndex(rules)
    by_verb: dict[str, set[str]] = defaultdict(set)
    for stem in stems:
        for base, _rule in index.makers(stem, flags_of):
            by_verb[base].add(stem)
    for base in sorted(by_verb):
        if len(by_verb[base]) >= evidence.min_run:
            for stem in by_verb[base]:
                found.setdefault(stem, REASONS[1])
    tense_of: dict[str, list[int]] = defaultdict(list)  # ending -> the tenses it ends
    for number, tense in enumerate(evidence.tenses):
        for ending in set(tense):
            tense_of[ending].append(number)
    longest = max((len(ending) for ending in tense_of), default=0)
    endings_of: dict[tuple[int, str], set[str]] = defaultdict(set)  # (tense, base) -> endings
    for stem in (*stems, *excluded):
        for cut in range(1, min(longest, len(stem) - 1) + 1):
            if len(stem) - cut < evidence.min_base and cut < evidence.short_base_ending:
                continue
            ending = stem[len(stem) - cut :]
            for number in tense_of.get(ending, ()):
                endings_of[number, stem[: len(stem) - cut]].add(ending)
    verb_bases = {base for (_number, base), seen in endings_of.items() if len(seen) >= evidence.min_run}
    # Every stem of a verb base found by a run is a form of it, whichever tense's ending
    # (or shared ending, such as "em") it has: rompem beside rompo, romps, rompen.
    every_ending = set(tense_of) | set(evidence.shared_endings)
    longest = max((len(ending) for ending in every_ending), default=0)
    for stem in stems:
        for cut in range(1, min(longest, len(stem) - 1) + 1):
            if len(stem) - cut < evidence.min_base and cut < evidence.short_base_ending:
                continue
            if stem[len(stem) - cut :] in every_ending and stem[: len(stem) - cut] in verb_bases:
                found.setdefault(stem, REASONS[2])
                break
    return found


def tabled_stems(evidence: LemmaEvidence, table: ConjugationTable, expander, stems: list[str]) -> list[str]:
    """The stems among ``stems`` that are conjugated forms of a verb of the .dic by the
    conjugation ``table``:

    * a form the table gives for the verb, unless the .aff makes it from the verb's own
      lines (then the .dic lists the stem as a homograph entry: penis beside penar/00,
      while cobrí, made from cobrar/00, is also the spelled-out cobrir's and goes);
    * for a verb the .dic spells out (no model flag), its root and any ending of the table
      (the regional forms the table lacks: descobrixes, sentigueu, desfaig), unless the
      stem is shaped like an infinitive itself (retre beside retreure);
    * a run of at least ``evidence.min_run`` stems with a diaeresis that are one verb's
      table forms once the marks of a hiatus on i and u are set aside, a regional spelling
      of the hiatus the table does not use (redarguïsc, redarguïxen, redarguïa… of
      redargüir; reïsc of reeixir; lluïssen beside lluíssin). Other accents are not set
      aside: they tell the adjective gèmina from geminar's gemina.

    The .dic's spelled-out infinitives the table lacks are conjugated by analogy first."""
    from pipeline.expand import entry_forms

    lines_of = defaultdict(list)
    for entry in expander.entries():
        lines_of[entry.stem].append(entry)
    spelled_out = sorted(
        stem
        for stem, lines in lines_of.items()
        if evidence.infinitive_flags
        and stem.endswith(evidence.infinitive_endings)
        and any(entry.flags & evidence.infinitive_flags for entry in lines)
        and not any(entry.flags & (evidence.nominal_flags | evidence.verb_flags) for entry in lines)
    )
    table = table.with_verbs(spelled_out)
    made: dict[str, set[str]] = {}

    def made_from(infinitive: str) -> set[str]:
        if infinitive not in made:
            made[infinitive] = {form for entry in lines_of[infinitive] for form in entry_forms(expander, entry)}
        return made[infinitive]

    roots = {root for verb in spelled_out if (root := table.root(verb)) and len(root) >= evidence.min_root}
    endings = table.endings()
    longest = max(map(len, endings), default=0)

    def root_and_ending(stem: str) -> bool:
        return not stem.endswith(evidence.infinitive_endings) and any(
            stem[: len(stem) - cut] in roots and stem[len(stem) - cut :] in endings
            for cut in range(1, min(longest, len(stem)) + 1)
        )

    found = [
        stem
        for stem in stems
        if any(stem not in made_from(verb) for verb in table.infinitives(stem) if verb in lines_of)
        or (roots and root_and_ending(stem))
    ]
    taken = set(found)
    return found + _hiatus_runs(evidence, table, lines_of, [stem for stem in stems if stem not in taken])


def _hiatus_runs(evidence: LemmaEvidence, table: ConjugationTable, verbs: dict, stems: list[str]) -> list[str]:
    """:func:`tabled_stems`' last rule: the ``stems`` with a diaeresis (and not table forms
    as spelled) that are table forms of a verb of ``verbs`` once the marks of a hiatus of
    both are set aside (:func:`~pipeline.lists.conjugations.without_hiatus_marks`), where the verb
    has at least ``evidence.min_run`` of them."""
    folded: dict[str, set[str]] = defaultdict(set)
    for form, infinitives in table.verbs_of.items():
        folded[without_hiatus_marks(form)].update(infinitives)
    by_verb: dict[str, list[str]] = defaultdict(list)
    for stem in stems:
        if not set(stem) & _DIAERESES or stem in table.verbs_of:  # spelled as the table's
            continue
        for verb in folded.get(without_hiatus_marks(stem), ()):
            if verb in verbs:
                by_verb[verb].append(stem)
    return sorted({stem for verb, run in by_verb.items() if len(run) >= evidence.min_run for stem in run})


_DIAERESES = frozenset("ïü")


def inflected_stems(language: Language, expander, flags_of: dict[str, frozenset[str]], stems: list[str]) -> list[str]:
    """Stems among ``stems`` that a rule of the language's ``inflection_flags`` makes from
    another stem, and that take no suffix of their own: inflections the .dic lists as stems
    only to give them prefixes (en-za's computed/AK, fires/a). One that takes suffixes is an
    entry of its own (lower/dS, liver/S, tired/Y); so is none made from an abbreviation's
    stem (cling beside cl/G)."""
    evidence = language.lemma_evidence
    rules = [rule for flag in sorted(evidence.inflection_flags) for rule in expander.data.suffixes.get(flag, ())]
    index = _SuffixIndex(rules)
    suffix_flags = expander.data.suffixes.keys()

    def made_from_a_word(stem: str) -> bool:
        return any(shape_reason(base, language) is None for base, _rule in index.makers(stem, flags_of))

    return [stem for stem in stems if suffix_flags.isdisjoint(flags_of[stem]) and made_from_a_word(stem)]


def plural_stems(evidence: LemmaEvidence, expander, flags_of: dict[str, frozenset[str]], stems: list[str]) -> list[str]:
    """Stems among ``stems`` that a plural rule (a rule of ``evidence.plural_flags`` whose
    affix ends with ``evidence.plural_ending``) makes from another stem: plurals the .dic
    lists as stems of their own; or a stem that ``evidence.plural_pairs`` pairs with a
    singular stem of at least ``evidence.min_singular`` letters that takes no plural rule
    (hackejats beside hackejat, psicomotors beside psicomotor; not pas beside pa/_G), or by
    ``evidence.second_plural_pairs`` with any singular stem (a regional second plural:
    jóvens beside jove/_E). The accents may differ, as the stress moves: depesos beside
    depès, lúmens beside lumen."""
    rules = [
        rule
        for flag in sorted(evidence.plural_flags)
        for rule in expander.data.suffixes.get(flag, ())
        if rule.add.endswith(evidence.plural_ending)
    ]
    index = _SuffixIndex(rules)
    by_letters: dict[str, list[str]] = defaultdict(list)  # a stem without accents -> the stems
    for stem in flags_of:
        by_letters[strip_accents(stem)].append(stem)

    pairs = [(pair, True) for pair in evidence.plural_pairs] + [(pair, False) for pair in evidence.second_plural_pairs]

    def singular_listed(stem: str) -> bool:
        for (plural, singular), only_bare in pairs:
            if stem.endswith(plural):
                base = stem[: len(stem) - len(plural)] + singular
                if len(base) < evidence.min_singular:
                    continue
                for listed in by_letters.get(strip_accents(base), ()):
                    if listed != stem and not (only_bare and flags_of[listed] & evidence.plural_flags):
                        return True
        return False

    return [
        stem
        for stem in stems
        if (stem.endswith(evidence.plural_ending) and next(iter(index.makers(stem, flags_of)), None))
        or singular_listed(stem)
    ]
