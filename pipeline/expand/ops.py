"""Affix rules prepared for the engine's hot loop (:class:`Op`), and the keys by which the
engine memoises which prefixes combine with a suffixed word (:class:`PrefixedSuffix`,
:class:`PrefixedTwoSuffixes`). Records only: :mod:`pipeline.expand.engine` makes and
reads them; the batches (:mod:`pipeline.expand.batch`) carry them to the form builders.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.expand.affixes import AffixData, AffixRule


@dataclass(frozen=True)
class SuffixTraits:
    """What decides whether a prefix may combine with an (inner) suffix."""

    #: The suffix carries the CIRCUMFIX flag (then only a CIRCUMFIX prefix goes with it).
    circumfix: bool
    #: The suffix carries NEEDAFFIX (then the prefix must not).
    needaffix: bool
    #: The suffix's group flag (a prefix may enable it through its continuation class).
    flag: str
    #: The prefix groups the suffix's continuation class enables.
    enables_prefixes: frozenset[str]


@dataclass(frozen=True)
class PrefixedSuffix:
    """Prefix x suffix (``PfxEntry::checkword`` -> ``suffix_check`` with ``aeXPRODUCT``)."""

    inner: SuffixTraits
    #: The suffix's group is among the stem's flags (else a prefix must enable it).
    inner_in_stem: bool
    #: (prefix group, first characters of the word, group in the stem) -> admitted prefixes.
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def admits(self, prefix: Op, group: str, group_in_stem: bool) -> bool:
        inner = self.inner
        return (
            prefix.cross
            and not prefix.oic
            and prefix.cf == inner.circumfix
            and not (prefix.na and inner.needaffix)
            and (self.inner_in_stem or inner.flag in prefix.cont)
            and (group_in_stem or group in inner.enables_prefixes)
        )


@dataclass(frozen=True)
class PrefixedTwoSuffixes:
    """Prefix + two suffixes (``prefix_check_twosfx`` -> ``suffix_check_twosfx``)."""

    inner: SuffixTraits
    #: The inner suffix's group header says Y.
    inner_crosses: bool
    #: The inner suffix's group is among the stem's flags.
    inner_in_stem: bool
    #: The outer suffix's continuation class enables the prefix: then the inner suffix is
    #: checked without the prefix (``suffix_check(..., cclass)``).
    outer_enables_prefix: bool
    #: As :attr:`PrefixedSuffix.memo`.
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def admits(self, prefix: Op, group: str, group_in_stem: bool) -> bool:
        if not prefix.cross:
            return False
        inner = self.inner
        if self.outer_enables_prefix:
            return self.inner_in_stem and not inner.circumfix
        return (
            self.inner_crosses
            and prefix.cf == inner.circumfix
            and (self.inner_in_stem or inner.flag in prefix.cont)
            and (group_in_stem or group in inner.enables_prefixes)
        )


class Op:
    """An affix rule prepared for the hot loop, in working space (mirrored for
    COMPLEXPREFIXES). Short field names: they are read millions of times."""

    __slots__ = (
        "add",
        "cf",
        "condition",
        "condlen",
        "cont",
        "cont_pfx",
        "cont_sfx",
        "cross",
        "cut",
        "flag",
        "minlen",
        "na",
        "oic",
        "prefixed_keys",
        "rule",
        "strip",
        "traits",
        "two_suffix_keys",
    )

    def __init__(self, rule: AffixRule, data: AffixData, sfx_flags: frozenset, pfx_flags: frozenset):
        #: The rule (mirrored for COMPLEXPREFIXES; ``rule.source`` is the .aff's).
        self.rule = rule
        self.flag = rule.flag
        self.strip = rule.strip
        #: Characters the rule removes.
        self.cut = len(rule.strip)
        self.add = rule.add
        #: The group header says Y.
        self.cross = rule.cross
        #: Continuation flags.
        self.cont = rule.cont
        #: The continuation class holds CIRCUMFIX / NEEDAFFIX / ONLYINCOMPOUND.
        self.cf = data.circumfix is not None and data.circumfix in rule.cont
        self.na = data.needaffix is not None and data.needaffix in rule.cont
        self.oic = data.onlyincompound is not None and data.onlyincompound in rule.cont
        #: Suffix groups (sorted) and prefix groups the continuation class enables.
        self.cont_sfx = tuple(sorted(rule.cont & sfx_flags))
        self.cont_pfx = frozenset(rule.cont & pfx_flags)
        self.condition = rule.condition
        self.condlen = len(rule.condition)
        #: The fewest characters a word needs for the condition (its length, or 0 where
        #: libhunspell's byte walk decides: :mod:`pipeline.expand.conditions`).
        self.minlen = rule.condition.shortest
        #: What prefix compatibility depends on (set by :class:`Expander`, interned).
        self.traits: SuffixTraits | None = None
        #: As the inner suffix of a cross product: the key, by "group in the stem".
        self.prefixed_keys: tuple[PrefixedSuffix, PrefixedSuffix] | None = None
        #: As the inner of two suffixes with a prefix: [in stem][outer enables the prefix]
        #: (empty until :class:`Expander` sets it).
        self.two_suffix_keys: tuple[tuple[PrefixedTwoSuffixes, ...], ...] = ()

    def __repr__(self) -> str:
        return f"Op({self.rule!r})"
