"""Every fact the lists stage knows about a form, one :class:`FormFacts` record per form.

Start at :func:`form_facts`. It reads the lists just written (``words.txt``,
``lemmas.txt``, ``game.tsv``) and what the stage decided on the way (the abbreviations, the
lemma stems it removed and why, the games' vocabularies, each form's origins from
:mod:`pipeline.lists.derived`), and says for each form which lists and games have it and, where
one does not, why, in the words ``metadata.json`` counts them with. :mod:`pipeline.lists.database`
writes the records; nothing here writes a file.

The forms are those the lists can hold: every ordinary word the dictionary makes (in
``words.txt`` or left out of it as an abbreviation or for having no vowel), every lemma,
and every form of the games' own vocabularies. The other forms of ``forms.txt`` (proper
nouns, forms with digits, periods, hyphens or apostrophes: 15 million Catalan verbs with
clitics) are left out; the database says how many.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.config import HIVE_SIZE, Language
from pipeline.lists.abbreviations import shape_reason
from pipeline.lists.blocklist import VULGAR, WHY_BLOCKED
from pipeline.lists.clean import fold, is_ordinary_word
from pipeline.lists.derived import Origin
from pipeline.lists.frequency import frequency_table, zipf_in
from pipeline.lists.lexicon import BLOCKED, LIST_CODES, game_list, read_game_rows
from pipeline.lists.tiles import MAX_RACK, TileSet
from pipeline.lists.vocabulary import GameVocabularies, why_not_listed

#: The games, in the order the records and the database name them.
GAMES = ("beehive", "racks", "wordle")
#: Why a form is out of a list when no rule of Rusc's took it out.
NOT_IN_DICTIONARY = "not in the dictionary (added by a game's vocabulary)"
NOT_ORDINARY = "not an ordinary word (capitals, digits, periods, hyphens or apostrophes)"
INFLECTED = "not a lemma (no lemma rule makes it from its stem)"
NO_KEY = "no game key (a letter outside the alphabet)"
GAME_OFF = "game off for this language"


@dataclass(frozen=True)
class ListDecisions:
    """What the lists stage decided besides the lists themselves."""

    #: Form → why it is an abbreviation (:func:`pipeline.lists.abbreviations.abbreviation_forms`).
    abbreviations: dict[str, str]
    #: Stem → why it is not a lemma (:data:`pipeline.lists.lemmas.REASONS`).
    lemma_stems_removed: dict[str, str]
    #: Form → how the expander made it (:func:`pipeline.lists.derived.form_derivations`).
    origins: dict[str, tuple[Origin, ...]]
    #: The games' own vocabularies, None where the language has none.
    vocabularies: GameVocabularies | None = None
    #: Form → why it is a name (:func:`pipeline.lists.names.name_forms`).
    names: dict[str, str] = field(default_factory=dict)
    #: Form → why it is no word on its own (:func:`pipeline.lists.derived.bound_forms`).
    bound: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class FormFacts:
    """One form: its key, its origins, and for each list and game whether it is in and why not."""

    form: str
    #: The game key, or None when the form has none.
    key: str | None
    origins: tuple[Origin, ...]
    #: wordfreq's Zipf frequency of the form (lower-cased); None without a frequency language.
    zipf: float | None
    #: ``game.tsv``'s lists field of the form, or None when it has no row there.
    lists: str | None
    #: List or game name → None when the form is in it, else why it is not.
    out_of: dict[str, str | None] = field(default_factory=dict)


def form_facts(language: Language, folder: Path, decisions: ListDecisions) -> Iterator[FormFacts]:
    """The facts of every form (see the module's docstring), sorted by code point."""
    words = _lines(folder / "words.txt")
    lemmas = _lines(folder / "lemmas.txt")
    rows: dict[str, tuple[str, str]] = {form: (key, lists) for key, form, lists in read_game_rows(folder / "game.tsv")}
    table = frequency_table(language.frequency_language) if language.frequency_language else None
    spelled = _rack_spellings(language, sorted(rows))
    sizes = decisions.vocabularies.graded.sizes() if decisions.vocabularies else {}
    # Each game's rules are looked up once here, not once per form (a million Catalan forms).
    checks = [_GameCheck.of(language, game, decisions, sizes) for game in GAMES]
    no_row = (None, None)
    everything = set(decisions.origins) | set(rows) | lemmas
    for form in sorted(everything):
        key, lists = rows.get(form, no_row)
        if key is None:
            key = fold(form, language)
        out_of = {
            "words": None if form in words else _why_not_word(language, form, decisions),
            "lemmas": None if form in lemmas else _why_not_lemma(language, form, decisions),
        }
        for check in checks:
            out_of[check.game] = check.why_not(form, key, lists, out_of, spelled)
        zipf = zipf_in(table, form) if table is not None else None
        yield FormFacts(form, key, decisions.origins.get(form, ()), zipf, lists, out_of)


def _lines(path: Path) -> set[str]:
    with open(path, encoding="utf-8", newline="\n") as handle:
        return {line.rstrip("\n") for line in handle}


def _not_a_word(form: str, decisions: ListDecisions) -> str | None:
    """Why the lists stage took ``form`` for a name, an abbreviation or a bound form, if it did."""
    if form in decisions.names:
        return decisions.names[form]
    if form in decisions.abbreviations:
        return f"abbreviation: {decisions.abbreviations[form]}"
    if form in decisions.bound:
        return decisions.bound[form]
    return None


def _why_not_word(language: Language, form: str, decisions: ListDecisions) -> str:
    if reason := _not_a_word(form, decisions):
        return reason
    if form not in decisions.origins:
        return NOT_IN_DICTIONARY
    if not is_ordinary_word(form, language):
        return NOT_ORDINARY
    shape = shape_reason(form, language)
    return f"abbreviation: {shape}" if shape else NOT_ORDINARY


def _why_not_lemma(language: Language, form: str, decisions: ListDecisions) -> str:
    if reason := _not_a_word(form, decisions):
        return reason
    origins = decisions.origins.get(form)
    if not origins:
        return NOT_IN_DICTIONARY
    shape = shape_reason(form, language)
    if shape:
        return f"abbreviation: {shape}"
    removed_stems = decisions.lemma_stems_removed
    removed = {removed_stems[o.stem] for o in origins if not o.affixes and o.stem in removed_stems}
    return "; ".join(sorted(removed)) if removed else INFLECTED


@dataclass(frozen=True)
class _GameCheck:
    """Why a form cannot be an answer of one game, with the game's rules read once."""

    game: str
    language: Language
    decisions: ListDecisions
    sizes: dict[str, int]
    #: The game is on for the language.
    supported: bool
    #: The list of game.tsv the game reads (:func:`pipeline.lists.lexicon.game_list`) and its code.
    source: str
    code: str
    #: The game reads a vocabulary of its own.
    own_vocabulary: bool
    #: Beehive: the letters no hive uses.
    excluded: frozenset[str] = frozenset()

    @classmethod
    def of(cls, language: Language, game: str, decisions: ListDecisions, sizes: dict[str, int]) -> _GameCheck:
        source = game_list(language, game)
        return cls(
            game,
            language,
            decisions,
            sizes,
            supported=game in language.supported_games,
            source=source,
            code=LIST_CODES[source],
            own_vocabulary=source in GAMES and decisions.vocabularies is not None,
            excluded=frozenset(language.beehive.excluded_letters),
        )

    def why_not(
        self,
        form: str,
        key: str | None,
        lists: str | None,
        out_of: dict[str, str | None],
        spelled: dict[str, str | None],
    ) -> str | None:
        """Why ``form`` (its game ``key`` and game.tsv ``lists`` field; ``out_of`` the
        verdicts of the lists) cannot be an answer of the game (None when it can)."""
        if not self.supported:
            return GAME_OFF
        if key is None:
            return NO_KEY
        if lists is None or self.code not in lists:
            if self.own_vocabulary:
                if out_of["words"] is not None:
                    return f"not in the {self.game} vocabulary: {out_of['words']}"
                assert self.decisions.vocabularies is not None
                why = why_not_listed(form, self.decisions.vocabularies, self.game, self.sizes)
                return f"not in the {self.game} vocabulary: {why}"
            return f"not in {self.source}: {out_of[self.source]}"
        blocked = lists[-1]
        if blocked == BLOCKED or (blocked == VULGAR and self.game != "racks"):
            return WHY_BLOCKED[blocked]
        return self._rule(key, spelled.get(form) if self.game == "racks" else None)

    def _rule(self, key: str, tiles: str | None) -> str | None:
        """The game's own rules on a key of its list (length, letters, tiles)."""
        language = self.language
        if self.game == "beehive":
            rules = language.beehive
            if len(key) < rules.min_length:
                return f"shorter than {rules.min_length} letters"
            if len(set(key)) > HIVE_SIZE:
                return f"more than {HIVE_SIZE} different letters"
            if self.excluded and not self.excluded.isdisjoint(key):
                return no_hive_letters(language)
            return None
        if self.game == "racks":
            if tiles is None or not 2 <= len(tiles) <= MAX_RACK:
                return f"not spelled in 2 to {MAX_RACK} tiles"
            return None
        if len(key) not in language.wordle.lengths:
            return f"not {' or '.join(map(str, language.wordle.lengths))} letters long"
        return None


def no_hive_letters(language: Language) -> str:
    """Why a key with one of the letters no hive uses is out of the beehive."""
    return f"letters no hive uses ({''.join(sorted(language.beehive.excluded_letters))})"


def _rack_spellings(language: Language, forms: list[str]) -> dict[str, str | None]:
    """Each form's spelling in rack tiles (None: unspellable), as the rack index spells them."""
    if "racks" not in language.supported_games:
        return {}
    return dict(zip(forms, TileSet.of(language).codes_of_forms(forms)))
