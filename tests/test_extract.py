"""Hostile archives are refused with a clear message and nothing lands outside the
extraction folder; dictionaries in any SET encoding come out as NFC UTF-8."""

from __future__ import annotations

import io
import tarfile
import unicodedata
import zipfile
from pathlib import Path

import pytest

from pipeline.core.errors import RuscError
from pipeline.expand.text import aff_encoding, normalise_dictionary
from pipeline.sources.archives import Limits, safe_extract


def make_tar(path: Path, members: list[tarfile.TarInfo], payloads: dict[str, bytes] | None = None) -> Path:
    payloads = payloads or {}
    with tarfile.open(path, "w:gz") as tar:
        for info in members:
            data = payloads.get(info.name)
            if data is not None:
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return path


def regular(name: str) -> tarfile.TarInfo:
    return tarfile.TarInfo(name)


def special(name: str, kind: bytes, target: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    return info


def assert_nothing_escaped(tmp_path: Path) -> None:
    assert not (tmp_path / "evil").exists()
    assert not Path("/tmp/rusc-evil").exists()


@pytest.mark.parametrize("name", ["../evil", "package/../../evil", "/tmp/rusc-evil", "C:/evil", "a\\..\\..\\evil"])
def test_tar_member_escaping_the_folder_is_refused(tmp_path, name):
    archive = make_tar(tmp_path / "a.tgz", [regular(name)], {name: b"x"})
    with pytest.raises(RuscError, match="would escape the extraction folder"):
        safe_extract(archive, tmp_path / "out" / "x")
    assert_nothing_escaped(tmp_path)


@pytest.mark.parametrize(
    "kind, what",
    [
        (tarfile.SYMTYPE, "symbolic link"),
        (tarfile.LNKTYPE, "hard link"),
        (tarfile.CHRTYPE, "device file"),
        (tarfile.BLKTYPE, "device file"),
        (tarfile.FIFOTYPE, "FIFO"),
    ],
)
def test_tar_links_and_devices_are_refused(tmp_path, kind, what):
    archive = make_tar(tmp_path / "a.tgz", [special("package/index.aff", kind, "/etc/passwd")])
    with pytest.raises(RuscError, match=f"is a {what}; only regular files"):
        safe_extract(archive, tmp_path / "out")


@pytest.mark.parametrize("name", ["../evil", "/tmp/rusc-evil"])
def test_zip_slip_is_refused(tmp_path, name):
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(name, "x")
    with pytest.raises(RuscError, match="would escape"):
        safe_extract(archive, tmp_path / "out")
    assert_nothing_escaped(tmp_path)


def test_zip_symlink_is_refused(tmp_path):
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        info = zipfile.ZipInfo("index.aff")
        info.external_attr = 0o120777 << 16
        zf.writestr(info, "/etc/passwd")
    with pytest.raises(RuscError, match="symbolic link"):
        safe_extract(archive, tmp_path / "out")


def test_decompression_bomb_is_stopped_by_actual_size(tmp_path):
    archive = tmp_path / "bomb.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.dic", b"\0" * (8 << 20))
    assert archive.stat().st_size < 100_000
    with pytest.raises(RuscError, match="decompression bomb"):
        safe_extract(archive, tmp_path / "out", Limits(member_bytes=1 << 20))
    with pytest.raises(RuscError, match="decompression bomb"):
        safe_extract(archive, tmp_path / "out2", Limits(total_bytes=1 << 20))


def test_truncated_archive_is_a_clear_error(tmp_path):
    archive = make_tar(
        tmp_path / "a.tgz", [regular("package/index.dic")], {"package/index.dic": bytes(range(256)) * 4000}
    )
    archive.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    with pytest.raises(RuscError, match="damaged or truncated archive") as error:
        safe_extract(archive, tmp_path / "out")
    assert str(error.value).startswith(str(archive))


HUNSPELL_ENCODINGS = [("iso8859-1", "ISO8859-1"), ("iso8859-15", "ISO8859-15"), ("iso8859-2", "ISO8859-2")]


def iso_cases(hunspell_tests: Path) -> list[Path]:
    return sorted(
        p for p in hunspell_tests.glob("*.aff") if b"SET ISO" in p.read_bytes() and p.with_suffix(".dic").exists()
    )


def test_non_utf8_dictionaries_become_nfc_utf8(hunspell_tests, tmp_path):
    cases = iso_cases(hunspell_tests)
    assert len(cases) >= 8, "the suite's ISO8859 cases"
    for aff in cases:
        encoding = aff_encoding(aff.read_bytes())
        out_aff, out_dic = normalise_dictionary(aff, aff.with_suffix(".dic"), tmp_path / aff.stem)
        text = out_dic.read_text("utf-8")
        assert text == unicodedata.normalize(
            "NFC", aff.with_suffix(".dic").read_bytes().decode(encoding).replace("\r\n", "\n")
        )
        assert "SET UTF-8" in out_aff.read_text("utf-8")
        good = aff.with_suffix(".good")
        if good.exists():
            # Non-ASCII words survive the trip (e.g. "ö" in ISO8859-1 stays "ö").
            for word in good.read_bytes().decode(encoding).split():
                word.encode("utf-8")


def test_utf8_bom_and_crlf_are_normalised(tmp_path):
    aff, dic = tmp_path / "x.aff", tmp_path / "x.dic"
    aff.write_bytes(b"\xef\xbb\xbfSET UTF-8\r\nTRY abc\r\n")
    dic.write_bytes(b"\xef\xbb\xbf1\r\nplac\xcc\xa7a\r\n")  # decomposed ç
    out_aff, out_dic = normalise_dictionary(aff, dic, tmp_path / "out")
    assert out_dic.read_text("utf-8") == "1\nplaça\n"
    assert out_aff.read_text("utf-8") == "SET UTF-8\nTRY abc\n"


def test_koi8_r_dictionary(tmp_path):
    aff, dic = tmp_path / "ru.aff", tmp_path / "ru.dic"
    aff.write_bytes("SET KOI8-R\nTRY оеа\n".encode("koi8-r"))
    dic.write_bytes("1\nслово\n".encode("koi8-r"))
    _, out_dic = normalise_dictionary(aff, dic, tmp_path / "out")
    assert out_dic.read_text("utf-8") == "1\nслово\n"


def test_invalid_byte_names_file_and_line(tmp_path):
    aff, dic = tmp_path / "x.aff", tmp_path / "x.dic"
    aff.write_bytes(b"SET UTF-8\n")
    dic.write_bytes(b"2\ngat\nga\xfft\n")
    with pytest.raises(RuscError) as error:
        normalise_dictionary(aff, dic, tmp_path / "out")
    assert str(error.value) == f"{dic}:3: invalid utf-8 byte 0xff"
    assert not (tmp_path / "out" / "index.dic").exists(), "nothing half-written"


def test_unknown_encoding_names_the_set_line(tmp_path):
    aff = tmp_path / "x.aff"
    aff.write_bytes(b"# comment\nSET KLINGON-1\n")
    with pytest.raises(RuscError, match=r"x.aff:2: unknown encoding 'KLINGON-1' in SET"):
        aff_encoding(aff.read_bytes(), aff)
