"""Recall of real Paraulògic answers in the built Catalan lemma keys (the beehive's list).

The lemma rules must keep what players need: of the answers Paraulògic itself accepted,
the share whose game key is a lemma key of ``dist/wordlists/ca/game.tsv`` (goal: at least
98.5%). The answers are not shipped with Rusc (they are the game's, not ours); pass a file
of them: one word a line, or JSON ``{"words": [["word"], ...]}`` as published crawls of
the daily solutions have them.

    .venv/bin/python scripts/lemma_recall.py ANSWERS [--game-tsv PATH] [--missing N]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import load_language
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import LIST_CODES


def read_answers(path: Path) -> list[str]:
    text = path.read_text("utf-8")
    if path.suffix == ".json":
        data = json.loads(text)
        return [item[0] if isinstance(item, list) else item for item in data["words"]]
    return [line.strip() for line in text.splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", type=Path)
    parser.add_argument("--game-tsv", type=Path, default=Path("dist/wordlists/ca/game.tsv"))
    parser.add_argument("--missing", type=int, default=0, help="print this many missing keys")
    args = parser.parse_args()
    language = load_language("ca")
    keys = {key for key in (fold(word, language) for word in read_answers(args.answers)) if key}
    # Every lemma key, blocked ones too: recall measures the list, not the games' filter.
    rows = [row.split("\t") for row in args.game_tsv.read_text("utf-8").splitlines()]
    lemmas = {key for key, _form, lists in rows if LIST_CODES["lemmas"] in lists}
    missing = sorted(keys - lemmas)
    recall = 1 - len(missing) / len(keys)
    print(f"{len(keys)} answer keys, {len(lemmas)} lemma keys, {len(missing)} missing: recall {recall:.2%}")
    if args.missing:
        print(" ".join(missing[: args.missing]))
    return 0 if recall >= 0.985 else 1


if __name__ == "__main__":
    raise SystemExit(main())
