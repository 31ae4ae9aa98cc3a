"""The Wordle helper: which words fit the coloured clues and which guess to play next.

Where to start reading, in order:

* :mod:`pipeline.games.wordle.rules` — Wordle's feedback rule and the exact clue filter;
* :mod:`pipeline.games.wordle.words` — one length of the Wordle list, with each word's answer
  prior from its frequency;
* :mod:`pipeline.games.wordle.strategy` — the suggestion policy, step by step, each step a
  module: :mod:`~pipeline.games.wordle.filters` (the candidates, the hard-mode pool, the
  near fits), :mod:`~pipeline.games.wordle.feedback` (colours in bulk),
  :mod:`~pipeline.games.wordle.ranking` (expected remaining prior weight, the phone budget),
  :mod:`~pipeline.games.wordle.endgame` (what each guess is sure to find in time);
* :mod:`pipeline.games.wordle.book` — the opening and the plans for states the ranking loses;
* :mod:`pipeline.games.wordle.season` — simulated seasons for ``make bench``.

The browser page's JSON is :mod:`pipeline.browser.wordle_data` (``site/wordle-core.js`` runs the
same policy; ``tests/test_wordle_js.py`` holds them to it); ``rusc wordle`` is
:mod:`pipeline.commands.wordle`.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.games.wordle.rules import Clue, compile_clues, feedback, filter_keys, fits, parse_clue
    from pipeline.games.wordle.words import load_words

#: What other stages use; imported when first asked for, so a stage that needs only the
#: rules (``rusc wordle``'s argument parsing) does not load numpy.
__all__ = [
    "Clue",
    "compile_clues",
    "feedback",
    "filter_keys",
    "fits",
    "load_words",
    "parse_clue",
]
#: The submodules that hold them, lightest first.
_HOLDERS = ("rules", "words")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for holder in _HOLDERS:
            module = importlib.import_module(f"{__name__}.{holder}")
            if hasattr(module, name):
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
