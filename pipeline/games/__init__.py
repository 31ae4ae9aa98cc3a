"""The three games, each from ``game.tsv`` (:mod:`pipeline.lists.lexicon`): indexes,
solvers and each day's puzzle.

* :mod:`~pipeline.games.beehive` — Paraulògic / Spelling Bee: solve and score any hive,
  the daily hive; :mod:`~pipeline.games.hive_lookup` answers one hive from disk;
* :mod:`~pipeline.games.racks` — Scrabble-style racks: tiles, the rack index, blanks, the
  daily rack;
* :mod:`~pipeline.games.wordle` — the Wordle helper (a package: rules, words, strategy);
* :mod:`~pipeline.games.indexcache` — where the indexes are kept between runs;
* :mod:`~pipeline.games.gamedata` — the one writer of every file a game ships beside its
  lists; :mod:`~pipeline.games.definitions` — what a day's answers mean.
"""
