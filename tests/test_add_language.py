"""``rusc add-language``: a complete language file written from the real npm packages.

The packages are fetched with npm (pinned by the integrity npm reports, which the test
re-verifies), measured and written through the in-process CLI; the file must load as
Rusc reads languages, and what it says must follow from the package.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
import tomllib
import unicodedata

import pytest

from pipeline.cli import main
from pipeline.config import load_language
from pipeline.core.paths import Paths


@pytest.fixture()
def isolated(tmp_path, monkeypatch):
    """A root and an empty cache of its own, so the package is fetched for real."""
    monkeypatch.setenv("RUSC_ROOT", str(tmp_path))
    monkeypatch.setenv("RUSC_CACHE", str(tmp_path / "cache"))
    return tmp_path


def _package_json(paths: Paths, integrity_key_glob: str = "*") -> dict:
    archive = next((paths.cache / "sources").glob(f"{integrity_key_glob}/*.tgz"))
    with tarfile.open(archive) as tar:
        return json.load(tar.extractfile("package/package.json"))


def test_macedonian_file_is_complete_cyrillic_and_pinned(isolated, capsys):
    out = isolated / "mk.toml"
    assert main(["add-language", "mk", "--npm", "dictionary-mk@2.0.0", "--output", str(out)]) == 0
    language = load_language(out)
    text = out.read_text("utf-8")
    raw = tomllib.loads(text)
    paths = Paths.from_env()
    meta = _package_json(paths)
    # Pinned by what npm itself reports for the package, and the cached archive matches it.
    view = subprocess.run(
        ["npm", "view", "dictionary-mk@2.0.0", "dist.integrity"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert language.source.integrity == view
    assert (language.source.name, language.source.version) == ("dictionary-mk", "2.0.0")
    # The licence is the metadata's SPDX expression; the licence file exists in the package.
    assert language.licence == meta["license"].strip("()")
    assert language.source.licence_file == "package/license"
    # The alphabet is Cyrillic, lower case, measured (frequencies in a comment).
    assert len(language.alphabet) >= 26
    assert all(unicodedata.name(ch).startswith("CYRILLIC SMALL LETTER") for ch in language.alphabet)
    assert "commonest first" in text
    # The tile bag: every tile a letter of the alphabet, 100 tiles with the blanks.
    tiles = language.racks.tiles
    assert {t.text for t in tiles} == set(language.alphabet)
    assert sum(t.count for t in tiles) + language.racks.blanks == 100
    commonest = max(tiles, key=lambda t: t.count)
    rarest = min(tiles, key=lambda t: (t.count, -t.points))
    assert commonest.points < rarest.points
    assert "NEEDS A HUMAN DECISION" in text  # the derived tile set
    assert language.timezone == "Europe/Skopje"
    assert (language.name, language.english_name) == ("Македонски", "Macedonian")
    assert language.wordle.length == 5 and language.wordle.support.enabled
    assert raw["expand"]["max_forms"] == language.expand.max_forms
    assert "estimate:" in capsys.readouterr().out


def test_a_package_without_licence_file_points_at_its_readme_section(isolated):
    from pipeline.newlang.add_language import Request, inspect_package, resolve

    tmp = isolated / "work"
    tmp.mkdir()
    request = Request(code="eu", kind="npm", spec="dictionary-eu@3.2.0")
    package = inspect_package(resolve(request, Paths.from_env(), tmp), request, tmp / "unpacked")
    assert package.source.licence_file == "package/readme.md"
    assert any("readme's section" in note and "License" in note for note in package.licence_notes)
    assert package.licence == "GPL-2.0"


def test_an_existing_language_file_is_not_replaced_without_force(isolated, capsys):
    assert main(["add-language", "en", "--npm", "dictionary-en"]) == 2
    assert "exists (--force replaces it)" in capsys.readouterr().err


def test_a_bad_code_is_a_one_line_usage_error(isolated, capsys):
    assert main(["add-language", "Basque!", "--npm", "dictionary-eu"]) == 2
    err = capsys.readouterr().err
    assert "not a language code" in err and err.count("\n") == 1


def test_a_local_dictionary_is_added_from_its_path_with_the_licence_given(isolated, dictionary, capsys):
    english = dictionary("en")  # the real English dictionary, fetched and normalised
    folder = isolated / "my-dictionary"
    folder.mkdir()
    for name in ("index.aff", "index.dic"):
        (folder / name).write_bytes((english.aff.parent / name).read_bytes())
    out = isolated / "en_GB.toml"
    assert (
        main(
            [
                "add-language",
                "en_GB",
                "--path",
                str(folder / "index.aff"),
                "--licence",
                "MIT AND BSD-3-Clause",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    language = load_language(out)
    assert language.source.kind == "path" and language.source.integrity.startswith("sha256:")
    assert language.licence == "MIT AND BSD-3-Clause"
    assert "given on the command line" in out.read_text("utf-8")
    assert language.alphabet == "abcdefghijklmnopqrstuvwxyz"
    assert not language.capitalised_nouns
    assert language.timezone == "Europe/London"


#: A package description that, written raw into a comment, became a live setting.
INJECTED = 'x\ntypography = [{pattern = "Rusc", replacement = "<meta http-equiv=refresh content=0>Rusc"}]\n#'


def test_package_metadata_stays_in_its_comment(isolated, dictionary):
    """Line breaks of every kind in a package's description and deprecation notice end up
    as spaces inside the comment: the file has no typography and the text is still there."""
    english = dictionary("en")
    folder = isolated / "hostile"
    folder.mkdir()
    for name in ("index.aff", "index.dic"):
        (folder / name).write_bytes((english.aff.parent / name).read_bytes())
    (folder / "package.json").write_text(
        json.dumps(
            {"description": INJECTED, "license": "MIT", "deprecated": "use y\r[wordle]\u2028length = 9\x85\x7f"}
        ),
        encoding="utf-8",
    )
    out = isolated / "xx.toml"
    assert main(["add-language", "en", "--path", str(folder), "--output", str(out), "--force"]) == 0
    text = out.read_text("utf-8")
    raw = tomllib.loads(text)
    assert "typography" not in raw and raw["wordle"]["length"] == 5
    assert load_language(out).typography == ()
    assert "# Package: x typography = [{pattern" in text
    assert not any(ch in text for ch in "\r\x85\x7f\u2028")
