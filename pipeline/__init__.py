"""Rusc: reproducible Hunspell word lists and daily word-game solutions.

The pipeline, one module per stage::

    sources  -> fetch a pinned dictionary into the cache, verifying its hash
    extract  -> unpack it safely, find the .aff/.dic, re-encode to NFC UTF-8
    expand   -> every word form Hunspell accepts (the heart; a package, see expand/__init__.py)
    clean    -> per-language folding and classification (data from languages/*.toml)
    lists    -> the downloadable word lists, metadata and checksums
    beehive, racks, wordle -> the three games
    definitions -> what a day's answers mean (a pinned WordNet), shipped with its page data
    render   -> the static site

Start reading at ``cli.py`` and ``commands/`` for how the stages are driven (each
subcommand is a module of ``pipeline.commands``; the stages never import them).
"""

__version__ = "0.1.0"
