"""Bound forms: what an affix rule makes only to be joined to another word (Portuguese's
infinitive before a clitic, acimá in acimá-lo) is no word, unless the dictionary also makes
that spelling another way. On a made-up dictionary with Portuguese's rules, and on the real
Portuguese .aff for which rules ``pt.toml`` names."""

from __future__ import annotations

import sqlite3

from support.mini_lists import build_mini_lists

from pipeline.config import load_language

PORTUGUESE = load_language("pt")
#: Portuguese's verb group ``a`` in small: its first three rules make the infinitive a clitic
#: follows (ar → á, or → ô, er → ê); the fourth the future (amar → amará).
AFF = """SET UTF-8
SFX a Y 4
SFX a ar á ar
SFX a or ô or
SFX a er ê er
SFX a 0 á [aei]r
"""
#: acimar's acimá is bound; amarar's amará is also amar's future; beber's bebê is also an
#: entry (the baby).
DIC = "5\nacimar/a\namarar/a\namar/a\nbeber/a\nbebê\n"


def test_a_form_only_a_bound_rule_makes_is_no_word_and_says_why(tmp_path):
    out, metadata = build_mini_lists(tmp_path / "mini", AFF, DIC, PORTUGUESE)
    forms = set((out / "forms.txt").read_text("utf-8").split())
    words = set((out / "words.txt").read_text("utf-8").split())
    assert {"acimá", "amará", "bebê", "beberá"} <= forms
    assert not {"acimá", "amá"} & words, "only the clitic rule makes them"
    assert {"amará", "bebê", "acimar", "acimará"} <= words, "made another way too, or another rule's form"
    game_keys = {line.split("\t")[0] for line in (out / "game.tsv").read_text("utf-8").splitlines()}
    assert not {"acima", "ama"} & game_keys
    (rule,) = PORTUGUESE.bound_forms
    assert metadata["words_excluded"] == {rule.reason: 2}
    with sqlite3.connect(out / "words.sqlite") as database:
        (why,) = database.execute("SELECT words_why FROM facts WHERE form = 'acimá'").fetchone()
        origins = database.execute(
            "SELECT affixes FROM origins JOIN forms ON forms.id = form_id WHERE form = 'acimá'"
        ).fetchall()
    assert why == rule.reason
    assert origins == [("SFX a#0",)], "the database names the rule that made it"


def test_portuguese_binds_exactly_the_rules_that_make_an_infinitive_before_a_clitic(dictionary):
    """In the real .aff, each verb group pt.toml names opens with the three rules that turn
    an infinitive into its accented form (amar → amá, beber → bebê, compor → compô), and no
    group it leaves out opens with them (their later rules of that shape make finite forms:
    dar → dá, estar → está)."""
    aff = dictionary("pt").aff.read_text("utf-8").splitlines()
    (rule,) = PORTUGUESE.bound_forms
    accented = {"ar": "á", "er": "ê", "or": "ô"}
    openings: dict[str, list[tuple[str, str, str]]] = {}
    group = None
    for line in aff:
        fields = line.split()
        if len(fields) == 4 and fields[0] == "SFX" and fields[2] in ("Y", "N"):
            group = fields[1]
            openings[group] = []
        elif len(fields) >= 5 and fields[0] == "SFX" and fields[1] == group and len(openings[group]) < 3:
            openings[group].append((fields[2], fields[3].split("/")[0], fields[4]))

    def opens_with_clitic_rules(rules) -> bool:
        return len(rules) == 3 and all(
            accented.get(strip) == add and condition.endswith(strip) for strip, add, condition in rules
        )

    assert rule.rules == (0, 1, 2)
    assert {group for group, rules in openings.items() if opens_with_clitic_rules(rules)} == set(rule.flags)
