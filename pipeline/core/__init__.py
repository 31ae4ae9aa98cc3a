"""Foundations every stage uses; none of them knows what a language or a game is.

* :mod:`~pipeline.core.errors` — :class:`RuscError`, the one exception a user can cause,
  printed as one line naming the file (and line);
* :mod:`~pipeline.core.paths` — where everything lives (``.cache/``, ``dist/``);
* :mod:`~pipeline.core.fsutil` — atomic, reproducible writes; checksums; source digests;
* :mod:`~pipeline.core.extsort` — sorting more tab-separated rows than memory holds;
* :mod:`~pipeline.core.progress`, :mod:`~pipeline.core.workers` and
  :mod:`~pipeline.core.collector` — long stages: a progress bar or log line, worker
  processes that never outlive their parent, the garbage collector paused;
* :mod:`~pipeline.core.dates` and :mod:`~pipeline.core.daily` — the puzzle day, from an
  explicit date only, and each day's choice by a hash;
* :mod:`~pipeline.core.resources` — the files Rusc ships beside its code.
"""
