"""Rusc: reproducible Hunspell word lists and daily word-game solutions.

The folders are the pipeline, in the order a build runs it (each package's ``__init__``
says where to start reading it)::

    config/    a language as data: languages/<code>.toml read into dataclasses (the schema)
    sources/   a pinned dictionary fetched into the cache, verified by hash, unpacked safely
    expand/    every word form Hunspell accepts: the dictionary's text decoded, its affix
               rules parsed (spylls) and applied forwards, sorted on disk (the heart)
    lists/     the downloadable word lists: cleaning and folding, abbreviations, the
               blocklist, lemmas and conjugations, the games' vocabulary, tile spellings,
               words.sqlite, metadata and checksums; game.tsv read back (lexicon); diffs
    games/     beehive, racks and the Wordle helper: indexes, solvers, daily puzzles, the
               files each game ships, what a day's answers mean (definitions)
    browser/   what the site's scripts read: sealed daily play data, the solvers' indexes,
               the Wordle page data, the folding table, content-hashed asset names
    render/    the static site: every page, its links (urls) and its interface text (i18n)
    build.py   whole languages through sources -> expand -> lists -> game data
    newlang/   a new language's file written from its dictionary package (rusc add-language)
    commands/  one module per ``rusc`` subcommand; cli.py parses and dispatches

Beneath them all, ``core/`` holds what every stage uses and none of them owns: errors,
paths, atomic writes, external sorting, progress, worker processes, the puzzle day.

Imports run one way, down this list (``tests/test_imports.py`` holds each package to its
layer): the stages never import the build or the command line. Start reading at
``cli.py`` and ``commands/`` for how the stages are driven.
"""

__version__ = "0.1.0"
