"""From batches to word forms: the one place where strings are built and accepted.

Bird's-eye view (start at :func:`batch_forms`):

* :func:`batch_forms` turns one :data:`~pipeline.expand.batch.Batch` into its forms, as
  :data:`Run` pairs (the forms, with the start they all share). It is the only code that
  applies an affix to a word; everything below uses it.
* :class:`Acceptance` decides which working-space forms Hunspell accepts *as spelled* and
  turns them into output forms: mirrored back for COMPLEXPREFIXES, dropped if ICONV would
  rewrite them (Hunspell converts its input before looking it up; OCONV only converts
  suggestions), if they equal a FORBIDDENWORD entry, or if a hidden homonym shadows them
  (:func:`hidden_homonyms`, :func:`is_initcap`). The only place forms are dropped.
* Three users, one path: :func:`emit_forms` feeds the writer
  (:mod:`pipeline.expand.external_sort`); :func:`derivations` pairs each form with the rules
  that made it (``rusc expand --stem``, the lemma rules of :mod:`pipeline.lists.wordlists`);
  :func:`entry_forms` is the plain list (tests, fuzzing).
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.expand.affixes import Entry
from pipeline.expand.batch import Batch, BatchKind

_SUFFIX, _PREFIX, _CROSS = BatchKind.SUFFIX, BatchKind.PREFIX, BatchKind.CROSS


#: Forms that came out of one batch together, ``(forms, shared)``: the forms in working
#: space, and a start every one of them has ("" if none is known; the writer buckets by it).
#: A bare pair, not a record: millions are made, and a NamedTuple costs five times as much.
Run = tuple[list[str], str]


def batch_forms(batch: Batch, max_suffix_cut: int) -> list[Run]:
    """The forms of ``batch`` as :data:`Run` pairs: one run for a stem, suffix or prefix
    batch, one run per prefix for a cross-product batch (in ``ops`` order, each over the
    bases sorted, so that the run is sorted: the bucket sort then finds long runs).

    ``max_suffix_cut`` is the expander's :attr:`~pipeline.expand.engine.Expander.max_suffix_cut`
    (what a suffix run's forms share depends on it).
    """
    kind, bases, ops, _chains = batch
    if kind is _SUFFIX:
        n = len(bases)
        return [
            ([bases[: n - op.cut] + op.add for op in ops], bases[: n - max_suffix_cut] if max_suffix_cut < n else "")
        ]
    if kind is _CROSS:
        bases = sorted(bases)
        return [([op.add + base[op.cut :] for base in bases], op.add) for op in ops]
    if kind is _PREFIX:
        return [([op.add + bases[op.cut :] for op in ops], "")]
    return [([bases], bases)]


def batch_rank(batch: Batch) -> int:
    """When Hunspell's ``affix_check`` tries the path that made ``batch``'s forms: 0 the
    bare stem (looked up first), 1 ``prefix_check`` (a prefix, perhaps with a suffix), 2
    ``suffix_check``, 3 ``suffix_check_twosfx``, 4 ``prefix_check_twosfx``. The first path
    that finds a stem decides (see :func:`hidden_homonyms`)."""
    kind, _bases, _ops, chains = batch
    if kind is _SUFFIX:
        return 3 if chains else 2
    if kind is _CROSS:
        return 4 if len(chains[0]) > 1 else 1
    return 1 if kind is _PREFIX else 0


def batch_chains(batch: Batch) -> list[tuple]:
    """The rules (working-space ops) that made each form of :func:`batch_forms`, in order."""
    kind, bases, ops, chains = batch
    if kind is _CROSS:
        chains = [chains[i] for i in sorted(range(len(bases)), key=bases.__getitem__)]  # as batch_forms sorts
        return [chain + (op,) for op in ops for chain in chains]
    if kind is _SUFFIX or kind is _PREFIX:
        return [chains + (op,) for op in ops]
    return [()]


class Converter:
    """ICONV/OCONV: at each position the longest matching pattern is replaced.

    An underscore at the start (end) of a pattern anchors it to the start (end) of the word.

    >>> Converter((("a", "b"), ("aa", "c")))("aaa")
    'cb'
    """

    def __init__(self, pairs: Iterable[tuple[str, str]]):
        self.rules = sorted(
            (
                (p.replace("_", ""), p.startswith("_"), p.endswith("_") and len(p) > 1, r.replace("_", " "))
                for p, r in pairs
            ),
            key=lambda t: -len(t[0]),
        )

    def __call__(self, word: str) -> str:
        out, i = [], 0
        while i < len(word):
            for pattern, at_start, at_end, replacement in self.rules:
                if (
                    pattern
                    and word.startswith(pattern, i)
                    and (not at_start or i == 0)
                    and (not at_end or i + len(pattern) == len(word))
                ):
                    out.append(replacement)
                    i += len(pattern)
                    break
            else:
                out.append(word[i])
                i += 1
        return "".join(out)


def captype(word: str) -> str:
    """Hunspell's capitalisation type of ``word`` (``get_captype``): NOCAP, INITCAP, ALLCAP,
    HUHINITCAP (mixed, first capital) or HUHCAP (mixed).

    >>> [captype(w) for w in ("el", "El", "ELA", "E", "CIA'S", "CIA's", "iPod")]
    ['NOCAP', 'INITCAP', 'ALLCAP', 'INITCAP', 'ALLCAP', 'HUHINITCAP', 'HUHCAP']
    """
    if word == word.lower():  # most words: no capital at all (nor any in a script without case)
        return "NOCAP"
    capitals = sum(1 for c in word if c != c.lower())
    neutral = sum(1 for c in word if c == c.lower() == c.upper())
    first = bool(word) and word[0] != word[0].lower()
    if capitals == 0:
        return "NOCAP"
    if capitals == 1 and first:
        return "INITCAP"
    if capitals + neutral == len(word):
        return "ALLCAP"
    return "HUHINITCAP" if first else "HUHCAP"


def is_initcap(word: str) -> bool:
    """``word`` is capitalised (only its first letter a capital): the case Hunspell checks
    with SPELL_INITCAP, where a hidden homonym is never a stem."""
    return captype(word) == "INITCAP"


def hidden_homonyms(entries: Iterable[Entry], forbidden_flag: str | None) -> list[Entry]:
    """The homonyms Hunspell adds to its word table for capitals (``HashMgr::
    add_hidden_capitalized_word``): an entry spelled in capitals with flags (EL/33) or in
    mixed case (OpenOffice) also stands capitalised (El/33), marked ONLYUPCASE so that only
    all-capital words (ELA) are made from it; a FORBIDDENWORD entry adds none.

    A stem spelled so in the .dic replaces the hidden homonym, and only the first of two
    equal hidden homonyms is kept (``HashMgr::add_word``).

    Hunspell's affix check stops at the first stem it finds, and drops a capitalised word
    whose stem is such a hidden homonym: a capitalised form the hidden homonym also makes
    is rejected when no other entry makes it by an earlier path (:func:`batch_rank`; on a
    tie the order of Hunspell's affix tables decides, so the form is dropped): El/33,1 + a
    makes Ela, but the hidden Ela/23,1 of ELA/23,1 with its empty suffix is found first, and
    Ela is rejected. :class:`Acceptance` drops those.
    """
    entries = list(entries)
    spelled = {entry.stem for entry in entries}
    out: dict[str, Entry] = {}
    for entry in entries:
        kind = captype(entry.stem)
        if ((kind == "ALLCAP" and entry.flags) or kind in ("HUHCAP", "HUHINITCAP")) and not (
            forbidden_flag is not None and forbidden_flag in entry.flags
        ):
            lower = entry.stem.lower()
            stem = lower[:1].upper() + lower[1:]
            if stem not in spelled:
                out.setdefault(stem, Entry(stem, entry.flags, entry.line))
    return list(out.values())


class Acceptance:
    """Which working-space forms Hunspell accepts as spelled, as output forms.

    >>> accept = Acceptance(mirror=False, iconv=None, forbidden=frozenset({"gats"}))
    >>> accept.many(["gat", "gats"], "ga")
    ['gat']
    >>> Acceptance(mirror=True, iconv=None, forbidden=frozenset()).one("tag")
    'gat'
    >>> shadowing = Acceptance(False, None, frozenset(), shadowed={"Ela": 2})
    >>> shadowing.many(["Ela", "Elak"], "El", rank=2), shadowing.many(["Ela", "Elak"], "El", rank=1)
    (['Elak'], ['Ela', 'Elak'])
    """

    def __init__(
        self, mirror: bool, iconv: Converter | None, forbidden: frozenset[str], shadowed: dict[str, int] | None = None
    ):
        #: Working space is mirrored (COMPLEXPREFIXES).
        self.mirror = mirror
        #: ICONV, when it could change a form of this dictionary.
        self.iconv = iconv
        #: FORBIDDENWORD stems.
        self.forbidden = frozenset(forbidden)
        #: Capitalised output forms a hidden homonym makes (:func:`hidden_homonyms`), with
        #: the earliest :func:`batch_rank` it makes them by: a form made no earlier is dropped.
        self.shadowed = dict(shadowed or {})
        #: Every output form that may be dropped by name: the forbidden and the shadowed.
        self.dropped = self.forbidden | frozenset(self.shadowed)
        #: First two characters of the dropped words: a run whose shared start is not
        #: among them needs no look-up (and the writer need not even call :meth:`many`).
        self.forbidden_heads = frozenset(word[:2] for word in self.dropped)
        #: The form is its own output form (no mirroring, no ICONV).
        self.as_spelled = not mirror and iconv is None

    def one(self, form: str, rank: int = 0) -> str | None:
        """The output form of working-space ``form`` (made by a path of :func:`batch_rank`
        ``rank``), or None if Hunspell rejects it."""
        if self.mirror:
            form = form[::-1]
        if self.iconv is not None and self.iconv(form) != form:
            return None
        if form in self.dropped and (form in self.forbidden or rank >= self.shadowed[form]):
            return None
        return form

    def many(self, forms: list[str], shared: str = "", rank: int = 0) -> list[str]:
        """:meth:`one` over ``forms`` (whose working-space start is ``shared``), dropping
        the rejected, as fast as the dictionary allows."""
        if not self.as_spelled:
            one = self.one
            return [f for f in (one(form, rank) for form in forms) if f is not None]
        dropped = self.dropped
        if not dropped or (len(shared) >= 2 and shared[:2] not in self.forbidden_heads):
            return forms
        if dropped.isdisjoint(forms):
            return forms
        forbidden, shadowed = self.forbidden, self.shadowed
        return [f for f in forms if f not in dropped or not (f in forbidden or rank >= shadowed[f])]
