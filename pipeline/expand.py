"""The expander: every word form Hunspell 1.7's ``spell()`` accepts through affixes.

Bird's-eye view (start reading at :meth:`Expander._batches`):

1. :meth:`Expander.from_files` reads the .aff through :mod:`pipeline.aff_sanitise` and spylls
   into :class:`pipeline.affixes.AffixData`, and the .dic into :class:`~pipeline.affixes.Entry`
   records.
2. For one entry, :meth:`Expander._batches` walks the derivations Hunspell's affix checker
   (``affixmgr.cxx``: ``prefix_check``, ``suffix_check``, ``suffix_check_twosfx``,
   ``prefix_check_twosfx``) would accept, *forwards*: bare stem, one prefix, one suffix, two
   suffixes through continuation classes, prefix x suffix cross products (either side may be
   enabled by the other's continuation class), and prefix + two suffixes, with the
   affix-level NEEDAFFIX / ONLYINCOMPOUND / CIRCUMFIX rules of each path. COMPLEXPREFIXES
   dictionaries are handled as Hunspell does: every word is mirrored, prefixes become
   suffixes, and the outputs are mirrored back. A batch is "one base word and the rules of
   one group applied to it" so that the hot loop builds strings in a comprehension.
3. :meth:`Expander.derivations` turns batches into :class:`Derivation` records (form, stem,
   chain of rules); forms equal to a FORBIDDENWORD entry, or that ICONV would rewrite, are
   dropped.
4. :func:`expand_to_file` splits the entries across worker processes; each buffers its forms
   in buckets keyed by the first two characters and spills them, when the buffer is full,
   into one run file (with an index of where each bucket's piece is). The buckets are then
   deduplicated and sorted one at a time (workers take buckets largest first) and copied out
   in key order, so memory is bounded by the buffer and the largest bucket (a bucket over
   :data:`BUCKET_BYTES` is split by one more character) and the bytes do not depend on the
   number of workers, the hash seed or the locale (sorting is by UTF-8 bytes).

Compounds (COMPOUNDFLAG, COMPOUNDRULE, BREAK joins) are unbounded and are not generated;
:attr:`Expander.compounds` records whether the dictionary uses them.
"""

from __future__ import annotations

import concurrent.futures
import io
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from pipeline.aff_sanitise import dic_lines, sanitise_aff, split_dic_line
from pipeline.affixes import AffixData, AffixRule, Entry, parse_condition
from pipeline.errors import RuscError
from pipeline.extract import read_dictionary_text
from pipeline.fsutil import atomic_path, atomic_write, sha256_file

#: Directives that make a dictionary accept compounds (unbounded, so never expanded).
COMPOUND_DIRECTIVES = ("COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND",
                       "COMPOUNDRULE", "ONLYINCOMPOUND")

#: Characters that make a form useless to the word games: the fast path drops rules that
#: can only produce forms containing one of them (and stems that keep one in every form).
GAME_UNFRIENDLY = frozenset("-'’.0123456789")


@dataclass(frozen=True)
class Derivation:
    """One generated form and how it was made."""

    #: The form as Hunspell accepts it.
    form: str
    #: The dictionary stem it came from.
    stem: str
    #: The affix rules applied, in order of application (empty for the bare stem).
    chain: tuple[AffixRule, ...]


@dataclass
class ExpansionStats:
    """What :func:`expand_to_file` did (also written to expansion.json)."""

    #: Distinct forms written.
    forms: int
    #: Forms generated before removing duplicates.
    generated: int
    #: Dictionary entries read / expanded (the fast path skips some).
    entries: int
    expanded_entries: int
    compounds: bool
    fast: bool
    #: Wall seconds per phase (read, expand, sort, concatenate): for benchmarks, never
    #: written to expansion.json (it would make the output depend on the machine).
    seconds: dict[str, float] = field(default_factory=dict)


class _Op:
    """An affix rule prepared for the hot loop (working space: mirrored for COMPLEXPREFIXES)."""

    __slots__ = ("rule", "flag", "cut", "strip", "add", "cross", "cont", "cf", "na", "oic",
                 "cont_sfx", "cont_pfx", "condition", "condlen", "xkey")

    def __init__(self, rule: AffixRule, data: AffixData, sfx_flags, pfx_flags):
        self.rule = rule
        self.flag = rule.flag
        self.strip = rule.strip
        self.cut = len(rule.strip)
        self.add = rule.add
        self.cross = rule.cross
        self.cont = rule.cont
        self.cf = data.circumfix is not None and data.circumfix in rule.cont
        self.na = data.needaffix is not None and data.needaffix in rule.cont
        self.oic = data.onlyincompound is not None and data.onlyincompound in rule.cont
        self.cont_sfx = tuple(sorted(rule.cont & sfx_flags))
        self.cont_pfx = frozenset(rule.cont & pfx_flags)
        self.condition = rule.condition
        self.condlen = len(rule.condition)
        #: What prefix compatibility depends on, for the cross-product cache.
        self.xkey = (self.cf, self.na, self.flag, self.cont_pfx)


class _Group:
    """One flag group with a cache of "which rules apply to a word ending (or starting) so"."""

    __slots__ = ("ops", "span", "cache", "suffix", "fullstrip")

    def __init__(self, ops: list[_Op], suffix: bool, fullstrip: bool):
        self.ops = tuple(ops)
        # Which rules apply depends only on the last (first) `span` characters once the word
        # is longer than that: every length test then passes.
        self.span = max((max(op.cut, op.condlen) for op in ops), default=0)
        self.cache: dict[str, tuple[_Op, ...]] = {}
        self.suffix = suffix
        self.fullstrip = fullstrip

    def applicable(self, word: str) -> tuple[_Op, ...]:
        n = len(word)
        if n > self.span:
            key = word[n - self.span:] if self.suffix else word[:self.span]
            found = self.cache.get(key)
            if found is None:
                found = self.cache[key] = self._compute(word)
            return found
        return self._compute(word)

    def _compute(self, word: str) -> tuple[_Op, ...]:
        n = len(word)
        fullstrip = self.fullstrip
        out = []
        for op in self.ops:
            if not (n > op.cut or (fullstrip and n == op.cut)) or n < op.condlen:
                continue
            if self.suffix:
                if word.endswith(op.strip) and op.condition.matches_end(word):
                    out.append(op)
            elif word.startswith(op.strip) and op.condition.matches_start(word):
                out.append(op)
        # In the order of what they add, so that a batch's forms come out (mostly) sorted:
        # the bucket sort then finds long runs. (Derivations keep a deterministic order.)
        out.sort(key=lambda op: (op.cut, op.add, op.rule.index))
        return tuple(out)


class Expander:
    """Generates the word forms of one dictionary. Build with :meth:`from_files`."""

    def __init__(self, data: AffixData, entries: list[Entry]):
        self.data = data
        self._entries = entries
        #: True when the dictionary accepts compounds (COMPOUND*, ONLYINCOMPOUND, or a
        #: declared BREAK), which the expansion does not contain.
        self.compounds = bool(data.compound_directives) or (data.break_declared and bool(data.break_patterns))
        self._mirror = data.complexprefixes
        if self._mirror:
            prefixes = {f: tuple(r.mirrored() for r in rules) for f, rules in data.suffixes.items()}
            suffixes = {f: tuple(r.mirrored() for r in rules) for f, rules in data.prefixes.items()}
        else:
            prefixes, suffixes = data.prefixes, data.suffixes
        self._sfx_flags = frozenset(suffixes)
        self._pfx_flags = frozenset(prefixes)
        self._sgroups = {f: _Group([_Op(r, data, self._sfx_flags, self._pfx_flags) for r in rules], True,
                                   data.fullstrip) for f, rules in suffixes.items()}
        self._pgroups = {f: _Group([_Op(r, data, self._sfx_flags, self._pfx_flags) for r in rules], False,
                                   data.fullstrip) for f, rules in prefixes.items()}
        # Suffix flags some prefix enables (a suffix the stem lacks, allowed by the prefix).
        self._sfx_from_pfx = frozenset(
            f for g in self._pgroups.values() for op in g.ops if op.cross for f in op.cont & self._sfx_flags)
        specials = [data.needaffix, data.onlyincompound, data.forbidden]
        self._bare_block = frozenset(f for f in specials if f is not None)
        self._stem_block = frozenset(f for f in (data.onlyincompound, data.forbidden) if f is not None)
        self._forbidden = frozenset(
            e.stem for e in entries if data.forbidden is not None and data.forbidden in e.flags)
        self._forbidden_bytes = frozenset(word.encode("utf-8") for word in self._forbidden)
        # Hunspell converts what it is asked (ICONV) before looking anything up, so a form
        # that ICONV would change is not accepted as spelled; such forms are dropped. (OCONV
        # only converts suggestions: Hunspell's oconv tests accept the unconverted forms.)
        # Only a pattern that changes something can reject a form (identity pairs, common
        # after NFC, still take part in the longest-match conversion).
        self._iconv = _Converter(data.iconv) if data.iconv else None
        iconv_chars = {c for pattern, out in data.iconv if pattern != out for c in pattern.replace("_", "")}
        self._iconv_matters = bool(iconv_chars) and any(
            c in iconv_chars for text in [*(e.stem for e in entries),
                                          *(r.add for g in (*prefixes.values(), *suffixes.values()) for r in g)]
            for c in text)
        self._groups_cache: dict[frozenset, tuple] = {}
        self._cross_cache: dict[tuple, tuple] = {}
        self._class_cache: dict[tuple, list] = {}
        self._max_sfx_cut = max((op.cut for g in self._sgroups.values() for op in g.ops), default=0)
        # Does any suffix enable a prefix the stem may lack?
        self._any_cont_pfx = any(op.cont_pfx for g in self._sgroups.values() for op in g.ops)

    # --- construction -------------------------------------------------------------------

    @classmethod
    def from_files(cls, aff_path: Path | str, dic_path: Path | str) -> "Expander":
        aff_path, dic_path = Path(aff_path), Path(dic_path)
        aff_text, dic_text = read_dictionary_text(aff_path, dic_path)
        data, parse_flags = _read_aff(aff_text, aff_path)
        entries = _read_dic(dic_text, dic_path, parse_flags, data.ignore)
        return cls(data, entries)

    def entries(self) -> list[Entry]:
        """The dictionary's entries (stems with their flags), in .dic order."""
        return list(self._entries)

    # --- the algorithm ------------------------------------------------------------------

    def _groups_for(self, flags: frozenset) -> tuple:
        """Per flag set: (prefix groups, suffix groups to try, any prefix reachable)."""
        found = self._groups_cache.get(flags)
        if found is None:
            pfx = tuple(sorted(flags & self._pfx_flags))
            sfx = tuple(sorted((flags | self._sfx_from_pfx) & self._sfx_flags))
            found = self._groups_cache[flags] = (pfx, sfx, frozenset(flags & self._pfx_flags))
        return found

    def _batches(self, stem: str, flags: frozenset, allow: Callable[[AffixRule], bool] | None = None):
        """Yield the forms of one entry as batches, in working space.

        A batch is ``(kind, chains, bases, ops)``:

        * ``"STEM"``: the single form ``bases`` (the stem itself);
        * ``"SFX"``: ``base[:-op.cut] + op.add`` for each op, ``bases`` one string, ``chains``
          the rules applied before;
        * ``"PFX"``: ``op.add + base[op.cut:]`` likewise;
        * ``"XPFX"``: every op (a prefix) applied to every base of the list ``bases``, whose
          rules are ``chains[i]``: the cross products, grouped so that one check of the
          prefixes serves many suffixed words.

        Each path names the affixmgr.cxx check it mirrors (Hunspell 1.7.1).
        """
        if not (flags & self._bare_block):
            yield "STEM", (), stem, None
        if flags & self._stem_block:
            return  # ONLYINCOMPOUND or forbidden stems make nothing (checkword rejects them)
        pfx_groups, sfx_groups, stem_pfx = self._groups_for(flags)
        pgroups, sgroups = self._pgroups, self._sgroups
        if allow is None:
            def ok(ops):
                return ops
        else:
            def ok(ops):
                return tuple(op for op in ops if allow(op.rule.source))

        # One prefix (prefix_check -> PfxEntry::checkword): not NEEDAFFIX, not ONLYINCOMPOUND.
        for g in pfx_groups:
            sel = [op for op in ok(pgroups[g].applicable(stem)) if not (op.na or op.oic)]
            if sel:
                yield "PFX", (), stem, sel
        cross_possible = bool(stem_pfx) or self._any_cont_pfx
        # Suffixed words waiting for prefixes: (prefix group, prefixes) -> ([chains], [bases]).
        waiting: dict[tuple, tuple[list, list]] = {}
        n = len(stem)
        for g in sfx_groups:
            ops = ok(sgroups[g].applicable(stem))
            if not ops:
                continue
            in_stem = g in flags
            if in_stem:
                # One suffix (suffix_check): no NEEDAFFIX, ONLYINCOMPOUND or CIRCUMFIX alone.
                sel = [op for op in ops if not (op.na or op.oic or op.cf)]
                if sel:
                    yield "SFX", (), stem, sel
            if cross_possible:
                # Prefix x suffix (PfxEntry::checkword -> suffix_check with aeXPRODUCT), one
                # class of inner suffixes at a time: they share the answer for words that
                # still start like the stem.
                for xkey, members in self._cross_classes(ops):
                    key = ("D", xkey, in_stem)
                    w1s = [stem[:n - s1.cut] + s1.add for s1 in members]
                    shared = n - max(s1.cut for s1 in members)
                    shortest = min(map(len, w1s))
                    for pg in (stem_pfx | xkey[3]) if xkey[3] else stem_pfx:
                        span = pgroups[pg].span
                        if shared >= span and shortest > span:
                            sel = self._cross_prefixes(pg, w1s[0], key, pg in flags, allow)
                            if sel:
                                slot = waiting.setdefault((pg, sel), ([], []))
                                slot[0].extend([(s1,) for s1 in members])
                                slot[1].extend(w1s)
                            continue
                        for s1, w1 in zip(members, w1s):
                            sel = self._cross_prefixes(pg, w1, key, pg in flags, allow)
                            if sel:
                                slot = waiting.setdefault((pg, sel), ([], []))
                                slot[0].append((s1,))
                                slot[1].append(w1)
            for s1 in ops:
                if s1.oic or not s1.cont_sfx:
                    continue  # the inner suffix is checked for ONLYINCOMPOUND on every path
                w1 = stem[:n - s1.cut] + s1.add
                # Two suffixes (suffix_check_twosfx): the outer one is not checked at all.
                if in_stem and not s1.cf:
                    for g2 in s1.cont_sfx:
                        ops2 = ok(sgroups[g2].applicable(w1))
                        if ops2:
                            yield "SFX", (s1,), w1, ops2
                if not cross_possible:
                    continue
                # Prefix + two suffixes (prefix_check_twosfx -> suffix_check_twosfx).
                n1 = len(w1)
                for g2 in s1.cont_sfx:
                    crossing = [s2 for s2 in ok(sgroups[g2].applicable(w1)) if s2.cross]
                    if not crossing:
                        continue
                    candidates = stem_pfx | s1.cont_pfx
                    for s2 in crossing:
                        if s2.cont_pfx:
                            candidates = candidates | s2.cont_pfx
                    for pg in candidates:
                        span = pgroups[pg].span
                        # The outer suffix may enable the prefix itself (then the inner suffix
                        # is checked without it): two classes of outer suffixes.
                        for enabling in (False, True):
                            outer = [s2 for s2 in crossing if (pg in s2.cont_pfx) == enabling]
                            if not outer:
                                continue
                            if not enabling and pg not in stem_pfx and pg not in s1.cont_pfx:
                                continue  # nothing enables this prefix
                            key = ("F", s1.xkey, s1.cross, in_stem, enabling)
                            w2s = [w1[:n1 - s2.cut] + s2.add for s2 in outer]
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
        for (pg, sel), (chains, bases) in sorted(waiting.items(), key=_waiting_order):
            yield "XPFX", chains, bases, sel

    def _cross_classes(self, ops: tuple) -> list:
        """The crossing, non-ONLYINCOMPOUND suffixes of ``ops`` grouped by :attr:`_Op.xkey`."""
        found = self._class_cache.get(ops)
        if found is None:
            classes: dict[tuple, list] = {}
            for op in ops:
                if op.cross and not op.oic:
                    classes.setdefault(op.xkey, []).append(op)
            found = self._class_cache[ops] = list(classes.items())
            if len(self._class_cache) > 200_000:  # words shorter than a group's span
                self._class_cache.clear()
        return found

    def _cross_prefixes(self, pg: str, word: str, key: tuple, pg_in_stem: bool, allow) -> tuple:
        """The prefixes of group ``pg`` that combine with ``word``, suffixed as ``key`` says.

        ``key`` is ("D", inner suffix, inner in stem) for prefix x suffix, or ("F", inner
        suffix, inner crosses, inner in stem, outer enables prefix) for prefix + two suffixes;
        the answer depends on the word only through its first characters, so it is cached.
        """
        group = self._pgroups[pg]
        span = group.span
        head = word[:span] if len(word) > span else "\0" + word
        cache_key = (pg, key, head, pg_in_stem)
        if allow is None:
            found = self._cross_cache.get(cache_key)
            if found is not None:
                return found
        ops = group.applicable(word)
        if allow is not None:
            ops = tuple(op for op in ops if allow(op.rule.source))
        sel = []
        if key[0] == "D":
            _, (s_cf, s_na, s_flag, s_cont), s_in_stem = key
            for p in ops:
                if (p.cross and not p.oic and p.cf == s_cf and not (p.na and s_na)
                        and (s_in_stem or s_flag in p.cont) and (pg_in_stem or pg in s_cont)):
                    sel.append(p)
        else:
            _, (s1_cf, _s1_na, s1_flag, s1_cont), s1_cross, s1_in_stem, enabling = key
            for p in ops:
                if not p.cross:
                    continue
                if enabling:  # suffix_check(..., cclass) without the prefix
                    good = s1_in_stem and not s1_cf
                else:  # suffix_check(..., aeXPRODUCT, prefix, cclass)
                    good = (s1_cross and p.cf == s1_cf and (s1_in_stem or s1_flag in p.cont)
                            and (pg_in_stem or pg in s1_cont))
                if good:
                    sel.append(p)
        sel = tuple(sel)
        if allow is None:
            self._cross_cache[cache_key] = sel
        return sel

    def _convert(self, form: str) -> str | None:
        """Working-space form -> output form, or None if ICONV would rewrite it."""
        if self._mirror:
            form = form[::-1]
        if self._iconv_matters and self._iconv(form) != form:
            return None
        return form

    def _finish(self, form: str) -> str | None:
        """Working-space form -> output form, or None if Hunspell rejects it as spelled."""
        form = self._convert(form)
        if form is None or form in self._forbidden:
            return None
        return form

    def derivations(self, entry: Entry, allow: Callable[[AffixRule], bool] | None = None) -> Iterator[Derivation]:
        """Every form of ``entry`` with the rules that made it (duplicates possible).

        ``allow(rule)`` restricts the expansion to the rules it accepts.
        """
        stem = entry.stem[::-1] if self._mirror else entry.stem

        def source(chain):
            return tuple(op.rule.source for op in chain)

        for kind, chains, bases, ops in self._batches(stem, entry.flags, allow):
            if kind == "STEM":
                made = [(bases, ())]
            elif kind == "SFX":
                n = len(bases)
                made = [(bases[:n - op.cut] + op.add, source(chains + (op,))) for op in ops]
            elif kind == "PFX":
                made = [(op.add + bases[op.cut:], source(chains + (op,))) for op in ops]
            else:
                made = [(op.add + base[op.cut:], source(chain + (op,)))
                        for op in ops for chain, base in zip(chains, bases)]
            for form, chain in made:
                final = self._finish(form)
                if final is not None:
                    yield Derivation(final, entry.stem, chain)

    def forms(self, entry: Entry) -> list[str]:
        """The forms of ``entry`` (with duplicates), the fast way."""
        out: list[str] = []
        _emit_forms(self, entry, lambda forms, key: out.extend(forms))
        if self._forbidden:
            out = [form for form in out if form not in self._forbidden]
        return out

    # --- the word-game fast path --------------------------------------------------------

    def fast_variant(self, keep_capitals: bool = False) -> "Expander":
        """An expander without the rules and stems that cannot make an ordinary word.

        A form is ordinary when it has no capital letter, digit, period, apostrophe or hyphen
        (``keep_capitals`` for languages that capitalise common nouns: capitals then stay).
        A rule is dropped when one of those characters in its added string survives every
        later strip (the strips of all rules are bounded, so this is decided per rule); an
        entry is dropped when one in its stem survives every strip. Cleaning the fast
        expansion therefore gives exactly the cleaned full expansion.
        """
        data = self.data
        rules = [r for g in (*data.prefixes.values(), *data.suffixes.values()) for r in g]
        max_pfx = max((len(r.strip) for r in rules if r.kind == ("SFX" if self._mirror else "PFX")), default=0)
        max_sfx = max((len(r.strip) for r in rules if r.kind == ("PFX" if self._mirror else "SFX")), default=0)

        def bad(c: str) -> bool:
            return c in GAME_UNFRIENDLY or c.isdigit() or (not keep_capitals and c != c.lower())

        def rule_hopeless(rule: AffixRule) -> bool:
            add = rule.add[::-1] if self._mirror else rule.add
            outer_prefix = (rule.kind == "PFX") != self._mirror
            for j, c in enumerate(add):
                if bad(c):
                    if outer_prefix:
                        return True  # nothing strips after a prefix
                    if j >= max_pfx and len(add) - j > max_sfx:
                        return True
            return False

        def stem_hopeless(entry: Entry) -> bool:
            stem = entry.stem[::-1] if self._mirror else entry.stem
            if not entry.flags:
                return any(map(bad, stem))  # no affix applies: the stem is its only form
            n = len(stem)
            return any(bad(c) and i >= max_pfx and n - i > 2 * max_sfx for i, c in enumerate(stem))

        def keep(groups):
            return {f: tuple(r for r in g if not rule_hopeless(r)) for f, g in groups.items()}

        fast_data = AffixData(**{**data.__dict__, "prefixes": keep(data.prefixes), "suffixes": keep(data.suffixes)})
        entries = [e for e in self._entries if not stem_hopeless(e)]
        forbidden = [e for e in self._entries if data.forbidden is not None and data.forbidden in e.flags]
        fast = Expander(fast_data, entries)
        fast._forbidden = frozenset(e.stem for e in forbidden)
        fast._forbidden_bytes = frozenset(word.encode("utf-8") for word in fast._forbidden)
        return fast


def _emit_forms(expander: Expander, entry: Entry, many) -> None:
    """Send every form of ``entry`` to ``many(forms, key)`` (the hot path).

    ``key`` is the two-character start all the forms share, or None if they may differ.
    Forms equal to a forbidden entry are *not* removed here (the caller removes
    :attr:`Expander._forbidden` in bulk).
    """
    stem = entry.stem[::-1] if expander._mirror else entry.stem
    finish = expander._convert if (expander._mirror or expander._iconv_matters) else None
    max_cut = expander._max_sfx_cut
    for kind, _chains, bases, ops in expander._batches(stem, entry.flags):
        if kind == "SFX":
            n = len(bases)
            forms = [bases[:n - op.cut] + op.add for op in ops]
            key = bases[:2] if n - max_cut >= 2 else None
        elif kind == "XPFX":
            bases = sorted(bases)  # sorted runs make the bucket sort cheaper
            for op in ops:
                add, cut = op.add, op.cut
                forms = [add + base[cut:] for base in bases]
                if finish is not None:
                    forms = [f for f in map(finish, forms) if f is not None]
                many(forms, add[:2] if len(add) >= 2 and finish is None else None)
            continue
        elif kind == "PFX":
            forms = [op.add + bases[op.cut:] for op in ops]
            key = None
        else:
            forms, key = [bases], None
        if finish is not None:
            forms = [f for f in map(finish, forms) if f is not None]
            key = None
        many(forms, key)


def _waiting_order(item):
    """Deterministic order of cross-product groups (rules compare by their place in the .aff)."""
    (pg, sel), _ = item
    return (pg, tuple(op.rule.index for op in sel))


class _Converter:
    """ICONV/OCONV: at each position the longest matching pattern is replaced.

    An underscore at the start (end) of a pattern anchors it to the start (end) of the word.

    >>> _Converter((("a", "b"), ("aa", "c")))("aaa")
    'cb'
    """

    def __init__(self, pairs: Iterable[tuple[str, str]]):
        self.rules = sorted(((p.replace("_", ""), p.startswith("_"), p.endswith("_") and len(p) > 1,
                              r.replace("_", " ")) for p, r in pairs), key=lambda t: -len(t[0]))

    def __call__(self, word: str) -> str:
        out, i = [], 0
        while i < len(word):
            for pattern, at_start, at_end, replacement in self.rules:
                if (pattern and word.startswith(pattern, i) and (not at_start or i == 0)
                        and (not at_end or i + len(pattern) == len(word))):
                    out.append(replacement)
                    i += len(pattern)
                    break
            else:
                out.append(word[i])
                i += 1
        return "".join(out)


# --- reading ----------------------------------------------------------------------------

class _TextReader:
    """Feeds text to spylls' readers (the text is already decoded, so SET changes nothing)."""

    def __init__(self, text: str):
        from spylls.hunspell.readers.file_reader import BaseReader

        class Reader(BaseReader):
            def reset_encoding(self, encoding):
                pass

        self.reader = Reader(io.StringIO(text))


def _read_aff(text: str, path: Path) -> tuple[AffixData, Callable[[str], frozenset]]:
    import re

    from spylls.hunspell.readers import read_aff

    sanitised = sanitise_aff(text, path)
    try:
        aff, context = read_aff(_TextReader(sanitised.text).reader)
    except (ValueError, KeyError, IndexError, TypeError, re.error, RecursionError) as error:
        raise RuscError(f"cannot read the affix file ({type(error).__name__}: {error})", path) from None
    groups: dict[str, dict[str, tuple[AffixRule, ...]]] = {"PFX": {}, "SFX": {}}
    for (kind, flag), raws in sanitised.rules.items():
        parsed = (aff.PFX if kind == "PFX" else aff.SFX).get(flag, [])
        if len(parsed) != len(raws):
            raise RuscError(f"{kind} group {flag!r}: read {len(parsed)} rules, expected {len(raws)}", path,
                            raws[0].line if raws else None)
        rules = []
        for index, (raw, rule) in enumerate(zip(raws, parsed)):
            rules.append(AffixRule(kind, flag, index, raw.cross, rule.strip, rule.add,
                                   parse_condition(raw.condition, str(path), raw.line),
                                   frozenset(rule.flags), raw.line))
        groups[kind][flag] = tuple(rules)
    # From the original text: the sanitiser blanks COMPOUNDRULE, which still makes a compounder.
    declared = {m.group(1) for m in re.finditer(r"^[ \t]*([A-Z]+)", text, re.MULTILINE)}
    compound = tuple(sorted(d for d in COMPOUND_DIRECTIVES if d in declared))
    data = AffixData(
        prefixes=groups["PFX"], suffixes=groups["SFX"],
        needaffix=aff.NEEDAFFIX, forbidden=aff.FORBIDDENWORD, circumfix=aff.CIRCUMFIX,
        onlyincompound=aff.ONLYINCOMPOUND, fullstrip=bool(aff.FULLSTRIP),
        complexprefixes=bool(aff.COMPLEXPREFIXES),
        ignore=aff.IGNORE.chars if aff.IGNORE else "",
        iconv=tuple(tuple(p) for p in aff.ICONV.pairs) if aff.ICONV else (),
        oconv=tuple(tuple(p) for p in aff.OCONV.pairs) if aff.OCONV else (),
        compound_directives=compound,
        break_patterns=tuple(b.pattern for b in aff.BREAK),
        break_declared="BREAK" in declared,
    )
    cache: dict[str, frozenset] = {}

    def parse_flags(field: str) -> frozenset:
        found = cache.get(field)
        if found is None:
            found = cache[field] = frozenset(context.parse_flags(field))
        return found

    return data, parse_flags


def _read_dic(text: str, path: Path, parse_flags, ignore: str) -> list[Entry]:
    table = str.maketrans("", "", ignore) if ignore else None
    entries = []
    for number, line in dic_lines(text):
        word, field = split_dic_line(line)
        try:
            flags = parse_flags(field) if field else frozenset()
        except (KeyError, IndexError, ValueError):
            raise RuscError(f"bad flags {field!r} (unknown AF alias?)", path, number) from None
        if table is not None:
            word = word.translate(table)
        if word:
            entries.append(Entry(word, flags, number))
    return entries


# --- writing the expansion --------------------------------------------------------------

#: Forms a worker buffers before spilling them to its bucket files.
SPILL_FORMS = 1_500_000
#: A bucket bigger than this (bytes) is split by one more character before sorting.
BUCKET_BYTES = 96 << 20

_WORKER: Expander | None = None


def _bucket_name(key: str) -> str:
    return "_".join(f"{ord(c):x}" for c in key) or "empty"


#: Where a piece of a bucket lives: (file, offset, length).
Piece = tuple[str, int, int]


def _expand_share(share: int, shares: int, folder: str, show_progress: bool) -> tuple[int, dict[str, list[Piece]]]:
    """Worker: expand entries share, share+shares, ...; spill the buckets into run files.

    Each spill is one file holding every bucket's forms one after the other (creating a
    file per bucket is slow on some file systems); the returned index says where each
    bucket's pieces are.
    """
    expander = _WORKER
    assert expander is not None
    buffers: dict[str, list[str]] = {}
    index: dict[str, list[Piece]] = {}
    generated = 0
    pending = 0
    spills = 0

    def spill() -> None:
        nonlocal spills
        path = os.path.join(folder, f"run-{share}-{spills}")
        spills += 1
        offset = 0
        with open(path, "wb") as handle:
            for key, forms in buffers.items():
                if forms:
                    data = ("\n".join(forms) + "\n").encode("utf-8")
                    handle.write(data)
                    index.setdefault(key, []).append((path, offset, len(data)))
                    offset += len(data)
                    forms.clear()

    def many(forms: list[str], key: str | None) -> None:
        nonlocal generated, pending
        generated += len(forms)
        pending += len(forms)
        if key is not None and len(key) == 2:
            bucket = buffers.get(key)
            if bucket is None:
                bucket = buffers[key] = []
            bucket.extend(forms)
            return
        for form in forms:
            key = form[:2]
            bucket = buffers.get(key)
            if bucket is None:
                bucket = buffers[key] = []
            bucket.append(form)

    entries = expander._entries[share::shares]
    for entry in _progress(entries, show_progress, "expanding"):
        _emit_forms(expander, entry, many)
        if pending > SPILL_FORMS:
            spill()
            pending = 0
    spill()
    return generated, index


def _read_piece(piece: Piece) -> bytes:
    path, offset, length = piece
    with open(path, "rb") as handle:
        handle.seek(offset)
        return handle.read(length)


def _sort_buckets(keys: list[str], index: dict[str, list[Piece]], folder: str, worker: int) -> dict[str, tuple]:
    """Worker: dedupe and sort the buckets ``keys`` (in that order) into one file.

    Returns key -> (file, offset, length, distinct forms).
    """
    path = os.path.join(folder, f"sorted-{worker}")
    result = {}
    with open(path, "wb") as out:
        for key in keys:
            start = out.tell()
            count = _sort_bucket(index[key], out, len(key), folder)
            result[key] = (path, start, out.tell() - start, count)
    return result


def _sort_bucket(pieces: list[Piece], out, depth: int, folder: str) -> int:
    """Write one bucket's distinct lines, sorted (UTF-8 byte order is code point order).

    The lines are sorted as bytes in the order they were read (sorting first keeps the
    objects' memory order close to the comparison order, much faster than sorting a set's
    scrambled order), then duplicates go through an ordered dict.
    """
    if sum(p[2] for p in pieces) > BUCKET_BYTES:
        return _split_bucket(pieces, out, depth, folder)
    lines: list[bytes] = []
    for piece in pieces:
        lines.extend(_read_piece(piece).split(b"\n"))
    lines.sort()
    unique = dict.fromkeys(lines)
    del lines
    unique.pop(b"", None)
    if _WORKER is not None:
        for word in _WORKER._forbidden_bytes:
            unique.pop(word, None)
    if unique:
        out.write(b"\n".join(unique))
        out.write(b"\n")
    return len(unique)


def _split_bucket(pieces: list[Piece], out, depth: int, folder: str) -> int:
    """A bucket too big to sort in memory: split it by one more character, streaming."""
    sub_folder = tempfile.mkdtemp(prefix="split.", dir=folder)
    handles: dict[bytes, io.BufferedWriter] = {}
    try:
        for piece in pieces:
            path, offset, length = piece
            with open(path, "rb") as handle:
                handle.seek(offset)
                remaining = length
                for line in handle:
                    if remaining <= 0:
                        break
                    remaining -= len(line)
                    key = line[:-1].decode("utf-8")[:depth + 1].encode("utf-8")
                    sub = handles.get(key)
                    if sub is None:
                        sub = handles[key] = open(os.path.join(sub_folder, key.hex()), "wb")
                    sub.write(line)
    finally:
        for sub in handles.values():
            sub.close()
    total = 0
    for key in sorted(handles):
        piece_path = os.path.join(sub_folder, key.hex())
        size = os.path.getsize(piece_path)
        if len(key.decode("utf-8")) <= depth:  # the whole form is the key: one distinct form
            if _WORKER is None or key not in _WORKER._forbidden_bytes:
                total += 1
                out.write(key + b"\n")
            continue
        total += _sort_bucket([(piece_path, 0, size)], out, depth + 1, sub_folder)
    shutil.rmtree(sub_folder)
    return total


def _progress(items, show: bool, desc: str):
    if not show:
        return items
    try:
        from pipeline.progress import progress
    except ImportError:
        return items
    return progress(items, total=len(items), desc=desc)


def expand_to_file(aff_path: Path | str, dic_path: Path | str, out_path: Path | str, workers: int = 2,
                   fast: bool = False, keep_capitals: bool = False) -> ExpansionStats:
    """Write every distinct form, sorted by code point, to ``out_path`` (and expansion.json)."""
    global _WORKER
    aff_path, dic_path, out_path = Path(aff_path), Path(dic_path), Path(out_path)
    clock = [time.perf_counter()]
    seconds: dict[str, float] = {}

    def lap(name: str) -> None:
        now = time.perf_counter()
        seconds[name] = round(now - clock[0], 3)
        clock[0] = now

    expander = Expander.from_files(aff_path, dic_path)
    total_entries = len(expander._entries)
    if fast:
        expander = expander.fast_variant(keep_capitals)
    workers = max(1, int(workers))
    out_path.parent.mkdir(parents=True, exist_ok=True)
    lap("read")
    with tempfile.TemporaryDirectory(prefix=".expand.", suffix=".tmp", dir=out_path.parent) as folder:
        _WORKER = expander
        try:
            if workers == 1:
                generated, index = _expand_share(0, 1, folder, sys.stderr.isatty())
                lap("expand")
                keys = sorted(index)
                placed = _sort_buckets(keys, index, folder, 0)
            else:
                context = multiprocessing.get_context("fork")
                with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
                    futures = [pool.submit(_expand_share, s, workers, folder, s == 0 and sys.stderr.isatty())
                               for s in range(workers)]
                    results = [f.result() for f in futures]
                    lap("expand")
                    generated = sum(r[0] for r in results)
                    index: dict[str, list[Piece]] = {}
                    for _, part in results:
                        for key, pieces in part.items():
                            index.setdefault(key, []).extend(pieces)
                    keys = sorted(index)
                    sizes = {key: sum(p[2] for p in pieces) for key, pieces in index.items()}
                    # Deal the buckets out largest first to the least loaded worker.
                    loads = [[0, []] for _ in range(workers)]
                    for key in sorted(keys, key=lambda k: (-sizes[k], k)):
                        target = min(loads, key=lambda load: load[0])
                        target[0] += sizes[key]
                        target[1].append(key)
                    placed = {}
                    jobs = [pool.submit(_sort_buckets, sorted(load[1]), {k: index[k] for k in load[1]}, folder, i)
                            for i, load in enumerate(loads)]
                    for job in jobs:
                        placed.update(job.result())
        finally:
            _WORKER = None
        lap("sort")
        counts = {key: placed[key][3] for key in keys}
        with atomic_path(out_path) as tmp, open(tmp, "wb") as target:
            sources: dict[str, io.BufferedReader] = {}
            try:
                for key in keys:
                    path, offset, length, _ = placed[key]
                    source = sources.get(path)
                    if source is None:
                        source = sources[path] = open(path, "rb")
                    source.seek(offset)
                    target.write(source.read(length))
            finally:
                for source in sources.values():
                    source.close()
        lap("concatenate")
    stats = ExpansionStats(forms=sum(counts.values()), generated=generated, entries=total_entries,
                           expanded_entries=len(expander._entries), compounds=expander.compounds, fast=fast,
                           seconds=seconds)
    write_metadata(out_path.with_name("expansion.json"), stats, expander, aff_path, dic_path)
    return stats


def write_metadata(path: Path, stats: ExpansionStats, expander: Expander, aff_path: Path, dic_path: Path) -> None:
    data = expander.data
    meta = {
        "aff_sha256": sha256_file(aff_path),
        "break": list(data.break_patterns),
        "compound_directives": list(data.compound_directives),
        "compounds": stats.compounds,
        "dic_sha256": sha256_file(dic_path),
        "entries": stats.entries,
        "expanded_entries": stats.expanded_entries,
        "fast": stats.fast,
        "forms": stats.forms,
        "generated": stats.generated,
    }
    atomic_write(path, json.dumps(meta, sort_keys=True, indent=2, ensure_ascii=False) + "\n")
