"""A broken language TOML is one clear line naming the file (and line), exit status 1,
and nothing written."""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from pipeline.config import SITE_CONFIG, available_languages, load_language, load_site_config
from pipeline.core.errors import RuscError

SHIPPED = Path(load_language("en").path).read_text("utf-8")


def broken(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "xx.toml"
    path.write_text(text, "utf-8")
    return path


def test_every_shipped_language_loads():
    assert {"ca", "en", "es", "fr"} <= set(available_languages())
    for code in available_languages():
        language = load_language(code)
        assert language.code == code and language.source.integrity
        if language.racks.support.enabled:
            assert sum(t.count for t in language.racks.tiles) + language.racks.blanks >= 100
        else:
            assert language.racks.support.unsupported


def test_a_variant_shares_tables_with_the_language_that_writes_them():
    english, british = load_language("en"), load_language("en-gb")
    for code in ("en-gb", "en-au", "en-ca", "en-za"):
        variant = load_language(code)
        shared = (
            "blocklist",
            "vocabulary.comparatives",
            "vocabulary.set_phrases",
            "vocabulary.foreign_words",
            "vocabulary.unwritten_verbs",
            "vocabulary.obscure",
            "vocabulary.every_variety",
            "lemma_exclusions",
        )
        # en_US's .aff is en-gb's, en-au's and en-ca's too, byte for byte: its lemma rules hold.
        same_affixes = code != "en-za"
        if same_affixes:
            shared += ("lemma_rules", "lemmas")
        # Wordle's and the racks' tiers are every variety's but en's: en-gb writes them.
        from_british = () if code == "en-gb" else ("vocabulary.wordle", "vocabulary.racks")
        assert variant.shared == dict.fromkeys(shared, "en") | dict.fromkeys(from_british, "en-gb")
        if from_british:
            for game in ("wordle", "racks"):
                assert variant.vocabulary.games[game] == british.vocabulary.games[game]
        assert (variant.lemma_rules == english.lemma_rules) == same_affixes
        assert (variant.lemma_evidence == english.lemma_evidence) == same_affixes
        assert variant.lemma_exclusions == english.lemma_exclusions
        assert variant.blocklist == english.blocklist
        assert variant.vocabulary.comparatives == english.vocabulary.comparatives
        assert variant.vocabulary.set_phrases == english.vocabulary.set_phrases
        assert variant.vocabulary.foreign_words == english.vocabulary.foreign_words
        assert variant.vocabulary.unwritten_verbs == english.vocabulary.unwritten_verbs
        assert variant.vocabulary.obscure == english.vocabulary.obscure
        # The words every variety adds and removes, beside (in en.toml) the American ones.
        assert variant.vocabulary.every_variety == english.vocabulary.every_variety
        every_variety = frozenset(english.vocabulary.every_variety.add)
        assert variant.vocabulary.added == every_variety | frozenset(variant.vocabulary.add)
        assert {"penne", "cyber"} <= variant.vocabulary.added and "racecar" not in variant.vocabulary.added
        assert "gonna" in variant.vocabulary.removed and "telly" not in variant.vocabulary.removed
        # Its caches are keyed by every file it reads (pipeline/core/cache.py, source_key),
        # its own first, the others by name.
        shared_files = (british.path, english.path) if from_british else (english.path,)
        assert variant.files == (variant.path, *shared_files)
    assert english.files == (english.path,)


def test_catalan_alphabet_keeps_c_cedilla():
    ca = load_language("ca")
    assert len(ca.alphabet) == 27 and ca.kept_letters == "ç"


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda t: t.replace('licence = "MIT AND BSD-3-Clause"\n', ""), "missing field 'licence'"),
        (
            lambda t: t.replace('kind = "npm"', 'kind = "ftp"'),
            "field 'source.kind' is 'ftp'; expected one of npm, deb, pip, oxt, zip, url, path",
        ),
        (
            lambda t: t.replace('alphabet = "abcdefghijklmnopqrstuvwxyz"', 'alphabet = "abcdefghijklmnopqrstuvwxyz1"'),
            "field 'alphabet' has '1', which is not a lower-case letter",
        ),
        (
            lambda t: t.replace('["q", 10, 1]', '["ñ", 10, 1]'),
            "tile 'ñ' in 'racks.tiles' has 'ñ', which is not in the alphabet",
        ),
        (
            lambda t: re.sub(r'integrity = "[^"]+"', 'integrity = "md5:123"', t),
            "field 'source.integrity' must be 'sha512-<base64>' or 'sha256:<hex>', not 'md5:123'",
        ),
        (
            lambda t: t.replace("min_length = 4", 'min_length = "four"'),
            "field 'beehive.min_length' must be int, not str",
        ),
        (
            lambda t: t.replace("inflection_odds = 15", "inflection_odds = 0.5"),
            "field 'wordle.inflection_odds' must be at least 1",
        ),
        (lambda t: t.replace("min_length = 4", "min_lenght = 4"), "unknown field 'beehive.min_lenght'"),
        (lambda t: t.replace('["q", 10, 1]', '["q", 10]'), "field 'racks.tiles[25]' must be [text, points, count]"),
        (lambda t: t.replace('["q", 10, 1]', '["Q", 10, 1]'), "field 'racks.tiles[25].text' must be lower case"),
        (
            lambda t: t.replace("[beehive]", "[beehive]\nenabled = false"),
            "field 'beehive.unsupported' must say why the game is disabled",
        ),
        (
            lambda t: t.replace("[wordle]", '[wordle]\nfold = [["ñ", "n"]]'),
            "field 'wordle.fold' pairs 'ñ' with 'n': both must be letters of the alphabet",
        ),
        (
            lambda t: t.replace("[wordle]", '[wordle]\nfold = [["ae", "a"]]'),
            "field 'wordle.fold' pairs two different single letters, not ['ae', 'a']",
        ),
        (
            lambda t: t.replace('vulgar = [\n  "arse",', 'vulgar = [\n  "arse", "homo",'),
            "[blocklist] names homo in both 'add' (every game) and 'vulgar' (racks allow)",
        ),
        (
            lambda t: t.replace('games = ["beehive", "wordle"]', 'games = ["beehive", "chess"]'),
            "field 'vocabulary.comparatives.games' must name games of ['beehive', 'racks', 'wordle']",
        ),
        (
            lambda t: 'shared = { blocklist = "es" }\n' + t,
            "[blocklist] is written here and shared from 'es': keep one",
        ),
        (
            lambda t: 'shared = { "vocabulary.comparatives" = "en-gb" }\n' + t,
            "[vocabulary.comparatives] is written here and shared from 'en-gb': keep one",
        ),
        (lambda t: 'shared = { nosuch = "es" }\n' + t, "shared [nosuch]: es.toml has no [nosuch] table"),
        (lambda t: 'shared = { nosuch = "zz" }\n' + t, "shared [nosuch]: no language file 'zz' in pipeline/languages"),
        (
            lambda t: 'shared = { blocklist = "en-gb" }\n' + t.replace("[blocklist]", "[unused]"),
            "shared [blocklist]: en-gb.toml shares it too; name the file that writes it",
        ),
    ],
)
def test_broken_language_file_is_one_clear_error(tmp_path, edit, message):
    path = broken(tmp_path, edit(SHIPPED))
    with pytest.raises(RuscError) as error:
        load_language(path)
    assert str(error.value) == f"{path}: {message}"


def test_every_string_is_read_nfc_normalised_but_affix_flags(tmp_path):
    """The dictionaries' words are NFC; a setting typed in another normal form must still
    match them, wherever it sits in the schema. Affix flags are the .aff's bytes, kept as written."""
    decomposed = unicodedata.normalize("NFD", "sé")
    assert "\n[lemmas]\n" in SHIPPED, "the settings below go into en.toml's [lemmas] table"
    text = SHIPPED.replace(
        "\n[lemmas]\n",
        f'\n[lemmas]\nhomographs = ["{decomposed}"]\nshared_endings = ["{decomposed}"]\n'
        f'infinitive_endings = ["{decomposed}"]\nverb_flags = ["{decomposed}"]\n',
        1,
    )
    text = text.replace('pangram_name = "pangram"', f'pangram_name = "{decomposed}"')
    language = load_language(broken(tmp_path, text))
    evidence = language.lemma_evidence
    assert evidence.homographs == {"sé"} and evidence.shared_endings == ("sé",) == evidence.infinitive_endings
    assert language.beehive.pangram_name == "sé" and language.beehive.pangram_plural == "sés"
    assert evidence.verb_flags == {decomposed}


def test_toml_syntax_error_names_the_line(tmp_path):
    lines = SHIPPED.splitlines()
    lines[5] = "name = = 'x'"
    path = broken(tmp_path, "\n".join(lines))
    with pytest.raises(RuscError) as error:
        load_language(path)
    assert str(error.value).startswith(f"{path}:6: invalid TOML:")


def test_cli_reports_broken_language_in_one_line_and_writes_nothing(tmp_path):
    path = broken(tmp_path, SHIPPED.replace('kind = "npm"', 'kind = "ftp"'))
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", "lists", str(path)], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "field 'source.kind' is 'ftp'" in result.stderr
    assert str(path) in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["xx.toml"]


def test_the_middle_dot_is_catalan_data_not_code(tmp_path):
    """Which non-letters an ordinary word or a tile may hold comes from ``folding.letter_groups``."""
    from pipeline.config import LANGUAGES_DIR, load_language
    from pipeline.lists.clean import is_ordinary_word, ordinary_words

    ca = load_language("ca")
    assert ca.folding.letter_groups == ("l·l",) and ca.folding.joiners == {"·"}
    forms = ["col·lecció", "col.lecció", "l·lusió", "cel·la·l", "·la", "gata"]
    assert ordinary_words(forms, ca) == ["col·lecció", "l·lusió", "gata"]
    text = (LANGUAGES_DIR / "ca.toml").read_text(encoding="utf-8").replace('letter_groups = ["l·l"]\n', "")
    (tmp_path / "ca.toml").write_text(text, encoding="utf-8")
    from pipeline.core.errors import RuscError

    with pytest.raises(RuscError, match=r"'racks\.tiles' has '·'"):  # the l·l tile needs its group
        load_language(tmp_path / "ca.toml")
    without_tile = re.sub(r'\["l·l", \d+, \d+\],?\s*', "", text)
    plain = load_language(_write(tmp_path / "plain" / "ca.toml", without_tile))
    assert not is_ordinary_word("col·lecció", plain) and ordinary_words(forms, plain) == ["gata"]


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_site_file_names_a_local_and_a_published_set_of_known_languages(tmp_path):
    site = load_site_config()
    assert set(site["languages"]) <= set(site["published"]), "a local build is a part of the published site"
    text = (SITE_CONFIG.read_text(encoding="utf-8")).replace("published = [", 'published = ["xx", ')
    broken = tmp_path / "site.toml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(RuscError, match=r"site\.toml.*'published' names languages with no file.*'xx'"):
        load_site_config(broken)
