"""Catalan lemmas that an independent tagged lexicon knows only as finite verb forms.

The lemma rules (``pipeline/lists/lemmas.py``) must leave no conjugated verb in ``lemmas``. This
measures what they miss against a lexicon Rusc does not use: LanguageTool's Catalan
dictionary, one ``form lemma TAG`` a line with EAGLES tags (Softcatalà's
catalan-dict-tools builds it as ``resultats/lt/diccionari.txt`` and
``diccionari-dnv.txt``; pass both). A lemma counts when every tag the lexicon gives its
form is a finite verb's: a tag ``V`` + type + mood, the mood indicative (I, conditional
included), subjunctive (S) or imperative (M). The lexicon is not shipped with Rusc and
cannot be fetched through a package registry, so this is a maintainer's measurement, not
a test.

    .venv/bin/python scripts/finite_in_lemmas.py LEXICON [LEXICON ...] [--game-tsv PATH] [--list]
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.lists.lexicon import LIST_CODES

#: The moods of the tag's third letter that make a finite form.
FINITE_MOODS = frozenset("ISM")


def is_finite(tag: str) -> bool:
    """>>> is_finite("VMIP3P00"), is_finite("VMP00SM0"), is_finite("NCMS000")
    (True, False, False)
    """
    return len(tag) >= 3 and tag[0] == "V" and tag[2] in FINITE_MOODS


def finite_only(paths: list[Path]) -> dict[str, set[str]]:
    """Form → its lemmas, for the forms whose every tag in the lexicon ``paths`` is finite."""
    tags: dict[str, set[str]] = defaultdict(set)
    lemmas: dict[str, set[str]] = defaultdict(set)
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            parts = line.split()
            if len(parts) == 3:
                form = unicodedata.normalize("NFC", parts[0]).lower()
                tags[form].add(parts[2])
                lemmas[form].add(parts[1])
    return {form: lemmas[form] for form, found in tags.items() if all(map(is_finite, found))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lexicon", type=Path, nargs="+")
    parser.add_argument("--game-tsv", type=Path, default=Path("dist/wordlists/ca/game.tsv"))
    parser.add_argument("--list", action="store_true", help="print each form with its verbs")
    args = parser.parse_args()
    rows = [row.split("\t") for row in args.game_tsv.read_text("utf-8").splitlines()]
    words = sorted(
        {form for _key, form, lists in rows if LIST_CODES["lemmas"] in lists and form.replace("·", "").isalpha()}
    )
    verbs = finite_only(args.lexicon)
    found = [word for word in words if word in verbs]
    print(
        f"{len(words)} single-word lemmas, {len(found)} only finite verb forms in the lexicon "
        f"({len(found) / len(words):.3%})"
    )
    if args.list:
        for word in found:
            print(f"{word}\t{','.join(sorted(verbs[word]))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
