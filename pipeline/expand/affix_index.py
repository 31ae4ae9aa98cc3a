"""Hunspell's affix index when its reader stopped early: which rules a look-up can reach.

libhunspell files every affix rule with a non-empty affix string under the string's first
byte (a suffix: the last byte, the string being reversed), in a binary search tree keyed
by ``strcmp`` (``build_pfxtree``/``build_sfxtree``: a key ``<=`` the node's goes to its
``NextEQ`` link, a greater one to ``NextNE``). When the .aff has been read,
``process_pfx_order``/``process_sfx_order`` rewrite those links into the subset order the
look-up (``prefix_check``, ``suffix_check``, ``suffix_check_twosfx``,
``prefix_check_twosfx``) was written for, and every rule whose affix string the word has is
reached. But when ``AffixMgr::parse_file`` returns early (:mod:`pipeline.expand.aff_stops`)
they are never called: the start of each first byte becomes the smallest key (the tree is
made a sorted list), while ``NextEQ``/``NextNE`` keep their tree meaning. The look-up then
walks one path down the tree from that smallest key: at a rule whose affix string the word
has, it checks the rule and goes to ``NextEQ`` (smaller keys), otherwise to ``NextNE``
(greater keys). Rules off that path are never checked, whatever their condition says:
en-za (dictionary-en-za 3.0.0, a second ICONV table near its end) loses most of its
suffixed forms so.

:class:`AffixIndex` rebuilds that tree from the rules in .aff order and answers
:meth:`AffixIndex.reaches`; :meth:`AffixIndex.admits` applies it to a form's derivation
(each affix is looked up in the word the checker has at that point). Rules with an empty
affix string sit in a plain list and are always reached. Keys and words are compared as
bytes of the dictionary's encoding, with ``.`` in a key matching any byte (``isSubset``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pipeline.expand.affixes import AffixRule


class _Node:
    __slots__ = ("eq", "key", "line", "ne")

    def __init__(self, key: bytes, line: int):
        self.key, self.line = key, line
        self.eq: _Node | None = None
        self.ne: _Node | None = None


def _has(key: bytes, word: bytes) -> bool:
    """``isSubset``: ``word`` starts with ``key`` (a ``.`` in the key matches any byte)."""
    if len(key) > len(word):
        return False
    return all(k == w or k == 46 for k, w in zip(key, word))


class _Tree:
    """One kind of rule (prefixes or suffixes) filed as Hunspell files them."""

    def __init__(self, keyed: Iterable[tuple[bytes, int]]):
        roots: dict[int, _Node] = {}
        for key, line in keyed:
            node = _Node(key, line)
            at = roots.get(key[0])
            if at is None:
                roots[key[0]] = node
                continue
            while True:
                if key <= at.key:
                    if at.eq is None:
                        at.eq = node
                        break
                    at = at.eq
                else:
                    if at.ne is None:
                        at.ne = node
                        break
                    at = at.ne
        #: The start of each first byte: the smallest key (the tree's leftmost node).
        self.starts: dict[int, _Node] = {}
        for byte, node in roots.items():
            while node.eq is not None:
                node = node.eq
            self.starts[byte] = node

    def reached(self, word: bytes) -> frozenset[int]:
        """The lines of the rules the look-up of ``word`` checks."""
        out = []
        node = self.starts.get(word[0]) if word else None
        while node is not None:
            if _has(node.key, word):
                out.append(node.line)
                node = node.eq
            else:
                node = node.ne
        return frozenset(out)


class AffixIndex:
    """Which rules libhunspell's look-up reaches, when its affix index is unordered.

    >>> rules = [AffixRule("SFX", "A", 0, True, "", "s", None, line=1),
    ...          AffixRule("SFX", "B", 0, True, "", "es", None, line=2),
    ...          AffixRule("SFX", "C", 0, True, "", "rs", None, line=3)]
    >>> index = AffixIndex(rules, "utf-8")
    >>> [index.reaches(rule, "cats") for rule in rules]  # the walk: s, then its EQ (none)
    [True, False, False]
    >>> index.reaches(rules[1], "boxes"), index.reaches(rules[2], "stars")
    (False, False)
    """

    def __init__(self, rules: Iterable[AffixRule], encoding: str):
        self.encoding = encoding
        rules = sorted(rules, key=lambda rule: rule.line)  # .aff order is the order of insertion
        self._suffix = _Tree(
            (rule.add.encode(encoding, errors="replace")[::-1], rule.line)
            for rule in rules
            if rule.kind == "SFX" and rule.add
        )
        self._prefix = _Tree(
            (rule.add.encode(encoding, errors="replace"), rule.line)
            for rule in rules
            if rule.kind == "PFX" and rule.add
        )
        self._cache: dict[tuple[bool, str], frozenset[int]] = {}

    def reaches(self, rule: AffixRule, word: str) -> bool:
        """Does the look-up of ``word`` (which has the rule's affix string) check ``rule``?"""
        if not rule.add:
            return True
        suffix = rule.kind == "SFX"
        key = (suffix, word)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 500_000:
                self._cache.clear()
            data = word.encode(self.encoding, errors="replace")
            found = self._cache[key] = (self._suffix if suffix else self._prefix).reached(
                data[::-1] if suffix else data
            )
        return rule.line in found

    def admits(self, stem: str, chain: Sequence, form: str) -> bool:
        """Is every rule of ``chain`` (ops applied to ``stem``, in order, giving ``form``)
        reached where Hunspell looks it up? A prefix is looked up in the whole form; a
        suffix in the stem with the suffixes up to it (outer suffixes and prefix removed:
        ``PfxEntry::checkword`` and ``SfxEntry::check_twosfx`` pass on what they strip)."""
        word = stem
        for op in chain:
            rule = op.rule
            if rule.kind == "PFX":
                if not self.reaches(rule, form):
                    return False
                continue
            word = word[: len(word) - op.cut] + op.add
            if not self.reaches(rule, word):
                return False
        return True
