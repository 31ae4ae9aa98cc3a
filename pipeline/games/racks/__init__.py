"""Racks (Scrabble-style): spell words into tiles, solve any rack with blanks, daily rack.

A language's tile set — each tile's text (``a``, ``qu``, ``l·l``), points and count, the
number of blanks, the rack size and bingo bonus — is data in its ``[racks]`` TOML table.
Racks use the ``words`` list: plurals and conjugated forms are playable.

Where to start reading:

* :class:`~pipeline.lists.tiles.TileSet` — how a display form is spelled into tiles; the
  word lists record each form's spelling with it, so it lives with them.
* :class:`~pipeline.games.racks.index.RackIndex` — every playable form filed by its *signature*: its tile multiset as
  a string of tile codes in tile order — and a trie of the signatures (prefix -> the codes
  that may follow). :meth:`RackIndex.solve` walks the trie from the empty prefix, adding
  one tile at a time: a real tile while the rack still has a copy, else a blank if one is
  left. Only sub-multisets of the rack that begin some signature are ever visited, so a
  blank adds only the branches the list allows. No rack ever scans the list.
* :meth:`~pipeline.games.racks.index.RackIndex.daily` — a hash-seeded draw of seven tiles from the full bag per date
  (:mod:`pipeline.core.daily`), redrawn until its answers, points and blanks are within the
  language's daily band.
* :func:`~pipeline.games.racks.tsv.daily_tsv` — the downloadable daily-rack rows (written by :mod:`pipeline.games.gamedata`).

Scoring: the sum of the tiles' points, a blank scoring 0; a word that uses at least
``rack_size`` tiles (all seven of a normal rack) earns the bingo bonus. Where a word can
use either a real tile or a blank, it uses the real tile (the higher score), and blanks
stand for the last occurrences of their tile in the word.
"""

from pipeline.games.racks.index import SORTS, DailyRack, RackAnswer, RackEntry, RackIndex, RackSolution
from pipeline.games.racks.tsv import DAILY_HEADER, daily_tsv
from pipeline.lists.tiles import BLANK, CODE_BASE, MAX_RACK, TileSet, tile_points

__all__ = [
    "BLANK",
    "CODE_BASE",
    "DAILY_HEADER",
    "MAX_RACK",
    "SORTS",
    "DailyRack",
    "RackAnswer",
    "RackEntry",
    "RackIndex",
    "RackSolution",
    "TileSet",
    "daily_tsv",
    "tile_points",
]
