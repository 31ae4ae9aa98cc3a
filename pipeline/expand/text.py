"""A dictionary's text: the .aff and .dic decoded by the .aff's ``SET``, as NFC with LF lines.

:func:`read_dictionary_text` is the one decoding policy of Rusc: the fetch step writes
every dictionary with it as NFC UTF-8 with ``SET UTF-8`` (:func:`normalise_dictionary`),
so every later stage reads one encoding, and the expander reads those files with it again.
It is part of the expander (its code is in the expansion's cache key) because what a
dictionary's bytes mean decides every form.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from pathlib import Path

from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_write

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
    pipeline.core.errors.RuscError: <aff>:1: unknown encoding 'punycode' in SET
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
