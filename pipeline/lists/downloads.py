"""What the downloads page lists: each word-list file with size, count and SHA-256.

Reads ``dist/wordlists/<lang>/`` as the lists stage left it (every published file must
still have the SHA-256 its ``SHA256SUMS`` recorded, else the site is refused) and decides
what the site publishes: every file, except that a plain list or database over
:data:`MAX_PLAIN_BYTES` is published only as its ``.gz`` (GitHub Pages limits a site to
1 GB and the Catalan ``forms.txt`` alone is about 260 MB). :func:`diff_downloads` adds the
files of ``rusc diff`` (``dist/diffs/<lang>/``). A dated file
(a TSV whose header begins with ``date``: the daily answers) that holds a day after the
site's "today" is refused, since nothing published may reveal a future answer.

Lists too big for the site go out as assets of a GitHub release instead
(:class:`Release`, from ``RUSC_RELEASE_URL``): the page links them with their SHA-256 and
size, and the site does not copy them.

Start at :func:`list_downloads`.
"""

from __future__ import annotations

import datetime as dt
import gzip
from dataclasses import dataclass
from pathlib import Path

from pipeline.core.errors import RuscError
from pipeline.core.fsutil import count_lines, sha256_file, verified_sha256

#: A plain list bigger than this is published only gzipped.
MAX_PLAIN_BYTES = 50 * 1000 * 1000
#: Files whose lines are entries, so the page can show how many there are.
COUNTED_SUFFIXES = (".txt", ".tsv")
#: Files published only as the .gz beside them when they are over :data:`MAX_PLAIN_BYTES`.
COMPRESSIBLE_SUFFIXES = COUNTED_SUFFIXES + (".sqlite", ".json")


@dataclass(frozen=True)
class Download:
    """One published file of a language's word lists."""

    #: File name inside ``wordlists/<lang>/``.
    name: str
    #: The file the site copies (a plain list, or the .gz beside it).
    source: Path
    #: Size of the published file in bytes.
    size: int
    #: SHA-256 (hex) of the published file.
    sha256: str
    #: Lines (entries) of the list, or None for files that are not lists.
    entries: int | None
    #: Size of the plain list when only its .gz is published, else None.
    plain_size: int | None = None
    #: Where the file is published instead of the site (a release asset), or None.
    release_url: str | None = None


#: A published file bigger than this goes out as a release asset when releases are on.
RELEASE_BYTES = 20 * 1000 * 1000


@dataclass(frozen=True)
class Release:
    """Where release assets are downloaded from: ``<url>/<language>-<file name>``."""

    #: The release's download URL, e.g. https://github.com/OWNER/REPO/releases/download/TAG.
    url: str
    #: Files over this size are release assets.
    min_bytes: int = RELEASE_BYTES

    @classmethod
    def from_env(cls) -> Release | None:
        """``RUSC_RELEASE_URL`` (and ``RUSC_RELEASE_BYTES``) as the Pages workflow sets them."""
        import os

        url = os.environ.get("RUSC_RELEASE_URL", "").rstrip("/")
        if not url:
            return None
        from pipeline.core.paths import number_from_env

        return cls(url, number_from_env("RUSC_RELEASE_BYTES", RELEASE_BYTES, int))

    @staticmethod
    def asset_name(language: str, name: str) -> str:
        """
        >>> Release.asset_name("ca", "forms.txt.gz")
        'ca-forms.txt.gz'
        """
        return f"{language}-{name}"

    def url_of(self, language: str, name: str, size: int) -> str | None:
        """The asset's download URL for a file of ``size`` bytes, or None when it is small
        enough for the site."""
        return f"{self.url}/{self.asset_name(language, name)}" if size > self.min_bytes else None


def _published_files(folder: Path) -> list[Path]:
    """The files of ``folder`` the site may publish (not hidden ones), in name order."""
    return sorted(path for path in folder.iterdir() if path.is_file() and not path.name.startswith("."))


def _metadata_lines(folder: Path) -> dict[str, int]:
    """Line counts the lists stage recorded in ``metadata.json`` (``files.<name>.lines``)."""
    import json

    path = folder / "metadata.json"
    if not path.exists():
        return {}
    try:
        files = json.loads(path.read_text(encoding="utf-8")).get("files", {})
    except ValueError as error:
        raise RuscError(f"invalid JSON: {error}", path) from None
    return {
        name: info["lines"]
        for name, info in files.items()
        if isinstance(info, dict) and isinstance(info.get("lines"), int)
    }


def last_day(path: Path) -> dt.date | None:
    r"""The latest date in a dated TSV (plain or ``.gz``) — its header begins with ``date`` —
    or None for any other file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     daily = Path(tmp, "daily.tsv")
    ...     _ = daily.write_text("date\tletters\n2026-01-02\tabc\n2026-01-01\tdef\n")
    ...     last_day(daily), last_day(Path(tmp, "daily.tsv").with_name("x.txt"))
    (datetime.date(2026, 1, 2), None)
    """
    if not path.name.endswith((".tsv", ".tsv.gz")) or not path.exists():
        return None
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", newline="\n") as handle:
        if not handle.readline().startswith("date\t"):
            return None
        days = [line.partition("\t")[0] for line in handle]
    try:
        return max((dt.date.fromisoformat(day) for day in days), default=None)
    except ValueError as error:
        raise RuscError(f"a dated file with a bad date: {error}", path) from None


def list_downloads(folder: Path, today: dt.date | None = None, release: Release | None = None) -> list[Download]:
    """Every file of ``folder`` the site publishes, in name order; with ``today``, a dated
    file that runs past it is an error; with ``release``, files over its size are marked
    as its assets."""
    if not folder.is_dir():
        raise RuscError("no word lists; build them with `make dictionaries`", folder)
    if (folder / "metadata.json").exists():
        verified_sha256(folder / "metadata.json")  # its line counts are shown: checked first
    lines = _metadata_lines(folder)
    downloads = []
    for path in _published_files(folder):
        name = path.name
        size = path.stat().st_size
        last = last_day(path) if today is not None else None
        if last is not None and today is not None and last > today:
            raise RuscError(
                f"holds answers up to {last}, after the site's day {today}; rewrite it with "
                f"--write-data --date {today} or remove it",
                path,
            )
        if name.endswith(".gz") and (folder / name[:-3]).exists():
            continue  # listed with its plain list: published instead of it only when that is big
        plain_size = None
        entries = None
        if name.endswith(COUNTED_SUFFIXES):
            entries = lines[name] if name in lines else count_lines(path)
        if size > MAX_PLAIN_BYTES and name.endswith(COMPRESSIBLE_SUFFIXES):
            gz = folder / (name + ".gz")
            if not gz.exists():
                raise RuscError(f"{name} is over {MAX_PLAIN_BYTES // 1000000} MB and has no .gz beside it", path)
            plain_size = size
            path, name, size = gz, gz.name, gz.stat().st_size
        digest = verified_sha256(path)
        url = release.url_of(folder.name, name, size) if release is not None else None
        downloads.append(Download(name, path, size, digest, entries, plain_size, url))
    return downloads


def diff_downloads(folder: Path, release: Release | None = None, language: str = "") -> list[Download]:
    """The files ``rusc diff`` wrote into ``folder`` (``dist/diffs/<lang>/``), in name order,
    published beside the lists (none when there is no such folder)."""
    if not folder.is_dir():
        return []
    downloads = []
    for path in _published_files(folder):
        size = path.stat().st_size
        url = release.url_of(language, path.name, size) if release is not None else None
        downloads.append(Download(path.name, path, size, sha256_file(path), None, None, url))
    return downloads
