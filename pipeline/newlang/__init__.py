"""A new language from one dictionary package: ``rusc add-language``.

* :mod:`~pipeline.newlang.add_language` — start here: fetch the package, find its
  dictionary and licence, and write a complete, commented language file;
* :mod:`~pipeline.newlang.measure` — what the dictionary says about the language: its
  alphabet, capitalisation, a Wordle length, a tile set.
"""
