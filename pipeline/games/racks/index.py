"""The rack index: every playable form of a language filed by its tile signature, the
solver that walks it with blanks, and the daily draw (the package's docstring tells how).
"""

from __future__ import annotations

import datetime as dt
import marshal
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from pipeline.config import Language
from pipeline.core.cache import KeptMapping, keep_bytes, keep_file, write_tables
from pipeline.core.collector import collection_paused
from pipeline.core.daily import DailyStream, dates
from pipeline.core.errors import RuscError, UsageError
from pipeline.core.fsutil import read_checked, write_checked
from pipeline.core.paths import Paths
from pipeline.core.progress import progress
from pipeline.games.indexcache import index_path
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import game_list, game_tsv, lexicon_checksum, load_game_lexicon
from pipeline.lists.tiles import BLANK, CODE_BASE, MAX_RACK, TileSet

#: Draws tried for a daily rack before the band is reported as too narrow.
DAILY_DRAWS = 1000
SORTS = ("score", "length", "alpha")
#: In a ``--pattern``, any one letter.
PATTERN_ANY = "?"


class RackEntry(NamedTuple):
    """One spelling of one key in the index: what every answer it gives shares."""

    #: The game key.
    key: str
    #: Its tiles as codes (``chr(CODE_BASE + tile index)``), in word order.
    codes: str
    #: The display forms spelled so (acaba, acabà), grouped.
    forms: tuple[str, ...]
    #: The text of each tile (built once here, not per answer).
    texts: tuple[str, ...]


def _entries(rows: list[tuple]) -> list[RackEntry]:
    """Entries read back from a kept index (marshal keeps plain tuples)."""
    return [RackEntry._make(row) for row in rows]


def _plain(by_signature: Mapping[str, list[RackEntry]]) -> dict[str, list[tuple]]:
    """The index's entries as plain tuples, which marshal can keep."""
    return {signature: [tuple(entry) for entry in entries] for signature, entries in by_signature.items()}


class RackAnswer(NamedTuple):
    """One playable word of a rack (a named tuple: thousands are built per blank rack)."""

    #: The first display form (the one shown).
    form: str
    #: Game key (folded) of the form.
    key: str
    #: The tiles spelling it, as tile texts (``("c", "o", "l·l", ...)``).
    tiles: tuple[str, ...]
    score: int
    #: Positions (into ``tiles``) played with a blank.
    blanks_used: tuple[int, ...]
    #: Uses at least ``rack_size`` tiles and earns the bingo bonus.
    bingo: bool
    #: Every display form with this key and these tiles (``acaba``, ``acabà``).
    forms: tuple[str, ...] = ()


@dataclass(frozen=True)
class RackSolution:
    #: The rack's tiles as texts, blanks as ``?``, in tile order.
    rack: tuple[str, ...]
    answers: tuple[RackAnswer, ...]


@dataclass(frozen=True)
class DailyRack:
    date: dt.date
    #: The drawn tiles as texts (blanks ``?``), in tile order.
    tiles: tuple[str, ...]
    solution: RackSolution
    #: How many draws were rejected before this one (outside the daily band).
    redraws: int = 0


def _trie(signatures) -> dict[str, str]:
    """Node → its child codes in order, for the trie of every signature's prefixes.

    In sorted order, a signature's new nodes are its prefixes longer than what it shares
    with the one before (the shorter ones were that one's), and each parent's children
    arrive in code order.

    >>> _trie(["ab", "abc", "b"])
    {'': 'ab', 'a': 'b', 'ab': 'c'}
    """
    children: dict[str, str] = {}
    previous = ""
    for signature in sorted(signatures):
        shared = 0
        for mine, theirs in zip(signature, previous):
            if mine != theirs:
                break
            shared += 1
        for n in range(shared, len(signature)):
            parent = signature[:n]
            children[parent] = children.get(parent, "") + signature[n]
        previous = signature
    return children


@dataclass(eq=False)
class RackIndex:
    """Every playable form of a language filed by tile signature; built by :meth:`load`."""

    language: Language
    tileset: TileSet
    #: SHA-256 of ``game.tsv``: the daily rack depends on it.
    checksum: str
    #: Signature (tile codes sorted) -> an entry for each key and spelling of every word
    #: with that tile multiset.
    by_signature: Mapping[str, list[RackEntry]]
    #: Signature trie: every proper prefix of a signature (the empty one included) -> the
    #: tile codes that extend it towards some signature, ascending.
    children: Mapping[str, str]
    #: Where :meth:`load` keeps this index (None: not kept); what is made from the index
    #: alone is kept beside it (:meth:`kept_beside`).
    kept: Path | None = field(default=None, repr=False)
    _schedule: list[DailyRack] = field(default_factory=list, repr=False)

    @classmethod
    def load(cls, language: Language, paths: Paths | None, directory: Path | None = None) -> RackIndex:
        """Read the racks' list of ``game.tsv`` (:func:`pipeline.lists.lexicon.game_list`) from
        ``directory``, default the word-list folder.

        With ``paths``, the index is kept in its cache (:mod:`pipeline.core.cache`): building
        Catalan's takes about 12 s, reading it back about 3.
        """
        path = game_tsv(language, paths, directory)
        checksum = lexicon_checksum(path)

        def build() -> RackIndex:
            # Vulgar words stay playable on a rack (Scrabble keeps them); slurs never are.
            lexicon = load_game_lexicon(path, game_list(language, "racks"), allow_vulgar=True)
            return cls.from_lexicon(language, lexicon, checksum)

        # Half a million entries, made or read back, and no cycle among them (Catalan's
        # index: 7.7 s to make with the collector on, 4.2 s with it paused).
        with collection_paused():
            if paths is None:
                return build()
            kept = index_path("rack", language, paths, checksum, ".marshal")
            built: list[RackIndex] = []  # the index made here, if keep_bytes had to make it

            def make() -> bytes:
                built.append(build())
                return marshal.dumps((_plain(built[0].by_signature), dict(built[0].children)))

            stored = keep_bytes(kept, make)
            if built:
                index = built[0]
            else:
                rows, children = marshal.loads(stored)
                by_signature = {signature: _entries(entries) for signature, entries in rows.items()}
                index = cls(language, TileSet.of(language), checksum, by_signature, children)
        index.kept = kept
        return index

    @classmethod
    def lookup(cls, language: Language, paths: Paths) -> RackIndex:
        """The index of the language's ``game.tsv`` read from disk one signature at a time
        (:class:`pipeline.core.cache.KeptMapping`): what one rack needs, without reading
        the whole index (``rusc rack LANG LETTERS``). Made from :meth:`load` the first time."""
        path = game_tsv(language, paths)
        checksum = lexicon_checksum(path)
        kept = index_path("rack", language, paths, checksum, ".sqlite")

        def write(tmp: Path) -> None:
            index = cls.load(language, paths)
            with collection_paused():  # Catalan's: 5.5 s instead of 6.9
                write_tables(tmp, {"signatures": _plain(index.by_signature), "children": index.children})

        keep_file(kept, write)
        return cls(
            language,
            TileSet.of(language),
            checksum,
            KeptMapping(kept, "signatures", _entries),
            KeptMapping(kept, "children"),
        )

    def kept_beside(self, name: str, make: Callable[[RackIndex], bytes]) -> bytes:
        """``make(self)``, kept in the cache beside the index (``<index file>.<name>``) and
        read back while the index is: it is made from the index alone, and the index's key
        covers Rusc's source. The file ends with the SHA-256 of what it keeps, so a damaged
        one is made again."""
        if self.kept is None:
            return make(self)
        path = self.kept.with_name(f"{self.kept.name}.{name}")
        data = read_checked(path)
        if data is None:
            data = make(self)
            write_checked(path, data)
        return data

    @classmethod
    def from_lexicon(cls, language: Language, lexicon: dict[str, tuple[str, ...]], checksum: str) -> RackIndex:
        tileset = TileSet.of(language)
        text_of = {chr(CODE_BASE + i): text for i, text in enumerate(tileset.texts)}
        spelled = iter(tileset.codes_of_forms([form for forms in lexicon.values() for form in forms]))
        by_signature: dict[str, list[RackEntry]] = {}
        for key, forms in lexicon.items():
            spellings: dict[str, list[str]] = {}
            for form in forms:
                codes = next(spelled)
                if codes is not None and 2 <= len(codes) <= MAX_RACK:
                    spellings.setdefault(codes, []).append(form)
            for codes, same in spellings.items():
                by_signature.setdefault("".join(sorted(codes)), []).append(
                    RackEntry(key, codes, tuple(same), tuple(map(text_of.__getitem__, codes)))
                )
        return cls(language, tileset, checksum, by_signature, _trie(by_signature))

    @cached_property
    def _points_of(self) -> dict[str, int]:
        return {chr(CODE_BASE + i): points for i, points in enumerate(self.tileset.points)}

    # ---- solving --------------------------------------------------------------------

    def solve(
        self,
        rack: str,
        min_length: int = 2,
        contains: str = "",
        starts: str = "",
        ends: str = "",
        sort: str = "score",
        max_length: int | None = None,
        pattern: str = "",
    ) -> RackSolution:
        """Every word the rack can make (``?`` = blank), filtered and sorted.

        ``min_length`` and ``max_length`` count letters of the game key (``quan`` has 4);
        ``contains``, ``starts`` and ``ends`` are folded like keys and matched against them;
        ``pattern`` is a whole key with ``?`` for any one letter (``?a??e``).
        """
        parsed = self.tileset.parse_rack(rack)
        if min_length < 1:
            raise UsageError(f"--min-length must be at least 1, not {min_length}")
        if max_length is not None and max_length < min_length:
            raise UsageError(f"--max-length {max_length} is below --min-length {min_length}")
        if sort not in SORTS:
            raise UsageError(f"--sort must be one of {', '.join(SORTS)}, not {sort!r}")
        return self.solve_tiles(
            parsed.tiles,
            parsed.blanks,
            min_length,
            contains=self._fold_filter(contains, "contains"),
            starts=self._fold_filter(starts, "starts"),
            ends=self._fold_filter(ends, "ends"),
            sort=sort,
            max_length=max_length,
            pattern=self._fold_pattern(pattern),
        )

    def solve_tiles(
        self,
        tiles: tuple[int, ...],
        blanks: int,
        min_length: int = 2,
        contains: str = "",
        starts: str = "",
        ends: str = "",
        sort: str = "score",
        max_length: int | None = None,
        pattern: str = "",
    ) -> RackSolution:
        """:meth:`solve` for a rack already spelled as tile ids (filters already folded)."""
        have = [0] * len(self.tileset.texts)
        for t in tiles:
            have[t] += 1
        longest = max_length if max_length is not None else float("inf")
        matches = _pattern_matcher(pattern)
        filtered = min_length > 2 or contains or starts or ends or max_length is not None or pattern
        points = self._points_of
        rules = self.language.racks
        answers = []
        for signature, blank_codes in self._signatures(have, blanks):
            entries = self.by_signature[signature]
            if filtered:
                entries = [
                    entry
                    for entry in entries
                    if min_length <= len(entry.key) <= longest
                    and contains in entry.key
                    and entry.key.startswith(starts)
                    and entry.key.endswith(ends)
                    and matches(entry.key)
                ]
            # Everything but the blank positions depends on the tile multiset alone.
            bingo = len(signature) >= rules.rack_size
            score = sum(map(points.__getitem__, signature)) - sum(map(points.__getitem__, blank_codes))
            if bingo:
                score += rules.bingo_bonus
            if not blank_codes:
                answers += [
                    RackAnswer(forms[0], key, spelled, score, (), bingo, forms)
                    for key, codes, forms, spelled in entries
                ]
            elif len(blank_codes) == 1:  # the common case, inlined: one blank, on the tile's last copy
                answers += [
                    RackAnswer(forms[0], key, spelled, score, (codes.rindex(blank_codes),), bingo, forms)
                    for key, codes, forms, spelled in entries
                ]
            elif len(blank_codes) == 2 and blank_codes[0] != blank_codes[1]:  # two blanks, two tiles
                first, second = blank_codes[0], blank_codes[1]
                answers += [
                    RackAnswer(
                        forms[0],
                        key,
                        spelled,
                        score,
                        (i, j) if (i := codes.rindex(first)) < (j := codes.rindex(second)) else (j, i),
                        bingo,
                        forms,
                    )
                    for key, codes, forms, spelled in entries
                ]
            elif len(blank_codes) == 2:  # two blanks for the last two copies of one tile
                code = blank_codes[0]
                answers += [
                    RackAnswer(
                        forms[0], key, spelled, score, (codes.rindex(code, 0, j := codes.rindex(code)), j), bingo, forms
                    )
                    for key, codes, forms, spelled in entries
                ]
            else:
                answers += [
                    RackAnswer(forms[0], key, spelled, score, _blank_positions(codes, blank_codes), bingo, forms)
                    for key, codes, forms, spelled in entries
                ]
        answers.sort(key=_SORT_KEYS[sort])
        texts = self.tileset.texts
        rack = tuple(texts[t] for t in sorted(tiles)) + (BLANK,) * blanks
        return RackSolution(rack, tuple(answers))

    def _signatures(self, have: list[int], blanks: int) -> list[tuple[str, str]]:
        """(signature, codes of the tiles played by blanks) of every signature the rack can
        cover: a depth-first walk down the signature trie, one tile at a time, taking a real
        tile while the rack has one and a blank after."""
        children = self.children
        by_signature = self.by_signature
        have_code = {chr(CODE_BASE + t): n for t, n in enumerate(have)}
        found = []

        def visit(prefix: str, last: str, run: int, blanks_left: int, blanked: str) -> None:
            # run = how many copies of the tile coded ``last`` end the prefix.
            if prefix in by_signature:
                found.append((prefix, blanked))
            for code in children.get(prefix, ""):
                used = run if code == last else 0
                if used < have_code[code]:
                    visit(prefix + code, code, used + 1, blanks_left, blanked)
                elif blanks_left:
                    visit(prefix + code, code, used + 1, blanks_left - 1, blanked + code)

        visit("", "", 0, blanks, "")
        return found

    def _fold_pattern(self, text: str) -> str:
        """A ``--pattern`` folded like keys, its ``?`` kept (``?a??è`` -> ``?a??e``)."""
        if not text:
            return ""
        pieces = [self._fold_filter(piece, "pattern") for piece in text.split(PATTERN_ANY)]
        return PATTERN_ANY.join(pieces)

    def _fold_filter(self, text: str, name: str) -> str:
        if not text:
            return ""
        key = fold(text, self.language)
        if key is None:
            raise UsageError(f"--{name} {text!r} has characters outside the {self.language.english_name} alphabet")
        return key

    # ---- the daily rack -------------------------------------------------------------

    def daily(self, date: dt.date) -> DailyRack:
        """The rack of ``date``: seven tiles drawn from the full bag, redrawn until the draw
        is within the language's band (:class:`pipeline.config.Racks`: at most
        ``daily_blanks`` blanks, ``answers_min`` to ``answers_max`` answers worth
        ``points_min`` to ``points_max`` points together), so that every day is a game a
        player can finish in a sitting. Each day depends only on its own date."""
        rules = self.language.racks
        bag = self.tileset.bag()
        for attempt in range(DAILY_DRAWS):
            stream = DailyStream(self.language.code, self.checksum, date, "racks", attempt)
            drawn = stream.draw(bag, rules.rack_size)
            if drawn.count(-1) > rules.daily_blanks:
                continue
            tiles = tuple(sorted(t for t in drawn if t >= 0))
            solution = self.solve_tiles(tiles, drawn.count(-1))
            points = sum(answer.score for answer in solution.answers)
            if (
                rules.answers_min <= len(solution.answers) <= rules.answers_max
                and rules.points_min <= points <= rules.points_max
            ):
                return DailyRack(date, solution.rack, solution, attempt)
        raise RuscError(
            f"no rack within the daily band ({rules.answers_min}-{rules.answers_max} answers, "
            f"{rules.points_min}-{rules.points_max} points, at most {rules.daily_blanks} blanks) "
            f"in {DAILY_DRAWS} draws for {date.isoformat()}",
            self.language.path,
        )

    def schedule(self, end: dt.date | None = None) -> list[DailyRack]:
        """Daily racks from the language's ``schedule_start`` to ``end`` (default
        ``schedule_end``); days already drawn are kept for the next call."""
        span = list(dates(self.language.schedule_start, end or self.language.schedule_end))
        missing = span[len(self._schedule) :]
        self._schedule.extend(
            self.daily(day) for day in progress(missing, total=len(missing), desc="daily racks", unit="day")
        )
        return self._schedule[: len(span)]


def _pattern_matcher(pattern: str):
    """``key -> bool``: the key is as long as ``pattern`` and has its letters where it has
    letters (``?`` matches any one).

    >>> matches = _pattern_matcher("?a??e")
    >>> matches("calle"), matches("carre"), matches("cap"), _pattern_matcher("")("cap")
    (True, True, False, True)
    """
    if not pattern:
        return lambda key: True
    fixed = [(i, ch) for i, ch in enumerate(pattern) if ch != PATTERN_ANY]
    size = len(pattern)
    return lambda key: len(key) == size and all(key[i] == ch for i, ch in fixed)


def _blank_positions(codes: str, blank_codes: str) -> tuple[int, ...]:
    """Positions in ``codes`` played by blanks: the last occurrences of each blanked tile.

    >>> _blank_positions("ABCAB", "B"), _blank_positions("ABCAB", "AB"), _blank_positions("AAA", "AA")
    ((4,), (3, 4), (1, 2))
    """
    if len(blank_codes) == 2 and blank_codes[0] != blank_codes[1]:
        return tuple(sorted((codes.rindex(blank_codes[0]), codes.rindex(blank_codes[1]))))
    if len(blank_codes) == 2:
        last = codes.rindex(blank_codes[0])
        return (codes.rindex(blank_codes[0], 0, last), last)
    positions = []
    for code in set(blank_codes):
        end = len(codes)
        for _ in range(blank_codes.count(code)):
            end = codes.rindex(code, 0, end)
            positions.append(end)
    return tuple(sorted(positions))


_SORT_KEYS = {
    "score": lambda a: (-a.score, -len(a.key), a.key, a.form),
    "length": lambda a: (-len(a.key), -a.score, a.key, a.form),
    "alpha": lambda a: (a.key, a.form, -a.score),
}
