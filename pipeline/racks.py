"""Racks (Scrabble-style): spell words into tiles, solve any rack with blanks, daily rack.

A language's tile set — each tile's text (``a``, ``qu``, ``l·l``), points and count, the
number of blanks, the rack size and bingo bonus — is data in its ``[racks]`` TOML table.
Racks use the ``words`` list: plurals and conjugated forms are playable.

Where to start reading:

* :class:`TileSet` — how a display form is spelled into tiles (:meth:`TileSet.spell`):
  the form is lower-cased, alternative spellings of a tile (``ŀl`` for ``l·l``, taken from
  the language's folding table) are normalised, every other character is folded as game
  keys are (accents go, the alphabet's own letters such as ``ç`` stay), and the result is
  cut into tiles greedily, longest tile first. A form that cannot be cut (a ``k`` in
  Catalan, a ``y`` outside ``ny``) is not playable.
* :class:`RackIndex` — every playable form filed by its *signature*: its tile multiset as
  a string of tile codes in tile order — and a trie of the signatures (prefix -> the codes
  that may follow). :meth:`RackIndex.solve` walks the trie from the empty prefix, adding
  one tile at a time: a real tile while the rack still has a copy, else a blank if one is
  left. Only sub-multisets of the rack that begin some signature are ever visited, so a
  blank adds only the branches the list allows. No rack ever scans the list.
* :meth:`RackIndex.daily` — a hash-seeded draw of seven tiles from the full bag per date
  (:mod:`pipeline.daily`), redrawn until its answers, points and blanks are within the
  language's daily band.
* :func:`daily_tsv` — the downloadable daily-rack rows (written by :mod:`pipeline.gamedata`).

Scoring: the sum of the tiles' points, a blank scoring 0; a word that uses at least
``rack_size`` tiles (all seven of a normal rack) earns the bingo bonus. Where a word can
use either a real tile or a blank, it uses the real tile (the higher score), and blanks
stand for the last occurrences of their tile in the word.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import marshal
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from pipeline.clean import fold
from pipeline.config import Language
from pipeline.daily import DailyStream, dates
from pipeline.errors import RuscError, UsageError
from pipeline.fsutil import read_checked, write_checked
from pipeline.indexcache import KeptMapping, index_path, remove_older, write_tables
from pipeline.lexicon import game_list, game_tsv, lexicon_checksum, load_game_lexicon
from pipeline.paths import Paths
from pipeline.progress import progress

BLANK = "?"
#: Longest rack :meth:`RackIndex.solve` accepts (a full row of the board).
MAX_RACK = 15
#: Draws tried for a daily rack before the band is reported as too narrow.
DAILY_DRAWS = 1000
#: Tile codes in signatures start here (printable, so signatures are readable when debugging;
#: the rack finder's index and site/solver-core.js use the same codes).
CODE_BASE = 0x41
SORTS = ("score", "length", "alpha")
#: In a ``--pattern``, any one letter.
PATTERN_ANY = "?"


@dataclass(frozen=True, eq=False)
class TileSet:
    """A language's tiles, and how its words and racks are spelled in them."""

    language: Language
    #: Tile texts in TOML order; a tile's index is its id.
    texts: tuple[str, ...]
    #: Points of each tile id.
    points: tuple[int, ...]
    #: How many of each tile the bag holds.
    counts: tuple[int, ...]
    #: Alternative spelling -> tile text (from the folding table: ``ŀl`` -> ``l·l``).
    variants: tuple[tuple[str, str], ...]
    #: Tile text -> id.
    ids: dict[str, int] = field(repr=False)
    #: Cuts a folded text into tiles: an alternation of the tile texts, longest first, so
    #: ``findall`` takes the longest tile at each position (the greedy cut).
    _cutter: re.Pattern = field(repr=False)
    #: str.translate table folding every character that is not part of a tile (cached).
    _char_map: dict[int, str | None] = field(repr=False)
    #: Finds tiles of more than one character: a text without any is cut one char per tile.
    _multi: re.Pattern = field(repr=False)
    #: str.translate table from a one-character tile to its code (anything else -> unspellable).
    _single_codes: dict[int, str] = field(repr=False)
    #: Tile text -> its code in signatures.
    _code: dict[str, str] = field(repr=False)

    @classmethod
    def of(cls, language: Language) -> TileSet:
        tiles = language.racks.tiles
        if not tiles:
            raise RuscError("the language has no [racks] tiles", language.path)
        texts = tuple(t.text for t in tiles)
        # A folding replacement whose target is also the target of a tile text names another
        # spelling of that tile (ŀl and l.l fold like l·l, so they are the L·L tile too).
        targets = {new: old for old, new in language.folding.replace if old in texts}
        variants = tuple(
            (old, targets[new]) for old, new in language.folding.replace if new in targets and old != targets[new]
        )
        return cls(
            language=language,
            texts=texts,
            points=tuple(t.points for t in tiles),
            counts=tuple(t.count for t in tiles),
            variants=variants,
            ids={text: i for i, text in enumerate(texts)},
            _cutter=re.compile("|".join(re.escape(t) for t in sorted(texts, key=lambda t: (-len(t), t)))),
            _char_map=_CharFolder(language, frozenset("".join(texts)), {ord("\n"): "\n"}),
            _multi=re.compile("|".join(re.escape(t) for t in texts if len(t) > 1) or "(?!)"),
            _single_codes=_Unspellable(
                {ord("\n"): "\n"} | {ord(t): chr(CODE_BASE + i) for i, t in enumerate(texts) if len(t) == 1}
            ),
            _code={t: chr(CODE_BASE + i) for i, t in enumerate(texts)},
        )

    def spell(self, form: str) -> tuple[int, ...] | None:
        """Tile ids spelling ``form``, or None if the tile set cannot spell it.

        >>> from pipeline.config import load_language
        >>> ca = TileSet.of(load_language("ca"))
        >>> [ca.texts[i] for i in ca.spell("col·lecció")]
        ['c', 'o', 'l·l', 'e', 'c', 'c', 'i', 'o']
        >>> [ca.texts[i] for i in ca.spell("llengües")], [ca.texts[i] for i in ca.spell("qüestió")]
        (['l', 'l', 'e', 'n', 'g', 'u', 'e', 's'], ['qu', 'e', 's', 't', 'i', 'o'])
        >>> [ca.texts[i] for i in ca.spell("Anys")], ca.spell("whisky"), ca.spell("plaça") is not None
        (['a', 'ny', 's'], None, True)
        """
        codes = self.codes(form)
        return None if codes is None else tuple(ord(code) - CODE_BASE for code in codes)

    def codes(self, form: str, normalised: bool = False) -> str | None:
        """:meth:`spell` as a string of tile codes (one character per tile), or None.
        ``normalised``: the form is already NFC (as every form of game.tsv is)."""
        text = self._letters(form if normalised else unicodedata.normalize("NFC", form))
        return self._cut(text, text.translate(self._single_codes))

    def codes_of_forms(self, forms: list[str]) -> list[str | None]:
        """:meth:`codes` of many NFC forms (none holding a newline) at once: folded and
        translated as one newline-joined text, which is several times faster than a call
        per form (most of a Catalan rack index's build went into those calls).

        >>> from pipeline.config import load_language
        >>> ca = TileSet.of(load_language("ca"))
        >>> ca.codes_of_forms(["col·lecció", "whisky", "Anys"]) == [ca.codes(f) for f in ("col·lecció", "whisky", "Anys")]
        True
        """
        letters = self._letters("\n".join(forms))
        singles = letters.translate(self._single_codes).split("\n")
        return [self._cut(text, single) for text, single in zip(letters.split("\n"), singles)]

    def _letters(self, text: str) -> str:
        """``text`` lower-cased, a tile's other spellings normalised, every other character
        folded (or :data:`_UNSPELLABLE`); newlines stay, so many forms fold in one call."""
        return self._spelled_alike(text).translate(self._char_map)

    def _spelled_alike(self, text: str) -> str:
        """``text`` lower-cased, with a tile's other spellings as the tile (ŀl -> l·l)."""
        text = text.lower()
        for old, new in self.variants:
            text = text.replace(old, new)
        return text

    def _cut(self, text: str, single: str) -> str | None:
        """The tile codes of folded ``text``, given ``single``: it translated one character
        per tile (right unless a tile of several characters occurs)."""
        if _UNSPELLABLE in text:
            return None
        if not self._multi.search(text):
            # The common case: every character is its own tile (or the form is unspellable).
            return None if _UNSPELLABLE in single else single
        pieces = self._cutter.findall(text)
        if sum(map(len, pieces)) != len(text):
            return None
        code = self._code
        return "".join([code[piece] for piece in pieces])

    def parse_rack(self, rack: str) -> tuple[tuple[int, ...], int]:
        """(tile ids, number of blanks) of a rack typed by a user; UsageError if invalid.

        >>> from pipeline.config import load_language
        >>> en = TileSet.of(load_language("en"))
        >>> en.parse_rack("Messages")[1], len(en.parse_rack("Messages")[0]), en.parse_rack("ab??")[1]
        (0, 8, 2)
        """
        text = rack.strip()
        blanks = text.count(BLANK)
        letters = text.replace(BLANK, "")
        tiles = self.spell(letters) if letters else ()
        if tiles is None:
            raise UsageError(
                f"{self._first_misfit(letters)!r} is not a tile of the {self.language.english_name} set "
                f"({' '.join(t.upper() for t in self.texts)}, and {BLANK} for a blank)"
            )
        size = len(tiles) + blanks
        if size == 0:
            raise UsageError("the rack is empty")
        if size > MAX_RACK:
            raise UsageError(f"a rack has at most {MAX_RACK} tiles; {rack!r} has {size}")
        if blanks > self.language.racks.blanks:
            raise UsageError(f"a rack has at most {self.language.racks.blanks} blanks ({BLANK}); {rack!r} has {blanks}")
        return tiles, blanks

    def _first_misfit(self, letters: str) -> str:
        """The first character of an unspellable rack where no tile starts.

        >>> from pipeline.config import load_language
        >>> TileSet.of(load_language("ca")).parse_rack("ganyqa")
        Traceback (most recent call last):
        ...
        pipeline.errors.UsageError: 'q' is not a tile of the Catalan set (A E I L N O R S T U C D M B G P F V H J QU Z Ç L·L NY X, and ? for a blank)
        """
        text = self._spelled_alike(unicodedata.normalize("NFC", letters))
        pieces = [(ch, ch.translate(self._char_map)) for ch in text]
        folded = "".join(piece for _, piece in pieces)
        # The typed character behind each character of the folded text.
        owners = [ch for ch, piece in pieces for _ in piece]
        i = 0
        while i < len(folded):
            match = self._cutter.match(folded, i)
            if not match:
                return owners[i]
            i = match.end()
        return text[-1:]

    def bag(self) -> tuple[int, ...]:
        """Every tile of the full bag as ids, blanks as -1."""
        return tuple(i for i, n in enumerate(self.counts) for _ in range(n)) + (-1,) * self.language.racks.blanks


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
    #: Signature (tile codes sorted) -> (key, tile codes, display forms, tile texts) of every
    #: word with that tile multiset: one entry per key and spelling, its forms grouped
    #: (acaba, acabà); the texts are built once here, not per answer.
    by_signature: Mapping[str, list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]]
    #: Signature trie: every proper prefix of a signature (the empty one included) -> the
    #: tile codes that extend it towards some signature, ascending.
    children: Mapping[str, str]
    #: Where :meth:`load` keeps this index (None: not kept); what is made from the index
    #: alone is kept beside it (:meth:`kept_beside`).
    kept: Path | None = field(default=None, repr=False)
    _schedule: list[DailyRack] = field(default_factory=list, repr=False)

    @classmethod
    def load(cls, language: Language, paths: Paths | None, directory: Path | None = None) -> RackIndex:
        """Read the racks' list of ``game.tsv`` (:func:`pipeline.lexicon.game_list`) from
        ``directory``, default the word-list folder.

        With ``paths``, the index is kept in its cache (:mod:`pipeline.indexcache`): building
        Catalan's takes about 12 s, reading it back about 3.
        """
        path = game_tsv(language, paths, directory)
        checksum = lexicon_checksum(path)
        kept = index_path("rack", language, paths, checksum, ".marshal") if paths is not None else None
        stored = read_checked(kept) if kept is not None else None
        if stored is not None:  # absent or damaged (its checksum): built below
            with contextlib.suppress(EOFError, ValueError, TypeError):
                by_signature, children = marshal.loads(stored)
                return cls(language, TileSet.of(language), checksum, by_signature, children, kept)
        # Vulgar words stay playable on a rack (Scrabble keeps them); slurs never are.
        index = cls.from_lexicon(
            language, load_game_lexicon(path, game_list(language, "racks"), allow_vulgar=True), checksum
        )
        if kept is not None:
            remove_older(kept, "rack", language)
            write_checked(kept, marshal.dumps((dict(index.by_signature), dict(index.children))))
            index.kept = kept
        return index

    @classmethod
    def lookup(cls, language: Language, paths: Paths) -> RackIndex:
        """The index of the language's ``game.tsv`` read from disk one signature at a time
        (:class:`pipeline.indexcache.KeptMapping`): what one rack needs, without reading
        the whole index (``rusc rack LANG LETTERS``). Made from :meth:`load` the first time."""
        path = game_tsv(language, paths)
        checksum = lexicon_checksum(path)
        kept = index_path("rack", language, paths, checksum, ".sqlite")
        if not kept.exists():
            index = cls.load(language, paths)
            write_tables(kept, {"signatures": index.by_signature, "children": index.children})
            remove_older(kept, "rack", language)
        return cls(
            language,
            TileSet.of(language),
            checksum,
            KeptMapping(kept, "signatures"),
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
        by_signature: dict[str, list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]] = {}
        for key, forms in lexicon.items():
            spellings: dict[str, list[str]] = {}
            for form in forms:
                codes = next(spelled)
                if codes is not None and 2 <= len(codes) <= MAX_RACK:
                    spellings.setdefault(codes, []).append(form)
            for codes, same in spellings.items():
                by_signature.setdefault("".join(sorted(codes)), []).append(
                    (key, codes, tuple(same), tuple(map(text_of.__getitem__, codes)))
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
        tiles, blanks = self.tileset.parse_rack(rack)
        if min_length < 1:
            raise UsageError(f"--min-length must be at least 1, not {min_length}")
        if max_length is not None and max_length < min_length:
            raise UsageError(f"--max-length {max_length} is below --min-length {min_length}")
        if sort not in SORTS:
            raise UsageError(f"--sort must be one of {', '.join(SORTS)}, not {sort!r}")
        return self.solve_tiles(
            tiles,
            blanks,
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
                    e
                    for e in entries
                    if min_length <= len(e[0]) <= longest
                    and contains in e[0]
                    and e[0].startswith(starts)
                    and e[0].endswith(ends)
                    and matches(e[0])
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


#: What a character that no tile can spell becomes, so the cut fails.
_UNSPELLABLE = "\x00"


class _Unspellable(dict):
    """A ``str.translate`` table that maps every character it does not list to
    :data:`_UNSPELLABLE`."""

    def __missing__(self, code: int) -> str:
        return _UNSPELLABLE


class _CharFolder(dict):
    """A lazily filled ``str.translate`` table: tile characters stay, the language's dropped
    characters (hyphens, apostrophes) go, anything else folds as game keys do; ``kept``
    characters (the newline between forms folded together) map as it says."""

    def __init__(self, language: Language, tile_chars: frozenset[str], kept: dict[int, str] | None = None):
        super().__init__(kept or {})
        self.language = language
        self.tile_chars = tile_chars

    def __missing__(self, code: int) -> str | None:
        ch = chr(code)
        if ch in self.tile_chars:
            value: str | None = ch
        elif ch in self.language.folding.drop:
            value = None
        else:
            value = fold(ch, self.language) or _UNSPELLABLE
        self[code] = value
        return value


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


def tile_points(language: Language) -> dict[str, int]:
    """Tile text -> points, blanks (``?``) included.

    >>> from pipeline.config import load_language
    >>> points = tile_points(load_language("ca"))
    >>> points["l·l"], points["qu"], points["ny"], points["?"]
    (10, 8, 10, 0)
    """
    points = {t.text: t.points for t in language.racks.tiles}
    points[BLANK] = 0
    return points


_SORT_KEYS = {
    "score": lambda a: (-a.score, -len(a.key), a.key, a.form),
    "length": lambda a: (-len(a.key), -a.score, a.key, a.form),
    "alpha": lambda a: (a.key, a.form, -a.score),
}


# ---- files ------------------------------------------------------------------------------

DAILY_HEADER = "date\track\twords\tbest\tanswers\n"


def daily_tsv(schedule: list[DailyRack]) -> bytes:
    """The daily racks: date, tiles (space-separated, ``?`` = blank), word count, best score,
    answers as ``form:score`` (best first; a blank tile's letter is not marked here)."""
    out = io.StringIO()
    out.write(DAILY_HEADER)
    for day in schedule:
        answers = day.solution.answers
        best = answers[0].score if answers else 0
        listed = " ".join(f"{a.form}:{a.score}" for a in answers)
        out.write(f"{day.date.isoformat()}\t{' '.join(day.tiles)}\t{len(answers)}\t{best}\t{listed}\n")
    return out.getvalue().encode("utf-8")
