"""The bounded expansion: what an agglutinative dictionary's lists and games can use.

Basque, Hungarian, Turkish or Korean dictionaries chain suffixes through continuation
classes; their full expansion runs to billions of forms (Basque 3.2.0: about 3 billion,
60 GiB). The published lists and the games only need ordinary words, so a language whose
TOML sets ``[expand] bounded = "one-affix"`` is expanded by :func:`bounded_variant`:

* the word-game fast path (:func:`pipeline.expand.fastpath.fast_variant`): no rule or stem
  that can only make forms with capitals, digits, hyphens or apostrophes;
* ``one-affix``: one affix per form: continuation classes no longer chain a second suffix
  or enable a prefix, and prefixes no longer combine with suffixes (the rules lose their
  cross-product mark). The forms left out are those made by two or more affixes.
* ``stems``: no affix at all, for dictionaries whose single affixes are already too many
  (Hungarian, Korean: hundreds of millions of one-affix forms): the stems as they are,
  where Hunspell takes them as words (not a NEEDAFFIX or ONLYINCOMPOUND stem).

Every form still generated is accepted by Hunspell: it is one of the derivations the full
expansion makes.

:data:`MODES` describes each mode in the words metadata.json records under ``"bounded"``,
so the lists say what they are.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pipeline.config import BOUNDED_MODES
from pipeline.expand.affixes import AffixData
from pipeline.expand.engine import Expander
from pipeline.expand.fastpath import OrdinaryForms, fast_variant

#: Bounded modes and how metadata.json describes them (the data lives with the language rules).
MODES = BOUNDED_MODES


def language_expander(language, aff: Path, dic: Path) -> Expander:
    """The expander of a language's dictionary as its build expands it, bounded where its
    TOML says so: what the lemmas and the other facts of the lists are read from too, so
    they stay within what the expansion made (a Hungarian noun's full derivations run to
    millions)."""
    expander = Expander.from_files(aff, dic)
    mode = language.expand.bounded
    return bounded_variant(expander, mode, OrdinaryForms.of(language)) if mode else expander


def bounded_variant(expander: Expander, mode: str, ordinary: OrdinaryForms = OrdinaryForms()) -> Expander:
    """An expander that generates only what ``mode`` keeps (see :data:`MODES`)."""
    if mode not in MODES:
        raise ValueError(f"unknown bounded mode {mode!r}")
    fast = fast_variant(expander, ordinary)
    data = fast.data
    rules = _RULES[mode](data)
    bounded_data = AffixData(**{**data.__dict__, "prefixes": rules(data.prefixes), "suffixes": rules(data.suffixes)})
    return Expander(bounded_data, fast.entries(), forbidden=fast.forbidden, hidden=fast.hidden)


def _one_affix(data: AffixData):
    affix_flags = frozenset(data.prefixes) | frozenset(data.suffixes)

    def one_level(groups):
        # The special flags (NEEDAFFIX, CIRCUMFIX, ONLYINCOMPOUND) stay: they still decide
        # whether a one-affix form is a word on its own.
        return {
            flag: tuple(replace(rule, cont=rule.cont - affix_flags, cross=False) for rule in rules)
            for flag, rules in groups.items()
        }

    return one_level


def _stems(data: AffixData):
    return lambda groups: {}


#: Per mode: from the dictionary's affix data, what becomes of each group of rules.
_RULES = {"one-affix": _one_affix, "stems": _stems}
