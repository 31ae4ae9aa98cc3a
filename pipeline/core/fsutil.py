"""Writing files so that nothing is ever half-written and every byte is reproducible.

* :func:`atomic_write` / :func:`atomic_path`: write to a temporary file beside the
  target, then ``os.replace`` it; an interrupted run leaves the previous file intact.
* :func:`gzip_bytes`: deterministic gzip (mtime 0, no file name) — the one gzip API the
  project uses.
* :func:`sha256_file`, :func:`file_digest`, :func:`count_lines`: checksums and line counts,
  streamed.
* :func:`lf_lines`: the lines of list data, ended at LF only.
* :func:`read_sums`, :func:`verified_sha256`: a published list checked against the
  ``SHA256SUMS`` written beside it, before it is read or published.
* :func:`write_checked` / :func:`read_checked`: a cached file that ends with the SHA-256 of
  what it keeps, so a damaged one (even edited at the same size) is never read back.
* :func:`normalise_modes`: 0644 files and 0755 folders whatever the umask.
* :func:`build_lock`: one build at a time per checkout.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pipeline.core.errors import RuscError

FILE_MODE = 0o644
DIR_MODE = 0o755


@contextlib.contextmanager
def atomic_path(target: Path | str, suffix: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it over ``target`` on success.

    On any exception the temporary file is removed and ``target`` is untouched. A target
    that is a folder, or in a folder that cannot be written, is a one-line error naming
    the target (never the temporary file).
    """
    target = require_file_target(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix + ".tmp", dir=target.parent)
    except OSError as error:
        raise RuscError(f"cannot be written: {error.strerror}", target) from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.chmod(tmp_path, FILE_MODE)
        os.replace(tmp_path, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise


def require_file_target(target: Path | str) -> Path:
    """``target`` as a path to write a file at; a folder there is a one-line error. Commands
    call it on an output path before the work that makes the file."""
    target = Path(target)
    if target.is_dir():
        raise RuscError("is a folder; name a file to write", target)
    return target


def atomic_write(target: Path | str, data: bytes | str) -> Path:
    """Write ``data`` (str is encoded as UTF-8) to ``target`` atomically."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


def write_checked(target: Path | str, data: bytes) -> Path:
    """Keep ``data`` at ``target`` (atomically) followed by a line with its SHA-256, for
    :func:`read_checked`."""
    return atomic_write(target, data + b"\n" + hashlib.sha256(data).hexdigest().encode())


def read_checked(path: Path | str) -> bytes | None:
    """What :func:`write_checked` kept at ``path``, or None if it is absent, unreadable or
    no longer has the SHA-256 it was written with (the caller makes it again).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     kept = write_checked(Path(tmp, "index"), b"gat")
    ...     first = read_checked(kept)
    ...     _ = kept.write_bytes(kept.read_bytes().replace(b"gat", b"cat"))
    ...     first, read_checked(kept), read_checked(Path(tmp, "absent"))
    (b'gat', None, None)
    """
    try:
        data, _, digest = Path(path).read_bytes().rpartition(b"\n")
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest().encode() == digest else None


#: Files above this size are gzipped at level 1: the 260 MB Catalan forms list takes 30 s
#: at level 6 on one core and only 5 s at level 1, for a file about 25% larger.
FAST_GZIP_BYTES = 50 << 20


def gzip_bytes(data: bytes) -> bytes:
    """Gzip ``data`` reproducibly: no timestamp, no file name, fixed level.

    >>> gzip_bytes(b"gat\\n") == gzip_bytes(b"gat\\n")
    True
    >>> gzip.decompress(gzip_bytes(b"gat\\n"))
    b'gat\\n'
    """
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=_level(len(data))) as gz:
        gz.write(data)
    return buffer.getvalue()


def gzip_file(source: Path, target: Path) -> None:
    """Gzip ``source`` into ``target`` atomically and reproducibly, streaming."""
    level = _level(Path(source).stat().st_size)
    with (
        atomic_path(target) as tmp,
        open(source, "rb") as src,
        open(tmp, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=level) as gz,
    ):
        shutil.copyfileobj(src, gz, 1 << 20)


def _level(size: int) -> int:
    return 1 if size > FAST_GZIP_BYTES else 6


def file_digest(path: Path | str, algorithm: str = "sha256") -> hashlib._Hash:
    """The ``hashlib`` digest of a file's bytes, streamed (lists are hundreds of MB)."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, algorithm)


def sha256_file(path: Path | str) -> str:
    """SHA-256 of a file, in hex: the one checksum of the project."""
    return file_digest(path).hexdigest()


def source_digest(root: Path, names: tuple[str, ...], pattern: str = "*") -> str:
    """SHA-256 over the files matching ``pattern`` under each of ``names`` (a folder, or one
    file) relative to ``root``: the path and bytes of each, in path order, compiled caches
    left out. What a build or a test keys a result on when it depends on source code."""
    import hashlib

    digest = hashlib.sha256()
    for name in names:
        top = Path(root) / name
        for path in sorted(top.rglob(pattern)) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def lf_lines(text: str) -> list[str]:
    r"""The lines of list data: every list Rusc reads or writes ends its lines at LF alone.

    ``str.splitlines`` also ends a line at CR, VT, FF, FS, GS, RS, NEL and U+2028/U+2029,
    which a dictionary's word may hold (a cp1252 0x85 read as Latin-1 is NEL): it would
    cut the word in two.

    >>> lf_lines("a\x85b\u2028c\rd\n\ne\n"), lf_lines(""), lf_lines("x")
    (['a\x85b\u2028c\rd', '', 'e'], [], ['x'])
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def read_sums(folder: Path) -> dict[str, str]:
    """``SHA256SUMS`` (``<hex>  <name>`` lines) as name → hex; empty if there is none."""
    path = Path(folder) / "SHA256SUMS"
    if not path.exists():
        return {}
    sums = {}
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise RuscError("not UTF-8", path) from None
    for number, line in enumerate(lf_lines(text), 1):
        digest, sep, name = line.partition("  ")
        if not sep or len(digest) != 64:
            raise RuscError("expected '<sha256>  <file name>'", path, number)
        sums[name.lstrip("*")] = digest
    return sums


def verified_sha256(path: Path | str) -> str:
    """SHA-256 of a published file, which must be the one the ``SHA256SUMS`` beside it
    recorded when the file was written (a file it does not name is taken as it is):
    one damaged or edited since, even at the same size, is refused, never read or
    published."""
    path = Path(path)
    digest = sha256_file(path)
    recorded = read_sums(path.parent).get(path.name)
    if recorded is not None and recorded != digest:
        raise RuscError(
            f"not the file SHA256SUMS recorded when it was written (damaged or edited since); "
            f"build it again with `rusc lists {path.parent.name}`",
            path,
        )
    return digest


def count_lines(path: Path | str) -> int:
    """Newline count of a file, streamed."""
    with open(path, "rb") as handle:
        return sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 22), b""))


def normalise_modes(root: Path) -> None:
    """Give every file under ``root`` mode 0644 and every folder 0755."""
    os.chmod(root, DIR_MODE)
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            os.chmod(os.path.join(folder, name), DIR_MODE)
        for name in files:
            os.chmod(os.path.join(folder, name), FILE_MODE)


@contextlib.contextmanager
def atomic_dir(target: Path | str) -> Iterator[Path]:
    """Build a whole folder beside ``target`` and swap it in only when complete.

    The previous ``target`` stays complete and valid until the swap; the swap itself is
    two renames (old away, new in), and an old copy is removed afterwards.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield tmp
        normalise_modes(tmp)
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
            os.rmdir(old)
            os.replace(target, old)
        os.replace(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def remove_stale_temporaries(folder: Path) -> None:
    """Delete leftovers of interrupted runs (``.name.*.tmp`` / ``.old``) in ``folder``."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        if entry.name.startswith(".") and entry.name.endswith((".tmp", ".old")):
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                with contextlib.suppress(FileNotFoundError):
                    entry.unlink()


@contextlib.contextmanager
def build_lock(folder: Path, wait: float = 0.0) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (created if needed) for one build.

    A second build in the same checkout waits up to ``wait`` seconds, then refuses with a
    clear message rather than interleaving its writes with the first.
    """
    from filelock import FileLock, Timeout

    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(folder / ".rusc.lock"))
    try:
        lock.acquire(timeout=wait)
    except Timeout:
        raise RuscError("another Rusc build holds this lock; wait for it to finish", folder / ".rusc.lock") from None
    try:
        yield
    finally:
        lock.release()


def human_bytes(size: float) -> str:
    """A size for a log line or an error, in binary units.

    >>> human_bytes(800), human_bytes(2900), human_bytes(49 * 1024 ** 3)
    ('800 B', '2.8 KiB', '49.0 GiB')
    """
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")
