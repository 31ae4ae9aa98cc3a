"""Where each word came from: the .dic stem and the affix rules the expander applied.

Start at :func:`form_derivations`. It walks every entry of a language's dictionary through
:func:`pipeline.expand.derivations` (the same paths ``rusc expand --stem`` prints) and keeps
the derivations of the forms the lists can hold: the ordinary words
(:func:`pipeline.lists.clean.is_ordinary_word`) and the few other forms the caller names (the
lemmas with a hyphen, ``amelar-se``), so the 15 million Catalan verb-plus-clitic forms
(``acabant-la-hi``), which no list keeps, cost no memory.

A chain is written as ``rusc expand --stem`` writes it, without the rule's strings:
``SFX 00#3 + PFX A#1`` (kind, flag, index of the rule inside its group); the bare stem's
chain is empty.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from pipeline.config import Language
from pipeline.lists.clean import is_ordinary_word


class Origin(NamedTuple):
    """One way the expander made a form: from ``stem`` by the rules of ``affixes``. A named
    tuple: the workers send back a million of them, which pickle faster than a dataclass's."""

    stem: str
    #: ``SFX 00#3 + PFX A#1``, empty for the stem itself.
    affixes: str


def chain_text(chain) -> str:
    """A derivation's rules as ``rusc expand --stem`` names them (kind flag#index)."""
    return " + ".join(f"{rule.kind} {rule.flag}#{rule.index}" for rule in chain)


def chain_rules(affixes: str) -> list[tuple[str, str, int]]:
    """The rules of a chain :func:`chain_text` wrote, as (kind, flag, index).

    >>> chain_rules("SFX 00#3 + PFX A#1")
    [('SFX', '00', 3), ('PFX', 'A', 1)]
    >>> chain_rules("")
    []
    """
    rules = []
    for part in affixes.split(" + ") if affixes else ():
        kind, rule = part.split(" ", 1)
        flag, index = rule.rsplit("#", 1)
        rules.append((kind, flag, int(index)))
    return rules


def bound_forms(language: Language, origins: dict[str, tuple[Origin, ...]]) -> dict[str, str]:
    """Form → why it is no word on its own: the forms every origin of which passes through
    one of the language's bound-form rules (:class:`pipeline.config.BoundRule`).

    A form the dictionary also makes another way is a word: Portuguese amará is amarar's
    infinitive before a clitic (amará-lo) and amar's future.
    """
    if not language.bound_forms:
        return {}

    reasons_of: dict[str, str | None] = {}  # by chain: a few thousand chains make millions of forms

    def reason(affixes: str) -> str | None:
        if affixes not in reasons_of:
            reasons = (language.bound_reason(flag, index) for _kind, flag, index in chain_rules(affixes))
            reasons_of[affixes] = next((why for why in reasons if why is not None), None)
        return reasons_of[affixes]

    bound: dict[str, str] = {}
    for form, made in origins.items():
        reasons = [reason(origin.affixes) for origin in made]
        first = reasons[0] if reasons else None
        if first is not None and None not in reasons:
            bound[form] = first
    return dict(sorted(bound.items()))


def form_derivations(
    language: Language, aff: Path, dic: Path, also: frozenset[str] = frozenset(), share: int = 0, shares: int = 1
) -> dict[str, tuple[Origin, ...]]:
    """Form → its origins (sorted, distinct), for the ordinary words and the forms of
    ``also`` made by one ``share`` of the dictionary's entries
    (:meth:`pipeline.expand.Expander.share`), so two workers can split the walk;
    :func:`merge` joins the shares."""
    from pipeline.expand import derivations
    from pipeline.expand.bounded import language_expander

    expander = language_expander(language, aff, dic)
    if shares > 1:
        expander = expander.share(share, shares)
    allow = _useful_rules(language, also)
    found: dict[str, set[Origin]] = {}
    for entry in expander.entries():
        for derivation in derivations(expander, entry, allow):
            form = derivation.form
            if form in found or form in also or is_ordinary_word(form, language):
                found.setdefault(form, set()).add(Origin(entry.stem, chain_text(derivation.chain)))
    return {form: tuple(sorted(origins)) for form, origins in found.items()}


def merge(shares: list[dict[str, tuple[Origin, ...]]]) -> dict[str, tuple[Origin, ...]]:
    """The shares of :func:`form_derivations` as one mapping (each form's origins sorted
    and distinct, as each share has them: only a form two shares make is merged again)."""
    merged = dict(shares[0]) if shares else {}
    for part in shares[1:]:
        for form, origins in part.items():
            known = merged.get(form)
            merged[form] = origins if known is None else tuple(sorted(set(known) | set(origins)))
    return merged


def _useful_rules(language: Language, also: frozenset[str]):
    """The rule filter of the walk: a rule that adds a character no ordinary word holds (a
    hyphen, an apostrophe) is walked only if what it adds from that character on is part
    of a form of ``also`` (Catalan's ``-se`` of ``amelar-se``). Catalan's verbs with clitics
    (``acabant-la-hi``: 15 million forms that no list keeps) are then never made, with the
    same origins for all the forms kept: Catalan's walk takes 11 s in one process.
    ``tests/test_database.py`` checks that on a share of the real dictionaries' entries."""
    joiners = language.folding.joiners
    haystack = "\n".join(sorted(also))

    def verdict(add: str) -> bool:
        start = next((i for i, char in enumerate(add) if not (char.isalpha() or char in joiners)), None)
        return start is None or add[start:] in haystack

    # By the rule's addition: the walk asks about the same few thousand rules ten million times.
    verdicts: dict[str, bool] = {}

    def allow(rule) -> bool:
        found = verdicts.get(rule.add)
        if found is None:
            found = verdicts[rule.add] = verdict(rule.add)
        return found

    return allow
