"""``rusc diff``, in-process: forms and game keys added and removed between two built
folders, each with its cause (the dictionary, or the Rusc rule the other side's
words.sqlite names), the files it writes, and its one-line refusals."""

from __future__ import annotations

import gzip
import json
import re
import shutil

import pytest

from pipeline.config import load_language
from pipeline.lists.diff import DICTIONARY, diff_folders, newest_previous, previous_source, read_summaries

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def en(built_lists):
    return built_lists("en")


def _copy(folder, target, drop_forms=(), drop_keys=(), add_rows=(), version=None):
    """A copy of a built folder without some forms and keys, with some game rows added."""
    target.mkdir()
    for name in ("forms.txt", "game.tsv", "lemmas.txt", "metadata.json", "words.sqlite"):
        shutil.copyfile(folder / name, target / name)
    for name in ("forms.txt", "lemmas.txt"):
        forms = [f for f in (folder / name).read_text("utf-8").splitlines() if f not in drop_forms]
        (target / name).write_text("".join(f + "\n" for f in forms), "utf-8")
    rows = [r for r in (folder / "game.tsv").read_text("utf-8").splitlines() if r.split("\t")[0] not in drop_keys]
    (target / "game.tsv").write_text("".join(r + "\n" for r in sorted(rows + list(add_rows))), "utf-8")
    if version:
        metadata = json.loads((folder / "metadata.json").read_text("utf-8"))
        metadata["source"]["version"] = version
        (target / "metadata.json").write_text(json.dumps(metadata), "utf-8")
    return target


def test_forms_and_keys_with_their_causes(en, tmp_path):
    old = _copy(en, tmp_path / "old", drop_forms={"zymurgy"}, drop_keys={"zymurgy"}, version="3.9.9")
    new = _copy(en, tmp_path / "new", drop_forms={"cats"}, drop_keys={"cats"}, add_rows=["bldg\tbldg\tw"])
    diff = diff_folders(old, new)
    lines = {change.line() for change in diff.changes}
    assert "+\tform\tzymurgy\tdictionary" in lines
    assert "+\tkey\tzymurgy\tdictionary" in lines
    assert "-\tform\tcats\tdictionary" in lines
    assert "-\tkey\tcats\tdictionary" in lines
    # bldg was in both expansions: the rule that left it out before is the old side's reason.
    assert "+\tkey\tbldg\trules: abbreviation: abbreviation list" in lines
    assert "+\tlemma\tzymurgy\tdictionary" in lines
    assert len(lines) == 6
    assert diff.old == "dictionary-en@3.9.9" and diff.new == "dictionary-en@4.0.0"
    summary = diff.summary()
    assert summary["counts"]["key"]["added"] == {DICTIONARY: 1, "rules": 1}
    assert summary["rules"] == {"abbreviation: abbreviation list": 1}


def test_the_cli_writes_the_files_and_prints_the_counts(en, tmp_path, cli):
    old = _copy(en, tmp_path / "old", drop_forms={"zymurgy"}, drop_keys={"zymurgy"}, version="3.9.9")
    out = tmp_path / "diffs"
    result = cli("diff", "--folders", str(old), str(en), "--output", str(out))
    assert result.returncode == 0, result.stderr
    stem = "dictionary-en@3.9.9..dictionary-en@4.0.0"
    table = gzip.decompress((out / f"{stem}.tsv.gz").read_bytes()).decode("utf-8").splitlines()
    assert table == [
        "sign\twhat\titem\tcause",
        "+\tform\tzymurgy\tdictionary",
        "+\tkey\tzymurgy\tdictionary",
        "+\tlemma\tzymurgy\tdictionary",
    ]
    printed = json.loads(result.stdout[result.stdout.index("{") :])
    assert printed == json.loads((out / f"{stem}.json").read_text("utf-8")) == next(read_summaries(out))
    assert printed["counts"] == {
        "form": {"added": {"dictionary": 1}},
        "key": {"added": {"dictionary": 1}},
        "lemma": {"added": {"dictionary": 1}},
    }
    again = cli("diff", "--folders", str(old), str(en), "--output", str(tmp_path / "again"))
    assert again.returncode == 0
    assert (tmp_path / "again" / f"{stem}.tsv.gz").read_bytes() == (out / f"{stem}.tsv.gz").read_bytes()


def test_refusals_are_one_line(tmp_path, cli):
    unpinned = cli("diff", "ca", "--from", "1.0.0")
    assert unpinned.returncode == 1 and unpinned.stderr.count("\n") == 1
    assert "ca.toml" in unpinned.stderr and "2.6.0" in unpinned.stderr
    nothing_pinned = cli("diff", "es")
    assert nothing_pinned.returncode == 1 and nothing_pinned.stderr.count("\n") == 1
    assert "es.toml" in nothing_pinned.stderr and "[[previous_sources]]" in nothing_pinned.stderr
    for args in (["diff"], ["diff", "ca", "--from", "2.6.0", "--folders", "a", "b"]):
        result = cli(*args)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, (args, result.stderr)
    missing = cli("diff", "--folders", str(tmp_path), str(tmp_path))
    assert missing.returncode == 1 and str(tmp_path) in missing.stderr and missing.stderr.count("\n") == 1


@pytest.mark.parametrize("code, version", [("ca", "2.6.0"), ("en", "3.2.0")])
def test_the_site_languages_pin_their_previous_version(code, version):
    """Each language the site publishes has the version before its dictionary's pinned, so
    the Pages workflow's rusc diff fills its downloads page's Changes table."""
    language = load_language(code)
    assert newest_previous(language) == version
    source = previous_source(language, version)
    assert source.name == language.source.name and source.integrity.startswith("sha512-")


def test_the_downloads_page_lists_the_new_files_and_the_changes(english_root, tmp_path, cli):
    lists = english_root / "dist" / "wordlists" / "en"
    old = _copy(lists, tmp_path / "old", drop_forms={"zymurgy"}, drop_keys={"zymurgy"}, version="3.9.9")
    diffs = english_root / "dist" / "diffs" / "en"
    assert cli("diff", "--folders", str(old), str(lists), "--output", str(diffs)).returncode == 0
    day = load_language("en").schedule_start.isoformat()
    result = cli("site", "--date", day, "--languages", "en")
    assert result.returncode == 0, result.stderr
    site = english_root / "dist" / "site"
    page = (site / "en" / "downloads" / "index.html").read_text("utf-8")
    stem = "dictionary-en@3.9.9..dictionary-en@4.0.0"
    for name in ("words.sqlite", "keys-by-length.json", "lemmas-by-length.json", f"{stem}.tsv.gz", f"{stem}.json"):
        assert f">{name}</a>" in page, name
        assert (site / "wordlists" / "en" / name).exists(), name
    changes = page[page.index("<h2>Changes</h2>") : page.index("<h2>Provenance</h2>")]
    assert "From dictionary-en@3.9.9 to dictionary-en@4.0.0" in changes
    cells = re.findall(r'<td class="num"[^>]*>([^<]*)</td>', changes)
    assert cells == ["1", "0", "0"] * 3  # forms, keys, lemmas: +1 -0, 0 by rules
