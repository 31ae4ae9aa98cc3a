"""Deterministic daily choices shared by the games: a hash, never a random generator.

A daily puzzle must be the same on every machine, in every run, under every Python
version and ``PYTHONHASHSEED``, and must change when the dictionary changes. So every
choice is derived from SHA-256 of ``(language code, lexicon checksum, ISO date, purpose,
attempt)`` — ``random.shuffle`` is never used (its algorithm has changed between Python
versions, and its seeding of str depends on the hash seed in some versions).

Start at :class:`DailyStream`: one per (language, lexicon, date, purpose); it hands out
unbiased integers with :meth:`DailyStream.below` and can draw from a bag with
:meth:`DailyStream.draw`.

>>> import datetime as dt
>>> stream = DailyStream("ca", "0" * 64, dt.date(2026, 1, 1), "racks")
>>> again = DailyStream("ca", "0" * 64, dt.date(2026, 1, 1), "racks")
>>> [stream.below(100) for _ in range(5)] == [again.below(100) for _ in range(5)]
True
>>> DailyStream("ca", "0" * 64, dt.date(2026, 1, 2), "racks").below(10**9) != \\
...     DailyStream("ca", "0" * 64, dt.date(2026, 1, 1), "racks").below(10**9)
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")


def dates(start: dt.date, end: dt.date) -> Iterator[dt.date]:
    """Every date from ``start`` to ``end`` inclusive."""
    day = start
    while day <= end:
        yield day
        day += dt.timedelta(days=1)


class DailyStream:
    """An endless, reproducible stream of bits for one daily choice.

    Bytes are SHA-256 of the seed string and a block counter (a hash in counter mode),
    so the stream depends on nothing but its arguments.
    """

    def __init__(self, language_code: str, checksum: str, date: dt.date, purpose: str, attempt: int = 0):
        #: Everything the choice depends on, as one unambiguous string.
        self.seed = f"rusc\x1f{language_code}\x1f{checksum}\x1f{date.isoformat()}\x1f{purpose}\x1f{attempt}"
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.sha256(f"{self.seed}\x1f{self._counter}".encode()).digest()
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias).

        >>> import datetime as dt
        >>> s = DailyStream("en", "ab", dt.date(2026, 5, 1), "test")
        >>> all(0 <= s.below(7) < 7 for _ in range(100))
        True
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = max(1, (n - 1).bit_length())
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self._bytes(nbytes), "big") & mask
            if value < n:
                return value

    def draw(self, bag: Sequence[T], k: int) -> list[T]:
        """``k`` items drawn without replacement from ``bag`` (a partial Fisher–Yates).

        >>> import datetime as dt
        >>> s = DailyStream("en", "ab", dt.date(2026, 5, 1), "test")
        >>> sorted(s.draw("aabbc", 5))
        ['a', 'a', 'b', 'b', 'c']
        """
        items = list(bag)
        if k > len(items):
            raise ValueError("cannot draw more items than the bag holds")
        for i in range(k):
            j = i + self.below(len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]
