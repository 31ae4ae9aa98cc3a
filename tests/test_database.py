"""words.sqlite and the JSON lists: the five queries of docs/database.md, run in the
``sqlite3`` shell on the real Catalan and English databases, say what the text lists say;
the database holds one row per listed form, with its facts, sources and provenance."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest
from support.cli import require_tool
from support.repo import REPO_ROOT

from pipeline.config import load_language
from pipeline.core.extsort import read_rows
from pipeline.lists.clean import fold
from pipeline.lists.database import DATABASE, DatabaseRefused, check_size
from pipeline.lists.lexicon import LIST_CODES, game_list

pytestmark = pytest.mark.slow

DOC = (REPO_ROOT / "docs" / "database.md").read_text("utf-8")
QUERIES = re.findall(r"^### (\d)\. .*?\n```sql\n(.*?)```", DOC, re.S | re.M)
#: The documented literals (Catalan) and what the English run puts in their place.
ENGLISH = {"'colleccio'": "'cat'", "'gat'": "'cat'", "'ceilnor'": "'aeilnrt'"}


def query(code: str, folder: Path, number: int) -> list[list[str]]:
    """Documented query ``number`` run by the sqlite3 shell on ``folder``'s database, as
    rows of fields (the shell's default list mode: ``|`` between fields)."""
    sql = dict(QUERIES)[str(number)]
    if code == "en":
        for catalan, english in ENGLISH.items():
            sql = sql.replace(catalan, english)
    result = subprocess.run(
        [require_tool("sqlite3"), "-readonly", str(folder / DATABASE), sql], capture_output=True, text=True, check=True
    )
    return [line.split("|") for line in result.stdout.splitlines()]


def literal(code: str, text: str) -> str:
    return ENGLISH.get(f"'{text}'", f"'{text}'").strip("'") if code == "en" else text


@pytest.fixture(scope="module", params=["ca", "en"])
def built(request, built_lists):
    return request.param, built_lists(request.param)


def test_the_docs_have_five_queries():
    assert [number for number, _sql in QUERIES] == ["1", "2", "3", "4", "5"]
    assert "docs/database.md" in (REPO_ROOT / "README.md").read_text("utf-8")


def test_query_1_a_key_is_its_game_tsv_rows(built):
    code, folder = built
    key = literal(code, "colleccio")
    rows = query(code, folder, 1)
    expected = sorted((form, lists) for k, form, lists in read_rows(folder / "game.tsv") if k == key)
    assert [(row[0], row[1]) for row in rows] == expected and expected
    words = {row[0]: row for row in rows}
    for form, lists in expected:
        assert words[form][2] == str(int("w" in lists)) and words[form][3] == str(int("l" in lists))


def test_query_2_a_stems_forms_are_the_expanders(built):
    from pipeline.expand import derivations
    from pipeline.expand.bounded import language_expander
    from pipeline.sources import fetch

    code, folder = built
    stem = literal(code, "gat")
    rows = query(code, folder, 2)
    language = load_language(code)
    files = fetch(language)
    expander = language_expander(language, files.aff, files.dic)
    made = {d.form for entry in expander.entries() if entry.stem == stem for d in derivations(expander, entry)}
    forms = {row[0] for row in rows}
    assert stem in forms and forms <= made
    listed = set((folder / "words.txt").read_text("utf-8").split("\n")) | set(
        (folder / "lemmas.txt").read_text("utf-8").split("\n")
    )
    assert made & listed <= forms
    assert [row[1] for row in rows if row[0] == stem][:1] == [
        "",
    ]


def test_query_3_wordle_keys_are_wordle_tsv(built):
    code, folder = built
    keys = [row[0] for row in query(code, folder, 3)]
    with open(folder / "wordle.tsv", encoding="utf-8") as handle:
        expected = [line.split("\t")[0] for line in handle if len(line.split("\t")[0]) == 5]
    assert keys == expected and keys


def test_query_4_abbreviations_are_metadatas_counts(built):
    code, folder = built
    counts = {why.removeprefix("abbreviation: "): int(n) for why, n in query(code, folder, 4)}
    metadata = json.loads((folder / "metadata.json").read_text("utf-8"))
    assert counts == metadata["words_excluded"]


def test_query_5_pangrams_are_the_beehive_lists(built):
    code, folder = built
    letters = literal(code, "ceilnor")
    language = load_language(code)
    keys = [row[0] for row in query(code, folder, 5)]
    source = LIST_CODES[game_list(language, "beehive")]
    expected = sorted(
        {
            key
            for key, _form, lists in read_rows(folder / "game.tsv")
            if source in lists
            and lists[-1] not in "xv"
            and "".join(sorted(set(key))) == letters
            and len(key) >= language.beehive.min_length
        }
    )
    assert keys == expected and keys


def test_one_row_per_listed_form_with_the_lists_counts(built):
    code, folder = built
    connection = sqlite3.connect(f"file:{folder / DATABASE}?mode=ro", uri=True)
    words = (folder / "words.txt").read_text("utf-8").splitlines()
    lemmas = (folder / "lemmas.txt").read_text("utf-8").splitlines()
    assert connection.execute("SELECT COUNT(*) FROM forms WHERE words = 1").fetchone()[0] == len(words)
    assert [r[0] for r in connection.execute("SELECT form FROM forms WHERE lemmas = 1 ORDER BY id")] == lemmas
    # A sample of rows: every 997th word has its key, an origin, and no reason for its lists.
    language = load_language(code)
    for word in words[::997]:
        key, in_words, why, origins = connection.execute(
            "SELECT key, words, words_why, (SELECT COUNT(*) FROM origins WHERE form_id = facts.id) "
            "FROM facts WHERE form = ?",
            (word,),
        ).fetchone()
        assert (key, in_words, why) == (fold(word, language), 1, None) and origins >= 1
    # Every form out of a list says why.
    for name in ("words", "lemmas", "beehive", "racks", "wordle"):
        assert (
            connection.execute(f"SELECT COUNT(*) FROM forms WHERE {name} = 0 AND {name}_why IS NULL").fetchone()[0] == 0
        )
    sources = {row[0]: row for row in connection.execute("SELECT role, name, version, integrity, licence FROM sources")}
    assert sources["dictionary"][2:4] == (language.source.version, language.source.integrity)
    assert sources["dictionary"][4] == language.licence and "frequency" in sources
    about = dict(connection.execute("SELECT name, value FROM about"))
    assert about["language"] == code and about["forms"] == str(
        connection.execute("SELECT COUNT(*) FROM forms").fetchone()[0]
    )
    connection.close()


def test_checksummed_and_gzipped(built):
    _code, folder = built
    sums = dict(reversed(line.split("  ")) for line in (folder / "SHA256SUMS").read_text().splitlines())
    assert {DATABASE, f"{DATABASE}.gz", "keys-by-length.json", "lemmas-by-length.json"} <= set(sums)
    assert gzip.decompress((folder / f"{DATABASE}.gz").read_bytes()) == (folder / DATABASE).read_bytes()


def test_json_lists_are_the_text_lists_by_length(built):
    code, folder = built
    language = load_language(code)
    metadata = json.loads((folder / "metadata.json").read_text("utf-8"))
    keys = json.loads((folder / "keys-by-length.json").read_text("utf-8"))
    lemmas = json.loads((folder / "lemmas-by-length.json").read_text("utf-8"))
    for data in (keys, lemmas):
        assert data["provenance"]["source"] == metadata["source"]
        assert data["provenance"]["licence"] == metadata["licence"]
        assert list(data["lengths"]) == sorted(data["lengths"], key=int)
    expected = {key for key, _form, lists in read_rows(folder / "game.tsv") if "w" in lists and lists[-1] not in "xv"}
    assert {key for group in keys["lengths"].values() for key in group} == expected
    assert all(len(key) == int(n) for n, group in keys["lengths"].items() for key in group)
    listed = {lemma for group in lemmas["lengths"].values() for lemma in group}
    assert listed == {
        lemma for lemma in (folder / "lemmas.txt").read_text("utf-8").splitlines() if fold(lemma, language) is not None
    }


def test_a_database_over_the_bound_is_refused_in_one_line(built):
    code, folder = built
    with pytest.raises(DatabaseRefused) as refused:
        check_size(load_language(code), folder, max_bytes=1000, named=Path("dist/wordlists") / code / DATABASE)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"dist/wordlists/{code}/{DATABASE}: ")
    assert "over the bound" in message


@pytest.mark.parametrize("code", ["ca", "en"])
def test_the_derivation_walk_skips_only_rules_no_listed_form_needs(code, built_lists, paths, monkeypatch):
    """pipeline/lists/derived.py walks without the rules that add a hyphen or an apostrophe no
    listed lemma holds (Catalan's clitics): on a fortieth of the real dictionary's entries it
    finds exactly the origins of the unfiltered walk, hyphenated lemmas (amelar-se) included."""
    from pipeline.lists import derived
    from pipeline.lists.clean import is_ordinary_word
    from pipeline.sources import fetch

    language = load_language(code)
    files = fetch(language, paths)
    lemmas = (built_lists(code) / "lemmas.txt").read_text("utf-8").splitlines()
    also = frozenset(lemma for lemma in lemmas if not is_ordinary_word(lemma, language))
    filtered = derived.form_derivations(language, files.aff, files.dic, also, share=0, shares=40)
    monkeypatch.setattr(derived, "_useful_rules", lambda language, also: None)
    assert filtered == derived.form_derivations(language, files.aff, files.dic, also, share=0, shares=40)
    if code == "ca":
        assert any(form in also for form in filtered), "no hyphenated lemma in the share: choose another"
