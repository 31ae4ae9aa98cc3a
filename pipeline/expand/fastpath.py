"""The word-game fast path: an expander without the rules and stems that cannot make an
ordinary word (``rusc expand --fast``).

Bird's-eye view (start at :func:`fast_variant`): a form is *ordinary* when it has no
capital letter, digit, period, apostrophe or hyphen (:data:`GAME_UNFRIENDLY`; capitals stay
for languages that capitalise common nouns). A rule is dropped when one of those characters
in its added string survives every later strip (the strips of all rules are bounded, so
this is decided per rule); an entry is dropped when one in its stem survives every strip.
Cleaning the fast expansion therefore gives exactly the cleaned full expansion
(``tests/test_expand_fastpath.py``).
"""

from __future__ import annotations

from pipeline.affixes import AffixData, AffixRule, Entry
from pipeline.expand.engine import Expander

#: Characters that make a form useless to the word games: the fast path drops rules that
#: can only produce forms containing one of them (and stems that keep one in every form).
GAME_UNFRIENDLY = frozenset("-'’.0123456789")


def fast_variant(expander: Expander, keep_capitals: bool = False) -> Expander:
    """``expander`` without the rules and entries that cannot make an ordinary word.

    ``keep_capitals`` for languages that capitalise common nouns: capitals then stay.
    FORBIDDENWORD entries still forbid their forms, even when the entries themselves go.
    """
    data = expander.data
    mirror = expander.mirror
    rules = [r for g in (*data.prefixes.values(), *data.suffixes.values()) for r in g]
    max_pfx = max((len(r.strip) for r in rules if r.kind == ("SFX" if mirror else "PFX")), default=0)
    max_sfx = max((len(r.strip) for r in rules if r.kind == ("PFX" if mirror else "SFX")), default=0)

    def bad(c: str) -> bool:
        return c in GAME_UNFRIENDLY or c.isdigit() or (not keep_capitals and c != c.lower())

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
    return Expander(fast_data, entries, forbidden=expander.forbidden)
