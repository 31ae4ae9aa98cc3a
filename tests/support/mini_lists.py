"""The lists stage on a made-up dictionary: a few lines of .aff and .dic expanded and listed
under a real language's rules, with no fetch and no real dictionary (the fast lane)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.config import Language
from pipeline.expand.external_sort import expand_to_file
from pipeline.games.gamedata import write_game_data
from pipeline.lists.wordlists import ListInputs, build_lists


def build_mini_lists(
    folder: Path, aff_text: str, dic_text: str, language: Language, **more_inputs
) -> tuple[Path, dict]:
    """Expand ``aff_text``/``dic_text`` into ``folder`` and build its lists and games' data in
    ``folder/lists`` under ``language``'s rules (``more_inputs``: other :class:`ListInputs`
    fields); return that folder and the metadata."""
    folder.mkdir()
    aff, dic = folder / "mini.aff", folder / "mini.dic"
    aff.write_text(aff_text, encoding="utf-8")
    dic.write_text(dic_text, encoding="utf-8")
    expand_to_file(aff, dic, folder / "forms.txt", workers=1)
    inputs = ListInputs(
        forms=folder / "forms.txt",
        expansion_info=json.loads((folder / "expansion.json").read_text("utf-8")),
        aff=aff,
        dic=dic,
        licence=None,
        provenance={"kind": "test", "name": "mini", "version": "1"},
        **more_inputs,
    )
    out = folder / "lists"
    metadata = build_lists(language, inputs, out, extras=lambda lists: write_game_data(language, lists))
    return out, metadata
