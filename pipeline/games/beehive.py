"""The beehive game (Paraulògic / Spelling Bee): solve any hive, score every hive, daily hive.

A hive is seven distinct letters of the language's alphabet, one of them the centre. An
answer is a game key (see :mod:`pipeline.lists.clean`) from the language's beehive list, at
least ``min_length`` letters long, spelled only with the hive's letters (repeats allowed)
and containing the centre. The rules — which list, points by length, the bonus for using
all seven letters, the answer band of a daily hive, the rank ladder — are data in the
language's ``[beehive]`` TOML table; nothing here knows a language.

Where to start reading:

* :class:`BeehiveIndex` — built once per language: every playable key is filed under its
  *letter set*, a bitmask over the alphabet. :meth:`BeehiveIndex.solve` answers a hive
  with 64 dictionary lookups (the letter subsets that contain the centre), never a scan.
* :meth:`BeehiveIndex.all_hives` — every valid hive (a 7-letter set that some word uses
  exactly, × 7 centres) with its word count, points and pangram count, from per-mask
  totals: 128 lookups per letter set.
* :meth:`BeehiveIndex.schedule` — the daily hives, a hash-seeded choice per date
  (:mod:`pipeline.core.daily`) among hives whose answer count is inside the band, preferring
  common pangrams, never repeating a letter set within a year.
* :func:`answer_tiers` — where a language sets a frequency floor (``answer_min_zipf``),
  the list's rarer keys are *bonus words*: a second index (:attr:`BeehiveIndex.bonus`)
  finds them, a player's entry of one is accepted, and nothing counts them (the hints,
  totals, ranks and the daily band are the answers').
* :func:`hints` — the NYT-style hints grid for a hive.
* :func:`all_hives_tsv`, :func:`daily_tsv` — the downloadable files' rows (written by
  :mod:`pipeline.games.gamedata`).
"""

from __future__ import annotations

import datetime as dt
import io
import operator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pipeline.config import HIVE_SIZE, Language
from pipeline.core.daily import DailyStream, dates
from pipeline.core.errors import RuscError, UsageError
from pipeline.core.fsutil import atomic_write, gzip_bytes
from pipeline.core.paths import Paths
from pipeline.core.progress import progress
from pipeline.lists.frequency import game_zipf
from pipeline.lists.lexicon import game_list, game_tsv, lexicon_checksum, load_game_lexicon

#: A letter set may come back only this many days after it was last used: 366 days, so it
#: never recurs within any calendar year's span, leap years included.
REPEAT_GAP = dt.timedelta(days=366)
#: A pangram at least this common (wordfreq's Zipf scale: 3 = once per million words) makes
#: its letter set "preferred" for the daily hive; rarer ones are used only to top the pool up.
COMMON_PANGRAM_ZIPF = 3.0
#: The preferred pool is topped up (by commonness) to at least this many letter sets, so the
#: no-repeat rule always leaves most of the pool free on any day.
MIN_POOL_SETS = 2 * 366
#: Probes of the hash before falling back to listing the free hives explicitly.
MAX_PROBES = 64
#: Word counts and points of a mask are packed into one int (points << 20 | count) so the
#: per-centre sums in :meth:`BeehiveIndex.all_hives` are one C-level ``sum`` each.
_PACK = 20


@dataclass(frozen=True)
class Answer:
    """One answer of a hive."""

    #: Game key as typed (folded: ``colleccio``).
    key: str
    #: Display forms of the key in the list, in file order (``col·lecció``; ``acaba``, ``acabà``).
    forms: tuple[str, ...]
    #: Points including the pangram bonus.
    points: int
    #: Uses all seven letters (a tuti / pangram).
    pangram: bool


@dataclass(frozen=True)
class Hive:
    """A solved hive."""

    #: Seven letters, centre first, the other six in alphabet order.
    letters: str
    centre: str
    #: The seven letters in alphabet order (the order of the hints grid's rows).
    sorted_letters: str
    #: Longest first, then by key.
    answers: tuple[Answer, ...]
    total_points: int
    pangram_count: int
    word_count: int
    #: (rank name, minimum points), lowest first; min points = share × total, rounded half up.
    ranks: tuple[tuple[str, int], ...]
    #: Valid words below the answers' frequency floor, in answer order: accepted, never
    #: counted (none where the language sets no floor).
    bonus: tuple[Answer, ...] = ()


@dataclass(frozen=True)
class HiveSummary:
    """One row of the all-hives table: a hive's totals without its answers."""

    #: The seven letters in alphabet order.
    letters: str
    centre: str
    words: int
    points: int
    pangrams: int


@dataclass(frozen=True)
class DailyHive:
    date: dt.date
    hive: Hive


@dataclass(frozen=True)
class Hints:
    """The NYT hints page for a hive: totals, a first-letter × length grid, two-letter starts."""

    word_count: int
    total_points: int
    pangram_count: int
    #: Word lengths that occur, ascending (the grid's columns).
    lengths: tuple[int, ...]
    #: First letter (alphabet order; only letters that start a word) -> {length -> count}
    #: (only non-zero counts).
    grid: dict[str, dict[int, int]]
    #: First letter -> number of words starting with it (the grid's last column).
    row_totals: dict[str, int]
    #: Length -> number of words of that length (the grid's last row).
    column_totals: dict[int, int]
    #: Two-letter start -> number of words, sorted by alphabet order.
    two_letter: dict[str, int]


@dataclass(eq=False)
class BeehiveIndex:
    """Every playable key of a language filed by its letter set; built by :meth:`load`."""

    language: Language
    #: SHA-256 of ``game.tsv``: the daily choice depends on it.
    checksum: str
    #: Playable keys (long enough, at most seven distinct letters), sorted.
    keys: tuple[str, ...]
    #: Display forms of each key.
    forms: tuple[tuple[str, ...], ...]
    #: Points of each key (the pangram bonus included: a 7-letter set is always a pangram).
    points: tuple[int, ...]
    #: Letter-set bitmask -> indices of its keys, longest first then by key.
    by_mask: dict[int, tuple[int, ...]]
    #: Letter-set bitmask -> packed (points << 20 | word count) of its keys.
    mask_totals: dict[int, int]
    #: Letter -> its bit.
    bits: dict[str, int]
    #: The bonus words' own index (:func:`answer_tiers`), None where every key is an answer.
    bonus: BeehiveIndex | None = None
    _all_hives: list[HiveSummary] | None = field(default=None, repr=False)
    _schedule: list[DailyHive] | None = field(default=None, repr=False)
    _commonness: dict[str, float] = field(default_factory=dict, repr=False)

    # ---- building -------------------------------------------------------------------

    @classmethod
    def load(cls, language: Language, paths: Paths | None, directory: Path | None = None) -> BeehiveIndex:
        """Read ``game.tsv`` (from ``directory``, default the language's word-list folder)."""
        path = game_tsv(language, paths, directory)
        checksum = lexicon_checksum(path)  # checked before it is read
        own: set[str] = set()
        lexicon = load_game_lexicon(path, game_list(language, "beehive"), own=own)
        return cls.from_lexicon(language, lexicon, checksum, frozenset(own))

    @classmethod
    def from_lexicon(
        cls,
        language: Language,
        lexicon: dict[str, tuple[str, ...]],
        checksum: str,
        own: frozenset[str] = frozenset(),
    ) -> BeehiveIndex:
        """Build from key -> display forms (what :func:`load_game_lexicon` returns, with the
        language's ``own`` words English writes more often): the answers' index, with the
        bonus words' own where the language has a floor."""
        answers, bonus = answer_tiers(language, lexicon, own)
        index = cls._filed(language, answers, checksum)
        if bonus:
            index.bonus = cls._filed(language, bonus, checksum)
        return index

    @classmethod
    def _filed(cls, language: Language, lexicon: dict[str, tuple[str, ...]], checksum: str) -> BeehiveIndex:
        """One index: the playable keys of ``lexicon`` filed by letter set."""
        rules = language.beehive
        bits = {letter: 1 << i for i, letter in enumerate(language.alphabet)}
        keys, forms, points, masks = [], [], [], []
        for key in sorted(lexicon):
            if len(key) < rules.min_length:
                continue
            try:
                mask = _mask(key, bits)
            except KeyError:
                raise RuscError(f"game key {key!r} has a letter outside the alphabet", "game.tsv") from None
            letters = mask.bit_count()
            if letters > HIVE_SIZE:
                continue
            keys.append(key)
            forms.append(lexicon[key])
            points.append(rules.points.get(len(key), len(key)) + (rules.pangram_bonus if letters == HIVE_SIZE else 0))
            masks.append(mask)
        grouped: dict[int, list[int]] = {}
        for i, mask in enumerate(masks):
            grouped.setdefault(mask, []).append(i)
        by_mask = {}
        mask_totals = {}
        for mask, members in grouped.items():
            members.sort(key=lambda i: (-len(keys[i]), keys[i]))
            by_mask[mask] = tuple(members)
            mask_totals[mask] = (sum(points[i] for i in members) << _PACK) | len(members)
        return cls(language, checksum, tuple(keys), tuple(forms), tuple(points), by_mask, mask_totals, bits)

    @cached_property
    def _answers(self) -> tuple[Answer, ...]:
        """The Answer of each key: it is the same in every hive that has it (a key with seven
        letters is a pangram of the only hive whose letters it uses)."""
        return tuple(
            Answer(key, forms, points, len(set(key)) == HIVE_SIZE)
            for key, forms, points in zip(self.keys, self.forms, self.points)
        )

    @cached_property
    def _order(self) -> tuple[int, ...]:
        """Each key's position in answer order: longest first, then by key."""
        ranked = sorted(range(len(self.keys)), key=lambda i: (-len(self.keys[i]), self.keys[i]))
        order = [0] * len(ranked)
        for position, i in enumerate(ranked):
            order[i] = position
        return tuple(order)

    # ---- one hive -------------------------------------------------------------------

    def solve(self, letters: str) -> Hive:
        """Every answer of the hive ``letters`` (seven distinct letters, centre first), and
        its bonus words where the language has them."""
        normalised = parse_hive(self.language, letters)
        bonus = self.bonus.matching(normalised) if self.bonus is not None else ()
        return make_hive(self.language, normalised, self.matching(normalised), bonus)

    def matching(self, normalised: str) -> tuple[Answer, ...]:
        """This index's keys playable in the hive ``normalised`` (:func:`parse_hive`'s
        spelling), in answer order."""
        found: list[int] = []
        by_mask = self.by_mask
        for mask in hive_masks(normalised, self.bits):
            found.extend(by_mask.get(mask, ()))
        found.sort(key=self._order.__getitem__)
        every = self._answers
        return tuple([every[i] for i in found])

    # ---- every hive -----------------------------------------------------------------

    def all_hives(self) -> list[HiveSummary]:
        """Every valid hive, sorted by letters (alphabet order) then centre (alphabet order).

        A hive with one of the language's ``excluded_letters`` is not valid (the NYT never
        puts an S in a hive), though :meth:`solve` still answers one typed by a player.
        """
        if self._all_hives is not None:
            return self._all_hives
        alphabet = self.language.alphabet
        excluded = _mask(self.language.beehive.excluded_letters, self.bits)
        totals = self.mask_totals
        # Subset patterns over the 7 positions that contain position i, as itemgetters.
        containing = [operator.itemgetter(*[p for p in range(1 << HIVE_SIZE) if p >> i & 1]) for i in range(HIVE_SIZE)]
        low = (1 << _PACK) - 1
        sets = sorted(
            (m for m in self.by_mask if m.bit_count() == HIVE_SIZE and not m & excluded),
            key=lambda m: _letters(m, alphabet),
        )
        rows: list[HiveSummary] = []
        for mask in progress(sets, desc="scoring hives", unit="set"):
            letter_bits = [1 << b for b in range(len(alphabet)) if mask >> b & 1]
            subs = [0] * (1 << HIVE_SIZE)
            for p in range(1, 1 << HIVE_SIZE):
                lowest = p & -p
                subs[p] = subs[p ^ lowest] | letter_bits[lowest.bit_length() - 1]
            values = [totals.get(s, 0) for s in subs]
            pangrams = totals[mask] & low
            letters = _letters(mask, alphabet)
            for i in range(HIVE_SIZE):
                packed = sum(containing[i](values))
                rows.append(HiveSummary(letters, letters[i], packed & low, packed >> _PACK, pangrams))
        self._all_hives = rows
        return rows

    # ---- the daily hive -------------------------------------------------------------

    def schedule(self, end: dt.date | None = None) -> list[DailyHive]:
        """Daily hives from the language's ``schedule_start`` to ``end`` (default ``schedule_end``)."""
        end = end or self.language.schedule_end
        if self._schedule is not None and self._schedule[-1].date >= end:
            return [d for d in self._schedule if d.date <= end]
        pool = self.daily_pool()
        if not pool:
            rules = self.language.beehive
            raise RuscError(
                f"no hive has {rules.answers_min}–{rules.answers_max} answers; widen the band", self.language.path
            )
        last_used: dict[str, dt.date] = {}
        result = []
        for day in dates(self.language.schedule_start, max(end, self.language.schedule_end)):
            letters, centre = self._choose(pool, day, last_used)
            last_used[letters] = day
            result.append(DailyHive(day, self.solve(centre + letters.replace(centre, ""))))
        self._schedule = result
        return [d for d in result if d.date <= end]

    def daily(self, date: dt.date) -> Hive:
        """The hive of ``date`` (the schedule is extended past its end if asked)."""
        start = self.language.schedule_start
        if date < start:
            raise UsageError(f"{date.isoformat()} is before the schedule starts ({start.isoformat()})")
        return self.schedule(max(date, self.language.schedule_end))[(date - start).days].hive

    def daily_pool(self) -> list[tuple[str, str]]:
        """The (letters, centre) hives the daily choice draws from, sorted.

        Eligible: the answer count is inside the band (every valid hive has a pangram).
        Preferred: letter sets whose most common pangram reaches :data:`COMMON_PANGRAM_ZIPF`,
        topped up by commonness to :data:`MIN_POOL_SETS` letter sets.
        """
        rules = self.language.beehive
        eligible: dict[str, list[str]] = {}
        for row in self.all_hives():
            if rules.answers_min <= row.words <= rules.answers_max:
                eligible.setdefault(row.letters, []).append(row.centre)
        ranked = sorted(eligible, key=lambda letters: (-self.pangram_commonness(letters), letters))
        common = [s for s in ranked if self.pangram_commonness(s) >= COMMON_PANGRAM_ZIPF]
        chosen = ranked[: max(len(common), MIN_POOL_SETS)]
        return sorted((letters, centre) for letters in chosen for centre in eligible[letters])

    def pangram_commonness(self, letters: str) -> float:
        """Zipf frequency of the most common pangram of a letter set (0 without a source)."""
        cache = self._commonness
        if letters not in cache:
            code = self.language.frequency_language
            best = 0.0
            if code:
                from wordfreq import zipf_frequency

                for i in self.by_mask.get(_mask(letters, self.bits), ()):
                    for form in self.forms[i]:
                        best = max(best, zipf_frequency(form, code))
            cache[letters] = best
        return cache[letters]

    def _choose(self, pool: list[tuple[str, str]], day: dt.date, last_used: dict[str, dt.date]) -> tuple[str, str]:
        def free(letters: str) -> bool:
            return letters not in last_used or day - last_used[letters] >= REPEAT_GAP

        stream = DailyStream(self.language.code, self.checksum, day, "beehive")
        for _ in range(MAX_PROBES):
            letters, centre = pool[stream.below(len(pool))]
            if free(letters):
                return letters, centre
        available = [hive for hive in pool if free(hive[0])]
        if not available:
            raise RuscError(
                f"every daily hive was used in the year before {day.isoformat()}; widen the band", self.language.path
            )
        return available[stream.below(len(available))]


# ---- scoring and hints ------------------------------------------------------------------


def parse_hive(language: Language, letters: str) -> str:
    """A hive typed by a user, normalised (centre first, the others in alphabet order).

    >>> from pipeline.config import load_language
    >>> parse_hive(load_language("ca"), "PÇALBCD")
    'pabcçdl'
    """
    text = letters.strip().lower()
    order = language.alphabet
    if len(text) != HIVE_SIZE:
        raise UsageError(f"a hive is {HIVE_SIZE} distinct letters, centre first; got {letters!r}")
    for ch in text:
        if ch not in order:
            raise UsageError(f"{ch!r} is not a letter of the {language.english_name} alphabet ({order})")
    if len(set(text)) != HIVE_SIZE:
        raise UsageError(f"a hive is {HIVE_SIZE} distinct letters, centre first; {letters!r} repeats a letter")
    return text[0] + "".join(sorted(text[1:], key=order.index))


def answer_tiers(
    language: Language, lexicon: dict[str, tuple[str, ...]], own: frozenset[str] = frozenset()
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """``lexicon`` split into the answers and the bonus words: a key is an answer when its
    commonest display form reaches the language's ``answer_min_zipf`` (wordfreq's Zipf
    scale, as :func:`pipeline.lists.frequency.game_zipf` counts it with the language's
    ``own`` words; 0, the default, makes every key an answer).

    A dictionary knows far more words than a player: the day's answers, which the hints,
    totals and ranks count, should be words a player can know, while every other word of
    the list is still a word and is accepted as a bonus.
    """
    floor = language.beehive.answer_min_zipf
    if floor <= 0:
        return lexicon, {}
    answers: dict[str, tuple[str, ...]] = {}
    bonus: dict[str, tuple[str, ...]] = {}
    for key, forms in lexicon.items():
        (answers if game_zipf(language, forms, own) >= floor else bonus)[key] = forms
    return answers, bonus


def make_hive(language: Language, letters: str, answers: tuple[Answer, ...], bonus: tuple[Answer, ...] = ()) -> Hive:
    """The :class:`Hive` of ``letters`` (normalised, centre first) whose ``answers`` (and
    ``bonus`` words) are already in answer order (longest first, then by key)."""
    total = sum([answer.points for answer in answers])
    return Hive(
        letters=letters,
        centre=letters[0],
        sorted_letters="".join(letter for letter in language.alphabet if letter in letters),
        answers=answers,
        total_points=total,
        pangram_count=sum(answer.pangram for answer in answers),
        word_count=len(answers),
        ranks=rank_thresholds(language, total),
        bonus=bonus,
    )


def hive_masks(letters: str, bits: dict[str, int]) -> list[int]:
    """The letter sets (bitmasks) a hive's answers may have: the centre with any of the
    other six letters, 64 sets.

    >>> sorted(hive_masks("abcdefg", {ch: 1 << i for i, ch in enumerate("abcdefg")}))[:3]
    [1, 3, 5]
    """
    centre = bits[letters[0]]
    others = _mask(letters, bits) & ~centre
    masks = []
    sub = others
    # Every subset of the six other letters: sub = (sub - 1) & others steps through them all.
    while True:
        masks.append(sub | centre)
        if sub == 0:
            return masks
        sub = (sub - 1) & others


def rank_thresholds(language: Language, total: int) -> tuple[tuple[str, int], ...]:
    """(name, minimum points) of each rank: share × total, rounded half up.

    >>> from pipeline.config import load_language
    >>> rank_thresholds(load_language("en"), 200)[-3:]
    (('Amazing', 100), ('Genius', 140), ('Queen Bee', 200))
    """
    return tuple((name, int(share * total + 0.5)) for name, share in language.beehive.ranks)


def word_points(language: Language, key: str) -> int:
    """Points of one key in some hive, the pangram bonus included when it has 7 letters.

    >>> from pipeline.config import load_language
    >>> ca, en = load_language("ca"), load_language("en")
    >>> word_points(ca, "gat"), word_points(ca, "gats"), word_points(ca, "gatet")
    (1, 2, 5)
    >>> word_points(ca, "colleccio"), word_points(ca, "esquerda")   # the second is a tuti
    (9, 18)
    >>> word_points(en, "tame"), word_points(en, "tamer"), word_points(en, "mutilate")
    (1, 5, 15)
    """
    rules = language.beehive
    bonus = rules.pangram_bonus if len(set(key)) == HIVE_SIZE else 0
    return rules.points.get(len(key), len(key)) + bonus


def hints(hive: Hive) -> Hints:
    """The NYT hints page for ``hive``: grid of first letter × length, two-letter starts."""
    order = {letter: i for i, letter in enumerate(hive.sorted_letters)}
    grid: dict[str, dict[int, int]] = {}
    two: dict[str, int] = {}
    for answer in sorted(hive.answers, key=lambda a: (order[a.key[0]], len(a.key))):
        row = grid.setdefault(answer.key[0], {})
        row[len(answer.key)] = row.get(len(answer.key), 0) + 1
    for answer in sorted(hive.answers, key=lambda a: (order[a.key[0]], order[a.key[1]])):
        two[answer.key[:2]] = two.get(answer.key[:2], 0) + 1
    lengths = tuple(sorted({len(a.key) for a in hive.answers}))
    return Hints(
        word_count=hive.word_count,
        total_points=hive.total_points,
        pangram_count=hive.pangram_count,
        lengths=lengths,
        grid=grid,
        row_totals={letter: sum(row.values()) for letter, row in grid.items()},
        column_totals={n: sum(row.get(n, 0) for row in grid.values()) for n in lengths},
        two_letter=two,
    )


# ---- files ------------------------------------------------------------------------------

ALL_HIVES_HEADER = "letters\tcentre\twords\tpoints\tpangrams\n"
DAILY_HEADER = "date\tletters\twords\tpoints\tpangrams\tanswers\n"


def all_hives_tsv(index: BeehiveIndex) -> bytes:
    """The all-hives table as TSV bytes (header, then one row per hive, sorted)."""
    out = io.StringIO()
    out.write(ALL_HIVES_HEADER)
    for row in index.all_hives():
        out.write(f"{row.letters}\t{row.centre}\t{row.words}\t{row.points}\t{row.pangrams}\n")
    return out.getvalue().encode("utf-8")


def write_all_hives(index: BeehiveIndex, path: Path) -> Path:
    """Write every valid hive to ``path`` (gzipped if it ends in ``.gz``), atomically."""
    data = all_hives_tsv(index)
    return atomic_write(path, gzip_bytes(data) if str(path).endswith(".gz") else data)


def daily_tsv(schedule: list[DailyHive]) -> bytes:
    """The daily schedule: date, letters (centre first), totals, answers (keys, space-separated)."""
    out = io.StringIO()
    out.write(DAILY_HEADER)
    for day in schedule:
        hive = day.hive
        answers = " ".join(a.key for a in hive.answers)
        out.write(
            f"{day.date.isoformat()}\t{hive.letters}\t{hive.word_count}\t{hive.total_points}\t{hive.pangram_count}\t{answers}\n"
        )
    return out.getvalue().encode("utf-8")


def _mask(text: str, bits: dict[str, int]) -> int:
    mask = 0
    for ch in text:
        mask |= bits[ch]
    return mask


def _letters(mask: int, alphabet: str) -> str:
    return "".join(letter for i, letter in enumerate(alphabet) if mask >> i & 1)
