"""Wordle clue filter: which words fit the coloured clues, and which guess to play next.

Where to start reading: :func:`feedback` is Wordle's rule itself (the definition of the
game); :func:`compile_clues` turns clues into per-letter :class:`Constraints`, which
:func:`filter_keys` applies — the tests prove that this is exactly "every clue's
feedback equals the marked colours". :func:`suggest` ranks next guesses, and
:func:`build_wordle_data` writes the static JSON of the browser page (``site/wordle.js``
runs the same rules in JavaScript; ``tests/test_wordle_js.py`` checks them against these).

Wordle's feedback, greens first, then yellows left to right while unused copies remain:

>>> feedback("geese", "those")
'...gg'
>>> feedback("sassy", "guess")
'y..g.'
>>> feedback("speed", "abide")
'..y.y'

A clue ``GUESS:PATTERN`` marks each letter ``g`` (green: right place), ``y`` (yellow:
elsewhere) or ``.`` (grey: no further copy). So GUESS with one S yellow and the other grey
keeps the words with exactly one S, placed neither at the fourth nor at the fifth letter:

>>> keys = ["sassy", "hosts", "swift", "sword", "gusts", "lapse"]
>>> filter_keys(keys, [Clue("guess", "...y.")])
['swift', 'sword']

Suggestions score a guess by the expected number of candidates left after it (the sum of
the squared sizes of the groups that share one feedback, divided by the candidates); the
lower the better, a guess that could itself be the answer winning ties.
"""

from __future__ import annotations

import bisect
import json
import math
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from pipeline.config import Language
from pipeline.errors import RuscError, UsageError

#: Pattern letters: green (right place), yellow (in the word, elsewhere), grey (no more).
GREEN, YELLOW, GREY = "g", "y", "."
#: How many next guesses the page and the CLI show.
TOP = 10
#: Version of the page's JSON; ``site/wordle.js`` refuses any other.
DATA_FORMAT = 1
#: Unicode planes scanned for the page's folding exceptions (the Basic Multilingual Plane).
_SCAN = range(0x80, 0x10000)


# --- Data structures --------------------------------------------------------------------


@dataclass(frozen=True)
class Clue:
    """One played guess and the colours Wordle gave it."""

    #: The guess as a game key (folded: ``plaça``, ``acaba``).
    guess: str
    #: One of ``g``, ``y``, ``.`` per letter of ``guess``.
    pattern: str


@dataclass(frozen=True)
class Constraints:
    """What the clues say about each position and each letter's count.

    A word fits iff it has ``fixed[i]`` at every fixed position, none of ``excluded[i]`` at
    position ``i``, and every letter ``c`` at least ``at_least[c]`` and at most
    ``at_most[c]`` times.
    """

    #: Per position: the letter a green put there, or None.
    fixed: tuple[str | None, ...]
    #: Per position: letters a yellow or grey ruled out there.
    excluded: tuple[frozenset[str], ...]
    #: Letter → fewest copies (its green + yellow copies in one clue, the most of any clue).
    at_least: dict[str, int]
    #: Letter → most copies: a grey copy means "exactly the green + yellow copies".
    at_most: dict[str, int]
    #: Why no word can fit regardless of the list ("" if some word might): a pattern that
    #: Wordle never shows, such as a grey copy of a letter left of a yellow copy.
    impossible: str = ""


@dataclass(frozen=True)
class Suggestion:
    """A next guess and how good it is."""

    #: The guess (a game key).
    key: str
    #: Sum over feedback groups of the group's size squared; / candidates = expected left.
    sum_squares: int
    #: Candidates it was scored against.
    candidates: int
    #: Whether the guess is itself a candidate (it may win at once).
    is_candidate: bool

    @property
    def expected(self) -> float:
        """Expected number of candidates left after playing this guess."""
        return self.sum_squares / self.candidates if self.candidates else 0.0


@dataclass(frozen=True)
class WordleList:
    """The words of one language's Wordle list (``wordle.tsv``)."""

    #: Game keys, sorted by code point.
    keys: tuple[str, ...]
    #: Key → display forms as spelled (``acaba`` → ``("acaba", "acabà")``).
    forms: dict[str, tuple[str, ...]] = field(repr=False)


# --- Wordle's rule and the constraint filter ---------------------------------------------


def feedback(guess: str, answer: str) -> str:
    """The colours Wordle gives ``guess`` when the answer is ``answer`` (same length)."""
    if len(guess) != len(answer):
        raise ValueError(f"{guess!r} and {answer!r} differ in length")
    marks = [GREY] * len(guess)
    unused: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            marks[i] = GREEN
        else:
            unused[a] += 1
    for i, g in enumerate(guess):
        if marks[i] != GREEN and unused[g] > 0:
            marks[i] = YELLOW
            unused[g] -= 1
    return "".join(marks)


def compile_clues(clues: Iterable[Clue], length: int) -> Constraints:
    """The per-letter constraints equivalent to ``feedback(clue.guess, w) == clue.pattern``
    for every clue (see the tests for the proof by exhaustion).

    Why they are equivalent: position by position, a green says ``w[i] == g[i]`` and any
    other colour ``w[i] != g[i]`` (else it would be green). Of the copies of a letter ``c``
    in ``w`` that no green matched, Wordle paints the guess's non-green copies of ``c``
    yellow from left to right while copies last. So the yellows of ``c`` must all come
    before its greys, and then ``w`` has exactly greens + yellows copies of ``c`` if some
    copy is grey, at least that many otherwise.
    """
    fixed: list[str | None] = [None] * length
    excluded: list[set[str]] = [set() for _ in range(length)]
    at_least: dict[str, int] = {}
    at_most: dict[str, int] = {}
    impossible = ""
    for number, clue in enumerate(clues, 1):
        if len(clue.guess) != length or len(clue.pattern) != length:
            raise ValueError(f"clue {number} does not have {length} letters")
        marked: Counter[str] = Counter()
        greyed: set[str] = set()
        for i, (c, mark) in enumerate(zip(clue.guess, clue.pattern)):
            if mark == GREEN:
                if fixed[i] not in (None, c) and not impossible:
                    impossible = f"position {i + 1} cannot be both {fixed[i]} and {c}"
                fixed[i] = c
                marked[c] += 1
            elif mark in (YELLOW, GREY):
                excluded[i].add(c)
                if mark == YELLOW:
                    if c in greyed and not impossible:
                        impossible = f"guess {number} has a grey {c} before a yellow {c}, which Wordle never shows"
                    marked[c] += 1
                else:
                    greyed.add(c)
            else:
                raise ValueError(f"unknown mark {mark!r}")
        for c in set(clue.guess):
            at_least[c] = max(at_least.get(c, 0), marked[c])
            if c in greyed:
                at_most[c] = min(at_most.get(c, length), marked[c])
    return Constraints(tuple(fixed), tuple(frozenset(e) for e in excluded),
                       {c: n for c, n in sorted(at_least.items()) if n},
                       dict(sorted(at_most.items())), impossible)


def fits(word: str, constraints: Constraints) -> bool:
    """Whether ``word`` satisfies every constraint."""
    if constraints.impossible:
        return False
    for c, fixed, excluded in zip(word, constraints.fixed, constraints.excluded):
        if (fixed is not None and c != fixed) or c in excluded:
            return False
    for c, n in constraints.at_least.items():
        if word.count(c) < n:
            return False
    for c, n in constraints.at_most.items():
        if word.count(c) > n:
            return False
    return True


def filter_keys(keys: Iterable[str], clues: Sequence[Clue]) -> list[str]:
    """The keys (in the given order) that every clue's feedback allows."""
    keys = list(keys)
    if not keys:
        return []
    constraints = compile_clues(clues, len(keys[0]))
    return [k for k in keys if fits(k, constraints)]


# --- Suggestions -------------------------------------------------------------------------


def sum_squares_naive(guess: str, candidates: Sequence[str]) -> int:
    """Reference score: group the candidates by feedback, one word at a time."""
    return sum(n * n for n in Counter(feedback(guess, c) for c in candidates).values())


class _Columns:
    """The candidates as bit sets, for scoring a guess against all of them at once.

    Bit ``b`` of ``at[i][c]`` is set iff candidate ``b`` has letter ``c`` at position ``i``;
    Python's big integers then compute a whole feedback column with a few ANDs.
    """

    def __init__(self, candidates: Sequence[str], length: int):
        self.size = len(candidates)
        self.length = length
        self.all = (1 << self.size) - 1
        self.at: list[dict[str, int]] = []
        for i in range(length):
            members: dict[str, bytearray] = {}
            for b, word in enumerate(candidates):
                buf = members.setdefault(word[i], bytearray((self.size + 7) // 8))
                buf[b >> 3] |= 1 << (b & 7)
            self.at.append({c: int.from_bytes(buf, "little") for c, buf in members.items()})

    def statuses(self, guess: str) -> list[tuple[int, int, int]]:
        """Per position of ``guess``: the candidates that make it (green, yellow, grey)."""
        full, at, n = self.all, self.at, self.length
        green = [at[i].get(c, 0) for i, c in enumerate(guess)]
        yellow = [0] * n
        for c in dict.fromkeys(guess):
            spots = [i for i in range(n) if guess[i] == c]
            # exactly[m]: candidates with m copies of c where the guess has another letter
            # (the copies no green uses up).
            exactly = [full]
            for j in range(n):
                b = at[j].get(c, 0)
                if guess[j] == c or not b:
                    continue
                nb = full ^ b
                exactly = ([exactly[0] & nb]
                           + [(exactly[m] & nb) | (exactly[m - 1] & b) for m in range(1, len(exactly))]
                           + [exactly[-1] & b])
            at_least = [0] * (len(spots) + 1)
            acc = 0
            for m in range(len(exactly) - 1, -1, -1):
                acc |= exactly[m]
                if m < len(at_least):
                    at_least[m] = acc
            # earlier[k]: candidates for which k earlier copies of c in the guess were not
            # green; the next copy is yellow iff more than k unused copies remain.
            earlier = [full]
            for i in spots:
                hit = green[i]
                miss = full ^ hit
                ok = 0
                for k, e in enumerate(earlier):
                    if k + 1 < len(at_least):
                        ok |= e & at_least[k + 1]
                yellow[i] = miss & ok
                earlier = ([earlier[0] & hit]
                           + [(earlier[k] & hit) | (earlier[k - 1] & miss) for k in range(1, len(earlier))]
                           + [earlier[-1] & miss])
        return [(g, y, full ^ g ^ y) for g, y in zip(green, yellow)]

    def sum_squares(self, guess: str, bound: float = math.inf) -> int | None:
        """Sum of squared feedback-group sizes, or None once it must exceed ``bound``."""
        nodes = [self.all]
        last = self.length - 1
        for i, column in enumerate(self.statuses(guess)):
            nodes = [x for node in nodes for s in column if (x := node & s)]
            if i < last and bound != math.inf:
                # A group can split at most 3^(positions left) ways: a lower bound.
                pieces = 3 ** (last - i)
                low = 0.0
                for node in nodes:
                    size = node.bit_count()
                    low += size if size <= pieces else size * size / pieces
                if low > bound:
                    return None
        return sum(node.bit_count() ** 2 for node in nodes)


def suggest(candidates: Sequence[str], guesses: Sequence[str], top: int = TOP) -> list[Suggestion]:
    """The ``top`` guesses (from ``guesses``) leaving the fewest candidates on average.

    Order: fewest expected candidates left, then guesses that are candidates, then key.
    Exact; a branch-and-bound skips guesses that provably cannot enter the top.
    """
    if not candidates or not guesses:
        return []
    candidate_set = set(candidates)
    columns = _Columns(candidates, len(candidates[0]))
    # Try promising guesses first (letters found in many candidates) so the bound tightens early.
    presence = Counter(c for word in candidates for c in set(word))
    order = sorted(guesses, key=lambda g: (-sum(presence[c] for c in set(g)), g))
    best: list[tuple[int, bool, str]] = []  # the top so far, sorted best first
    for guess in order:
        bound = best[-1][0] if len(best) == top else math.inf
        score = columns.sum_squares(guess, bound)
        if score is None:
            continue
        rank = (score, guess not in candidate_set, guess)
        if len(best) < top or rank < best[-1]:
            bisect.insort(best, rank)
            del best[top:]
    return [Suggestion(key, score, len(candidates), not other) for score, other, key in best]


def worth_showing(suggestions: Sequence[Suggestion]) -> list[Suggestion]:
    """The suggestions without the non-candidates that a candidate ranked above already
    matches: a guess that cannot be the answer is only worth playing if it narrows more."""
    out, best_candidate = [], math.inf
    for s in suggestions:
        if s.is_candidate or s.sum_squares < best_candidate:
            out.append(s)
        if s.is_candidate:
            best_candidate = min(best_candidate, s.sum_squares)
    return out


# --- Reading the list and the clues -------------------------------------------------------


def load_wordle_list(path: Path, language: Language) -> WordleList:
    """Read ``wordle.tsv`` (``key<TAB>form form…``), checking every key."""
    alphabet = set(language.alphabet)
    length = language.wordle.length
    forms: dict[str, tuple[str, ...]] = {}
    try:
        handle = open(path, encoding="utf-8", newline="\n")
    except FileNotFoundError:
        raise RuscError("no Wordle list; build it with `rusc lists LANG` or `make dictionaries`", path) from None
    with handle:
        try:
            for number, line in enumerate(handle, 1):
                key, tab, rest = line.rstrip("\n").partition("\t")
                if not tab or not rest:
                    raise RuscError("expected key<TAB>forms", path, number)
                if len(key) != length or not set(key) <= alphabet:
                    raise RuscError(f"key {key!r} is not {length} letters of the alphabet", path, number)
                if key in forms:
                    raise RuscError(f"key {key!r} repeated", path, number)
                forms[key] = tuple(rest.split(" "))
        except UnicodeDecodeError:
            raise RuscError("not UTF-8", path) from None
    return WordleList(tuple(sorted(forms)), forms)


def fold_guess(text: str, language: Language) -> str:
    """A typed guess as a game key; a :class:`UsageError` says what is wrong with it."""
    from pipeline.clean import fold

    key = fold(text, language)
    if key is None:
        bad = [ch for ch in unicodedata.normalize("NFC", text) if fold(ch, language) is None
               and ch not in language.folding.drop and ch not in language.folding.joiners]
        shown = ", ".join(repr(ch) for ch in dict.fromkeys(bad)) or repr(text)
        raise UsageError(f"guess {text!r}: {shown} is not a letter of the {language.english_name} alphabet")
    if len(key) != language.wordle.length:
        raise UsageError(f"guess {text!r} has {len(key)} letters, not {language.wordle.length}")
    return key


def parse_clue(text: str, language: Language) -> Clue:
    """``GUESS:PATTERN`` (pattern letters g, y and .) as a :class:`Clue`."""
    guess, colon, pattern = text.rpartition(":")
    if not colon or not guess:
        raise UsageError(f"clue {text!r}: expected GUESS:PATTERN, e.g. crane:gy...")
    key = fold_guess(guess, language)
    pattern = pattern.lower()
    if len(pattern) != len(key) or set(pattern) - {GREEN, YELLOW, GREY}:
        raise UsageError(f"clue {text!r}: the pattern needs {len(key)} marks, each g (green), y (yellow) or . (grey)")
    return Clue(key, pattern)


# --- The page's data ------------------------------------------------------------------------


def folding_table(language: Language) -> dict[str, str | None]:
    """Characters the browser must fold differently from its default rule.

    ``site/wordle.js`` folds a typed guess like :func:`pipeline.clean.fold`: NFC, lower
    case, the language's replacements, dropped characters, then each remaining character:
    a letter of the alphabet stays; otherwise its canonical decomposition's first character
    if that is a letter of the alphabet followed only by combining marks; otherwise invalid.
    This table lists every character of the Basic Multilingual Plane where that default
    disagrees with Python's fold (``ß`` → ``ss``, ``ø`` → ``o``; None = invalid), so the
    two fold alike without shipping a transliteration library.
    """
    from pipeline.clean import fold

    alphabet = set(language.alphabet)
    table: dict[str, str | None] = {}
    for code in _SCAN:
        ch = chr(code)
        if 0xD800 <= code <= 0xDFFF or ch != ch.lower() or ch in language.folding.drop:
            continue
        expected = fold(ch, language)
        if _default_fold_char(ch, alphabet) != expected:
            table[ch] = expected
    return table


def _default_fold_char(ch: str, alphabet: set[str]) -> str | None:
    """What ``site/wordle.js`` does with a character absent from the folding table."""
    if ch in alphabet:
        return ch
    parts = unicodedata.normalize("NFD", ch)
    if parts[0] in alphabet and len(parts) > 1 and all(unicodedata.category(p).startswith("M") for p in parts[1:]):
        return parts[0]
    return None


def build_wordle_data(language: Language, wordle_tsv_path: Path) -> dict:
    """The static JSON of the language's Wordle page.

    Compact, since the whole page must stay small (the Catalan list has over 12,000 keys):

    * ``keys``: the sorted keys front-coded, each as one digit (letters shared with the
      previous key) and the rest of the key: ``abaca``, ``abacs`` → ``0abaca4s``;
    * ``forms``: only for keys whose display forms are not just the key, a flat list of
      (steps since the previous such key, forms) pairs; each form is ``=`` (the key
      itself), position digits each followed by the letter there (``4à``: ``abaca`` →
      ``abacà``), or, if its length differs, spelled out (``cel·la``);
    * ``first``: the precomputed best first guesses as ``[key, sum of squares]``;
    * ``fold``: what the browser needs to fold typed letters as :func:`pipeline.clean.fold`.

    >>> encode_form("abaca", "abacà"), encode_form("abati", "abati"), encode_form("cella", "cel·la")
    ('4à', '=', 'cel·la')
    >>> front_code(["abaca", "abacs", "abaix"])
    '0abaca4s3ix'
    """
    length = language.wordle.length
    if not 1 <= length <= 9:
        raise RuscError(f"wordle.length {length} is outside 1..9, which the page's encoding needs", language.path)
    if any(ord(ch) > 0xFFFF for ch in language.alphabet):
        raise RuscError("the Wordle page needs alphabet letters of the Basic Multilingual Plane", language.path)
    words = load_wordle_list(Path(wordle_tsv_path), language)
    forms: list = []
    previous = 0
    for index, key in enumerate(words.keys):
        if words.forms[key] != (key,):
            forms += [index - previous, " ".join(encode_form(key, form) for form in words.forms[key])]
            previous = index
    first = suggest(words.keys, words.keys) if words.keys else []
    return {
        "format": DATA_FORMAT,
        "language": language.code,
        "length": length,
        "alphabet": language.alphabet,
        "fold": {
            "replace": [list(pair) for pair in language.folding.replace],
            "drop": language.folding.drop,
            "chars": folding_table(language),
        },
        "count": len(words.keys),
        "keys": front_code(words.keys),
        "forms": forms,
        "first": [[s.key, s.sum_squares] for s in first],
    }


def front_code(keys: Sequence[str]) -> str:
    """Sorted keys of one length as (shared-prefix digit, rest) back to back."""
    out, previous = [], ""
    for key in keys:
        shared = 0
        while shared < len(key) - 1 and key[shared] == previous[shared:shared + 1]:
            shared += 1
        out.append(f"{shared}{key[shared:]}")
        previous = key
    return "".join(out)


def encode_form(key: str, form: str) -> str:
    """A display form relative to its key (see :func:`build_wordle_data`)."""
    if form == key:
        return "="
    if len(form) == len(key):
        return "".join(f"{i}{f}" for i, (k, f) in enumerate(zip(key, form)) if k != f)
    return form


def wordle_json(data: dict) -> bytes:
    """The page data as deterministic, compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
