"""The Wordle helper: which words fit the coloured clues and which guess to play next.

Where to start reading, in order:

* :mod:`pipeline.wordle.rules` — Wordle's feedback rule and the exact clue filter;
* :mod:`pipeline.wordle.words` — one length of the Wordle list, with each word's answer
  prior from its frequency;
* :mod:`pipeline.wordle.strategy` — the suggestion policy (expected remaining prior weight,
  the hard-mode pool, the phone budget, the precomputed opening);
* :mod:`pipeline.wordle.page` — the browser page's JSON (``site/wordle.js`` runs the same
  policy; ``tests/test_wordle_js.py`` holds them to it);
* :mod:`pipeline.wordle.season` — simulated seasons for ``make bench``.

``rusc wordle`` is :mod:`pipeline.commands.wordle`.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.wordle.page import build_wordle_data, wordle_json
    from pipeline.wordle.rules import Clue, compile_clues, feedback, filter_keys, fits, parse_clue
    from pipeline.wordle.words import load_words

#: What other stages use; imported when first asked for, so a stage that needs only the
#: rules (``rusc wordle``'s argument parsing) does not load numpy.
__all__ = [
    "Clue",
    "build_wordle_data",
    "compile_clues",
    "feedback",
    "filter_keys",
    "fits",
    "load_words",
    "parse_clue",
    "wordle_json",
]
#: The submodules that hold them, lightest first.
_HOLDERS = ("rules", "words", "page")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for holder in _HOLDERS:
            module = importlib.import_module(f"{__name__}.{holder}")
            if hasattr(module, name):
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
