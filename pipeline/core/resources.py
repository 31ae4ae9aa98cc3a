"""The files Rusc ships beside its code: page templates, static assets, the dependency lock.

In the checkout they sit at the top level (``templates/``, ``site/``, ``requirements.lock``:
the project's layout). A wheel cannot carry files outside its package, so the build maps
them into it (``pyproject.toml``'s ``[tool.setuptools.package-dir]``):

================  ===========================  =================================
checkout          installed wheel              found by
================  ===========================  =================================
templates/        pipeline/templates/          :data:`TEMPLATES`
site/             pipeline/static/             :data:`STATIC`
requirements.lock pipeline/lockfile/…          :data:`LOCK`, :func:`lock_sha256`
================  ===========================  =================================

Each is looked up inside the package first (a wheel install), then beside it (a checkout,
editable or not), so ``pip install .`` and ``pip install -e .`` render the same site.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pipeline.core.errors import RuscError
from pipeline.core.fsutil import sha256_file

#: The ``pipeline`` package folder.
PACKAGE = Path(__file__).resolve().parent.parent


def _shipped(installed: str, checkout: str) -> Path:
    """``installed`` inside the package if a wheel put it there, else ``checkout`` beside it."""
    inside = PACKAGE / installed
    return inside if inside.exists() else PACKAGE.parent / checkout


#: The jinja2 templates of every page.
TEMPLATES = _shipped("templates", "templates")
#: The static assets (CSS, JS) the site publishes under hashed names.
STATIC = _shipped("static", "site")
#: The hash-pinned versions of every runtime and test dependency (``make lock`` writes it).
LOCK = _shipped("lockfile/requirements.lock", "requirements.lock")


@cache
def lock_sha256() -> str:
    """SHA-256 of :data:`LOCK`: named in every list's ``metadata.json``, since the versions
    of the libraries that fold and rank words are part of how the lists were made."""
    try:
        return sha256_file(LOCK)
    except FileNotFoundError:
        raise RuscError("no dependency lock; reinstall Rusc from its checkout", LOCK) from None
