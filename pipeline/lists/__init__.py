"""The word lists: from a language's expansion to the files people download.

Where to start reading: :mod:`~pipeline.lists.wordlists` builds one language's lists
(``words.txt``, ``forms.txt``, ``lemmas.txt``, the games' ``game.tsv`` and Wordle lists,
metadata and checksums). What it asks of each form comes from:

* :mod:`~pipeline.lists.clean` — which forms are ordinary words; how a form folds to a key;
* :mod:`~pipeline.lists.abbreviations`, :mod:`~pipeline.lists.blocklist` — forms that are
  not words, and words no game asks for;
* :mod:`~pipeline.lists.lemmas`, :mod:`~pipeline.lists.conjugations` — the dictionary's
  entries (Catalan: Paraulògic's rules);
* :mod:`~pipeline.lists.vocabulary`, :mod:`~pipeline.lists.frequency` — which words each
  game takes (English: SCOWL's levels), and how common a word is;
* :mod:`~pipeline.lists.wordfacts`, :mod:`~pipeline.lists.derived`,
  :mod:`~pipeline.lists.database` — every form's facts, origin and ``words.sqlite``;
* :mod:`~pipeline.lists.smalljson` — the small JSON lists web games embed.

Read back by the games: :mod:`~pipeline.lists.lexicon` (``game.tsv``). Beside the lists:
:mod:`~pipeline.lists.downloads` (what the downloads page lists) and
:mod:`~pipeline.lists.diff` (what changed between two pinned versions).
"""
