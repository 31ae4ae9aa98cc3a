"""Fetch a language's pinned dictionary into the cache and hand back NFC UTF-8 files.

Start at :func:`fetch`. Each source kind has one small fetcher that puts the *archive* (or
file) into ``.cache/sources/<hash>/``; the hash is verified on every use, so a corrupt or
half-downloaded file is never trusted. The archive is then unpacked safely
(:mod:`pipeline.sources.archives`) and its .aff/.dic re-encoded into
``.cache/dictionaries/<hash>/`` (built in a temporary folder and swapped in whole).

Source kinds (``[source]`` in the language TOML):

``npm``   ``npm pack NAME@VERSION``; integrity ``sha512-…`` as the registry publishes it.
``deb``   ``apt-get download NAME=VERSION``; integrity ``sha256:…``.
``pip``   ``pip download NAME==VERSION`` (the wheel alone); integrity ``sha256:…``.
``oxt`` / ``zip``  a LibreOffice extension (a local path or a URL); .aff/.dic found through
          META-INF/manifest.xml and dictionaries.xcu.
``url``   a direct download with urllib; integrity ``sha256:…``.
``path``  a local .aff (its .dic beside it), a folder, or an archive; integrity optional.

Word lists the games need besides the dictionary (abbreviations, offensive words) come
through the same fetchers: :func:`fetch_word_list`; other data files of a pinned package
(a conjugation table) through :func:`fetch_package_files`.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from pipeline import __version__
from pipeline.config import Language, ListSource, Source
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_dir, atomic_write, file_digest, lf_lines, remove_stale_temporaries, sha256_file
from pipeline.core.paths import Paths
from pipeline.expand.text import normalise_dictionary
from pipeline.sources.archives import find_licence_file, find_oxt_dictionary, safe_extract, unpack

#: What a fetch pins: a dictionary or a word list, both named and hashed alike.
Pinned = Source | ListSource

#: Bump when the normalised layout changes, so old cache entries are rebuilt.
CACHE_LAYOUT = 2


@dataclass(frozen=True)
class DictionaryFiles:
    """A fetched, verified, normalised dictionary."""

    #: NFC UTF-8 .aff with ``SET UTF-8``.
    aff: Path
    #: NFC UTF-8 .dic.
    dic: Path
    #: The dictionary's own licence text, if the source ships one.
    licence: Path | None
    #: Where it came from: kind, name, version, integrity (for metadata.json).
    provenance: dict


def fetch(language: Language, paths: Paths | None = None) -> DictionaryFiles:
    """Make sure ``language``'s dictionary is in the cache; return its normalised files."""
    return fetch_source(language.source, paths or Paths.from_env(), language.path)


def fetch_source(source: Source, paths: Paths, origin: Path) -> DictionaryFiles:
    """Fetch, verify and normalise ``source``; ``origin`` is the file that names it (relative
    local paths start from its folder; errors name it)."""
    archive = _fetch_archive(source, origin, paths)
    out = paths.cache / "dictionaries" / f"{_dictionary_key(source, archive)}-v{CACHE_LAYOUT}"
    if not _valid_normalised(out):
        remove_stale_temporaries(out.parent)
        with atomic_dir(out) as tmp:
            _unpack_and_normalise(source, archive, tmp)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    licence = out / "LICENSE"
    return DictionaryFiles(
        aff=out / "index.aff",
        dic=out / "index.dic",
        licence=licence if licence.exists() else None,
        provenance=manifest["provenance"],
    )


def cache_archive(source: Pinned, downloaded: Path, paths: Paths) -> Path:
    """Put a just-downloaded archive into the cache under its pinned integrity (verified)."""
    verify(downloaded, source.integrity)
    folder = paths.cache / "sources" / _integrity_key(source.integrity)
    remove_stale_temporaries(_ensure(folder.parent))
    with atomic_dir(folder) as staged:
        shutil.copy2(downloaded, staged / downloaded.name)
    return folder / downloaded.name


def fetch_package_files(source: ListSource, language: Language, paths: Paths | None = None) -> list[Path]:
    """The files ``source.files`` of a pinned package, sorted: fetched and verified like a
    dictionary, unpacked safely into the cache once (``.cache/wordlists/<hash>/``)."""
    paths = paths or Paths.from_env()
    archive = _fetch_archive(source, language.path, paths)
    out = paths.cache / "wordlists" / _cache_key(source, archive)
    if not _unchanged_tree(out / ".complete", out / "x"):
        remove_stale_temporaries(out.parent)
        with atomic_dir(out) as tmp:
            if archive.is_dir():
                shutil.copytree(archive, tmp / "x")
            else:
                safe_extract(archive, tmp / "x")
            atomic_write(tmp / ".complete", json.dumps(_tree_digests(tmp / "x"), sort_keys=True, indent=1) + "\n")
    files = sorted({p for pattern in source.files for p in (out / "x").glob(pattern) if p.is_file()})
    if not files:
        raise RuscError(
            f"package {source.name} {source.version} has no file matching {', '.join(source.files)}", language.path
        )
    return files


def fetch_word_list(source: ListSource, language: Language, paths: Paths | None = None) -> list[str]:
    """The words of a pinned word-list package (an abbreviation or offensive-word list),
    NFC, in file order (:func:`fetch_package_files`, read in sorted order)."""
    files = fetch_package_files(source, language, paths)
    words: list[str] = []
    for path in files:
        try:
            text = path.read_bytes().decode(source.encoding)
        except (UnicodeDecodeError, LookupError) as error:
            raise RuscError(f"not {source.encoding}: {error}", path) from None
        if source.format == "json":
            try:
                items = json.loads(text)
            except ValueError as error:
                raise RuscError(f"not JSON: {error}", path) from None
            if not (isinstance(items, list) and all(isinstance(item, str) for item in items)):
                raise RuscError("expected a JSON array of strings", path)
        elif source.format == "python":
            items = python_strings(text, source.variables, path)
        else:
            items = lf_lines(text)  # a CR before the LF goes with the strip below
        words.extend(unicodedata.normalize("NFC", item.strip()) for item in items if item.strip())
    return words


def python_strings(text: str, variables: tuple[str, ...], path: Path) -> list[str]:
    r"""The strings of the tuples or lists a Python module assigns to ``variables`` (a data
    module of a pinned package, such as Faker's names), in file order: the module is
    parsed, never run.

    >>> module = 'class P:\n    cities = ("Aachen", "Bonn")\n    formats = ("{{city}}",)\n'
    >>> python_strings(module, ("cities",), Path("x.py"))
    ['Aachen', 'Bonn']
    """
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        raise RuscError(f"not Python: {error.msg}", path, error.lineno) from None
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id in variables for target in node.targets
        ):
            if not isinstance(node.value, (ast.Tuple, ast.List)):
                continue  # an alias of other tuples (first_names = male + female)
            for item in node.value.elts:
                if not (isinstance(item, ast.Constant) and isinstance(item.value, str)):
                    raise RuscError("expected a tuple of strings", path, item.lineno)
                found.append(item.value)
    return found


def integrity_of(path: Path, algorithm: str) -> str:
    """The integrity string of a file: ``sha512-<base64>`` or ``sha256:<hex>``."""
    digest = file_digest(path, algorithm)
    if algorithm == "sha512":
        return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")
    return f"{algorithm}:{digest.hexdigest()}"


def verify(path: Path, expected: str) -> None:
    """Raise a clear error if ``path`` does not have the pinned integrity."""
    algorithm = "sha512" if expected.startswith("sha512-") else "sha256"
    actual = integrity_of(path, algorithm)
    if actual != expected:
        raise RuscError(f"integrity mismatch: expected {expected}, got {actual}", path)


# --- fetching archives -------------------------------------------------------------------


def _fetch_archive(source: Source | ListSource, origin: Path, paths: Paths) -> Path:
    if source.kind == "path" or (source.kind in ("oxt", "zip") and "://" not in source.name):
        local = _local_path(source.name, origin)
        if not local.exists():
            raise RuscError(f"source path {source.name!r} does not exist", origin)
        if source.integrity and local.is_file():
            verify(local, source.integrity)
        return local
    folder = paths.cache / "sources" / _integrity_key(source.integrity)
    cached = [p for p in folder.glob("*") if not p.name.startswith(".")] if folder.is_dir() else []
    if len(cached) == 1:
        try:
            verify(cached[0], source.integrity)
            return cached[0]
        except RuscError:
            pass  # a corrupt cache entry is refetched, never trusted
    remove_stale_temporaries(folder.parent)
    with tempfile.TemporaryDirectory(dir=_ensure(paths.cache / "sources")) as tmp:
        return cache_archive(source, _DOWNLOADERS[source.kind](source, Path(tmp)), paths)


def _download_npm(source: Pinned, tmp: Path) -> Path:
    spec = f"{source.name}@{source.version}"
    printed = run_tool(["npm", "pack", spec, "--silent", "--pack-destination", str(tmp)], tmp, f"npm pack {spec}")
    name = printed.strip().splitlines()[-1] if printed.strip() else ""
    files = [p for p in tmp.iterdir() if p.suffix == ".tgz"]
    if len(files) != 1:
        raise RuscError(f"npm pack {spec} produced no package ({name or 'no output'})")
    return files[0]


def _download_deb(source: Pinned, tmp: Path) -> Path:
    spec = f"{source.name}={source.version}"
    run_tool(["apt-get", "download", "-q", spec], tmp, f"apt-get download {spec}")
    files = [p for p in tmp.iterdir() if p.suffix == ".deb"]
    if len(files) != 1:
        raise RuscError(f"apt-get download {spec} produced no package")
    return files[0]


def _download_pip(source: Pinned, tmp: Path) -> Path:
    spec = f"{source.name}=={source.version}"
    run_tool(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(tmp), spec],
        tmp,
        f"pip download {spec}",
    )
    files = [p for p in tmp.iterdir() if p.suffix == ".whl"]
    if len(files) != 1:
        raise RuscError(f"pip download {spec} produced no wheel")
    return files[0]


def _download_url(source: Pinned, tmp: Path) -> Path:
    name = source.name.rstrip("/").rsplit("/", 1)[-1] or "download"
    target = tmp / name
    try:
        with urllib.request.urlopen(source.name, timeout=60) as response, open(target, "wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as error:
        raise RuscError(f"download of {source.name} failed: {error}") from None
    return target


_DOWNLOADERS = {
    "npm": _download_npm,
    "deb": _download_deb,
    "pip": _download_pip,
    "url": _download_url,
    "oxt": _download_url,
    "zip": _download_url,
}


def run_tool(command: list[str], cwd: Path, what: str) -> str:
    """Run a fetch tool (npm, apt-get, pip, dpkg-deb) and return what it printed; a missing
    tool, a timeout or a failure is a one-line error naming ``what`` was being done."""
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise RuscError(f"{what}: {command[0]} is not installed") from None
    except subprocess.TimeoutExpired:
        raise RuscError(f"{what}: timed out") from None
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuscError(f"{what} failed: {last}")
    return result.stdout


# --- unpacking ---------------------------------------------------------------------------


def _unpack_and_normalise(source: Source, archive: Path, out: Path) -> None:
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        root = unpack(archive, Path(tmp) / "x")
        aff, dic = _locate(source, archive, root)
        normalise_dictionary(aff, dic, out)
        licence = _locate_licence(source, root, archive, aff)
        if licence is not None:
            shutil.copyfile(licence, out / "LICENSE")
    provenance = {
        "kind": source.kind,
        "name": source.name if source.kind != "path" else Path(source.name).name,
        "version": source.version,
        "integrity": source.integrity or integrity_of(archive, "sha256") if archive.is_file() else source.integrity,
    }
    files = {p.name: sha256_file(p) for p in sorted(out.iterdir())}
    atomic_write(
        out / "manifest.json",
        json.dumps({"provenance": provenance, "files": files, "rusc": __version__}, sort_keys=True, indent=2) + "\n",
    )


def _locate(source: Source, archive: Path, root: Path) -> tuple[Path, Path]:
    if source.kind in ("oxt", "zip") or ((root / "META-INF" / "manifest.xml").exists() and not source.aff):
        found = find_oxt_dictionary(root, archive, source.locale)
        return found.aff, found.dic
    if archive.suffix.lower() == ".aff" and not source.aff:
        return archive, archive.with_suffix(".dic")
    if source.aff and source.dic:
        aff, dic = root / source.aff, root / source.dic
        for path, what in ((aff, source.aff), (dic, source.dic)):
            if not path.is_file():
                raise RuscError(f"source has no file {what!r}", archive)
        return aff, dic
    affs = sorted(root.rglob("*.aff"))
    if len(affs) != 1:
        raise RuscError(f"source has {len(affs)} .aff files; name one with source.aff and source.dic", archive)
    return affs[0], affs[0].with_suffix(".dic")


def _locate_licence(source: Source, root: Path, archive: Path, aff: Path) -> Path | None:
    if source.licence_file:
        path = root / source.licence_file
        if not path.is_file():
            raise RuscError(f"source has no licence file {source.licence_file!r}", archive)
        return path
    return find_licence_file(root, aff)[0]


def _tree_digests(root: Path) -> dict[str, str]:
    """Every file under ``root`` (its path from there) → its SHA-256."""
    return {p.relative_to(root).as_posix(): sha256_file(p) for p in sorted(root.rglob("*")) if p.is_file()}


def _unchanged_tree(manifest: Path, root: Path) -> bool:
    """Whether the files under ``root`` are exactly those ``manifest`` recorded when the
    package was unpacked (a damaged or edited file unpacks it again)."""
    try:
        return json.loads(manifest.read_text("utf-8")) == _tree_digests(root)
    except (OSError, ValueError):
        return False


def _valid_normalised(folder: Path) -> bool:
    """A cached normalised dictionary is used only if every file still has its hash."""
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return False
    try:
        files = json.loads(manifest.read_text("utf-8"))["files"]
        return all(sha256_file(folder / name) == digest for name, digest in files.items())
    except (OSError, ValueError, KeyError):
        return False


def _cache_key(source: Pinned, archive: Path) -> str:
    if source.integrity:
        return _integrity_key(source.integrity)
    if archive.is_file():
        return "sha256-" + sha256_file(archive)
    digest = hashlib.sha256()
    for path in sorted(p for p in archive.rglob("*") if p.is_file()):
        digest.update(path.relative_to(archive).as_posix().encode() + b"\0" + sha256_file(path).encode())
    return "tree-" + digest.hexdigest()


def _dictionary_key(source: Source, archive: Path) -> str:
    """The key of a normalised dictionary: its archive's key and which of the archive's
    files it is read from (``aff``, ``dic``, ``locale``, ``licence_file``), so that two
    language files on one archive, or a corrected ``aff``, never get another's dictionary."""
    chosen = json.dumps([source.aff, source.dic, source.locale, source.licence_file])
    return f"{_cache_key(source, archive)}-{hashlib.sha256(chosen.encode()).hexdigest()[:16]}"


def _integrity_key(integrity: str) -> str:
    """A file-system-safe cache key: ``sha512-<hex>`` / ``sha256-<hex>``."""
    if integrity.startswith("sha512-"):
        return "sha512-" + base64.b64decode(integrity[7:]).hex()
    return integrity.replace(":", "-")


def _local_path(name: str, origin: Path) -> Path:
    path = Path(os.path.expanduser(name))
    return path if path.is_absolute() else (origin.parent / path)


def _ensure(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder
