"""Static assets with content-hashed names, so a browser never mixes old and new files.

``site/style.css`` is published as ``assets/style.<hash>.css`` where ``<hash>`` is the
first 10 hex digits of its SHA-256; pages ask :meth:`Assets.url` for the current name.
Generated data (the Wordle JSON) goes through :meth:`Assets.add` the same way.

Scripts and style sheets are published minified (:func:`minified`): comments and
indentation are for the engineer reading ``site/``, not for a phone on a slow network.

>>> hashed_name("style.css", b"body{}")
'style.7c98040a54.css'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import rcssmin
import rjsmin

from pipeline.core.errors import RuscError

ASSET_DIR = "assets"


def hashed_name(name: str, data: bytes) -> str:
    """``name`` with a content hash before its extension."""
    stem, dot, ext = name.partition(".")
    digest = hashlib.sha256(data).hexdigest()[:10]
    return f"{stem}.{digest}{dot}{ext}"


def minified(name: str, data: bytes) -> bytes:
    r"""``data`` without comments and needless white space if ``name`` is a script or a
    style sheet (token-level: no name is changed), else unchanged.

    >>> minified("x.js", b"// why\nvar answer = 1 ;  /* more */\n")
    b'var answer=1;'
    >>> minified("x.css", b"body {\n  color: red;  /* why */\n}\n")
    b'body{color:red}'
    >>> minified("icon.svg", b"<svg> </svg>")
    b'<svg> </svg>'
    """
    if name.endswith(".js"):
        return rjsmin.jsmin(data.decode("utf-8")).encode("utf-8")
    if name.endswith(".css"):
        return rcssmin.cssmin(data.decode("utf-8")).encode("utf-8")
    return data


@dataclass
class Assets:
    """The hashed files of one build: logical name → (published path, bytes)."""

    #: Logical name (``style.css``) → path inside the site (``assets/style.<hash>.css``).
    paths: dict[str, str] = field(default_factory=dict)
    #: Published path → contents.
    files: dict[str, bytes] = field(default_factory=dict)

    @classmethod
    def from_folder(cls, folder: Path) -> Assets:
        """Every regular file directly in ``folder`` (``site/``), in name order, minified."""
        assets = cls()
        for path in sorted(folder.iterdir()):
            if path.is_file() and not path.name.startswith("."):
                assets.add(path.name, minified(path.name, path.read_bytes()))
        return assets

    def add(self, name: str, data: bytes) -> str:
        published = f"{ASSET_DIR}/{hashed_name(name, data)}"
        self.paths[name] = published
        self.files[published] = data
        return published

    def path(self, name: str) -> str:
        try:
            return self.paths[name]
        except KeyError:
            raise RuscError(f"no asset {name!r} in site/") from None
