"""Unpack a fetched source safely and find the dictionary inside it.

Bird's-eye view:

* :func:`safe_extract` unpacks a tar (.tgz, npm packs), zip (.oxt, .zip) or Debian .deb
  into a fresh folder. Only regular files and folders are accepted: a member with an
  absolute path, a ``..`` component, a link or a device is refused, as is an archive whose
  members would unpack past the size caps (decompression bombs). Sizes are counted while
  copying, never trusted from headers.
* :func:`find_oxt_dictionary` finds the .aff/.dic of a LibreOffice extension the way
  LibreOffice does: ``META-INF/manifest.xml`` names the configuration file
  (``dictionaries.xcu``), which names the files of each ``DICT_SPELL`` dictionary.

What the files say is read by :mod:`pipeline.expand.text`, which decodes them.
"""

from __future__ import annotations

import io
import lzma
import re
import stat
import tarfile
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pipeline.core.errors import RuscError

#: Caps against decompression bombs: dictionaries are a few MB, the largest ~30 MB.
MAX_MEMBER_BYTES = 256 << 20
MAX_TOTAL_BYTES = 1 << 30
MAX_MEMBERS = 20_000


@dataclass(frozen=True)
class Limits:
    member_bytes: int = MAX_MEMBER_BYTES
    total_bytes: int = MAX_TOTAL_BYTES
    members: int = MAX_MEMBERS


class _Budget:
    """Counts what an extraction has written, refusing to pass the caps."""

    def __init__(self, archive: Path, limits: Limits):
        self.archive, self.limits, self.total, self.members = archive, limits, 0, 0

    def member(self, name: str) -> None:
        self.members += 1
        if self.members > self.limits.members:
            raise RuscError(f"more than {self.limits.members} members; refusing to unpack", self.archive)

    def copy(self, source, target: Path, name: str) -> None:
        written = 0
        with open(target, "wb") as out:
            while block := source.read(1 << 20):
                written += len(block)
                self.total += len(block)
                if written > self.limits.member_bytes:
                    raise RuscError(
                        f"member {name!r} unpacks to more than {self.limits.member_bytes} bytes (decompression bomb?)",
                        self.archive,
                    )
                if self.total > self.limits.total_bytes:
                    raise RuscError(
                        f"archive unpacks to more than {self.limits.total_bytes} bytes (decompression bomb?)",
                        self.archive,
                    )
                out.write(block)


def safe_member_path(root: Path, name: str, archive: Path) -> Path:
    """Where member ``name`` goes under ``root``; refuses anything that would escape.

    >>> safe_member_path(Path("/x"), "package/index.aff", Path("a.tgz"))
    PosixPath('/x/package/index.aff')
    >>> safe_member_path(Path("/x"), "../evil", Path("a.tgz"))
    Traceback (most recent call last):
    ...
    pipeline.core.errors.RuscError: a.tgz: member '../evil' would escape the extraction folder
    """
    clean = name.replace("\\", "/")
    pure = PurePosixPath(clean)
    if (
        not clean
        or clean.startswith("/")
        or re.match(r"^[A-Za-z]:", clean)
        or any(part == ".." for part in pure.parts)
        or "\x00" in clean
    ):
        raise RuscError(f"member {name!r} would escape the extraction folder", archive)
    parts = [p for p in pure.parts if p not in ("", ".")]
    if not parts:
        return root
    return root.joinpath(*parts)


def safe_extract(archive: Path, dest: Path, limits: Limits = Limits()) -> None:
    """Unpack ``archive`` into ``dest`` (which must not exist yet), refusing hostile members."""
    archive = Path(archive)
    dest.mkdir(parents=True)
    budget = _Budget(archive, limits)
    try:
        with open(archive, "rb") as handle:
            head = handle.read(8)
        if head.startswith(b"PK"):
            _extract_zip(archive, dest, budget)
        elif head.startswith(b"!<arch>"):
            _extract_deb(archive, dest, budget)
        else:
            _extract_tar(archive, archive, dest, budget)
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, lzma.LZMAError, OSError, zlib_error()) as error:
        raise RuscError(f"damaged or truncated archive ({type(error).__name__}: {error})", archive) from None


def zlib_error():
    import zlib

    return zlib.error


def _extract_tar(archive: Path, fileobj_or_path, dest: Path, budget: _Budget, skip_links: bool = False) -> None:
    opener = (
        tarfile.open(fileobj=fileobj_or_path, mode="r:*")
        if not isinstance(fileobj_or_path, Path)
        else tarfile.open(fileobj_or_path, mode="r:*")
    )
    with opener as tar:
        for member in tar:
            budget.member(member.name)
            target = safe_member_path(dest, member.name, archive)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif member.isreg():
                target.parent.mkdir(parents=True, exist_ok=True)
                source = tar.extractfile(member)
                budget.copy(source, target, member.name)
            elif skip_links and (member.issym() or member.islnk()):
                continue  # a .deb's own aliases (ca_ES.aff -> ca.aff): never created
            else:
                what = (
                    "symbolic link"
                    if member.issym()
                    else "hard link"
                    if member.islnk()
                    else "FIFO"
                    if member.isfifo()
                    else "device file"
                    if member.isdev()
                    else "special file"
                )
                raise RuscError(f"member {member.name!r} is a {what}; only regular files are accepted", archive)


def _extract_zip(archive: Path, dest: Path, budget: _Budget) -> None:
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            budget.member(info.filename)
            target = safe_member_path(dest, info.filename, archive)
            mode = info.external_attr >> 16
            if mode and stat.S_ISLNK(mode):
                raise RuscError(
                    f"member {info.filename!r} is a symbolic link; only regular files are accepted", archive
                )
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as source:
                budget.copy(source, target, info.filename)


def _extract_deb(archive: Path, dest: Path, budget: _Budget) -> None:
    """A .deb is an ``ar`` archive; its files live in ``data.tar.*``.

    Its symbolic links (a package's aliases such as ``ca_ES.aff -> ca.aff``) are skipped:
    nothing a link points to is ever written, so skipping is safe.
    """
    with open(archive, "rb") as handle:
        if handle.read(8) != b"!<arch>\n":
            raise RuscError("not a Debian package (bad ar magic)", archive)
        while header := handle.read(60):
            if len(header) < 60:
                raise RuscError("truncated Debian package", archive)
            name = header[:16].decode("ascii", "replace").strip().rstrip("/")
            try:
                size = int(header[48:58].decode("ascii").strip())
            except ValueError:
                raise RuscError("corrupt ar header in Debian package", archive) from None
            if size > budget.limits.total_bytes:
                raise RuscError(f"member {name!r} is larger than {budget.limits.total_bytes} bytes", archive)
            data = handle.read(size)
            if len(data) < size:
                raise RuscError("truncated Debian package", archive)
            if size % 2:
                handle.read(1)
            if name.startswith("data.tar"):
                if name.endswith(".zst"):
                    raise RuscError("data.tar.zst is not supported (Python's standard library has no zstd)", archive)
                # Debian packages carry aliases as symlinks; they are skipped, never created.
                _extract_tar(archive, io.BytesIO(data), dest, budget, skip_links=True)
                return
    raise RuscError("Debian package has no data.tar member", archive)


# --- LibreOffice extensions ---------------------------------------------------------------

_MANIFEST_NS = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
_OOR_NS = "http://openoffice.org/2001/registry"


@dataclass(frozen=True)
class OxtDictionary:
    #: Locales the dictionary serves, as dictionaries.xcu lists them ("ca-ES", ...).
    locales: tuple[str, ...]
    aff: Path
    dic: Path


def find_oxt_dictionary(root: Path, archive: Path, locale: str = "") -> OxtDictionary:
    """Follow manifest.xml → dictionaries.xcu → the DICT_SPELL entry's Locations."""
    manifest = root / "META-INF" / "manifest.xml"
    if not manifest.exists():
        raise RuscError("extension has no META-INF/manifest.xml", archive)
    try:
        tree = ET.parse(manifest)
    except ET.ParseError as error:
        raise RuscError(f"META-INF/manifest.xml is not valid XML ({error})", archive) from None
    configs = []
    for entry in tree.getroot():
        media = entry.get(f"{{{_MANIFEST_NS}}}media-type", "")
        path = entry.get(f"{{{_MANIFEST_NS}}}full-path", "")
        if media.startswith("application/vnd.sun.star.configuration-data"):
            configs.append(path)
    found: list[OxtDictionary] = []
    for config in configs:
        xcu = safe_member_path(root, config, archive)
        if not xcu.exists():
            raise RuscError(f"manifest names {config!r}, which the extension lacks", archive)
        found.extend(_read_xcu(xcu, root, archive))
    if not found:
        raise RuscError("extension declares no DICT_SPELL dictionary in its manifest's configuration files", archive)
    if locale:
        matching = [d for d in found if locale in d.locales]
        if not matching:
            known = ", ".join(sorted({name for d in found for name in d.locales}))
            raise RuscError(f"extension has no spelling dictionary for locale {locale!r} (it has: {known})", archive)
        return matching[0]
    if len(found) > 1:
        known = ", ".join(sorted({name for d in found for name in d.locales}))
        raise RuscError(f"extension has several spelling dictionaries; set source.locale to one of: {known}", archive)
    return found[0]


def _read_xcu(xcu: Path, root: Path, archive: Path) -> list[OxtDictionary]:
    try:
        tree = ET.parse(xcu)
    except ET.ParseError as error:
        raise RuscError(f"{xcu.name} is not valid XML ({error})", archive) from None
    result = []
    for node in tree.iter("node"):
        props = {}
        for prop in node.findall("prop"):
            value = prop.find("value")
            props[prop.get(f"{{{_OOR_NS}}}name")] = (value.text or "") if value is not None else ""
        if props.get("Format") != "DICT_SPELL":
            continue
        locations = props.get("Locations", "").split()
        aff = [place for place in locations if place.lower().endswith(".aff")]
        dic = [place for place in locations if place.lower().endswith(".dic")]
        if len(aff) != 1 or len(dic) != 1:
            raise RuscError(
                f"{xcu.name}: dictionary {node.get(f'{{{_OOR_NS}}}name')!r} does not name one .aff and one .dic",
                archive,
            )
        base = xcu.parent.relative_to(root).as_posix()

        def resolve(location: str, base: str = base) -> Path:
            location = location.replace("%origin%", base)
            path = safe_member_path(root, location, archive)
            if not path.exists():
                raise RuscError(f"{xcu.name} names {location!r}, which the extension lacks", archive)
            return path

        result.append(OxtDictionary(tuple(props.get("Locales", "").split()), resolve(aff[0]), resolve(dic[0])))
    return result


# --- What a dictionary package holds -------------------------------------------------------


def unpack(archive: Path, into: Path) -> Path:
    """The folder a source's files are found under: ``archive`` itself if it is a folder, the
    folder of a bare .aff or .dic, else ``into``, where the archive is unpacked safely."""
    if archive.is_dir():
        return archive
    if archive.suffix.lower() in (".aff", ".dic"):
        return archive.parent
    safe_extract(archive, into)
    return into


#: Names (lower-cased) a dictionary's own licence file has in the packages seen so far.
LICENCE_FILE_NAMES = (
    "license",
    "licence",
    "copying",
    "copyright",
    "license.txt",
    "license.md",
    "licence.txt",
    "copying.txt",
    "copying.md",
)
#: Readme headings that introduce the licence.
LICENCE_HEADING = re.compile(r"^#+\s*(licen[cs]e|copying)\b.*$", re.IGNORECASE | re.MULTILINE)


def find_licence_file(root: Path, aff: Path) -> tuple[Path | None, list[str]]:
    """The licence file of the dictionary ``aff`` unpacked under ``root``, or the readme whose
    section states the licence, with what add-language tells the maintainer about it (nothing
    for a licence file proper). The fetch step copies it beside the lists where the language
    file names none (``source.licence_file``)."""
    for folder in (aff.parent, root):
        for entry in sorted(folder.iterdir()):
            if entry.is_file() and entry.name.lower() in LICENCE_FILE_NAMES:
                return entry, []
    for entry in sorted(root.rglob("usr/share/doc/*/copyright")):
        return entry, []
    for folder in (aff.parent, root):
        for entry in sorted(folder.iterdir()):
            if entry.is_file() and entry.name.lower().startswith("readme"):
                text = entry.read_text("utf-8", "replace")
                match = LICENCE_HEADING.search(text)
                if match:
                    return entry, [
                        f"The package has no licence file: its readme's section "
                        f"{match.group(0).strip()!r} states the licence, so the readme is "
                        f"copied next to the lists as their LICENSE."
                    ]
    return None, [
        "NEEDS A HUMAN DECISION: the package has no licence file and its readme no licence "
        "section; add the licence text as source.licence_file."
    ]
