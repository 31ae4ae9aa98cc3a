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


@pytest.mark.parametrize("argv, env, status, says", [
    (["expand", "en", "--output", FOLDER], {}, 1, "{root}/a-folder: is a folder; name a file to write"),
    (["beehive", "en", "--all-hives", FOLDER], {}, 1, "{root}/a-folder: is a folder; name a file to write"),
    (["wordle", "en", "crane:g....", "--list", FOLDER], {}, 1, "{root}/a-folder: Is a directory"),
    (["add-language", "en", "--path", "{root}/dictionary/index.aff", "--output", FOLDER, "--force"], {}, 1,
     "{root}/a-folder: is a folder; name a file to write"),
    (["expand", "en", "--output", "{root}/a-file/forms.txt"], {}, 1, "{root}/a-file"),
    (["beehive", "en", "--write-data"], {"SOURCE_DATE_EPOCH": "99999999999999999"}, 2,
     "SOURCE_DATE_EPOCH 99999999999999999 is out of the range of dates"),
    (["lists", "en"], {"RUSC_LOCK_WAIT": "abc"}, 2, "RUSC_LOCK_WAIT must be a number of at least 0, not 'abc'"),
    (["fetch", "en"], {"RUSC_CACHE": "/proc/rusc-cache"}, 1, "/proc/rusc-cache"),
    (["index"], {"damage": "metadata.json"}, 1, "{root}/dist/wordlists/en/metadata.json: not "),
    (["add-language", "en", "--path", "{root}/punycode/index.aff", "--output", "{root}/x.toml"], {}, 1,
     "{root}/punycode/index.aff:1: unknown encoding 'punycode' in SET"),
], ids=["expand-output-folder", "all-hives-folder", "wordle-list-folder", "add-language-output-folder",
        "expand-output-unwritable", "epoch-out-of-range", "lock-wait", "cache-unwritable", "corrupt-metadata",
        "set-punycode"])
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
