"""How a language's words are spelled in its rack tiles: the rack game plays the spelling,
and the word lists record it for every form (``words.sqlite`` says why a form is no rack
word). A language's tile set — each tile's text (``a``, ``qu``, ``l·l``), points and
count, the number of blanks — is data in its ``[racks]`` TOML table.

:meth:`TileSet.spell` spells a display form: the form is lower-cased, alternative spellings
of a tile (``ŀl`` for ``l·l``, taken from the language's folding table) are normalised,
every other character is folded as game keys are (accents go, the alphabet's own letters
such as ``ç`` stay), and the result is cut into tiles greedily, longest tile first. A form
that cannot be cut (a ``k`` in Catalan, a ``y`` outside ``ny``) is not playable.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from pipeline.config import Language
from pipeline.core.errors import RuscError, UsageError
from pipeline.lists.clean import fold

#: A blank tile, in racks typed by a player and in the files.
BLANK = "?"
#: Longest rack :meth:`pipeline.games.racks.RackIndex.solve` accepts (a full row of the board).
MAX_RACK = 15
#: Tile codes in signatures start here (printable, so signatures are readable when debugging;
#: the rack finder's index and site/solver-core.js use the same codes).
CODE_BASE = 0x41


@dataclass(frozen=True)
class ParsedRack:
    """A rack as the player typed it, spelled into tiles."""

    #: Tile ids (positions in the tile set), in the order typed.
    tiles: tuple[int, ...]
    #: How many blanks it holds.
    blanks: int


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

    def parse_rack(self, rack: str) -> ParsedRack:
        """The tiles of a rack typed by a user; UsageError if invalid.

        >>> from pipeline.config import load_language
        >>> en = TileSet.of(load_language("en"))
        >>> en.parse_rack("Messages").blanks, len(en.parse_rack("Messages").tiles), en.parse_rack("ab??").blanks
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
        return ParsedRack(tiles, blanks)

    def _first_misfit(self, letters: str) -> str:
        """The first character of an unspellable rack where no tile starts.

        >>> from pipeline.config import load_language
        >>> TileSet.of(load_language("ca")).parse_rack("ganyqa")
        Traceback (most recent call last):
        ...
        pipeline.core.errors.UsageError: 'q' is not a tile of the Catalan set (A E I L N O R S T U C D M B G P F V H J QU Z Ç L·L NY X, and ? for a blank)
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
