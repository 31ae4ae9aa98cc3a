"""The word-game fast path: an expander without the rules and stems that cannot make an
ordinary word (``rusc expand --fast``).

Bird's-eye view (start at :func:`fast_variant`): a form is *ordinary* when the word lists
can use it (:func:`pipeline.lists.clean.is_ordinary_word`): letters only, the language's letter
groups aside (Catalan's ``l·l``), and no capital unless the language capitalises common
nouns. :class:`OrdinaryForms` says which characters can never be in one
(:meth:`~OrdinaryForms.unfriendly`: a digit, period, apostrophe, hyphen, any other
non-letter, a capital). A rule is dropped when one of those characters in its added string
survives every later strip (the strips of all rules are bounded, so this is decided per
rule); an entry is dropped when one in its stem survives every strip. Cleaning the fast
expansion therefore gives exactly the cleaned full expansion
(``tests/test_expand_fastpath.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.expand.affixes import AffixData, AffixRule, Entry
from pipeline.expand.engine import Expander


@dataclass(frozen=True)
class OrdinaryForms:
    """What a form of an ordinary word may hold, from the language's settings (the
    expander itself knows no language).

    >>> catalan = OrdinaryForms(joiners=frozenset("·"))
    >>> [c for c in "aç·-'’.1/A" if catalan.unfriendly(c)]
    ['-', "'", '’', '.', '1', '/', 'A']
    >>> OrdinaryForms(keep_capitals=True).unfriendly("Z")
    False
    """

    #: Capitals stay: the language capitalises common nouns (German).
    keep_capitals: bool = False
    #: The non-letters the language's letter groups hold (``Folding.joiners``).
    joiners: frozenset[str] = frozenset()

    @classmethod
    def of(cls, language) -> OrdinaryForms:
        return cls(language.capitalised_nouns, language.folding.joiners)

    def unfriendly(self, c: str) -> bool:
        """No ordinary word holds ``c``."""
        return (not c.isalpha() and c not in self.joiners) or (not self.keep_capitals and c != c.lower())


def fast_variant(expander: Expander, ordinary: OrdinaryForms = OrdinaryForms()) -> Expander:
    """``expander`` without the rules and entries that cannot make an ordinary word.

    FORBIDDENWORD entries still forbid their forms, and hidden capitalised homonyms still
    shadow theirs, even when the entries themselves go.
    """
    data = expander.data
    mirror = expander.mirror
    rules = [r for g in (*data.prefixes.values(), *data.suffixes.values()) for r in g]
    max_pfx = max((len(r.strip) for r in rules if r.kind == ("SFX" if mirror else "PFX")), default=0)
    max_sfx = max((len(r.strip) for r in rules if r.kind == ("PFX" if mirror else "SFX")), default=0)

    bad = ordinary.unfriendly

    def rule_hopeless(rule: AffixRule) -> bool:
        add = rule.add[::-1] if mirror else rule.add
        outer_prefix = (rule.kind == "PFX") != mirror
        for j, c in enumerate(add):
            if bad(c):
                if outer_prefix:
                    return True  # nothing strips after a prefix
                if j >= max_pfx and len(add) - j > max_sfx:
                    return True
        return False

    def stem_hopeless(entry: Entry) -> bool:
        stem = entry.stem[::-1] if mirror else entry.stem
        if not entry.flags:
            return any(map(bad, stem))  # no affix applies: the stem is its only form
        n = len(stem)
        return any(bad(c) and i >= max_pfx and n - i > 2 * max_sfx for i, c in enumerate(stem))

    def keep(groups):
        return {f: tuple(r for r in g if not rule_hopeless(r)) for f, g in groups.items()}

    fast_data = AffixData(**{**data.__dict__, "prefixes": keep(data.prefixes), "suffixes": keep(data.suffixes)})
    entries = [e for e in expander.entries() if not stem_hopeless(e)]
    return Expander(fast_data, entries, forbidden=expander.forbidden, hidden=expander.hidden)
