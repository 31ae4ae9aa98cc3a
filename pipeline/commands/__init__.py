"""The ``rusc`` subcommands: one module per subcommand, each importing the engines it drives.

The arrows run one way: :mod:`pipeline.cli` (the entry point, ``main(argv)``) imports this
package, each command module imports the stages it runs (and :mod:`pipeline.build` for the
whole-language ones), and no stage ever imports a command (``tests/test_imports.py``
checks it). Start reading at :data:`MODULES`.

A command module defines ``register(subparsers)``, which adds its parser and sets ``func``
to a handler ``(args) -> int``. Argument types shared by several commands (a language code,
a date) are in :mod:`pipeline.commands.args`.
"""

from __future__ import annotations

import importlib

#: Command modules, in the order ``rusc --help`` lists them.
MODULES = (
    "pipeline.commands.fetch",
    "pipeline.commands.lists",
    "pipeline.commands.dictionaries",
    "pipeline.commands.add_language",
    "pipeline.commands.index",
    "pipeline.commands.expand",
    "pipeline.commands.diff",
    "pipeline.commands.beehive",
    "pipeline.commands.rack",
    "pipeline.commands.wordle",
    "pipeline.commands.site",
)


def register_all(subparsers) -> None:
    """Add every subcommand's parser to ``subparsers``, in help order."""
    for name in MODULES:
        importlib.import_module(name).register(subparsers)
