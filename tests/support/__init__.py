"""What the tests share, by job; tests/conftest.py holds only the fixtures.

* :mod:`support.repo` — the repository, Hunspell's test suite, reading the real lists;
* :mod:`support.cli` — ``rusc`` run in-process, its one-line errors, the tools it needs;
* :mod:`support.serving` — the site served over local HTTP under a project page's base;
* :mod:`support.browser` — Chromium tabs, their pool, and waits on conditions;
* :mod:`support.schedule` — the ``slow`` and ``browser`` marks, by fixture, and the order
  the longest files start in;
* :mod:`support.expansions` — the real dictionaries' expansions and a libhunspell oracle;
* :mod:`support.mini_lists` — the lists stage on a made-up dictionary of a few lines;
* :mod:`support.site_fixture` — a small synthetic site (two languages, hostile words);
* :mod:`support.page_sweep` — every page type visited once per width, with screenshots.
"""
