"""Wordle's rule and the clue filter: which words fit the coloured clues.

Where to start reading: :func:`feedback` is Wordle's rule itself (the definition of the
game); :func:`compile_clues` turns clues into per-letter :class:`Constraints`, which
:func:`fits` applies — the tests prove that this is exactly "every clue's feedback equals
the marked colours" (:func:`pipeline.games.wordle.filters.fitting` applies them to a whole list).

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
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pipeline.config import Language
from pipeline.core.errors import UsageError

#: Wordle's number of guesses.
GUESSES = 6
#: How many suggestions the page and the CLI show.
TOP = 10

#: Pattern letters: green (right place), yellow (in the word, elsewhere), grey (no more).
GREEN, YELLOW, GREY = "g", "y", "."


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
    return Constraints(
        tuple(fixed),
        tuple(frozenset(e) for e in excluded),
        {c: n for c, n in sorted(at_least.items()) if n},
        dict(sorted(at_most.items())),
        impossible,
    )


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
    return all(word.count(c) <= n for c, n in constraints.at_most.items())


def filter_keys(keys: Iterable[str], clues: Sequence[Clue]) -> list[str]:
    """The keys (in the given order) that every clue's feedback allows."""
    keys = list(keys)
    if not keys:
        return []
    constraints = compile_clues(clues, len(keys[0]))
    return [k for k in keys if fits(k, constraints)]


def pattern_of(code: int, length: int) -> str:
    """A feedback number (base 3, first letter most significant) as ``g``/``y``/``.`` marks.

    >>> pattern_of(2 * 81 + 1 * 27, 5)
    'gy...'
    """
    marks = []
    for _ in range(length):
        code, mark = divmod(code, 3)
        marks.append((GREY, YELLOW, GREEN)[mark])
    return "".join(reversed(marks))


# --- Reading the clues -------------------------------------------------------------------


def fold_guess(text: str, language: Language, length: int) -> str:
    """A typed guess as a game key; a :class:`UsageError` says what is wrong with it."""
    from pipeline.lists.clean import fold

    key = fold(text, language)
    if key is None:
        bad = [
            ch
            for ch in unicodedata.normalize("NFC", text)
            if fold(ch, language) is None and ch not in language.folding.drop and ch not in language.folding.joiners
        ]
        shown = ", ".join(repr(ch) for ch in dict.fromkeys(bad)) or repr(text)
        raise UsageError(f"guess {text!r}: {shown} is not a letter of the {language.english_name} alphabet")
    if len(key) != length:
        raise UsageError(f"guess {text!r} has {len(key)} letters, not {length}")
    return key


def parse_clue(text: str, language: Language, length: int) -> Clue:
    """``GUESS:PATTERN`` (pattern letters g, y and .) as a :class:`Clue`."""
    guess, colon, pattern = text.rpartition(":")
    if not colon or not guess:
        raise UsageError(f"clue {text!r}: expected GUESS:PATTERN, e.g. crane:gy...")
    key = fold_guess(guess, language, length)
    pattern = pattern.lower()
    if len(pattern) != len(key) or set(pattern) - {GREEN, YELLOW, GREY}:
        raise UsageError(f"clue {text!r}: the pattern needs {len(key)} marks, each g (green), y (yellow) or . (grey)")
    return Clue(key, pattern)
