"""Unpack a fetched source safely and turn its dictionary into NFC UTF-8.

Bird's-eye view:

* :func:`safe_extract` unpacks a tar (.tgz, npm packs), zip (.oxt, .zip) or Debian .deb
  into a fresh folder. Only regular files and folders are accepted: a member with an
  absolute path, a ``..`` component, a link or a device is refused, as is an archive whose
  members would unpack past the size caps (decompression bombs). Sizes are counted while
  copying, never trusted from headers.
* :func:`find_oxt_dictionary` finds the .aff/.dic of a LibreOffice extension the way
  LibreOffice does: ``META-INF/manifest.xml`` names the configuration file
  (``dictionaries.xcu``), which names the files of each ``DICT_SPELL`` dictionary.
* :func:`normalise_dictionary` decodes the .aff/.dic by the .aff's ``SET`` (UTF-8 with or
  without BOM, ISO8859-x, KOI8-R, ...) and writes both as NFC UTF-8 with ``SET UTF-8``, so
  every later stage reads one encoding.
"""

from __future__ import annotations

import codecs
import io
import lzma
import re
import stat
import tarfile
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pipeline.errors import RuscError
from pipeline.fsutil import atomic_write

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
    pipeline.errors.RuscError: a.tgz: member '../evil' would escape the extraction folder
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


# --- Encodings ---------------------------------------------------------------------------

#: Hunspell's SET names that Python spells differently.
_ENCODING_ALIASES = {"microsoft-cp1251": "cp1251", "iscii-devanagari": "iscii", "tis620-2533": "tis-620"}
#: Printable ASCII (with escapes a codec might read): a character set Hunspell can read
#: keeps it as it is, as Hunspell reads the SET line itself (punycode, idna, the escape
#: codecs and UTF-16 do not).
_ASCII_PROBE = bytes(range(0x20, 0x7F)) + b"\\n\\x41\\u0041\n"


def _is_charset(codec: str) -> bool:
    """Whether ``codec`` decodes bytes as a character set that contains ASCII."""
    try:
        return _ASCII_PROBE.decode(codec) == _ASCII_PROBE.decode("ascii")
    except (UnicodeError, ValueError, LookupError):
        return False


def aff_encoding(aff: bytes, path: Path | str = "<aff>") -> str:
    """The Python codec named by the .aff's ``SET`` line (ISO8859-1 if there is none).

    >>> aff_encoding(b"SET ISO8859-15\\nTRY abc\\n")
    'iso8859-15'
    >>> aff_encoding(b"\\xef\\xbb\\xbfSET UTF-8\\n")
    'utf-8'
    >>> aff_encoding(b"FLAG UTF-8\\n"), aff_encoding(b"TRY abc\\n")
    ('utf-8', 'iso8859-1')
    >>> aff_encoding(b"SET punycode\\n")
    Traceback (most recent call last):
    ...
    pipeline.errors.RuscError: <aff>:1: unknown encoding 'punycode' in SET
    """
    if aff.startswith(codecs.BOM_UTF8):
        return "utf-8"
    match = re.search(rb"^[ \t]*SET[ \t]+(\S+)", aff, re.MULTILINE)
    if not match:
        # Hunspell's default is ISO8859-1, but FLAG UTF-8 makes it read the files as UTF-8.
        return "utf-8" if re.search(rb"^[ \t]*FLAG[ \t]+UTF-8", aff, re.MULTILINE) else "iso8859-1"
    name = match.group(1).decode("ascii", "replace").lower()
    name = _ENCODING_ALIASES.get(name, name)
    try:
        info = codecs.lookup(name)
        if not getattr(info, "_is_text_encoding", True) or not _is_charset(info.name):
            raise LookupError(name)  # rot13, zlib, base64, punycode ...: not a character set
        return info.name
    except (LookupError, ValueError):
        line = aff[: match.start()].count(b"\n") + 1
        raise RuscError(f"unknown encoding {match.group(1).decode('ascii', 'replace')!r} in SET", path, line) from None


def decode_text(data: bytes, encoding: str, path: Path | str) -> str:
    """Decode, strip a BOM, make line ends LF and the text NFC; errors name the line.

    A line ends at LF (CRLF loses its CR), as libhunspell reads it: a lone CR stays in its
    line, so ``ga\rto/E`` is one entry (libhunspell accepts ``ga\rto``, never ``ga``)."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[3:]
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RuscError(f"invalid {encoding} byte 0x{data[error.start]:02x}", path, line) from None
    text = text.replace("\r\n", "\n")
    return unicodedata.normalize("NFC", text)


def read_dictionary_text(aff_path: Path | str, dic_path: Path | str) -> tuple[str, str]:
    """Both files as text, decoded by the .aff's ``SET`` (BOM dropped, NFC, LF): the one
    decoding policy of Rusc, used to normalise a fetched dictionary and to read it again.

    Without SET, ``FLAG UTF-8`` means the file is UTF-8 (:func:`aff_encoding`). A byte the
    encoding cannot decode is tolerated in a comment line (Hunspell never reads those; the
    line becomes ``#``) and is an error naming the file and line anywhere else.
    """
    aff_bytes = _read(aff_path)
    dic_bytes = _read(dic_path)
    encoding = aff_encoding(aff_bytes, aff_path)
    return _decode_lenient(aff_bytes, encoding, aff_path), _decode_lenient(dic_bytes, encoding, dic_path)


def _decode_lenient(data: bytes, encoding: str, path: Path | str) -> str:
    """:func:`decode_text`, but undecodable bytes in a comment line blank the comment."""
    try:
        return decode_text(data, encoding, path)
    except RuscError:
        pass
    if data.startswith(codecs.BOM_UTF8):
        data = data[3:]
    lines = data.decode(encoding, errors="surrogateescape").split("\n")
    for number, line in enumerate(lines, 1):
        if any("\udc80" <= c <= "\udcff" for c in line):
            if line.lstrip().startswith("#"):
                lines[number - 1] = "#"
            else:
                bad = next(c for c in line if "\udc80" <= c <= "\udcff")
                raise RuscError(f"invalid {encoding} byte 0x{ord(bad) - 0xDC00:02x}", path, number)
    return decode_text("\n".join(lines).encode("utf-8"), "utf-8", path)


def normalise_dictionary(aff_path: Path, dic_path: Path, out_dir: Path, stem: str = "index") -> tuple[Path, Path]:
    """Write ``<stem>.aff`` and ``<stem>.dic`` into ``out_dir`` as NFC UTF-8 with ``SET UTF-8``."""
    aff_text, dic_text = read_dictionary_text(aff_path, dic_path)
    if re.search(r"^[ \t]*SET[ \t]", aff_text, re.MULTILINE):
        aff_text = re.sub(r"^[ \t]*SET[ \t]+\S+", "SET UTF-8", aff_text, count=1, flags=re.MULTILINE)
    else:
        aff_text = "SET UTF-8\n" + aff_text
    out_dir.mkdir(parents=True, exist_ok=True)
    aff_out, dic_out = out_dir / f"{stem}.aff", out_dir / f"{stem}.dic"
    atomic_write(aff_out, aff_text)
    atomic_write(dic_out, dic_text)
    return aff_out, dic_out


def _read(path: Path | str) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise RuscError("no such file", path) from None
    except IsADirectoryError:
        raise RuscError("is a folder, not a file", path) from None
    except PermissionError:
        raise RuscError("permission denied", path) from None
