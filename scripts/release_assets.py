"""The word lists too big for the site, as assets of a GitHub release (the Pages workflow).

``python scripts/release_assets.py tag``: the release tag, ``lists-`` and 12 hex digits of
the SHA-256 of the site languages' pinned integrities, so a new dictionary pin makes a new
release and an unchanged one reuses it.

``python scripts/release_assets.py stage DIR``: copy every published file of
``dist/wordlists/<lang>/`` and ``dist/diffs/<lang>/`` (under ``RUSC_ROOT``, default the current folder) over the release size (:data:`pipeline.lists.downloads.RELEASE_BYTES`,
or ``RUSC_RELEASE_BYTES``) into ``DIR`` under its asset name (``<lang>-<file>``) and print
each with its size and SHA-256; the workflow then runs ``gh release upload``. The site
build, given ``RUSC_RELEASE_URL``, links exactly these files (``pipeline.lists.downloads``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pipeline.core.paths import Paths  # noqa: E402
from pipeline.lists.diff import diffs_folder  # noqa: E402
from pipeline.lists.downloads import RELEASE_BYTES, Release, diff_downloads, list_downloads  # noqa: E402


def tag(package: Path = REPO / "pipeline") -> str:
    """The release tag of the published languages' pins in ``package`` (site.toml, languages/)."""
    site = tomllib.loads((package / "site.toml").read_text("utf-8"))
    pins = []
    for code in sorted(site["published"]):
        language = tomllib.loads((package / "languages" / f"{code}.toml").read_text("utf-8"))
        pins.append(f"{code} {language['source'].get('integrity', '')}")
    return "lists-" + hashlib.sha256("\n".join(pins).encode()).hexdigest()[:12]


def stage(target: Path) -> int:
    """Copy the release assets into ``target``; print one ``name, size, sha256`` line each."""
    release = Release("release", int(os.environ.get("RUSC_RELEASE_BYTES", RELEASE_BYTES)))
    target.mkdir(parents=True, exist_ok=True)
    total = 0
    paths = Paths.from_env()
    for folder in sorted(p for p in paths.wordlists_root.iterdir() if p.is_dir()):
        published = list_downloads(folder, release=release)
        published += diff_downloads(diffs_folder(paths, folder.name), release, folder.name)
        for download in published:
            if download.release_url is None:
                continue
            asset = target / Release.asset_name(folder.name, download.name)
            shutil.copyfile(download.source, asset)
            total += download.size
            print(f"{asset.name}\t{download.size}\t{download.sha256}")
    print(f"{total} bytes of release assets in {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["tag"]:
        print(tag())
    elif sys.argv[1:2] == ["stage"] and len(sys.argv) == 3:
        raise SystemExit(stage(Path(sys.argv[2])))
    else:
        raise SystemExit("usage: release_assets.py tag | stage DIR")
