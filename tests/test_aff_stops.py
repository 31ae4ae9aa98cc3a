"""libhunspell 1.7 stops reading an .aff at its first error; the expander stops there too.

Each case is a small dictionary whose .aff has affix rules before a faulty line and after
it. The oracle (Debian's libhunspell) decides: the forms the expander makes must be
exactly those of the candidates (every form of the same dictionary without the faulty
line, and ours) that libhunspell accepts, and a one-line warning must name the file and
the line where libhunspell gives up.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.expansions import generated_forms as forms
from support.expansions import spell, write_dictionary

from pipeline.expand.aff_stops import affix_manager_stop, hash_manager_stop

#: Rules read before the faulty line (A: -s) and after it (B: -ed, C: re-).
BEFORE = "SFX A Y 1\nSFX A 0 s .\n"
AFTER = "SFX B Y 1\nSFX B 0 ed .\nPFX C Y 1\nPFX C 0 re .\n"
DIC = "2\nwalk/ABCZ\nplay/AB\n"

#: (kind, a first definition placed before the rules, the faulty lines): AffixMgr's returns.
CASES = [
    # a second table
    *[
        (f"second {name} table", f"{name} 1\n{name} {row}\n", f"{name} 1\n{name} {row}\n")
        for name, row in [
            ("ICONV", "x x"),
            ("OCONV", "x x"),
            ("PHONE", "AH A"),
            ("MAP", "aá"),
            ("BREAK", "-"),
            ("COMPOUNDRULE", "A*"),
            ("CHECKCOMPOUNDPATTERN", "o b"),
        ]
    ],
    # a second single-valued directive
    *[
        (f"second {line.split()[0]}", line + "\n", line + "\n")
        for line in [
            "TRY abc",
            "KEY qwe",
            "SET UTF-8",
            "WORDCHARS -",
            "IGNORE ^",
            "LANG en_GB",
            "NEEDAFFIX X",
            "FORBIDDENWORD X",
            "KEEPCASE X",
            "CIRCUMFIX X",
            "COMPOUNDFLAG X",
            "ONLYINCOMPOUND X",
            "COMPOUNDMIN 2",
            "MAXDIFF 3",
            "MAXNGRAMSUGS 2",
        ]
    ],
    ("PSEUDOROOT after NEEDAFFIX", "NEEDAFFIX X\n", "PSEUDOROOT Y\n"),
    # a directive without its value
    *[
        (f"{name} without a value", "", name + "\n")
        for name in ["TRY", "NEEDAFFIX", "COMPOUNDMIN", "COMPOUNDSYLLABLE", "ICONV", "MAP"]
    ],
    # a bad table
    ("table count 0", "", "MAP 0\n"),
    ("negative BREAK count", "", "BREAK -1\n"),
    ("table row of another table", "", "ICONV 1\nREP a b\n"),
    ("ICONV row without its replacement", "", "ICONV 1\nICONV a\n"),
    ("PHONE row without its replacement", "", "PHONE 1\nPHONE AH\n"),
    ("BREAK row without a pattern", "", "BREAK 2\nBREAK -\nBREAK\n"),
    ("blank COMPOUNDRULE row", "", "COMPOUNDRULE 1\n\n"),
    # a bad affix group (the group itself is lost: Z's -x never comes out)
    ("affix group of 0 rules", "", "SFX Z Y 0\n"),
    ("affix group header without its count", "", "SFX Z Y\n"),
    ("blank line inside an affix group", "", "SFX Z Y 2\nSFX Z 0 x .\n\nSFX Z 0 y .\n"),
    ("affix rule of another flag", "", "SFX Z Y 2\nSFX Z 0 x .\nSFX Y 0 y .\n"),
    ("affix rule without its add string", "", "SFX Z Y 2\nSFX Z 0 x .\nSFX Z 0\n"),
]


def write(folder: Path, aff: str, dic: str = DIC) -> tuple[Path, Path]:
    return write_dictionary(folder, aff, dic)


def assert_oracle_agrees(tmp_path: Path, aff_text: str, clean_text: str, dic: str = DIC) -> set[str]:
    """Our forms of ``aff_text`` are exactly the candidates libhunspell accepts."""
    aff, dic_path = write(tmp_path / "faulty", aff_text, dic)
    ours = forms(aff, dic_path)
    candidates = sorted(ours | forms(*write(tmp_path / "clean", clean_text, dic)))
    accepted = {word for word, ok in zip(candidates, spell(aff, dic_path, candidates)) if ok}
    assert ours == accepted, f"ours - accepted: {ours - accepted}, accepted - ours: {accepted - ours}"
    return ours


@pytest.mark.parametrize("kind,first,fault", CASES, ids=[case[0] for case in CASES])
def test_the_expander_stops_reading_where_libhunspell_does(tmp_path, capsys, kind, first, fault):
    head = "SET UTF-8\n" + (first if not first.startswith("SET") else "")
    aff_text = head + BEFORE + fault + AFTER
    ours = assert_oracle_agrees(tmp_path, aff_text, head + BEFORE + AFTER)
    assert {"walks", "plays"} <= ours and not ours & {"walked", "rewalk", "walkx"}
    stop = affix_manager_stop(aff_text)
    warning = capsys.readouterr().err.strip().splitlines()
    assert warning == [
        f"rusc: warning: {tmp_path / 'faulty' / 't.aff'}:{stop.line}: libhunspell 1.7 stops reading "
        f"the affix file here ({stop.reason}, AffixMgr); lines {stop.ignored_from}- are ignored, "
        f"as libhunspell ignores them"
    ]
    assert head.count("\n") + BEFORE.count("\n") < stop.line <= aff_text.count("\n")


def test_the_file_ending_inside_an_affix_group_loses_the_group(tmp_path):
    aff_text = "SET UTF-8\n" + BEFORE + AFTER + "SFX Z Y 3\nSFX Z 0 x .\n"
    ours = assert_oracle_agrees(tmp_path, aff_text, "SET UTF-8\n" + BEFORE + AFTER + "SFX Z Y 1\nSFX Z 0 x .\n")
    assert {"walks", "walked", "rewalk"} <= ours and "walkx" not in ours


def test_a_whole_aff_is_read_on(tmp_path, capsys):
    aff_text = "SET UTF-8\nTRY abc\nMAP 1\nMAP aá\n" + BEFORE + AFTER
    assert affix_manager_stop(aff_text) is None
    ours = assert_oracle_agrees(tmp_path, aff_text, aff_text)
    assert "rewalked" in ours and capsys.readouterr().err == ""


def test_hashmgr_stops_at_a_second_rep_table_and_never_reads_the_flag_aliases_after_it(tmp_path):
    """AF is read by HashMgr alone: a second REP table ends its reading (AffixMgr reads on),
    so the .dic's alias 1 means nothing and only the bare stem is a word."""
    aff_text = "SET UTF-8\nREP 1\nREP a e\nREP 1\nREP o u\nAF 1\nAF AB\n" + BEFORE + AFTER
    assert hash_manager_stop(aff_text).line == 4 and affix_manager_stop(aff_text) is None
    clean = "SET UTF-8\nAF 1\nAF AB\n" + BEFORE + AFTER
    ours = assert_oracle_agrees(tmp_path, aff_text, clean, dic="1\nwalk/1\n")
    assert ours == {"walk"}


def test_after_an_early_stop_only_the_rules_on_the_tree_path_are_found(tmp_path):
    """The stop skips ordering the affix index: of three suffixes "s", the look-up of a word
    ending in s reaches only the last one filed (the smallest key, its tree's leftmost
    node), so cats (-s after a consonant) and Prague's are rejected, days is accepted."""
    aff_text = (
        "SET UTF-8\nSFX S Y 2\nSFX S 0 s [^y]\nSFX S 0 s y\nSFX M Y 1\nSFX M 0 's .\n"
        "ICONV 1\nICONV a a\nICONV 1\nICONV b b\n"
    )
    dic = "3\nPrague/M\ncat/S\nday/S\n"
    clean = aff_text.split("ICONV")[0]
    ours = assert_oracle_agrees(tmp_path, aff_text, clean, dic)
    assert ours == {"Prague", "cat", "day", "days"}
    assert forms(*write(tmp_path / "clean2", clean, dic)) == {"Prague", "Prague's", "cat", "cats", "day", "days"}


#: (what is indented, the .aff): a directive is read only at the start of a line, the rows
#: of a table or affix group wherever they start.
INDENTED = [
    ("a flag directive", "SET UTF-8\n NEEDAFFIX Z\n" + BEFORE + AFTER),
    (
        "an affix group, header and rules",
        "SET UTF-8\n" + BEFORE + "\tSFX B Y 1\n\tSFX B 0 ed .\nPFX C Y 1\nPFX C 0 re .\n",
    ),
    ("the rules of an affix group", "SET UTF-8\nSFX A Y 1\n  SFX A 0 s .\n" + AFTER),
    ("the rows of a flag alias table", "SET UTF-8\nAF 1\n  AF AB\n" + BEFORE + AFTER),
    ("an ICONV table, header and rows", "SET UTF-8\n ICONV 1\n ICONV a e\n" + BEFORE + AFTER),
]


@pytest.mark.parametrize("kind,aff_text", INDENTED, ids=[case[0] for case in INDENTED])
def test_indented_lines_are_rows_of_a_table_or_group_but_never_directives(tmp_path, capsys, kind, aff_text):
    dic = "1\nwalk/1\n" if "AF " in aff_text else DIC
    flush = "\n".join(line.lstrip(" \t") for line in aff_text.split("\n"))  # every line read
    ours = assert_oracle_agrees(tmp_path, aff_text, flush, dic)
    if kind == "a flag directive":
        assert "walk" in ours  # NEEDAFFIX Z, read, would leave only walk's affixed forms
    elif kind.startswith("an affix group"):
        assert "walks" in ours and "walked" not in ours and "rewalk" in ours
    else:
        assert {"walks", "walked"} <= ours
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("field", ["1", "01", "1x", "AB", ""])
def test_with_flag_aliases_a_dic_flag_field_is_an_alias_number_as_libhunspell_reads_it(tmp_path, field):
    """AF declared: libhunspell reads walk/FIELD as alias atoi(FIELD); a field with no
    number (AB, nothing) leaves walk a word without affixes. (An alias the table lacks is
    refused, naming the .dic line: test_expand_sanitise.py.)"""
    aff_text = "SET UTF-8\nAF 1\nAF AB\n" + BEFORE + AFTER
    ours = assert_oracle_agrees(tmp_path, aff_text, "SET UTF-8\n" + BEFORE + AFTER, dic=f"1\nwalk/{field}\n")
    assert ours == ({"walk", "walks", "walked"} if field[:1] == "1" or field[:2] == "01" else {"walk"})
