"""A real dictionary's .aff with a few of its .dic lines: the entries a test reads, parsed in
a moment (a whole .dic takes up to a minute)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pipeline.expand import Expander


def expander_of_stems(files, stems: Iterable[str], folder: Path) -> Expander:
    """The expander of ``files``' .aff (a fetched DictionaryFiles) with the .dic lines of
    ``stems`` only, written to ``folder``; every stem must be an entry of the .dic."""
    wanted = set(stems)
    lines = [line for line in files.dic.read_text("utf-8").splitlines()[1:] if _stem(line) in wanted]
    assert {_stem(line) for line in lines} == wanted, "every stem is an entry"
    dic = folder / "index.dic"
    dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return Expander.from_files(files.aff, dic)


def _stem(line: str) -> str:
    """The stem of a .dic line (before its flags or its morphological fields)."""
    return line.split("/", 1)[0].split("\t", 1)[0]
