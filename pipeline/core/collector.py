"""Python's cyclic garbage collector, paused while a stage makes millions of objects.

The collector runs whenever allocations outnumber deallocations by a threshold, and its
fuller runs walk every object that survived the earlier ones: a stage that builds a
million tuples (a dictionary's rules, a language's origins, its game rows) pays for
walking them again and again. Those objects hold no reference cycle, so reference counting
frees them without the collector; :func:`collection_paused` turns it off for the stage.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """The collector off inside the block (and in worker processes forked inside it, which
    inherit the setting), on again afterwards if it was on before.

    Measured: reading Basque's 121,000 rules spent 40% of its time in the collector;
    Catalan's lists take 32.8 s instead of 41.4 s, at the same peak memory (1.06 GB).

    >>> with collection_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
