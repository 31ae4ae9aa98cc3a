"""What the browser reads: every file the site's scripts load, made from the games.

* :mod:`~pipeline.browser.playdata` — a playable day's data, no answer in plain sight;
* :mod:`~pipeline.browser.solvers` — the static indexes of the hive solver and rack finder;
* :mod:`~pipeline.browser.wordle_data` — the Wordle helper's page data (``site/wordle-core.js``
  plays the same policy as :mod:`pipeline.games.wordle`);
* :mod:`~pipeline.browser.fold` — how the scripts fold typed text into game keys;
* :mod:`~pipeline.browser.assets` — files named by their content, so a browser never
  mixes an old file with a new one.
"""
