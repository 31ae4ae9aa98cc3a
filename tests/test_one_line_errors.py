"""Bad input, a bad environment or a path the system refuses: one line naming what is
wrong, a non-zero exit, no traceback and nothing half-written (each case below printed a
traceback before)."""

from __future__ import annotations

import pytest

FOLDER = "{root}/a-folder"


def one_line(result) -> str:
    """The error, the one line said besides the estimate an expansion prints first."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.said if not line.startswith("en: estimate:")]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    "argv, env, status, says",
    [
        (["expand", "en", "--output", FOLDER], {}, 1, "{root}/a-folder: is a folder; name a file to write"),
        (["beehive", "en", "--all-hives", FOLDER], {}, 1, "{root}/a-folder: is a folder; name a file to write"),
        (["wordle", "en", "crane:g....", "--list", FOLDER], {}, 1, "{root}/a-folder: Is a directory"),
        (
            ["add-language", "en", "--path", "{root}/dictionary/index.aff", "--output", FOLDER, "--force"],
            {},
            1,
            "{root}/a-folder: is a folder; name a file to write",
        ),
        (["expand", "en", "--output", "{root}/a-file/forms.txt"], {}, 1, "{root}/a-file"),
        (
            ["beehive", "en", "--write-data"],
            {"SOURCE_DATE_EPOCH": "99999999999999999"},
            2,
            "SOURCE_DATE_EPOCH 99999999999999999 is out of the range of dates",
        ),
        (["lists", "en"], {"RUSC_LOCK_WAIT": "abc"}, 2, "RUSC_LOCK_WAIT must be a number of at least 0, not 'abc'"),
        (["fetch", "en"], {"RUSC_CACHE": "/proc/rusc-cache"}, 1, "/proc/rusc-cache"),
        (["index"], {"damage": "metadata.json"}, 1, "{root}/dist/wordlists/en/metadata.json: not "),
        (
            ["add-language", "en", "--path", "{root}/punycode/index.aff", "--output", "{root}/x.toml"],
            {},
            1,
            "{root}/punycode/index.aff:1: unknown encoding 'punycode' in SET",
        ),
    ],
    ids=[
        "expand-output-folder",
        "all-hives-folder",
        "wordle-list-folder",
        "add-language-output-folder",
        "expand-output-unwritable",
        "epoch-out-of-range",
        "lock-wait",
        "cache-unwritable",
        "corrupt-metadata",
        "set-punycode",
    ],
)
def test_each_bad_input_is_one_line_and_a_non_zero_exit(english_root, dictionary, cli, argv, env, status, says):
    root = english_root
    (root / "a-folder").mkdir()
    (root / "a-file").write_text("", encoding="utf-8")
    (root / "punycode").mkdir()
    (root / "punycode" / "index.aff").write_text("SET punycode\nSFX A Y 1\nSFX A 0 s .\n", encoding="ascii")
    (root / "punycode" / "index.dic").write_text("1\ncat/A\n", encoding="ascii")
    (root / "dictionary").mkdir()
    english = dictionary("en")
    for name in ("index.aff", "index.dic"):
        (root / "dictionary" / name).write_bytes((english.aff.parent / name).read_bytes())
    env = dict(env)
    if env.pop("damage", None):
        metadata = root / "dist" / "wordlists" / "en" / "metadata.json"
        metadata.unlink()  # a hard link to the shared lists: replaced, not changed
        metadata.write_text("{not json", encoding="utf-8")
    result = cli(*[arg.format(root=root) for arg in argv], env=env)
    assert result.returncode == status
    assert says.format(root=root) in one_line(result)


@pytest.mark.parametrize(
    "argv, says",
    [
        (["wordle", "en", "crane:g....", "--length", "0"], "rusc wordle: --length must be one of"),
        (["add-language", "xx", "--path", "/nowhere/index.aff"], "rusc add-language: CLDR has no locale 'xx'"),
    ],
    ids=["wordle-length-0", "add-language-without-cldr-locale"],
)
def test_an_argument_that_would_fail_later_is_refused_at_once(english_root, cli, argv, says):
    """``--length 0`` was the default length; ``add-language xx`` wrote a file the site then
    refused (no CLDR locale for its numbers and dates)."""
    result = cli(*argv)
    assert result.returncode == 2
    assert one_line(result).startswith(says)


def test_a_language_named_twice_is_built_and_published_once(english_root, cli):
    from pipeline.render.settings import settings_from

    languages, _, _ = settings_from(["en", "en"], None, None, environ={})
    assert [language.code for language in languages] == ["en"]
    result = cli("lists", "en", "en")
    assert result.returncode == 0, result.stderr
    assert sum(line.startswith("en: forms ") for line in result.stdout.splitlines()) == 1
