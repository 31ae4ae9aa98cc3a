"""Rusc: reproducible Hunspell word lists and daily word-game solutions.

The pipeline, in the order a build runs it (the module or package of each stage)::

    config, languages/*.toml -> a language as data: its source, alphabet, rules and games
    sources   -> fetch a pinned dictionary into the cache, verifying its hash
    extract   -> unpack it safely, find the .aff/.dic, re-encode to NFC UTF-8
    affixes   -> the parsed Hunspell rules and entries (data only, no algorithm)
    expand    -> every word form Hunspell accepts (the heart; a package, see expand/__init__.py)
    clean     -> per-language folding and classification: game keys, ordinary words
    abbreviations, blocklist -> forms that are not words; words no game asks for
    lemmas, conjugations     -> the dictionary's entries (Catalan: Paraulògic's rules)
    vocabulary, frequency    -> which words each game takes (English: SCOWL's levels)
    lists     -> the downloadable word lists, metadata and checksums (build drives it per language)
    derived, database -> words.sqlite: each listed form's stem, affixes, lists, games and reasons
    lexicon   -> game.tsv read back: the shared input of the games
    beehive, racks, wordle/  -> the three games: indexes, solvers, daily puzzles
    gamedata  -> every file a game ships beside its lists
    definitions -> what a day's answers mean (a pinned WordNet), shipped with its page data
    playdata, solvers, browser_fold, wordle/page -> what the browser reads: sealed daily
                 data, the solver indexes, the folding table, the Wordle page data
    render/   -> the static site (assets names files by their content; urls makes links)
    downloads -> what the downloads page lists
    diff      -> what changed between two pinned dictionary versions (rusc diff)

Beside the stages: ``add_language`` and ``measure`` write a new language's file from its
dictionary package; ``daily`` and ``dates`` decide each day's puzzle without a clock;
``paths``, ``fsutil``, ``extsort``, ``progress``, ``workers``, ``resources`` and ``errors``
serve every stage.

Start reading at ``cli.py`` and ``commands/`` for how the stages are driven (each
subcommand is a module of ``pipeline.commands``; the stages never import them).
"""

__version__ = "0.1.0"
