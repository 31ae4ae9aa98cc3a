"""The sanitising layer: inputs spylls' reader gets wrong are read as Hunspell 1.7 reads them.

Each case is a small dictionary written here; where Hunspell defines the answer, the
expansion is checked against libhunspell itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.expansions import spell

from pipeline.core.errors import RuscError
from pipeline.expand import Expander, derivations
from pipeline.expand.read import sanitise_aff, split_dic_line


def write(folder: Path, aff: str, dic: str | bytes) -> tuple[Path, Path]:
    aff_path, dic_path = folder / "t.aff", folder / "t.dic"
    aff_path.write_text(aff, encoding="utf-8")
    dic_path.write_bytes(dic if isinstance(dic, bytes) else dic.encode("utf-8"))
    return aff_path, dic_path


def all_forms(aff: Path, dic: Path) -> set[str]:
    expander = Expander.from_files(aff, dic)
    return {d.form for e in expander.entries() for d in derivations(expander, e)}


AFF = "SET UTF-8\nFLAG UTF-8\nSFX R Y 1\nSFX R r ndo r\nSFX E Y 1\nSFX E 0 s .\n"


def test_a_second_slash_belongs_to_the_flags(tmp_path):
    aff, dic = write(tmp_path, AFF, "1\nrosar/RE/\n")
    assert split_dic_line("rosar/RE/") == ("rosar", "RE/")
    forms = all_forms(aff, dic)
    assert forms == {"rosar", "rosando", "rosars"}
    assert all(spell(aff, dic, sorted(forms)))


def test_a_leading_slash_is_read_as_hunspell_reads_it(tmp_path):
    # Hunspell 1.7.1 makes "/usr/E" the word "/" with the flags "sr/E" (it skips one
    # character after the leading slash); libhunspell agrees with the expansion.
    aff, dic = write(tmp_path, AFF, "2\n/\n/usr/E\n")
    forms = all_forms(aff, dic)
    assert forms == {"/", "/s"}
    assert spell(aff, dic, ["/", "/s", "/usr", "/usrs"]) == [True, True, False, False]


def test_a_byte_order_mark_is_ignored(tmp_path):
    aff, dic = write(tmp_path, "\ufeff" + AFF, "\ufeff1\ngat/E\n".encode("utf-8"))
    assert all_forms(aff, dic) == {"gat", "gats"}


@pytest.mark.parametrize("first", ["gat/E", "-3", "0", "268435330", "99999999999999999999"])
def test_a_dic_without_a_word_count_libhunspell_takes_is_refused(tmp_path, first):
    """libhunspell loads no word from a .dic whose first line (read by atoi) is not a count
    from 1 to 268,435,329: refused in one line naming the file, never expanded."""
    aff, dic = write(tmp_path, AFF, f"{first}\ngos/E\n")
    with pytest.raises(RuscError, match=re.escape(f"{dic}:1: the first line must be the word count")):
        all_forms(aff, dic)
    assert spell(aff, dic, ["gos", "goss"]) == [False, False]


def test_a_lone_cr_stays_in_its_line_as_libhunspell_reads_it(tmp_path):
    """Lines end at LF (a CRLF's CR goes): ``ga\\rto/E`` is one entry, not ``ga`` and ``to``."""
    aff, dic = write(tmp_path, AFF, "3\r\ngat/E\r\nga\rto/E\ngos\n")
    forms = all_forms(aff, dic)
    assert forms == {"gat", "gats", "ga\rto", "ga\rtos", "gos"}
    words = ["ga\rto", "ga\rtos", "ga", "to", "tos", "gat"]
    assert spell(aff, dic, words) == [word in forms for word in words]


def test_a_nul_inside_a_dic_word_is_refused(tmp_path):
    aff, dic = write(tmp_path, AFF, "2\ngat/E\ngo\0s/E\n")
    with pytest.raises(RuscError, match=re.escape(f"{dic}:3: a NUL character in an entry")):
        all_forms(aff, dic)


def test_an_affix_group_declared_twice_keeps_both_declarations(tmp_path):
    aff_text = AFF + "SFX E Y 1\nSFX E 0 t .\n"
    sanitised = sanitise_aff(aff_text)
    assert [r.line for r in sanitised.rules[("SFX", "E")]] == [6, 8]
    aff, dic = write(tmp_path, aff_text, "1\ngat/E\n")
    forms = all_forms(aff, dic)
    assert forms == {"gat", "gats", "gatt"}
    assert all(spell(aff, dic, sorted(forms)))


def test_an_empty_group_ends_the_reading_as_in_libhunspell(tmp_path):
    aff, dic = write(tmp_path, "SET UTF-8\nSFX Z Y 0\n" + AFF.replace("SET UTF-8\n", ""), "1\ngat/EZ\n")
    assert all_forms(aff, dic) == {"gat"}
    assert spell(aff, dic, ["gat", "gats"]) == [True, False]


def test_conditions_are_not_regular_expressions(tmp_path):
    aff_text = "SET UTF-8\nSFX A Y 2\nSFX A 0 x [.]\nSFX A 0 y (\n"
    aff, dic = write(tmp_path, aff_text, "3\netc./A\nab(/A\nabc/A\n")
    forms = all_forms(aff, dic)
    assert forms == {"etc.", "etc.x", "ab(", "ab(y", "abc"}
    assert all(spell(aff, dic, sorted(forms)))


def test_a_rule_line_of_another_group_ends_the_reading_with_a_one_line_warning(tmp_path, capsys):
    aff, dic = write(tmp_path, "SET UTF-8\nSFX C Y 1\nSFX C 0 x .\nSFX A Y 1\nSFX B 0 s .\n", "1\ngat/AC\n")
    assert all_forms(aff, dic) == {"gat", "gatx"}
    assert spell(aff, dic, ["gat", "gatx", "gats"]) == [True, True, False]
    warning = capsys.readouterr().err.strip()
    assert warning.startswith(f"rusc: warning: {aff}:5: ") and "\n" not in warning


@pytest.mark.parametrize("alias", ["7", "0", "-1"])
def test_an_unknown_flag_alias_names_the_dic_line(tmp_path, alias):
    aff, dic = write(tmp_path, "SET UTF-8\nAF 1\nAF A\nSFX A Y 1\nSFX A 0 s .\n", f"2\ngat/1\ngos/{alias}\n")
    with pytest.raises(RuscError) as error:
        Expander.from_files(aff, dic)
    assert str(error.value).startswith(f"{dic}:3: ")


def test_a_word_indented_by_spaces_is_no_entry(tmp_path):
    """dictionary-ka 1.1.0 opens its .dic with a licence indented by spaces: libhunspell
    strips a word's leading blanks before looking it up, so those lines make no form."""
    from support.expansions import spell

    from pipeline.expand import Expander, entry_forms

    aff, dic = tmp_path / "t.aff", tmp_path / "t.dic"
    aff.write_text("SET UTF-8\n", "utf-8")
    dic.write_text("2\n    # licence (https://example.org)\nword\n", "utf-8")
    expander = Expander.from_files(aff, dic)
    forms = [f for e in expander.entries() for f in entry_forms(expander, e)]
    assert forms == ["word"]
    assert spell(aff, dic, ["    # licence (https:", "word"]) == [False, True]


def test_a_word_keeps_its_trailing_blank_as_in_libhunspell(tmp_path):
    """dictionary-cs 4.0.0 has the line ``Úř. ``: libhunspell keeps the blank in the word
    (no flag or morphological field follows it), so it accepts ``Úř. `` and not ``Úř.``.
    Before a morphological field the blanks go; before a flag's slash they stay."""
    aff, dic = write(tmp_path, "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n", "4\nÚř. \ncat /S\ndog/S \nbird po:noun\n")
    forms = all_forms(aff, dic)
    assert forms == {"Úř. ", "cat ", "cat s", "dog", "dogs", "bird"}
    candidates = sorted(forms | {"Úř.", "cat", "cats"})
    assert [w for w, ok in zip(candidates, spell(aff, dic, candidates)) if ok] == sorted(forms)


#: dictionary-ko's pattern, cut down: FLAG num, an AF table, then a one-flag directive whose
#: number is also an alias (alias 2 is the flags 1 and 2).
ALIASED_SPECIAL_AFF = """SET UTF-8
FLAG num
AF 2
AF 1
AF 1,2
FORBIDDENWORD 2

SFX 1 Y 1
SFX 1 0 s .
"""
ALIASED_SPECIAL_DIC = "2\ncat/1\ndog/2\n"


def test_a_one_flag_directive_after_af_is_a_flag_not_an_alias(tmp_path):
    """libhunspell decodes FORBIDDENWORD, NEEDAFFIX, CIRCUMFIX and ONLYINCOMPOUND in the
    flag format alone; spylls took one flag of the alias of that number, whichever its set
    yielded first (so the forbidden flag changed with the hash seed)."""
    from support.expansions import generated_forms, write_dictionary

    from pipeline.expand.read import read_dictionary

    aff, dic = write_dictionary(tmp_path, ALIASED_SPECIAL_AFF, ALIASED_SPECIAL_DIC)
    data, _entries = read_dictionary(aff, dic)
    assert data.forbidden == "2"
    assert generated_forms(aff, dic) == {"cat", "cats"}  # dog/2 is forbidden, cat/1 is not
    assert spell(aff, dic, ["cat", "cats", "dog", "dogs"]) == [True, True, False, False]
