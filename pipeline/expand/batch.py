"""The records the engine hands to the form builders: batches, and their kinds.

A :data:`Batch` is "one base word (or several) and the rules of one affix group applied
to it": the engine (:mod:`pipeline.expand.engine`) decides *which* rules apply, and
:func:`pipeline.expand.forms.batch_forms` builds the strings, in a comprehension per batch,
which is what makes the hot loop fast. Everything is in *working space*: for a
COMPLEXPREFIXES dictionary every word is mirrored (prefixes become suffixes) until
:class:`pipeline.expand.forms.Acceptance` turns it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.expand.ops import Op


class BatchKind(Enum):
    """How a batch's rules make its forms from its bases."""

    #: The stem itself, unchanged (``bases`` is the stem, ``ops`` empty).
    STEM = "stem"
    #: ``base[:len(base) - op.cut] + op.add`` for each op (``bases`` is one word).
    SUFFIX = "suffix"
    #: ``op.add + base[op.cut:]`` for each op (``bases`` is one word).
    PREFIX = "prefix"
    #: Each op, a prefix, on every word of the list ``bases``: the cross products of
    #: prefixes with suffixed words, grouped so that one check of the prefixes serves many
    #: suffixed words.
    CROSS = "cross"


#: One base word (or a list, for :attr:`BatchKind.CROSS`) and the rules applied to it:
#: ``(kind, bases, ops, chains)``, where
#:
#: * ``kind`` (:class:`BatchKind`) says what the rules do to the bases;
#: * ``bases`` is the word the rules apply to, or (CROSS) the list of words;
#: * ``ops`` are the rules applied (:class:`~pipeline.expand.engine.Op`, working space;
#:   empty for STEM);
#: * ``chains`` are the rules that made the base(s), applied before ``ops``: one chain (a
#:   tuple of ops) for STEM, SUFFIX and PREFIX; for CROSS a list, one chain per base.
#:
#: The kind decides what ``bases`` and ``chains`` are, which a type cannot say: both are Any.
#: A bare tuple, unpacked by position, not a NamedTuple: the engine makes one per affix
#: group per entry (millions per dictionary), and building a NamedTuple costs about seven
#: times as much (measured: 1.10 s against 0.14 s per million on the build machine).
Batch = tuple[BatchKind, Any, Sequence["Op"], Any]
