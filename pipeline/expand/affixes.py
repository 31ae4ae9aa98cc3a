"""Affix data: parsed Hunspell rules, conditions and dictionary entries (no algorithms).

The expander (:mod:`pipeline.expand`) works on these structures; they are built from
spylls' parse of the .aff (flags, aliases, strip/add strings) plus our own reading of the
condition field, because spylls compiles conditions into regular expressions without
escaping them (``[.]`` or ``(`` would mean something else to ``re``).

Start at :class:`AffixRule` and :func:`parse_condition`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pipeline.core.errors import RuscError


class ReachedRules(Protocol):
    """Which rules libhunspell's affix index reaches (:class:`pipeline.expand.affix_index.AffixIndex`)."""

    def admits(self, stem: str, chain: Sequence, form: str) -> bool: ...


@dataclass(frozen=True)
class CondPart:
    """One character position of a condition."""

    #: The characters the position admits (or rejects, if ``negated``); ``None`` = any ('.').
    chars: frozenset[str] | None
    #: True for ``[^...]``.
    negated: bool = False

    def admits(self, char: str) -> bool:
        if self.chars is None:
            return True
        return (char in self.chars) != self.negated


@dataclass(frozen=True)
class Condition:
    """A Hunspell affix condition: a fixed-length sequence of character tests.

    Hunspell conditions are not regular expressions: ``.`` is any character (but a literal
    dot inside brackets), ``[abc]`` a set, ``[^abc]`` its complement, anything else a
    literal. A condition of exactly ``.`` (Hunspell's "no condition") has no parts at all,
    so it does not even require one character.
    """

    #: The condition as written in the .aff.
    text: str
    #: One test per character position, left to right.
    parts: tuple[CondPart, ...]

    def __len__(self) -> int:
        return len(self.parts)

    def matches_end(self, word: str) -> bool:
        """Does ``word`` end with characters meeting the condition (suffix rules)?

        >>> parse_condition("[^aeiou]y").matches_end("fly")
        True
        >>> parse_condition("[^aeiou]y").matches_end("day")
        False
        >>> parse_condition("[.]").matches_end("etc.")
        True
        """
        n = len(self.parts)
        if n > len(word):
            return False
        offset = len(word) - n
        return all(part.admits(word[offset + i]) for i, part in enumerate(self.parts))

    def matches_start(self, word: str) -> bool:
        """Does ``word`` start with characters meeting the condition (prefix rules)?

        >>> parse_condition("[aàeèéiíoòóhuú]").matches_start("home")
        True
        >>> parse_condition("..").matches_start("a")
        False
        """
        n = len(self.parts)
        if n > len(word):
            return False
        return all(part.admits(word[i]) for i, part in enumerate(self.parts))

    @property
    def shortest(self) -> int:
        """The fewest characters a word must have for the condition to match."""
        return len(self.parts)

    @property
    def reach(self) -> int:
        """How many characters from the word's edge a test of the condition may read."""
        return len(self.parts)

    def reversed(self) -> Condition:
        """The mirror image (for COMPLEXPREFIXES, where Hunspell reverses every word)."""
        return Condition(self.text[::-1], self.parts[::-1])


def parse_condition(text: str, path: str | None = None, line: int | None = None) -> Condition:
    """Parse a Hunspell condition (``.``, ``[...]``, ``[^...]``, literals).

    >>> [(sorted(p.chars) if p.chars else None, p.negated) for p in parse_condition("[^ey]r.").parts]
    [(['e', 'y'], True), (['r'], False), (None, False)]
    >>> len(parse_condition("."))
    0
    >>> len(parse_condition(""))
    0
    >>> parse_condition("[ab")
    Traceback (most recent call last):
    ...
    pipeline.core.errors.RuscError: condition '[ab' has '[' without ']'
    """
    if text in (".", ""):
        return Condition(text, ())
    parts: list[CondPart] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "[":
            end = text.find("]", i + 1)
            if end < 0:
                raise RuscError(f"condition {text!r} has '[' without ']'", path, line)
            body = text[i + 1 : end]
            negated = body.startswith("^")
            if negated:
                body = body[1:]
            parts.append(CondPart(frozenset(body), negated))
            i = end + 1
        elif char == ".":
            parts.append(CondPart(None))
            i += 1
        else:
            parts.append(CondPart(frozenset(char)))
            i += 1
    return Condition(text, tuple(parts))


@dataclass(frozen=True, eq=False)
class AffixRule:
    """One line of a PFX/SFX group.

    Rules compare by identity: two identical lines are still two rules.
    """

    #: "PFX" or "SFX".
    kind: str
    #: The group's flag, as spylls decoded it (one char, two chars, or a number).
    flag: str
    #: Position of the rule inside its flag group (0-based, in .aff order).
    index: int
    #: Whether the group's header says ``Y`` (may combine with the other side).
    cross: bool
    #: Characters removed from the stem ("" for Hunspell's 0).
    strip: str
    #: Characters added ("" for 0), IGNORE characters already removed.
    add: str
    condition: Condition
    #: Continuation flags (``add/FLAGS``): affixes this one enables, or NEEDAFFIX etc.
    cont: frozenset[str] = frozenset()
    #: 1-based line in the .aff, for messages.
    line: int = 0
    #: For mirrored rules (COMPLEXPREFIXES) the rule as written in the .aff; else None.
    original: AffixRule | None = field(default=None, repr=False)

    @property
    def source(self) -> AffixRule:
        """The rule as the .aff wrote it (itself unless mirrored)."""
        return self.original or self

    def __repr__(self) -> str:
        return (
            f"{self.kind} {self.flag}#{self.index} {self.strip or '0'} "
            f"{self.add or '0'}{'/' + ''.join(sorted(self.cont)) if self.cont else ''} {self.condition.text or '.'}"
        )

    def mirrored(self) -> AffixRule:
        """The same rule in reversed-word space (prefix <-> suffix)."""
        return AffixRule(
            "SFX" if self.kind == "PFX" else "PFX",
            self.flag,
            self.index,
            self.cross,
            self.strip[::-1],
            self.add[::-1],
            self.condition.reversed(),
            self.cont,
            self.line,
            self,
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the .dic: a stem and its flags."""

    #: The word as stored (IGNORE characters removed).
    stem: str
    #: Flags decoded from the flag field (aliases resolved).
    flags: frozenset[str]
    #: 1-based line in the .dic.
    line: int = 0


@dataclass
class AffixData:
    """Everything the expander needs from the .aff."""

    #: Prefix groups by flag, each a tuple of rules in .aff order.
    prefixes: dict[str, tuple[AffixRule, ...]]
    #: Suffix groups by flag.
    suffixes: dict[str, tuple[AffixRule, ...]]
    #: Special flags (None when the .aff does not declare them).
    needaffix: str | None = None
    forbidden: str | None = None
    circumfix: str | None = None
    onlyincompound: str | None = None
    #: FULLSTRIP: an affix may remove the whole stem.
    fullstrip: bool = False
    #: COMPLEXPREFIXES: two prefixes and one suffix (Hunspell mirrors every word).
    complexprefixes: bool = False
    #: Characters Hunspell removes from words and affixes (IGNORE).
    ignore: str = ""
    #: ICONV / OCONV pairs (input and output conversions).
    iconv: tuple[tuple[str, str], ...] = ()
    oconv: tuple[tuple[str, str], ...] = ()
    #: Compounding directives the .aff uses (COMPOUNDFLAG, COMPOUNDRULE, ...), sorted.
    compound_directives: tuple[str, ...] = ()
    #: The effective BREAK patterns (Hunspell's default when the .aff has no BREAK).
    break_patterns: tuple[str, ...] = ("-", "^-", "-$")
    #: True when BREAK was written in the .aff.
    break_declared: bool = False
    #: When libhunspell stopped reading the .aff early, its affix index is left unordered
    #: and reaches only some rules: the :class:`pipeline.expand.affix_index.AffixIndex` of
    #: every rule read (None when the whole .aff was read and every rule is reached).
    affix_index: ReachedRules | None = None
