"""The affix engine: for one dictionary entry, every affix path Hunspell 1.7's ``spell()``
would accept, generated forwards, as :class:`~pipeline.expand.batch.Batch` records.

Bird's-eye view (start reading at :meth:`Expander.batches`). Each path is one method and
names the check of Hunspell's ``affixmgr.cxx`` (1.7.1) it mirrors:

* :meth:`Expander._batches`: the bare stem (not NEEDAFFIX, ONLYINCOMPOUND or FORBIDDENWORD),
  then the paths below, in this order;
* :meth:`Expander._one_prefix` (``prefix_check``) and :meth:`Expander._one_suffix`
  (``suffix_check``): one affix, not NEEDAFFIX / ONLYINCOMPOUND (nor CIRCUMFIX alone);
* :meth:`Expander._two_suffixes` (``suffix_check_twosfx``): an inner suffix whose
  continuation class enables an outer one;
* :meth:`Expander._prefixed_suffixes` (``PfxEntry::checkword`` -> ``suffix_check`` with
  ``aeXPRODUCT``): prefix x suffix cross products, either side possibly enabled by the
  other's continuation class;
* :meth:`Expander._prefixed_two_suffixes` (``prefix_check_twosfx``): a prefix with two
  suffixes.

The cross products are collected per (prefix group, admitted prefixes) and come out last
as CROSS batches (:meth:`Expander._cross_batches`), so one check of the prefixes serves
many suffixed words. Which prefixes of a group combine with a suffixed word depends on the
word only through its first characters and on a few facts about the suffix, a
:class:`PrefixedSuffix` or :class:`PrefixedTwoSuffixes` key: :meth:`Expander._cross_prefixes`
memoises the answer on the key.

COMPLEXPREFIXES dictionaries are handled as Hunspell does: every word is mirrored,
prefixes become suffixes (:attr:`Expander.mirror`); the forms are mirrored back when they
are accepted (:class:`pipeline.expand.forms.Acceptance`, which also drops the capitalised
forms Hunspell finds on a hidden homonym first: :meth:`Expander._shadowed`). Compounds (COMPOUNDFLAG,
COMPOUNDRULE, BREAK joins) are unbounded and are not generated; :attr:`Expander.compounds`
records whether the dictionary uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from pipeline.expand.affixes import AffixData, AffixRule, Entry
from pipeline.expand.batch import Batch, BatchKind
from pipeline.expand.forms import Acceptance, Converter, batch_forms, batch_rank, hidden_homonyms, is_initcap
from pipeline.expand.ops import Op, PrefixedSuffix, PrefixedTwoSuffixes, SuffixTraits
from pipeline.expand.read import read_dictionary

#: ``allow(rule)``: restricts an expansion to the rules it accepts (the lemma rules).
RuleFilter = Callable[[AffixRule], bool]

_STEM, _SUFFIX, _PREFIX, _CROSS = BatchKind.STEM, BatchKind.SUFFIX, BatchKind.PREFIX, BatchKind.CROSS


class Group:
    """One flag group with a cache of "which rules apply to a word ending (or starting) so"."""

    __slots__ = ("any_edge", "by_edge", "by_strip", "cache", "fullstrip", "ops", "span", "strip_lengths", "suffix")

    def __init__(self, ops: list[Op], suffix: bool, fullstrip: bool):
        self.ops = tuple(ops)
        #: Which rules apply depends only on the last (first) ``span`` characters once the
        #: word is longer than that: every length test then passes.
        self.span = max((max(op.cut, op.condition.reach) for op in ops), default=0)
        self.cache: dict[str, tuple[Op, ...]] = {}
        self.suffix = suffix
        self.fullstrip = fullstrip

        #: An index of the rules, so that a word is tested against few of them (Korean has
        #: groups of 26,000 rules): by the string they strip, and for those that strip
        #: nothing by the outermost character their condition requires (last for a
        #: suffix, first for a prefix), the rest apart.
        self.by_strip, self.by_edge, self.any_edge = self._index(self.ops, suffix)
        self.strip_lengths = tuple(sorted({len(strip) for strip in self.by_strip}))

    @staticmethod
    def _index(ops: tuple[Op, ...], suffix: bool) -> tuple[dict, dict, tuple[Op, ...]]:
        by_strip: dict[str, list[Op]] = {}
        by_edge: dict[str, list[Op]] = {}
        any_edge = []
        for op in ops:
            edge = op.condition.parts[-1 if suffix else 0] if op.condlen else None
            if op.strip:
                by_strip.setdefault(op.strip, []).append(op)
            elif edge is not None and edge.chars is not None and not edge.negated:
                for char in edge.chars:
                    by_edge.setdefault(char, []).append(op)
            else:
                any_edge.append(op)
        return ({k: tuple(v) for k, v in by_strip.items()}, {k: tuple(v) for k, v in by_edge.items()}, tuple(any_edge))

    def _candidates(self, word: str) -> list[Op]:
        """The rules whose strip (or condition's outermost character) fits ``word``."""
        n = len(word)
        out = list(self.any_edge)
        if word:
            out.extend(self.by_edge.get(word[-1] if self.suffix else word[0], ()))
        by_strip = self.by_strip
        for length in self.strip_lengths:
            if length > n:
                break
            out.extend(by_strip.get(word[n - length :] if self.suffix else word[:length], ()))
        return out

    def applicable(self, word: str) -> tuple[Op, ...]:
        """The rules of the group that apply to ``word`` (strip and condition match)."""
        n = len(word)
        if n > self.span:
            key = word[n - self.span :] if self.suffix else word[: self.span]
            found = self.cache.get(key)
            if found is None:
                found = self.cache[key] = self._compute(word)
            return found
        return self._compute(word)

    def _compute(self, word: str) -> tuple[Op, ...]:
        n = len(word)
        fullstrip = self.fullstrip
        out = []
        # Rules of a group share a few conditions (Korean: thousands of rules, dozens of
        # conditions): each is tested once per word.
        met: dict[str, bool] = {}
        for op in self._candidates(word):
            if not (n > op.cut or (fullstrip and n == op.cut)) or n < op.minlen:
                continue
            if not (word.endswith(op.strip) if self.suffix else word.startswith(op.strip)):
                continue
            condition = op.condition
            ok = met.get(condition.text)
            if ok is None:
                ok = met[condition.text] = condition.matches_end(word) if self.suffix else condition.matches_start(word)
            if ok:
                out.append(op)
        # In the order of what they add, so that a batch's forms come out (mostly) sorted:
        # the bucket sort then finds long runs. (Derivations keep a deterministic order.)
        out.sort(key=lambda op: (op.cut, op.add, op.rule.index))
        return tuple(out)


class Expander:
    """Generates the word forms of one dictionary. Build with :meth:`from_files`."""

    def __init__(
        self,
        data: AffixData,
        entries: list[Entry],
        forbidden: frozenset[str] | None = None,
        hidden: list[Entry] | None = None,
    ):
        """``forbidden``: the FORBIDDENWORD stems (default: those of ``entries``); ``hidden``:
        Hunspell's hidden capitalised homonyms (default: those of ``entries``,
        :func:`~pipeline.expand.forms.hidden_homonyms`)."""
        #: The affix data, as read (not mirrored).
        self.data = data
        self._entries = entries
        #: True when the dictionary accepts compounds (COMPOUND*, ONLYINCOMPOUND, or a
        #: declared BREAK), which the expansion does not contain.
        self.compounds = bool(data.compound_directives) or (data.break_declared and bool(data.break_patterns))
        #: COMPLEXPREFIXES: the engine works on mirrored words.
        self.mirror = data.complexprefixes
        if self.mirror:
            prefixes = {f: tuple(r.mirrored() for r in rules) for f, rules in data.suffixes.items()}
            suffixes = {f: tuple(r.mirrored() for r in rules) for f, rules in data.prefixes.items()}
        else:
            prefixes, suffixes = data.prefixes, data.suffixes
        self._sfx_flags = frozenset(suffixes)
        self._pfx_flags = frozenset(prefixes)
        self._sgroups = {
            f: Group([Op(r, data, self._sfx_flags, self._pfx_flags) for r in rules], True, data.fullstrip)
            for f, rules in suffixes.items()
        }
        self._pgroups = {
            f: Group([Op(r, data, self._sfx_flags, self._pfx_flags) for r in rules], False, data.fullstrip)
            for f, rules in prefixes.items()
        }
        self._assign_keys()
        # Suffix flags some prefix enables (a suffix the stem lacks, allowed by the prefix).
        self._sfx_from_pfx = frozenset(
            f for g in self._pgroups.values() for op in g.ops if op.cross for f in op.cont & self._sfx_flags
        )
        specials = [data.needaffix, data.onlyincompound, data.forbidden]
        self._bare_block = frozenset(f for f in specials if f is not None)
        self._stem_block = frozenset(f for f in (data.onlyincompound, data.forbidden) if f is not None)
        if forbidden is None:
            forbidden = frozenset(e.stem for e in entries if data.forbidden is not None and data.forbidden in e.flags)
        self._groups_cache: dict[frozenset, tuple] = {}
        self._class_cache: dict[tuple, list] = {}
        #: Admitted prefixes -> their rule indices: how cross-product batches are ordered.
        self._sel_order: dict[tuple, tuple[int, ...]] = {}
        #: The most any suffix strips (bounds which characters a suffixed form shares with its base).
        self.max_suffix_cut = max((op.cut for g in self._sgroups.values() for op in g.ops), default=0)
        # Does any suffix enable a prefix the stem may lack?
        self._any_cont_pfx = any(op.cont_pfx for g in self._sgroups.values() for op in g.ops)
        #: Hunspell's hidden capitalised homonyms (passed on to the fast and bounded variants).
        self.hidden = hidden_homonyms(entries, data.forbidden) if hidden is None else list(hidden)
        self._forbidden = forbidden
        self._iconv = self._iconv_that_matters(data, entries, prefixes, suffixes)

    @classmethod
    def from_files(cls, aff_path: Path | str, dic_path: Path | str) -> Expander:
        data, entries = read_dictionary(aff_path, dic_path)
        return cls(data, entries)

    def working_stem(self, entry: Entry) -> str:
        """The entry's stem in working space (mirrored for COMPLEXPREFIXES)."""
        return entry.stem[::-1] if self.mirror else entry.stem

    def entries(self) -> list[Entry]:
        """The dictionary's entries (stems with their flags), in .dic order."""
        return list(self._entries)

    @property
    def forbidden(self) -> frozenset[str]:
        """The FORBIDDENWORD stems: never a form, whatever makes them."""
        return self._forbidden

    @cached_property
    def acceptance(self) -> Acceptance:
        """Which working-space forms Hunspell accepts as spelled, as output forms. Made on
        first use: the shadowed forms take expanding the hidden homonyms, which an expander
        only read to make its fast or bounded variant never needs."""
        return Acceptance(self.mirror, self._iconv, self._forbidden, self._shadowed())

    def share(self, index: int, shares: int) -> Expander:
        """The same expander over entries ``index``, ``index + shares``, ... (for a worker)."""
        _ = self.acceptance  # made once, not once per worker
        part = object.__new__(Expander)
        part.__dict__.update(self.__dict__)
        part._entries = self._entries[index::shares]
        return part

    def __getstate__(self) -> dict:
        # Workers receive their share pickled: the entries as three columns pickle an order
        # of magnitude faster than a hundred thousand dataclass instances.
        _ = self.acceptance  # made once, not once per worker
        state = dict(self.__dict__)
        entries = state.pop("_entries")
        state["_entry_columns"] = ([e.stem for e in entries], [e.flags for e in entries], [e.line for e in entries])
        return state

    def __setstate__(self, state: dict) -> None:
        stems, flags, lines = state.pop("_entry_columns")
        state["_entries"] = list(map(Entry, stems, flags, lines))
        self.__dict__.update(state)

    # --- construction helpers -----------------------------------------------------------

    def _assign_keys(self) -> None:
        """Give every suffix op its traits and cross-product keys, one object per value (so
        that equal keys share one memo). The keys are found by the plain tuple of what they
        hold: Basque's 121,000 rules would otherwise hash a million dataclasses."""
        by_traits: dict[tuple, tuple] = {}
        two_by_traits: dict[tuple, tuple] = {}
        for group in self._sgroups.values():
            for op in group.ops:
                raw = (op.cf, op.na, op.flag, op.cont_pfx)
                found = by_traits.get(raw)
                if found is None:
                    traits = SuffixTraits(*raw)
                    found = by_traits[raw] = (
                        traits,
                        tuple(PrefixedSuffix(traits, in_stem) for in_stem in (False, True)),
                    )
                op.traits, op.prefixed_keys = found
                two = two_by_traits.get((raw, op.cross))
                if two is None:
                    two = two_by_traits[(raw, op.cross)] = tuple(
                        tuple(PrefixedTwoSuffixes(op.traits, op.cross, in_stem, enabling) for enabling in (False, True))
                        for in_stem in (False, True)
                    )
                op.two_suffix_keys = two

    def _shadowed(self) -> dict[str, int]:
        """The capitalised forms the hidden homonyms make with an affix (by this expander's
        own rules), each with the earliest path that makes it (:func:`batch_rank`): Hunspell
        rejects them unless another entry makes them earlier (see
        :func:`~pipeline.expand.forms.hidden_homonyms`)."""
        out: dict[str, int] = {}
        for entry in self.hidden:
            for batch in self.batches(entry):
                if batch[0] is _STEM:
                    continue  # the bare look-up skips hidden homonyms
                rank = batch_rank(batch)
                for forms, _shared in batch_forms(batch, self.max_suffix_cut):
                    for form in (f[::-1] for f in forms) if self.mirror else forms:
                        if is_initcap(form) and rank < out.get(form, 5):
                            out[form] = rank
        return out

    @staticmethod
    def _iconv_that_matters(data: AffixData, entries: list[Entry], prefixes: dict, suffixes: dict) -> Converter | None:
        """ICONV, if it could change a form of this dictionary (else None).

        Hunspell converts what it is asked (ICONV) before looking anything up, so a form
        that ICONV would change is not accepted as spelled. Only a pattern that changes
        something can reject a form (identity pairs, common after NFC, still take part in
        the longest-match conversion).
        """
        if not data.iconv:
            return None
        chars = {c for pattern, out in data.iconv if pattern != out for c in pattern.replace("_", "")}
        texts = [*(e.stem for e in entries), *(r.add for g in (*prefixes.values(), *suffixes.values()) for r in g)]
        if chars and any(c in chars for text in texts for c in text):
            return Converter(data.iconv)
        return None

    # --- the algorithm ------------------------------------------------------------------

    def batches(self, entry: Entry, allow: RuleFilter | None = None) -> Iterator[Batch]:
        """The forms of ``entry`` as batches, in working space; ``allow`` restricts the rules."""
        stem = entry.stem[::-1] if self.mirror else entry.stem
        return self._batches(stem, entry.flags, allow)

    def _batches(self, stem: str, flags: frozenset, allow: RuleFilter | None) -> Iterator[Batch]:
        """The paths in order: bare stem, one prefix, then per suffix group (sorted) one
        suffix, its cross products, and for each of its rules two suffixes and a prefix with
        two suffixes; the cross products come out last, grouped."""
        if not (flags & self._bare_block):
            yield (_STEM, stem, (), ())
        if flags & self._stem_block:
            return  # ONLYINCOMPOUND or forbidden stems make nothing (checkword rejects them)
        pfx_groups, sfx_groups, stem_pfx = self._groups_for(flags)
        if allow is None:
            select = None  # every rule (tested inline: this runs for every group of every entry)
        else:

            def select(ops):
                return tuple(op for op in ops if allow(op.rule.source))

        if pfx_groups:
            yield from self._one_prefix(stem, pfx_groups, select)
        cross_possible = bool(stem_pfx) or self._any_cont_pfx
        # Suffixed words waiting for prefixes: (prefix group, prefixes) -> ([chains], [bases]).
        waiting: dict[tuple, tuple[list, list]] = {}
        n = len(stem)
        sgroups = self._sgroups
        for g in sfx_groups:
            ops = sgroups[g].applicable(stem)
            if select is not None:
                ops = select(ops)
            if not ops:
                continue
            in_stem = g in flags
            if in_stem:
                one = self._one_suffix(ops)
                if one:
                    yield (_SUFFIX, stem, one, ())
            if cross_possible:
                self._prefixed_suffixes(stem, ops, in_stem, flags, stem_pfx, allow, waiting)
            for s1 in ops:
                if s1.oic or not s1.cont_sfx:
                    continue  # the inner suffix is checked for ONLYINCOMPOUND on every path
                w1 = stem[: n - s1.cut] + s1.add
                if in_stem and not s1.cf:
                    yield from self._two_suffixes(s1, w1, select)
                if cross_possible:
                    self._prefixed_two_suffixes(s1, w1, in_stem, flags, stem_pfx, select, allow, waiting)
        if waiting:
            yield from self._cross_batches(waiting)

    def _one_prefix(self, stem: str, pfx_groups: tuple, select) -> list[Batch]:
        """One prefix (``prefix_check`` -> ``PfxEntry::checkword``): not NEEDAFFIX, not
        ONLYINCOMPOUND."""
        pgroups = self._pgroups
        out: list[Batch] = []
        for g in pfx_groups:
            ops = pgroups[g].applicable(stem)
            sel = [op for op in (ops if select is None else select(ops)) if not (op.na or op.oic)]
            if sel:
                out.append((_PREFIX, stem, sel, ()))
        return out

    @staticmethod
    def _one_suffix(ops: Sequence[Op]) -> list[Op]:
        """One suffix (``suffix_check``): no NEEDAFFIX, ONLYINCOMPOUND or CIRCUMFIX alone."""
        return [op for op in ops if not (op.na or op.oic or op.cf)]

    def _two_suffixes(self, s1: Op, w1: str, select) -> list[Batch]:
        """Two suffixes (``suffix_check_twosfx``): the outer one is not checked at all."""
        sgroups = self._sgroups
        out: list[Batch] = []
        for g2 in s1.cont_sfx:
            ops2 = sgroups[g2].applicable(w1)
            if select is not None:
                ops2 = select(ops2)
            if ops2:
                out.append((_SUFFIX, w1, ops2, (s1,)))
        return out

    def _prefixed_suffixes(
        self,
        stem: str,
        ops: tuple[Op, ...],
        in_stem: bool,
        flags: frozenset,
        stem_pfx: frozenset,
        allow: RuleFilter | None,
        waiting: dict,
    ) -> None:
        """Prefix x suffix (``PfxEntry::checkword`` -> ``suffix_check`` with aeXPRODUCT), one
        class of suffixes at a time: they share the answer for words that still start like
        the stem. Adds the admitted cross products to ``waiting``."""
        n = len(stem)
        pgroups = self._pgroups
        for traits, members in self._cross_classes(ops):
            key = members[0].prefixed_keys[in_stem]
            w1s = [stem[: n - s1.cut] + s1.add for s1 in members]
            shared = n - max(s1.cut for s1 in members)
            shortest = min(map(len, w1s))
            enables = traits.enables_prefixes
            for pg in (stem_pfx | enables) if enables else stem_pfx:
                span = pgroups[pg].span
                if shared >= span and shortest > span:
                    sel = self._cross_prefixes(pg, w1s[0], key, pg in flags, allow)
                    if sel:
                        slot = waiting.setdefault((pg, sel), ([], []))  # see _cross_batches
                        slot[0].extend([(s1,) for s1 in members])
                        slot[1].extend(w1s)
                    continue
                for s1, w1 in zip(members, w1s):
                    sel = self._cross_prefixes(pg, w1, key, pg in flags, allow)
                    if sel:
                        slot = waiting.setdefault((pg, sel), ([], []))
                        slot[0].append((s1,))
                        slot[1].append(w1)

    def _prefixed_two_suffixes(
        self,
        s1: Op,
        w1: str,
        in_stem: bool,
        flags: frozenset,
        stem_pfx: frozenset,
        select,
        allow: RuleFilter | None,
        waiting: dict,
    ) -> None:
        """Prefix + two suffixes (``prefix_check_twosfx`` -> ``suffix_check_twosfx``) on the
        word ``w1`` that suffix ``s1`` made. Adds the admitted forms to ``waiting``."""
        n1 = len(w1)
        pgroups, sgroups = self._pgroups, self._sgroups
        for g2 in s1.cont_sfx:
            ops2 = sgroups[g2].applicable(w1)
            crossing = [s2 for s2 in (ops2 if select is None else select(ops2)) if s2.cross]
            if not crossing:
                continue
            candidates = stem_pfx | s1.cont_pfx
            for s2 in crossing:
                if s2.cont_pfx:
                    candidates = candidates | s2.cont_pfx
            for pg in candidates:
                span = pgroups[pg].span
                # The outer suffix may enable the prefix itself (then the inner suffix is
                # checked without it): two classes of outer suffixes.
                for enabling in (False, True):
                    outer = [s2 for s2 in crossing if (pg in s2.cont_pfx) == enabling]
                    if not outer:
                        continue
                    if not enabling and pg not in stem_pfx and pg not in s1.cont_pfx:
                        continue  # nothing enables this prefix
                    key = s1.two_suffix_keys[in_stem][enabling]
                    w2s = [w1[: n1 - s2.cut] + s2.add for s2 in outer]
                    if n1 - max(s2.cut for s2 in outer) >= span and min(map(len, w2s)) > span:
                        # Every w2 starts like w1: one answer for all of them.
                        sel = self._cross_prefixes(pg, w2s[0], key, pg in flags, allow)
                        if sel:
                            slot = waiting.setdefault((pg, sel), ([], []))
                            slot[0].extend([(s1, s2) for s2 in outer])
                            slot[1].extend(w2s)
                        continue
                    for s2, w2 in zip(outer, w2s):
                        sel = self._cross_prefixes(pg, w2, key, pg in flags, allow)
                        if sel:
                            slot = waiting.setdefault((pg, sel), ([], []))
                            slot[0].append((s1, s2))
                            slot[1].append(w2)

    def _cross_batches(self, waiting: dict) -> list[Batch]:
        """The collected cross products, in a deterministic order (by prefix group, then by
        the prefixes' places in the .aff).

        ``waiting`` maps (prefix group, admitted prefixes) to the suffixed words and the
        chains that made them; the paths fill it in place (inline: it happens hundreds of
        thousands of times per dictionary, and a call per word costs 5% of the expansion).
        """
        items: Iterable[tuple[Any, Any]]
        if len(waiting) > 1:
            order = self._sel_order
            items = sorted(waiting.items(), key=lambda item: (item[0][0], order[item[0][1]]))
        else:
            items = waiting.items()
        return [(_CROSS, bases, sel, chains) for (_pg, sel), (chains, bases) in items]

    def _groups_for(self, flags: frozenset) -> tuple:
        """Per flag set: (prefix groups, suffix groups to try, any prefix reachable)."""
        found = self._groups_cache.get(flags)
        if found is None:
            pfx = tuple(sorted(flags & self._pfx_flags))
            sfx = tuple(sorted((flags | self._sfx_from_pfx) & self._sfx_flags))
            found = self._groups_cache[flags] = (pfx, sfx, frozenset(flags & self._pfx_flags))
        return found

    def _cross_classes(self, ops: tuple[Op, ...]) -> list:
        """The crossing, non-ONLYINCOMPOUND suffixes of ``ops`` grouped by :attr:`Op.traits`."""
        found = self._class_cache.get(ops)
        if found is None:
            classes: dict[SuffixTraits | None, list] = {}
            for op in ops:
                if op.cross and not op.oic:
                    classes.setdefault(op.traits, []).append(op)
            found = self._class_cache[ops] = list(classes.items())
            if len(self._class_cache) > 200_000:  # words shorter than a group's span
                self._class_cache.clear()
        return found

    def _cross_prefixes(
        self, pg: str, word: str, key: PrefixedSuffix | PrefixedTwoSuffixes, pg_in_stem: bool, allow: RuleFilter | None
    ) -> tuple:
        """The prefixes of group ``pg`` that combine with ``word``, suffixed as ``key`` says.

        The answer depends on the word only through its first characters, so it is
        memoised on the key (unless ``allow`` restricts the rules).
        """
        group = self._pgroups[pg]
        span = group.span
        head = word[:span] if len(word) > span else "\0" + word
        if allow is None:
            memo_key = (pg, head, pg_in_stem)
            found = key.memo.get(memo_key)
            if found is not None:
                return found
        ops = group.applicable(word)
        if allow is not None:
            ops = tuple(op for op in ops if allow(op.rule.source))
        admits = key.admits
        sel = tuple(p for p in ops if admits(p, pg, pg_in_stem))
        if sel not in self._sel_order:
            self._sel_order[sel] = tuple(op.rule.index for op in sel)
        if allow is None:
            key.memo[memo_key] = sel
        return sel
